package io.github.providergateway.transport.stdio;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.gateway.Gateway;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * A provider the gateway spawns for one session and speaks to over the process's stdin and stdout:
 * the provider interface as newline-delimited JSON, one message per line each way, the process's
 * stderr appended to its log. It is authenticated by having been spawned ({@link
 * io.github.providergateway.gateway.TransportPort#acceptSpawned}): project trust, that session
 * only, no {@code auth}; the gateway sends it {@code sessions} at once and its first message must
 * be {@code hello}. Everything after that (tools, hooks, pushes, streams, shutdown) is the protocol
 * as over WebSocket. It is spawned as its spec's name: a host that restarts it names that to {@link
 * io.github.providergateway.gateway.ProviderSpawning#restarting}.
 *
 * <pre>{@code
 * ChildProcess.Spec greet = ChildProcess.Spec.of("greet", List.of("python3", "greet.py"))
 *     .withCwd(project).withLog(home.resolve("logs/greet.log"));
 * StdioProvider provider = StdioProvider.spawn(gateway, sessionId, greet);
 * ...
 * provider.stop(Duration.ofSeconds(5));  // at the session's deadline, if it has not left by itself
 * }</pre>
 *
 * <p>Bounds: a line is at most the gateway's largest message plus 1 MiB (the WebSocket transport's
 * limit); within it each message type's own limit applies ({@code PAYLOAD_TOO_LARGE}); past it the
 * provider gets {@code error PAYLOAD_TOO_LARGE} and is stopped. At most 1,024 messages or 8 MiB
 * wait for its stdin; a provider that does not read it is stopped as too slow. Lines that are not
 * JSON (a stray {@code print}) get {@code error INVALID_JSON} and the connection stays open, with
 * the protocol's rule for unreadable input while calls are pending.
 *
 * <p>Ending: the connection closed by the gateway (after {@code goodbye}, a fatal error, the
 * gateway stopping) or {@link #stop} closes the process's stdin, sends SIGTERM after half the grace
 * and SIGKILL after the rest, to it and its descendants. The process exiting by itself ends its
 * connection: its calls end {@code DISCONNECTED}, its tools leave the session, and the session's
 * timeline says so with its exit code. Each of these is noted in its log.
 */
public final class StdioProvider {

  /** How long a provider may take to exit once the gateway has closed its connection. */
  public static final Duration CLOSE_GRACE = Duration.ofSeconds(4);

  /** What the WebSocket transport also admits above the largest message (decision 12). */
  private static final int SLACK_BYTES = 1 << 20;

  private final ChildProcess child;
  private final StdioProviderConnection connection;

  private StdioProvider(ChildProcess child, StdioProviderConnection connection) {
    this.child = child;
    this.connection = connection;
  }

  /**
   * Starts {@code spec}'s process as a provider of {@code sessionId} and connects it to the
   * gateway; returns once it runs. Blocking: call it off the gateway loop.
   *
   * @param gateway the gateway it serves
   * @param sessionId the session it is spawned for, the one it may bind to
   * @param spec what to run, where, with which variables; its log gets the process's stderr and the
   *     gateway's notes on it
   * @return the running provider
   * @throws IOException when the process cannot be started
   */
  public static StdioProvider spawn(Gateway gateway, String sessionId, ChildProcess.Spec spec)
      throws IOException {
    requireNonNull(gateway, "gateway");
    requireNonNull(sessionId, "sessionId");
    ProcessLog log = new ProcessLog(spec.log(), gateway.transports().clock());
    ChildProcess child =
        ChildProcess.start(
            spec,
            ChildProcess.Bounds.of(gateway.limits().messages().maxAnyMessageBytes() + SLACK_BYTES));
    String name = spec.name();
    StdioProviderConnection connection =
        new StdioProviderConnection(
            child, log, line -> gateway.spawning().log(sessionId, "gateway", line), CLOSE_GRACE);
    try {
      // Spawned as its spec's name, which a host restarting it names
      // (Gateway.spawning().restarting).
      connection.attach(gateway.transports().acceptSpawned(connection, sessionId, name));
    } catch (RuntimeException gatewayStopped) {
      child.kill(); // nobody would ever stop it
      throw gatewayStopped;
    }
    child.read(connection);
    log.note(
        "started "
            + String.join(" ", spec.command())
            + " (pid "
            + child.process().pid()
            + ") for session "
            + sessionId
            + ", over stdio");
    child
        .process()
        .onExit()
        .thenAccept(
            exited -> {
              log.note("exited with code " + exited.exitValue());
              gateway
                  .spawning()
                  .log(
                      sessionId,
                      "gateway",
                      "Provider '" + name + "' exited with code " + exited.exitValue());
            });
    return new StdioProvider(child, connection);
  }

  /** {@return the provider's process} */
  public Process process() {
    return child.process();
  }

  /**
   * Stops the provider, if nothing stops it already: its stdin is closed, then SIGTERM after half
   * of {@code grace}, SIGKILL after the rest. Returns at once; its calls end {@code DISCONNECTED}
   * when its output ends.
   *
   * @param grace how long it may take to exit
   * @return completes when the process has exited
   */
  public CompletableFuture<Process> stop(Duration grace) {
    connection.stop(requireNonNull(grace, "grace"));
    return child.process().onExit();
  }

  /**
   * Kills the provider and everything it started, now (SIGKILL): for a host that is itself
   * stopping. Its calls end {@code DISCONNECTED} when its output ends.
   */
  public void kill() {
    child.kill();
  }

  @Override
  public String toString() {
    return connection.describe();
  }
}
