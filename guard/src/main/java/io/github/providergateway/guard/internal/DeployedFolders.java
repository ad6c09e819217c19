package io.github.providergateway.guard.internal;

import java.nio.file.Path;
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
    return TOPS.contains(path.getName(0).toString())
        && !NOT_DEPLOYED.contains(path.getName(1).toString());
  }
}
