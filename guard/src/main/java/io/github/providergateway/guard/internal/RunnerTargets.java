package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A task of the project's runner aimed at production (decision 169, {@code
 * shapes.runner-at-production}): {@code make release-units ENV=live BATCH=B2}, {@code just deploy
 * production}, {@code npm run deploy:prod}, {@code rake 'claims:suspend[f.csv]'
 * RAILS_ENV=production}. A runner is a local developer's tool, which {@link ProductionActs} never
 * reads; its targets are the project's own commands, in the trade's words, and the variables a
 * target is given say where it runs. Production is named by a variable's value ({@code ENV=prod},
 * {@code ES_HOST=es-prod.acme.internal}, {@code DATABASE_URL=$PROD_DATABASE_URL}), by the task's
 * own name ({@code deploy-prod}), by a word after it ({@code just deploy production}, {@code --
 * --env production}) or around the runner ({@code cd envs/prod}, {@code ENV=prod make …}). It is no
 * act where every task builds, checks, serves or reads ({@code make build ENV=prod}, {@code make
 * plan ENV=prod}), where the runner is told to only print ({@code make -n}), where a variable keeps
 * it dry ({@code DRY_RUN=1}), or where a test place is named beside.
 */
final class RunnerTargets {
  private RunnerTargets() {}

  /** Runners whose words after the options are targets and {@code NAME=value} variables. */
  private static final Set<String> TARGET_RUNNERS =
      NameSet.of("make", "gmake", "just", "task", "go-task", "mage", "rake", "invoke", "inv");

  /**
   * Package managers whose scripts run by {@code run} ({@code deno task}), or by the script's name
   * alone where that name names production ({@code yarn deploy:prod}).
   */
  private static final Set<String> SCRIPT_RUNNERS =
      NameSet.of("npm", "pnpm", "yarn", "bun", "deno");

  /** What follows a package manager to run a script: {@code npm run}, {@code deno task}. */
  private static final Set<String> RUN_WORDS = NameSet.of("run", "run-script", "rr", "task");

  /**
   * Options that name the runner's file or folder, production's where their value names it: {@code
   * make -f Makefile.prod}, {@code make -C envs/production}, {@code just --justfile prod.just}
   * (decision 175).
   */
  private static final Set<String> PLACES =
      NameSet.of(
          "-C",
          "-f",
          "-d",
          "-t",
          "--directory",
          "--file",
          "--makefile",
          "--justfile",
          "--working-directory",
          "--taskfile",
          "--dir",
          "--rakefile");

  /** Options of the target runners that take the next word as their value. */
  private static final Set<String> VALUED = withPlaces("-I", "-o", "-W", "--dotenv-path");

  /**
   * A package manager's own commands, which are no script of the project: {@code pnpm install
   * --prod}, {@code pnpm deploy --prod out/}.
   */
  private static final Set<String> MANAGERS_COMMANDS =
      NameSet.of(
          "install", "i", "ci", "add", "remove", "rm", "update", "up", "upgrade", "prune", "deploy",
          "publish", "pack", "exec", "dlx", "x", "audit", "link", "dedupe", "rebuild", "create",
          "init");

  /** Options of the package managers that take the next word: {@code npm --prefix web run …}. */
  private static final Set<String> MANAGER_VALUED =
      NameSet.of(
          "--prefix", "-w", "--workspace", "-C", "--dir", "--filter", "-F", "--cwd", "--cache");

  /** Options that make a runner print, list or check instead of running. */
  private static final Set<String> PRINTS =
      NameSet.of(
          "-n",
          "--just-print",
          "--dry-run",
          "--recon",
          "-q",
          "--question",
          "--dry",
          "-l",
          "--list",
          "-T",
          "--tasks",
          "-P",
          "--prereqs",
          "-W",
          "--where",
          "--summary",
          "--show",
          "--evaluate",
          "-p",
          "--print-data-base",
          "--help",
          "-h",
          "--version",
          "--choose");

  /** A task's first word that only builds, checks, serves or starts the project here. */
  private static final Set<String> DEVELOPER_TASKS =
      NameSet.of(
          "test",
          "tests",
          "lint",
          "format",
          "check",
          "ci",
          "e2e",
          "coverage",
          "start",
          "run",
          "watch",
          "image",
          "docker",
          "compile",
          "dist",
          "all",
          "default",
          "deps",
          "vendor",
          "tidy",
          "storybook",
          "preview",
          "plan",
          "diff",
          "validate",
          "verify",
          "smoke",
          "assemble",
          "clean",
          "jar",
          "boot",
          "javadoc",
          "spotless",
          "dependencies",
          // Gradle's checks and an Android variant's build (decision 232): detektMain,
          // bundleLiveRelease, connectedAndroidTest
          "bundle",
          "detekt",
          "ktlint",
          "jacoco",
          "kover",
          "dokka",
          "checkstyle",
          "pmd",
          "spotbugs",
          "connected");

  /** Gradle's options that take a value in the next word: not tasks. */
  private static final Set<String> GRADLE_VALUES =
      NameSet.of(
          "-p",
          "--project-dir",
          "-b",
          "--build-file",
          "-c",
          "--settings-file",
          "-g",
          "--gradle-user-home",
          "-I",
          "--init-script",
          "-x",
          "--exclude-task");

  /**
   * Whether a Gradle run only builds and checks: each task it is given ({@code
   * :app:assembleLiveRelease}, {@code testLiveDebugUnitTest}, {@code detekt}) starts with a
   * developer's word, as a runner's task does. An Android variant's name holds its flavour and its
   * build type ({@code Live}, {@code Release}), which name no act: building it is no release.
   */
  static boolean gradleOnlyBuilds(Step step) {
    String program = step.program();
    if (!program.equals("gradle") && !program.equals("gradlew")) {
      return false;
    }
    boolean any = false;
    String before = "";
    for (Word word : step.args()) {
      String text = word.text();
      if (!text.startsWith("-") && !GRADLE_VALUES.contains(before)) {
        if (!developers(text.substring(text.lastIndexOf(':') + 1))) {
          return false;
        }
        any = true;
      }
      before = text;
    }
    return any;
  }

  /** Whether {@code step} runs a task of the project's runner aimed at production. */
  static boolean aimed(Scan scan, Step step) {
    return acting(scan, step, false);
  }

  /**
   * Whether {@code step} runs a task of the project's runner that does more than build, check,
   * serve or read, wherever it is aimed: production's credentials loaded from a file the session
   * put in its way are its aim (decision 208, {@link ProductionEnvFiles}).
   */
  static boolean acts(Scan scan, Step step) {
    return acting(scan, step, true);
  }

  /**
   * The tasks {@code step} runs, where it is a runner read here: none where it only prints ({@code
   * make -n}) or a variable keeps it dry.
   */
  static List<String> tasks(Step step) {
    String program = step.program();
    if (!TARGET_RUNNERS.contains(program)
        && !SCRIPT_RUNNERS.contains(program)
        && !MonorepoTasks.RUNNERS.contains(program)) {
      return List.of(); // no runner: asked of every program
    }
    List<Word> args = step.args();
    List<String> tasks = new ArrayList<>();
    List<Word> rest = new ArrayList<>();
    if (TARGET_RUNNERS.contains(step.program())) {
      targets(args, tasks, rest);
    } else if (SCRIPT_RUNNERS.contains(step.program())) {
      script(args, tasks, rest);
    } else if (MonorepoTasks.RUNNERS.contains(step.program())) {
      MonorepoTasks.read(step.program(), args, tasks, rest);
    }
    return tasks;
  }

  private static boolean acting(Scan scan, Step step, boolean aimedElsewhere) {
    String program = step.program();
    if (!TARGET_RUNNERS.contains(program)
        && !SCRIPT_RUNNERS.contains(program)
        && !MonorepoTasks.RUNNERS.contains(program)) {
      return false; // no runner, no lists made: asked of every program
    }
    List<Word> args = step.args();
    List<String> tasks = new ArrayList<>();
    List<Word> rest = new ArrayList<>();
    boolean production;
    if (TARGET_RUNNERS.contains(step.program())) {
      production = targets(args, tasks, rest);
    } else if (SCRIPT_RUNNERS.contains(step.program())) {
      production = script(args, tasks, rest);
    } else if (MonorepoTasks.RUNNERS.contains(step.program())) {
      production = MonorepoTasks.read(step.program(), args, tasks, rest);
    } else {
      return false;
    }
    if (tasks.isEmpty()) {
      return false;
    }
    for (String task : tasks) {
      production |= task.length() < 128 && Environments.namesProduction(task);
    }
    production |= ProductionAims.aimedAtProduction(rest) || productionWord(rest);
    production |= PublicAudience.named(scan, args); // TARGET=public: a publication's production
    if (!aimedElsewhere
        && !production
        && !Environments.productionAround(scan, step)
        && WaivingVariables.found(scan) == null) { // SKIP_DNC_SCRUB=1, AUTO_SUBMIT=1 (d. 255)
      return false;
    }
    boolean keptOut = WaivingVariables.includesKeptOut(scan);
    for (String task : tasks) {
      // INCLUDE_ARMS=1 make export-randomization: an export of what is kept out acts (round 61)
      if (!developers(task) || keptOut && !testTask(task)) {
        // The task's own name is no place: make deploy-then-test ENV=prod (decision 175)
        List<Word> beside = new ArrayList<>();
        for (Word word : args) {
          if (!tasks.contains(word.text())) {
            beside.add(word);
          }
        }
        return !SharedActs.dryRun(args) && !TestPlaceNamed.besideProduction(step, beside);
      }
    }
    return false;
  }

  /**
   * Reads a target runner's words into its tasks and the words after the first task; true when a
   * variable given to it names production. An option that prints or a variable that keeps the run
   * dry leaves no task.
   */
  private static boolean targets(List<Word> args, List<String> tasks, List<Word> rest) {
    boolean production = false;
    for (int i = 0; i < args.size() && i < 64; i++) {
      Word word = args.get(i);
      String text = word.text();
      if (PRINTS.contains(text)) {
        tasks.clear();
        return false;
      }
      if (text.startsWith("-")) {
        int eq = text.indexOf('=');
        if (text.equals("--set") && i + 2 < args.size()) {
          i += 2; // just --set NAME VALUE
          production |= Environments.namesProduction(args.get(i).text());
        } else if (VALUED.contains(text)) {
          i++;
          production |=
              PLACES.contains(text)
                  && i < args.size()
                  && Environments.namesProduction(args.get(i).text());
        } else if (eq > 0 && PLACES.contains(text.substring(0, eq))) {
          production |= Environments.namesProduction(text.substring(eq + 1));
        }
        if (!tasks.isEmpty()) {
          rest.add(word); // inv deploy --env prod: the task's own options
        }
        continue;
      }
      int eq = text.indexOf('=');
      if (eq > 0 && text.substring(0, eq).matches("[A-Za-z_][A-Za-z0-9_.]{0,63}")) {
        String value = word.literal() || word.written() == null ? text : word.written();
        value = value.substring(value.indexOf('=') + 1);
        if (keepsDry(text.substring(0, eq), text.substring(eq + 1))) {
          tasks.clear();
          return false;
        }
        production |=
            value.length() < 256
                && (Environments.namesProduction(value)
                    || goesAhead(text.substring(0, eq), value)
                    || hostElsewhere(text.substring(0, eq), value));
        continue;
      }
      if (tasks.isEmpty() || rest.isEmpty() && tasks.size() < 8) {
        tasks.add(text);
      } else {
        rest.add(word);
      }
    }
    return production;
  }

  /** Reads a package manager's script and its words: {@code npm run deploy:prod -- --force}. */
  private static boolean script(List<Word> args, List<String> tasks, List<Word> rest) {
    int i = 0;
    while (i < args.size() && args.get(i).text().startsWith("-")) {
      i += MANAGER_VALUED.contains(args.get(i).text()) ? 2 : 1; // npm --prefix web run …
    }
    if (i + 2 < args.size() && args.get(i).text().equals("workspace")) {
      i += 2; // yarn workspace @acme/billing run …: the workspace's script
    }
    if (i >= args.size()) {
      return false;
    }
    if (!RUN_WORDS.contains(args.get(i).text())) {
      // yarn deploy:prod: a script by its name alone, read only where that name says production,
      // or the words it is given after -- do (pnpm reprice -- --env production)
      String name = args.get(i).text();
      List<Word> after = args.subList(i + 1, Math.min(args.size(), i + 33));
      if (name.length() < 128
          && (Environments.namesProduction(name)
              || !MANAGERS_COMMANDS.contains(name) && productionAfterSeparator(after))) {
        tasks.add(name);
        rest.addAll(after);
      }
      return false;
    }
    i++;
    while (i < args.size() && args.get(i).text().startsWith("-")) {
      i++;
    }
    if (i >= args.size()) {
      return false;
    }
    tasks.add(args.get(i).text());
    rest.addAll(args.subList(i + 1, Math.min(args.size(), i + 33)));
    return false;
  }

  /**
   * A word of its own that is production's name ({@code just deploy production}), or a flag that is
   * after {@code --}, where a package manager's own {@code --prod} (its dependencies) cannot be:
   * {@code npm run deploy -- --prod} (decision 175).
   */
  private static boolean productionWord(List<Word> words) {
    boolean separated = false;
    for (Word word : words) {
      String text = word.text().toLowerCase(Locale.ROOT);
      String flag = separated && text.startsWith("--") ? text.substring(2) : text;
      if (!flag.startsWith("-") && ShapeWords.PRODUCTION.contains(flag)) {
        return true;
      }
      separated |= text.equals("--");
    }
    return false;
  }

  /** Production named after {@code --}: the script's own words. */
  private static boolean productionAfterSeparator(List<Word> words) {
    for (int i = 0; i < words.size(); i++) {
      if (words.get(i).text().equals("--")) {
        List<Word> own = words.subList(i + 1, words.size());
        return ProductionAims.aimedAtProduction(own)
            || productionWord(words.subList(i, words.size()));
      }
    }
    return false;
  }

  /** A variable that keeps the run a preview: {@code DRY_RUN=1}, {@code APPLY=false}. */
  private static boolean keepsDry(String name, String value) {
    String n = name.toLowerCase(Locale.ROOT).replace("_", "").replace("-", "");
    String v = value.toLowerCase(Locale.ROOT);
    boolean yes = Set.of("1", "true", "yes", "on").contains(v);
    boolean no = Set.of("0", "false", "no", "off").contains(v);
    return (n.equals("dryrun") || n.equals("dry") || n.equals("preview")) && yes
        || (n.equals("apply") || n.equals("commit") || n.equals("execute")) && no;
  }

  /**
   * A variable that sends the task's act through (decision 225): {@code CONFIRM=yes}, {@code
   * APPLY=1}, {@code SUBMIT=1}, {@code LIVE=1}, {@code DRY_RUN=0}: a task that must be told so acts
   * for real on what others rely on, as {@code --commit} tells a trade's tool (decision 159).
   */
  private static boolean goesAhead(String name, String value) {
    String n = name.toLowerCase(Locale.ROOT).replace("_", "").replace("-", "");
    String v = value.toLowerCase(Locale.ROOT);
    boolean yes = Set.of("1", "true", "yes", "y", "on").contains(v);
    boolean no = Set.of("0", "false", "no", "n", "off").contains(v);
    return GO_AHEAD.contains(n) && yes || (n.equals("dryrun") || n.equals("noop")) && no;
  }

  /** The variables' names, without {@code _}, that tell a task to act for real. */
  private static final Set<String> GO_AHEAD =
      NameSet.of("confirm", "confirmed", "apply", "commit", "submit", "execute", "live", "yes");

  /**
   * A variable named for an address whose value is another machine's (decision 225): {@code
   * LEDGER_HOST=trustdb01.ctg-dc1.net}, {@code PLC_HOST=…}; this machine, a staging host or a test
   * endpoint is no aim.
   */
  private static boolean hostElsewhere(String name, String value) {
    List<String> parts = ServiceVerbs.split(name.toLowerCase(Locale.ROOT));
    if (parts.isEmpty() || !ADDRESS_PARTS.contains(parts.get(parts.size() - 1))) {
      return false;
    }
    return SharedActs.anyOtherMachine(Environments.hostsOf(value));
  }

  /** The last part of a variable's name that makes its value an address. */
  private static final Set<String> ADDRESS_PARTS =
      NameSet.of("host", "hostname", "server", "url", "uri", "endpoint", "addr", "gw", "gateway");

  private static Set<String> withPlaces(String... others) {
    Set<String> all = new java.util.HashSet<>(PLACES);
    all.addAll(List.of(others));
    return NameSet.copyOf(all);
  }

  /**
   * A task that only builds, checks, serves or reads: its first word says so, and that of each part
   * it joins with {@code and} or {@code then} ({@code build-and-test}; not {@code
   * build-and-deploy}, {@code check-and-close-period}, {@code deploy-then-test}: decision 175).
   */
  private static boolean developers(String task) {
    List<String> words = ServiceVerbs.split(task.length() > 64 ? task.substring(0, 64) : task);
    int start = 0;
    for (int i = 0; i <= words.size(); i++) {
      if (i == words.size() || words.get(i).equals("and") || words.get(i).equals("then")) {
        if (i > start && !developersPart(words.subList(start, i))) {
          return false;
        }
        start = i + 1;
      }
    }
    return true;
  }

  /** A task that tests or checks the project: {@code test}, {@code lint}, {@code e2e}. */
  private static boolean testTask(String task) {
    List<String> words = ServiceVerbs.split(task.length() > 64 ? task.substring(0, 64) : task);
    return words.contains("test")
        || words.contains("tests")
        || DEVELOPER_TASKS.contains(words.get(0));
  }

  private static boolean developersPart(List<String> words) {
    String first = words.get(0);
    return DEVELOPER_TASKS.contains(first)
        || DevelopersCommand.WORDS.contains(first)
        || ShapeWords.READS.contains(first)
        || words.contains("build")
        // deprovision-test-msisdns ENV=live: a destroying verb's task is no test (decision 305)
        || words.contains("test") && !ShapeWords.STRONG.contains(first);
  }
}
