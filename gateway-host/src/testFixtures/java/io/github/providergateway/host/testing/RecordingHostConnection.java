package io.github.providergateway.host.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.host.HostChannel;
import io.github.providergateway.host.HostConnection;
import io.github.providergateway.host.protocol.HostCodec;
import io.github.providergateway.host.protocol.HostEvent;
import io.github.providergateway.host.protocol.HostOutput;
import io.github.providergateway.host.protocol.HostReply;
import io.github.providergateway.protocol.GatewayAddress;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * A host connection that keeps what the {@link io.github.providergateway.host.HostService} sends
 * it: speak as a host with {@link #send(String)} (JSON text, as a carrier delivers it), read
 * replies and events back. With a direct gateway executor, a command's reply is there when {@link
 * #send(String)} returns. Thread-safe.
 */
public final class RecordingHostConnection implements HostConnection {

  /**
   * Where a recording connection says it was accepted unless told otherwise: 127.0.0.1 on the
   * default port, as a gateway's proof ({@code host.challenge}) covers it.
   */
  public static final InetSocketAddress DEFAULT_LOCAL_ADDRESS =
      new InetSocketAddress(loopbackV4(), GatewayAddress.DEFAULT_PORT);

  private final String description;
  private final InetSocketAddress localAddress;
  private final List<HostOutput> received = new ArrayList<>();
  private HostChannel channel;
  private boolean closed;
  private int authenticatedCalls;

  /**
   * A connection not yet attached to a service.
   *
   * @param description what {@link #describe()} answers, for logs and failure messages
   */
  public RecordingHostConnection(String description) {
    this(description, DEFAULT_LOCAL_ADDRESS);
  }

  /**
   * A connection not yet attached to a service, accepted on {@code localAddress}.
   *
   * @param description what {@link #describe()} answers, for logs and failure messages
   * @param localAddress what {@link #localAddress()} answers; {@code null} for none (a carrier that
   *     cannot say)
   */
  public RecordingHostConnection(String description, InetSocketAddress localAddress) {
    this.description = description;
    this.localAddress = localAddress;
  }

  private static InetAddress loopbackV4() {
    try {
      return InetAddress.getByAddress(new byte[] {127, 0, 0, 1});
    } catch (UnknownHostException e) {
      throw new IllegalStateException("four bytes are an IPv4 address", e);
    }
  }

  @Override
  public Optional<InetSocketAddress> localAddress() {
    return Optional.ofNullable(localAddress);
  }

  /**
   * Attaches the channel the service returned for this connection ({@code HostService.open}).
   *
   * @param channel where what the host sends goes
   * @return this connection
   */
  public RecordingHostConnection attach(HostChannel channel) {
    this.channel = channel;
    return this;
  }

  @Override
  public synchronized boolean send(HostOutput output) {
    if (closed) {
      return false;
    }
    received.add(output);
    return true;
  }

  @Override
  public void close() {
    boolean first;
    synchronized (this) {
      first = !closed;
      closed = true;
    }
    if (first && channel != null) {
      channel.closed();
    }
  }

  @Override
  public synchronized void authenticated() {
    authenticatedCalls++;
  }

  /**
   * How many times the service said this host authenticated.
   *
   * @return the count
   */
  public synchronized int timesAuthenticated() {
    return authenticatedCalls;
  }

  /** The connection drops (a crash or a network cut): the service hears it closed. */
  public void drop() {
    close();
  }

  @Override
  public String describe() {
    return description;
  }

  /**
   * Sends one command as JSON text.
   *
   * @param json the command, valid JSON or not
   */
  public void send(String json) {
    channel.receive(json);
  }

  /**
   * Sends a command and returns its reply, which must already be there (direct executor).
   *
   * @param json the command
   * @return its reply
   * @throws AssertionError when no reply arrived
   */
  public HostReply request(String json) {
    int before = size();
    send(json);
    for (HostOutput output : snapshot().subList(before, size())) {
      if (output instanceof HostReply reply) {
        return reply;
      }
    }
    throw new AssertionError("no reply to " + json + "; received " + snapshot());
  }

  /**
   * Sends a command that must succeed ({@link #request(String)}).
   *
   * @param json the command
   * @return the fields of its reply
   * @throws AssertionError when the reply is a refusal, or none arrived
   */
  public com.fasterxml.jackson.databind.node.ObjectNode ok(String json) {
    HostReply reply = request(json);
    assertThat(reply).as("reply to %s", json).isInstanceOf(HostReply.Ok.class);
    return ((HostReply.Ok) reply).fields();
  }

  /**
   * Everything received so far.
   *
   * @return replies and events, in order
   */
  public synchronized List<HostOutput> snapshot() {
    return List.copyOf(received);
  }

  /**
   * How much was received so far.
   *
   * @return the number of replies and events
   */
  public synchronized int size() {
    return received.size();
  }

  /**
   * Events of one type that match a filter.
   *
   * @param <T> the events' type
   * @param type the events' class
   * @param filter which of them
   * @return the events, in order
   */
  public <T extends HostEvent> List<T> events(Class<T> type, Predicate<T> filter) {
    List<T> events = new ArrayList<>();
    for (HostOutput output : snapshot()) {
      if (type.isInstance(output) && filter.test(type.cast(output))) {
        events.add(type.cast(output));
      }
    }
    return events;
  }

  /**
   * Events of one type.
   *
   * @param <T> the events' type
   * @param type the events' class
   * @return the events, in order
   */
  public <T extends HostEvent> List<T> events(Class<T> type) {
    return events(type, e -> true);
  }

  /**
   * Whether the connection was closed, by the service or by {@link #drop()}.
   *
   * @return true once closed
   */
  public synchronized boolean isClosed() {
    return closed;
  }

  /** The JSON text of everything received, for failure messages. */
  @Override
  public String toString() {
    StringBuilder text = new StringBuilder(description).append(":\n");
    snapshot().forEach(output -> text.append(HostCodec.create().encode(output)).append('\n'));
    return text.toString();
  }
}
