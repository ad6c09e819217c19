package io.github.providergateway.agent.mcp;

import io.github.providergateway.agent.internal.BearerTokens;
import io.github.providergateway.agent.tokens.ClientTokens;
import io.github.providergateway.http.HttpRequest;
import io.github.providergateway.loop.Scheduler;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * Who a request of the MCP front door comes from, and whose tokens were revoked: a request's {@code
 * Authorization: Bearer} token looked up in {@link ClientTokens}, and the token file watched (on
 * every request, and every {@link #TOKEN_CHECK} when none comes) so that a revoked client's
 * sessions end even while it only holds a stream open.
 *
 * <p>Thread-safe: requests come on the server's threads, the watch on the scheduler's.
 */
final class McpHttpAuthentication {

  /** How often the token file is looked at when no request comes. */
  static final Duration TOKEN_CHECK = Duration.ofSeconds(10);

  private final ClientTokens tokens;

  /**
   * The token file's generation when the sessions were last checked against it. Guarded by this.
   */
  private long tokensSeen = -1;

  /** The next look at the token file, or null before the first. Guarded by this. */
  private Scheduler.Cancellable watch;

  /** Set by {@link #stopWatching}: no look is scheduled after it. Guarded by this. */
  private boolean stopped;

  McpHttpAuthentication(ClientTokens tokens) {
    this.tokens = tokens;
  }

  /** {@return the client whose bearer token a request carries, if it is one of the file's} */
  Optional<ClientTokens.Client> clientOf(HttpRequest request) {
    return BearerTokens.of(request).flatMap(tokens::clientOf);
  }

  /** {@return 401 with the bearer challenge, for a request without a client's token} */
  static McpHttpError unauthorized(HttpRequest request) {
    // RFC 6750: a request without credentials gets the challenge alone, a bad token its error.
    return new McpHttpError(
        401,
        null,
        McpHttpError.NOT_FOUND,
        "Unauthorized: send Authorization: Bearer <token>; get a token with: gateway mcp --print-config http",
        Map.of("WWW-Authenticate", BearerTokens.challenge(request)));
  }

  /**
   * {@return which clients are no longer admitted, when the token file changed since the last look;
   * empty when it did not} Each change is reported once, to one caller.
   */
  Optional<Predicate<ClientTokens.Client>> revokedSinceLastLook() {
    long generation = tokens.generation();
    synchronized (this) {
      if (generation == tokensSeen) {
        return Optional.empty();
      }
      tokensSeen = generation;
    }
    return Optional.of(client -> !tokens.isCurrent(client));
  }

  /**
   * Runs {@code look} every {@link #TOKEN_CHECK} on {@code scheduler} until {@link #stopWatching}.
   */
  void watch(Scheduler scheduler, Runnable look) {
    Scheduler.Cancellable next =
        scheduler.schedule(
            TOKEN_CHECK,
            () -> {
              look.run();
              synchronized (this) {
                if (!stopped) {
                  watch(scheduler, look);
                }
              }
            });
    synchronized (this) {
      watch = next;
    }
  }

  /** Cancels the watch. Idempotent. */
  synchronized void stopWatching() {
    stopped = true;
    if (watch != null) {
      watch.cancel();
    }
  }
}
