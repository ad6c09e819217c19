package io.github.providergateway.guard.shell;

import io.github.providergateway.guard.shell.internal.NameSet;
import io.github.providergateway.guard.shell.syntax.ShellParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Runners that name the program they run and hand it the words after the name (decision 197):
 * {@code dotnet tool run NAME [--] ARGS}, {@code dotnet tool exec} and {@code dnx}, a local tool as
 * {@code dotnet NAME ARGS} (the CLI runs {@code dotnet-NAME}), {@code dotnet APP.dll ARGS}, {@code
 * dotnet run [--project P] -- ARGS}, {@code cargo run [--bin B] -- ARGS}, {@code go run PKG ARGS}
 * and {@code java -jar APP.jar ARGS} (or a main class, a source file, {@code -m MODULE}). The named
 * program and its arguments are judged as a command, as {@code npx NAME ARGS} is: the SDK's and the
 * build tools' own names ({@code dotnet build}, {@code cargo test}) are the runner alone.
 *
 * <p>A program the runner builds from the project ({@code cargo run}, {@code go run .}, {@code
 * dotnet run} without a project named) is named {@link #PROJECT_PROGRAM}: the guard knows it as no
 * developer's tool, so its words are read as a project's own program's are.
 */
final class NamedPrograms {
  /** The name given to the project's own program when the runner does not name it. */
  static final String PROJECT_PROGRAM = "project-program";

  /**
   * The .NET SDK's own commands: {@code dotnet build} runs no tool of the project's. {@code ef},
   * {@code script} and the diagnostics ({@code counters}, {@code trace}) are tools, run as {@code
   * dotnet-NAME}.
   */
  private static final Set<String> DOTNET_COMMANDS =
      NameSet.of(
          "add",
          "build",
          "build-server",
          "clean",
          "complete",
          "dev-certs",
          "format",
          "fsi",
          "help",
          "list",
          "msbuild",
          "new",
          "nuget",
          "pack",
          "package",
          "parse",
          "project",
          "publish",
          "reference",
          "remove",
          "restore",
          "sdk",
          "sln",
          "solution",
          "store",
          "test",
          "user-jwts",
          "user-secrets",
          "vstest",
          "watch",
          "workload");

  /** The dotnet host's options that take a value ({@code dotnet exec --depsfile F app.dll}). */
  private static final Set<String> DOTNET_HOST_VALUED =
      NameSet.of(
          "--additionalprobingpath",
          "--additional-deps",
          "--depsfile",
          "--runtimeconfig",
          "--fx-version",
          "--roll-forward");

  /** {@code dotnet tool exec}'s and {@code dnx}'s options that take a value. */
  private static final Set<String> TOOL_EXEC_VALUED =
      NameSet.of(
          "--version",
          "--source",
          "--add-source",
          "--configfile",
          "--framework",
          "--verbosity",
          "--arch");

  /** {@code dotnet run}'s options that take a value. */
  private static final Set<String> DOTNET_RUN_VALUED =
      NameSet.of(
          "--configuration",
          "--framework",
          "--project",
          "--file",
          "--launch-profile",
          "--runtime",
          "--arch",
          "--os",
          "--verbosity",
          "--environment");

  /** {@code cargo run}'s options that take a value. */
  private static final Set<String> CARGO_RUN_VALUED =
      NameSet.of(
          "--package",
          "--bin",
          "--example",
          "--features",
          "--jobs",
          "--profile",
          "--target",
          "--target-dir",
          "--manifest-path",
          "--color",
          "--config",
          "--message-format",
          "--lockfile-path");

  /** The options of {@code dotnet run} that name the project. */
  private static final Set<String> PROJECT_OPTIONS = NameSet.of("--project", "-p");

  /** The options of {@code cargo run} that name the binary. */
  private static final Set<String> BINARY_OPTIONS = NameSet.of("--bin", "--example");

  /** The options of {@code cargo run} that name the package, whose binary it runs by default. */
  private static final Set<String> PACKAGE_OPTIONS = NameSet.of("--package", "-p");

  /** {@code go run}'s build flags that take a value, written {@code -tags x} or {@code -tags=x}. */
  private static final Set<String> GO_VALUED =
      NameSet.of(
          "-C",
          "-p",
          "-asmflags",
          "-buildmode",
          "-compiler",
          "-gccgoflags",
          "-gcflags",
          "-installsuffix",
          "-ldflags",
          "-mod",
          "-modfile",
          "-overlay",
          "-pgo",
          "-pkgdir",
          "-tags",
          "-toolexec",
          "-exec",
          "-coverpkg",
          "-covermode");

  /** java's options that take the next word as their value. */
  private static final Set<String> JAVA_VALUED =
      NameSet.of(
          "-cp",
          "-classpath",
          "--class-path",
          "-p",
          "--module-path",
          "--upgrade-module-path",
          "--add-modules",
          "--add-opens",
          "--add-exports",
          "--add-reads",
          "--enable-native-access",
          "--patch-module",
          "--limit-modules",
          "--source");

  private NamedPrograms() {}

  /**
   * The command a runner of this kind runs, read as a command in its own right.
   *
   * @param handler the runners' table's handler name: {@code Runners.dotnet}, {@code Runners.dnx},
   *     {@code Runners.cargo}, {@code Runners.go} or {@code Runners.java}
   */
  static void read(String handler, Resolver r, List<Word> words, int depth, List<String> via)
      throws ShellParseException {
    List<Word> command = command(handler, words);
    if (command != null) {
      r.runCommand(command, depth, via);
    }
  }

  /**
   * {@return the program a runner of this kind names and the words it hands it, or null when it
   * runs none (an SDK's own command, a version asked, no name given)}
   *
   * @param handler as {@link #read}
   * @param words the runner and its arguments
   */
  static List<Word> command(String handler, List<Word> words) {
    return switch (handler) {
      case "Runners.dotnet" -> dotnet(words);
      case "Runners.dnx" -> toolExec(words, 1);
      case "Runners.cargo" -> cargoRun(words);
      case "Runners.go" -> goRun(words);
      case "Runners.java" -> java(words);
      default ->
          throw new IllegalStateException("runners.json names an unknown handler " + handler);
    };
  }

  private static List<Word> dotnet(List<Word> words) {
    int at = Wrappers.skipOptions(words, 1, "", DOTNET_HOST_VALUED, null);
    if (at >= words.size()) {
      return null; // dotnet --info, --list-sdks, --version
    }
    Word verb = words.get(at);
    String t = verb.text();
    if (t.equals("tool")) {
      String sub = at + 1 < words.size() ? words.get(at + 1).text() : "";
      return sub.equals("run") || sub.equals("exec") ? toolExec(words, at + 2) : null;
    }
    if (t.equals("exec")) {
      int app = Wrappers.skipOptions(words, at + 1, "", DOTNET_HOST_VALUED, null);
      return app < words.size() ? named(built(words.get(app), ".dll"), words, app + 1) : null;
    }
    if (t.equals("run")) {
      return dotnetRun(words, at + 1);
    }
    if (t.endsWith(".dll") || !verb.literal() && t.startsWith("$")) {
      return named(built(verb, ".dll"), words, at + 1); // dotnet "$APP_DLL" …: a file, not a tool
    }
    if (!verb.literal()
        || t.startsWith("-")
        || t.indexOf('/') >= 0
        || DOTNET_COMMANDS.contains(t)) {
      return null;
    }
    String tool = t.startsWith("dotnet-") ? t : "dotnet-" + t;
    return named(Word.literal(tool), words, at + 1);
  }

  /** {@code dotnet tool run|exec [options] NAME [--] ARGS}, {@code dnx [options] NAME ARGS}. */
  private static List<Word> toolExec(List<Word> words, int from) {
    int at = Wrappers.skipOptions(words, from, "av", TOOL_EXEC_VALUED, null);
    return at < words.size() ? named(words.get(at), words, at + 1) : null;
  }

  /** {@code dotnet run [options] [--] ARGS}: the project's program, named by {@code --project}. */
  private static List<Word> dotnetRun(List<Word> words, int from) {
    int at =
        afterOptions(
            words,
            from,
            t ->
                DOTNET_RUN_VALUED.contains(t)
                    || t.length() == 2 && "cfprav".indexOf(t.charAt(1)) >= 0
                    || t.equals("-lp"));
    if (at >= words.size()) {
      return null; // the project run with no words of its own: its behaviour is its code's
    }
    Word project = optionValue(words, from, at, PROJECT_OPTIONS);
    if (project != null) {
      project = built(lastPart(project), ".csproj");
    } else if (words.get(at).text().endsWith(".cs") && !words.get(at - 1).text().equals("--")) {
      project = built(words.get(at), ".cs"); // dotnet run app.cs: a file-based app
      at++;
    }
    return named(project == null ? Word.literal(PROJECT_PROGRAM) : project, words, at);
  }

  /**
   * {@code cargo run [options] [--] ARGS}: the binary {@code --bin} or {@code --example} names, or
   * the package.
   */
  private static List<Word> cargoRun(List<Word> words) {
    int toolchain = words.size() > 1 && words.get(1).text().startsWith("+") ? 2 : 1; // +nightly
    int at = Wrappers.skipOptions(words, toolchain, "", Set.of(), null);
    String verb = at < words.size() ? words.get(at).text() : "";
    if (!verb.equals("run") && !verb.equals("r")) {
      return null;
    }
    int args =
        afterOptions(
            words,
            at + 1,
            t ->
                CARGO_RUN_VALUED.contains(t)
                    || t.length() == 2 && "pFjZ".indexOf(t.charAt(1)) >= 0);
    if (args >= words.size()) {
      return null;
    }
    Word binary = optionValue(words, at + 1, args, BINARY_OPTIONS);
    binary = binary != null ? binary : optionValue(words, at + 1, args, PACKAGE_OPTIONS);
    return named(binary == null ? Word.literal(PROJECT_PROGRAM) : built(binary, ""), words, args);
  }

  /** {@code go run [build flags] PKG|FILE.go… ARGS}: the package's last element names it. */
  private static List<Word> goRun(List<Word> words) {
    if (words.size() < 3 || !words.get(1).text().equals("run")) {
      return null;
    }
    int i = afterOptions(words, 2, t -> t.indexOf('=') < 0 && GO_VALUED.contains(t));
    if (i >= words.size()) {
      return null;
    }
    Word pkg = words.get(i);
    int args = i + 1;
    while (pkg.text().endsWith(".go")
        && args < words.size()
        && words.get(args).text().endsWith(".go")) {
      args++; // go run main.go util.go ARGS: the files are one package
    }
    String text = pkg.text();
    int version = text.indexOf('@');
    Word name = version > 0 ? new Word(text.substring(0, version), pkg.literal()) : pkg;
    name =
        text.equals(".") || text.equals("./")
            ? Word.literal(PROJECT_PROGRAM)
            : built(lastPart(name), ".go");
    return named(name, words, args);
  }

  /**
   * Where a runner's own options end from {@code from}: after a {@code --}, or at the first word
   * that is no option; an option {@code valued} says takes a value takes the next word too.
   */
  private static int afterOptions(List<Word> words, int from, Predicate<String> valued) {
    int at = from;
    while (at < words.size()) {
      String t = words.get(at).text();
      if (t.equals("--")) {
        return at + 1;
      }
      if (!t.startsWith("-")) {
        break;
      }
      at += valued.test(t) ? 2 : 1;
    }
    return at;
  }

  /**
   * The value of the last of {@code options} among the words from {@code from} to {@code to},
   * written {@code --bin B} or {@code --bin=B}; or null.
   */
  private static Word optionValue(List<Word> words, int from, int to, Set<String> options) {
    Word value = null;
    for (int i = from; i < to; i++) {
      String t = words.get(i).text();
      int eq = t.indexOf('=');
      if (options.contains(t) && i + 1 < to) {
        value = words.get(i + 1);
      } else if (eq > 0 && options.contains(t.substring(0, eq))) {
        value = new Word(t.substring(eq + 1), words.get(i).literal());
      }
    }
    return value;
  }

  /**
   * {@code java [options] -jar APP.jar ARGS}, {@code java [options] MAIN ARGS}, {@code java
   * File.java ARGS}, {@code java -m MODULE/MAIN ARGS}: the jar, class, file or module names it.
   */
  private static List<Word> java(List<Word> words) {
    int i = 1;
    while (i < words.size()) {
      Word word = words.get(i);
      String t = word.text();
      if (t.equals("-jar") || t.equals("-m") || t.equals("--module")) {
        if (i + 1 >= words.size()) {
          return null;
        }
        Word named = words.get(i + 1);
        if (!t.equals("-jar")) {
          String module = named.text();
          named = new Word(module.substring(module.indexOf('/') + 1), named.literal());
        }
        return named(built(named, ".jar"), words, i + 2);
      }
      if (!t.startsWith("-")) {
        String main =
            t.endsWith(".java")
                ? t.substring(0, t.length() - 5)
                : t.substring(t.lastIndexOf('.') + 1);
        return named(built(new Word(main, word.literal()), ""), words, i + 1);
      }
      i += JAVA_VALUED.contains(t) ? 2 : 1;
    }
    return null; // java -version, --help
  }

  /** The program word and the words from {@code from} on, a first {@code --} taken off. */
  private static List<Word> named(Word program, List<Word> words, int from) {
    int at = from < words.size() && words.get(from).text().equals("--") ? from + 1 : from;
    List<Word> command = new ArrayList<>(1 + Math.max(0, words.size() - at));
    command.add(program);
    if (at < words.size()) {
      command.addAll(words.subList(at, words.size()));
    }
    return command;
  }

  /**
   * A program built from the project's files, its {@code suffix} taken off ({@code app.jar} is
   * {@code app}); one a variable names ({@code java -jar "$JAR"}) is the project's program, as
   * {@code python3 "$SCRIPT"} is a script: its words are read, its name is not known.
   */
  private static Word built(Word word, String suffix) {
    if (!word.literal()) {
      return Word.literal(PROJECT_PROGRAM);
    }
    String t = word.text();
    return t.endsWith(suffix) && t.length() > suffix.length()
        ? new Word(t.substring(0, t.length() - suffix.length()), word.literal())
        : word;
  }

  /** A project's path's last element: {@code tools/Abigw/} is {@code Abigw}. */
  private static Word lastPart(Word path) {
    String t = path.text();
    while (t.endsWith("/") && t.length() > 1) {
      t = t.substring(0, t.length() - 1);
    }
    return new Word(t.substring(t.lastIndexOf('/') + 1), path.literal());
  }
}
