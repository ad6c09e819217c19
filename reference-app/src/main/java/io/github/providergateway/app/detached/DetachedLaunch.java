package io.github.providergateway.app.detached;

import io.github.providergateway.app.cli.ExitCodes;
import io.github.providergateway.app.home.DurationText;
import io.github.providergateway.app.home.ShellWords;
import io.github.providergateway.app.run.AppOptions;
import io.github.providergateway.app.run.FrontEnd;
import io.github.providergateway.host.client.GatewayClient;
import io.github.providergateway.host.client.GatewayHome;
import io.github.providergateway.host.client.GatewayLaunch;
import io.github.providergateway.host.client.GatewayStarter;
import io.github.providergateway.host.client.HomeGatewayProcess;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * {@code --detached} typed by a person, in a terminal: starts the home's shared gateway in the
 * background the way a host's {@code GatewayClient.connectOrStart} does (through {@link
 * DetachedGatewayStarter}, from a copy of the jar), says where it runs, where it logs and how to
 * stop it, and returns, leaving the terminal free. The gateway it starts runs {@code --detached}
 * with no terminal, which is the gateway itself ({@link DetachedHost}): what a host's starter, an
 * embedder's starter or a service manager runs, in the foreground of whoever started it. If the
 * home already has a gateway, nothing is started and this says where that one is.
 */
public final class DetachedLaunch implements FrontEnd {

  private final PrintStream out;
  private final PrintStream err;

  /** The starter for a detached gateway given these extra arguments. */
  private final Function<List<String>, GatewayStarter> starter;

  /**
   * Whether the person gave {@code --idle-exit-grace}: a gateway a person starts stays until {@code
   * gateway stop} unless they said otherwise (issue 62: one typed by hand exited by itself 30 s
   * later when no session came); only one a window or a host starts exits when idle.
   */
  private final boolean graceGiven;

  /** How long the gateway started has to answer: {@link DetachedGatewayStarter#START_WAIT}. */
  private final Duration startWait;

  public DetachedLaunch(PrintStream out, PrintStream err, boolean graceGiven) {
    this(
        out,
        err,
        args -> DetachedGatewayStarter.fromClassPath().withArgs(args),
        graceGiven,
        DetachedGatewayStarter.START_WAIT);
  }

  /**
   * Tests pass a starter that runs the app from their class path, and give the start {@code
   * startWait}: sharing two cores with two other test JVMs and their children, longer than a
   * person's machine needs (CI, 2026-12-04: a start there had not answered after 60 s).
   */
  DetachedLaunch(
      PrintStream out,
      PrintStream err,
      Function<List<String>, GatewayStarter> starter,
      boolean graceGiven,
      Duration startWait) {
    this.out = out;
    this.err = err;
    this.starter = starter;
    this.graceGiven = graceGiven;
    this.startWait = startWait;
  }

  @Override
  public int run(AppOptions options) {
    Path home = options.home();
    int port;
    try {
      port = options.port() != 0 ? options.port() : freePort();
    } catch (IOException e) {
      err.println("gateway: no free port on loopback: " + e.getMessage());
      return ExitCodes.START_FAILED;
    }
    Duration grace = graceGiven ? options.idleExitGrace() : null;
    List<String> args =
        new ArrayList<>(List.of("--idle-exit-grace", DurationText.formatIdleExitGrace(grace)));
    if (options.config() != null) {
      args.addAll(List.of("--config", options.config().toString()));
    } else {
      args.add("--no-config"); // as resolved here: the gateway must not take the home's instead
    }
    if (options.watch()) {
      args.add("--watch");
    }
    Long before = livePid(home);
    GatewayLaunch launch =
        GatewayLaunch.builder()
            .port(port)
            .startTimeout(startWait)
            .starter(starter.apply(args))
            .build();
    // Connected once, then closed: this started no session, so the gateway is left as it was.
    try (GatewayClient ignored = GatewayClient.connectOrStart(home, launch)) {
      Long pid = livePid(home);
      int listening = publishedPort(home, port);
      if (pid == null) {
        out.println(
            "gateway: a gateway already serves "
                + home
                + " on ws://127.0.0.1:"
                + listening
                + " (not a detached one: it stops when whoever started it says so); nothing started");
        return ExitCodes.OK;
      }
      out.println(
          "gateway: "
              + (pid.equals(before)
                  ? "the shared gateway for " + home + " was running already"
                  : "started the shared gateway for " + home + " in the background")
              + " (pid "
              + pid
              + ")");
      out.println(
          "  listening on  ws://127.0.0.1:"
              + listening
              + " (hosts: ws://127.0.0.1:"
              + listening
              + "/host)");
      out.println("  token file    " + home.resolve(GatewayHome.TOKEN_FILE));
      out.println("  log           " + home.resolve("logs").resolve("gateway.log"));
      out.println(
          grace == null
              ? "It runs until it is stopped"
                  + (graceGiven ? " (--idle-exit-grace never)." : ": 'gateway stop' below.")
              : "It stops by itself once it has had no session and no host for "
                  + DurationText.format(grace)
                  + " (--idle-exit-grace).");
      out.println(
          "'gateway attach --home "
              + ShellWords.quote(home.toString())
              + "' opens its console; 'gateway stop --home "
              + ShellWords.quote(home.toString())
              + "' stops it now (its process: "
              + pid
              + ").");
      return ExitCodes.OK;
    } catch (IOException e) {
      err.println("gateway: " + e.getMessage());
      return ExitCodes.START_FAILED;
    }
  }

  @Override
  public void stopOnSignal() {
    // Nothing of ours runs: the gateway started lives on by design.
  }

  /**
   * The pid in {@code <home>/gateway.pid} when that process is the home's gateway ({@link
   * HomeGatewayProcess}: alive and holding the home's lock, not a process that took the pid of one
   * that crashed), else null.
   */
  public static Long livePid(Path home) {
    try {
      long pid = Long.parseLong(Files.readString(home.resolve(GatewayHome.PID_FILE)).strip());
      return HomeGatewayProcess.isGatewayOf(home, pid) ? pid : null;
    } catch (IOException | NumberFormatException none) {
      return null;
    }
  }

  /** The port in {@code <home>/gateway.port}, else {@code fallback}. */
  static int publishedPort(Path home, int fallback) {
    try {
      return Integer.parseInt(Files.readString(home.resolve(GatewayHome.PORT_FILE)).strip());
    } catch (IOException | NumberFormatException none) {
      return fallback;
    }
  }

  /** A port free on loopback now, for {@code --port 0}: hosts find it in the home's port file. */
  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }
}
