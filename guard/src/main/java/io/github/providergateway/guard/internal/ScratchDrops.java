package io.github.providergateway.guard.internal;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A table dropped in a scratch schema (decision 333: {@code snowsql -c nbm_dev -q "drop table if
 * exists SCRATCH.JDOE.TMP_CLAIM_DUPES"}): local test data by the notion decision 331 gave the
 * lakes' writes ({@link LakeTableWrites#scratch}), a table whose schema or database says scratch,
 * sandbox, test, development or tmp. Only tables and views, each named with such a qualifier, and
 * every drop of the statement one of them: a database or a schema dropped, or a bare table's name,
 * stays a loss.
 */
final class ScratchDrops {
  private ScratchDrops() {}

  private static final Pattern DROP = Pattern.compile("(?i)\\bdrop\\b");

  private static final Pattern TABLE_DROP =
      Pattern.compile(
          "(?i)\\bdrop\\s+(?:table|view)\\s+(?:if\\s+exists\\s+)?"
              + "([\\w.\"`\\[\\]$]+(?:\\s*,\\s*[\\w.\"`\\[\\]$]+){0,16})");

  /** {@return whether every drop of a statement is of a table or view in a scratch schema} */
  static boolean only(String statement) {
    int drops = 0;
    for (Matcher drop = DROP.matcher(statement); drop.find(); ) {
      drops++;
    }
    int scratch = 0;
    for (Matcher table = TABLE_DROP.matcher(statement); table.find(); ) {
      for (String name : table.group(1).split(",")) {
        String bare = name.replaceAll("[\"`\\[\\]]", "").strip();
        if (bare.indexOf('.') < 0 || !LakeTableWrites.scratch(bare, false)) {
          return false;
        }
      }
      scratch++;
    }
    return drops > 0 && scratch == drops;
  }
}
