package io.github.providergateway.guard.internal;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A shell's start-up files in the home ({@code .bashrc}, {@code .zshrc}, {@code .profile}): run by
 * every later shell.
 */
final class StartupFiles {
  private StartupFiles() {}

  /**
   * Their names: the files of the home itself that the rule {@code fs.shell-startup} lists ({@code
   * ~/.bashrc}), read from the book.
   */
  static final Set<String> NAMES = homeFiles("fs.shell-startup");

  private static Set<String> homeFiles(String id) {
    Set<String> names = new HashSet<>();
    for (RuleSpec spec : RuleBook.specs()) {
      if (spec.rule().id().equals(id)) {
        for (RuleSpec.When when : spec.matches().when()) {
          for (String place : when.files() == null ? List.<String>of() : when.files().places()) {
            if (place.startsWith("~/") && place.indexOf('/', 2) < 0) {
              names.add(place.substring(2));
            }
          }
        }
      }
    }
    if (names.isEmpty()) {
      throw new IllegalStateException(id + " lists no file of the home");
    }
    return Set.copyOf(names);
  }

  /** Whether {@code path} is a shell's start-up file in the home. */
  static boolean isOne(Places places, Path path) {
    Path home = places.home();
    return path != null
        && path.getNameCount() == home.getNameCount() + 1
        && path.startsWith(home)
        && NAMES.contains(path.getFileName().toString());
  }
}
