package io.github.providergateway.guard.shell;

import java.util.List;
import java.util.regex.Pattern;

/**
 * A program's word that is a glob of a system program's path ({@code /???/?m}, {@code
 * /u??/b??/cu?l}): bash runs the file the glob matches, so it is read as that program (issue 80,
 * round 7, decision 120). The candidates are the system folders' programs the rules read, the most
 * harmful first, so that a glob matching several is read as the worst of them.
 */
final class GlobPrograms {
  private GlobPrograms() {}

  /** The folders bash's globs of a program's path match in. */
  private static final List<String> FOLDERS =
      List.of("/bin/", "/usr/bin/", "/sbin/", "/usr/sbin/", "/usr/local/bin/");

  /** The programs, the most harmful first. */
  private static final List<String> PROGRAMS =
      List.of(
          "rm", "dd", "shred", "mkfs", "wipefs", "curl", "wget", "nc", "ncat", "socat", "sh",
          "bash", "zsh", "dash", "python3", "python", "perl", "ruby", "node", "base64", "chmod",
          "chown", "chattr", "kill", "pkill", "killall", "crontab", "ssh", "scp", "rsync", "tar",
          "zip", "git", "sudo", "su", "passwd", "cat", "cp", "mv", "tee", "xxd", "openssl", "find",
          "awk", "sed", "env", "xargs");

  /** The longest glob read. */
  private static final int MAX = 200;

  /**
   * The system program a glob names.
   *
   * @param text the program's word as written
   * @return the path it matches, or null when it is no glob of a path or matches none
   */
  static String of(String text) {
    if (text.length() > MAX
        || text.charAt(0) != '/'
        || text.indexOf('$') >= 0
        || text.indexOf('`') >= 0
        || text.indexOf('?') < 0 && text.indexOf('*') < 0 && text.indexOf('[') < 0) {
      return null;
    }
    Pattern glob;
    try {
      glob = Pattern.compile(regex(text));
    } catch (java.util.regex.PatternSyntaxException unreadable) {
      return null; // a bracket expression Java reads otherwise: no program named
    }
    for (String program : PROGRAMS) {
      for (String folder : FOLDERS) {
        String path = folder + program;
        if (glob.matcher(path).matches()) {
          return path;
        }
      }
    }
    return null;
  }

  /** The glob as a regular expression: {@code ?} one character, {@code *} any, {@code [..]}. */
  private static String regex(String glob) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < glob.length(); i++) {
      char c = glob.charAt(i);
      switch (c) {
        case '?' -> out.append("[^/]");
        case '*' -> out.append("[^/]*");
        case '[' -> {
          int end = glob.indexOf(']', i + 2);
          if (end < 0 || glob.substring(i + 1, end).indexOf('/') >= 0) {
            out.append("\\["); // no bracket expression: a slash ends it, bash reads '[' itself
          } else {
            String set =
                glob.substring(i + 1, end)
                    .replace("\\", "\\\\")
                    .replace("[", "\\[")
                    .replace("&", "\\&");
            if (set.startsWith("!")) {
              set = "^" + set.substring(1);
            }
            out.append('[').append(set).append(']');
            i = end;
          }
        }
        default -> out.append(Pattern.quote(String.valueOf(c)));
      }
    }
    return out.toString();
  }
}
