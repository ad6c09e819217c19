package io.github.providergateway.guard.internal;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The commands a developer tool's or a build's file the session writes holds, as the shell would
 * run them (issue 80, round 7, decision 121), asked first by {@link HeldContent#asShell}: an
 * editor's tasks, a dev container's lifecycle commands, git's settings whose values are commands (a
 * filter, a diff driver, an alias with {@code !}, {@code core.fsmonitor}), {@code .envrc}, a
 * pre-commit or lefthook configuration's entries; a Gradle script's {@code commandLine}, a POM's
 * exec and antrun, a Bazel genrule's {@code cmd}, CMake's {@code COMMAND}s, a {@code build.rs}'s
 * {@code Command::new}, {@code //go:generate}. Bounded by the text {@link HeldContent} hands over
 * ({@value HeldContent#MAX_CHARS} characters); every pattern is bounded.
 */
final class ToolingCommands {
  private ToolingCommands() {}

  /** lefthook's configuration files. */
  private static final Pattern LEFTHOOK = Pattern.compile("\\.?lefthook(?:-local)?\\.ya?ml");

  /** A dev container's commands, run when it is created, started or attached. */
  private static final Pattern LIFECYCLE =
      Pattern.compile(
          "initializeCommand|onCreateCommand|updateContentCommand|postCreateCommand|postStartCommand|postAttachCommand");

  /** git's settings whose values are commands git runs. */
  private static final Pattern GIT_COMMAND_KEY =
      Pattern.compile(
          "(?i)^\\s*(clean|smudge|process|textconv|command|driver|fsmonitor|sshcommand|pager|editor|askpass|program|helper|update)\\s*=\\s*(.{1,2000})$");

  /** An alias: with {@code !} a shell command, else a git command (round 8, decision 128). */
  private static final Pattern GIT_ALIAS =
      Pattern.compile("^\\s*[\\w.-]{1,60}\\s*=\\s*\"?(!?)(.{1,2000})$");

  /** A YAML key whose value is a command: pre-commit's {@code entry:}, lefthook's {@code run:}. */
  private static final Pattern YAML_COMMAND =
      Pattern.compile("^(\\s*)(?:-\\s*)?(?:entry|run|command):\\s*(.{0,2000})$");

  /**
   * The commands a developer tool's file holds, as the shell would run them; or null for a file of
   * no tool named here.
   */
  static String commands(String path, String text) {
    String lower = path.toLowerCase(Locale.ROOT);
    String name = lower.substring(lower.lastIndexOf('/') + 1);
    String deploy = DeployTaskFiles.commands(path, text); // a lane's, a playbook's (round 61)
    if (deploy != null) {
      return deploy;
    }
    if (CronLines.cronFile(path, name)) {
      return CronLines.commands(text); // a schedule's commands (decision 302)
    }
    if (lower.contains("/.zed/") && name.equals("tasks.json")
        || lower.contains("/.vscode/")
            && (name.equals("tasks.json") || name.endsWith(".code-workspace"))
        || lower.endsWith(".code-workspace")) {
      return jsonCommands(text, false);
    }
    if (name.equals(".devcontainer.json")
        || lower.contains("/.devcontainer/") && name.endsWith(".json")) {
      return jsonCommands(text, true);
    }
    if (lower.endsWith("/.git/config")
        || name.equals(".gitconfig")
        || lower.endsWith("/.config/git/config")) {
      return gitCommands(text);
    }
    if (name.equals(".envrc")) {
      return text;
    }
    if (name.endsWith(".gradle") || name.endsWith(".gradle.kts")) {
      return orNull(gradleCommands(text));
    }
    if (name.equals("pom.xml")) {
      return orNull(mavenCommands(text));
    }
    if (name.equals("build") || name.equals("build.bazel") || name.endsWith(".bzl")) {
      return orNull(literalsAfter(text, GENRULE_CMD));
    }
    if (name.equals("cmakelists.txt") || name.endsWith(".cmake")) {
      return orNull(cmakeCommands(text));
    }
    if (name.equals("build.rs")) {
      return orNull(literalsAfter(text, RUST_COMMAND));
    }
    if (name.endsWith(".go")) {
      StringBuilder shell = new StringBuilder();
      Matcher generate = GO_GENERATE.matcher(text);
      while (generate.find()) {
        shell.append(generate.group(1).strip()).append('\n');
      }
      return orNull(shell.toString());
    }
    if (name.equals(".pre-commit-config.yaml")
        || name.contains("lefthook") && PatternLiterals.matches(LEFTHOOK, name)) {
      return yamlCommands(text, YAML_COMMAND);
    }
    if (name.equals(".gitpod.yml") || name.equals(".gitpod.yaml")) {
      return yamlCommands(text, GITPOD_COMMAND);
    }
    return null;
  }

  /** Gitpod's tasks' commands, run when a workspace starts. */
  private static final Pattern GITPOD_COMMAND =
      Pattern.compile("^(\\s*)(?:-\\s*)?(?:init|before|command):\\s*(.{0,2000})$");

  /** The values of a YAML file's command keys: on their line, or as a block below it. */
  private static String yamlCommands(String text, Pattern key) {
    StringBuilder shell = new StringBuilder();
    String[] lines = text.split("\n", 400);
    for (int i = 0; i < lines.length; i++) {
      Matcher command = key.matcher(lines[i]);
      if (!command.matches()) {
        continue;
      }
      String value = command.group(command.groupCount()).strip();
      if (!value.isEmpty() && !value.startsWith("|") && !value.startsWith(">")) {
        shell.append(unquote(value)).append('\n');
        continue;
      }
      int indent = lines[i].length() - lines[i].stripLeading().length();
      for (i = i + 1; i < lines.length; i++) {
        int own = lines[i].length() - lines[i].stripLeading().length();
        if (!lines[i].isBlank() && own <= indent) {
          i--;
          break;
        }
        shell.append(lines[i].strip()).append('\n');
      }
    }
    return shell.toString();
  }

  /** JSON with comments and trailing commas, as editors write it. */
  private static final com.fasterxml.jackson.databind.ObjectMapper JSONC =
      com.fasterxml.jackson.databind.json.JsonMapper.builder()
          .enable(com.fasterxml.jackson.core.json.JsonReadFeature.ALLOW_JAVA_COMMENTS)
          .enable(com.fasterxml.jackson.core.json.JsonReadFeature.ALLOW_TRAILING_COMMA)
          .build();

  /**
   * The commands of an editor's tasks ({@code "command"} and its {@code "args"}) or of a dev
   * container's lifecycle (a string, a list of words, an object of either). In a dev container that
   * mounts the home's folders, the container's home stands for the person's.
   */
  private static String jsonCommands(String text, boolean devcontainer) {
    com.fasterxml.jackson.databind.JsonNode root;
    try {
      root = JSONC.readTree(text);
    } catch (com.fasterxml.jackson.core.JsonProcessingException notJson) {
      return null; // a part an edit writes: not read
    }
    if (root != null && root.isArray() && !devcontainer) {
      StringBuilder shell = new StringBuilder(); // Zed's tasks: a list of them
      root.forEach(task -> tasks(task, shell));
      return shell.toString();
    }
    if (root == null || !root.isObject()) {
      return null;
    }
    StringBuilder shell = new StringBuilder();
    if (devcontainer) {
      boolean mountsHome =
          text.contains("${localEnv:HOME}") || text.contains("${localEnv:USERPROFILE}");
      root.fields()
          .forEachRemaining(
              field -> {
                if (PatternLiterals.matches(LIFECYCLE, field.getKey())) {
                  lifecycle(field.getValue(), mountsHome, shell);
                }
              });
      return shell.toString();
    }
    for (com.fasterxml.jackson.databind.JsonNode task : root.path("tasks")) {
      tasks(task, shell);
      for (String os : List.of("linux", "osx", "windows")) {
        tasks(task.path(os), shell);
      }
    }
    return shell.toString();
  }

  private static void tasks(com.fasterxml.jackson.databind.JsonNode task, StringBuilder shell) {
    if (!task.path("command").isTextual()) {
      return;
    }
    shell.append(command(task.path("command").asText(), false));
    for (com.fasterxml.jackson.databind.JsonNode arg : task.path("args")) {
      String word = arg.isTextual() ? arg.asText() : arg.path("value").asText("");
      shell.append(' ').append(quoted(command(word, false)));
    }
    shell.append('\n');
  }

  private static void lifecycle(
      com.fasterxml.jackson.databind.JsonNode value, boolean mountsHome, StringBuilder shell) {
    if (value.isTextual()) {
      shell.append(command(value.asText(), mountsHome)).append('\n');
    } else if (value.isArray()) {
      StringBuilder words = new StringBuilder();
      for (com.fasterxml.jackson.databind.JsonNode word : value) {
        words.append(quoted(command(word.asText(""), mountsHome))).append(' ');
      }
      shell.append(words.toString().strip()).append('\n');
    } else if (value.isObject()) {
      value.elements().forEachRemaining(inner -> lifecycle(inner, mountsHome, shell));
    }
  }

  private static String quoted(String text) {
    return "'" + text.replace("'", "'\\''") + "'";
  }

  /**
   * A tool's variables as the shell's; the container's home as the person's where it is mounted.
   */
  private static String command(String value, boolean mountsHome) {
    String shell =
        value
            .replace("${localEnv:HOME}", "$HOME")
            .replace("${localEnv:USERPROFILE}", "$HOME")
            .replace("${userHome}", "$HOME")
            .replace("${workspaceFolder}", ".")
            .replace("${containerWorkspaceFolder}", ".")
            .replace("${localWorkspaceFolder}", ".");
    if (mountsHome) {
      shell =
          shell
              .replace("${containerEnv:HOME}", "$HOME")
              .replaceAll("/home/[\\w.-]{1,32}(?=[/\\s\"']|$)|/root(?=[/\\s\"']|$)", "\\$HOME");
    }
    return shell;
  }

  /** git's settings whose values are commands, each as the shell would run it. */
  private static String gitCommands(String text) {
    StringBuilder shell = new StringBuilder();
    boolean alias = false;
    for (String line : text.split("\n", 400)) {
      String stripped = line.strip();
      if (stripped.startsWith("[")) {
        alias = stripped.toLowerCase(Locale.ROOT).startsWith("[alias");
        continue;
      }
      Matcher command = alias ? GIT_ALIAS.matcher(line) : GIT_COMMAND_KEY.matcher(line);
      if (command.matches()) {
        String value = command.group(command.groupCount()).strip();
        if (!alias && command.group(1).equalsIgnoreCase("update") && !value.startsWith("!")) {
          continue; // a submodule's checkout, rebase or merge: no command
        }
        if (value.startsWith("!")) {
          value = value.substring(1);
        } else if (alias && command.group(1).isEmpty()) {
          value = "git " + value; // `git tidy` runs `git restore …` as typed
        }
        shell.append(unquote(value).replace("\\\"", "\"")).append('\n');
      }
    }
    return shell.toString();
  }

  /**
   * Gradle's {@code commandLine(...)} or {@code commandLine ...}, a string's {@code .execute()}.
   */
  private static final Pattern GRADLE_EXEC =
      Pattern.compile(
          "\\bcommandLine\\b\\s*(?:=\\s*(?:listOf|arrayOf|\\[)?)?\\s*\\(?|\\bProcessBuilder\\s*\\(|\\bexec\\s*\\(\\s*(?=[\"'])");

  private static final Pattern EXECUTE =
      Pattern.compile("[\"']([^\"'\\n]{1,2000})[\"']\\s*\\.execute\\(\\)");

  /** A quoted string on one line. */
  private static final Pattern LITERAL =
      Pattern.compile("\"((?:[^\"\\\\\\n]|\\\\.){0,2000})\"|'([^'\\n]{0,2000})'");

  /** Bazel's genrule {@code cmd}. */
  private static final Pattern GENRULE_CMD = Pattern.compile("\\bcmd(?:_bash)?\\s*=\\s*");

  /** Rust's {@code Command::new(...)} and its chain of arguments. */
  private static final Pattern RUST_COMMAND = Pattern.compile("Command::new\\s*\\(");

  /** A {@code //go:generate} line. */
  private static final Pattern GO_GENERATE = Pattern.compile("(?m)^//go:generate\\s+(.{1,2000})$");

  /** CMake's commands that run a program at configure or build time. */
  private static final Pattern CMAKE_COMMAND =
      Pattern.compile(
          "(?i)\\b(?:execute_process|add_custom_command|add_custom_target)\\s*\\(([^)]{0,4000})\\)");

  /** Maven's exec plugin's executable and arguments, antrun's exec. */
  private static final Pattern MAVEN_EXEC =
      Pattern.compile(
          "<executable>([^<]{1,400})</executable>|<argument>([^<]{0,2000})</argument>"
              + "|<exec\\s[^>]{0,400}executable=\"([^\"]{1,400})\"|<arg\\s+(?:value|line)=\"([^\"]{0,2000})\"");

  private static String orNull(String shell) {
    return shell == null || shell.isBlank() ? null : shell;
  }

  /**
   * The quoted words of the rest of each line where {@code start} matches (and of the chained lines
   * up to a {@code ;} for Rust), as one command's words.
   */
  private static String literalsAfter(String text, Pattern start) {
    StringBuilder shell = new StringBuilder();
    Matcher at = start.matcher(text);
    while (at.find()) {
      int end = text.indexOf(start == RUST_COMMAND ? ';' : '\n', at.end());
      String rest =
          text.substring(at.end(), end < 0 ? Math.min(text.length(), at.end() + 2000) : end);
      StringBuilder words = new StringBuilder();
      Matcher literal = LITERAL.matcher(rest);
      while (literal.find()) {
        String word =
            literal.group(1) != null ? literal.group(1).replace("\\\"", "\"") : literal.group(2);
        words.append(start == GENRULE_CMD ? word : quoted(word)).append(' ');
      }
      shell.append(words.toString().strip()).append('\n');
    }
    return shell.toString();
  }

  /** A Gradle script's commands: {@code commandLine}'s words, a string's {@code .execute()}. */
  private static String gradleCommands(String text) {
    StringBuilder shell = new StringBuilder(literalsAfter(text, GRADLE_EXEC));
    Matcher execute = EXECUTE.matcher(text);
    while (execute.find()) {
      shell.append(execute.group(1)).append('\n');
    }
    return shell.toString();
  }

  /** A POM's exec plugin's and antrun's commands. */
  private static String mavenCommands(String text) {
    StringBuilder shell = new StringBuilder();
    Matcher exec = MAVEN_EXEC.matcher(text);
    while (exec.find()) {
      if (exec.group(1) != null || exec.group(3) != null) {
        if (!shell.isEmpty()) {
          shell.append('\n');
        }
        shell.append(exec.group(1) != null ? exec.group(1).strip() : exec.group(3).strip());
      } else if (!shell.isEmpty()) {
        String argument = exec.group(2) != null ? quoted(exec.group(2).strip()) : exec.group(4);
        shell.append(' ').append(argument);
      }
    }
    return shell.isEmpty() ? "" : shell.append('\n').toString();
  }

  /** CMake's {@code COMMAND} words, up to its next keyword. */
  private static String cmakeCommands(String text) {
    StringBuilder shell = new StringBuilder();
    Matcher call = CMAKE_COMMAND.matcher(text);
    while (call.find()) {
      boolean command = false;
      StringBuilder words = new StringBuilder();
      for (String word : call.group(1).split("\\s+")) {
        if (word.equals("COMMAND")) {
          if (!words.isEmpty()) {
            shell.append(words.toString().strip()).append('\n');
            words.setLength(0);
          }
          command = true;
        } else if (word.matches("[A-Z_]{3,}") && !word.equals("VERBATIM")) {
          command = false;
        } else if (command && !word.isEmpty()) {
          words.append(word).append(' ');
        }
      }
      if (!words.isEmpty()) {
        shell.append(words.toString().strip()).append('\n');
      }
    }
    return shell.toString();
  }

  private static String unquote(String value) {
    String v =
        value.endsWith("\"") && value.startsWith("\"") && value.length() > 1
            ? value.substring(1, value.length() - 1)
            : value;
    if (v.length() > 1 && v.startsWith("'") && v.endsWith("'")) {
      v = v.substring(1, v.length() - 1);
    }
    return v;
  }
}
