package io.github.providergateway.gateway.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.gateway.spi.CloseReason;
import io.github.providergateway.gateway.spi.ProviderConnection;
import io.github.providergateway.gateway.spi.ProviderLink;
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
 *
 * <p>Messages the gateway sends wait in a queue until a test takes them ({@link #next}, {@link
 * #drain}); {@link #assertNoMoreMessages()} in {@code @AfterEach} catches one nobody expected.
 * Thread-safe, for gateways on real threads ({@link #await}).
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

  /** What {@link #peerProcess()} answers; none unless a test says. */
  private volatile ProcessHandle peerProcess;

  /**
   * A connection not yet attached to a gateway.
   *
   * @param description what {@link #describe()} answers, for logs and failure messages
   */
  public RecordingProviderConnection(String description) {
    this.description = description;
  }

  /**
   * Makes {@link #peerProcess()} name {@code process}, as a transport that found the provider's
   * process does.
   *
   * @param process the process at the other end
   * @return this connection
   */
  public RecordingProviderConnection peerProcess(ProcessHandle process) {
    this.peerProcess = process;
    return this;
  }

  @Override
  public java.util.Optional<ProcessHandle> peerProcess() {
    return java.util.Optional.ofNullable(peerProcess);
  }

  /**
   * Attaches the link the gateway returned for this connection ({@code
   * Gateway.transports().acceptWebSocket} or {@code acceptLocal}).
   *
   * @param link where what the provider sends goes
   * @return this connection
   */
  public RecordingProviderConnection attach(ProviderLink link) {
    this.link = link;
    return this;
  }

  /**
   * The attached link.
   *
   * @return the link, or null before {@link #attach}
   */
  public ProviderLink link() {
    return link;
  }

  /**
   * Tells {@code listener} of every message from now on as the gateway sends it, for tests that
   * need to know the moment (the manual clock's time then) rather than just the order.
   *
   * @param listener called on the gateway's thread with each message it sends
   * @return this connection
   */
  public synchronized RecordingProviderConnection onSend(
      java.util.function.Consumer<GatewayMessage> listener) {
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

  /**
   * Each time reading was suspended or resumed, in order.
   *
   * @return {@code "suspend"} and {@code "resume"} entries
   */
  public synchronized List<String> flow() {
    return List.copyOf(flow);
  }

  /**
   * How many times the gateway said this connection's provider authenticated.
   *
   * @return the count
   */
  public synchronized int timesAuthenticated() {
    return authenticatedCalls;
  }

  // ---- speaking as the provider ----

  /**
   * Sends a message as the provider, in record form.
   *
   * @param message what the provider sends
   */
  public void send(ProviderMessage message) {
    link.receive(message);
  }

  /**
   * Sends raw text as the provider, as it would arrive from the wire.
   *
   * @param json the text, valid JSON or not
   */
  public void sendText(String json) {
    link.receive(json);
  }

  /** The provider's side of the socket drops. */
  public void drop() {
    link.closed();
  }

  // ---- what the gateway sent ----

  /**
   * Takes the oldest message not yet taken.
   *
   * @return the message
   * @throws AssertionError when there is none
   */
  public synchronized GatewayMessage next() {
    assertThat(received).as("messages sent to %s", description).isNotEmpty();
    return received.pollFirst();
  }

  /**
   * Takes the oldest message not yet taken, which must be of {@code type}.
   *
   * @param <T> the message's type
   * @param type the message's class
   * @return the message
   * @throws AssertionError when there is none, or it is of another type
   */
  public <T extends GatewayMessage> T next(Class<T> type) {
    GatewayMessage message = next();
    assertThat(message).as("next message to %s", description).isInstanceOf(type);
    return type.cast(message);
  }

  /**
   * Waits until at least {@code count} messages are waiting to be taken, for gateways that run on
   * real threads.
   *
   * @param count how many messages
   * @param timeout how long to wait
   * @throws AssertionError when fewer have arrived after {@code timeout}
   */
  public synchronized void await(int count, java.time.Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (received.size() < count) {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        throw new AssertionError(
            description + ": " + received.size() + " of " + count + " messages after " + timeout);
      }
      try {
        java.util.concurrent.TimeUnit.NANOSECONDS.timedWait(this, left);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError("interrupted", e);
      }
    }
  }

  /**
   * Takes every message not yet taken.
   *
   * @return the messages, oldest first
   */
  public synchronized List<GatewayMessage> drain() {
    List<GatewayMessage> messages = new ArrayList<>(received);
    received.clear();
    return messages;
  }

  /**
   * Every message ever sent, taken or not.
   *
   * @return the messages, oldest first
   */
  public synchronized List<GatewayMessage> history() {
    return List.copyOf(all);
  }

  /**
   * Fails when a message is waiting to be taken.
   *
   * @throws AssertionError naming the messages
   */
  public synchronized void assertNoMoreMessages() {
    assertThat(received).as("unexpected messages to %s", description).isEmpty();
  }

  /**
   * Why the gateway closed the connection.
   *
   * @return the reason, or null while it is open
   */
  public synchronized CloseReason closeReason() {
    return closeReason;
  }

  /**
   * Whether the gateway closed the connection.
   *
   * @return true once it did
   */
  public synchronized boolean isClosed() {
    return closeReason != null;
  }
}
