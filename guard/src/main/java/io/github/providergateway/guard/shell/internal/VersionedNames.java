package io.github.providergateway.guard.shell.internal;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An interpreter's name with its version, as distributions install them beside the plain name
 * ({@code python3.13t}, {@code perl5.36.0}, {@code php8.2}, {@code ruby3.1}, {@code tclsh8.6},
 * {@code lua5.4}): the plain name is read for it (issue 80's red team).
 */
public final class VersionedNames {
  private VersionedNames() {}

  /**
   * A name, then a version of digits and dots, maybe after a dash, and python's build letters
   * ({@code t} free-threaded, {@code d} debug, {@code m} pymalloc).
   */
  private static final Pattern VERSIONED =
      Pattern.compile("([A-Za-z][A-Za-z_-]*?[A-Za-z])-?[0-9][0-9.]*[tdm]{0,2}");

  /** {@return whether {@code program} may carry a version: it ends in one, or in a build letter} */
  public static boolean mayBeVersioned(String program) {
    int n = program.length();
    return n > 1
        && (Character.isDigit(program.charAt(n - 1))
            || Character.isDigit(program.charAt(n - 2))
            || n > 2 && Character.isDigit(program.charAt(n - 3)));
  }

  /** {@return {@code program}'s name without its version, or null where it carries none} */
  public static String unversioned(String program) {
    if (!mayBeVersioned(program)) {
      return null;
    }
    Matcher m = VERSIONED.matcher(program);
    return m.matches() ? m.group(1) : null;
  }
}
