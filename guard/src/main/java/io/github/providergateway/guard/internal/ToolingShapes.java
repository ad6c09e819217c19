package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
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
 * and what was found, as {@link HeldContent} keeps a file's held rule, or null. Bounded by the text
 * {@link HeldContent} hands over ({@value HeldContent#MAX_CHARS} characters); every pattern is
 * bounded. What a tool's file runs is {@link ToolingCommands}'.
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
  static final String REPORT = "tooling.test-report-forged";
  static final String SOURCE_UNSAFE = "supply.package-source-unsafe";

  /** Hosts of this machine and of a company's own network: no one else's cache or registry. */
  private static final Pattern OWN_HOST =
      Pattern.compile(
          "(?i)(?:localhost|127\\.\\d+\\.\\d+\\.\\d+|\\[::1]|0\\.0\\.0\\.0|host\\.docker\\.internal)"
              + "(?::\\d+)?");

  /** Whether a host is this machine's or a container's way to it ({@link #OWN_HOST}). */
  static boolean ownHost(String host) {
    return PatternLiterals.matches(OWN_HOST, host);
  }

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
      NameSet.of(
          "services.gradle.org",
          "downloads.gradle.org",
          "downloads.gradle-dn.com",
          "repo.maven.apache.org",
          "repo1.maven.org",
          "dlcdn.apache.org",
          "archive.apache.org");

  /** The hosts an archive of Bazel's rules ordinarily comes from. */
  private static final Set<String> ARCHIVE_HOSTS =
      NameSet.of(
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

  /** A token or a password given in its literal: bun's {@code token = "…"}, a {@code password:}. */
  private static final Pattern TOKEN_FIELD =
      Pattern.compile(
          "(?i)\\b(?:token|password|_password|authToken)\\s*[=:]\\s*[\"']?(?![$%{])[\\w.~+/-]{12,300}");

  /** A registry a configuration names. */
  private static final Pattern REGISTRY =
      Pattern.compile(
          "(?i)(?:registry|npmRegistryServer|index-url|extra-index-url|repository|url)\\s*[=:]\\s*['\"]?"
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

  /** A JavaScript test runner's configuration file; compiled once, not for every file written. */
  private static final Pattern TEST_RUNNER_CONFIG =
      Pattern.compile(
          "(?:jest|vitest|vite|playwright|karma|ava|mocha)\\.config\\.[cm]?[jt]s|\\.mocharc\\.\\w{2,4}");

  /** Source code, by its ending. */
  static final Pattern SOURCE =
      Pattern.compile(
          "(?i)\\.(?:ts|tsx|js|jsx|mjs|cjs|py|rb|go|java|kt|kts|scala|rs|c|cc|cpp|h|hpp|cs|php|swift|m|sql|sh|vue|svelte|ex|exs|tf)$"
              + "|^(?:src|lib|app|pkg|internal|cmd|server|services)/");

  /** What a generated or vendored path is called. */
  private static final Pattern GENERATED_PATH =
      Pattern.compile(
          "(?i)generated|gen/|vendor|third_party|node_modules|dist/|build/|\\.min\\.|_pb2|\\.pb\\.|lock|snapshots?/|\\.snap$|migrations?/");

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
    return ShippedCode.held(lower, name, text);
  }

  private static String config(String path, String lower, String name, String text) {
    String source = PackageSourceSettings.unsafe(name, text);
    if (source != null) {
      return SOURCE_UNSAFE + " " + source;
    }
    if (name.endsWith(".gradle") || name.endsWith(".gradle.kts")) {
      if (text.contains("buildCache") && PatternLiterals.finds(GRADLE_PUSH, text)) {
        String host = foreignHost(text, 0);
        if (host != null) {
          return CACHE_PUSH + " a remote build cache pushed to from this checkout (" + host + ")";
        }
      }
      Matcher insecure = PatternLiterals.matcher(INSECURE, text);
      if (insecure.find() && text.contains("http://")) {
        return UNVERIFIED + " a repository over plain HTTP (allowInsecureProtocol)";
      }
      return tests(text);
    }
    if (name.endsWith("bazelrc")) {
      Matcher remote = PatternLiterals.matcher(BAZEL_REMOTE, text);
      while (remote.find()) {
        String host = foreignHost(remote.group(1), 0);
        if (host != null
            && !PatternLiterals.finds(BAZEL_NO_UPLOAD, text)
            && (PatternLiterals.finds(BAZEL_UPLOAD, text)
                || PatternLiterals.finds(BAZEL_CREDENTIAL, text))) {
          return CACHE_PUSH + " this machine's results uploaded to " + host;
        }
      }
      return null;
    }
    if (name.equals("maven-build-cache-config.xml")
        || lower.endsWith("/.mvn/maven.config")
        || name.equals("pom.xml") && text.contains("build-cache")) {
      if (PatternLiterals.finds(MAVEN_SAVE, text)) {
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
    if (PatternLiterals.matches(TEST_RUNNER_CONFIG, name)
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
    Matcher url = PatternLiterals.matcher(URL_HOST, text);
    url.region(from, text.length());
    while (url.find()) {
      String host = url.group(1);
      if (!PatternLiterals.matches(OWN_HOST, host)) {
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
      Matcher host = PatternLiterals.matcher(URL_HOST, value);
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
    Matcher rule = PatternLiterals.matcher(HTTP_RULE, text);
    while (rule.find()) {
      int end = text.indexOf("\n)", rule.end());
      String call =
          text.substring(rule.end(), end < 0 ? Math.min(text.length(), rule.end() + 2000) : end);
      if (call.contains("sha256") || call.contains("integrity")) {
        continue;
      }
      Matcher host = PatternLiterals.matcher(URL_HOST, call);
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
    Matcher npm = PatternLiterals.matcher(NPM_TOKEN, text);
    while (npm.find()) {
      if (!PatternLiterals.matches(KNOWN_REGISTRY, npm.group(1))
          && !PatternLiterals.matches(OWN_HOST, npm.group(1))) {
        return REGISTRY_TOKEN + " a registry token for " + npm.group(1);
      }
    }
    Matcher password = PatternLiterals.matcher(URL_PASSWORD, text);
    while (password.find()) {
      if (!PatternLiterals.matches(KNOWN_REGISTRY, password.group(2))
          && !PatternLiterals.matches(OWN_HOST, password.group(2))) {
        return REGISTRY_TOKEN + " a password for " + password.group(2);
      }
    }
    if (PatternLiterals.finds(YARN_TOKEN, text) || PatternLiterals.finds(TOKEN_FIELD, text)) {
      Matcher registry = PatternLiterals.matcher(REGISTRY, text);
      while (registry.find()) {
        if (!PatternLiterals.matches(KNOWN_REGISTRY, registry.group(1))
            && !PatternLiterals.matches(OWN_HOST, registry.group(1))) {
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
      if (PatternLiterals.finds(HIDING, attributes)
          && !attributes.contains("=false")
          && PatternLiterals.finds(SOURCE, pattern)
          && !PatternLiterals.finds(GENERATED_PATH, pattern)
          && !pattern.startsWith("*.")) {
        return HIDDEN + " " + FlowReading.shorten(stripped);
      }
    }
    return null;
  }

  /** Tests the build's configuration switches off, or lets pass with none run. */
  private static String tests(String text) {
    Matcher skipped = PatternLiterals.matcher(SKIPPED, text);
    if (skipped.find()) {
      return TESTS_OFF + " " + FlowReading.shorten(skipped.group());
    }
    Matcher ignored = PatternLiterals.matcher(IGNORED_SOURCE, text);
    if (PatternLiterals.finds(PASS_WITH_NONE, text) && ignored.find()) {
      return TESTS_OFF + " tests of " + ignored.group(1) + " ignored, and a run with none passes";
    }
    java.util.Set<String> folders = new java.util.TreeSet<>();
    Matcher key = PatternLiterals.matcher(IGNORE_KEY, text);
    while (key.find() && folders.size() < 2) {
      Matcher entry = PatternLiterals.matcher(SOURCE_ENTRY, text);
      entry.region(key.end(), Math.min(text.length(), key.end() + 600));
      while (entry.find()) {
        if (!PatternLiterals.matches(ORDINARY_IGNORE, entry.group(1))) {
          folders.add(entry.group(1));
        }
      }
    }
    if (folders.size() >= 2) {
      return TESTS_OFF + " the tests of " + String.join(", ", folders) + " ignored";
    }
    Matcher script = PatternLiterals.matcher(TEST_SCRIPT, text);
    if (script.find()
        && PatternLiterals.matches(HOLLOW_SCRIPT, script.group(1))
        && !script.group(1).contains("exit 1")
        && !script.group(1).contains("rror")) {
      return TESTS_OFF + " the test script runs `" + FlowReading.shorten(script.group(1)) + "`";
    }
    return null;
  }

  /** A test configuration's ignore list. */
  private static final Pattern IGNORE_KEY =
      Pattern.compile(
          "testPathIgnorePatterns|modulePathIgnorePatterns|\\bexclude\\b|testIgnore|--ignore|collect_ignore(?:_glob)?|--deselect|norecursedirs");

  /** An ignore list's entry under the project's source or tests: its first folder below. */
  private static final Pattern SOURCE_ENTRY =
      Pattern.compile(
          "['\"=\\s](?:<rootDir>/)?(?:\\./)?(?:src|lib|app|apps|packages|services|tests?|spec)/([\\w-]{2,60})");

  /** The folders a suite ordinarily leaves out: slow, external or generated ones. */
  private static final Pattern ORDINARY_IGNORE =
      Pattern.compile(
          "(?i)fixtures?|__fixtures__|e2e|integration|slow|perf|bench\\w*|load|smoke|generated|__generated__|snapshots?|mocks?|helpers?|utils?|data|manual|legacy|vendor");

  /** A package's test script. */
  private static final Pattern TEST_SCRIPT =
      Pattern.compile("\"test\"\\s*:\\s*\"((?:[^\"\\\\]|\\\\.){0,300})\"");

  /** A script that runs nothing. */
  private static final Pattern HOLLOW_SCRIPT =
      Pattern.compile(
          "(?i)\\s*(?:echo\\b[^&;|]{0,200}|true|exit 0|:|node -e ['\\\\\"]{0,2}['\\\\\"]{0,2})\\s*");

  /** A CI file's test steps whose failure is swallowed, or whose job may fail. */
  private static String ciTests(String text) {
    String skipped = tests(text);
    if (skipped != null) {
      return skipped;
    }
    for (String line : text.split("\n", 400)) {
      if (PatternLiterals.finds(TEST_COMMAND, line) && PatternLiterals.finds(SWALLOWED, line)) {
        return TESTS_OFF + " " + FlowReading.shorten(line.strip()) + ": a failure passes";
      }
    }
    int ignore = text.indexOf("continue-on-error: true");
    while (ignore >= 0) {
      int end = Math.min(text.length(), ignore + 1500);
      Matcher next = Pattern.compile("(?m)^ {2}[\\w-]{1,60}:\\s*$").matcher(text);
      next.region(ignore, end);
      String job = text.substring(ignore, next.find() ? next.start() : end);
      if (PatternLiterals.finds(TEST_COMMAND, job)) {
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
      Matcher key = PatternLiterals.matcher(JOB_KEY, lines[i]);
      if (!jobs || !key.matches()) {
        continue;
      }
      int indent = key.group(1).length();
      boolean named = PatternLiterals.matcher(CHECK_NAME, key.group(2)).matches();
      int runs = 0;
      boolean other = false;
      boolean disabled = false;
      int j = i + 1;
      for (; j < lines.length; j++) {
        String line = lines[j];
        int own = line.length() - line.stripLeading().length();
        if (!line.isBlank() && own <= indent) {
          break;
        }
        String stripped = line.strip();
        if (stripped.matches("if:\\s*(?:false|'false'|\\$\\{\\{\\s*false\\s*}})")) {
          other = false;
          runs = Math.max(runs, 1);
          disabled = true;
        } else if (stripped.startsWith("name:")) {
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
              || !PatternLiterals.matches(NOTHING, command)) {
            other = true;
          }
          runs++;
        } else if (stripped.startsWith("uses:") || stripped.startsWith("script:")) {
          other = true;
        }
      }
      if (named && disabled) {
        return "job " + key.group(2) + " switched off with if: false";
      }
      if (named && runs > 0 && !other) {
        return "job " + key.group(2) + " runs only an echo";
      }
      i = j - 1;
    }
    return null;
  }
}
