package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.guard.internal.FlowReading.Found;
import io.github.providergateway.guard.shell.ShellParser;
import io.github.providergateway.guard.shell.internal.NameSet;
import io.github.providergateway.guard.shell.syntax.ShellParseException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a file the session writes holds, read as the code it is (issue 80, decision 90): a script by
 * its language (its name's ending or its {@code #!} line), a Makefile's recipes, a CI file's {@code
 * run:} steps, a {@code package.json}'s scripts, a Dockerfile's {@code RUN} lines, a git hook. The
 * text is judged by the guard's own rules as if the agent had typed it ({@code python3 -c <text>},
 * the shell lines themselves), and the first rule that would deny it (else the first that would
 * ask) under the standard preset, or under any preset when none does there, is remembered with the
 * file's path ({@link #KEY} prefix in the session's written files): a later call that runs the file
 * ({@link WrittenRuns}) is judged by that rule.
 *
 * <p>Bounds: the first {@value #MAX_CHARS} characters of what one call writes to one file are read;
 * at most {@value #MAX_FILES} files a call. A text the parser will not take is not judged. A whole
 * file written again without anything the rules find forgets what its older text held; an edit of a
 * part of it never does (the rest may still hold it).
 */
final class HeldContent {

  /** The prefix of a written file's path among the session's written files: what it holds. */
  static final String KEY = "holds:";

  /** The most characters of one written text that are judged. */
  static final int MAX_CHARS = 8 * 1024;

  /** The most files of one call that are judged. */
  static final int MAX_FILES = 4;

  private static final ObjectMapper JSON = new ObjectMapper();

  /** The argument fields an agent's file tools put written text in. */
  private static final List<String> TEXT_FIELDS =
      List.of("content", "file_text", "new_string", "new_str");

  /**
   * The first non-null answer of {@code reader} to the texts an edit or a write of {@code file}
   * puts in (each cut to {@value #MAX_CHARS} characters), or null.
   */
  static String firstOfWritten(
      CallForRules call, String file, BiFunction<String, String, String> reader) {
    for (String field : TEXT_FIELDS) {
      JsonNode text = call.args().get(field);
      if (text != null && text.isTextual()) {
        String code = text.asText();
        String held =
            reader.apply(file, code.length() <= MAX_CHARS ? code : code.substring(0, MAX_CHARS));
        if (held != null) {
          return held;
        }
      }
    }
    return null;
  }

  /** A {@code run:} step of a CI file, on one line or as a block after it. */
  private static final Pattern RUN = Pattern.compile("^(\\s*)(?:-\\s*)?(?:run|script):\\s*(.*)$");

  /** A CI expression: {@code ${{ secrets.NAME }}} is the secret's variable to the rules. */
  private static final Pattern EXPRESSION = Pattern.compile("\\$\\{\\{\\s*([^}]{0,200}?)\\s*}}");

  /** A {@code package.json} script, in a part of the file an edit writes. */
  private static final Pattern SCRIPT =
      Pattern.compile("\"([\\w:.-]{1,64})\"\\s*:\\s*\"((?:[^\"\\\\]|\\\\.){0,4000})\"");

  /** The dependencies' sections of a package. */
  private static final List<String> DEPENDENCIES =
      List.of("dependencies", "devDependencies", "optionalDependencies", "peerDependencies");

  /** A dependency's spec that is not a registry's version: a git URL, a forge's, a tarball's. */
  private static final Pattern OUTSIDE_REGISTRY =
      Pattern.compile(
          "(?:git\\+[a-z]+://|git://|github:|gitlab:|bitbucket:|gist:|https?://)\\S{1,500}"
              + "|[\\w.-]{1,100}/[\\w.-]{1,100}(?:#\\S{0,200})?");

  /** The scripts npm and its kin run themselves, or that a person runs by name. */
  private static final Set<String> SCRIPTS =
      NameSet.of(
          "preinstall",
          "install",
          "postinstall",
          "prepare",
          "preprepare",
          "postprepare",
          "prepublish",
          "prepublishOnly",
          "prepack",
          "postpack",
          "dependencies",
          "dev",
          "predev",
          "start",
          "prestart",
          "test",
          "pretest",
          "posttest",
          "build",
          "prebuild",
          "postbuild",
          "serve",
          "lint",
          // git hooks a package's hook manager installs (simple-git-hooks, husky 4, yorkie)
          "pre-commit",
          "pre-push",
          "commit-msg",
          "prepare-commit-msg",
          "post-checkout",
          "post-merge");

  private HeldContent() {}

  /**
   * Judges what a call writes to {@code path} and remembers it in {@code found}.
   *
   * @param scan the writing call's scan
   * @param path the file's absolute path
   * @param text what is written
   * @param whole whether it is the file's whole text (a clean one forgets the older)
   * @param found where to remember it
   */
  static void judge(Scan scan, String path, String text, boolean whole, Found found) {
    if (scan.ofScript() || found.writesSenders().size() >= 16 || held(found) >= MAX_FILES) {
      return;
    }
    String code = text.length() <= MAX_CHARS ? text : text.substring(0, MAX_CHARS);
    String shell = asShell(path, code);
    Hit hit = shell == null ? null : strongest(scan, path, shell);
    String shape = hit == null ? ReleaseShapes.held(path, code) : null; // no code, a shape
    // A build's or a tool's setting, a harm shipped with the code (decision 121): kept beside
    // what the text does when run, under its own key, for a commit to take.
    String shipped = shape == null ? ToolingShapes.held(path, code) : null;
    if (shape == null && shipped == null) {
      shape = DeferredShapes.held(path, code); // obeyed by a later ordinary command (decision 128)
    }
    if (hit == null && shipped != null) {
      shape = shipped;
    } else if (shipped != null) {
      found.writesSenders().put(KEY + path + ToolingShapes.SHIPPED, FlowReading.shorten(shipped));
    }
    Makefiles.keepUnresolved(scan, path, code, shell, whole, found);
    // A task file that runs a script the session wrote (decision 260), parsed once.
    String runs = hit == null && shape == null && shell != null ? TaskRunsWritten.of(shell) : null;
    if (hit != null) {
      found
          .writesSenders()
          .put(KEY + path, hit.rule().id() + " " + FlowReading.shorten(hit.found()));
    } else if (shape != null) {
      found.writesSenders().put(KEY + path, FlowReading.shorten(shape));
    } else if (runs != null) {
      found.writesSenders().put(KEY + path, runs);
    } else if (whole && shell != null) {
      found.writesSenders().put(KEY + path, ""); // the file holds nothing now
    }
    ProductionEnvFiles.written(path, code, whole, found); // an env file pointed at production
    InheritedProduction.written(path, code, whole, found); // settings inheriting production's
    ScriptArgumentWrites.written(path, code, whole, found); // a script writing its argument's file
    RehearsedRuns.written(scan, path, code, whole, hit != null, found); // its dry run's harms
  }

  private static int held(Found found) {
    int count = 0;
    for (String key : found.writesSenders().keySet()) {
      if (key.startsWith(KEY)) {
        count++;
      }
    }
    return count;
  }

  /**
   * The families whose harm is to the files, processes, disks and start-up of the machine a command
   * runs on: a Dockerfile's {@code RUN} lines run in the image being built ({@code rm -rf
   * /var/lib/apt/lists/*} is the image's own clean-up), so these are not its harms; what it sends,
   * fetches and reads out still is.
   */
  private static final Set<String> IN_THE_IMAGE =
      Set.of("fs", "machine", "system", "disks", "boot", "persist");

  private static String family(Hit hit) {
    String id = hit.rule().id();
    int dot = id.indexOf('.');
    return dot < 0 ? id : id.substring(0, dot);
  }

  /** Whether the file at {@code path} is a Dockerfile or a Containerfile, by its name. */
  private static boolean isImageFile(String path) {
    String lower = path.substring(path.lastIndexOf('/') + 1).toLowerCase(Locale.ROOT);
    return lower.equals("dockerfile")
        || lower.endsWith(".dockerfile")
        || lower.equals("containerfile");
  }

  /** The first rule that would deny the text, else the first that would ask; or null. */
  static Hit strongest(Scan scan, String path, String shell) {
    List<Hit> hits;
    try {
      var parsed = ShellParser.parseRunnable(shell);
      Path folder = scan.call().project() != null ? scan.call().project() : scan.call().cwd();
      CallForRules call =
          new CallForRules(
              "shell",
              JSON.createObjectNode().put("command", shell), // as the command typed
              scan.call().project(),
              folder == null ? Path.of(path).getParent() : folder,
              scan.call().hints());
      hits = Catalogue.scan(new Scan(scan, call, shell, parsed.invocations()));
    } catch (ShellParseException | Unreadable | IllegalArgumentException past) {
      return null; // past the parser's bounds: not judged
    }
    Hit ask = null;
    Hit any = null;
    boolean image = isImageFile(path);
    for (Hit hit : hits) {
      if (image && IN_THE_IMAGE.contains(family(hit))) {
        continue; // a RUN line's files and processes are the image's, not this machine's
      }
      RuleAction standard = hit.rule().action("standard");
      if (standard == RuleAction.DENY) {
        return hit;
      }
      if (standard == RuleAction.ASK && ask == null) {
        ask = hit;
      }
      if (any == null
          && (hit.rule().action("strict") != null || hit.rule().action("paranoid") != null)) {
        any = hit;
      }
    }
    return ask != null ? ask : any;
  }

  /**
   * The text as the shell would run it: a script of another language as its interpreter's inline
   * code, a Makefile's recipe lines, a CI file's steps, a package's scripts; null for a file that
   * is no code (a text, a data file).
   */
  static String asShell(String path, String text) {
    String name = path.substring(path.lastIndexOf('/') + 1);
    String lower = name.toLowerCase(Locale.ROOT);
    String ext = lower.contains(".") ? lower.substring(lower.lastIndexOf('.') + 1) : "";
    String interpreter = interpreter(text);
    if (interpreter == null) {
      interpreter =
          switch (ext) {
            case "py" -> "python3";
            case "js", "mjs", "cjs", "ts", "mts", "cts", "jsx", "tsx" -> "node";
            case "rb" -> "ruby";
            case "pl", "pm" -> "perl";
            case "php" -> "php";
            case "sh", "bash", "zsh", "ksh", "command" -> "sh";
            case "rake" -> "ruby";
            default -> lower.equals("rakefile") ? "ruby" : null;
          };
    }
    if (interpreter == null) {
      String tool = ToolingCommands.commands(path, text); // decision 121
      if (tool != null) {
        return tool;
      }
      // Each name's pattern is run only on a name that starts as it must: most files written.
      if ((lower.startsWith("requirements") || lower.startsWith("constraints"))
          && PatternLiterals.matches(REQUIREMENTS, lower)) {
        return requirements(text);
      }
      if (Makefiles.isMakefile(lower)) {
        return Makefiles.recipes(text, Makefiles.resolved(text, path));
      }
      if ((ext.equals("yml") || ext.equals("yaml"))
          && (path.contains("/.github/workflows/")
              || lower.startsWith(".gitlab-ci")
              || path.contains("/.circleci/")
              || lower.contains("pipeline"))) {
        return steps(text);
      }
      if (lower.equals("package.json")) {
        return scripts(text);
      }
      if (lower.equals("justfile") || lower.equals(".justfile") || ext.equals("just")) {
        return indentedLines(text);
      }
      if (lower.startsWith("taskfile") && PatternLiterals.matches(TASKFILE, lower)) {
        return taskCommands(text);
      }
      if (lower.equals("procfile") || lower.startsWith("procfile.")) {
        return procfile(text);
      }
      if ((lower.startsWith("compose") || lower.startsWith("docker-compose"))
          && PatternLiterals.matches(COMPOSE_FILE, lower)) {
        return composeCommands(text);
      }
      if (isImageFile(path)) {
        return runLines(text);
      }
      if (ext.isEmpty() && (path.contains("/hooks/") || path.contains("/.husky/"))) {
        interpreter = "sh";
      }
    }
    if (interpreter == null) {
      return null;
    }
    return switch (interpreter) {
      case "sh" -> text;
      case "php" -> "php -r " + quoted(text);
      case "ruby", "perl" -> interpreter + " -e " + quoted(text);
      case "node" -> "node -e " + quoted(text);
      default -> "python3 -c " + quoted(text);
    };
  }

  /** The interpreter a {@code #!} line names, by the names above; or null. */
  private static String interpreter(String text) {
    if (!text.startsWith("#!")) {
      return null;
    }
    int end = text.indexOf('\n');
    String line = text.substring(2, end < 0 ? Math.min(text.length(), 200) : Math.min(end, 200));
    if (line.contains("python")) {
      return "python3";
    }
    if (line.contains("node") || line.contains("deno") || line.contains("bun")) {
      return "node";
    }
    if (line.contains("ruby")) {
      return "ruby";
    }
    if (line.contains("perl")) {
      return "perl";
    }
    return "sh";
  }

  private static String quoted(String text) {
    return "'" + text.replace("'", "'\\''") + "'";
  }

  /** A Task file, by its names: {@code Taskfile.yml}, {@code taskfile.dist.yaml}. */
  private static final Pattern TASKFILE = Pattern.compile("taskfile(?:\\.dist)?\\.ya?ml");

  /** A pip requirements or constraints file, by its usual names. */
  private static final Pattern REQUIREMENTS =
      Pattern.compile("(?:requirements|constraints)[\\w.-]{0,40}\\.(?:txt|in)");

  /**
   * A requirements file's lines that say where pip installs from: an index or a link option ({@code
   * --extra-index-url URL}), a requirement by its URL ({@code git+https://…}); each as the {@code
   * pip install} typed with it. Null where there are none: the names and versions of the registry's
   * packages are no command.
   */
  private static String requirements(String text) {
    StringBuilder shell = new StringBuilder();
    for (String line : text.split("\n", 200)) {
      String stripped = line.strip();
      int comment = stripped.indexOf(" #");
      if (comment >= 0) {
        stripped = stripped.substring(0, comment).strip();
      }
      if (stripped.startsWith("-r") || stripped.startsWith("-c") || stripped.startsWith("-e")) {
        continue; // another file, or the project itself in place
      }
      if (stripped.startsWith("-") || stripped.contains("://")) {
        shell.append("pip install ").append(stripped).append('\n');
      }
    }
    return shell.isEmpty() ? null : shell.toString();
  }

  /**
   * A justfile's recipe lines (those indented under a recipe), each without its {@code @} or {@code
   * -} (decision 105).
   */
  private static String indentedLines(String text) {
    StringBuilder shell = new StringBuilder();
    for (String line : text.split("\n", -1)) {
      if (line.startsWith("\t") || line.startsWith("  ")) {
        String recipe = line.strip().replaceFirst("^[@-]+", "");
        if (!recipe.startsWith("#")) {
          shell.append(recipe).append('\n');
        }
      }
    }
    return shell.toString();
  }

  /** A Taskfile's {@code cmds:} items ({@code - cmd}, {@code - cmd: cmd}) (decision 105). */
  private static String taskCommands(String text) {
    StringBuilder shell = new StringBuilder();
    int cmds = -1; // the indent of the cmds: key being read, or -1
    for (String line : text.split("\n", -1)) {
      String stripped = line.strip();
      int indent = line.length() - line.stripLeading().length();
      if (stripped.equals("cmds:")) {
        cmds = indent;
        continue;
      }
      if (cmds >= 0 && !stripped.isEmpty() && indent <= cmds && !stripped.startsWith("-")) {
        cmds = -1;
      }
      if (cmds >= 0 && stripped.startsWith("- ")) {
        String command = stripped.substring(2).strip().replaceFirst("^cmd:\\s*", "");
        if (command.length() > 1
            && (command.startsWith("\"") && command.endsWith("\"")
                || command.startsWith("'") && command.endsWith("'"))) {
          command = command.substring(1, command.length() - 1);
        }
        if (!command.startsWith("task:")) {
          shell.append(command).append('\n');
        }
      }
    }
    return shell.toString();
  }

  /** A Compose file, by its usual names. */
  static final Pattern COMPOSE_FILE =
      Pattern.compile("(?:docker-)?compose(?:[.\\w-]{0,40})?\\.ya?ml");

  /** A service's {@code command:} or {@code entrypoint:}, in its string or its list form. */
  private static final Pattern COMPOSE_COMMAND =
      Pattern.compile("^\\s*(?:command|entrypoint):\\s*(.{1,2000})$");

  /** A word of a Compose list: a double- or single-quoted string. */
  private static final Pattern LIST_WORD =
      Pattern.compile("\"((?:[^\"\\\\]|\\\\.){0,2000})\"|'([^']{0,2000})'");

  /**
   * A Compose file's services' commands (decision 105): a string as the shell's line, a list
   * ({@code ["sh", "-c", "…"]}) as its words; what {@code docker compose up} or {@code run} starts.
   */
  private static String composeCommands(String text) {
    StringBuilder shell = new StringBuilder();
    for (String line : text.split("\n", -1)) {
      Matcher command = COMPOSE_COMMAND.matcher(line);
      if (!command.matches()) {
        continue;
      }
      String value = command.group(1).strip();
      if (value.startsWith("[") && value.endsWith("]")) {
        StringBuilder words = new StringBuilder();
        Matcher literal = LIST_WORD.matcher(value);
        while (literal.find()) {
          String word = literal.group(1) != null ? literal.group(1) : literal.group(2);
          words.append(quoted(word)).append(' ');
        }
        shell.append(words.toString().strip()).append('\n');
      } else if (!value.startsWith("|") && !value.startsWith(">")) {
        if (value.length() > 1
            && (value.startsWith("\"") && value.endsWith("\"")
                || value.startsWith("'") && value.endsWith("'"))) {
          value = value.substring(1, value.length() - 1);
        }
        shell.append(value.replace("$$", "$")).append('\n');
      }
    }
    return shell.toString();
  }

  /** A Procfile's commands: each {@code name: command} line's command (decision 105). */
  private static String procfile(String text) {
    StringBuilder shell = new StringBuilder();
    for (String line : text.split("\n", -1)) {
      int colon = line.indexOf(':');
      if (colon > 0 && line.substring(0, colon).matches("[\\w-]{1,64}")) {
        shell.append(line.substring(colon + 1).strip()).append('\n');
      }
    }
    return shell.toString();
  }

  /** A Dockerfile's {@code RUN} lines in their shell form, their continuations joined. */
  private static String runLines(String text) {
    StringBuilder shell = new StringBuilder();
    boolean running = false;
    for (String line : text.split("\n", -1)) {
      String stripped = line.strip();
      if (!running && stripped.regionMatches(true, 0, "RUN ", 0, 4)) {
        stripped = stripped.substring(4).replaceFirst("^(?:--\\S+\\s+)*", "");
        running = true;
      } else if (!running) {
        continue;
      }
      boolean more = stripped.endsWith("\\");
      shell.append(more ? stripped.substring(0, stripped.length() - 1) : stripped);
      shell.append(more ? " " : "\n");
      running = more;
    }
    return shell.toString();
  }

  /** A CI file's {@code run:} steps, with its secrets as variables. */
  private static String steps(String text) {
    StringBuilder shell = new StringBuilder();
    String[] lines = text.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      Matcher run = RUN.matcher(lines[i]);
      if (!run.matches()) {
        continue;
      }
      String rest = run.group(2).strip();
      if (rest.startsWith("|") || rest.startsWith(">") || rest.isEmpty()) {
        int indent = run.group(1).length();
        for (i = i + 1; i < lines.length; i++) {
          String line = lines[i];
          int own = line.length() - line.stripLeading().length();
          if (!line.isBlank() && own <= indent) {
            i--;
            break;
          }
          shell.append(line.strip()).append('\n');
        }
      } else {
        shell.append(rest).append('\n');
      }
    }
    return expressions(shell.toString());
  }

  private static String expressions(String text) {
    Matcher expression = EXPRESSION.matcher(text);
    StringBuilder out = new StringBuilder();
    while (expression.find()) {
      String inside = expression.group(1);
      String name = inside.substring(inside.lastIndexOf('.') + 1).replaceAll("\\W", "_");
      expression.appendReplacement(out, Matcher.quoteReplacement("$" + name));
    }
    expression.appendTail(out);
    return out.toString();
  }

  /**
   * A dependency fetched from elsewhere than the registry (a git URL, a forge's shorthand, a
   * tarball's URL; a forge's {@code owner/name} only where it is a dependency's for certain) is
   * what {@code npm install <it>} typed would install.
   */
  private static void fetched(String spec, boolean shorthand, List<String> commands) {
    if (PatternLiterals.matches(OUTSIDE_REGISTRY, spec) && (shorthand || spec.contains(":"))) {
      commands.add("npm install " + quoted(spec));
    }
  }

  /** A package's scripts: of the whole file its {@code scripts}, of a part the scripts it names. */
  private static String scripts(String text) {
    List<String> commands = new ArrayList<>();
    JsonNode whole = null;
    try {
      whole = JSON.readTree(text);
    } catch (com.fasterxml.jackson.core.JsonProcessingException notWhole) {
      // A part an edit writes is no JSON: its script entries, below.
    }
    if (whole != null && whole.isObject()) {
      whole.path("scripts").fields().forEachRemaining(e -> commands.add(e.getValue().asText("")));
      // The git hooks a package's hook manager installs, run by a commit (decision 121).
      for (JsonNode hooks :
          List.of(
              whole.path("simple-git-hooks"),
              whole.path("gitHooks"),
              whole.path("husky").path("hooks"),
              whole.path("lint-staged"))) {
        hooks
            .elements()
            .forEachRemaining(
                hook -> {
                  if (hook.isTextual()) {
                    commands.add(hook.asText(""));
                  }
                  hook.elements().forEachRemaining(inner -> commands.add(inner.asText("")));
                });
      }
      for (String kind : DEPENDENCIES) {
        whole
            .path(kind)
            .fields()
            .forEachRemaining(e -> fetched(e.getValue().asText(""), true, commands));
      }
    } else {
      Matcher script = SCRIPT.matcher(text);
      while (script.find()) {
        if (SCRIPTS.contains(script.group(1))) {
          commands.add(script.group(2).replace("\\\"", "\"").replace("\\\\", "\\"));
        } else {
          fetched(script.group(2), false, commands); // not "main": "lib/x.js"'s shorthand
        }
      }
    }
    return commands.isEmpty() ? null : String.join("\n", commands) + "\n";
  }
}
