package io.github.providergateway.guard.internal;

import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The paths Windows' programs name in their own spelling (decision 137): {@code C:\Users\m\.aws\…},
 * {@code \\wsl.localhost\Ubuntu\home\…\.ssh}, {@code $env:APPDATA\…}, {@code %LOCALAPPDATA%\…},
 * found in the text of {@code powershell.exe} or {@code cmd.exe} (whose code the shell's reading
 * does not parse) and read as this machine's places by {@link HomeLayouts#windowsSide}, so that a
 * secret of the home is found under either spelling.
 */
final class WindowsPaths {
  private WindowsPaths() {}

  /** Where a Windows path begins: a drive, the distro's share, a profile's variable. */
  private static final String START =
      "(?:[A-Za-z]:\\\\|\\\\\\\\wsl(?:\\.localhost|\\$)\\\\|\\$env:(?:USERPROFILE|APPDATA"
          + "|LOCALAPPDATA|OneDrive)\\\\|%(?:USERPROFILE|APPDATA|LOCALAPPDATA|OneDrive)%\\\\)";

  /** A Windows path, in quotes (spaces and all) or alone (to the next space or separator). */
  private static final Pattern PATH =
      Pattern.compile(
          "(?i)\"("
              + START
              + "[^\"]{0,400})\"|'("
              + START
              + "[^']{0,400})'|("
              + START
              + "[^\\s'\";|&)]{0,400})");

  /**
   * The first Windows path in {@code text} that is a secret of the home, as written, or null.
   *
   * @param text a program's text
   * @param home the guard's home
   * @return the path as written, or null
   */
  static String secretNamed(String text, Path home) {
    if (text == null || text.indexOf('\\') < 0) {
      return null;
    }
    Matcher path = PATH.matcher(text);
    while (path.find()) {
      String written =
          path.group(1) != null
              ? path.group(1)
              : path.group(2) != null ? path.group(2) : path.group(3);
      String read = HomeLayouts.windowsSide(written.strip());
      if (read.startsWith("$HOME")) {
        read = home + read.substring("$HOME".length());
      }
      if (read.startsWith("/") && SecretPaths.secret(home, Path.of(read).normalize()) != null) {
        return written;
      }
    }
    return null;
  }
}
