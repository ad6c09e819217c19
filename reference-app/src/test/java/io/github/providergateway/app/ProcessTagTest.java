package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every test class that starts a process (a gateway JVM, node, python, a shell, tmux, an agent)
 * carries one of the JUnit tags of the process layer ({@link #PROCESS_TAGS}), so a module's {@code
 * mvn test} runs none of them and the root pom runs them in a phase of their own (its {@code
 * process-tests} execution at {@code integration-test}; {@code agents} and {@code failures} in
 * {@code -P agents}).
 *
 * <p>Read from the sources of every module, as {@link ArchitectureTest} reads them, with comments
 * and string literals left out. A class starts a process when its code calls the JDK's launchers
 * ({@link #RAW_LAUNCH}) or names a helper of {@link #LAUNCHERS} the way that starts one, or extends
 * a class that does. A new helper that calls the JDK's launchers must get a row in {@link
 * #LAUNCHERS}: the second test fails until it has one, so nothing starts a process unseen.
 *
 * <p>What this cannot see: a process the code under test starts from data alone (a config file
 * whose provider has a {@code command}, run by the app in this JVM). Such tests name {@link
 * RpcApp#startProcess}, {@code ProjectProviders} or a config helper in practice; one that does not
 * is tagged by hand.
 */
class ProcessTagTest {

  /** The tags of tests that start processes: the process layer, real agents, failure drills. */
  static final Set<String> PROCESS_TAGS = Set.of("process", "agents", "failures");

  /** A class-level tag of {@link #PROCESS_TAGS}, as written ({@code NpmAgent.TAG} is "agents"). */
  private static final Pattern PROCESS_TAG =
      Pattern.compile("@Tag\\(\\s*(\"(?:process|agents|failures)\"|NpmAgent\\.TAG)\\s*\\)");

  /** The JDK's ways to start a process. */
  private static final Pattern RAW_LAUNCH =
      Pattern.compile(
          "\\bnew\\s+ProcessBuilder\\b|\\bProcessBuilder\\.startPipeline\\b"
              + "|\\bgetRuntime\\(\\)\\s*\\.\\s*exec\\(|\\bStdioClientTransport\\b");

  /** What marks a test class (JUnit 5's testable methods). */
  private static final Pattern TESTS =
      Pattern.compile("@(Test|ParameterizedTest|RepeatedTest|TestFactory|TestTemplate)\\b");

  private static final Pattern DECLARED =
      Pattern.compile("(?m)^(?:public\\s+)?(abstract\\s+)?(?:final\\s+)?class\\s+(\\w+)");
  private static final Pattern EXTENDS = Pattern.compile("\\bclass\\s+\\w+\\s+extends\\s+(\\w+)");

  /**
   * Classes, main or test, whose code starts processes for their caller, each with how a caller's
   * code uses it to start one. A class is named by its simple name; it may appear in any module.
   */
  static final Map<String, Pattern> LAUNCHERS =
      Map.ofEntries(
          // reference-app's test helpers
          use("ClaudeCode"),
          use("CodexCli"),
          use("CopilotCli"),
          use("GeminiCli"),
          use("NpmAgent"),
          use("GuardedHome"),
          use("HostProcess"),
          // Its paths and ports start nothing; these run npm, node, python or a command.
          calls(
              "Interop",
              "nodeExamples",
              "mcpClient",
              "mcpServers",
              "conformanceRunner",
              "npmInstall",
              "assumePythonWebsockets",
              "pythonExamples",
              "run",
              "runs"),
          use("ProviderProcess"),
          // In-process are RpcApp.start and startOnClock; these two start a JVM or a launcher.
          calls("RpcApp", "startProcess", "startCommand"),
          use("ScriptChecks"),
          calls("CommandRun", "run"), // a launcher's command, as a script runs it (issue 76)
          use("SharedGatewayMcp"),
          use("Tmux"),
          calls("GitOverHttp", "serveTls"), // keytool, and git http-backend per request (issue 64)
          use("SdkStdioTransport"),
          // mcp-federation's test helper: the commands of stdio MCP servers the federation runs
          use("McpServers"),
          // main code that starts processes
          calls("BoundedCommand", "run"),
          use("DetachedGatewayStarter"),
          calls("ClassDataTrainer", "ofThisMachine"), // a start-up cache's training (issue 76)
          calls("ProjectProviders", "attach"),
          calls("SandboxProbe", "whyNot"), // bubblewrap around true (issue 64)
          calls("ChildProcess", "start"),
          calls("ProcessTree", "start"),
          calls("StdioProvider", "spawn"),
          calls("SpawnedProvider", "start"),
          Map.entry("StdioServerProcess", Pattern.compile("\\bnew\\s+StdioServerProcess\\b")),
          // benchmarks: each starts a child JVM, node, a shell or a load of its own
          calls("BusyCores", "start"),
          calls("ChildJvm", "start"),
          calls("HookScenario", "start"),
          calls("McpScenario", "prepare"),
          calls("McpStdio", "start"),
          calls("NodeProviders", "install", "start"),
          calls("SharedGateway", "start"),
          calls("SoakGateway", "start"));

  /** A launcher any mention of which starts (or is there to start) a process. */
  private static Map.Entry<String, Pattern> use(String name) {
    return Map.entry(name, Pattern.compile("\\b" + name + "\\b"));
  }

  /** A launcher whose static {@code methods} start a process; its other members do not. */
  private static Map.Entry<String, Pattern> calls(String name, String... methods) {
    return Map.entry(
        name, Pattern.compile("\\b" + name + "\\.(" + String.join("|", methods) + ")\\b"));
  }

  /** One source file: where it is, its code (no comments or strings), its text. */
  private record Source(Path file, String code, String text) {
    String name() {
      String file = this.file.getFileName().toString();
      return file.substring(0, file.length() - ".java".length());
    }

    boolean hasTests() {
      return TESTS.matcher(code).find();
    }

    boolean launchesItself() {
      return RAW_LAUNCH.matcher(code).find();
    }

    boolean isAbstract() {
      Matcher declared = DECLARED.matcher(code);
      return declared.find() && declared.group(1) != null;
    }

    /** The class-level tag: written before the class is declared. */
    boolean tagged() {
      Matcher declared = DECLARED.matcher(text);
      return declared.find() && PROCESS_TAG.matcher(text.substring(0, declared.start())).find();
    }

    /** {@code name} as a class of this file's package directory. */
    String inPackage(String name) {
      return file.getParent() + "/" + name;
    }

    String superclass() {
      Matcher extended = EXTENDS.matcher(code);
      return extended.find() ? extended.group(1) : null;
    }
  }

  /** Each file read once for the class's tests: reading every module's sources is most of it. */
  private static final Map<Path, Source> READ = new ConcurrentHashMap<>();

  private static List<Source> sources(String... sets) {
    List<Source> all = new ArrayList<>();
    for (String module : ArchitectureTest.modules()) {
      for (String set : sets) {
        for (Path file : ArchitectureTest.sources(module, set)) {
          all.add(
              READ.computeIfAbsent(
                  file,
                  f -> {
                    String text = ArchitectureTest.read(f);
                    return new Source(
                        ArchitectureTest.ROOT.relativize(f),
                        String.join("\n", ArchitectureTest.codeLines(f)),
                        text);
                  }));
        }
      }
    }
    return all;
  }

  /** Whether {@code source}'s code starts a process itself or through a launcher other than it. */
  private static boolean launches(Source source) {
    return source.launchesItself()
        || LAUNCHERS.entrySet().stream()
            .anyMatch(
                launcher ->
                    !launcher.getKey().equals(source.name())
                        && source.code().contains(launcher.getKey()) // cheap, before the regex
                        && launcher.getValue().matcher(source.code()).find());
  }

  @Test
  void everyTestClassThatStartsAProcessCarriesAProcessTag() {
    List<Source> tests = sources("test");
    // By package: a superclass is looked up beside its subclass, and names repeat across modules.
    Set<String> launching = new HashSet<>();
    Set<String> withTests = new HashSet<>();
    for (Source source : tests) {
      if (launches(source)) {
        launching.add(source.inPackage(source.name()));
      }
      if (source.hasTests()) {
        withTests.add(source.inPackage(source.name()));
      }
    }
    Set<String> untagged = new TreeSet<>();
    for (Source source : tests) {
      // A subclass runs its superclass's tests (AgentGateTests' contract for each agent).
      String superclass = source.inPackage(source.superclass());
      boolean starts =
          launching.contains(source.inPackage(source.name())) || launching.contains(superclass);
      boolean isTest = source.hasTests() || withTests.contains(superclass);
      if (starts && isTest && !source.isAbstract() && !source.tagged()) {
        untagged.add(source.file().toString());
      }
    }

    assertThat(untagged)
        .as(
            "test classes that start a process without @Tag(\"process\") (or \"agents\","
                + " \"failures\"): the tag keeps them out of a module's `mvn test`")
        .isEmpty();
  }

  @Test
  void everyClassThatStartsAProcessForOthersIsAKnownLauncher() {
    Set<String> unknown = new TreeSet<>();
    for (Source source : sources("main", "testFixtures", "test")) {
      if (source.launchesItself() && !source.hasTests()) {
        if (!LAUNCHERS.containsKey(source.name())) {
          unknown.add(source.file().toString());
        }
      }
    }

    assertThat(unknown)
        .as("classes that start processes for their callers: give each a row in LAUNCHERS")
        .isEmpty();
  }

  /** What a module's pom sets to run its tests tagged "process" (root pom, process-tests). */
  private static final String PROCESS_PHASE =
      "<test.process.phase>integration-test</test.process.phase>";

  @Test
  void everyModuleWithProcessTestsRunsThemInTheProcessPhase() {
    Set<String> withProcessTests = new TreeSet<>();
    Set<String> running = new TreeSet<>();
    for (Source source : sources("test")) {
      if (source.text().contains("@Tag(\"process\")")) {
        withProcessTests.add(source.file().getName(0).toString());
      }
    }
    for (String module : ArchitectureTest.modules()) {
      if (ArchitectureTest.read(ArchitectureTest.ROOT.resolve(module).resolve("pom.xml"))
          .contains(PROCESS_PHASE)) {
        running.add(module);
      }
    }

    assertThat(running)
        .as(
            "modules whose pom sets %s: exactly those with tests tagged \"process\", or"
                + " they would never run (or a JVM would start to find none)",
            PROCESS_PHASE)
        .isEqualTo(withProcessTests);
  }
}
