package io.github.providergateway.gateway.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.gateway.CloseReason;
import io.github.providergateway.gateway.ProviderConnection;
import io.github.providergateway.gateway.ProviderLink;
import io.github.providergateway.protocol.GatewayMessage;
import io.github.providergateway.protocol.ProviderMessage;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * A fake transport connection that keeps what the gateway sends it, and lets a test speak as the
 * provider through the {@link ProviderLink} the gateway returned. With a direct gateway executor,
 * everything happens on the test thread: after {@link #send} returns, the gateway has answered.
 */
public final class RecordingProviderConnection implements ProviderConnection {

  private final String description;
  private final Deque<GatewayMessage> received = new ArrayDeque<>();
  private final List<GatewayMessage> all = new ArrayList<>();
  private ProviderLink link;
  private CloseReason closeReason;
  private boolean acceptsSends = true;
  /** Told of each message as the gateway sends it, or null. */
  private java.util.function.Consumer<GatewayMessage> onSend;
  private int authenticatedCalls;
  private final List<String> flow = new ArrayList<>();

  public RecordingProviderConnection(String description) {
    this.description = description;
  }

  /** Attaches the link the gateway returned for this connection. */
  public RecordingProviderConnection attach(ProviderLink link) {
    this.link = link;
    return this;
  }

  public ProviderLink link() {
    return link;
  }

  /**
   * Tells {@code listener} of every message from now on as the gateway sends it, for tests that
   * need to know the moment (the manual clock's time then) rather than just the order.
   */
  public synchronized RecordingProviderConnection onSend(java.util.function.Consumer<GatewayMessage> listener) {
    this.onSend = listener;
    return this;
  }

  /** Makes {@link #send(GatewayMessage)} report a full queue from now on. */
  public void refuseSends() {
    acceptsSends = false;
  }

  @Override
  public synchronized boolean send(GatewayMessage message) {
    if (closeReason != null || !acceptsSends) {
      return false;
    }
    received.addLast(message);
    all.add(message);
    if (onSend != null) {
      onSend.accept(message);
    }
    notifyAll();
    return true;
  }

  @Override
  public synchronized void close(CloseReason reason) {
    if (closeReason == null) {
      closeReason = reason;
    }
  }

  @Override
  public String describe() {
    return description;
  }

  @Override
  public synchronized void authenticated() {
    authenticatedCalls++;
  }

  @Override
  public synchronized void suspendReading() {
    flow.add("suspend");
  }

  @Override
  public synchronized void resumeReading() {
    flow.add("resume");
  }

  /** Each time reading was suspended or resumed, in order: {@code "suspend"} or {@code "resume"}. */
  public synchronized List<String> flow() {
    return List.copyOf(flow);
  }

  /** How many times the gateway said this connection's provider authenticated. */
  public synchronized int timesAuthenticated() {
    return authenticatedCalls;
  }

  // ---- speaking as the provider ----

  /** Sends a message as the provider, in record form. */
  public void send(ProviderMessage message) {
    link.receive(message);
  }

  /** Sends raw text as the provider, as it would arrive from the wire. */
  public void sendText(String json) {
    link.receive(json);
  }

  /** The provider's side of the socket drops. */
  public void drop() {
    link.closed();
  }

  // ---- what the gateway sent ----

  /** Takes the oldest message not yet taken; fails if there is none. */
  public synchronized GatewayMessage next() {
    assertThat(received).as("messages sent to %s", description).isNotEmpty();
    return received.pollFirst();
  }

  /** Takes the oldest message not yet taken, which must be of {@code type}. */
  public <T extends GatewayMessage> T next(Class<T> type) {
    GatewayMessage message = next();
    assertThat(message).as("next message to %s", description).isInstanceOf(type);
    return type.cast(message);
  }

  /**
   * Waits until at least {@code count} messages are waiting to be taken, for gateways that run on
   * real threads; fails after {@code timeout}.
   */
  public synchronized void await(int count, java.time.Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (received.size() < count) {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        throw new AssertionError(description + ": " + received.size() + " of " + count + " messages after " + timeout);
      }
      try {
        java.util.concurrent.TimeUnit.NANOSECONDS.timedWait(this, left);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError("interrupted", e);
      }
    }
  }

  /** Takes and returns every message not yet taken. */
  public synchronized List<GatewayMessage> drain() {
    List<GatewayMessage> messages = new ArrayList<>(received);
    received.clear();
    return messages;
  }

  /** Every message ever sent, taken or not. */
  public synchronized List<GatewayMessage> history() {
    return List.copyOf(all);
  }

  public synchronized void assertNoMoreMessages() {
    assertThat(received).as("unexpected messages to %s", description).isEmpty();
  }

  /** Why the gateway closed the connection, or null if it did not. */
  public synchronized CloseReason closeReason() {
    return closeReason;
  }

  public synchronized boolean isClosed() {
    return closeReason != null;
  }
}
