package io.github.providergateway.guard.internal;

import java.nio.file.Path;
import java.util.Set;

/**
 * A shell's start-up files in the home ({@code .bashrc}, {@code .zshrc}, {@code .profile}): run by
 * every later shell.
 */
final class StartupFiles {
  private StartupFiles() {}

  /** Their names. */
  static final Set<String> NAMES =
      Set.of(
          ".bashrc",
          ".bash_profile",
          ".bash_login",
          ".profile",
          ".zshrc",
          ".zprofile",
          ".zshenv",
          ".zlogin",
          ".cshrc",
          ".tcshrc",
          ".kshrc",
          ".bash_aliases",
          ".inputrc",
          ".bash_logout",
          ".zlogout",
          ".direnvrc",
          ".vimrc",
          ".gvimrc",
          ".exrc");

  /** Whether {@code path} is a shell's start-up file in the home. */
  static boolean isOne(Places places, Path path) {
    Path home = places.home();
    return path != null
        && path.getNameCount() == home.getNameCount() + 1
        && path.startsWith(home)
        && NAMES.contains(path.getFileName().toString());
  }
}
