package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.FlowReading.Found;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which build and developer-tool files an ordinary command obeys (issue 80, round 7, decision 121),
 * beside {@link WrittenRuns}' scripts, hooks and manifests: a Gradle build its settings, build
 * scripts, properties and wrapper; Bazel its {@code .bazelrc}, {@code MODULE.bazel} and {@code
 * .bzl} files; Maven its {@code pom.xml} and {@code .mvn}; a package manager its registry settings
 * ({@code .npmrc}, {@code .yarnrc.yml}, {@code pip.conf}); {@code devcontainer up} and an editor
 * opening the folder their dev container and tasks; {@code direnv allow} the {@code .envrc}; every
 * git command the repository's and the person's git settings (a filter runs on {@code git add}, a
 * diff driver on {@code git diff}, {@code core.fsmonitor} on {@code git status}); a commit its
 * pre-commit or lefthook configuration. And {@code git config KEY VALUE} of a key whose value is a
 * command is remembered as that command written to the settings ({@link HeldContent}).
 */
final class ToolingRuns {
  private ToolingRuns() {}

  /** Short options clustered with {@code -f}: {@code git add -fA}. */
  private static final Pattern SHORT_FORCE = Pattern.compile("-[a-zA-Z]*f[a-zA-Z]*");

  /** tar's clustered options ending in {@code f}, its archive next: {@code czf}, {@code -cf}. */
  private static final Pattern TAR_FILE = Pattern.compile("-?[a-zA-Z]*f");

  /** lefthook's configuration files. */
  private static final Pattern LEFTHOOK = Pattern.compile("\\.?lefthook(?:-local)?\\.ya?ml");

  private static final Set<String> GRADLE = NameSet.of("gradle", "gradlew", "gradlew.bat");
  private static final Set<String> BAZEL = NameSet.of("bazel", "bazelisk");
  private static final Set<String> MAVEN = NameSet.of("mvn", "mvnw", "mvnd", "mvnw.cmd");
  private static final Set<String> PACKAGES =
      NameSet.of(
          "npm",
          "pnpm",
          "yarn",
          "bun",
          "npx",
          "pnpx",
          "bunx",
          "pip",
          "pip3",
          "uv",
          "poetry",
          "pipenv",
          "pdm",
          "twine",
          "corepack");
  private static final Set<String> EDITORS =
      NameSet.of(
          "devcontainer", "code", "code-insiders", "cursor", "codium", "windsurf", "zed", "gitpod");
  private static final Set<String> HOOK_RUNNERS = NameSet.of("pre-commit", "lefthook", "prek");

  /** The Python package managers that build a package from the folder given it. */
  private static final Set<String> PYTHON_PACKAGES =
      NameSet.of("pip", "pip3", "uv", "poetry", "pdm", "pipenv");

  /** direnv's verbs that load a folder's .envrc. */
  private static final Set<String> DIRENV_RUNS = NameSet.of("allow", "exec", "reload", "permit");

  /** git's subcommands that run its hooks. */
  private static final Set<String> GIT_HOOKED = NameSet.of("commit", "push", "merge", "rebase");

  /** git's subcommands that run none of its settings' commands. */
  private static final Set<String> GIT_QUIET =
      NameSet.of("config", "help", "version", "init", "remote");

  /** A git setting whose value is a command: a filter, a driver, a monitor, an alias. */
  private static final Pattern COMMAND_KEY =
      Pattern.compile(
          "(?i)(?:filter\\.[^.\\s]{1,60}\\.(?:clean|smudge|process)|diff\\.[^.\\s]{1,60}\\.(?:textconv|command)"
              + "|merge\\.[^.\\s]{1,60}\\.driver|core\\.(?:fsmonitor|sshcommand|pager|editor|askpass)"
              + "|sequence\\.editor|gpg(?:\\.[^.\\s]{1,20})?\\.program|credential(?:\\.[^\\s]{1,200})?\\.helper"
              + "|alias\\.[^.\\s]{1,60}|submodule\\.[^\\s]{1,200}\\.update)");

  /**
   * Reads what one program of a call runs of the build and tool files the session wrote, and the
   * commands a {@code git config} writes.
   *
   * @param scan the call's scan
   * @param step the program
   * @param words its arguments' texts
   * @param found where the run entries go
   */
  static void read(Scan scan, Step step, List<String> words, Found found) {
    DeferredRules.read(scan, step, words, found); // settings obeyed later (decision 128)
    String program = step.program();
    String what = null;
    String second = null;
    if (GRADLE.contains(program)) {
      what = "gradle";
    } else if (BAZEL.contains(program)) {
      what = "bazel";
    } else if (MAVEN.contains(program)) {
      what = "maven";
    } else if (PACKAGES.contains(program)) {
      what = "registry";
      if (PYTHON_PACKAGES.contains(program)
          && (words.contains(".") || words.contains("-e") || words.contains("build"))) {
        second = "pybuild"; // a package built from the folder: its setup.py runs
      }
    } else if (program.equals("cargo")) {
      what = "cargo";
    } else if (program.equals("cmake") || program.equals("ccmake")) {
      what = "cmake";
    } else if (program.equals("go")) {
      what = words.contains("generate") ? "gogenerate" : null;
    } else if (program.equals("python") || program.equals("python3")) {
      what =
          words.contains("build") || words.contains("pip") && words.contains(".")
              ? "pybuild"
              : null;
    } else if (EDITORS.contains(program)) {
      if (program.equals("devcontainer") || !words.isEmpty() && !words.get(0).startsWith("-")) {
        what = "editor"; // opening a folder runs its tasks that run on open
      }
    } else if (program.equals("direnv")) {
      if (!words.isEmpty() && DIRENV_RUNS.contains(words.get(0))) {
        what = "envrc";
      }
    } else if (HOOK_RUNNERS.contains(program)) {
      what = "hookcfg";
    } else if (program.equals("git")) {
      String sub = WrittenRuns.gitSubcommand(words);
      if (sub != null && !GIT_QUIET.contains(sub)) {
        what = "gitconfig";
      }
      if (sub != null && GIT_HOOKED.contains(sub)) {
        second = "hookcfg";
      }
      if ("config".equals(sub)) {
        configured(scan, step, words, found);
      }
      if ("add".equals(sub)) {
        bloats(scan, step, found);
      }
    } else if (BLOATERS.contains(program)) {
      bloats(scan, step, found);
    }
    if (UPLOADERS.contains(program)) {
      uploads(scan, step, found);
    }
    if (PEOPLE_COPIERS.contains(program)) {
      peopleIntoFixture(scan, step, found);
    }
    for (String entry : new String[] {what, second}) {
      if (entry == null) {
        continue;
      }
      for (Path cwd : step.cwds()) {
        if (cwd != null && found.runs().size() < 32) {
          found.runs().add(entry + ":" + cwd);
        }
      }
    }
  }

  /** The programs that write an archive or a split into the project, or force it into a commit. */
  static final Set<String> BLOATERS =
      NameSet.of("split", "gsplit", "tar", "gtar", "bsdtar", "zip", "7z", "7za", "git");

  /** A folder of dependencies, caches or environments: never the project's own source. */
  private static final Pattern DEPENDENCIES =
      Pattern.compile(
          "(?:^|/)(?:node_modules|\\.next|\\.nuxt|\\.venv|venv|\\.gradle|\\.terraform|__pycache__|\\.pnpm-store"
              + "|\\.cache|bower_components|\\.tox|\\.m2|target)(?:/|$)");

  /** A split's part size of 50 MB and more: made to pass a forge's file limit. */
  private static final Pattern BIG_PART =
      Pattern.compile("(?:[5-9]\\d|[1-9]\\d{2,})[mM][bB]?|\\d+[gG][bB]?");

  /**
   * What a program puts in the project that bloats its history for good once committed: a split
   * into parts of 50 MB and more, an archive of dependencies or caches, a dependency folder forced
   * past {@code .gitignore} ({@code git add -f node_modules}); each is held as {@code
   * tooling.history-bloated}, shipped by a commit.
   *
   * @param found where it is held, or {@code null} for a reading of its own, made only where
   *     something is found (the book's predicate asks of every {@code git})
   * @return what was found, or null
   */
  static String bloats(Scan scan, Step step, Found found) {
    String program = step.program();
    List<Word> args = step.args();
    String what = null;
    Word into = null;
    if (program.equals("git")) {
      boolean force = false;
      for (Word word : args) {
        String text = word.text();
        force |=
            text != null
                && (text.equals("-f")
                    || text.equals("--force")
                    || text.startsWith("-")
                        && !text.startsWith("--")
                        && PatternLiterals.matches(SHORT_FORCE, text));
      }
      for (Word word : args) {
        String text = word.text();
        if (force
            && text != null
            && !text.startsWith("-")
            && PatternLiterals.finds(DEPENDENCIES, text)) {
          what = text + " forced into the history";
          into = word;
          break;
        }
      }
    } else if (program.endsWith("split")) {
      for (int i = 0; i + 1 < args.size(); i++) {
        String text = args.get(i).text();
        if (text != null
                && (text.equals("-b") || text.equals("--bytes"))
                && PatternLiterals.matches(BIG_PART, String.valueOf(args.get(i + 1).text()))
            || text != null
                && text.startsWith("--bytes=")
                && PatternLiterals.matches(BIG_PART, text.substring(8))) {
          what =
              "parts of "
                  + (text.startsWith("--bytes=") ? text.substring(8) : args.get(i + 1).text());
        }
      }
      into = args.isEmpty() ? null : args.get(args.size() - 1);
    } else {
      boolean dependencies = false;
      for (Word word : args) {
        dependencies |=
            word.text() != null
                && !word.text().startsWith("-")
                && PatternLiterals.finds(DEPENDENCIES, word.text());
      }
      if (dependencies) {
        for (int i = 0; i < args.size(); i++) {
          String text = args.get(i).text();
          if (text == null) {
            continue;
          }
          if (text.equals("-f")
              || text.equals("--file")
              || program.contains("tar") && PatternLiterals.matches(TAR_FILE, text)) {
            into = i + 1 < args.size() ? args.get(i + 1) : null;
            break;
          }
          if (!program.contains("tar") && !text.startsWith("-") && into == null) {
            into = args.get(i); // zip's and 7z's archive: the first operand after the command
            if (program.startsWith("7") && (text.equals("a") || text.equals("u"))) {
              into = null;
              continue;
            }
            break;
          }
        }
        what = "an archive of dependencies";
      }
    }
    if (what == null || into == null || scan.call().project() == null) {
      return null;
    }
    if (holdInProject(
        scan,
        step,
        into,
        found != null ? found : new Found(),
        ToolingShapes.BLOATED + " " + FlowReading.shorten(what))) {
      return what;
    }
    return null;
  }

  /** The programs that copy rows of a file or a database's table into another file. */
  static final Set<String> PEOPLE_COPIERS =
      NameSet.of(
          "cp",
          "head",
          "tail",
          "cat",
          "cut",
          "shuf",
          "sort",
          "awk",
          "sed",
          "csvcut",
          "csvgrep",
          "xsv",
          "qsv",
          "mlr",
          "jq",
          "pg_dump",
          "mysqldump",
          "mongoexport",
          "mongodump",
          "bq",
          "sqlite3",
          "duckdb");

  /** The options that name a table or collection to dump. */
  private static final Set<String> TABLE_OPTIONS =
      NameSet.of("-t", "--table", "-c", "--collection");

  /** The options that name the file written. */
  private static final Set<String> OUT_OPTIONS = NameSet.of("--out", "-o", "--file", "-f");

  /** A file named for people's records exported: {@code customers-export-2024.csv}. */
  private static final Pattern PEOPLE_EXPORT =
      Pattern.compile(
          "(?i)(?:customer|user|member|patient|client|subscriber|account|contact|employee|people|person|buyer|shopper"
              + "|claimant|insured|policyholder|borrower|applicant|driver|rider|passenger)s?"
              + "[\\w.-]{0,40}(?:export|dump|extract|backup|prod)|(?:export|dump|extract|prod)[\\w.-]{0,40}"
              + "(?:customer|user|member|patient|client|subscriber|contact|employee|people|claimant|insured"
              + "|policyholder|borrower|applicant)");

  /** A table or collection of people. */
  private static final Pattern PEOPLE_TABLE =
      Pattern.compile(
          "(?i)(?:public\\.)?(?:customers?|users?|members?|patients?|clients?|subscribers?|accounts?|contacts?|employees?|people|persons?)");

  /** A fixture's, seed's or sample's folder or name. */
  private static final Pattern FIXTURE_TARGET =
      Pattern.compile(
          "(?i)(?:^|/)(?:tests?|spec|__tests__|testdata|test-data|__fixtures__|fixtures?|seeds?|mocks?|samples?)/|fixture|seed");

  /**
   * A program that copies people's records into a fixture, a seed or a sample: rows of a file named
   * for an export of customers or users, or a dump of a table of them ({@code pg_dump -t customers
   * … > tests/fixtures/customers.sql}); the fixture is held as {@code
   * tooling.customer-records-in-fixture}, shipped by a commit.
   *
   * @return what was found, or null
   */
  static String peopleIntoFixture(Scan scan, Step step, Found found) {
    List<Word> args = step.args();
    String source = null;
    Word into = null;
    boolean schemaOnly = false;
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if (text == null) {
        continue;
      }
      schemaOnly |=
          text.equals("--schema-only") || text.equals("-s") && step.program().equals("pg_dump");
      if (PatternLiterals.finds(PEOPLE_EXPORT, text)) {
        source = text;
      } else if (i > 0
          && (TABLE_OPTIONS.contains(args.get(i - 1).text())
              || step.program().equals("mysqldump") && !text.startsWith("-"))
          && PatternLiterals.matches(PEOPLE_TABLE, text)) {
        source = "the table " + text;
      }
      if (OUT_OPTIONS.contains(text) && i + 1 < args.size()) {
        into = args.get(i + 1);
      }
    }
    if (source == null
        || schemaOnly
        || scan.call().project() == null
        || source.startsWith("the table ") && Environments.localTestData(scan, step)) {
      return null; // a dump of a local test database is test data already
    }
    for (io.github.providergateway.guard.shell.Redirect redirect : step.invocation().redirects()) {
      if (redirect.writes() && redirect.target() != null) {
        into = redirect.target();
      }
    }
    if (into == null && step.program().equals("cp") && args.size() > 1) {
      into = args.get(args.size() - 1);
    }
    if (into == null
        || into.text() == null
        || !PatternLiterals.finds(FIXTURE_TARGET, into.text())) {
      return null;
    }
    return holdInProject(
            scan,
            step,
            into,
            found,
            ToolingShapes.RECORDS_IN_FIXTURE
                + " "
                + FlowReading.shorten(source)
                + " copied into a fixture")
        ? source
        : null;
  }

  /**
   * Holds {@code what} for the first known target of {@code into} inside the project (at most 16
   * held a call): a later run of that file is judged by it. False when no target is in the project.
   */
  private static boolean holdInProject(Scan scan, Step step, Word into, Found found, String what) {
    for (Target target : scan.targets(step, into)) {
      if (target.known()
          && target.path().startsWith(scan.call().project())
          && found.writesSenders().size() < 16) {
        found.writesSenders().put(HeldContent.KEY + target.path(), what);
        return true;
      }
    }
    return false;
  }

  /**
   * The programs that send a file they name: HTTP clients, object stores, forges, test managers.
   */
  private static final Set<String> UPLOADERS =
      NameSet.of(
          "curl",
          "wget",
          "http",
          "https",
          "xh",
          "aws",
          "gsutil",
          "gcloud",
          "az",
          "gh",
          "glab",
          "trcli",
          "allurectl",
          "buildkite-agent",
          "scp",
          "rsync",
          "rclone",
          "s3cmd",
          "mc");

  /** A word's file after an upload's field name: {@code report=@f}, {@code @f}. */
  private static final Pattern AT_FILE =
      Pattern.compile("^(?:[\\w.\\[\\]-]{0,60}=)?@?(?=[\\w./~-])");

  /** What a run entry of a file a program sends is: {@code uploads:<path>}. */
  static final String UPLOADS = "uploads";

  /**
   * The files a program sends, by the words that name them ({@code -F report=@reports/junit.xml},
   * {@code aws s3 cp f s3://…}): a held report is answered when it leaves.
   */
  private static void uploads(Scan scan, Step step, Found found) {
    for (Word word : step.args()) {
      String text = word.text();
      if (text == null || text.startsWith("-") || text.contains("://") || text.length() > 400) {
        continue;
      }
      Matcher at = AT_FILE.matcher(text);
      String file = at.lookingAt() ? text.substring(at.end()) : text;
      if (!file.contains(".") && !file.contains("/")) {
        continue;
      }
      for (Target target : scan.targets(step, Word.literal(file))) {
        if (target.known() && found.runs().size() < 32) {
          found.runs().add(UPLOADS + ":" + target.path());
        }
      }
    }
  }

  /**
   * {@code git config [--global] KEY VALUE} of a key whose value git runs: the value is held as the
   * settings file's command, judged as typed, and run by the next git command.
   */
  private static void configured(Scan scan, Step step, List<String> words, Found found) {
    boolean global = words.contains("--global") || words.contains("--system");
    int at = words.indexOf("config");
    String key = null;
    String value = null;
    for (int i = at + 1; i < words.size(); i++) {
      String word = words.get(i);
      if (word.startsWith("-")) {
        if (word.equals("-f") || word.equals("--file")) {
          return; // another file: not followed
        }
        continue;
      }
      if (key == null) {
        key = word;
      } else {
        value = word;
        break;
      }
    }
    if (key == null || value == null || !PatternLiterals.matches(COMMAND_KEY, key)) {
      return;
    }
    String section = key.substring(0, key.lastIndexOf('.'));
    String name = key.substring(key.lastIndexOf('.') + 1);
    String settings = "[" + section + "]\n\t" + name + " = " + value + "\n";
    String file = global ? "~/.gitconfig" : ".git/config";
    for (Target target : scan.targets(step, Word.literal(file))) {
      if (target.known()) {
        HeldContent.judge(scan, target.path().toString(), settings, false, found);
      }
    }
  }

  /**
   * Whether a run entry of this class ({@code <what>:<folder>}) reaches a written file.
   *
   * @param what the entry's kind
   * @param path the file's absolute path
   * @param folder the entry's folder
   * @return whether the command obeys the file
   */
  static boolean reaches(String what, String path, String folder) {
    String lower = path.toLowerCase(Locale.ROOT);
    String name = lower.substring(lower.lastIndexOf('/') + 1);
    boolean related = RunFolders.related(path, folder);
    return switch (what) {
      case "gradle" ->
          (name.endsWith(".gradle")
                  || name.endsWith(".gradle.kts")
                  || name.equals("gradle.properties")
                  || name.equals("gradle-wrapper.properties")
                  || name.equals("libs.versions.toml"))
              && (related || lower.contains("/.gradle/"));
      case "bazel" ->
          (name.endsWith("bazelrc")
                  || name.equals("module.bazel")
                  || name.equals("workspace")
                  || name.equals("workspace.bazel")
                  || name.equals("build")
                  || name.equals("build.bazel")
                  || name.endsWith(".bzl"))
              && (related || name.equals(".bazelrc"));
      case "maven" ->
          (name.equals("pom.xml")
                  || lower.contains("/.mvn/")
                  || name.equals("maven-wrapper.properties")
                  || name.equals("settings.xml") && lower.contains("/.m2/"))
              && (related || lower.contains("/.m2/"));
      case "registry" ->
          (name.equals(".npmrc")
                  || name.startsWith(".yarnrc")
                  || name.equals("bunfig.toml")
                  || name.equals("pip.conf")
                  || name.equals("pip.ini")
                  || name.equals("uv.toml")
                  || name.equals("poetry.toml")
                  || name.equals(".pypirc"))
              && (related
                  || !lower.contains("/node_modules/")
                      && lower.matches("/home/[^/]+/[^/]+|.*/\\.config/.*"));
      case "editor" ->
          (lower.contains("/.devcontainer/")
                  || name.equals(".devcontainer.json")
                  || lower.contains("/.vscode/")
                  || lower.contains("/.zed/"))
              && related;
      case "envrc" -> name.equals(".envrc") && related;
      case UPLOADS -> RunFolders.under(path, folder);
      case "cargo" -> name.equals("build.rs") && related;
      case "cmake" -> (name.equals("cmakelists.txt") || name.endsWith(".cmake")) && related;
      case "gogenerate" -> name.endsWith(".go") && related;
      case "pybuild" -> (name.equals("setup.py") || name.equals("pyproject.toml")) && related;
      case "gitconfig" ->
          lower.endsWith("/.git/config") && related
              || name.equals(".gitconfig")
              || lower.endsWith("/.config/git/config");
      case "hookcfg" ->
          (name.equals(".pre-commit-config.yaml")
                  || name.contains("lefthook") && PatternLiterals.matches(LEFTHOOK, name)
                  || name.equals("package.json"))
              && related;
      case SelectedByFiles.THEME_RUN -> name.equals(SelectedByFiles.THEME_FILE) && related;
      default ->
          ProductionEnvFiles.reaches(what, path, folder) || DeferredRules.reaches(what, path);
    };
  }

  /**
   * Whether a written file runs on the machines of those who take the repository (an editor's
   * tasks, a dev container, a committed hook's configuration, {@code .envrc}): what it holds goes
   * out with a commit or a push, whatever the rule that holds it.
   *
   * @param path the file's absolute path
   * @return whether it runs for others
   */
  static boolean runsForOthers(String path) {
    String lower = path.toLowerCase(Locale.ROOT);
    String name = lower.substring(lower.lastIndexOf('/') + 1);
    return lower.contains("/.vscode/")
        || lower.contains("/.zed/")
        || lower.contains("/.devcontainer/")
        || name.equals(".devcontainer.json")
        || name.equals(".envrc")
        || name.equals(".pre-commit-config.yaml")
        || name.equals(".gitpod.yml")
        || name.contains("lefthook") && PatternLiterals.matches(LEFTHOOK, name)
        || lower.contains("/.husky/")
        || lower.contains("/.githooks/");
  }
}
