package io.github.providergateway.provider.spi;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.protocol.GatewayMessage;
import io.github.providergateway.provider.JavaProvider;
import io.github.providergateway.provider.ProviderSession;
import java.time.Clock;

/**
 * The provider side of the protocol for one {@link JavaProvider}, shared by every transport: it
 * keeps the protocol's duties ({@code hello} after {@code sessions}, one result per call, gate and
 * transform answers, updates matched to their acks, declaring everything again after a reconnect)
 * and gives the user their {@link ProviderSession}.
 *
 * <p>A transport gives it connections ({@link #opened}), the gateway's messages ({@link #received})
 * and the end of each connection ({@link #closed}); the runtime answers through the connection's
 * {@link ProviderChannel}. Over WebSocket one runtime outlives many connections; in-process there
 * is one.
 *
 * <p>Threads: the runtime's state belongs to its {@link ProviderLoop}. The three connection methods
 * must be called on that loop (they fail fast otherwise); {@link #session} and {@link
 * #isTerminated} from any thread.
 *
 * <p>Life: running from construction; ended for good (the {@code onTerminated} callback runs, once,
 * on the loop) when the user leaves, after a fatal {@code error}, or when a connection closes that
 * the transport cannot replace.
 */
public final class ProviderRuntime {

  private final ProviderSide side;

  /**
   * What a transport does after a connection ended: open another, and whether it was bound.
   *
   * @param reconnect whether to open another connection; false once the runtime has ended
   * @param wasBound whether the ended connection had been bound to a session
   */
  public record AfterClose(boolean reconnect, boolean wasBound) {}

  /**
   * An in-process runtime: no {@code auth}, {@code hello} at once.
   *
   * @param provider the provider to run
   * @param loop the provider's loop: every callback and handler runs on it
   * @param clock reads time for the reconnect-token window
   * @param onTerminated runs on the loop once the runtime has ended for good (the transport stops
   *     reconnecting and frees its threads)
   */
  public ProviderRuntime(
      JavaProvider provider, ProviderLoop loop, Clock clock, Runnable onTerminated) {
    this.side = new ProviderSide(provider, loop, clock, null, onTerminated);
  }

  /**
   * A runtime whose connections authenticate with {@code auth} first, then send {@code hello} once
   * {@code sessions} arrives.
   *
   * @param provider the provider to run
   * @param loop the provider's loop: every callback and handler runs on it
   * @param clock reads time for the reconnect-token window
   * @param auth how each connection authenticates
   * @param onTerminated runs on the loop once the runtime has ended for good
   */
  public ProviderRuntime(
      JavaProvider provider,
      ProviderLoop loop,
      Clock clock,
      ProviderAuth auth,
      Runnable onTerminated) {
    this.side = new ProviderSide(provider, loop, clock, requireNonNull(auth, "auth"), onTerminated);
  }

  /** {@return the user's handle on this runtime}. Any thread. */
  public ProviderSession session() {
    return side.session();
  }

  /** {@return whether the runtime has ended for good}. Any thread. */
  public boolean isTerminated() {
    return side.isTerminated();
  }

  /**
   * A connection is open: {@code auth} goes first when the runtime has a {@link ProviderAuth},
   * {@code hello} at once otherwise. On the loop.
   *
   * @param connection the new connection, which the runtime sends through
   */
  public void opened(ProviderChannel connection) {
    side.opened(connection);
  }

  /**
   * A message from the gateway, in arrival order. On the loop.
   *
   * @param message the decoded message
   */
  public void received(GatewayMessage message) {
    side.received(message);
  }

  /**
   * The connection ended, whoever ended it. Calls still running are cancelled (the gateway has
   * already ended them {@code DISCONNECTED}, and they are not replayed), and their results are
   * dropped; so are late gate and transform answers. On the loop.
   *
   * @param mayReconnect whether the transport can open another connection; the runtime ends for
   *     good when it cannot, when the user left, or after a fatal error
   * @return whether the transport should connect again, and whether the ended connection was bound
   */
  public AfterClose closed(boolean mayReconnect) {
    ConnectionEnd end = side.closed(mayReconnect);
    return new AfterClose(end.reconnect(), end.wasBound());
  }
}
