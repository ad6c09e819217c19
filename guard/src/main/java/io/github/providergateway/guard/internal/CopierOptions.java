package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The options of the copiers ({@code scp}, {@code rsync}, {@code rclone}, {@code aws s3}, {@code
 * gsutil}…) that take a value, so that a value is not read as a place: {@code aws s3 cp x.csv
 * s3://b/ --profile summit-admin} copies to the bucket, not to {@code summit-admin}; {@code rclone
 * copy x gdrive: --transfers 16} to the remote, not to {@code 16} (decision 198).
 */
final class CopierOptions {
  private CopierOptions() {}

  /** The programs that copy to another host or a bucket, with the options that take a value. */
  static final Map<String, Set<String>> VALUED =
      Map.ofEntries(
          Map.entry("scp", Set.of("-P", "-i", "-o", "-F", "-l", "-c", "-J", "-S")),
          Map.entry(
              "rsync",
              Set.of(
                  "-e",
                  "--rsh",
                  "--exclude",
                  "--include",
                  "--files-from",
                  "--filter",
                  "-f",
                  "--rsync-path",
                  "--port",
                  "--password-file",
                  "--bwlimit",
                  "--partial-dir",
                  "--temp-dir",
                  "-T",
                  "--chmod",
                  "--log-file")),
          Map.entry(
              "rclone",
              Set.of(
                  "--config",
                  "--include",
                  "--exclude",
                  "--filter",
                  "--transfers",
                  "--checkers",
                  "--bwlimit",
                  "--log-file",
                  "--max-age",
                  "--min-age",
                  "--backup-dir",
                  "--suffix",
                  "--files-from",
                  "--include-from",
                  "--exclude-from",
                  "--filter-from",
                  "--max-transfer",
                  "--max-size",
                  "--min-size",
                  "--max-depth",
                  "--order-by",
                  "--retries",
                  "--log-level",
                  "--stats",
                  "--tpslimit",
                  "--multi-thread-streams",
                  "--buffer-size",
                  "--timeout")),
          Map.entry("sftp", Set.of("-P", "-i", "-o", "-F", "-b")),
          Map.entry(
              "ascp",
              Set.of(
                  "-i",
                  "-l",
                  "-P",
                  "-O",
                  "-k",
                  "-m",
                  "-u",
                  "-c",
                  "-L",
                  "-R",
                  "-W",
                  "-Z",
                  "-X",
                  "--user",
                  "--host",
                  "--mode",
                  "--policy",
                  "--file-list",
                  "--file-pair-list",
                  "--src-base",
                  "--overwrite",
                  "--tags",
                  "--file-manifest",
                  "--file-manifest-path")),
          Map.entry("azcopy", Set.of("--include-pattern", "--exclude-pattern", "--log-level")),
          Map.entry("gsutil", Set.of("-o", "-h", "-x", "-p")),
          Map.entry("s3cmd", Set.of("-c", "--config", "--exclude", "--include")),
          Map.entry("mc", Set.of("--config-dir", "--exclude")),
          Map.entry("gcloud", Set.of("--project", "--account", "--configuration")),
          Map.entry(
              "aws",
              Set.of(
                  "--profile",
                  "--region",
                  "--endpoint-url",
                  "--exclude",
                  "--include",
                  "--sse",
                  "--sse-kms-key-id",
                  "--storage-class",
                  "--acl",
                  "--cache-control",
                  "--content-type",
                  "--expected-size",
                  "--grants",
                  "--output",
                  "--query",
                  "--metadata",
                  "--tagging",
                  "--expires",
                  "--content-encoding",
                  "--content-disposition")));

  /** The options every copier's reading skipped the value of before (decision 90). */
  private static final Set<String> SHORT_VALUED =
      Set.of("-e", "-P", "-i", "-o", "-F", "-l", "-c", "-S", "--rsh", "-J");

  /**
   * Whether rsync or rclone only shows what it would copy: {@code --dry-run}, {@code -n}, or an
   * rsync cluster that holds it ({@code -avn}); nothing leaves the machine (round 72: {@code rclone
   * sync ~/Pictures/Clients b2offsite:… --dry-run}).
   *
   * @param step the program
   * @return whether it runs dry
   */
  static boolean dryRun(Step step) {
    String program = step.program();
    if (!program.equals("rsync") && !program.equals("rclone")) {
      return false;
    }
    for (Word word : step.args()) {
      String text = word.text();
      if (text.equals("--dry-run")
          || text.equals("-n")
          || program.equals("rsync") && text.matches("-[a-zA-Z]*n[a-zA-Z]*")) {
        return true;
      }
    }
    return false;
  }

  /**
   * The words of a copier's step that are neither options nor an option's value, in order: its
   * command words, its sources and its destination.
   */
  static List<Word> operands(Step step) {
    Set<String> valued = VALUED.getOrDefault(step.program(), Set.of());
    List<Word> args = step.args();
    List<Word> operands = new ArrayList<>();
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if (text.startsWith("-")) {
        if (SHORT_VALUED.contains(text) || valued.contains(text)) {
          i++;
        }
        continue;
      }
      operands.add(args.get(i));
    }
    return operands;
  }
}
