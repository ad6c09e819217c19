package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.nio.file.Path;
import java.util.Set;

/**
 * A repository's {@code .git} folder, or the history it holds: what deleting takes the commits with
 * it.
 */
final class GitFolders {
  private GitFolders() {}

  /** What .git holds that is the history: the rest (locks, a rebase's state, hooks) is not. */
  private static final Set<String> HISTORY =
      NameSet.of("objects", "refs", "logs", "packed-refs", "HEAD", "ORIG_HEAD", "index");

  static boolean holdsHistory(Target target) {
    Path path = target.path();
    if (path == null) {
      return false;
    }
    String glob = target.glob();
    if (glob != null && (glob.endsWith("/.git") || glob.matches(".*/\\.git/[*]*"))) {
      return true; // */.git, .git/*: every repository under the folder, or all of one
    }
    if (glob != null && glob.indexOf('/') >= 0) {
      // ./.g*, .gi?, .[g]it: a name's pattern that .git fits takes the repository with the rest.
      String name = glob.substring(glob.lastIndexOf('/') + 1);
      String pattern = Glob.bracketsAsAny(name);
      if (name.startsWith(".") && Glob.text(pattern).matches(".git")) {
        return true;
      }
    }
    for (int i = 0; i < path.getNameCount(); i++) {
      if (path.getName(i).toString().equals(".git")) {
        // .git itself, or its history; not .git/index.lock, .git/rebase-merge, .git/hooks/x.
        return i == path.getNameCount() - 1
            || HISTORY.contains(path.getName(i + 1).toString())
                && (target.glob() == null || i + 2 <= path.getNameCount());
      }
    }
    return false;
  }
}
