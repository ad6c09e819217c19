package io.github.providergateway.guard.internal;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A file of data changed in place where others' data lives (decision 240, {@code
 * records.data-edited-in-place}): {@code sed -i '/^2025-03-08T0[2-6]:/d'
 * /data/envmon/exports/BB-B12-ULT-03_2025-03.csv}, {@code perl -pi -e 's/…/…/'
 * /mnt/edi-gateway/outbox/BAPLIE.edi}, an edit of {@code /srv/feed/settlement/outbox/x.json}. A
 * table, a message, a feed or a log on a shared or a system mount ({@code /data}, {@code /mnt},
 * {@code /srv}, {@code /media}, {@code /nfs}, {@code /share}, {@code /shares}, {@code /opt}, {@code
 * /var} but its scratch) is a record others read, submit or rely on, and an in-place edit keeps no
 * copy of what it was: a line taken out of a monitor's export, a value changed in an outbound
 * batch, a verdict flipped in a settlement feed.
 *
 * <p>Not read here: the project's files, the home's, {@code /tmp}'s; a test's or a sample's data; a
 * file written whole (an output, not an edit); {@code records.file-changed}'s evidence, which it
 * denies.
 */
final class SharedDataEdits {
  private SharedDataEdits() {}

  /** The programs that change a file where it is: a stream editor's {@code -i}, an editor's. */
  private static final Set<String> IN_PLACE =
      Set.of("sed", "gsed", "perl", "ed", "ex", "vim", "vi", "nvim", "awk", "gawk");

  /**
   * The mounts others' data lives on; macOS mounts a share below {@code /Volumes} (decision 250).
   */
  private static final Set<String> SHARED_ROOTS =
      Set.of(
          "data", "mnt", "srv", "media", "nfs", "share", "shares", "opt", "var", "Volumes", "gpfs",
          "lustre", "shared", "archive", "net");

  /** A file of data by its ending: a table, a message, a feed, a log. */
  private static final Pattern DATA_FILE =
      Pattern.compile(
          "\\.(?:csv|tsv|psv|json|jsonl|ndjson|xml|edi|x12|dat|sta|txt|hl7|ach|log|xlsx|parquet"
              + "|vcf|vcf\\.gz|bcf|bed|bam|cram|sam|fastq|fq|fastq\\.gz|fq\\.gz|maf|gff3?|gtf|pdf)$");

  /**
   * A folder that says what it holds is signed off or released (round 73: {@code
   * /mnt/reports/signed/2024/RPT-….json}): a record already given out, kept as it was signed, even
   * in the project.
   */
  private static final Pattern SIGNED =
      Pattern.compile("(?:^|/)(?:signed|signed[-_]off|released|sign[-_]?off)/");

  /** A test's, a sample's or a scratch's data; a cluster's homes (round 73's red team). */
  private static final Pattern NOBODYS =
      Pattern.compile(
          "(?:^|/)(?:tests?|fixtures?|testdata|spec|samples?|examples?|tmp|temp|scratch|cache)/"
              + "|^/var/(?:tmp|folders|cache)/"
              + "|^/(?:gpfs|lustre|nfs|shared|net)/(?:[^/]+/)?(?:home|users)/");

  /** The programs that put a file where another was: a copy or a move over it. */
  private static final Set<String> OVER = Set.of("cp", "mv", "install", "rsync", "dd");

  /**
   * A folder a system watches for what arrives (decision 241): an outbox, a hot folder, a
   * submission's, an import's or a pickup's folder.
   */
  private static final Pattern DROP_FOLDER =
      Pattern.compile(
          "(?i)/(?:outbox|outbound|out-box|hot[-_ ]?folders?|submit|submissions?|imports?|inbound"
              + "|inbox|drop|dropbox|pickup|queue|spool|incoming|to[-_]send)(?:/|$)");

  /**
   * The folder of a watched drop on a shared mount the call copies or moves a file into, as the
   * reason shows it (decision 241, {@code out.file-dropped}): {@code cp /tmp/vendor_run.ach
   * /mnt/kyriba/outbound/}, {@code cp out/diplomas/*.pdf /mnt/diploma-fiery/hotfolders/Print/}.
   *
   * @param scan the call
   * @return the path, or {@code null}
   */
  static String dropped(Scan scan) {
    Path project = scan.call().project();
    Path home = scan.places().home();
    for (Access access : scan.accesses()) {
      if (access.kind() != Access.Kind.WRITE
          || access.target().path() == null
          || access.invocation() != null && !by(access, OVER)) {
        continue; // the file tools' write puts a file there too (decision 250)
      }
      Path path = access.target().path().normalize();
      if (shared(path, project, home)
          && !cardIngested(access.invocation())
          && PatternLiterals.finds(DROP_FOLDER, path.toString())
          && !PatternLiterals.finds(NOBODYS, path.toString().toLowerCase(Locale.ROOT))) {
        return path.toString();
      }
    }
    return null;
  }

  /**
   * What the call changes in place, as the reason shows it.
   *
   * @param scan the call
   * @return the file, or {@code null}
   */
  static String edited(Scan scan) {
    Path project = scan.call().project();
    Path home = scan.places().home();
    for (Access access : scan.accesses()) {
      if (access.kind() != Access.Kind.WRITE
          || access.target().path() == null
          || access.metadataOnly()) {
        continue;
      }
      Path path = access.target().path().normalize();
      String lower = path.toString().toLowerCase(Locale.ROOT);
      boolean signed = PatternLiterals.finds(SIGNED, lower);
      if (!(shared(path, project, home) || signed) || PatternLiterals.finds(NOBODYS, lower)) {
        continue;
      }
      if (inPlace(scan, access) && PatternLiterals.finds(DATA_FILE, lower)) {
        return path.toString();
      }
      if (by(access, OVER) && readBefore(scan, access, path)) {
        return path.toString(); // read, changed elsewhere and put back over itself (decision 241)
      }
    }
    return null;
  }

  /**
   * Whether every file a copy takes is a camera's, from its card's {@code DCIM} folder (round 72:
   * {@code rsync -a /media/user/EOS_DIGITAL/DCIM/ /mnt/vault/Inbox/…}): a camera's pictures put on
   * a disk are an ingest, no submission a system acts on. A table or a batch on the card is still a
   * file dropped.
   */
  static boolean cardIngested(io.github.providergateway.guard.shell.Invocation invocation) {
    if (invocation == null) {
      return false;
    }
    List<String> args = invocation.args();
    int sources = 0;
    for (int i = 0; i + 1 < args.size(); i++) { // the last is where they go
      String arg = args.get(i);
      if (arg.startsWith("-")) {
        continue;
      }
      if (!PatternLiterals.finds(CARD, arg)
          || PatternLiterals.finds(DATA_FILE, arg.toLowerCase(Locale.ROOT))) {
        return false;
      }
      sources++;
    }
    return sources > 0;
  }

  /** A camera card's folder of pictures, mounted: {@code /media/u/EOS_DIGITAL/DCIM/100CANON}. */
  private static final Pattern CARD =
      Pattern.compile("^/(?:media|run/media|Volumes|mnt)/(?:[^/]+/){1,2}DCIM(?:/|$)");

  /** Whether a path lies on a shared mount, outside the project and the home. */
  private static boolean shared(Path path, Path project, Path home) {
    return path.isAbsolute()
        && path.getNameCount() >= 2
        && SHARED_ROOTS.contains(path.getName(0).toString())
        && !(project != null && path.startsWith(project))
        && !(home != null && path.startsWith(home));
  }

  /** Whether the access is by one of the programs. */
  private static boolean by(Access access, Set<String> programs) {
    if (access.invocation() == null || access.invocation().words().isEmpty()) {
      return false;
    }
    String word = access.invocation().words().get(0).text();
    return programs.contains(word.substring(word.lastIndexOf('/') + 1));
  }

  /** Whether another program of the call reads the path a copy or a move then writes. */
  private static boolean readBefore(Scan scan, Access write, Path path) {
    for (Access access : scan.accesses()) {
      if (access.kind() == Access.Kind.READ
          && access.invocation() != write.invocation()
          && access.target().path() != null
          && access.target().path().normalize().equals(path)) {
        return true;
      }
    }
    for (Step step : scan.steps()) { // a program the guard knows no files of names it (round 73)
      if (step.invocation() == write.invocation()) {
        continue;
      }
      for (io.github.providergateway.guard.shell.Word word : step.args()) {
        if (word.text().equals(path.toString())) {
          return true;
        }
      }
    }
    return false;
  }

  /** Whether the access is an edit where the file is: an in-place editor's, the edit tool's. */
  private static boolean inPlace(Scan scan, Access access) {
    if (access.invocation() == null || access.invocation().words().isEmpty()) {
      String old = EditCalls.text(scan.call().args(), "old_string", "old_str");
      return scan.call().tool().equals("edit") && old != null && !old.isEmpty();
    }
    return by(access, IN_PLACE);
  }
}
