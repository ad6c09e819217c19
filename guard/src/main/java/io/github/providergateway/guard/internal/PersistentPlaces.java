package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The folders on {@code PATH} ahead of the system's own, where a file named like a system program
 * runs in its place (cron's tables, units' folders and the other places that make a program run
 * later are the book's: {@code persist.json}). Read from the path alone: no file is opened.
 */
final class PersistentPlaces {
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
      NameSet.of(
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
   * Whether writing {@code path} puts a program named like a system program in a folder on {@code
   * PATH} ahead of the system's.
   *
   * @param home the user's home
   * @param path an absolute, normalised path, or {@code null}
   * @return whether it does
   */
  static boolean aheadOfSystem(Path home, Path path) {
    if (path == null || !inPathLikeFolder(path.toString())) {
      return false;
    }
    Path folder = path.getParent();
    return folder != null && pathFolder(home, folder) && shadows(path.getFileName().toString());
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
}
