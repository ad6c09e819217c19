package io.github.providergateway.guard.internal;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The files that make a program run later on their own, by where they are: cron's and at's tables,
 * systemd's and launchd's units, desktop sessions' autostart entries, git's global settings, and
 * the folders on {@code PATH} ahead of the system's own, where a file named like a system program
 * runs in its place. Read from the path alone: no file is opened.
 */
final class PersistentPlaces {
  private static final BuiltinRule AUTOSTART_RULE = RuleBook.rule("persist.autostart");
  private static final BuiltinRule GIT_GLOBAL = RuleBook.rule("persist.git-global");
  private static final BuiltinRule PATH_SHADOW = RuleBook.rule("persist.path-shadow");
  private static final BuiltinRule SCHEDULED_JOB = RuleBook.rule("persist.scheduled-job");
  private static final BuiltinRule SERVICE = RuleBook.rule("persist.service");

  /** Folders and files cron and at read their jobs from. */
  private static final List<Path> SCHEDULERS =
      paths(
          "/etc/crontab",
          "/etc/anacrontab",
          "/etc/cron.d",
          "/etc/cron.hourly",
          "/etc/cron.daily",
          "/etc/cron.weekly",
          "/etc/cron.monthly",
          "/etc/cron.yearly",
          "/var/spool/cron",
          "/var/spool/anacron",
          "/var/spool/at",
          "/var/at/tabs",
          "/private/var/at/tabs",
          "/usr/lib/cron/tabs");

  /** Folders of systemd's, launchd's and init's units and scripts, outside the home. */
  private static final List<Path> SERVICES =
      paths(
          "/etc/systemd",
          "/run/systemd/system",
          "/run/systemd/user",
          "/lib/systemd/system",
          "/lib/systemd/user",
          "/usr/lib/systemd/system",
          "/usr/lib/systemd/user",
          "/usr/local/lib/systemd",
          "/etc/init.d",
          "/etc/init",
          "/etc/rc.local",
          "/Library/LaunchAgents",
          "/Library/LaunchDaemons",
          "/System/Library/LaunchAgents",
          "/System/Library/LaunchDaemons");

  /** The same, under the home. */
  private static final List<Path> HOME_SERVICES =
      paths(".config/systemd", ".local/share/systemd", "Library/LaunchAgents");

  /** Autostart entries and session start-up files of desktop sessions. */
  private static final List<Path> AUTOSTART = paths("/etc/xdg/autostart");

  private static final List<Path> HOME_AUTOSTART =
      paths(
          ".config/autostart",
          ".config/autostart-scripts",
          ".config/plasma-workspace/env",
          ".config/plasma-workspace/shutdown",
          ".kde/Autostart",
          ".kde4/Autostart",
          ".config/lxsession",
          ".config/openbox/autostart",
          ".xprofile",
          ".xsessionrc",
          ".xsession",
          ".xinitrc");

  /** Git's settings read by every repository of the user or the machine. */
  private static final List<Path> GIT_SETTINGS =
      paths("/etc/gitconfig", "/usr/local/etc/gitconfig", "/opt/homebrew/etc/gitconfig");

  private static final List<Path> HOME_GIT_SETTINGS = paths(".gitconfig", ".config/git/config");

  /** Folders usually on {@code PATH} before {@code /usr/bin}, outside the home. */
  private static final List<Path> PATH_FOLDERS =
      paths(
          "/usr/local/bin",
          "/usr/local/sbin",
          "/opt/homebrew/bin",
          "/opt/local/bin",
          "/home/linuxbrew/.linuxbrew/bin");

  /** The same, under the home: version managers' shims and package managers' bins among them. */
  private static final List<Path> HOME_PATH_FOLDERS =
      paths(
          ".local/bin",
          "bin",
          ".bin",
          ".cargo/bin",
          "go/bin",
          ".go/bin",
          ".npm-global/bin",
          ".npm/bin",
          ".yarn/bin",
          ".deno/bin",
          ".bun/bin",
          ".volta/bin",
          ".pyenv/shims",
          ".pyenv/bin",
          ".rbenv/shims",
          ".rbenv/bin",
          ".nodenv/shims",
          ".asdf/shims",
          ".asdf/bin",
          ".local/share/mise/shims",
          ".local/share/pnpm",
          "Library/pnpm",
          ".nix-profile/bin",
          ".dotnet/tools",
          ".pub-cache/bin",
          ".composer/vendor/bin",
          ".config/composer/vendor/bin",
          ".poetry/bin",
          ".rye/shims",
          ".krew/bin",
          ".linuxbrew/bin");

  /**
   * Programs of the system an agent's person runs every day, or that handle their secrets: a file
   * of one of these names ahead of the system's on {@code PATH} sees every call of it (its
   * arguments, its passwords), and can pass them on to the real one unnoticed. Tools a person often
   * installs into these folders themselves (kubectl, helm, terraform, jq) are not here.
   */
  private static final Set<String> SHADOWED =
      Set.of(
          "git",
          "ssh",
          "scp",
          "sftp",
          "ssh-add",
          "ssh-agent",
          "ssh-keygen",
          "sudo",
          "su",
          "doas",
          "passwd",
          "login",
          "gpg",
          "gpg2",
          "gpg-agent",
          "pinentry",
          "security",
          "openssl",
          "ls",
          "cat",
          "cp",
          "mv",
          "rm",
          "ln",
          "chmod",
          "chown",
          "cd",
          "echo",
          "printf",
          "env",
          "which",
          "id",
          "whoami",
          "ps",
          "kill",
          "top",
          "grep",
          "find",
          "sed",
          "awk",
          "tar",
          "less",
          "more",
          "man",
          "vi",
          "vim",
          "nvim",
          "nano",
          "emacs",
          "code",
          "bash",
          "sh",
          "zsh",
          "dash",
          "fish",
          "python",
          "python3",
          "pip",
          "pip3",
          "node",
          "npm",
          "npx",
          "yarn",
          "pnpm",
          "ruby",
          "gem",
          "perl",
          "java",
          "javac",
          "mvn",
          "gradle",
          "go",
          "cargo",
          "rustc",
          "make",
          "cc",
          "gcc",
          "clang",
          "ld",
          "curl",
          "wget",
          "docker",
          "gh",
          "aws",
          "gcloud",
          "az",
          "op",
          "systemctl",
          "crontab",
          "open",
          "osascript",
          "pbcopy",
          "pbpaste",
          "xdg-open",
          "mount",
          "ping",
          "date");

  static {
    // written() reads a folder's name before anything else: every folder listed must end as it
    // expects, or files written there would go unread.
    for (List<Path> folders : List.of(PATH_FOLDERS, HOME_PATH_FOLDERS)) {
      for (Path folder : folders) {
        if (!inPathLikeFolder(folder + "/x")) {
          throw new AssertionError(folder + " does not end as inPathLikeFolder expects");
        }
      }
    }
  }

  private PersistentPlaces() {}

  private static List<Path> paths(String... paths) {
    List<Path> list = new ArrayList<>(paths.length);
    for (String path : paths) {
      list.add(Path.of(path));
    }
    return List.copyOf(list);
  }

  /**
   * The persistence rule that writing {@code path} matches, or {@code null}.
   *
   * @param home the user's home
   * @param path an absolute, normalised path, or {@code null}
   * @return {@code persist.scheduled-job}, {@code persist.service}, {@code persist.autostart},
   *     {@code persist.git-global} or {@code persist.path-shadow}; {@code null} for none
   */
  static BuiltinRule written(Path home, Path path) {
    if (path == null) {
      return null;
    }
    // Relative to the home once, and compared with the home's places as relative paths: no path
    // is made for each place a write is compared with.
    Path inHome = hiddenOrLibrary(home, path) ? home.relativize(path) : null;
    if (under(path, SCHEDULERS)) {
      return SCHEDULED_JOB;
    }
    if (under(path, SERVICES) || inHome != null && under(inHome, HOME_SERVICES)) {
      return SERVICE;
    }
    if (under(path, AUTOSTART) || inHome != null && under(inHome, HOME_AUTOSTART)) {
      return AUTOSTART_RULE;
    }
    if (GIT_SETTINGS.contains(path) || inHome != null && HOME_GIT_SETTINGS.contains(inHome)) {
      return GIT_GLOBAL;
    }
    if (inPathLikeFolder(path.toString())) {
      Path folder = path.getParent();
      if (folder != null && pathFolder(home, folder) && shadows(path.getFileName().toString())) {
        return PATH_SHADOW;
      }
    }
    return null;
  }

  /**
   * Whether {@code path} is in the home under a hidden folder or file or {@code Library}, where
   * every place of the home's lists is; read from the paths' texts, so that the project's files (in
   * the home too, most often) make no relative path each.
   */
  private static boolean hiddenOrLibrary(Path home, Path path) {
    String text = path.toString();
    String root = home.toString();
    int at = root.endsWith("/") ? root.length() : root.length() + 1; // a home of / ends so
    return text.length() > at
        && text.startsWith(root)
        && (at == root.length() || text.charAt(root.length()) == '/')
        && (text.charAt(at) == '.' || text.startsWith("Library/", at));
  }

  /**
   * Whether the file's folder, read from the path's text (kept by the path once made), ends as
   * every folder on {@code PATH} of the lists does: {@code bin}, {@code shims}, {@code tools},
   * {@code pnpm}. Most files written are in none, and no path is made for them.
   */
  private static boolean inPathLikeFolder(String path) {
    int slash = path.lastIndexOf('/');
    return slash > 0
        && (path.startsWith("bin", slash - 3)
            || path.startsWith("shims", slash - 5)
            || path.startsWith("tools", slash - 5)
            || path.startsWith("pnpm", slash - 4));
  }

  /** {@return whether {@code folder} is a folder usually on {@code PATH} ahead of the system's} */
  static boolean pathFolder(Path home, Path folder) {
    if (PATH_FOLDERS.contains(folder)) {
      return true;
    }
    return folder.startsWith(home)
        && !folder.equals(home)
        && HOME_PATH_FOLDERS.contains(home.relativize(folder));
  }

  /** {@return whether a program of this name would stand in for a system program} */
  static boolean shadows(String name) {
    return SHADOWED.contains(name);
  }

  private static boolean under(Path path, List<Path> folders) {
    for (int i = 0; i < folders.size(); i++) { // indexed: asked of every file a command writes
      if (path.startsWith(folders.get(i))) {
        return true;
      }
    }
    return false;
  }
}
