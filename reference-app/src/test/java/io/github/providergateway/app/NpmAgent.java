package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A coding agent's real binary from the npm registry, what the agent harnesses ({@link ClaudeCode},
 * {@link GeminiCli}, {@link CodexCli}, {@link CopilotCli}) share: the version pinned in {@code
 * src/test/resources/agents/<pins>/package.json}, installed under {@code
 * target/agents/<pins>-<version>/} the first time a test needs it ({@link #installed}), and one run
 * of it to its end or its limit ({@link #run}).
 *
 * <p>A harness gives each run a {@code HOME} of the test's and leaves the machine's own variables
 * for that agent out, so the real home's settings ({@code /root/.claude}, {@code .gemini}, {@code
 * .codex}, {@code .copilot}) are never read or written. The real-agent tests run in a phase of
 * their own ({@code -P agents}, JUnit tag {@value #TAG}).
 */
final class NpmAgent {

  /**
   * The JUnit tag of tests that run a real agent: excluded by default, run by {@code -P agents}.
   */
  static final String TAG = "agents";

  /**
   * The prefix of the system property that runs another version than the pin: {@code
   * -Dagents.version.codex-cli=0.171.0} (the pins' directory after the dot). The version matrix of
   * {@code .ci/run} gives each agent's newest release this way.
   */
  static final String VERSION_PROPERTY = "agents.version.";

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration NPM_WAIT = Duration.ofSeconds(60);

  /** The agents installed in this JVM, by their pins' directory. Guarded by the class. */
  private static final Map<String, NpmAgent> INSTALLED = new HashMap<>();

  private final Path binary;
  private final String version;

  private NpmAgent(Path binary, String version) {
    this.binary = binary;
    this.version = version;
  }

  /** The installed binary ({@code node_modules/.bin/<name>}). */
  Path binary() {
    return binary;
  }

  /** The pinned version, as the pins' {@code package.json} names it. */
  String version() {
    return version;
  }

  /**
   * The package {@code pkg} at the version {@code src/test/resources/agents/<pins>/package.json}
   * pins, installed under {@code target/agents/<pins>-<version>/} unless it is there already; its
   * binary is {@code node_modules/.bin/<bin>}. Skips the test when npm is not installed or cannot
   * reach its registry; fails it when the install fails or {@code <bin> --version} does not print
   * the pinned version as a word of its own (a full stop may follow).
   */
  static synchronized NpmAgent installed(String pins, String pkg, String bin)
      throws IOException, InterruptedException {
    assumeTrue(
        Interop.runs(List.of("npm", "--version")),
        "npm is not installed: the real-agent tests (" + pkg + " from the npm registry) skipped");
    NpmAgent known = INSTALLED.get(pins);
    if (known != null) {
      return known;
    }
    Path pinned =
        Interop.repoRoot().resolve("reference-app/src/test/resources/agents").resolve(pins);
    String pin =
        JSON.readTree(pinned.resolve("package.json").toFile())
            .at("/dependencies/" + pkg.replace("/", "~1"))
            .asText();
    String version = System.getProperty(VERSION_PROPERTY + pins, pin);
    Path dir = Interop.buildDir().resolve("agents").resolve(pins + "-" + version);
    FileChannel lock = Interop.lockForPreparing(dir);
    try {
      Interop.copyChanged(pinned, dir);
      if (!version.equals(pin)) {
        pinTo(dir.resolve("package.json"), pkg, version);
      }
      System.out.printf(
          "real agent: %s %s (%s)%n",
          pkg,
          version,
          version.equals(pin)
              ? "pinned"
              : "given by -D" + VERSION_PROPERTY + pins + ", the pin is " + pin);
      Path binary = dir.resolve("node_modules/.bin").resolve(bin);
      if (!Files.exists(dir.resolve("node_modules").resolve(pkg).resolve("package.json"))) {
        String registry = npmRegistryAnswer(dir, pkg, version);
        assumeTrue(
            registry == null,
            () ->
                "npm cannot reach its registry for "
                    + pkg
                    + "@"
                    + version
                    + ", so the real-agent tests are skipped: "
                    + registry);
        Interop.npmInstall(dir, pkg);
      }
      // Codex writes helper links under its home unless told where; a home of its own here.
      Path scratch = Files.createDirectories(dir.resolve("version-home"));
      ProcessBuilder builder =
          new ProcessBuilder(binary.toString(), "--version")
              .directory(dir.toFile())
              .redirectErrorStream(true)
              .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
      builder.environment().put("HOME", scratch.toString());
      builder.environment().put("CODEX_HOME", scratch.toString());
      Process process = builder.start();
      String printed = new String(process.getInputStream().readAllBytes()).strip();
      process.waitFor(NPM_WAIT.toSeconds(), TimeUnit.SECONDS);
      // The version as a word: "2.1.332 (Claude Code)", "codex-cli 0.169.0", "… CLI 1.0.102.".
      assertThat(
              Pattern.compile("(^|\\s)" + Pattern.quote(version) + "(?![\\w-]|\\.\\d)")
                  .matcher(printed))
          .as(
              "%s --version (the pin is %s; see npm-install.log in %s): %s",
              binary, version, dir, printed)
          .matches(matcher -> matcher.find());
      NpmAgent agent = new NpmAgent(binary, version);
      INSTALLED.put(pins, agent);
      return agent;
    } finally {
      lock.close();
    }
  }

  /**
   * Rewrites the copied pins' {@code package.json} at {@code file} to name {@code version} of
   * {@code pkg}: the version matrix's run of a newer release than the pin ({@code .ci/run}).
   */
  private static void pinTo(Path file, String pkg, String version) throws IOException {
    com.fasterxml.jackson.databind.node.ObjectNode manifest =
        (com.fasterxml.jackson.databind.node.ObjectNode) JSON.readTree(file.toFile());
    ((com.fasterxml.jackson.databind.node.ObjectNode) manifest.get("dependencies"))
        .put(pkg, version);
    Files.writeString(file, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(manifest));
  }

  /** Null when the registry knows {@code pkg@version}; else why not, as npm said it. */
  private static String npmRegistryAnswer(Path dir, String pkg, String version)
      throws IOException, InterruptedException {
    Path log = dir.resolve("npm-view.log");
    Process npm =
        // No retries: a registry that cannot be reached says so at once, not after a minute.
        new ProcessBuilder(
                "npm",
                "view",
                "--fetch-retries=0",
                "--fetch-timeout=20000",
                pkg + "@" + version,
                "version")
            .directory(dir.toFile())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    if (!npm.waitFor(NPM_WAIT.toSeconds(), TimeUnit.SECONDS)) {
      npm.destroyForcibly();
      return "npm view gave no answer within " + NPM_WAIT.toSeconds() + " s";
    }
    String said = Files.readString(log).strip();
    if (npm.exitValue() == 0 && said.equals(version)) {
      return null;
    }
    // npm's first lines name the failure (code ECONNREFUSED, ENOTFOUND, E404, …); the rest is
    // advice.
    return "npm view "
        + pkg
        + "@"
        + version
        + " exited "
        + npm.exitValue()
        + ": "
        + said.lines().limit(4).collect(Collectors.joining(" / "))
        + " (all of it in "
        + log
        + ")";
  }

  /**
   * Runs {@code builder} (the agent's command line, directory and environment, set by its harness)
   * with nothing on its stdin, its output to {@code <name>.out} and {@code <name>.err} in {@code
   * logs}, to its end or for at most {@code limit}: then it is killed, with everything it started
   * that is still its descendant. {@code log} is the harness's telling lines, read once it ended.
   */
  static Run run(ProcessBuilder builder, Path logs, String name, Duration limit, LogReader log)
      throws IOException, InterruptedException {
    Path out = logs.resolve(name + ".out");
    Path err = logs.resolve(name + ".err");
    Process agent =
        builder
            .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
            .redirectOutput(out.toFile())
            .redirectError(err.toFile())
            .start();
    boolean ended = agent.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS);
    if (!ended) {
      agent.descendants().forEach(ProcessHandle::destroyForcibly);
      agent.destroyForcibly();
      agent.waitFor(10, TimeUnit.SECONDS);
    }
    return new Run(
        name,
        ended ? agent.exitValue() : -1,
        !ended,
        Files.readString(out),
        Files.readString(err),
        log.read());
  }

  /** The lines of an agent's own log that tell what it did, read after a run. */
  @FunctionalInterface
  interface LogReader {
    /** {@return the telling lines, or a sentence saying there are none} */
    String read() throws IOException;
  }

  /**
   * Removes from {@code environment} every variable whose name starts with one of {@code prefixes}.
   */
  static void withoutVariables(Map<String, String> environment, String... prefixes) {
    environment
        .keySet()
        .removeIf(name -> java.util.Arrays.stream(prefixes).anyMatch(name::startsWith));
  }

  /**
   * One run of an agent: how it ended, what it printed and the telling lines of its own log.
   *
   * @param agent the agent's name, for descriptions
   * @param exitCode its exit code, or -1 when it was killed at its limit
   * @param timedOut whether it was killed at its limit
   * @param stdout what it printed on stdout
   * @param stderr what it printed on stderr
   * @param log the telling lines of its own log (the harness decides which)
   */
  record Run(
      String agent, int exitCode, boolean timedOut, String stdout, String stderr, String log) {

    /** All of it, for an assertion's description. */
    String describe() {
      return (timedOut
              ? agent + " was killed: it ran past its limit"
              : agent + " exited " + exitCode)
          + "\n--- its stdout:\n"
          + stdout
          + "\n--- its stderr:\n"
          + stderr
          + "\n--- its log:\n"
          + log;
    }
  }
}
