package io.github.providergateway.app.commands;

import io.github.providergateway.app.cli.ExitCodes;
import io.github.providergateway.app.console.CommandFailed;
import io.github.providergateway.app.detached.DetachedLaunch;
import io.github.providergateway.app.home.GatewayPort;
import io.github.providergateway.host.client.GatewayClient;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * {@code gateway stop}: stops the gateway running for a home cleanly, the detached one (issue 62: a
 * background gateway could only be stopped with {@code kill}) or a console's (issue 77, the console
 * then ends), as a console's {@code quit} does: it is asked over {@code /host} ({@code shutdown}),
 * its sessions end (providers get {@code shutdown.pending}), its gates are held for their projects
 * (decision 62), and it removes its files. Then this waits, boundedly, until nothing answers on the
 * home's port. A home with no gateway is no error.
 */
final class GatewayStop {

  /** How long each session's providers have to answer {@code shutdown.ready}. */
  static final Duration PROVIDERS_DEADLINE = Duration.ofSeconds(10);

  /** How long the gateway may take to stop: its providers' deadline and its own clean-up. */
  static final Duration STOP_LIMIT = Duration.ofSeconds(30);

  private static final Duration POLL = Duration.ofMillis(100);

  private GatewayStop() {}

  /** Stops the gateway of {@code home}; returns the exit code. */
  static int stop(Path home, int port, PrintStream out, PrintStream err) {
    GatewayClient client;
    try {
      client = ObservedGateway.connect(home, port);
    } catch (IOException e) {
      out.println(
          "No gateway is running for " + home + " (" + e.getMessage() + "): nothing to stop.");
      return ExitCodes.OK;
    }
    Long pid = DetachedLaunch.livePid(home);
    try (client) {
      client.shutdownGateway(PROVIDERS_DEADLINE).get(STOP_LIMIT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (ExecutionException e) {
      // Every gateway but an --rpc one takes the person's stop (issue 77): that one is its
      // program's.
      err.println(
          "gateway stop: the gateway of "
              + home
              + (pid == null ? "" : " (pid " + pid + ")")
              + " would not stop: "
              + CommandFailed.rootMessage(e)
              + ". A gateway started with --rpc is its program's: it stops when that program ends its"
              + " input.");
      return ExitCodes.START_FAILED;
    } catch (TimeoutException e) {
      err.println("gateway stop: the gateway of " + home + " did not take the stop in time");
      return ExitCodes.START_FAILED;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return ExitCodes.START_FAILED;
    }
    Instant until = Instant.now().plus(STOP_LIMIT);
    while (GatewayPort.answering(home).isPresent()) {
      if (Instant.now().isAfter(until)) {
        err.println(
            "gateway stop: the gateway of "
                + home
                + " still answers after "
                + STOP_LIMIT.toSeconds()
                + " s"
                + (pid == null ? "" : "; its process is " + pid));
        return ExitCodes.START_FAILED;
      }
      try {
        Thread.sleep(POLL.toMillis()); // a person's command, waiting for another process
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return ExitCodes.START_FAILED;
      }
    }
    out.println(
        "Stopped the gateway of "
            + home
            + (pid == null ? "" : " (pid " + pid + ")")
            + ". Its gates are held for their projects until it runs again; agents' command hooks"
            + " leave what no gate concerns to the built-in guard meanwhile.");
    return ExitCodes.OK;
  }
}
