package io.github.providergateway.transport.ws.internal;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.gateway.spi.CloseReason;
import io.github.providergateway.host.HostChannel;
import io.github.providergateway.host.HostConnection;
import io.github.providergateway.host.protocol.HostCodec;
import io.github.providergateway.host.protocol.HostOutput;
import io.github.providergateway.websocket.internal.CloseStatuses;
import io.github.providergateway.websocket.internal.FrameDecoder;
import io.github.providergateway.websocket.internal.OutboundQueue;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * One agent host's WebSocket connection to {@code /host}: the WebSocket carrier of the host
 * protocol. Like a provider connection it never blocks its callers: {@link #send} encodes the reply
 * or event on the caller's thread and queues it in a {@link OutboundQueue}, whose pump on the
 * server's send executor writes them one at a time through its socket. Encoding at once is what
 * lets the queue count bytes before it takes a message.
 *
 * <p>A host that stops reading is closed (1008) when it has {@link #MAX_QUEUED} outputs waiting, or
 * when more than the server's {@code maxQueuedBytes} wait (the one being written included) while
 * that write has not completed for {@link #STALL}: a single file result may be larger than the byte
 * bound (64 MiB files travel base64-encoded), so bytes alone would close a host that reads normally
 * but was sent two large results at once. The age is read from the gateway's clock. Host
 * connections are not part of the providers' shared outbound budget. Whatever way it ends, the host
 * service hears {@link HostChannel#closed()} exactly once.
 */
final class WsHostConnection implements HostConnection, SocketPeer {

  private static final HostCodec CODEC = HostCodec.create();

  /** Replies and events one host may have waiting, the one being written included. */
  static final int MAX_QUEUED = 4096;

  /**
   * How long a write may stay unfinished, with the byte bound exceeded, before the host counts as
   * stuck.
   */
  static final Duration STALL = Duration.ofSeconds(2);

  private final org.glassfish.grizzly.Connection<?> socket;

  /** The WebSocket: frames in and out, and the close handshake. */
  private final WsSocket wire;

  private final String description;

  /** The outbound queue, the heartbeat, and the connection's end. */
  private final OutboundQueue<HostOutput> sender;

  /** Reads the host's frames and applies their rules; told when the host authenticated. */
  private final FrameDecoder decoder;

  /** Turns reading off while the gateway's inbound backlog is full. */
  private final SocketReading reading;

  /** Where commands go; set right after opening. */
  private volatile HostChannel channel;

  /**
   * @param maxQueuedBytes the byte bound (see the class comment)
   * @param onGone told once when this connection is gone (the server's bookkeeping), before the
   *     host service is
   */
  WsHostConnection(
      WsSocket wire,
      long maxQueuedBytes,
      OutboundQueue.Context context,
      Consumer<WsHostConnection> onGone) {
    this.wire = requireNonNull(wire, "wire");
    this.socket = wire.socket();
    this.decoder = wire.decoder();
    requireNonNull(onGone, "onGone");
    this.description = "host ws " + WsSocket.describePeer(socket.getPeerAddress());
    this.sender =
        new OutboundQueue<>(
            description,
            wire,
            OutboundQueue.Bounds.alone(MAX_QUEUED, maxQueuedBytes, STALL),
            OutboundQueue.Encoding.ON_SEND,
            output -> CODEC.encode(output).getBytes(StandardCharsets.UTF_8),
            context);
    sender.whenGone(
        () -> {
          decoder.release();
          onGone.accept(this);
        });
    this.reading = new SocketReading(socket, sender, description);
  }

  /** Connects the host service's side; a connection that closed before this is reported at once. */
  void attach(HostChannel channel) {
    this.channel = requireNonNull(channel, "channel");
    sender.whenGone(channel::closed);
  }

  // ---- HostConnection ----

  @Override
  public boolean send(HostOutput output) {
    return sender.send(output);
  }

  @Override
  public void close() {
    close(CloseReason.NORMAL);
  }

  /** Closes with the code a provider's connection gets for {@code reason} (e.g. 1008, too fast). */
  @Override
  public void close(CloseReason reason) {
    sender.close(CloseStatuses.of(reason));
  }

  /**
   * Stops reading from the socket until {@link #resumeReading()}: TCP flow control then holds the
   * host back while the gateway works through what it already sent.
   */
  @Override
  public void suspendReading() {
    reading.suspend();
  }

  @Override
  public void resumeReading() {
    reading.resume();
  }

  @Override
  public String describe() {
    return description;
  }

  /**
   * The listening socket's address and port the host reached: what {@code host.challenge}'s proof
   * covers.
   */
  @Override
  public Optional<InetSocketAddress> localAddress() {
    return socket.getLocalAddress() instanceof InetSocketAddress local
        ? Optional.of(local)
        : Optional.empty();
  }

  /** The host's own address and port: which process sent a person's command (issue 75). */
  @Override
  public Optional<InetSocketAddress> remoteAddress() {
    return socket.getPeerAddress() instanceof InetSocketAddress remote
        ? Optional.of(remote)
        : Optional.empty();
  }

  /** The host passed {@code host.auth}: its decoder now lets messages of full size in. */
  @Override
  public void authenticated() {
    decoder.authenticated();
  }

  // ---- from the socket ----

  @Override
  public void received(String text) {
    sender.heard();
    HostChannel target = channel;
    if (target != null) {
      target.receive(text);
    }
  }

  @Override
  public OutboundQueue<HostOutput> sender() {
    return sender;
  }

  @Override
  public FrameDecoder decoder() {
    return decoder;
  }

  @Override
  public void terminate() {
    socket.terminateSilently();
  }

  @Override
  public String toString() {
    return description;
  }
}
