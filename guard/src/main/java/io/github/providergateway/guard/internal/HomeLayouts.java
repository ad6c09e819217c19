package io.github.providergateway.guard.internal;

import java.nio.file.Path;

/**
 * The person's home as either system lays it out: macOS keeps it at {@code /Users/<name>} (and the
 * same folder at {@code /System/Volumes/Data/Users/<name>}), Linux at {@code /home/<name>}. A path
 * that names the person's own name under the other layout is read as their home, so that every rule
 * written for {@code ~/} ({@code ~/Library/Keychains}, {@code ~/.aws}) sees {@code
 * /Users/user/Library/Keychains} when the guard's home is {@code /home/user}, and the other way
 * round (decision 124). Another name under either stays another person's home.
 */
final class HomeLayouts {
  private HomeLayouts() {}

  /** The folders a home may stand in, the one the guard runs with aside. */
  private static final String[] LAYOUTS = {"/Users/", "/home/", "/System/Volumes/Data/Users/"};

  /**
   * {@code text} with the person's home under another layout written {@code $HOME}.
   *
   * @param text an absolute path as written
   * @param home the guard's home
   * @return {@code $HOME…} for the person's home under another layout, else {@code text}
   */
  static String asHome(String text, Path home) {
    Path name = home.getFileName();
    if (name == null || text.startsWith(home.toString() + "/") || text.equals(home.toString())) {
      return text;
    }
    for (String layout : LAYOUTS) {
      String own = layout + name;
      if (text.equals(own) || text.equals(own + "/")) {
        return "$HOME";
      }
      if (text.startsWith(own + "/")) {
        return "$HOME" + text.substring(own.length());
      }
    }
    return text;
  }
}
