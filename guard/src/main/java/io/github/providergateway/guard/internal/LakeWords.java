package io.github.providergateway.guard.internal;

import java.util.regex.Pattern;

/**
 * What a lakehouse's table formats say in their own words when a table's history is destroyed or
 * moved, or the table rewritten whole (issue 80 round 36, decision 229): Iceberg's procedures
 * ({@code CALL lake.system.expire_snapshots(…)}, Trino's {@code ALTER TABLE … EXECUTE
 * expire_snapshots}, PyIceberg's {@code expire_snapshots()}), Delta's {@code VACUUM … RETAIN 0
 * HOURS} and {@code RESTORE TABLE … TO VERSION AS OF}, the properties that make tonight's
 * maintenance expire the history, a static partition overwrite that replaces every partition. Two
 * kinds of {@link DatabaseWords}, read over what the lake's engines are given ({@link LakeEngines})
 * as the databases' other words are; a read of the same history ({@code .snapshots}, {@code
 * DESCRIBE HISTORY}, {@code FOR VERSION AS OF}) and a dry run ({@code dry_run => true}, {@code DRY
 * RUN}) meet none.
 */
final class LakeWords {
  private LakeWords() {}

  /**
   * The table's history destroyed or its current state moved: snapshots expired, orphan files
   * removed (not as a dry run), the table rolled back, set or cherry-picked to another snapshot,
   * restored to a version, vacuumed with less than Delta's week of retention, its snapshots or log
   * kept less than a few hours or days, every partition replaced by a static overwrite; a
   * maintenance job handed less than a week's retention ({@code --retain-hours 0}); an Iceberg
   * table's metadata pointer in the Glue catalog moved ({@code update-table} with {@code
   * metadata_location}), a rollback no Iceberg procedure records.
   */
  static final Pattern HISTORY_DESTROYED =
      Pattern.compile(
          "(?i)\\bsystem\\.(?:expire_snapshots|rollback_to_snapshot|rollback_to_timestamp"
              + "|set_current_snapshot|cherrypick_snapshot)\\s*\\("
              + "|\\bsystem\\.remove_orphan_files\\s*\\((?![^)]{0,2000}?\\bdry_run\\s*=>\\s*true)"
              + "|\\bEXECUTE\\s+(?:expire_snapshots|remove_orphan_files)\\b"
              + "|\\.(?:expire_snapshots|expireSnapshots)\\s*\\(\\s*\\)"
              + "|\\.rollback_to_(?:snapshot|timestamp)\\s*\\("
              + "|\\bVACUUM\\b[^;]{0,600}?\\bRETAIN\\s+0*(?:\\d|[1-9]\\d|1[0-5]\\d|16[0-7])"
              + "(?:\\.\\d+)?\\s+HOURS\\b(?!\\s+DRY\\s+RUN)"
              + "|--retain[-_]hours['\"]?\\s*[,=\\s]\\s*['\"]?(?:\\d|[1-9]\\d|1[0-5]\\d|16[0-7])(?![\\d.])"
              + "|\\bupdate[-_]table\\b[\\s\\S]{0,4000}?\\bmetadata_location\\b"
              + "|\\bmetadata_location\\b[\\s\\S]{0,4000}?\\.update_table\\s*\\("
              + "|\\bRESTORE\\s+(?:TABLE\\s+)?[\\w.`\"]+\\s+(?:TO\\s+)?(?:VERSION|TIMESTAMP)\\s+AS\\s+OF\\b"
              + "|history\\.expire\\.max-snapshot-age-ms['\"]?\\s*[=,:]\\s*['\"]?\\d{1,7}(?!\\d)"
              + "|delta\\.(?:logRetentionDuration|deletedFileRetentionDuration)['\"]?\\s*=\\s*['\"]"
              + "\\s*interval\\s+(?:\\d+\\s+(?:hours?|minutes?|seconds?)|[0-6]\\s+days?)\\b"
              + "|partitionOverwriteMode['\"]?\\s*[=,]\\s*['\"]?static\\b[\\s\\S]{0,2000}?"
              + "(?:INSERT\\s+OVERWRITE\\s+(?:TABLE\\s+)?[\\w.`\"]+\\s+(?!PARTITION\\b)"
              + "|mode\\s*\\(\\s*['\"]overwrite['\"]\\s*\\)[\\s\\S]{0,200}?insertInto)");

  /**
   * The table rewritten whole or made unreadable to older readers: every data file compacted with
   * no filter ({@code rewrite_data_files} without {@code where}), Iceberg's format version or
   * Delta's protocol raised, which no reader that cannot read it can undo.
   */
  static final Pattern TABLE_REWRITTEN =
      Pattern.compile(
          "(?i)\\bsystem\\.rewrite_data_files\\s*\\((?![^;]{0,2000}?\\bwhere\\s*=>)"
              + "|\\bALTER\\s+TABLE\\b[^;]{0,400}?\\bSET\\s+TBLPROPERTIES\\b[^;]{0,400}?"
              + "(?:['\"]format-version['\"]|\\bdelta\\.(?:minReaderVersion|minWriterVersion"
              + "|feature\\.\\w+)\\b)"
              + "|\\bALTER\\s+TABLE\\b[^;]{0,400}?\\bUPGRADE\\s+UNIFORM\\b");
}
