package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.List;

/**
 * Where a backup tool's repository lies, for the local test data notion (decision 92, 103): a
 * restic, borg or kopia repository in a temporary folder ({@code restic -r /tmp/restic-test}) or
 * named for tests ({@code ./test-repo}, {@code BORG_REPO=/srv/borg-ci}) holds no one's backups, and
 * pruning it to one snapshot is a test's own clean-up. A repository the call does not name (the
 * environment's {@code RESTIC_REPOSITORY}), or on another machine, is not local test data.
 */
final class BackupRepositories {
  private BackupRepositories() {}

  /** Whether the program's repository is local test data. */
  static boolean localTest(Scan scan, Step step) {
    String repository = repository(scan, step);
    return repository != null && localTest(repository);
  }

  /** Whether a repository's path is a local test one: under /tmp, or named for tests, no host. */
  static boolean localTest(String repository) {
    String r = repository;
    if (r.isEmpty() || r.startsWith("$") || r.contains("..")) {
      return false;
    }
    if (r.startsWith("local:")) {
      r = r.substring("local:".length());
    }
    if (r.contains(":") || r.contains("@")) {
      return false; // sftp:, s3:, rest:, b2:, ssh://, user@host:path: another machine's
    }
    return r.startsWith("/tmp/") || r.startsWith("/var/tmp/") || Environments.testName(r);
  }

  /**
   * The repository the call names for the program: restic's and kopia's {@code -r}/{@code --repo}
   * ({@code --repository}), borg's last positional of its form {@code path::archive}, or a variable
   * assigned in the command ({@code RESTIC_REPOSITORY=}, {@code BORG_REPO=}); {@code null} for
   * none.
   */
  private static String repository(Scan scan, Step step) {
    List<Word> args = step.args();
    String program = step.program();
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i).text();
      if ((a.equals("-r") || a.equals("--repo") || a.equals("--repository"))
          && i + 1 < args.size()
          && !program.equals("borg")) {
        return literal(args.get(i + 1));
      }
      for (String option : new String[] {"--repo=", "--repository="}) {
        if (a.startsWith(option)) {
          return args.get(i).literal() ? a.substring(option.length()) : null;
        }
      }
    }
    if (program.equals("borg")) {
      for (int i = args.size() - 1; i > 0; i--) {
        String a = args.get(i).text();
        if (!a.startsWith("-") && (a.startsWith("/") || a.startsWith(".") || a.contains("::"))) {
          String path = a.contains("::") ? a.substring(0, a.indexOf("::")) : a;
          return args.get(i).literal() ? path : null;
        }
      }
    }
    String source = scan.source();
    if (source == null) {
      return null;
    }
    String variable = program.equals("borg") ? "BORG_REPO" : "RESTIC_REPOSITORY";
    List<String> values = Environments.assignedValues(source, variable);
    return values.size() == 1 ? values.get(0) : null;
  }

  private static String literal(Word word) {
    return word.literal() ? word.text() : null;
  }
}
