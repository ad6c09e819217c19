package io.github.providergateway.app.console;

import io.github.providergateway.app.cli.ExitCodes;
import io.github.providergateway.app.home.StartupException;
import io.github.providergateway.app.run.AppOptions;
import io.github.providergateway.app.run.FrontEnd;
import io.github.providergateway.app.run.RunningGateway;
import io.github.providergateway.gateway.event.GatewayListener;
import io.github.providergateway.host.HostChannel;
import io.github.providergateway.host.HostConnection;
import io.github.providergateway.host.protocol.GatewayStarted;
import io.github.providergateway.host.protocol.GatewayStopped;
import io.github.providergateway.host.protocol.HostCommand;
import io.github.providergateway.host.protocol.HostDecodeError;
import io.github.providergateway.host.protocol.HostOutput;
import io.github.providergateway.host.protocol.HostReply;
import io.github.providergateway.host.protocol.SessionLog;
import io.github.providergateway.host.protocol.Shutdown;
import io.github.providergateway.loop.Backend;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.protocol.json.DecodeResult;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * The {@code --rpc} host (spec/host-rpc.md): newline-delimited JSON commands on its input, one JSON
 * reply or event per line on its output, nothing else there (logs go to stderr).
 *
 * <p>This is the stdio carrier of the host protocol. The commands themselves are run by the
 * gateway's {@code HostService}, the same code that serves hosts connected over WebSocket ({@code
 * /host}); stdin is trusted as it is, so no {@code host.auth} is needed, and the sessions started
 * here belong to this host.
 *
 * <p>One thread reads commands and hands each to the service without waiting for it: every reply is
 * written when its future completes, on whatever thread that is, so a {@code tool.call} that waits
 * for its provider does not hold up a {@code sessions.list} sent after it. Replies therefore may
 * come out of order; each echoes its command's {@code id}.
 *
 * <p>Input ending, or {@code shutdown}, ends every session (providers get {@code
 * shutdown.pending}), closes the gateway (the token file goes), and writes {@code gateway.stopped}
 * as the very last line.
 */
public final class RpcHost implements FrontEnd {

  private static final System.Logger LOG = System.getLogger(RpcHost.class.getName());

  /** {@code session.end}'s deadline when it names none, and the stop deadline (host-rpc.md). */
  static final Duration DEFAULT_DEADLINE = Duration.ofMillis(10_000);

  /** A signal leaves little time: providers get this long to say goodbye. */
  private static final Duration SIGNAL_DEADLINE = Duration.ofSeconds(2);

  private final BufferedReader in;
  private final JsonLineWriter out;
  private final PrintStream err;

  /** The gateway's time and threads: {@link Backend#system()}, or a test's manual backend. */
  private final Backend backend;

  /** The gateway once started; read by the signal hook. */
  private volatile RunningGateway running;

  /** This host's channel into the gateway's host service. */
  private HostChannel channel;

  /** Whether this is the class-data training run: it exercises the gateway before serving. */
  private boolean classDataTraining;

  public RpcHost(InputStream in, OutputStream out, PrintStream err, Backend backend) {
    this.in = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
    this.out = new JsonLineWriter(out);
    this.err = err;
    this.backend = backend;
  }

  /**
   * Makes this the class-data training run ({@code --class-data-training}): once started, the
   * gateway is exercised ({@link ClassDataTraining}) before the input is read. {@return this}
   */
  public RpcHost trainingClassData() {
    classDataTraining = true;
    return this;
  }

  @Override
  public int run(AppOptions options) {
    try {
      running = RunningGateway.start(options, new Logged(), backend);
    } catch (StartupException e) {
      err.println("provider-gateway: " + e.getMessage());
      return ExitCodes.START_FAILED;
    }
    for (String problem : running.configProblems()) {
      err.println("provider-gateway: warning: config entry not started: " + problem);
    }
    write(
        new GatewayStarted(
            running.port(),
            running.url().toString(),
            running.tokenFile().toAbsolutePath().toString(),
            Hello.PROTOCOL_VERSION));
    channel = running.hosts().openTrusted(new Stdout());
    if (classDataTraining) {
      ClassDataTraining.exercise(running, running.home());
    }
    Duration deadline = serve();
    stop(deadline);
    return ExitCodes.OK;
  }

  @Override
  public void stopOnSignal() {
    if (running != null) {
      stop(SIGNAL_DEADLINE);
    }
  }

  private void stop(Duration deadline) {
    running.stop(deadline);
    out.writeLast(HostJson.HOST_CODEC.toJson(new GatewayStopped()));
  }

  private void write(HostOutput output) {
    out.write(HostJson.HOST_CODEC.toJson(output));
  }

  /**
   * Reads and dispatches commands until the input ends or a {@code shutdown} arrives.
   *
   * @return the deadline providers get to say goodbye
   */
  private Duration serve() {
    while (true) {
      String line;
      try {
        out.awaitRoom(); // a host that does not read its replies gets no new work done
        line = in.readLine();
      } catch (IOException e) {
        LOG.log(System.Logger.Level.WARNING, "cannot read commands any more; stopping", e);
        return DEFAULT_DEADLINE;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return DEFAULT_DEADLINE;
      }
      if (line == null) {
        return DEFAULT_DEADLINE;
      }
      if (line.isBlank()) {
        continue;
      }
      DecodeResult<HostCommand, HostDecodeError> decoded = HostJson.HOST_CODEC.decodeCommand(line);
      if (!decoded.isDecoded()) {
        write(decoded.errorOrNull().reply());
        continue;
      }
      HostCommand command = decoded.messageOrNull();
      if (command instanceof Shutdown shutdown) {
        // On stdio the reader stops the app itself: ending the input and shutdown are the same.
        write(HostReply.ok(shutdown.id()));
        return shutdown.deadline() == null ? DEFAULT_DEADLINE : shutdown.deadline();
      }
      channel.receive(command);
    }
  }

  /** Replies and events, each written as a line. */
  private final class Stdout implements HostConnection {
    @Override
    public boolean send(HostOutput output) {
      // Timeline lines are what floods (progress, pushes): they may be dropped, nothing else is.
      return output instanceof SessionLog log
          ? out.writeTimeline(HostJson.HOST_CODEC.toJson(output), log.sessionId())
          : out.write(HostJson.HOST_CODEC.toJson(output));
    }

    @Override
    public void close() {
      // stdout stays open until the app stops: gateway.stopped must still be written last.
    }

    @Override
    public String describe() {
      return "host stdio";
    }
  }

  /** Gateway-wide events worth a log line; the host service writes the protocol's events. */
  private static final class Logged implements GatewayListener {
    @Override
    public void sessionStarted(SessionInfo session) {
      LOG.log(System.Logger.Level.INFO, "session {0} started", session.id());
    }
  }
}
