package io.github.providergateway.gateway.testing;

import io.github.providergateway.gateway.event.GatewayListener;
import io.github.providergateway.host.api.ProviderInfo;
import io.github.providergateway.protocol.SessionInfo;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A {@link GatewayListener} that keeps what it hears as lines such as {@code "connected worker"} or
 * {@code "ended s-1"}, in order. Thread-safe.
 */
public final class RecordingGatewayListener implements GatewayListener {

  private final List<String> events = new CopyOnWriteArrayList<>();

  /** A listener that has heard nothing yet. */
  public RecordingGatewayListener() {}

  @Override
  public void providerConnected(ProviderInfo provider) {
    events.add("connected " + provider.name());
  }

  @Override
  public void providerDisconnected(ProviderInfo provider) {
    events.add("disconnected " + provider.name());
  }

  @Override
  public void warning(String message) {
    events.add("warning " + message);
  }

  @Override
  public void sessionStarted(SessionInfo session) {
    events.add("started " + session.id());
  }

  @Override
  public void sessionEnding(String sessionId, Duration deadline) {
    events.add("ending " + sessionId + " " + deadline.toSeconds() + " s");
  }

  @Override
  public void sessionEnded(String sessionId) {
    events.add("ended " + sessionId);
  }

  /**
   * Takes everything heard since the last call.
   *
   * @return the lines, in order
   */
  public List<String> drain() {
    List<String> heard = new ArrayList<>(events);
    events.clear();
    return heard;
  }

  /**
   * The warnings heard so far, without taking them.
   *
   * @return the warnings' messages, in order
   */
  public List<String> warnings() {
    return events.stream().filter(e -> e.startsWith("warning ")).map(e -> e.substring(8)).toList();
  }
}
