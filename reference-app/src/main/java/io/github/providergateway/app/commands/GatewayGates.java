package io.github.providergateway.app.commands;

import io.github.providergateway.app.cli.ExitCodes;
import io.github.providergateway.app.console.CommandFailed;
import io.github.providergateway.app.console.GateCommands;
import io.github.providergateway.host.HeldGates;
import io.github.providergateway.host.api.HostErrorCode;
import io.github.providergateway.host.api.HostException;
import io.github.providergateway.host.client.GatewayClient;
import io.github.providergateway.host.protocol.HeldGate;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/**
 * {@code gateway gates} and {@code gateway gates release}: the gates the gateway running for a home
 * holds in force although their provider is not bound, listed or released over {@code /host}
 * ({@code gates.held}, {@code gates.release}, as an observer: {@link ObservedGateway}), in the
 * console's words ({@link GateCommands}). Starts no gateway, and never touches the home's record
 * itself: with no gateway running it says so, and that the next start of the home's gateway holds
 * them again.
 */
final class GatewayGates {

  /** How long the gateway may take to answer; it answers from its record. */
  private static final Duration ANSWER_TIMEOUT = Duration.ofSeconds(10);

  private GatewayGates() {}

  /**
   * Prints the held gates; returns {@code Main.EXIT_OK}, or {@code Main.EXIT_START_FAILED} when no
   * gateway answers for the home or it keeps no record of gates.
   */
  static int list(Path home, int port, PrintStream out, PrintStream err) {
    return withGateway(
        "gateway gates",
        "its gates stay in force: the next start of the home's gateway holds them again, and"
            + " 'gateway gates' lists them once it runs",
        home,
        port,
        err,
        gates -> {
          gates(gates, out).list();
          return ExitCodes.OK;
        });
  }

  /**
   * Releases the provider's gate {@code gateId} (all its held rules for null) for {@code project}
   * (all projects for null) and prints what was released, or what is held when nothing matched;
   * returns {@code Main.EXIT_OK} when something was released, else {@code Main.EXIT_START_FAILED}.
   */
  static int release(
      Path home,
      int port,
      String provider,
      String gateId,
      String project,
      PrintStream out,
      PrintStream err) {
    return withGateway(
        "gateway gates release",
        "nothing was released. Its gates stay in force, and the next start of the home's gateway"
            + " holds them again: start it (./gateway --detached) and release them then",
        home,
        port,
        err,
        gates ->
            gates(gates, out).release(provider, gateId, project)
                ? ExitCodes.OK
                : ExitCodes.START_FAILED);
  }

  private static GateCommands gates(HeldGates gates, PrintStream out) {
    return new GateCommands(
        out::println, gates, "gateway gates release", Path.of(System.getProperty("user.dir")));
  }

  /** Runs {@code command} on the held gates of the gateway running for {@code home}. */
  private static int withGateway(
      String name,
      String whenNone,
      Path home,
      int port,
      PrintStream err,
      Function<HeldGates, Integer> command) {
    GatewayClient client;
    try {
      client = ObservedGateway.connect(home, port);
    } catch (IOException e) {
      return noGateway(name, home, e.getMessage(), whenNone, err);
    }
    try (client) {
      return command.apply(within(GateCommands.of(client)));
    } catch (CommandFailed e) {
      err.println(name + ": " + e.getMessage());
      return ExitCodes.START_FAILED;
    }
  }

  /** {@code gates}, each answer waited for at most {@link #ANSWER_TIMEOUT}. */
  private static HeldGates within(HeldGates gates) {
    return new HeldGates() {
      @Override
      public CompletableFuture<List<HeldGate>> held() {
        return bounded(gates.held());
      }

      @Override
      public CompletableFuture<List<HeldGate>> release(
          String provider, String gateId, String project) {
        return bounded(gates.release(provider, gateId, project));
      }
    };
  }

  private static <T> CompletableFuture<T> bounded(CompletableFuture<T> answer) {
    return answer
        .copy()
        .orTimeout(ANSWER_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)
        .exceptionallyCompose(
            error ->
                CompletableFuture.failedFuture(
                    error instanceof TimeoutException
                        ? new HostException(
                            HostErrorCode.GATEWAY_CLOSED,
                            "the gateway did not answer within "
                                + ANSWER_TIMEOUT.toSeconds()
                                + " s")
                        : error));
  }

  private static int noGateway(
      String name, Path home, String why, String whenNone, PrintStream err) {
    err.println(
        name + ": no gateway is answering for " + home + " (" + why + "); " + whenNone + ".");
    return ExitCodes.START_FAILED;
  }
}
