package io.github.providergateway.benchmarks;

import io.github.providergateway.benchmarks.soak.SoakProvider;
import io.github.providergateway.host.api.SessionSpec;
import io.github.providergateway.host.client.GatewayClient;
import io.github.providergateway.host.client.GatewayClientOptions;
import io.github.providergateway.host.client.GatewayHome;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * Hook decision latency (issue 33): how long a coding agent waits for the gateway's answer to its
 * pre-tool-use hook, through Claude Code's HTTP hook and through the command hook script, and
 * whether every answer is the right one.
 *
 * <p>Set-up, as on an agent's machine: the shared gateway of a fresh home (the reference app's jar,
 * copied into the work folder; the driver's {@code --gateway-jvm} flags), a hook token from {@code
 * gateway hook --print-config claude} run as a person runs it, a session labelled {@code claude}
 * with the agent's working directory, started by the driver's {@link GatewayClient} (a host holding
 * the gateway token, as {@code gateway mcp} is), and the driver's provider on a WebSocket ({@link
 * SoakProvider} on a raw socket, one thread) bound to that session with the rules of {@link
 * HookCases}: a deny rule and a gate, which it answers at once.
 *
 * <p>The calls are {@link HookCases#MIX} in turn, one at a time (an agent waits for its hook before
 * it runs the tool). Each is timed from the client's side, end to end:
 *
 * <ul>
 *   <li>HTTP: {@code POST /hooks/claude} with the hook token, on a new loopback connection per call
 *       (Claude Code makes one request per hook), with {@link LoopbackPost}: a blocking socket, one
 *       write, read to the end of the answer. The least a client can do, so that the figure is the
 *       gateway's and the connection's, as for the MCP front door ({@link McpHttpScenario}), where
 *       the JDK's {@code HttpClient} was tried first and its own CPU was what got measured.
 *   <li>Command hook: {@code sh gateway-hook.sh claude --home HOME} with the input on its stdin,
 *       from just before the process is started to its exit, with its stdout read whole: the
 *       script's own processes ({@code sh}, {@code curl} and the few small ones the script runs)
 *       included. Its JVM fallback is a stand-in that answers nothing ({@code
 *       GATEWAY_HOOK_LAUNCHER=false}), so the script's "gave no answer" deny shows as a wrong
 *       answer if the script ever does not reach the gateway's socket.
 * </ul>
 *
 * <p>For what bounds the command hook, the same calls through its {@code curl} command alone (no
 * script around it), and {@code sh -c true} and {@code curl --version}, each started and waited for
 * exactly as the hook is.
 */
final class HookScenario implements AutoCloseable {

  /** The token in what {@code gateway hook --print-config claude} prints. */
  private static final Pattern HOOK_TOKEN =
      Pattern.compile("PROVIDER_GATEWAY_HOOK_TOKEN=(hook-[A-Za-z0-9_-]+)");

  /** The command hook's JVM fallback: prints nothing and fails, which the script denies. */
  private static final String NO_JVM = "false";

  /** The command hooks' socket in the gateway's home. */
  private static final String SOCKET = "hook.sock";

  /** The name of the session the hooks find, as {@code gateway mcp} labels an agent's. */
  private static final String LABEL = "claude";

  /**
   * @param appJar the reference app's uber jar
   * @param dir the part's folder (jar copy, home, logs)
   * @param launcherJvm the launcher's JVM options, for {@code gateway hook --print-config}
   * @param gatewayJvm the shared gateway's JVM options
   * @param script the command hook script, {@code gateway-hook.sh}
   * @param warmupCalls calls before each measurement, unmeasured
   * @param calls measured calls per measurement
   */
  record Config(
      Path appJar,
      Path dir,
      List<String> launcherJvm,
      List<String> gatewayJvm,
      Path script,
      int warmupCalls,
      int calls) {}

  /**
   * One path's measured calls.
   *
   * @param p50Millis median latency
   * @param p99Millis 99th percentile latency
   * @param wrong calls whose answer was not the expected one, or that got none
   * @param firstWrong the first of them and why, or null
   * @param gatewayCpuMicros the gateway process's CPU per call
   * @param othersPercent the rest of the machine's CPU meanwhile (the driver, the processes it ran,
   *     the gateway and any spinners not counted), % of all cores
   * @param byCase the p50 of each case of the mix, for the log: what the gate's round trip adds
   */
  record Result(
      double p50Millis,
      double p99Millis,
      int wrong,
      String firstWrong,
      double gatewayCpuMicros,
      double othersPercent,
      String byCase) {}

  /** What one call got: its time, and why its answer was wrong (null when right). */
  private record Timed(long nanos, String wrong) {}

  /** One call of a path: the {@code n}-th of the mix, made and checked. */
  private interface Call {
    Timed call(HookCases.Case c) throws IOException, InterruptedException;
  }

  private final Config config;
  private final Path home;
  private final Process gateway;
  private final GatewayClient client;
  private final SoakProvider provider;
  private final LoopbackPost http;
  private final Map<String, String> headers;

  private HookScenario(
      Config config,
      Path home,
      Process gateway,
      GatewayClient client,
      SoakProvider provider,
      LoopbackPost http,
      String token) {
    this.config = config;
    this.home = home;
    this.gateway = gateway;
    this.client = client;
    this.provider = provider;
    this.http = http;
    this.headers = Map.of("Authorization", "Bearer " + token, "Content-Type", "application/json");
  }

  /**
   * Starts the gateway, binds the provider, issues the hook token; checks that the gate answers.
   */
  static HookScenario start(Config config) throws Exception {
    Files.createDirectories(config.dir());
    Path jar = config.dir().resolve("provider-gateway.jar");
    Files.copy(config.appJar(), jar, StandardCopyOption.REPLACE_EXISTING);
    // Owner-only, as a gateway's home is; the command hook's socket is in it, so its path must
    // stay short (a Unix socket's path has at most 107 bytes).
    Path home = Files.createTempDirectory(config.dir(), "home-");
    Process gateway = null;
    GatewayClient client = null;
    SoakProvider provider = null;
    try {
      gateway =
          SharedGateway.start(
              config.gatewayJvm(), jar, home, config.dir().resolve("shared-gateway.log"));
      int port = SharedGateway.awaitPort(home, gateway);
      client = GatewayClient.connect(home, port, GatewayClientOptions.defaults());
      String sessionId =
          client
              .startSession(SessionSpec.of(LABEL, HookCases.CWD), new BenchHost())
              .get(10, TimeUnit.SECONDS)
              .id();
      String token =
          Files.readString(home.resolve(GatewayHome.TOKEN_FILE), StandardCharsets.UTF_8).strip();
      provider =
          SoakProvider.answering(
              SoakProvider.bind(port, token, HookCases.hello("hook-guard", sessionId)),
              "hook-guard",
              HookCases::gateResult);
      String hookToken =
          SharedGateway.printed(
              config.launcherJvm(),
              jar,
              List.of("hook", "--home", home.toString(), "--print-config", "claude"),
              HOOK_TOKEN);
      HookScenario scenario =
          new HookScenario(
              config,
              home,
              gateway,
              client,
              provider,
              new LoopbackPost(port, "/hooks/claude"),
              hookToken);
      scenario.awaitRules();
      awaitSocket(home);
      return scenario;
    } catch (Exception | Error e) {
      if (provider != null) {
        provider.close();
      }
      SharedGateway.tearDown(client, gateway, null, home);
      throw e;
    }
  }

  /**
   * Waits until every case of the mix is answered right over HTTP: the rules are in force once the
   * provider's {@code hello.ack} came, so this only says that the set-up is what it should be.
   */
  private void awaitRules() throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (true) {
      String wrong = null;
      for (HookCases.Case c : HookCases.MIX) {
        wrong = httpCall(c).wrong();
        if (wrong != null) {
          break;
        }
      }
      if (wrong == null) {
        return;
      }
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException(
            "the hooks did not answer as expected after 30 s: " + wrong);
      }
      Thread.sleep(100);
    }
  }

  /**
   * Waits for the gateway's {@value #SOCKET}: without it the command hook would start its JVM
   * fallback for every call, and measure nothing of the gateway.
   */
  private static void awaitSocket(Path home) throws InterruptedException {
    Path socket = home.resolve(SOCKET);
    for (int i = 0; i < 100 && !Files.exists(socket); i++) {
      Thread.sleep(50);
    }
    if (!Files.exists(socket)) {
      throw new IllegalStateException(
          "the gateway serves no "
              + socket
              + " (see shared-gateway.log): the command hook would not reach it");
    }
  }

  /** The HTTP hook: {@code POST /hooks/claude}, a connection per call. */
  Result http(List<Long> spinners) throws Exception {
    return measure(this::httpCall, spinners);
  }

  /** The command hook: {@code sh gateway-hook.sh claude --home HOME}, process start to exit. */
  Result command(List<Long> spinners) throws Exception {
    ProcessBuilder hook =
        new ProcessBuilder("sh", config.script().toString(), "claude", "--home", home.toString());
    hook.environment().put("GATEWAY_HOOK_LAUNCHER", NO_JVM);
    return processCalls(hook, 0, spinners);
  }

  /**
   * The command hook without its script: the {@code curl} command it runs, alone, started as the
   * hook is. Its answer is the socket's (format 2): a line with the exit code and what the hook
   * writes on stderr, then the agent's line.
   */
  Result curlAlone(List<Long> spinners) throws Exception {
    return processCalls(
        new ProcessBuilder(
            "curl",
            "-q",
            "--silent",
            "--unix-socket",
            home.resolve(SOCKET).toString(),
            "--max-time",
            "10",
            "--header",
            "Content-Type: application/json",
            "--header",
            "Expect:",
            "--header",
            "Gateway-Hook-Format: 2",
            "--data-binary",
            "@-",
            "http://localhost/hooks/claude"),
        1,
        spinners);
  }

  /**
   * Calls that are processes: {@code builder}'s, the hook's input on stdin, its line {@code
   * answerLine} (from 0) the answer.
   */
  private Result processCalls(ProcessBuilder builder, int answerLine, List<Long> spinners)
      throws Exception {
    builder.redirectError(
        ProcessBuilder.Redirect.appendTo(config.dir().resolve("command-hook.stderr.log").toFile()));
    return measure(
        c -> {
          Ran ran = Ran.run(builder, HookCases.input(c));
          return new Timed(
              ran.nanos(),
              HookCases.wrong(c, ran.stdout().lines().skip(answerLine).findFirst().orElse("")));
        },
        spinners);
  }

  /**
   * What bounds the command hook: {@code command} (e.g. {@code sh -c true}) started and waited for
   * exactly as the hook is, with nothing on its stdin; a call is wrong when it exits other than 0.
   */
  Result processStarts(List<String> command, List<Long> spinners) throws Exception {
    ProcessBuilder builder =
        new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD);
    return measure(
        c -> {
          Ran ran = Ran.run(builder, new byte[0]);
          return new Timed(
              ran.nanos(),
              ran.exit() == 0 ? null : String.join(" ", command) + " exited " + ran.exit());
        },
        spinners);
  }

  private Timed httpCall(HookCases.Case c) {
    byte[] input = HookCases.input(c);
    long t0 = System.nanoTime();
    try {
      LoopbackPost.Answer answer = http.post(headers, input);
      long nanos = System.nanoTime() - t0;
      return new Timed(
          nanos,
          answer.status() == 200
              ? HookCases.wrong(c, answer.body())
              : "HTTP " + answer.status() + ": " + answer.body().strip());
    } catch (IOException e) {
      return new Timed(System.nanoTime() - t0, "no answer: " + e);
    }
  }

  /** {@link Config#warmupCalls} calls unmeasured, then {@link Config#calls} timed one by one. */
  private Result measure(Call call, List<Long> spinners) throws Exception {
    int warmupWrong = 0;
    for (int i = 0; i < config.warmupCalls(); i++) {
      warmupWrong += call.call(HookCases.nth(i)).wrong() == null ? 0 : 1;
    }
    if (warmupWrong > 0) {
      System.err.println("[load] hooks: " + warmupWrong + " wrong answers among the warm-up calls");
    }
    Meter meter =
        new Meter()
            .watch("gateway", gateway.pid())
            .watchWithChildren("driver", ProcessHandle.current().pid());
    for (int i = 0; i < spinners.size(); i++) {
      meter.watch("spinner-" + i, spinners.get(i));
    }
    long[] samples = new long[config.calls()];
    int wrong = 0;
    String firstWrong = null;
    meter.start();
    for (int i = 0; i < config.calls(); i++) {
      HookCases.Case c = HookCases.nth(i);
      Timed timed = call.call(c);
      samples[i] = timed.nanos();
      if (timed.wrong() != null) {
        wrong++;
        if (firstWrong == null) {
          firstWrong = "call " + i + " (" + c.name() + "): " + timed.wrong();
        }
      }
    }
    meter.stop();
    Percentiles p = Percentiles.of(samples, samples.length);
    return new Result(
        p.at(50) / 1e6,
        p.at(99) / 1e6,
        wrong,
        firstWrong,
        meter.spent("gateway").cpuSeconds() * 1e6 / config.calls(),
        meter.othersPercent(),
        byCase(samples));
  }

  /**
   * Each case's p50, from the samples of its calls (call {@code i} is case {@code i} mod the mix).
   */
  static String byCase(long[] samples) {
    StringBuilder text = new StringBuilder("p50 by case:");
    int cases = HookCases.MIX.size();
    for (int k = 0; k < cases && k < samples.length; k++) {
      long[] own = new long[(samples.length - k + cases - 1) / cases];
      for (int i = k, j = 0; i < samples.length; i += cases, j++) {
        own[j] = samples[i];
      }
      text.append(
          String.format(
              Locale.ROOT,
              " %s %.2f ms;",
              HookCases.MIX.get(k).name(),
              Percentiles.of(own, own.length).at(50) / 1e6));
    }
    return text.toString();
  }

  /** A process run to its end: how long from start to exit, its exit code, its stdout. */
  private record Ran(long nanos, int exit, String stdout) {
    /**
     * Starts {@code builder}'s process, writes {@code input} to its stdin, reads its stdout whole,
     * waits for its exit.
     */
    static Ran run(ProcessBuilder builder, byte[] input) throws IOException, InterruptedException {
      long t0 = System.nanoTime();
      Process process = builder.start();
      try (OutputStream stdin = process.getOutputStream()) {
        stdin.write(input); // a few hundred bytes: the pipe holds them whether or not it reads yet
      } catch (IOException exitedFirst) {
        // it ended without reading its input: what it printed, or nothing, is its answer
      }
      byte[] stdout = process.getInputStream().readAllBytes();
      int exit = process.waitFor();
      return new Ran(System.nanoTime() - t0, exit, new String(stdout, StandardCharsets.UTF_8));
    }
  }

  @Override
  public void close() throws IOException, InterruptedException {
    provider.close();
    SharedGateway.tearDown(client, gateway, null, home);
  }
}
