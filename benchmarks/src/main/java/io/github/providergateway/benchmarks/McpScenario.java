package io.github.providergateway.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.ToolOutcome;
import io.github.providergateway.host.client.GatewayClient;
import io.github.providergateway.host.client.GatewayClientOptions;
import io.github.providergateway.host.client.GatewayHome;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Tool calls through the MCP front door, {@code gateway mcp}, against the same calls from a JVM
 * host over {@code /host} ({@link GatewayClient}), and how long {@code gateway mcp} takes to answer
 * {@code initialize}.
 *
 * <p>Set-up, as on an agent's machine: the reference app's uber jar (copied into the work folder,
 * so a build cannot change it under a running JVM, with a class-data archive trained on an MCP
 * start as {@code ./gateway} makes one), the home's shared gateway started first ({@code Main
 * --detached}, no terminal, on a free port; the driver's {@code --gateway-jvm} flags), one {@code
 * gateway mcp} process with the launcher's JVM options and the archive, spoken to in JSON-RPC lines
 * ({@link McpStdio}), and {@code providers.cjs} (K = 1, the home's token file and {@code
 * gateway.port}) bound to that MCP session, the only one. The driver's own {@link GatewayClient} is
 * a second host of the same gateway; hosts may drive any session, so it calls the same tool in the
 * same session.
 *
 * <p>The calls: {@code echo_0} with the load driver's arguments, at a paced rate ({@link Pacer},
 * open loop), in blocks that alternate between the two paths (MCP first in even rounds, the host
 * first in odd ones) so that both see the same hours of the machine. A call's latency is from just
 * before its request is written to when its answer arrives: the MCP answer's line read from {@code
 * gateway mcp}'s stdout, or the host API's future completing. The added latency is then {@link
 * Comparison#addedMicros}: a percentile of the MCP calls minus the same percentile of the host's
 * calls.
 */
final class McpScenario {

  private static final String MAIN = SharedGateway.MAIN;

  /** The name the driver gives itself in {@code initialize}, which labels the gateway session. */
  private static final String CLIENT_NAME = "load-driver";

  /**
   * @param appJar the reference app's uber jar
   * @param dir the scenario's folder (jar copy, archive, homes, logs)
   * @param nodeDir where {@code providers.cjs} is installed
   * @param launcherJvm the launcher's JVM options, all of them (its warnings must stay off stdout)
   * @param gatewayJvm the shared gateway's JVM options
   * @param perSecond the paced rate of each path
   * @param warmupCalls calls per path before measuring
   * @param calls measured calls per path
   * @param blockCalls calls per block of one path
   * @param launches launches of {@code gateway mcp} per run for the start-up figures
   */
  record Config(
      Path appJar,
      Path dir,
      Path nodeDir,
      List<String> launcherJvm,
      List<String> gatewayJvm,
      int perSecond,
      int warmupCalls,
      int calls,
      int blockCalls,
      int launches) {}

  /** One run's figures; times in ms, latencies in µs. */
  record Result(
      double initializeMillis,
      double initializeNoArchiveMillis,
      double joinedMillis,
      double initializeStartingMillis,
      double joinedStartingMillis,
      double mcpP50,
      double mcpP99,
      double hostP50,
      double hostP99,
      double addedP50,
      double addedP99,
      double mcpCpuMicrosPerCall,
      double notificationsPerCall,
      double othersPercent) {}

  private final Config config;
  private final Path jar;

  /** The class-data archive for {@code gateway mcp}, or null when the training run made none. */
  private final Path archive;

  /** The home where {@code gateway mcp} starts the shared gateway itself; reused across runs. */
  private final Path startingHome;

  private McpScenario(Config config, Path jar, Path archive, Path startingHome) {
    this.config = config;
    this.jar = jar;
    this.archive = archive;
    this.startingHome = startingHome;
  }

  /**
   * Copies the jar, trains the class-data archive as {@code ./gateway} does for agents' runs, and
   * warms the home where {@code gateway mcp} starts the gateway (its first start there makes the
   * gateway's own runtime copy and archive, once per jar, as on a person's machine).
   */
  static McpScenario prepare(Config config) throws Exception {
    Files.createDirectories(config.dir());
    Path jar = config.dir().resolve("provider-gateway.jar");
    Files.copy(config.appJar(), jar, StandardCopyOption.REPLACE_EXISTING);
    Path archive = config.dir().resolve("provider-gateway-agents.jsa");
    Files.deleteIfExists(archive);
    Path partial = config.dir().resolve("provider-gateway-agents.jsa.partial");
    Path trainingHome = Files.createTempDirectory(config.dir(), "training-home-");
    List<String> training = new ArrayList<>(SharedGateway.java(config.launcherJvm()));
    training.add("-XX:ArchiveClassesAtExit=" + partial);
    training.addAll(
        List.of(
            "-cp",
            jar.toString(),
            MAIN,
            "mcp",
            "--class-data-training",
            "--home",
            trainingHome.toString()));
    Process process =
        new ProcessBuilder(training)
            .redirectErrorStream(true)
            .redirectOutput(config.dir().resolve("training.log").toFile())
            .start();
    try (OutputStream in = process.getOutputStream()) {
      in.write(
          String.join(
                  "\n",
                  "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"training\",\"version\":\"1\"}}}",
                  "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
                  "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}",
                  "")
              .getBytes(StandardCharsets.UTF_8));
    }
    if (!process.waitFor(60, TimeUnit.SECONDS)) {
      process.destroyForcibly();
    }
    if (Files.exists(partial) && Files.size(partial) > 0) {
      Files.move(partial, archive, StandardCopyOption.REPLACE_EXISTING);
    } else {
      Files.deleteIfExists(partial);
    }
    LoadDriver.deleteTree(trainingHome);
    Path startingHome = config.dir().resolve("home-started-by-mcp");
    LoadDriver.deleteTree(startingHome);
    Files.createDirectories(startingHome);
    McpScenario scenario =
        new McpScenario(config, jar, Files.exists(archive) ? archive : null, startingHome);
    scenario.startedByMcp(); // unmeasured: makes the gateway's runtime copy and its archive
    return scenario;
  }

  /** What the scenario was prepared with. */
  Config config() {
    return config;
  }

  /** The copy of the reference app's jar the scenario runs. */
  Path jar() {
    return jar;
  }

  /** Whether the class-data training run made an archive. */
  boolean hasArchive() {
    return archive != null;
  }

  /** One run: a fresh home, its shared gateway, the start-up launches, the paced calls. */
  Result run() throws Exception {
    Path home = Files.createTempDirectory(config.dir(), "home-");
    Process gateway = null;
    GatewayClient client = null;
    McpStdio mcp = null;
    NodeProviders providers = null;
    try {
      gateway =
          SharedGateway.start(
              config.gatewayJvm(), jar, home, config.dir().resolve("shared-gateway.log"));
      int port = SharedGateway.awaitPort(home, gateway);
      client = GatewayClient.connect(home, port, GatewayClientOptions.defaults());

      // Start-up with the shared gateway running.
      double[] initialize = new double[config.launches()];
      double[] joined = new double[config.launches()];
      for (int i = 0; i < config.launches(); i++) {
        double[] times = launch(home, archive, true);
        initialize[i] = times[0];
        joined[i] = times[1];
      }
      double noArchive = launch(home, null, false)[0];

      // The MCP session the calls go through, and the provider bound to it.
      mcp = McpStdio.start(mcpCommand(home, archive), config.dir().resolve("gateway-mcp.log"));
      reply(mcp.initialize(CLIENT_NAME), Duration.ofSeconds(30));
      mcp.notify("notifications/initialized");
      String sessionId = SharedGateway.awaitSession(client, CLIENT_NAME);
      String token =
          Files.readString(home.resolve(GatewayHome.TOKEN_FILE), StandardCharsets.UTF_8).strip();
      providers =
          NodeProviders.start(config.nodeDir(), 1, URI.create("ws://127.0.0.1:" + port), token);
      providers.awaitReady(60);
      awaitTool(mcp, "echo_0");

      long[] viaMcp = new long[config.calls()];
      long[] viaHost = new long[config.calls()];
      pacedMcp(mcp, config.warmupCalls(), null, 0);
      pacedHost(client, sessionId, config.perSecond(), config.warmupCalls(), null, 0);
      Meter meter =
          new Meter()
              .watch("mcp", mcp.pid())
              .watch("gateway", gateway.pid())
              .watch("providers", providers.pid())
              .watch("driver", ProcessHandle.current().pid());
      long notificationsBefore = mcp.notifications();
      meter.start();
      int done = 0;
      for (int round = 0; done < config.calls(); round++) {
        int n = Math.min(config.blockCalls(), config.calls() - done);
        if (round % 2 == 0) {
          pacedMcp(mcp, n, viaMcp, done);
          pacedHost(client, sessionId, config.perSecond(), n, viaHost, done);
        } else {
          pacedHost(client, sessionId, config.perSecond(), n, viaHost, done);
          pacedMcp(mcp, n, viaMcp, done);
        }
        done += n;
      }
      meter.stop();
      long notifications = mcp.notifications() - notificationsBefore;
      Percentiles throughMcp = Percentiles.of(viaMcp, viaMcp.length);
      Percentiles throughHost = Percentiles.of(viaHost, viaHost.length);

      // Start-up where gateway mcp starts the shared gateway itself.
      double[] starting = startedByMcp();

      return new Result(
          median(initialize),
          noArchive,
          median(joined),
          starting[0],
          starting[1],
          throughMcp.at(50) / 1e3,
          throughMcp.at(99) / 1e3,
          throughHost.at(50) / 1e3,
          throughHost.at(99) / 1e3,
          Comparison.addedMicros(throughMcp, throughHost, 50),
          Comparison.addedMicros(throughMcp, throughHost, 99),
          meter.spent("mcp").cpuSeconds() * 1e6 / config.calls(),
          (double) notifications / config.calls(),
          meter.othersPercent());
    } finally {
      if (mcp != null) {
        mcp.close();
      }
      SharedGateway.tearDown(client, gateway, providers, home);
    }
  }

  // ---- gateway mcp processes ----

  private List<String> mcpCommand(Path home, Path withArchive) throws IOException {
    List<String> command = new ArrayList<>(SharedGateway.java(config.launcherJvm()));
    if (withArchive != null) {
      command.add("-XX:SharedArchiveFile=" + withArchive);
    }
    command.addAll(
        List.of(
            "-cp",
            jar.toString(),
            MAIN,
            "mcp",
            "--home",
            home.toString(),
            "--port",
            Integer.toString(freePort())));
    return command;
  }

  /**
   * Launches {@code gateway mcp}, sends {@code initialize} at once (an agent's pipe holds it until
   * the JVM reads it), and returns the milliseconds from launch to its answer; with {@code join},
   * then {@code notifications/initialized} and {@code prompts/get gateway-context}, whose answer
   * needs the gateway session, and the milliseconds from launch to that answer (else NaN).
   */
  private double[] launch(Path home, Path withArchive, boolean join) throws Exception {
    McpStdio mcp =
        McpStdio.start(mcpCommand(home, withArchive), config.dir().resolve("gateway-mcp.log"));
    try {
      McpStdio.Reply initialized =
          reply(mcp.initialize(CLIENT_NAME + "-launch"), Duration.ofSeconds(30));
      double initialize = (initialized.receivedNanos() - mcp.startedNanos) / 1e6;
      double joined = Double.NaN;
      if (join) {
        mcp.notify("notifications/initialized");
        ObjectNode params = JsonNodeFactory.instance.objectNode().put("name", "gateway-context");
        McpStdio.Reply context = reply(mcp.request("prompts/get", params), Duration.ofSeconds(60));
        joined = (context.receivedNanos() - mcp.startedNanos) / 1e6;
      }
      return new double[] {initialize, joined};
    } finally {
      mcp.close();
    }
  }

  /**
   * With no gateway running for the home, {@code gateway mcp} starts it ({@code --detached},
   * through the app's own starter): launch to the {@code initialize} answer, and to the first
   * answer that needs the gateway session; then the gateway is stopped again.
   */
  private double[] startedByMcp() throws Exception {
    double[] times = launch(startingHome, archive, true);
    int port = SharedGateway.awaitPort(startingHome, null);
    long pid = Long.parseLong(Files.readString(startingHome.resolve(GatewayHome.PID_FILE)).strip());
    GatewayClient client =
        GatewayClient.connect(startingHome, port, GatewayClientOptions.defaults());
    SharedGateway.stop(client);
    ProcessHandle gateway = ProcessHandle.of(pid).orElse(null);
    if (gateway != null) {
      SharedGateway.awaitExit(gateway);
    }
    return times;
  }

  private static McpStdio.Reply reply(McpStdio.Sent sent, Duration limit) throws Exception {
    McpStdio.Reply reply = sent.reply().get(limit.toMillis(), TimeUnit.MILLISECONDS);
    if (reply.json().has("error")) {
      throw new IllegalStateException("gateway mcp answered with an error: " + reply.json());
    }
    return reply;
  }

  /** Waits until the MCP tool list has {@code tool} (after the gateway's 200 ms debounce). */
  private static void awaitTool(McpStdio mcp, String tool) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (System.nanoTime() < deadline) {
      JsonNode tools =
          reply(mcp.request("tools/list", null), Duration.ofSeconds(10)).json().at("/result/tools");
      for (JsonNode listed : tools) {
        if (tool.equals(listed.path("name").asText())) {
          return;
        }
      }
      Thread.sleep(100);
    }
    throw new IllegalStateException("gateway mcp does not list " + tool + " after 30 s");
  }

  // ---- the paced calls ----

  /**
   * {@code count} calls through MCP; latencies into {@code samples} from {@code offset} (or none).
   */
  private void pacedMcp(McpStdio mcp, int count, long[] samples, int offset) throws Exception {
    ObjectNode params = JsonNodeFactory.instance.objectNode();
    params.put("name", "echo_0");
    params.set("arguments", WsScenario.callArgs());
    AtomicReference<String> failure = new AtomicReference<>();
    List<CompletableFuture<?>> answers = new ArrayList<>(count);
    Pacer pacer = new Pacer(System.nanoTime() + 1_000_000, config.perSecond());
    for (int i = 0; i < count; i++) {
      pacer.awaitTurn(i);
      McpStdio.Sent sent = mcp.request("tools/call", params);
      int slot = offset + i;
      answers.add(
          sent.reply()
              .thenAccept(
                  reply -> {
                    if (samples != null) {
                      samples[slot] = reply.receivedNanos() - sent.sentNanos();
                    }
                    if (!reply.json().has("result")
                        || reply.json().at("/result/isError").asBoolean(false)) {
                      failure.compareAndSet(null, reply.json().toString());
                    }
                  }));
    }
    CompletableFuture.allOf(answers.toArray(CompletableFuture[]::new)).get(60, TimeUnit.SECONDS);
    if (failure.get() != null) {
      throw new IllegalStateException("a call through gateway mcp failed: " + failure.get());
    }
  }

  /**
   * {@code count} calls through the driver's own host connection, at {@code perSecond}, to {@code
   * echo_0}.
   */
  static void pacedHost(
      GatewayClient client, String sessionId, int perSecond, int count, long[] samples, int offset)
      throws Exception {
    JsonNode args = WsScenario.callArgs();
    AtomicReference<String> failure = new AtomicReference<>();
    List<CompletableFuture<?>> answers = new ArrayList<>(count);
    Pacer pacer = new Pacer(System.nanoTime() + 1_000_000, perSecond);
    for (int i = 0; i < count; i++) {
      pacer.awaitTurn(i);
      long sent = System.nanoTime();
      int slot = offset + i;
      answers.add(
          client
              .callTool(sessionId, "echo_0", args, null)
              .whenComplete(
                  (CallResult result, Throwable error) -> {
                    if (samples != null) {
                      samples[slot] = System.nanoTime() - sent;
                    }
                    if (error != null || !(result.outcome() instanceof ToolOutcome.Success)) {
                      failure.compareAndSet(
                          null, error != null ? error.toString() : result.outcome().toString());
                    }
                  }));
    }
    try {
      CompletableFuture.allOf(answers.toArray(CompletableFuture[]::new)).get(60, TimeUnit.SECONDS);
    } catch (java.util.concurrent.ExecutionException e) {
      // the failure is recorded above
    }
    if (failure.get() != null) {
      throw new IllegalStateException("a call through the host API failed: " + failure.get());
    }
  }

  // ---- small things ----

  /** A loopback port free now, for a gateway {@code gateway mcp} might start (never 9400). */
  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }

  private static double median(double[] values) {
    return Summary.of(Arrays.stream(values).boxed().toList()).median();
  }
}
