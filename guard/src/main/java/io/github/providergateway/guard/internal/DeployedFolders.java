package io.github.providergateway.guard.internal;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * The folders a deployed system runs from or keeps its data in (decision 248, {@code
 * fs.write-deployed}): {@code /opt/pipelines/germline/current/conf}, {@code /srv/app}, {@code
 * /data/cases}, {@code /mnt/asrun}, {@code /var/lib/app}. The agent works in the project; a file
 * changed there is changed in a running system, with no review, no commit and no build between. A
 * package manager's tree ({@code /opt/homebrew}), a temporary or cache folder of {@code /var} and
 * macOS's {@code /var/folders} are none.
 */
final class DeployedFolders {
  private DeployedFolders() {}

  /** The top folders of deployed systems and their data. */
  private static final Set<String> TOPS = Set.of("opt", "srv", "data", "mnt", "nfs", "var");

  /** Second folders that are none of a deployed system's. */
  private static final Set<String> NOT_DEPLOYED =
      Set.of("homebrew", "tmp", "folders", "cache", "local", "empty", "run");

  /**
   * Whether an absolute path lies below a deployed system's folder.
   *
   * @param path the path, or {@code null}
   * @return whether it does
   */
  static boolean holds(Path path) {
    if (path == null || !path.isAbsolute() || path.getNameCount() < 3) {
      return false;
    }
    if (!TOPS.contains(path.getName(0).toString())
        || NOT_DEPLOYED.contains(path.getName(1).toString())) {
      return false;
    }
    for (Path name : path) {
      if (Environments.testName(name.toString())) {
        return false; // /mnt/dev/tests/inbound: a test's place
      }
    }
    return true;
  }

  /**
   * Whether a program copies the project's build where an application is served from ({@code rsync
   * -av ./dist/ /var/www/html/}, {@code cp build/app.jar /srv/app/releases/}): a deploy of what the
   * project built, the book's ordinary work; not onto a data mount's records.
   *
   * @param invocation the program, or {@code null} for the file tools
   * @return whether it does
   */
  static boolean builtCopied(io.github.providergateway.guard.shell.Invocation invocation) {
    if (invocation == null || !COPIES.contains(invocation.program())) {
      return false;
    }
    List<String> args = invocation.args();
    String target = args.isEmpty() ? "" : args.get(args.size() - 1);
    if (!target.startsWith("/srv/")
        && !target.startsWith("/var/www/")
        && !target.startsWith("/opt/")) {
      return false; // a build's PDF over /mnt/od-images/…: a record replaced, not an app deployed
    }
    for (String arg : args) {
      if (!arg.startsWith("-") && !arg.startsWith("/") && RecordsCopiedOut.deployed(arg)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether a call leaves the place's files as they are (decision 249): it changes who may read
   * them ({@code setfacl}: the permissions' rules read it), runs dry ({@code rsync -n}), copies
   * into a folder ({@code aws s3 sync s3://… /data/dicom/inbound/msv/}, {@code cp -r …
   * quarantine/}) or makes a backup's copy ({@code RF-07.csv.bak}): files are added beside the
   * others, none is changed.
   *
   * @param access the file and the program
   * @return whether it does
   */
  static boolean leavesFilesAsTheyAre(Access access) {
    io.github.providergateway.guard.shell.Invocation invocation = access.invocation();
    if (invocation == null) {
      return false; // the file tools change the file they name
    }
    List<String> args = invocation.args();
    String program = invocation.program();
    if (program.equals("setfacl") || args.contains("--dry-run") || args.contains("--dryrun")) {
      return true;
    }
    if (!INTO_FOLDERS.contains(program) || args.isEmpty()) {
      return false;
    }
    if (program.equals("rsync") && args.stream().anyMatch(DeployedFolders::dryFlag)) {
      return true; // rsync -n, -avn
    }
    String target = "";
    boolean download = false;
    for (String arg : args) {
      target = arg.indexOf('/') >= 0 && !arg.startsWith("-") ? arg : target; // past --profile x
      download |= !arg.startsWith("-") && REMOTE.matcher(arg).lookingAt();
    }
    // A camera card's pictures copied into a folder are added beside the others too (round 72).
    return (download || SharedDataEdits.cardIngested(invocation)) && target.endsWith("/")
        || PatternLiterals.finds(BACKUP_COPY, target);
  }

  /** An rsync flag group that holds {@code n}: {@code -n}, {@code -avn}. */
  private static boolean dryFlag(String arg) {
    return arg.length() > 1
        && arg.charAt(0) == '-'
        && arg.charAt(1) != '-'
        && arg.indexOf('n') > 0
        && arg.substring(1).chars().allMatch(Character::isLetter);
  }

  /** A copy's source on another machine or in a bucket: {@code s3://…}, {@code host:path}. */
  private static final java.util.regex.Pattern REMOTE =
      java.util.regex.Pattern.compile("[a-z][a-z0-9+.-]*://|[\\w.-]+@[\\w.-]+:|[a-z0-9-]+:[^/]");

  /** The programs that copy files in, whose folder's target adds files beside the others. */
  private static final Set<String> INTO_FOLDERS =
      Set.of("cp", "rsync", "aws", "gsutil", "rclone", "scp", "ascp", "install", "azcopy");

  /** A backup's copy's name: {@code RF-07.csv.bak}, {@code app.conf.orig}, {@code x~}. */
  private static final java.util.regex.Pattern BACKUP_COPY =
      java.util.regex.Pattern.compile("(?:\\.(?:bak|orig|backup|old|save)|~)$");

  /** The programs that copy a build into place. */
  private static final Set<String> COPIES = Set.of("cp", "rsync", "install", "mv");
}
