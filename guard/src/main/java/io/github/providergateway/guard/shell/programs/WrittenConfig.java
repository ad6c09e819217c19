package io.github.providergateway.guard.shell.programs;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The code in a configuration file a command writes and then has a program read (issue 60, red
 * team): git's settings ({@code GIT_CONFIG_GLOBAL=/tmp/gc}, {@code -c include.path=/tmp/gc}), ssh's
 * ({@code ssh -F /tmp/c}), the AWS CLI's ({@code AWS_CONFIG_FILE}: {@code credential_process}).
 * Each setting that runs a command is read as that command, git's through {@code git -c KEY=VALUE},
 * which the carried-code reading knows.
 */
final class WrittenConfig {
  private static final Pattern SECTION =
      Pattern.compile("^\\s*\\[\\s*([A-Za-z0-9.-]+)(?:\\s+\"([^\"]*)\")?\\s*\\]\\s*$");
  private static final Pattern ENTRY = Pattern.compile("^\\s*([A-Za-z0-9.-]+)\\s*=\\s*(.*)$");
  private static final Pattern SSH =
      Pattern.compile(
          "(?im)^\\s*(?:ProxyCommand|LocalCommand|KnownHostsCommand|RemoteCommand)\\s*[= ]\\s*(.+)$");
  private static final Pattern SSH_MATCH_EXEC =
      Pattern.compile("(?im)^\\s*Match\\s+.*\\bexec\\s+\"([^\"]+)\"");
  private static final Pattern AWS = Pattern.compile("(?im)^\\s*credential_process\\s*=\\s*(.+)$");

  private WrittenConfig() {}

  /**
   * {@return shell commands standing for a git config file's settings: {@code git -c k=v status}}
   */
  static List<String> git(String text) {
    List<String> out = new ArrayList<>();
    String section = "";
    for (String line : text.split("\n")) {
      Matcher s = SECTION.matcher(line);
      if (s.matches()) {
        section = s.group(1) + (s.group(2) == null ? "" : "." + s.group(2));
        continue;
      }
      Matcher e = ENTRY.matcher(line);
      if (e.matches() && !section.isEmpty()) {
        out.add(
            "git -c "
                + quoted(section + "." + e.group(1) + "=" + unquote(e.group(2).strip()))
                + " status");
      }
    }
    return out;
  }

  /** {@return the commands an ssh config file runs} */
  static List<String> ssh(String text) {
    List<String> out = new ArrayList<>();
    Matcher m = SSH.matcher(text);
    while (m.find()) {
      out.add(m.group(1).strip());
    }
    Matcher exec = SSH_MATCH_EXEC.matcher(text);
    while (exec.find()) {
      out.add(exec.group(1));
    }
    return out;
  }

  /** {@return the commands an AWS config file runs} */
  static List<String> aws(String text) {
    List<String> out = new ArrayList<>();
    Matcher m = AWS.matcher(text);
    while (m.find()) {
      out.add(unquote(m.group(1).strip()));
    }
    return out;
  }

  private static String unquote(String value) {
    return value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")
        ? value.substring(1, value.length() - 1)
        : value;
  }

  private static String quoted(String text) {
    return "'" + text.replace("'", "'\\''") + "'";
  }
}
