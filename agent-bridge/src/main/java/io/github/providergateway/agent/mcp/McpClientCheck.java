package io.github.providergateway.agent.mcp;

import io.github.providergateway.host.api.PersonCheck;
import io.github.providergateway.http.HttpRequest;
import io.github.providergateway.loop.base.DaemonThreads;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * Whether an MCP session's client may answer its own session's questions, as the agent's prompt to
 * its person (issue 75, decision 82): asked once a session, when it opens. The client is the
 * process at the far end of its connection over TCP; over the home's socket, which cannot say, the
 * one the stdio window's bridge names ({@link #WINDOW_CLIENT_HEADER}). A client a coding agent's
 * model runs from its tools gets none of the gateway's questions, which then go to the person's own
 * channels (the console, the status page).
 */
final class McpClientCheck {

  /**
   * The header the stdio window's bridge names its client's process in, on the home's socket: the
   * process that started the bridge ({@code $PPID}), the agent itself when an agent started it.
   */
  static final String WINDOW_CLIENT_HEADER = "Provider-Gateway-Window-Client";

  /** Where the checks read the process table, off the server's workers: one thread, 64 waiting. */
  private static final Executor CHECKS = DaemonThreads.single("mcp-client-check", 64);

  /** The longest a session's opening waits for its client's check: then it is refused. */
  static final java.time.Duration WAIT = java.time.Duration.ofSeconds(2);

  private McpClientCheck() {}

  /**
   * {@link #of}, waited for here at most {@link #WAIT}: a session's first question may come with
   * its client's first call, so the answer must be there before the session answers {@code
   * initialize}.
   *
   * @param check who may act
   * @param request the request that opened the session
   * @return the check, complete
   */
  static CompletableFuture<Optional<String>> waited(PersonCheck check, HttpRequest request) {
    CompletableFuture<Optional<String>> refusal =
        of(check, request)
            .completeOnTimeout(
                Optional.of("who the client is was not told within " + WAIT.toSeconds() + " s"),
                WAIT.toMillis(),
                java.util.concurrent.TimeUnit.MILLISECONDS);
    refusal.join();
    return refusal;
  }

  /**
   * The check of {@code request}'s client, on the checks' thread.
   *
   * @param check who may act
   * @param request the request that opened the session
   * @return why the client may not answer, or empty
   */
  static CompletableFuture<Optional<String>> of(PersonCheck check, HttpRequest request) {
    if (request.peer() != null) {
      return PersonCheck.refusalOfPeerAsync(
          check, request.peer(), request.local(), PersonCheck.Act.SESSION_CHANNEL, CHECKS);
    }
    Optional<Long> named =
        request
            .header(WINDOW_CLIENT_HEADER)
            .filter(pid -> pid.matches("[0-9]{1,10}"))
            .map(Long::parseLong);
    return named.isPresent()
        ? PersonCheck.refusalOfProcessAsync(
            check, named.get(), PersonCheck.Act.SESSION_CHANNEL, CHECKS)
        : PersonCheck.refusalOfPeerAsync(
            check, null, null, PersonCheck.Act.SESSION_CHANNEL, CHECKS);
  }
}
