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

  /** Whether the program changes who may read a file (setfacl): the permissions' rules read it. */
  static boolean permissions(io.github.providergateway.guard.shell.Invocation invocation) {
    return invocation != null && invocation.program().equals("setfacl");
  }

  /** The programs that copy a build into place. */
  private static final Set<String> COPIES = Set.of("cp", "rsync", "install", "mv");
}
