package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
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

  /** A Windows profile seen from WSL: {@code /mnt/c/Users/<name>}, the rest after it. */
  private static final java.util.regex.Pattern WINDOWS_PROFILE =
      java.util.regex.Pattern.compile("^/mnt/[a-zA-Z]/Users/([^/]+)(/.*)?$");

  /**
   * A drive's path in Windows' spelling: {@code C:\Users\x} (not {@code X:/x}, rclone's remote).
   */
  private static final java.util.regex.Pattern DRIVE =
      java.util.regex.Pattern.compile("^([A-Za-z]):\\\\(.*)$");

  /** A distro's own files by Windows' UNC share: {@code \\wsl.localhost\Ubuntu\home}. */
  private static final java.util.regex.Pattern WSL_SHARE =
      java.util.regex.Pattern.compile(
          "^(?:\\\\\\\\|//)wsl(?:\\.localhost|\\$)[\\\\/][^\\\\/]+(.*)$");

  /**
   * PowerShell's and cmd's names of the profile's folders: {@code $env:APPDATA}, {@code
   * %USERPROFILE%}.
   */
  private static final java.util.regex.Pattern PROFILE_VARIABLE =
      java.util.regex.Pattern.compile(
          "(?i)(?:\\$env:(USERPROFILE|APPDATA|LOCALAPPDATA|ONEDRIVE)\\b"
              + "|%(USERPROFILE|APPDATA|LOCALAPPDATA|ONEDRIVE)%)(?=$|[\\\\/])");

  /** Each variable's folder under the home. */
  private static final java.util.Map<String, String> PROFILE_FOLDERS =
      java.util.Map.of(
          "USERPROFILE",
          "",
          "APPDATA",
          "/AppData/Roaming",
          "LOCALAPPDATA",
          "/AppData/Local",
          "ONEDRIVE",
          "/OneDrive");

  /** The profiles of a Windows machine that are no person's. */
  private static final java.util.Set<String> SHARED_PROFILES =
      NameSet.of("public", "default", "default user", "all users", "defaultapppool");

  /**
   * {@code text} with the Windows side of a WSL machine read as this machine's places (decision
   * 137): a drive in Windows' spelling ({@code C:\Users\m\.aws}) is its mount under {@code /mnt}; a
   * distro's files through the {@code \\wsl.localhost\<distro>} or {@code \\wsl$\<distro>} share
   * are the distro's own; and a Windows profile ({@code /mnt/c/Users/<name>}) is the person's home,
   * whatever their Windows name (on a WSL laptop the Windows profile is the same person's), so
   * every rule written for {@code ~/} sees {@code /mnt/c/Users/m/.aws/credentials}. The shared
   * profiles ({@code Public}, {@code Default}) stay folders.
   *
   * @param text a path as written
   * @return the path as this machine reads it, or {@code text}
   */
  static String windowsSide(String text) {
    String t = text;
    java.util.regex.Matcher variable = PROFILE_VARIABLE.matcher(t);
    if (variable.lookingAt()) {
      String name = variable.group(1) == null ? variable.group(2) : variable.group(1);
      String folder = PROFILE_FOLDERS.get(name.toUpperCase(java.util.Locale.ROOT));
      return "$HOME" + folder + t.substring(variable.end()).replace('\\', '/');
    }
    java.util.regex.Matcher share = WSL_SHARE.matcher(t);
    if (share.matches()) {
      String rest = share.group(1).replace('\\', '/');
      return rest.isEmpty() ? "/" : rest;
    }
    java.util.regex.Matcher drive = DRIVE.matcher(t);
    if (drive.matches()) {
      t =
          "/mnt/"
              + Character.toLowerCase(drive.group(1).charAt(0))
              + "/"
              + drive.group(2).replace('\\', '/');
    }
    java.util.regex.Matcher profile = WINDOWS_PROFILE.matcher(t);
    if (profile.matches()
        && !SHARED_PROFILES.contains(profile.group(1).toLowerCase(java.util.Locale.ROOT))) {
      return "$HOME" + (profile.group(2) == null ? "" : profile.group(2));
    }
    return t;
  }
}
