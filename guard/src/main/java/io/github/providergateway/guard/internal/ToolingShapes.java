package io.github.providergateway.guard.internal;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a build's or a developer tool's file the session writes does later, read from its text
 * (issue 80, round 7, decision 121): the settings an ordinary build, install or commit obeys. A
 * shared build cache pushed to from this checkout (Gradle's {@code isPush = true}, Bazel's {@code
 * --remote_upload_local_results} with a writer's credentials, Maven's build cache saved to its
 * remote); a wrapper, an archive or a repository fetched from where nothing checks it (a Gradle or
 * Maven wrapper from an unknown host with no checksum, a Bazel {@code http_archive} with no {@code
 * sha256}, a Gradle repository over plain HTTP); a registry token written for a host that is not a
 * known registry; tests switched off or made to pass with none; a CI job named for a required check
 * that runs nothing; source code marked generated or undiffable so a review folds it; a destructive
 * statement behind a date; a test that records the whole environment. Each answers the rule's id
 * and what was found, as {@link HeldContent} keeps a file's held rule, or null.
 *
 * <p>And the commands a developer tool's file holds ({@link #commands}): an editor's tasks, a dev
 * container's lifecycle commands, git's settings whose values are commands (a filter, a diff
 * driver, an alias with {@code !}, {@code core.fsmonitor}), {@code .envrc}, a pre-commit or
 * lefthook configuration's entries. Bounded by the text {@link HeldContent} hands over ({@value
 * HeldContent#MAX_CHARS} characters); every pattern is bounded.
 */
final class ToolingShapes {
  private ToolingShapes() {}

  static final String FAMILY = "tooling.";

  /**
   * The suffix of a written file's key under which the harm it ships is kept beside what its text
   * does when run: only a commit's entries reach it ({@link WrittenRuns}).
   */
  static final String SHIPPED = "#shipped";

  static final String CACHE_PUSH = "tooling.shared-cache-pushed";
  static final String UNVERIFIED = "tooling.unverified-build-download";
  static final String REGISTRY_TOKEN = "tooling.registry-token-elsewhere";
  static final String TESTS_OFF = "tooling.tests-switched-off";
  static final String CHECK_HOLLOW = "tooling.check-hollowed";
  static final String HIDDEN = "tooling.hidden-from-review";
  static final String DELAYED = "tooling.delayed-destruction";
  static final String ENV_RECORDED = "tooling.environment-recorded";
  static final String BACKDOOR = "tooling.auth-backdoor";
  static final String BLOATED = "tooling.history-bloated";
  static final String RECORDS_IN_FIXTURE = "tooling.customer-records-in-fixture";

  /** Hosts of this machine and of a company's own network: no one else's cache or registry. */
  private static final Pattern OWN_HOST =
      Pattern.compile(
          "(?i)(?:localhost|127\\.\\d+\\.\\d+\\.\\d+|\\[::1]|0\\.0\\.0\\.0|host\\.docker\\.internal)"
              + "(?::\\d+)?");

  /** A URL's host. */
  private static final Pattern URL_HOST =
      Pattern.compile(
          "(?i)(?:https?|grpcs?|s3|gs)\\\\?://(?:[^@/\\s\"']{0,200}@)?([\\w.-]{1,200})");

  /** Gradle's remote build cache pushed to: {@code isPush = true}, {@code push = true}. */
  private static final Pattern GRADLE_PUSH =
      Pattern.compile("\\b(?:isPush|push|setPush)\\s*(?:=\\s*|\\(\\s*|\\s+)true\\b");

  /** Gradle's repository allowed over plain HTTP. */
  private static final Pattern INSECURE =
      Pattern.compile(
          "\\b(?:isAllowInsecureProtocol|allowInsecureProtocol)\\s*(?:=\\s*|\\(\\s*|\\s+)true\\b");

  /** Bazel's remote cache or executor. */
  private static final Pattern BAZEL_REMOTE =
      Pattern.compile("--remote_(?:cache|executor)[= ]['\"]?([^\\s'\"]{1,300})");

  /** Bazel told to upload what this machine built. */
  private static final Pattern BAZEL_UPLOAD =
      Pattern.compile("--remote_upload_local_results(?:=(?:true|1|yes)\\b|\\s|$)");

  /** Bazel told not to. */
  private static final Pattern BAZEL_NO_UPLOAD =
      Pattern.compile(
          "--remote_upload_local_results=(?:false|0|no)\\b|--noremote_upload_local_results");

  /** A credential Bazel sends its remote: a service account's key, a header, a helper, a cert. */
  private static final Pattern BAZEL_CREDENTIAL =
      Pattern.compile(
          "(?i)--(?:google_credentials|credential_helper|tls_client_certificate)\\b"
              + "|--remote_header=['\"]?(?:authorization|x-api-key|x-buildbuddy-api-key)");

  /** Maven's build cache saved to its remote. */
  private static final Pattern MAVEN_SAVE =
      Pattern.compile(
          "saveToRemote\\s*=\\s*\"true\"|<saveToRemote>\\s*true|maven\\.build\\.cache\\.remote\\.save\\.enabled=true");

  /** The hosts a build tool's own distributions come from. */
  private static final Set<String> WRAPPER_HOSTS =
      Set.of(
          "services.gradle.org",
          "downloads.gradle.org",
          "downloads.gradle-dn.com",
          "repo.maven.apache.org",
          "repo1.maven.org",
          "dlcdn.apache.org",
          "archive.apache.org");

  /** The hosts an archive of Bazel's rules ordinarily comes from. */
  private static final Set<String> ARCHIVE_HOSTS =
      Set.of(
          "github.com",
          "codeload.github.com",
          "objects.githubusercontent.com",
          "mirror.bazel.build",
          "bcr.bazel.build",
          "releases.bazel.build",
          "storage.googleapis.com",
          "dl.google.com",
          "static.rust-lang.org",
          "go.dev",
          "dl.k8s.io",
          "gitlab.com");

  /** A Bazel repository rule that downloads. */
  private static final Pattern HTTP_RULE =
      Pattern.compile("\\b(?:http_archive|http_file|http_jar|jvm_maven_import_external)\\s*\\(");

  /** The public registries and the forges' and vendors' package hosts. */
  private static final Pattern KNOWN_REGISTRY =
      Pattern.compile(
          "(?i)(?:registry\\.npmjs\\.org|registry\\.yarnpkg\\.com|npm\\.pkg\\.github\\.com"
              + "|maven\\.pkg\\.github\\.com|pypi\\.org|upload\\.pypi\\.org|files\\.pythonhosted\\.org"
              + "|gitlab\\.com|[\\w.-]*\\.jfrog\\.io|[\\w.-]*pkgs\\.dev\\.azure\\.com|pkgs\\.dev\\.azure\\.com"
              + "|[\\w.-]*\\.codeartifact\\.[\\w.-]*\\.amazonaws\\.com|[\\w.-]*\\.cloudsmith\\.io"
              + "|repo\\.maven\\.apache\\.org|[\\w.-]*\\.pkg\\.dev|registry\\.npmmirror\\.com"
              + "|[\\w.-]+\\.(?:internal|corp|lan|local|intra))");

  /** A registry's token written in its literal, with the host it is for. */
  private static final Pattern NPM_TOKEN =
      Pattern.compile(
          "//([\\w.-]{1,200})(?::\\d+)?[^\\s:]{0,200}:_(?:authToken|auth|password)\\s*=\\s*([^\\s$]\\S{0,300})");

  /** Yarn's token for its registry, and the registry it names. */
  private static final Pattern YARN_TOKEN =
      Pattern.compile("npmAuth(?:Token|Ident)\\s*:\\s*['\"]?([^\\s'\"$]{8,300})");

  /** A registry a configuration names. */
  private static final Pattern REGISTRY =
      Pattern.compile(
          "(?i)(?:registry|npmRegistryServer|index-url|extra-index-url|repository)\\s*[=:]\\s*['\"]?"
              + "https?://(?:[^@/\\s\"']{1,200}@)?([\\w.-]{1,200})");

  /** A URL with its user's password in it: {@code https://user:secret@host/}. */
  private static final Pattern URL_PASSWORD =
      Pattern.compile("https?://[^:/@\\s\"']{1,100}:([^@/\\s\"'$]{6,200})@([\\w.-]{1,200})");

  private static final Pattern PASS_WITH_NONE =
      Pattern.compile(
          "passWithNoTests\\s*[:=]\\s*true|--passWithNoTests|--suppress-no-test-exit-code");

  /** An ignore list's entry that is source, not a build's output or a dependency. */
  private static final Pattern IGNORED_SOURCE =
      Pattern.compile(
          "(?:testPathIgnorePatterns|modulePathIgnorePatterns|exclude|testIgnore|--ignore"
              + "|collect_ignore(?:_glob)?|--deselect)[^\\n]{0,40}(?:\\n[^\\n]{0,200}){0,12}?"
              + "['\"=\\s](?:<rootDir>/)?(?:\\./)?(?:src|lib|app|apps|packages|services|tests?)/"
              + "(?!(?:fixtures|__fixtures__|e2e|generated|__generated__)/)([\\w-]{2,60})");

  /** Tests skipped by the build tool, or their failures ignored. */
  private static final Pattern SKIPPED =
      Pattern.compile(
          "<skipTests>\\s*true|<maven\\.test\\.skip>\\s*true|<testFailureIgnore>\\s*true"
              + "|<maven\\.test\\.failure\\.ignore>\\s*true"
              + "|\\bignoreFailures\\s*(?:=\\s*|\\s+)true"
              + "|(?:tasks\\.)?test\\s*\\{[^}]{0,200}\\benabled\\s*=\\s*false"
              + "|tasks\\.(?:named\\(\"test\"\\)|test|withType<Test>)[^\\n]{0,80}(?:enabled\\s*=\\s*false|onlyIf\\s*\\{\\s*false)");

  /** A test command in a CI step. */
  private static final Pattern TEST_COMMAND =
      Pattern.compile(
          "(?:npm|pnpm|yarn|bun)\\s+(?:run\\s+)?test\\b|\\bnpx\\s+(?:jest|vitest)|\\b(?:jest|vitest|pytest|tox|rspec)\\b"
              + "|\\b(?:mvn|mvnw|gradle|gradlew)\\b[^\\n]{0,80}\\b(?:test|verify|check)\\b"
              + "|\\b(?:go|cargo|dotnet|mix)\\s+test\\b|\\bmake\\s+(?:test|check)\\b");

  /** A test command whose failure is swallowed. */
  private static final Pattern SWALLOWED =
      Pattern.compile(
          "\\s\\|\\|\\s*(?:true|:|exit\\s+0|echo\\b)|;\\s*exit\\s+0\\s*$", Pattern.MULTILINE);

  /** A job's key in a workflow, at its indent. */
  private static final Pattern JOB_KEY = Pattern.compile("^( {2,4})([\\w-]{1,60}):\\s*$");

  /** A check's usual names. */
  private static final Pattern CHECK_NAME =
      Pattern.compile(
          "(?i)(?:tests?|build|ci|lint|checks?|verify|required|e2e|unit|integration|typecheck)");

  /** What a step that runs nothing runs. */
  private static final Pattern NOTHING =
      Pattern.compile(
          "(?i)\\s*(?:echo\\b[^\\n|;&]{0,200}|true|:|exit\\s+0|sleep\\s+\\d+|printf\\b[^\\n|;&]{0,200})\\s*");

  /** A {@code .gitattributes} line that folds or hides a path's diff. */
  private static final Pattern HIDING =
      Pattern.compile("(?:^|\\s)(?:linguist-generated(?:=true)?|-diff|diff=none|binary)(?=\\s|$)");

  /** Source code, by its ending. */
  private static final Pattern SOURCE =
      Pattern.compile(
          "(?i)\\.(?:ts|tsx|js|jsx|mjs|cjs|py|rb|go|java|kt|kts|scala|rs|c|cc|cpp|h|hpp|cs|php|swift|m|sql|sh|vue|svelte|ex|exs|tf)$"
              + "|^(?:src|lib|app|pkg|internal|cmd|server|services)/");

  /** What a generated or vendored path is called. */
  private static final Pattern GENERATED_PATH =
      Pattern.compile(
          "(?i)generated|gen/|vendor|third_party|node_modules|dist/|build/|\\.min\\.|_pb2|\\.pb\\.|lock|snapshots?/|\\.snap$|migrations?/");

  /** A clock read in a condition, and a fixed date or instant to compare it with. */
  private static final Pattern CLOCK =
      Pattern.compile(
          "Date\\.now\\(\\)|new Date\\(\\)|datetime\\.(?:now|utcnow|today)\\(|date\\.today\\(|time\\.time\\(\\)"
              + "|System\\.currentTimeMillis\\(\\)|Instant\\.now\\(\\)|LocalDate(?:Time)?\\.now\\(\\)"
              + "|time\\.Now\\(\\)|Time\\.(?:now|current)\\b|DateTime\\.(?:now|utc_now)\\b|\\$\\(date\\b|\\btimezone\\.now\\(");

  private static final Pattern FIXED_DATE =
      Pattern.compile("\\b20[2-9]\\d\\b|\\b1[7-9]\\d{8}(?:\\d{3})?(?!\\d)");

  private static final Pattern CONDITION =
      Pattern.compile("\\b(?:if|when|unless|while|elif)\\b|\\?\\s*[^:]{1,80}:");

  /** A statement that destroys a store's data or a tree of files as a whole. */
  private static final Pattern DESTROYS =
      Pattern.compile(
          "(?i)\\btruncate\\s+(?:table\\s+)?\\w|\\bdrop\\s+(?:table|database|schema|collection)\\b"
              + "|\\bdelete\\s+from\\s+[\\w.\"`]{1,60}\\s*(?:['\"`;)]|$)|\\brm\\s+-[a-z]*r[a-z]*f|\\brm\\s+-[a-z]*f[a-z]*r"
              + "|shutil\\.rmtree|\\bdropDatabase\\(|deleteMany\\(\\s*\\{\\s*}\\s*\\)|\\bdestroy_all\\b|\\bdelete_all\\b"
              + "|\\bflushall\\b|\\bflushdb\\b|fs\\.rm(?:Sync)?\\([^)]{0,80}recursive|\\bdrop_all\\(",
          Pattern.MULTILINE);

  /** A test's file, by its name or folder. */
  private static final Pattern TEST_FILE =
      Pattern.compile(
          "(?i)(?:\\.(?:test|spec)\\.[cm]?[jt]sx?$|(?:^|/)test_[^/]{1,80}\\.py$|_test\\.(?:py|go|rb)$|_spec\\.rb$"
              + "|/(?:tests?|__tests__|spec)/|conftest\\.py$)");

  /** The whole environment, not one variable of it. */
  private static final Pattern WHOLE_ENV =
      Pattern.compile(
          "process\\.env(?![\\w.\\[?])|\\{\\s*\\.\\.\\.process\\.env\\s*}|dict\\(os\\.environ\\)|os\\.environ(?![\\w.\\[])"
              + "|os\\.Environ\\(\\)|ENV\\.to_h\\b|System\\.getenv\\(\\)|Deno\\.env\\.toObject\\(\\)");

  /** What records a value for good: a snapshot, a golden file, a file written, a log. */
  private static final Pattern RECORDS =
      Pattern.compile(
          "toMatch(?:Inline|File)?Snapshot|toMatchSpecificSnapshot|assert_match_snapshot|snapshot\\s*==|\\.snapshot\\("
              + "|match_snapshot|snaps\\.Match|golden|writeFileSync|json\\.dump|yaml\\.dump|File\\.write|console\\.log|print\\(");

  /**
   * {@return the held rule's id and what was found in {@code text}, written to {@code path}; or
   * null}
   */
  static String held(String path, String text) {
    String lower = path.toLowerCase(Locale.ROOT);
    String name = lower.substring(lower.lastIndexOf('/') + 1);
    String found = config(path, lower, name, text);
    if (found != null) {
      return found;
    }
    String pin = KnownVulnerable.inManifest(path, text);
    if (pin != null) {
      return "customers.vulnerable-pin " + pin;
    }
    if (FIXTURE.matcher(lower).find()) {
      String people = personalRecords(text);
      if (people != null) {
        return RECORDS_IN_FIXTURE + " " + people;
      }
    }
    if (TEST_FILE.matcher(lower).find()) {
      String env = environmentRecorded(text);
      if (env != null) {
        return ENV_RECORDED + " " + env;
      }
    }
    if (SOURCE.matcher(name).find() || name.endsWith(".rake")) {
      String bomb = delayed(text);
      if (bomb != null) {
        return DELAYED + " " + bomb;
      }
      String door = TEST_FILE.matcher(lower).find() ? null : backdoor(text);
      if (door != null) {
        return BACKDOOR + " " + door;
      }
    }
    return null;
  }

  private static String config(String path, String lower, String name, String text) {
    if (name.endsWith(".gradle") || name.endsWith(".gradle.kts")) {
      if (text.contains("buildCache") && GRADLE_PUSH.matcher(text).find()) {
        String host = foreignHost(text, 0);
        if (host != null) {
          return CACHE_PUSH + " a remote build cache pushed to from this checkout (" + host + ")";
        }
      }
      Matcher insecure = INSECURE.matcher(text);
      if (insecure.find() && text.contains("http://")) {
        return UNVERIFIED + " a repository over plain HTTP (allowInsecureProtocol)";
      }
      return tests(text);
    }
    if (name.endsWith("bazelrc")) {
      Matcher remote = BAZEL_REMOTE.matcher(text);
      while (remote.find()) {
        String host = foreignHost(remote.group(1), 0);
        if (host != null
            && !BAZEL_NO_UPLOAD.matcher(text).find()
            && (BAZEL_UPLOAD.matcher(text).find() || BAZEL_CREDENTIAL.matcher(text).find())) {
          return CACHE_PUSH + " this machine's results uploaded to " + host;
        }
      }
      return null;
    }
    if (name.equals("maven-build-cache-config.xml")
        || lower.endsWith("/.mvn/maven.config")
        || name.equals("pom.xml") && text.contains("build-cache")) {
      if (MAVEN_SAVE.matcher(text).find()) {
        String host = foreignHost(text, 0);
        return CACHE_PUSH
            + " the build cache saved to its remote"
            + (host == null ? "" : " (" + host + ")");
      }
    }
    if (name.equals("gradle-wrapper.properties") || name.equals("maven-wrapper.properties")) {
      return wrapper(text);
    }
    if (name.equals("module.bazel")
        || name.equals("workspace")
        || name.equals("workspace.bazel")
        || name.endsWith(".bzl")) {
      return archives(text);
    }
    if (name.equals(".npmrc")
        || name.startsWith(".yarnrc")
        || name.equals("bunfig.toml")
        || name.equals("pip.conf")
        || name.equals("pip.ini")
        || name.equals("uv.toml")
        || name.equals("poetry.toml")
        || name.equals(".pypirc")) {
      return registryToken(text);
    }
    if (name.equals(".gitattributes")) {
      return hidden(text);
    }
    if (name.matches(
            "(?:jest|vitest|vite|playwright|karma|ava|mocha)\\.config\\.[cm]?[jt]s|\\.mocharc\\.\\w{2,4}")
        || name.equals("pytest.ini")
        || name.equals("tox.ini")
        || name.equals("setup.cfg")
        || name.equals("pyproject.toml")
        || name.equals("conftest.py")
        || name.equals("pom.xml")
        || name.equals("package.json")) {
      return tests(text);
    }
    if ((name.endsWith(".yml") || name.endsWith(".yaml"))
        && (lower.contains("/.github/workflows/")
            || name.startsWith(".gitlab-ci")
            || lower.contains("/.circleci/")
            || name.contains("pipeline"))) {
      String hollow = hollowJob(text);
      return hollow != null ? CHECK_HOLLOW + " " + hollow : ciTests(text);
    }
    return null;
  }

  /** The first host among the URLs of {@code text} from {@code from} that is not this machine's. */
  private static String foreignHost(String text, int from) {
    Matcher url = URL_HOST.matcher(text);
    url.region(from, text.length());
    while (url.find()) {
      String host = url.group(1);
      if (!OWN_HOST.matcher(host).matches()) {
        return host;
      }
    }
    return null;
  }

  /** A wrapper's distribution from an unknown host or over HTTP, with no checksum to check it. */
  private static String wrapper(String text) {
    if (text.contains("Sha256Sum=") || text.contains("Sha256Sum =")) {
      return null;
    }
    Matcher url =
        Pattern.compile("(?m)^\\s*(?:distributionUrl|wrapperUrl)\\s*=\\s*(\\S{1,400})")
            .matcher(text);
    while (url.find()) {
      String value = url.group(1).replace("\\:", ":");
      Matcher host = URL_HOST.matcher(value);
      if (value.startsWith("http://") || host.find() && !WRAPPER_HOSTS.contains(host.group(1))) {
        return UNVERIFIED
            + " the build tool itself from "
            + FlowReading.shorten(value)
            + ", no checksum";
      }
    }
    return null;
  }

  /** A Bazel download with no checksum from a host that is not an archive's usual one. */
  private static String archives(String text) {
    Matcher rule = HTTP_RULE.matcher(text);
    while (rule.find()) {
      int end = text.indexOf("\n)", rule.end());
      String call =
          text.substring(rule.end(), end < 0 ? Math.min(text.length(), rule.end() + 2000) : end);
      if (call.contains("sha256") || call.contains("integrity")) {
        continue;
      }
      Matcher host = URL_HOST.matcher(call);
      while (host.find()) {
        if (call.startsWith("http://", host.start()) || !ARCHIVE_HOSTS.contains(host.group(1))) {
          return UNVERIFIED + " an archive from " + host.group(1) + " with no sha256";
        }
      }
    }
    return null;
  }

  /** {@return a registry token written in its literal for a host no known registry's; or null} */
  static String registryTokenOf(String text) {
    String found = registryToken(text);
    return found == null ? null : found.substring(REGISTRY_TOKEN.length() + 1);
  }

  /** {@return a wrapper's distribution from an unknown host with no checksum; or null} */
  static String wrapperOf(String text) {
    return wrapper(text);
  }

  /** A registry's token written in its literal for a host that is not a known registry. */
  private static String registryToken(String text) {
    Matcher npm = NPM_TOKEN.matcher(text);
    while (npm.find()) {
      if (!KNOWN_REGISTRY.matcher(npm.group(1)).matches()
          && !OWN_HOST.matcher(npm.group(1)).matches()) {
        return REGISTRY_TOKEN + " a registry token for " + npm.group(1);
      }
    }
    Matcher password = URL_PASSWORD.matcher(text);
    while (password.find()) {
      if (!KNOWN_REGISTRY.matcher(password.group(2)).matches()
          && !OWN_HOST.matcher(password.group(2)).matches()) {
        return REGISTRY_TOKEN + " a password for " + password.group(2);
      }
    }
    if (YARN_TOKEN.matcher(text).find()) {
      Matcher registry = REGISTRY.matcher(text);
      while (registry.find()) {
        if (!KNOWN_REGISTRY.matcher(registry.group(1)).matches()
            && !OWN_HOST.matcher(registry.group(1)).matches()) {
          return REGISTRY_TOKEN + " a registry token for " + registry.group(1);
        }
      }
    }
    return null;
  }

  /** A {@code .gitattributes} line that folds a source file's diff in review. */
  private static String hidden(String text) {
    for (String line : text.split("\n", 400)) {
      String stripped = line.strip();
      if (stripped.isEmpty() || stripped.startsWith("#")) {
        continue;
      }
      int space = stripped.indexOf(' ');
      int tab = stripped.indexOf('\t');
      int cut = space < 0 ? tab : tab < 0 ? space : Math.min(space, tab);
      if (cut < 0) {
        continue;
      }
      String pattern = stripped.substring(0, cut);
      String attributes = stripped.substring(cut);
      if (HIDING.matcher(attributes).find()
          && !attributes.contains("=false")
          && SOURCE.matcher(pattern).find()
          && !GENERATED_PATH.matcher(pattern).find()
          && !pattern.startsWith("*.")) {
        return HIDDEN + " " + FlowReading.shorten(stripped);
      }
    }
    return null;
  }

  /** Tests the build's configuration switches off, or lets pass with none run. */
  private static String tests(String text) {
    Matcher skipped = SKIPPED.matcher(text);
    if (skipped.find()) {
      return TESTS_OFF + " " + FlowReading.shorten(skipped.group());
    }
    Matcher ignored = IGNORED_SOURCE.matcher(text);
    if (PASS_WITH_NONE.matcher(text).find() && ignored.find()) {
      return TESTS_OFF + " tests of " + ignored.group(1) + " ignored, and a run with none passes";
    }
    return null;
  }

  /** A CI file's test steps whose failure is swallowed, or whose job may fail. */
  private static String ciTests(String text) {
    String skipped = tests(text);
    if (skipped != null) {
      return skipped;
    }
    for (String line : text.split("\n", 400)) {
      if (TEST_COMMAND.matcher(line).find() && SWALLOWED.matcher(line).find()) {
        return TESTS_OFF + " " + FlowReading.shorten(line.strip()) + ": a failure passes";
      }
    }
    int ignore = text.indexOf("continue-on-error: true");
    while (ignore >= 0) {
      int end = Math.min(text.length(), ignore + 1500);
      Matcher next = Pattern.compile("(?m)^ {2}[\\w-]{1,60}:\\s*$").matcher(text);
      next.region(ignore, end);
      String job = text.substring(ignore, next.find() ? next.start() : end);
      if (TEST_COMMAND.matcher(job).find()) {
        return TESTS_OFF + " a job that runs the tests with continue-on-error: true";
      }
      ignore = text.indexOf("continue-on-error: true", ignore + 1);
    }
    return null;
  }

  /**
   * A workflow's job named for a check (its key or its {@code name:}) whose steps only echo or exit
   * 0: the required check passes with nothing run.
   */
  private static String hollowJob(String text) {
    String[] lines = text.split("\n", 400);
    boolean jobs = false;
    for (int i = 0; i < lines.length; i++) {
      if (lines[i].startsWith("jobs:")) {
        jobs = true;
        continue;
      }
      Matcher key = JOB_KEY.matcher(lines[i]);
      if (!jobs || !key.matches()) {
        continue;
      }
      int indent = key.group(1).length();
      boolean named = CHECK_NAME.matcher(key.group(2)).matches();
      int runs = 0;
      boolean other = false;
      int j = i + 1;
      for (; j < lines.length; j++) {
        String line = lines[j];
        int own = line.length() - line.stripLeading().length();
        if (!line.isBlank() && own <= indent) {
          break;
        }
        String stripped = line.strip();
        if (stripped.startsWith("name:")) {
          named |=
              CHECK_NAME
                  .matcher(stripped.substring(5).strip().replace("\"", "").replace("'", ""))
                  .matches();
        } else if (stripped.startsWith("uses:") || stripped.startsWith("- uses:")) {
          other = true;
        } else if (stripped.startsWith("- run:") || stripped.startsWith("run:")) {
          String command = stripped.substring(stripped.indexOf("run:") + 4).strip();
          if (command.startsWith("|")
              || command.startsWith(">")
              || !NOTHING.matcher(command).matches()) {
            other = true;
          }
          runs++;
        } else if (stripped.startsWith("uses:") || stripped.startsWith("script:")) {
          other = true;
        }
      }
      if (named && runs > 0 && !other) {
        return "job " + key.group(2) + " runs only an echo";
      }
      i = j - 1;
    }
    return null;
  }

  /** A destructive statement in a block conditioned on the clock against a fixed date. */
  private static String delayed(String text) {
    Matcher clock = CLOCK.matcher(text);
    while (clock.find()) {
      int lineStart = text.lastIndexOf('\n', clock.start()) + 1;
      int lineEnd = text.indexOf('\n', clock.end());
      String line = text.substring(lineStart, lineEnd < 0 ? text.length() : lineEnd);
      if (!CONDITION.matcher(line).find() || !FIXED_DATE.matcher(line).find()) {
        continue;
      }
      int window = lineStart;
      for (int n = 0; n < 8 && window >= 0; n++) {
        window = text.indexOf('\n', window + 1);
      }
      String block = text.substring(lineStart, window < 0 ? text.length() : window);
      Matcher destroys = DESTROYS.matcher(block);
      if (destroys.find()) {
        return FlowReading.shorten(line.strip())
            + " … "
            + FlowReading.shorten(destroys.group().strip());
      }
    }
    return null;
  }

  /** A value a request carries: a header, a query or a cookie. */
  private static final Pattern REQUEST_VALUE =
      Pattern.compile(
          "(?i)(?:req|request|ctx|context|event)\\.(?:headers?|query|cookies|args|params|META|GET)\\b"
              + "|getHeader\\(|headers\\.get\\(|\\$_(?:GET|SERVER|COOKIE)\\[|HTTP_X_");

  /** A session or user given the highest role, or marked authenticated. */
  private static final Pattern GRANTED =
      Pattern.compile(
          "(?i)role['\"]?\\s*(?::|=(?!=))\\s*['\"](?:admin|superuser|root|owner|staff)['\"]"
              + "|is_?(?:admin|superuser|staff)['\"]?\\s*(?::|=(?!=))\\s*(?:true|1)\\b"
              + "|mfa(?:_?verified)?['\"]?\\s*(?::|=(?!=))\\s*true\\b|\\bauthenticated['\"]?\\s*(?::|=(?!=))\\s*true\\b"
              + "|login_user\\(|force_login\\(|sign_in\\(");

  /**
   * Code that signs a request in, or makes it an admin, on a value the request itself carries (a
   * debug header, a query parameter): a back door into every account.
   */
  private static String backdoor(String text) {
    Matcher request = REQUEST_VALUE.matcher(text);
    while (request.find()) {
      int end = request.end();
      for (int n = 0; n < 3 && end >= 0; n++) {
        end = text.indexOf('\n', end + 1);
      }
      String near = text.substring(request.start(), end < 0 ? text.length() : end);
      Matcher granted = GRANTED.matcher(near);
      if (granted.find()) {
        return FlowReading.shorten(request.group()) + " … " + FlowReading.shorten(granted.group());
      }
    }
    return null;
  }

  /** A fixture's, a seed's or a sample's data file. */
  private static final Pattern FIXTURE =
      Pattern.compile(
          "(?i)(?:/(?:tests?|spec|__tests__|testdata|test-data|__fixtures__|fixtures?|seeds?|mocks?|samples?|factories)/"
              + "|fixture|seed|sample|mock)[^/]{0,200}\\.(?:json|jsonl|ndjson|csv|tsv|ya?ml|sql|xml|py|ts|js|rb)$");

  private static final Pattern EMAIL =
      Pattern.compile("[\\w.+-]{1,64}@[\\w-]{1,63}\\.[\\w.-]{2,63}");

  private static final Pattern PHONE =
      Pattern.compile("(?:\\+\\d{1,3}[\\s.-]?)?\\(?\\d{2,4}\\)?[\\s.-]\\d{3,4}[\\s.-]\\d{3,4}");

  /**
   * What only a person's record holds beside a contact: a birth date, a street, an identity number,
   * a card.
   */
  private static final Pattern PERSONAL =
      Pattern.compile(
          "(?i)\\b(?:dob|birth_?date|date_?of_?birth|birthday|ssn|national_id|passport|card_last4|iban|tax_id)\\b"
              + "|\\b\\d{1,5}\\s[A-Z][\\w.]{1,30}(?:\\s[A-Z][\\w.]{1,30}){0,3}\\s(?:St|Street|Ave|Avenue|Rd|Road|Blvd|Lane|Ln|Dr|Drive|Way|Pkwy|Ct|Court|Pl|Place)\\b"
              + "|\\b[A-Z][a-zäöüß]{2,30}(?:stra(?:ß|ss)e|allee|weg|gasse|platz)\\s\\d{1,4}");

  /**
   * Records of people in a fixture: three lines or more that each hold an e-mail address, a phone
   * number and something only a person's record holds (a birth date, a street address, an identity
   * or card number): rows of a customer export, committed with the tests.
   */
  private static String personalRecords(String text) {
    int records = 0;
    boolean header = false; // a table's header that names a person's fields: its rows are records
    for (String line : text.split("\n", 2000)) {
      if (!header && records == 0 && line.contains("mail") && line.contains("phone")) {
        header = PERSONAL.matcher(line).find() || line.contains("address");
      }
      if (line.length() > 40
          && EMAIL.matcher(line).find()
          && PHONE.matcher(line).find()
          && (header || PERSONAL.matcher(line).find())
          && ++records >= 3) {
        return "records of people (e-mail, phone, birth date or address) in a fixture";
      }
    }
    return null;
  }

  /** A test that records the whole environment where it is kept (a snapshot, a file, a log). */
  private static String environmentRecorded(String text) {
    Matcher env = WHOLE_ENV.matcher(text);
    if (env.find() && RECORDS.matcher(text).find()) {
      return "the whole environment (" + env.group() + ") recorded by a test";
    }
    return null;
  }

  // The commands a developer tool's file holds.

  /** A dev container's commands, run when it is created, started or attached. */
  private static final Pattern LIFECYCLE =
      Pattern.compile(
          "initializeCommand|onCreateCommand|updateContentCommand|postCreateCommand|postStartCommand|postAttachCommand");

  /** git's settings whose values are commands git runs. */
  private static final Pattern GIT_COMMAND_KEY =
      Pattern.compile(
          "(?i)^\\s*(clean|smudge|process|textconv|command|driver|fsmonitor|sshcommand|pager|editor|askpass|program|helper|update)\\s*=\\s*(.{1,2000})$");

  /** An alias that runs a shell command. */
  private static final Pattern GIT_ALIAS =
      Pattern.compile("^\\s*[\\w.-]{1,60}\\s*=\\s*\"?!(.{1,2000})$");

  /** A YAML key whose value is a command: pre-commit's {@code entry:}, lefthook's {@code run:}. */
  private static final Pattern YAML_COMMAND =
      Pattern.compile("^\\s*(?:-\\s*)?(?:entry|run|command):\\s*(.{1,2000})$");

  /**
   * The commands a developer tool's file holds, as the shell would run them; or null for a file of
   * no tool named here.
   */
  static String commands(String path, String text) {
    String lower = path.toLowerCase(Locale.ROOT);
    String name = lower.substring(lower.lastIndexOf('/') + 1);
    if (lower.contains("/.vscode/")
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
    if (name.equals(".pre-commit-config.yaml") || name.matches("\\.?lefthook(?:-local)?\\.ya?ml")) {
      StringBuilder shell = new StringBuilder();
      for (String line : text.split("\n", 400)) {
        Matcher command = YAML_COMMAND.matcher(line);
        if (command.matches()) {
          shell.append(unquote(command.group(1).strip())).append('\n');
        }
      }
      return shell.toString();
    }
    return null;
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
                if (LIFECYCLE.matcher(field.getKey()).matches()) {
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
