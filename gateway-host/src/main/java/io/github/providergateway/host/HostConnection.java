package io.github.providergateway.host;

import io.github.providergateway.gateway.spi.CloseReason;
import io.github.providergateway.host.protocol.HostOutput;
import java.net.InetSocketAddress;
import java.util.Optional;

/**
 * A carrier's side of one host connection: how the {@link HostService} writes replies and events to
 * an agent host. Implemented by the reference app's stdio host ({@code --rpc}) and by the WebSocket
 * transport's {@code /host} endpoint; the service hands back a {@link HostChannel} for the carrier
 * to deliver what it reads.
 *
 * <p>Called on the gateway loop and on the service's callers' threads; must not block for long.
 */
public interface HostConnection {

  /**
   * Queues {@code output} for the host.
   *
   * @param output a reply or an event
   * @return {@code false} when the connection is closed or cannot take more
   */
  boolean send(HostOutput output);

  /**
   * Closes the connection after what is queued; the carrier then calls {@link
   * HostChannel#closed()}.
   */
  void close();

  /**
   * Closes the connection for {@code reason}: a carrier with close codes sends the one its
   * providers' connections get for the same reason. Default: {@link #close()}.
   *
   * @param reason why; {@link CloseReason#TOO_FAST} when the host went on sending after reading
   *     from it was suspended
   */
  default void close(CloseReason reason) {
    close();
  }

  /**
   * The gateway has more of this host's text waiting than it lets one connection, or all hosts and
   * providers together, queue ({@link io.github.providergateway.gateway.Gateway#inboundBacklog()}):
   * stop reading from the host until {@link #resumeReading()}, so that what it sends waits in its
   * own socket rather than in the gateway's memory. A carrier that cannot may deliver the
   * connection's allowance once more; then the connection is closed ({@link CloseReason#TOO_FAST}).
   * Called on the thread that delivered or on the gateway loop; must not block. Default: nothing.
   */
  default void suspendReading() {}

  /** The gateway has caught up: read from the host again. Same threads and rules as above. */
  default void resumeReading() {}

  /** {@return a short description for logs, e.g. {@code host ws 127.0.0.1:53211}} */
  String describe();

  /**
   * The host has authenticated ({@code host.auth} succeeded). A carrier that holds unauthenticated
   * peers to a smaller message size lifts it now. Must not block. Default: nothing.
   */
  default void authenticated() {}

  /**
   * The gateway's own address and port that this connection reached: its listening socket's, such
   * as {@code 127.0.0.1:9400}. The gateway's answer to {@code host.challenge} is a proof for this
   * address and port, so a host that dialled another one (a process there relays to the gateway)
   * refuses it; a carrier that cannot say, or one not on loopback, gets no proof ({@code
   * UNAUTHORIZED}). A socket carrier returns it; the default is empty (stdin, which is trusted and
   * never challenges). Must not block.
   *
   * @return the local address and port, when the carrier is a socket
   */
  default Optional<InetSocketAddress> localAddress() {
    return Optional.empty();
  }

  /**
   * The far end's address and port, as the gateway's socket sees it: with {@link #localAddress()},
   * what tells the gateway which local process sent a command that only the person may send ({@link
   * io.github.providergateway.host.api.PersonCheck}, issue 75). A socket carrier returns it; the
   * default is empty (stdin: the process that started the gateway is who speaks).
   *
   * @return the far end's address and port, when the carrier is a socket
   */
  default Optional<InetSocketAddress> remoteAddress() {
    return Optional.empty();
  }
}
