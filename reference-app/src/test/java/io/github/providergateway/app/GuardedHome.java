package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.agent.hook.HookGateRecord;
import io.github.providergateway.app.home.ShellWords;
import io.github.providergateway.gateway.testing.FreePorts;
import io.github.providergateway.host.client.GatewayClient;
import io.github.providergateway.host.client.GatewayClientOptions;
import io.github.providergateway.host.client.GatewayHome;
import io.github.providergateway.host.client.HomeSettings;
import io.github.providergateway.loop.testing.Await;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * What the real-agent tests stand on: a project folder, a gateway home whose shared gateway runs
 * (started {@code --detached} as a person starts it once, on a free port, with the home's
 * settings), its {@code --config} one stdio provider, the guard ({@code agent-guard.mjs}: its gates
 * decide shell calls by the marker they name, its tool {@code mark} makes a marker; or {@code
 * push-guard.mjs}), and a {@link StandInLauncher} for {@code ./gateway}. Markers land in {@link
 * #markers()}: a call that ran left its marker there.
 *
 * <p>{@link #close()} kills every process whose command line names the test's folder (the gateway,
 * its providers, {@code gateway mcp}, hook adapters), resuming a stopped gateway first.
 */
final class GuardedHome implements AutoCloseable {

  /** How long the gateway and the agents' set-up may take to come up. */
  static final Duration WAIT = Duration.ofSeconds(60);

  private static final ObjectMapper JSON = new ObjectMapper();

  private final Path temp;
  private final Path project;
  private final Path markers;
  private final Path home;
  private final Path launcher;
  private final int port;
  private final String guard;

  /** A host connection to the gateway, for {@link #guardIsBound}; opened on first use. */
  private GatewayClient observer;

  /**
   * Where this test's records begin in {@code logs/audit.jsonl}, in bytes: 0, or where the trail
   * ended when a test began on a home an earlier test used ({@link #beginATest}).
   */
  private long auditFrom;

  private GuardedHome(
      Path temp, Path project, Path markers, Path home, Path launcher, int port, String guard) {
    this.temp = temp;
    this.project = project;
    this.markers = markers;
    this.home = home;
    this.launcher = launcher;
    this.port = port;
    this.guard = guard;
  }

  /**
   * Sets it all up in {@code temp}, with agent-guard, and waits for the home's gateway to write its
   * port.
   */
  static GuardedHome start(Path temp) throws Exception {
    return start(temp, "agent-guard");
  }

  /**
   * Sets it all up in {@code temp} with the guard {@code guard} ({@code
   * src/test/resources/agents/<guard>.mjs}, given the marker folder and {@code guardArgs} as its
   * arguments), and waits for the home's gateway to write its port.
   */
  static GuardedHome start(Path temp, String guard, String... guardArgs) throws Exception {
    return start(temp, null, guard, guardArgs);
  }

  /**
   * Sets it all up in {@code temp} with agent-guard, the home's config carrying {@code settings} as
   * its {@code "guard"} object (the person's guard settings, its {@code "sandbox"} policy among
   * them), and waits for the home's gateway to write its port.
   */
  static GuardedHome start(Path temp, JsonNode settings) throws Exception {
    return start(temp, settings, "agent-guard");
  }

  private static GuardedHome start(Path temp, JsonNode settings, String guard, String... guardArgs)
      throws Exception {
    temp = temp.toRealPath();
    Path project = Files.createDirectory(temp.resolve("project"));
    Path markers = Files.createDirectory(temp.resolve("markers"));
    Path home =
        Files.createDirectory(
            temp.resolve("gateway-home"),
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
    Path script = temp.resolve(guard + ".mjs");
    Files.copy(
        Interop.repoRoot().resolve("reference-app/src/test/resources/agents/" + guard + ".mjs"),
        script);
    ObjectNode config = JSON.createObjectNode();
    ObjectNode provider = config.putArray("providers").addObject();
    provider.put("name", guard).put("transport", "stdio");
    ArrayNode command = provider.putArray("command");
    command.add("node").add(script.toString()).add(markers.toString());
    for (String arg : guardArgs) {
      command.add(arg);
    }
    if (settings != null) {
      config.set("guard", settings);
    }
    Path providers = temp.resolve("providers.json");
    Files.writeString(providers, JSON.writeValueAsString(config));
    int port = FreePorts.pick();
    HomeSettings.NONE.withPort(port).withConfig(providers, false).write(home);
    Path launcher = StandInLauncher.write(temp);
    GuardedHome guarded = new GuardedHome(temp, project, markers, home, launcher, port, guard);
    new ProcessBuilder(
            launcher.toString(),
            "--detached",
            "--home",
            home.toString(),
            "--audit-args",
            "--idle-exit-grace",
            "10m")
        .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
        .redirectErrorStream(true)
        .redirectOutput(temp.resolve("detached.out").toFile())
        .start();
    Await.until(
        WAIT,
        () -> Files.exists(home.resolve(GatewayHome.PORT_FILE)),
        () -> "the home's gateway writes gateway.port; " + guarded.gatewayLog());
    return guarded;
  }

  /** The folder the agent works in. */
  Path project() {
    return project;
  }

  /** Where {@code mark} and the scripted shell calls leave their markers. */
  Path markers() {
    return markers;
  }

  /** A marker's path: {@code markers()/name}. */
  Path marker(String name) {
    return markers.resolve(name);
  }

  /** The gateway home. */
  Path home() {
    return home;
  }

  /** The stand-in for {@code ./gateway}, the gateway's program the agent's settings name. */
  Path launcher() {
    return launcher;
  }

  /** The home's port. */
  int port() {
    return port;
  }

  /** The test's folder, where an agent's own home goes too. */
  Path temp() {
    return temp;
  }

  /** The agent's hook command: {@code <launcher> hook AGENT --home HOME}, quoted for a shell. */
  String hookCommand(String agent) {
    return ShellWords.quote(launcher.toString())
        + " hook "
        + agent
        + " --home "
        + ShellWords.quote(home.toString());
  }

  /** The agent's MCP server: {@code <launcher> mcp --home HOME}, command first. */
  List<String> mcpCommand() {
    return List.of(launcher.toString(), "mcp", "--home", home.toString());
  }

  /**
   * Whether the guard is bound to a session of the home's gateway (an agent's {@code gateway mcp}
   * opened one, and the gateway started the guard for it), asked of the gateway as a host.
   */
  boolean guardIsBound() throws Exception {
    if (observer == null) {
      observer = GatewayClient.connect(home, port, GatewayClientOptions.defaults());
    }
    return observer.providers().get(WAIT.toSeconds(), TimeUnit.SECONDS).stream()
        .anyMatch(provider -> provider.name().equals(guard) && !provider.sessions().isEmpty());
  }

  /**
   * {@return whether the guard is bound in every session the gateway has}: an agent with two of the
   * gateway's MCP servers (setup's stdio one and a test's) has two sessions, each starting its own
   * copy of the guard, whose tools the agent is offered only once it is bound.
   */
  boolean guardIsBoundInEverySession() throws Exception {
    if (!guardIsBound()) {
      return false;
    }
    java.util.Set<String> held = new java.util.HashSet<>();
    observer.providers().get(WAIT.toSeconds(), TimeUnit.SECONDS).stream()
        .filter(provider -> provider.name().equals(guard))
        .forEach(provider -> held.addAll(provider.sessions()));
    return observer.sessions().get(WAIT.toSeconds(), TimeUnit.SECONDS).stream()
        .allMatch(session -> held.contains(session.id()));
  }

  /**
   * {@code gateway setup AGENT --home HOME ARGS…}, as a person runs it in the project: the stand-in
   * launcher is the gateway's program ({@code GATEWAY_LAUNCHER}), {@code env} the person's (their
   * {@code HOME}, the agent's binary on {@code PATH}); {@return what it printed}; fails when it
   * does not exit 0.
   */
  String setup(String agent, Map<String, String> env, String... args) throws Exception {
    List<String> line = new ArrayList<>(List.of("setup", agent));
    line.addAll(List.of(args));
    return gateway(env, line);
  }

  /**
   * {@code gateway doctor --home HOME ARGS…} in the project, as {@link #setup} runs setup; {@return
   * what it printed}, whatever its exit code (a doctor that finds a problem exits 1).
   */
  String doctor(Map<String, String> env, String... args) throws Exception {
    List<String> line = new ArrayList<>(List.of("doctor"));
    line.addAll(List.of(args));
    return gatewayWithAnyExit(env, line);
  }

  private String gateway(Map<String, String> env, List<String> line) throws Exception {
    Process run = start(env, line);
    String said = new String(run.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    boolean ended = run.waitFor(WAIT.toSeconds(), TimeUnit.SECONDS);
    assertThat(ended && run.exitValue() == 0).as("gateway %s: %s", line, said).isTrue();
    return said;
  }

  private String gatewayWithAnyExit(Map<String, String> env, List<String> line) throws Exception {
    Process run = start(env, line);
    String said = new String(run.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(run.waitFor(WAIT.toSeconds(), TimeUnit.SECONDS))
        .as("gateway %s ended", line)
        .isTrue();
    return said;
  }

  /** {@code gateway LINE… --home HOME} started in the project with the person's {@code env}. */
  private Process start(Map<String, String> env, List<String> line) throws IOException {
    List<String> command = new ArrayList<>(List.of(launcher.toString()));
    command.addAll(line);
    command.addAll(List.of("--home", home.toString()));
    ProcessBuilder builder =
        new ProcessBuilder(command)
            .directory(project.toFile())
            .redirectErrorStream(true)
            .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
    builder.environment().put("GATEWAY_LAUNCHER", launcher.toString());
    builder.environment().putAll(env);
    return builder.start();
  }

  /**
   * Starts a test on a home an earlier test of its class used: {@link #decisionsOnCommand} and
   * {@link #describe} read the audit trail from here on, so that a test never takes another's
   * decision on the same command for its own.
   */
  void beginATest() throws IOException {
    Path audit = home.resolve("logs/audit.jsonl");
    auditFrom = Files.exists(audit) ? Files.size(audit) : 0;
  }

  /**
   * {@return the sessions the home's gateway has now}, asked of it as a host (an agent's {@code
   * gateway mcp} or HTTP window opens one, and ending it ends the session).
   */
  int sessions() throws Exception {
    guardIsBound(); // opens the observer
    return observer.sessions().get(WAIT.toSeconds(), TimeUnit.SECONDS).size();
  }

  /** The pid of the home's gateway, from its record; null when it has none. */
  Long gatewayPid() {
    try {
      HookGateRecord.GatewayState state = HookGateRecord.read(home).gateway();
      return state == null ? null : state.pid();
    } catch (IOException e) {
      return null;
    }
  }

  /** {@code kill -SIGNAL} of the home's gateway; {@return true}, for a held turn's condition. */
  boolean signalGateway(String signal) throws Exception {
    Long pid = gatewayPid();
    assertThat(pid).as("the home's gateway has a pid in its record; %s", gatewayLog()).isNotNull();
    int exit =
        new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).inheritIO().start().waitFor();
    assertThat(exit).as("kill -%s %s", signal, pid).isZero();
    return true;
  }

  /**
   * Waits until the gateway's record of what sessions have seen ({@code guard-sessions.json}, the
   * flow rules) says an agent reported a call that ran: the gateway writes it off the decision's
   * way, so it may come a moment after the agent's hook returned.
   */
  void awaitAfterToolReportKept() {
    Path kept = home.resolve(io.github.providergateway.agent.guard.SessionFlowsFile.NAME);
    Await.until(
        Duration.ofSeconds(10),
        () -> Files.exists(kept) && Files.readString(kept).contains("\"reportsAfterTool\":true"),
        () -> kept + " says a session's agent reported a call that ran");
  }

  /**
   * Waits until the home holds at least {@code calls} records of calls held for the person away
   * (decision 321), in the trail and the hook's spool together, where {@code gateway back} reads
   * them: the gateway writes its trail off the decision's way.
   */
  void awaitHeldCalls(int calls) {
    Await.until(
        WAIT,
        () -> {
          long held = 0;
          for (Path file :
              List.of(
                  home.resolve("logs/audit.jsonl"),
                  home.resolve("logs")
                      .resolve(io.github.providergateway.app.home.HookSpool.FILE))) {
            if (Files.exists(file)) {
              held +=
                  Files.readString(file)
                      .lines()
                      .filter(l -> l.contains(io.github.providergateway.agent.hook.PersonAway.CODE))
                      .count();
            }
          }
          return held >= calls;
        },
        () -> calls + " held calls in the trail and the spool; " + describe());
  }

  /**
   * The {@code pre_tool_use} records in {@code <home>/logs/audit.jsonl}, since {@link #beginATest},
   * of the shell call {@code command}: the gateway's arguments {@code {"command": command}}, as the
   * record has them, or as their SHA-256 where it keeps only that (a call decided by the home's
   * rules, with no session).
   */
  List<JsonNode> decisionsOnCommand(String command) throws Exception {
    Path audit = home.resolve("logs/audit.jsonl");
    List<JsonNode> records = new ArrayList<>();
    if (!Files.exists(audit)) {
      return records;
    }
    String trail = auditOfThisTest();
    String args = JSON.writeValueAsString(JSON.createObjectNode().put("command", command));
    String sha256 =
        HexFormat.of()
            .formatHex(
                MessageDigest.getInstance("SHA-256").digest(args.getBytes(StandardCharsets.UTF_8)));
    for (String line : trail.lines().toList()) {
      JsonNode record = JSON.readTree(line);
      if (record.path("kind").asText().equals("pre_tool_use")
          && (record.path("args").path("command").asText().equals(command)
              || record.path("argsSha256").asText().equals(sha256))) {
        records.add(record);
      }
    }
    return records;
  }

  /** The audit trail and the gateway's log, for an assertion's description. */
  String describe() {
    String trail;
    try {
      trail = auditOfThisTest();
    } catch (IOException e) {
      trail = "(unreadable: " + e + ")";
    }
    return "\n--- audit.jsonl"
        + (auditFrom == 0 ? "" : " from byte " + auditFrom + ", where this test began")
        + ":\n"
        + trail
        + "\n--- gateway.log:\n"
        + gatewayLog();
  }

  /** The audit trail's records since {@link #beginATest}, or "(none)". */
  private String auditOfThisTest() throws IOException {
    Path audit = home.resolve("logs/audit.jsonl");
    if (!Files.exists(audit)) {
      return "(none)";
    }
    byte[] all = Files.readAllBytes(audit);
    int from = (int) Math.min(auditFrom, all.length);
    return new String(all, from, all.length - from, StandardCharsets.UTF_8);
  }

  private String gatewayLog() {
    return read(home.resolve("logs/gateway.log"));
  }

  /** The text of {@code file}, or a sentence saying why there is none. */
  static String read(Path file) {
    try {
      return Files.exists(file) ? Files.readString(file) : "(none)";
    } catch (IOException e) {
      return "(unreadable: " + e + ")";
    }
  }

  @Override
  public void close() throws Exception {
    Long pid = gatewayPid();
    if (pid != null) {
      // A stopped gateway is resumed first, so that it can be killed and reaped.
      new ProcessBuilder("kill", "-CONT", Long.toString(pid)).start().waitFor();
    }
    if (observer != null) {
      observer.close();
    }
    killProcessesNaming(temp);
  }

  /**
   * Kills every process whose command line names {@code folder} (or a path under it), and waits for
   * each to end.
   */
  static void killProcessesNaming(Path folder) throws Exception {
    String mark = folder.toString();
    List<ProcessHandle> ours =
        ProcessHandle.allProcesses()
            .filter(
                process ->
                    SharedGatewayTest.argumentsOf(process).stream()
                        .anyMatch(argument -> argument.contains(mark)))
            .toList();
    ours.forEach(ProcessHandle::destroyForcibly);
    for (ProcessHandle process : ours) {
      process.onExit().get(10, TimeUnit.SECONDS);
    }
  }
}
