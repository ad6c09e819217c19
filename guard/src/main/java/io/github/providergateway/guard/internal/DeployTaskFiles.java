package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.FlowReading.Found;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The task files a release or provisioning tool obeys when it is run by a task's name alone (issue
 * 80, round 61): {@code fastlane android beta} runs the lane of {@code fastlane/Fastfile}, {@code
 * ansible-playbook site.yml} the tasks of the playbook's roles. Neither command names the file the
 * session edited, so the lane's or the role's text is read as the commands it runs ({@link
 * #commands}) and a run of the tool is a run of the file ({@link #read}, {@link #reaches}): a lane
 * re-pointed at the store's production track, a role's task that pipes a download to a shell, is
 * answered when the tool runs it, as the same command typed would be.
 *
 * <p>A Fastfile's actions are fastlane's own commands: {@code upload_to_play_store(track:
 * "production")} is {@code fastlane run upload_to_play_store track:production}, which the rules
 * read; its {@code sh("…")} is the shell's line. An Ansible task's {@code shell}, {@code command},
 * {@code raw} and {@code script} modules (and Windows' {@code win_shell}, {@code win_command}) are
 * the shell's lines. Every pattern is bounded; the text is {@link HeldContent}'s.
 */
final class DeployTaskFiles {
  private DeployTaskFiles() {}

  /** A run entry of a Fastfile's lane: {@code lanes:<folder>}. */
  static final String LANES = "lanes";

  /** A run entry of a playbook's tasks: {@code playbook:<folder>}. */
  static final String PLAYBOOK = "playbook";

  private static final Set<String> ANSIBLE_RUNS = NameSet.of("ansible-playbook", "ansible-pull");

  /** A call of an action with its arguments in brackets: {@code name(}, not {@code File.read(}. */
  private static final Pattern ACTION = Pattern.compile("(?<![\\w.:])([a-z_][a-z0-9_]{1,60})\\(");

  /** An action called without brackets on its own line: {@code supply track: "production"}. */
  private static final Pattern BARE_ACTION =
      Pattern.compile("^\\s*([a-z_][a-z0-9_]{1,60})\\s+([a-z_]\\w{0,60}:\\s.{0,2000})$");

  /** A keyword argument: {@code track: "production"}, {@code rollout: 1.0}, {@code force: true}. */
  private static final Pattern ARGUMENT =
      Pattern.compile(
          "([a-z_]\\w{0,60}):\\s*(\"(?:[^\"\\\\]|\\\\.){0,500}\"|'[^']{0,500}'|:?[\\w.@/-]{1,200})");

  /** fastlane's {@code sh("…")} or {@code sh "…"}: a shell line. */
  private static final Pattern SH =
      Pattern.compile("(?<![\\w.])sh\\s*\\(?\\s*(\"(?:[^\"\\\\]|\\\\.){1,2000}\"|'[^']{1,2000}')");

  /** An Ansible task's module that runs a command, on its line or as a block below it. */
  private static final Pattern MODULE =
      Pattern.compile(
          "^(\\s*)(?:-\\s*)?(?:ansible\\.(?:builtin|legacy|windows)\\.)?"
              + "(?:shell|command|raw|script|win_shell|win_command|cmd):\\s*(.{0,2000})$");

  /**
   * The commands a release or provisioning tool's task file holds, as the shell would run them; or
   * null for a file of neither.
   *
   * @param path the file's path
   * @param text what is written to it
   * @return the shell's lines, or null
   */
  static String commands(String path, String text) {
    String lower = path.toLowerCase(Locale.ROOT);
    String name = lower.substring(lower.lastIndexOf('/') + 1);
    if (name.equals("fastfile")) {
      return orNull(fastfile(text));
    }
    if (ansible(lower, name)) {
      return orNull(tasks(text));
    }
    return null;
  }

  /**
   * Reads a run of a task of a Fastfile or of a playbook: the folders whose task files it runs.
   *
   * @param scan the call's scan
   * @param step the program
   * @param words its arguments' texts
   * @param found where the run entries go
   */
  static void read(Scan scan, Step step, List<String> words, Found found) {
    String program = step.program();
    boolean fastlane =
        program.equals("fastlane")
            || program.equals("bundle") && words.contains("exec") && words.contains("fastlane");
    if (fastlane) {
      folders(step.cwds(), LANES, found);
    } else if (ANSIBLE_RUNS.contains(program)
        && !words.contains("--check")
        && !words.contains("-C")) { // check mode runs no shell or command task
      folders(step.cwds(), PLAYBOOK, found);
      for (int i = 0; i < words.size(); i++) {
        String word = words.get(i);
        if (!word.startsWith("-") && (word.endsWith(".yml") || word.endsWith(".yaml"))) {
          for (Target target : scan.targets(step, step.args().get(i))) {
            Path parent = target.known() ? target.path().getParent() : null;
            if (parent != null && found.runs().size() < 32) {
              found.runs().add(PLAYBOOK + ":" + parent);
            }
          }
        }
      }
    }
  }

  /**
   * Whether a run entry of this class runs a written file.
   *
   * @param what the entry's kind
   * @param path the file's absolute path
   * @param lower its name in lower case
   * @param folder the entry's folder
   * @return whether it is run
   */
  static boolean reaches(String what, String path, String lower, String folder) {
    return switch (what) {
      case LANES -> lower.equals("fastfile") && RunFolders.related(path, folder);
      case PLAYBOOK ->
          (lower.endsWith(".yml") || lower.endsWith(".yaml")) && RunFolders.under(path, folder);
      default -> false;
    };
  }

  private static void folders(List<Path> cwds, String what, Found found) {
    for (Path cwd : cwds) {
      if (cwd != null && found.runs().size() < 32) {
        found.runs().add(what + ":" + cwd);
      }
    }
  }

  /** Whether a YAML file is an Ansible playbook's or role's, by where it is kept. */
  private static boolean ansible(String lower, String name) {
    if (!name.endsWith(".yml") && !name.endsWith(".yaml")) {
      return false;
    }
    return lower.contains("ansible")
        || lower.contains("/roles/") && (lower.contains("/tasks/") || lower.contains("/handlers/"))
        || lower.contains("/playbooks/")
        || name.contains("playbook");
  }

  /** A Fastfile's actions as {@code fastlane run} lines, and its {@code sh} lines. */
  private static String fastfile(String text) {
    StringBuilder shell = new StringBuilder();
    Matcher sh = SH.matcher(text);
    while (sh.find()) {
      shell.append(unquote(sh.group(1))).append('\n');
    }
    Matcher action = ACTION.matcher(text);
    while (action.find()) {
      String inside = bracketed(text, action.end());
      if (inside != null) {
        run(action.group(1), inside, shell);
      }
    }
    for (String line : text.split("\n", 400)) {
      Matcher bare = BARE_ACTION.matcher(line);
      if (bare.matches()) {
        run(bare.group(1), bare.group(2), shell);
      }
    }
    return shell.toString();
  }

  /** One action with its keyword arguments as {@code fastlane run}; none without them. */
  private static void run(String action, String arguments, StringBuilder shell) {
    if (action.equals("sh") || action.equals("lane") || action.equals("private_lane")) {
      return;
    }
    StringBuilder line = new StringBuilder("fastlane run ").append(action);
    int count = 0;
    Matcher argument = ARGUMENT.matcher(arguments);
    while (argument.find() && count < 40) {
      String value = unquote(argument.group(2));
      value = value.startsWith(":") ? value.substring(1) : value;
      line.append(' ').append(quoted(argument.group(1) + ":" + value));
      count++;
    }
    if (count > 0) {
      shell.append(line).append('\n');
    }
  }

  /** The text up to the bracket that closes the one opened before {@code from}; or null. */
  private static String bracketed(String text, int from) {
    int depth = 1;
    int end = Math.min(text.length(), from + 4000);
    for (int i = from; i < end; i++) {
      char c = text.charAt(i);
      if (c == '(') {
        depth++;
      } else if (c == ')' && --depth == 0) {
        return text.substring(from, i);
      }
    }
    return null;
  }

  /** An Ansible file's command modules' lines: on the module's line, or as a block below it. */
  private static String tasks(String text) {
    StringBuilder shell = new StringBuilder();
    String[] lines = text.split("\n", 400);
    for (int i = 0; i < lines.length; i++) {
      Matcher module = MODULE.matcher(lines[i]);
      if (!module.matches()) {
        continue;
      }
      String value = module.group(2).strip();
      if (value.isEmpty()) {
        continue; // the module's arguments below it: its cmd: is read on its own line
      }
      if (!value.startsWith("|") && !value.startsWith(">")) {
        shell.append(unquote(value)).append('\n');
        continue;
      }
      int indent = module.group(1).length();
      List<String> block = new ArrayList<>();
      for (i = i + 1; i < lines.length; i++) {
        int own = lines[i].length() - lines[i].stripLeading().length();
        if (!lines[i].isBlank() && own <= indent) {
          i--;
          break;
        }
        block.add(lines[i].strip());
      }
      String joined = String.join(value.startsWith(">") ? " " : "\n", block).strip();
      if (!joined.isEmpty()) {
        shell.append(joined).append('\n');
      }
    }
    return shell.toString();
  }

  private static String unquote(String value) {
    if (value.length() > 1
        && (value.startsWith("\"") && value.endsWith("\"")
            || value.startsWith("'") && value.endsWith("'"))) {
      return value.substring(1, value.length() - 1).replace("\\\"", "\"");
    }
    return value;
  }

  private static String quoted(String text) {
    return "'" + text.replace("'", "'\\''") + "'";
  }

  private static String orNull(String shell) {
    return shell.isBlank() ? null : shell;
  }
}
