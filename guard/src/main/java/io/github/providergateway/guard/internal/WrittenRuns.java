package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.FlowReading.Found;
import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Which files the session wrote a call runs, beyond a script run by its path (issue 80, decision
 * 89): {@code pytest} runs the tests and {@code conftest.py} of its folder, {@code npm install} a
 * package's install scripts, {@code npm run}, {@code npm test} and {@code npm start} its scripts
 * and sources, {@code make} its Makefile, {@code git commit} and {@code git push} the repository's
 * hooks (wherever {@code core.hooksPath} points: by the hook's name) and, for a push, its CI files.
 * Each is a run entry {@code <what>:<folder>} beside the paths run ({@link Found#runs}), matched
 * against the session's written files by {@link #matches}. And a file saved from the web ({@code
 * curl -o}, {@code wget -O}, {@code curl … > f}) is remembered as fetched ({@link #FETCHED}):
 * running it later runs what the web sent.
 */
public final class WrittenRuns {

  /** The prefix of a file saved from the web among the session's written files: its URL. */
  public static final String FETCHED = "fetched:";

  /** The prefix of another repository's clone (kept by {@code SessionPast}). */
  public static final String CLONE = "clone:";

  /** The prefix of what a written file holds ({@link HeldContent}). */
  public static final String HELD = HeldContent.KEY;

  private static final Set<String> COMMIT_HOOKS =
      NameSet.of(
          "pre-commit",
          "prepare-commit-msg",
          "commit-msg",
          "post-commit",
          "pre-merge-commit",
          "post-merge",
          "post-checkout",
          "post-rewrite");

  private static final Set<String> PUSH_HOOKS = NameSet.of("pre-push");

  private static final Pattern URL = Pattern.compile("(?i)^(?:https?|ftp)://\\S+");

  private static final Pattern JS =
      Pattern.compile("(?i)\\.(?:js|mjs|cjs|ts|mts|cts|jsx|tsx|vue|svelte|sh)$");

  private WrittenRuns() {}

  /**
   * Reads what one program of a call runs of the written files, and the files it saves from the
   * web.
   *
   * @param scan the call's scan
   * @param step the program
   * @param found where it goes
   */
  static void read(Scan scan, Step step, Found found) {
    String program = step.program();
    // The arguments' texts, as a view: read of every program of the call (a word's text is never
    // null), not copied for each.
    List<String> words = step.invocation().args();
    String first = positional(words, 0);
    List<String> entries = new ArrayList<>();
    ToolingRuns.read(scan, step, words, found); // build and tool files (decisions 121, 128)
    DeployTaskFiles.read(scan, step, words, found); // a lane's Fastfile, a playbook's roles
    switch (program) {
      case "pytest", "py.test", "tox" -> entries.add("tests");
      case "nox" -> {
        entries.add("tests");
        entries.add(TASKS); // its noxfile.py
      }
      case "python", "python3" -> {
        int m = words.indexOf("-m");
        if (m >= 0 && m + 1 < words.size() && words.get(m + 1).matches("pytest|unittest|tox")) {
          entries.add("tests");
        }
        if (m >= 0 && m + 1 < words.size() && words.get(m + 1).equals("pip")) {
          requirements(scan, step, words, found);
        }
        if (m >= 0 && m + 1 < words.size()) {
          module(scan, step, words.get(m + 1), found);
        }
      }
      case "pip", "pip3", "uv" -> requirements(scan, step, words, found);
      case "npm", "pnpm", "yarn", "bun" -> {
        if (first == null && !program.equals("npm")
            || first != null && PACKAGE_RUNS.contains(first)) {
          entries.add("npm");
        }
      }
      case "make", "gmake" -> Makefiles.entries(words, entries);
      case "git" -> {
        String sub = String.valueOf(gitSubcommand(words)); // Set.of refuses null
        String hook = COMMIT_HOOKED.contains(sub) ? "commit" : "push".equals(sub) ? "push" : null;
        if (hook != null) {
          entries.add(hook);
          hooksPath(scan, step, words, hook, found);
        }
        if ("push".equals(sub)) {
          entries.add(ADDS); // what the session's commits took goes out with it
        }
        if ("add".equals(sub) || "commit".equals(sub)) {
          added(scan, step, words, sub, found);
        }
      }
      case "gh", "glab" -> {
        bodyFiles(scan, step, words, found);
        workflowRun(step, words, found);
      }
      case "curl", "wget" -> fetched(scan, step, words, found);
      case "docker", "podman", "buildah" -> {
        if (words.contains("build") || words.contains("compose") || words.contains("bud")) {
          entries.add("image");
        }
      }
      case "docker-compose" -> entries.add("image");
      case "k6", "artillery", "locust" -> loadTest(scan, step, words, found);
      case "crontab" -> cronInstalled(scan, step, words, found);
      case "rails", "bundle" -> {
        runnerFile(scan, step, words, found);
        if (words.contains("rake")) {
          entries.add(TASKS); // bundle exec rake
        }
      }
      case "just",
          "task",
          "go-task",
          "rake",
          "invoke",
          "inv",
          "fab",
          "foreman",
          "honcho",
          "overmind",
          "hivemind" ->
          entries.add(TASKS);
      case "heroku" -> {
        if ("local".equals(first)) {
          entries.add(TASKS); // the Procfile's
        }
      }
      default -> {}
    }
    for (String entry : entries) {
      for (Path cwd : step.cwds()) {
        if (cwd != null && found.runs().size() < 32) {
          found.runs().add(entry + ":" + cwd);
        }
      }
    }
  }

  /**
   * The requirements files {@code pip install -r} reads ({@code -c} too): the options and URLs they
   * hold are pip's as if typed ({@link HeldContent}), so the files are run.
   */
  private static void requirements(Scan scan, Step step, List<String> words, Found found) {
    for (int i = 0; i + 1 < words.size(); i++) {
      String word = words.get(i);
      if (word.equals("-r")
          || word.equals("--requirement")
          || word.equals("-c")
          || word.equals("--constraint")) {
        for (Target target : scan.targets(step, Word.literal(words.get(i + 1)))) {
          if (target.known() && found.runs().size() < 32) {
            found.runs().add(target.path().toString());
          }
        }
      }
    }
  }

  /**
   * {@code crontab FILE} installs the file's schedule: its commands run (decision 302), as the
   * file's own run would run them.
   */
  private static void cronInstalled(Scan scan, Step step, List<String> words, Found found) {
    for (int i = 0; i < words.size(); i++) {
      String word = words.get(i);
      if (word.equals("-u")) {
        i++; // the user's name
      } else if (!word.startsWith("-")) {
        for (Target target : scan.targets(step, step.args().get(i))) {
          if (target.known() && found.runs().size() < 32) {
            found.runs().add(target.path().toString());
          }
        }
        return;
      }
    }
  }

  /**
   * {@code python -m scripts.fix}: the module's file of the folder the call runs in ({@code
   * scripts/fix.py}, or its package's {@code __main__.py}) is run, as {@code python scripts/fix.py}
   * runs it.
   */
  private static void module(Scan scan, Step step, String module, Found found) {
    if (!module.matches("[A-Za-z_][\\w.]{0,100}") || module.endsWith(".")) {
      return;
    }
    String path = module.replace('.', '/');
    for (String file : List.of(path + ".py", path + "/__main__.py")) {
      for (Target target : scan.targets(step, Word.literal(file))) {
        if (target.known() && found.runs().size() < 32) {
          found.runs().add(target.path().toString());
        }
      }
    }
  }

  /**
   * {@code rails runner FILE} (and {@code bundle exec rails runner}, {@code r}): the Ruby file the
   * runner loads is run, as {@code ruby FILE} runs it (decision 105).
   */
  private static void runnerFile(Scan scan, Step step, List<String> words, Found found) {
    int at = Math.max(words.indexOf("runner"), words.indexOf("r"));
    for (int i = at + 1; at >= 0 && i < words.size(); i++) {
      String word = words.get(i);
      if (word.equals("-e") || word.equals("--environment")) {
        i++; // its value
      } else if (!word.startsWith("-")) {
        if (word.endsWith(".rb")) {
          for (Target target : scan.targets(step, step.args().get(i))) {
            if (target.known() && found.runs().size() < 32) {
              found.runs().add(target.path().toString());
            }
          }
        }
        return;
      }
    }
  }

  /**
   * {@code gh workflow run NAME.yml}: the repository's workflow of that name runs (on the forge, as
   * pushed): for each folder the call runs in, its {@code .github/workflows/NAME.yml}.
   */
  private static void workflowRun(Step step, List<String> words, Found found) {
    int at = words.indexOf("workflow");
    if (at < 0 || at + 2 >= words.size() || !words.get(at + 1).equals("run")) {
      return;
    }
    String name = positional(words.subList(at + 2, words.size()), 0);
    if (name == null || !(name.endsWith(".yml") || name.endsWith(".yaml")) || name.contains("/")) {
      return;
    }
    for (Path cwd : step.cwds()) {
      if (cwd != null && found.runs().size() < 32) {
        found.runs().add(cwd.resolve(".github/workflows").resolve(name).toString());
      }
    }
  }

  /** A run entry of a task runner: the task files of its folder (decision 105). */
  static final String TASKS = "tasks";

  /** The files a task runner reads its tasks from, by their names in lower case. */
  private static final Set<String> TASK_FILES =
      NameSet.of(
          "justfile",
          ".justfile",
          "taskfile.yml",
          "taskfile.yaml",
          "rakefile",
          "tasks.py",
          "fabfile.py",
          "noxfile.py",
          "procfile");

  /** What a run entry of files a commit takes holds: {@code adds:<path or folder>}. */
  static final String ADDS = "adds";

  /**
   * The files {@code git add} or {@code git commit} takes into the history: the paths it names (a
   * folder for all below it), the folder it runs in for {@code -A}, {@code .}, {@code commit -a}. A
   * held file whose harm is in being shared ({@link #SHIPPED}) is answered there.
   */
  private static void added(Scan scan, Step step, List<String> words, String sub, Found found) {
    int at = words.indexOf(sub);
    boolean all = false;
    List<String> paths = new ArrayList<>();
    for (int i = at + 1; i < words.size(); i++) {
      String word = words.get(i);
      if (word.equals("--")) {
        continue;
      }
      boolean clustered = word.length() > 1 && word.startsWith("-") && !word.startsWith("--");
      if (word.equals("-A")
          || word.equals("--all")
          || sub.equals("commit") && clustered && word.indexOf('a') > 0) {
        all = true;
      } else if (sub.equals("commit")
          && Set.of(
                  "-m", "--message", "-F", "--file", "-C", "-c", "--author", "--date", "--trailer")
              .contains(word)) {
        i++;
      } else if (!word.startsWith("-") && sub.equals("add")) {
        paths.add(word);
      }
    }
    if (all) {
      paths.add(".");
    }
    for (String path : paths) {
      for (Target target : scan.targets(step, Word.literal(path))) {
        if (target.known() && found.runs().size() < 32) {
          found.runs().add(ADDS + ":" + target.path());
        }
      }
    }
  }

  /** What a run entry of a file a message carries as its body is: {@code sends:<path>}. */
  static final String SENDS = "sends";

  /**
   * The files a forge's command line sends as a message's text: {@code gh issue comment --body-file
   * F}, {@code -F F}, {@code gh gist create F…}. A held file that keeps a secret ({@link
   * HeldSecrets}) is answered there.
   */
  private static void bodyFiles(Scan scan, Step step, List<String> words, Found found) {
    List<String> files = new ArrayList<>();
    boolean gist = words.size() > 1 && words.get(0).equals("gist") && words.get(1).equals("create");
    for (int i = 0; i < words.size(); i++) {
      String word = words.get(i);
      if ((word.equals("--body-file") || word.equals("-F")) && i + 1 < words.size()) {
        files.add(words.get(++i));
      } else if (word.startsWith("--body-file=")) {
        files.add(word.substring("--body-file=".length()));
      } else if (gist && i > 1 && !word.startsWith("-")) {
        files.add(word);
      }
    }
    for (String file : files) {
      for (Target target : scan.targets(step, Word.literal(file))) {
        if (target.known() && found.runs().size() < 32) {
          found.runs().add(SENDS + ":" + target.path());
        }
      }
    }
  }

  /** The families whose harm a held file carries into the history it is committed to. */
  private static final List<String> SHIPPED =
      List.of(
          "checks.",
          "leak.",
          ReleaseShapes.LICENSE,
          ReleaseShapes.FUNDING,
          ToolingShapes.FAMILY,
          "customers.vulnerable-pin");

  /** The hooks folder a {@code git -c core.hooksPath=<folder>} names: its hooks run too. */
  private static void hooksPath(
      Scan scan, Step step, List<String> words, String hook, Found found) {
    for (int i = 0; i + 1 < words.size(); i++) {
      String setting = words.get(i + 1);
      if (words.get(i).equals("-c")
          && setting.regionMatches(true, 0, "core.hooksPath=", 0, "core.hooksPath=".length())) {
        String folder = setting.substring("core.hooksPath=".length());
        for (Target target : scan.targets(step, Word.literal(folder))) {
          if (target.known() && found.runs().size() < 32) {
            found.runs().add(hook + ":" + target.path());
          }
        }
      }
    }
  }

  /**
   * The script a load tester runs: {@code k6 run f.js}, {@code artillery run f.yml}, {@code -f}.
   */
  private static void loadTest(Scan scan, Step step, List<String> words, Found found) {
    int f = words.indexOf("-f");
    String script =
        f >= 0 && f + 1 < words.size()
            ? words.get(f + 1)
            : words.contains("run") ? positional(words, 1) : null;
    if (script == null) {
      return;
    }
    for (Target target : scan.targets(step, Word.literal(script))) {
      if (target.known() && found.runs().size() < 32) {
        found.runs().add(target.path().toString());
      }
    }
  }

  /** npm's (and its kin's) verbs that run the package's scripts. */
  private static final Set<String> PACKAGE_RUNS =
      NameSet.of(
          "install",
          "i",
          "ci",
          "add",
          "run",
          "run-script",
          "test",
          "t",
          "start",
          "dev",
          "rebuild",
          "restart",
          "exec",
          "x",
          "dlx",
          // npm's lifecycle: version runs preversion, version and postversion; publish and pack
          // run prepublishOnly, prepack, prepare and postpack; publish also its own scripts.
          "version",
          "publish",
          "pack");

  private static String positional(List<String> words, int index) {
    int seen = 0;
    for (String word : words) {
      if (!word.startsWith("-")) {
        if (seen++ == index) {
          return word;
        }
      }
    }
    return null;
  }

  /** git's subcommands that run the commit hooks. */
  private static final Set<String> COMMIT_HOOKED =
      NameSet.of("commit", "merge", "rebase", "am", "cherry-pick", "pull");

  /** git's own options that take a value before its subcommand. */
  private static final Set<String> GIT_VALUED =
      NameSet.of("-C", "-c", "--git-dir", "--work-tree", "--namespace");

  static String gitSubcommand(List<String> words) {
    for (int i = 0; i < words.size(); i++) {
      String word = words.get(i);
      if (GIT_VALUED.contains(word)) {
        i++;
      } else if (!word.startsWith("-")) {
        return word;
      }
    }
    return null;
  }

  /** A file {@code curl} or {@code wget} saves, with the URL it comes from. */
  private static void fetched(Scan scan, Step step, List<String> words, Found found) {
    String url = null;
    for (String word : words) {
      if (PatternLiterals.finds(URL, word)) {
        url = word;
        break;
      }
    }
    if (url == null) {
      return;
    }
    List<String> saved = new ArrayList<>();
    boolean curl = step.program().equals("curl");
    for (int i = 0; i < words.size(); i++) {
      String word = words.get(i);
      if (curl && (word.equals("-o") || word.equals("--output")) && i + 1 < words.size()) {
        saved.add(words.get(++i));
      } else if (curl && word.matches("-[a-zA-Z]*o") && i + 1 < words.size()) {
        saved.add(words.get(++i));
      } else if (curl && word.matches("-[a-zA-Z]*O[a-zA-Z]*|--remote-name")) {
        saved.add(base(url));
      } else if (!curl
          && (word.equals("-O") || word.equals("--output-document"))
          && i + 1 < words.size()) {
        saved.add(words.get(++i));
      } else if (!curl && word.startsWith("--output-document=")) {
        saved.add(word.substring("--output-document=".length()));
      }
    }
    if (!curl && saved.isEmpty()) {
      int prefix = words.indexOf("-P");
      String folder =
          prefix >= 0 && prefix + 1 < words.size() ? words.get(prefix + 1) + "/" : ""; // wget -P
      saved.add(folder + base(url)); // wget saves by the URL's name
    }
    for (Redirect redirect : step.invocation().redirects()) {
      if (redirect.writes() && redirect.target() != null) {
        saved.add(redirect.target().text());
      }
    }
    for (String file : saved) {
      if (file.equals("-") || file.startsWith("/dev/") || file.isEmpty()) {
        continue;
      }
      for (Target target : scan.targets(step, Word.literal(file))) {
        if (target.known() && found.writesSenders().size() < 16) {
          found.writesSenders().put(FETCHED + target.path(), FlowReading.shorten(url));
        }
      }
    }
  }

  private static String base(String url) {
    String path = url.replaceAll("[?#].*$", "").replaceAll("/+$", "");
    String name = path.substring(path.lastIndexOf('/') + 1);
    return name.isEmpty() || name.contains(":") ? "index.html" : name;
  }

  /**
   * The session's written files a call runs: for each run entry (a path, or {@code
   * <what>:<folder>}) the written files it reaches, each as {prefix, path, what was kept}.
   *
   * @param written the session's written files, as {@code SessionPast#senders} keeps them
   * @param runs the call's run entries
   * @return the matches, at most 16
   */
  public static List<String[]> matches(Map<String, String> written, List<String> runs) {
    List<String[]> matches = new ArrayList<>();
    for (Map.Entry<String, String> file : written.entrySet()) {
      String key = file.getKey();
      String prefix =
          key.startsWith(HELD)
              ? HELD
              : key.startsWith(FETCHED) ? FETCHED : key.startsWith(CLONE) ? CLONE : null;
      if (prefix == null || prefix.equals(HELD) && file.getValue().isEmpty()) {
        continue;
      }
      String path = key.substring(prefix.length());
      String name = path.substring(path.lastIndexOf('/') + 1); // once a file, not once a run entry
      String lower = name.toLowerCase(Locale.ROOT);
      for (String run : runs) {
        boolean adds = run.startsWith(ADDS + ":");
        if (adds
            && !shipped(file.getValue())
            && !sendsSecrets(written, path, file.getValue())
            && !ToolingRuns.runsForOthers(path)) {
          continue; // a commit takes a written file; only what harms by being shared is asked
        }
        if (run.startsWith(SENDS + ":") && !file.getValue().startsWith(HeldSecrets.RULE)) {
          continue; // a message carries a written file; only a secret it holds is answered
        }
        if (run.startsWith(ToolingRuns.UPLOADS + ":")
            && !file.getValue().startsWith(ToolingShapes.REPORT)) {
          continue; // a file sent: only a report written by hand is answered (decision 121)
        }
        if (matches.size() < 16
            && (reaches(prefix, path, name, lower, run)
                || adds && writtenBy(file.getValue(), folder(run)))) {
          TaskRunsWritten.add(written, new String[] {prefix, path, file.getValue()}, matches);
          break;
        }
      }
    }
    return matches;
  }

  /**
   * Whether one of a call's run entries runs a file the session wrote.
   *
   * @param path the file's absolute path
   * @param runs the call's run entries
   * @return whether it is run
   */
  public static boolean runs(String path, List<String> runs) {
    String name = path.substring(path.lastIndexOf('/') + 1); // once a file, not once a run entry
    String lower = name.toLowerCase(Locale.ROOT);
    for (String run : runs) {
      if (reaches(HELD, path, name, lower, run)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether a Python file is a script of a scripts' folder that pytest neither collects nor imports
   * (decision 301: {@code scripts/staging/seed_sellers.py}, run by its path): not a test's name
   * ({@code test_*.py}, {@code *_test.py}, {@code conftest.py}) and in no test's folder.
   */
  private static boolean standaloneScript(String path, String lower) {
    return (path.contains("/scripts/") || path.startsWith("scripts/"))
        && !path.contains("/test/")
        && !path.contains("/tests/")
        && !lower.startsWith("test_")
        && !lower.endsWith("_test.py")
        && !lower.equals("conftest.py");
  }

  /** Whether a run entry runs the file, by its path, its name and its name in lower case. */
  private static boolean reaches(
      String prefix, String path, String name, String lower, String run) {
    if (prefix.equals(CLONE)) {
      // A script of the clone run by its path, or its make install.
      return run.startsWith("/") && RunFolders.under(run, path)
          || run.startsWith("install:") && folder(run).equals(path)
          || run.startsWith("install:") && RunFolders.under(folder(run), path);
    }
    if (run.startsWith("/")) {
      return run.equals(path) || prefix.equals(FETCHED) && UnpackedArchives.holds(path, run);
    }
    if (prefix.equals(FETCHED)) {
      return false; // a file fetched runs only by its path
    }
    String folder = folder(run);
    String what = run.substring(0, run.indexOf(':'));
    return switch (what) {
      case "tests" ->
          lower.endsWith(".py")
              && RunFolders.related(path, folder)
              && !standaloneScript(path, lower);
      case "npm" ->
          (lower.equals("package.json") || PatternLiterals.finds(JS, lower))
              && !path.contains("/node_modules/")
              && RunFolders.related(path, folder);
      case "make", "install" -> Makefiles.isMakefile(lower) && RunFolders.related(path, folder);
      case Makefiles.MAKE_SET -> Makefiles.setReaches(path, lower, folder);
      case "commit" -> COMMIT_HOOKS.contains(name) && RunFolders.related(path, folder);
      case ADDS -> RunFolders.under(path, folder);
      case SENDS -> path.equals(folder);
      case TASKS -> TASK_FILES.contains(lower) && RunFolders.related(path, folder);
      case "image" ->
          (lower.equals("dockerfile")
                  || lower.endsWith(".dockerfile")
                  || lower.equals("containerfile")
                  || HeldContent.COMPOSE_FILE.matcher(lower).matches())
              && RunFolders.related(path, folder);
      case "push" ->
          (PUSH_HOOKS.contains(name)
                  || path.contains("/.github/workflows/")
                  || CronLines.cronFile(path, lower) // a schedule deployed with the push (d. 302)
                  || lower.equals("funding.yml") && path.contains("/.github/")
                  || lower.startsWith(".gitlab-ci")
                  || path.contains("/.circleci/"))
              && RunFolders.related(path, folder);
      default ->
          ToolingRuns.reaches(what, path, folder)
              || DeployTaskFiles.reaches(what, path, lower, folder);
    };
  }

  /**
   * Whether the code a held file keeps names the file a commit takes, by its last two names ({@code
   * fixtures/customers.json}): a file the code wrote, which carries its harm.
   */
  private static boolean writtenBy(String kept, String added) {
    int last = added.lastIndexOf('/');
    int before = last > 0 ? added.lastIndexOf('/', last - 1) : -1;
    if (last < 0 || before < 0 || last == added.length() - 1) {
      return false;
    }
    return kept.contains(added.substring(before + 1));
  }

  /**
   * A held file whose code takes secrets (a secrets rule holds it) and reaches another host (it is
   * among the session's senders): released, it sends every user's secrets out ({@code telemetry.ts}
   * posting the environment's tokens).
   */
  private static boolean sendsSecrets(Map<String, String> written, String path, String kept) {
    return kept.startsWith("secrets.") && written.containsKey(path);
  }

  private static boolean shipped(String kept) {
    for (String family : SHIPPED) {
      if (kept.startsWith(family)) {
        return true;
      }
    }
    return false;
  }

  private static String folder(String run) {
    return run.substring(run.indexOf(':') + 1);
  }
}
