package io.github.providergateway.provider.client;

import io.github.providergateway.loop.Scheduler;
import io.github.providergateway.protocol.GatewayMessage;
import io.github.providergateway.protocol.ProviderMessage;
import io.github.providergateway.protocol.json.DecodeError;
import io.github.providergateway.protocol.json.DecodeResult;
import io.github.providergateway.protocol.json.ProtocolCodec;
import io.github.providergateway.provider.spi.ProviderChannel;
import java.io.IOException;
import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;

/**
 * One connection attempt of a {@link WebSocketProviderClient}: the JDK's listener for its socket
 * and the provider runtime's channel to it. Listener callbacks arrive one at a time on the JDK's
 * threads and only decode or hop to the loop; sends come from any thread and are encoded there.
 */
final class ProviderSocket implements WebSocket.Listener, ProviderChannel {
  private static final ProtocolCodec CODEC = ProtocolCodec.create();

  private final ReconnectLoop owner;
  private final Executor loop;
  private final Scheduler scheduler;
  private final Duration closeTimeout;
  private final InboundText inbound;
  private final SendQueue outbound;

  /** Set by {@link #onOpen} before anything else can use it. */
  volatile WebSocket ws;

  /** Whether the runtime was told about this connection. Loop only. */
  boolean open;

  ProviderSocket(
      ReconnectLoop owner,
      Executor loop,
      Scheduler scheduler,
      WebSocketProviderClient.Options options) {
    this.owner = owner;
    this.loop = loop;
    this.scheduler = scheduler;
    this.closeTimeout = options.closeTimeout();
    this.inbound = new InboundText(options.maxMessageChars());
    this.outbound = new SendQueue(() -> ws, options.maxQueuedMessages(), this::abortAndLose);
  }

  // ---- the runtime's channel ----

  @Override
  public boolean send(ProviderMessage message) {
    return outbound.send(CODEC.encode(message)); // encoded on the caller's thread, off the socket's
  }

  @Override
  public void close() {
    if (outbound.close()) {
      // A gateway that never answers the close frame must not keep the socket forever.
      scheduler.schedule(closeTimeout, () -> abortAndLose(new IOException("close timed out")));
    }
  }

  /** No more sends on this connection. */
  void shut() {
    outbound.shut();
  }

  private void abortAndLose(Throwable cause) {
    shut();
    WebSocket socket = ws;
    if (socket != null) {
      socket.abort(); // the JDK tells the listener nothing after an abort
    }
    loop.execute(() -> owner.lost(this, cause));
  }

  // ---- the JDK's listener ----

  @Override
  public void onOpen(WebSocket webSocket) {
    ws = webSocket;
    if (owner.isStopped()) {
      webSocket.abort();
      return;
    }
    loop.execute(() -> owner.opened(this));
  }

  @Override
  public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
    if (!inbound.append(data)) {
      abortAndLose(new IOException("message over " + inbound.maxChars() + " chars"));
      return null;
    }
    if (!last) {
      webSocket.request(1);
      return null;
    }
    DecodeResult<GatewayMessage, DecodeError> decoded = CODEC.decodeGatewayMessage(inbound.take());
    loop.execute(() -> owner.received(this, decoded));
    return null;
  }

  @Override
  public CompletionStage<?> onBinary(WebSocket webSocket, ByteBuffer data, boolean last) {
    webSocket.request(1); // the protocol is text only
    return null;
  }

  @Override
  public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
    loop.execute(() -> owner.lost(this, null));
    return null;
  }

  @Override
  public void onError(WebSocket webSocket, Throwable error) {
    loop.execute(() -> owner.lost(this, error));
  }
}
