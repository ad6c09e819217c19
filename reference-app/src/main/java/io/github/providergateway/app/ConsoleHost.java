package io.github.providergateway.app;

import static io.github.providergateway.app.CommandFailed.await;

import io.github.providergateway.gateway.HostApi;
import io.github.providergateway.gateway.HostTool;
import io.github.providergateway.gateway.SessionHost;
import io.github.providergateway.gateway.SessionSpec;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.host.client.GatewayClient;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Pattern;

/**
 * The interactive console: a person plays the agent host. It starts a default session at once so
 * a provider can bind, shows what the gateway asks of the host as it happens (timeline logs,
 * turns providers start, tool registrations, providers coming and going), and reads one command
 * per line until {@code quit} or the end of input. Works the same in a terminal and with piped
 * input: each command finishes before the next is read, so piped scripts give ordered output.
 */
final class ConsoleHost implements FrontEnd {

  private static final Duration STOP_DEADLINE = RpcHost.DEFAULT_DEADLINE;
  private static final Duration SIGNAL_DEADLINE = Duration.ofSeconds(2);
  private static final Pattern SHELL_SAFE = Pattern.compile("[A-Za-z0-9_./:=@%+-]+");

  /** The port of sessions an attached console starts: the observer listener prints their lines. */
  private static final SessionHost SILENT =
      new SessionHost() {
        @Override
        public void registerTools(String sessionId, List<HostTool> tools) {}

        @Override
        public void log(String sessionId, String source, String message) {}

        @Override
        public void send(String sessionId, String source, String prompt) {}
      };

  private final BufferedReader in;
  private final ConsoleOut out;
  private final PrintStream err;
  private final ConsoleEvents events;
  private final StreamWatches streams;
  /** The gateway once started; read by the signal hook. */
  private volatile RunningGateway running;
  /** With {@code attach}: the connection to a gateway running elsewhere; else null. */
  private volatile GatewayClient client;
  /** Set once the stop has been reported. */
  private final AtomicBoolean stopping = new AtomicBoolean();

  ConsoleHost(InputStream in, OutputStream out, PrintStream err, boolean interactive) {
    this.in = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
    this.out = new ConsoleOut(out, interactive);
    this.err = err;
    this.events = new ConsoleEvents(this.out);
    this.streams = new StreamWatches(this.out);
  }

  @Override
  public int run(AppOptions options) {
    try {
      running = RunningGateway.start(options, events);
    } catch (StartupException e) {
      err.println("gateway: " + e.getMessage());
      return Main.EXIT_START_FAILED;
    }
    HostApi api = running.gateway();
    ConsoleSessions sessions = new ConsoleSessions(out, api, events);
    streams.start(api, sessions);
    banner(options);
    try {
      SessionInfo session =
          await(api.startSession(SessionSpec.of("console", System.getProperty("user.dir")), events));
      sessions.makeCurrent(session.id());
      out.say("Session " + session.id() + " (\"console\") started, so a provider can bind to it now.");
    } catch (CommandFailed e) {
      out.say("Could not start the default session: " + e.getMessage());
    }
    out.say("Type 'help' for commands; 'quit' or end of input stops the gateway.");
    serve(api, sessions);
    stop(STOP_DEADLINE);
    out.finish();
    return Main.EXIT_OK;
  }

  /**
   * {@code gateway attach}: the console on the gateway already running for {@code home}. It
   * observes every session's timeline and may drive any of them; sessions it starts end when it
   * quits, the gateway and the others stay. It follows the gateway through a restart.
   */
  int attach(Path home, int port) {
    try {
      client =
          GatewayClient.connect(
              home,
              port,
              GatewayClient.Options.builder().observer(true).listener(new AttachedEvents(out, events)).build());
    } catch (IOException e) {
      err.println("gateway attach: " + e.getMessage());
      return Main.EXIT_START_FAILED;
    }
    HostApi api = client;
    ConsoleSessions sessions = new ConsoleSessions(out, api, SILENT);
    streams.start(api, sessions);
    out.say("Provider gateway " + Version.text() + ": attached to the gateway for " + home);
    try {
      List<SessionInfo> existing = await(api.sessions());
      if (existing.isEmpty()) {
        out.say("It has no sessions; 'start [label]' makes one (it ends when you quit).");
      } else {
        sessions.makeCurrent(existing.get(0).id());
        sessions.list();
        out.say("Current session: " + sessions.current() + " ('use <session>' picks another).");
      }
    } catch (CommandFailed e) {
      out.say("Could not list its sessions: " + e.getMessage());
    }
    out.say("Type 'help' for commands; 'quit' or end of input detaches and leaves the gateway running.");
    serve(api, sessions);
    stop(STOP_DEADLINE);
    out.finish();
    return Main.EXIT_OK;
  }

  private void serve(HostApi api, ConsoleSessions sessions) {
    new CommandLoop(in, out, err, sessions, new ToolCommands(out, api, sessions), streams, STOP_DEADLINE).serve();
  }

  @Override
  public void stopOnSignal() {
    if (running != null || client != null) {
      stop(SIGNAL_DEADLINE);
    }
  }

  private void stop(Duration deadline) {
    streams.cancelAll();
    if (client != null) {
      if (stopping.compareAndSet(false, true)) {
        client.close(); // ends only the sessions started here
        streams.closeTimer();
        out.say("Detached; the gateway keeps running.");
      }
      return;
    }
    // Safe twice (end of input, then the hook System.exit runs): a second caller waits for the
    // first stop to finish, so the JVM never halts half-way through it.
    running.stop(deadline);
    if (stopping.compareAndSet(false, true)) {
      streams.closeTimer();
      out.say("Gateway stopped; token file removed.");
    }
  }

  private void banner(AppOptions options) {
    String token = shellQuote(running.tokenFile().toString());
    out.say("Provider gateway " + Version.text());
    out.say("  listening on  " + running.url());
    out.say("  token file    " + running.tokenFile());
    out.say("  home          " + options.home());
    if (options.config() != null) {
      out.say("  config        " + options.config());
      for (String problem : running.configProblems()) {
        out.say("  config problem (entry not started): " + problem);
      }
    }
    out.say("");
    out.say("Connect a provider from another terminal, for example this repository's Node example:");
    out.say("  export TAP_PROVIDER_TOKEN=$(cat " + token + ")");
    out.say("  export TAP_GATEWAY_URL=" + running.url());
    out.say("  node examples/node/provider.mjs        # or: python3 examples/python/provider.py");
    if (running.port() != 9400) {
      out.say("(The core profile's own examples connect to ws://localhost:9400; start with --port 9400 for them.)");
    }
    out.say("");
  }

  private static String shellQuote(String text) {
    return SHELL_SAFE.matcher(text).matches() ? text : "'" + text.replace("'", "'\\''") + "'";
  }
}
