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

  /** A curl config file's line: an option, long without its dashes or not, and its value. */
  private static final Pattern CURL =
      Pattern.compile("^\\s*(-{0,2}[A-Za-z][\\w-]*)\\s*(?:[=:]\\s*|\\s+|$)(.*)$");

  /**
   * {@return the curl command a config file stands for ({@code request = "DELETE"} is {@code
   * --request DELETE}), as one command line; none where it sets no option}
   */
  static List<String> curl(String text) {
    StringBuilder line = new StringBuilder("curl");
    for (String entry : text.split("\n")) {
      Matcher e = CURL.matcher(entry);
      if (entry.isBlank() || entry.strip().startsWith("#") || !e.matches()) {
        continue;
      }
      String option = e.group(1);
      line.append(' ').append(option.startsWith("-") ? option : "--" + option);
      String value = unquote(e.group(2).strip());
      if (!value.isEmpty()) {
        line.append(' ').append(quoted(value));
      }
    }
    return line.length() == 4 ? List.of() : List.of(line.toString());
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
