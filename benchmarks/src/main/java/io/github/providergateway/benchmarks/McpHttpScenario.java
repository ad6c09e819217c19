package io.github.providergateway.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.host.client.GatewayClient;
import io.github.providergateway.host.client.GatewayClientOptions;
import io.github.providergateway.host.client.GatewayHome;
import io.github.providergateway.loop.base.DaemonThreads;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Pattern;

/**
 * Tool calls through the MCP front door on Streamable HTTP ({@code POST /mcp} on the gateway's own
 * port: no process hop), against the same calls from a JVM host over {@code /host}.
 *
 * <p>Set-up, as a person's HTTP-only agent would meet it: the shared gateway of a fresh home (the
 * jar {@link McpScenario} copied, the driver's {@code --gateway-jvm} flags), a client token from
 * {@code gateway mcp --print-config http --client load-driver-http} run as a person runs it, an
 * {@code initialize} over HTTP ({@link LoopbackPost}: a socket per request, as the front door's
 * {@code Connection: close} asks, and as little client work as a client can do), and {@code
 * providers.cjs} (K = 1) bound to that session, the only one. The driver's {@link GatewayClient}
 * calls the same tool in the same session.
 *
 * <p>The calls: {@code echo_0}, paced ({@link Pacer}, open loop), in blocks alternating between the
 * two paths as {@link McpScenario} does. An HTTP call's latency is from just before its request is
 * sent to when its whole answer (a JSON body: the front door answers in JSON what is ready within 1
 * s) has arrived. The gateway answers every HTTP request with {@code Connection: close}, so each
 * call opens a TCP connection of its own; that is part of what is measured. The gateway's CPU is
 * metered per block, so each path has its own CPU per call. The JDK's {@code HttpClient} was tried
 * first: its own CPU per request (about 0.8 of a core at this rate) saturated the two cores, and
 * the latencies measured its queue.
 */
final class McpHttpScenario {

  /** The name the driver gives itself in {@code initialize}, which labels the gateway session. */
  private static final String CLIENT_NAME = "load-driver-http";

  private static final Pattern BEARER = Pattern.compile("Bearer (mcp-[A-Za-z0-9_-]+)");
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration CALL_WAIT = Duration.ofSeconds(60);

  /**
   * The front door's bound on requests in progress per session (docs/security.md): a client that
   * sends more gets 429, so the driver, like a well-behaved client, waits for room (which only a
   * cold JIT or a busy machine ever needs at the paced rate).
   */
  private static final int IN_PROGRESS_PER_SESSION = 32;

  /** One run's figures; latencies and CPU per call in µs. */
  record Result(
      double httpP50,
      double httpP99,
      double hostP50,
      double hostP99,
      double addedP50,
      double addedP99,
      double gatewayCpuPerHttpCall,
      double gatewayCpuPerHostCall,
      double othersPercent) {}

  private final McpScenario.Config config;
  private final Path jar;
  private LoopbackPost http;

  /** The threads the paced calls block on, one per call in progress. */
  private final ExecutorService callers =
      Executors.newFixedThreadPool(IN_PROGRESS_PER_SESSION, DaemonThreads.factory("http-call"));

  private String bearer;
  private String sessionHeader;
  private String protocolVersion;
  private long nextId = 1;

  private McpHttpScenario(McpScenario.Config config, Path jar) {
    this.config = config;
    this.jar = jar;
  }

  /** One run in a fresh home, with the jar {@code McpScenario.prepare} copied to {@code jar}. */
  static Result run(McpScenario.Config config, Path jar) throws Exception {
    return new McpHttpScenario(config, jar).run();
  }

  private Result run() throws Exception {
    Path home = Files.createTempDirectory(config.dir(), "http-home-");
    Process gateway = null;
    GatewayClient client = null;
    NodeProviders providers = null;
    try {
      gateway =
          SharedGateway.start(
              config.gatewayJvm(), jar, home, config.dir().resolve("shared-gateway-http.log"));
      int port = SharedGateway.awaitPort(home, gateway);
      client = GatewayClient.connect(home, port, GatewayClientOptions.defaults());
      http = new LoopbackPost(port, "/mcp");
      bearer = issueToken(home, port);
      initialize();
      String sessionId = SharedGateway.awaitSession(client, CLIENT_NAME);
      String token =
          Files.readString(home.resolve(GatewayHome.TOKEN_FILE), StandardCharsets.UTF_8).strip();
      providers =
          NodeProviders.start(config.nodeDir(), 1, URI.create("ws://127.0.0.1:" + port), token);
      providers.awaitReady(60);
      awaitTool("echo_0");

      long[] viaHttp = new long[config.calls()];
      long[] viaHost = new long[config.calls()];
      pacedHttp(config.warmupCalls(), null, 0);
      McpScenario.pacedHost(client, sessionId, config.perSecond(), config.warmupCalls(), null, 0);
      double httpCpu = 0;
      double hostCpu = 0;
      Meter whole =
          new Meter()
              .watch("gateway", gateway.pid())
              .watch("providers", providers.pid())
              .watch("driver", ProcessHandle.current().pid());
      whole.start();
      int done = 0;
      for (int round = 0; done < config.calls(); round++) {
        int n = Math.min(config.blockCalls(), config.calls() - done);
        for (int half = 0; half < 2; half++) {
          boolean httpNow = (round + half) % 2 == 0;
          Meter block = new Meter().watch("gateway", gateway.pid());
          block.start();
          if (httpNow) {
            pacedHttp(n, viaHttp, done);
          } else {
            McpScenario.pacedHost(client, sessionId, config.perSecond(), n, viaHost, done);
          }
          block.stop();
          double spent = block.spent("gateway").cpuSeconds();
          if (httpNow) {
            httpCpu += spent;
          } else {
            hostCpu += spent;
          }
        }
        done += n;
      }
      whole.stop();
      Percentiles throughHttp = Percentiles.of(viaHttp, viaHttp.length);
      Percentiles throughHost = Percentiles.of(viaHost, viaHost.length);
      return new Result(
          throughHttp.at(50) / 1e3,
          throughHttp.at(99) / 1e3,
          throughHost.at(50) / 1e3,
          throughHost.at(99) / 1e3,
          Comparison.addedMicros(throughHttp, throughHost, 50),
          Comparison.addedMicros(throughHttp, throughHost, 99),
          httpCpu * 1e6 / config.calls(),
          hostCpu * 1e6 / config.calls(),
          whole.othersPercent());
    } finally {
      callers.shutdownNow();
      SharedGateway.tearDown(client, gateway, providers, home);
    }
  }

  /**
   * {@code gateway mcp --print-config http --client load-driver-http}, run as a person would; its
   * token.
   */
  private String issueToken(Path home, int port) throws Exception {
    List<String> args =
        List.of(
            "mcp",
            "--home",
            home.toString(),
            "--port",
            Integer.toString(port),
            "--print-config",
            "http",
            "--client",
            CLIENT_NAME);
    return "Bearer " + SharedGateway.printed(config.launcherJvm(), jar, args, BEARER);
  }

  private void initialize() throws Exception {
    ObjectNode params = JsonNodeFactory.instance.objectNode();
    params.put("protocolVersion", "2025-06-18");
    params.putObject("capabilities");
    params.putObject("clientInfo").put("name", CLIENT_NAME).put("version", "1");
    LoopbackPost.Answer answer = post(request("initialize", params));
    sessionHeader = answer.headers().get("mcp-session-id");
    if (sessionHeader == null) {
      throw new IllegalStateException(
          "initialize over HTTP gave no session: " + answer.status() + " " + answer.body());
    }
    protocolVersion = result(answer).at("/result/protocolVersion").asText("2025-06-18");
    ObjectNode initialized =
        JsonNodeFactory.instance
            .objectNode()
            .put("jsonrpc", "2.0")
            .put("method", "notifications/initialized");
    LoopbackPost.Answer accepted = post(initialized);
    if (accepted.status() != 202) {
      throw new IllegalStateException(
          "notifications/initialized over HTTP: " + accepted.status() + " " + accepted.body());
    }
  }

  /** Waits until the session's tool list has {@code tool} (after the gateway's 200 ms debounce). */
  private void awaitTool(String tool) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (System.nanoTime() < deadline) {
      for (JsonNode listed : result(post(request("tools/list", null))).at("/result/tools")) {
        if (tool.equals(listed.path("name").asText())) {
          return;
        }
      }
      Thread.sleep(100);
    }
    throw new IllegalStateException("the HTTP session does not list " + tool + " after 30 s");
  }

  /**
   * {@code count} calls over HTTP; latencies into {@code samples} from {@code offset} (or none).
   */
  private void pacedHttp(int count, long[] samples, int offset) throws Exception {
    ObjectNode params = JsonNodeFactory.instance.objectNode();
    params.put("name", "echo_0");
    params.set("arguments", WsScenario.callArgs());
    AtomicReference<String> failure = new AtomicReference<>();
    List<CompletableFuture<?>> answers = new ArrayList<>(count);
    Pacer pacer = new Pacer(System.nanoTime() + 1_000_000, config.perSecond());
    Semaphore room = new Semaphore(IN_PROGRESS_PER_SESSION);
    for (int i = 0; i < count; i++) {
      pacer.awaitTurn(i);
      byte[] call = JSON.writeValueAsBytes(request("tools/call", params));
      int slot = offset + i;
      room.acquire();
      answers.add(
          CompletableFuture.runAsync(
              () -> {
                long sent = System.nanoTime();
                String wrong;
                try {
                  wrong = failed(http.post(headers(), call));
                } catch (IOException | RuntimeException e) {
                  wrong = e.toString();
                }
                if (samples != null) {
                  samples[slot] = System.nanoTime() - sent;
                }
                room.release();
                if (wrong != null) {
                  failure.compareAndSet(null, wrong);
                }
              },
              callers));
    }
    CompletableFuture.allOf(answers.toArray(CompletableFuture[]::new))
        .get(CALL_WAIT.toSeconds(), TimeUnit.SECONDS);
    if (failure.get() != null) {
      throw new IllegalStateException("a call over the HTTP front door failed: " + failure.get());
    }
  }

  /** Why a tools/call answer is not a success, or null. */
  private static String failed(LoopbackPost.Answer answer) {
    try {
      JsonNode reply = result(answer);
      return reply.has("result") && !reply.at("/result/isError").asBoolean(false)
          ? null
          : reply.toString();
    } catch (IOException | IllegalStateException e) {
      return e.getMessage();
    }
  }

  private ObjectNode request(String method, JsonNode params) {
    ObjectNode request =
        JsonNodeFactory.instance
            .objectNode()
            .put("jsonrpc", "2.0")
            .put("id", nextId++)
            .put("method", method);
    if (params != null) {
      request.set("params", params);
    }
    return request;
  }

  private LoopbackPost.Answer post(JsonNode message) throws IOException {
    return http.post(headers(), JSON.writeValueAsBytes(message));
  }

  /** The headers of every request: the client's token, and the session once there is one. */
  private Map<String, String> headers() {
    Map<String, String> headers = new LinkedHashMap<>();
    headers.put("Authorization", bearer);
    headers.put("Content-Type", "application/json");
    headers.put("Accept", "application/json, text/event-stream");
    if (sessionHeader != null) {
      headers.put("Mcp-Session-Id", sessionHeader);
      headers.put("MCP-Protocol-Version", protocolVersion);
    }
    return headers;
  }

  /** The JSON-RPC answer in a JSON body, or in the first {@code data:} line of an event stream. */
  private static JsonNode result(LoopbackPost.Answer answer) throws IOException {
    if (answer.status() != 200) {
      throw new IllegalStateException("HTTP " + answer.status() + ": " + answer.body());
    }
    String body = answer.body();
    if (answer.headers().getOrDefault("content-type", "").startsWith("text/event-stream")) {
      for (String line : body.split("\n")) {
        if (line.startsWith("data:")) {
          return JSON.readTree(line.substring("data:".length()).strip());
        }
      }
      throw new IllegalStateException("an event stream with no data: " + body);
    }
    return JSON.readTree(body);
  }
}
