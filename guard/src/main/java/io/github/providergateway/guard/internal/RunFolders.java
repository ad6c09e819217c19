package io.github.providergateway.guard.internal;

import java.util.List;

/**
 * Whether a written file is in the folder a run entry names ({@link WrittenRuns}, {@link
 * ToolingRuns}): asked of every file the session wrote by every run entry of a call, so a session
 * at its bounds asks it a thousand times a call, and it compares the texts in place, making none.
 */
final class RunFolders {
  private RunFolders() {}

  /** The folders of a repository's hooks and CI files, read from the folder that holds them. */
  private static final List<String> INNER_FOLDERS =
      List.of("/.git/hooks", "/.github/workflows", "/.husky", "/.githooks");

  /**
   * Whether the path is the folder or inside it: {@code path.equals(folder) ||
   * path.startsWith(folder + "/")}.
   */
  static boolean under(String path, String folder) {
    return path.startsWith(folder)
        && (path.length() == folder.length() || path.charAt(folder.length()) == '/');
  }

  /**
   * Whether a file belongs to the folder a program runs in: inside it, or in a folder above it that
   * holds it (a repository's hooks and CI files, a project's root beside a subfolder). The folder
   * above is the path's first {@code end} characters, cut at each inner folder it holds in turn.
   */
  static boolean related(String path, String folder) {
    if (under(path, folder)) {
      return true;
    }
    int end = Math.max(path.lastIndexOf('/'), 0);
    for (String inner : INNER_FOLDERS) {
      int at = path.indexOf(inner); // a first one past the end leaves none before it
      if (at >= 0 && at + inner.length() <= end) {
        end = at;
      }
    }
    return end > 0
        && folder.length() >= end
        && folder.regionMatches(0, path, 0, end)
        && (folder.length() == end || folder.charAt(end) == '/');
  }
}
