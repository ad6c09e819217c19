package io.github.providergateway.gateway.internal;

import io.github.providergateway.gateway.event.Decision;
import io.github.providergateway.gateway.event.GatewayListener;
import io.github.providergateway.gateway.event.Refusal;
import io.github.providergateway.gateway.event.SessionHookRule;
import io.github.providergateway.host.api.ProviderInfo;
import io.github.providergateway.protocol.SessionInfo;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The gateway's listeners, told in the order they were added. A listener that throws (or fails with
 * a {@link LinkageError}: host code that no longer loads) is logged and skipped: the host's code
 * must not break the gateway loop, and the others still hear the event. Listeners may be added from
 * any thread.
 */
public final class Listeners implements GatewayListener {

  private static final System.Logger LOG = System.getLogger(Listeners.class.getName());

  private final List<GatewayListener> listeners = new CopyOnWriteArrayList<>();
  private final Supplier<Instant> now;

  /** Whether any listener hears {@link #decided}: until one does, no decision is built. */
  private volatile boolean decisionsHeard;

  /** Whether decisions carry calls' arguments, not only their hash (the builder's opt-in). */
  private final boolean keepsArguments;

  public Listeners(GatewayListener first, Supplier<Instant> now, boolean keepsArguments) {
    this.now = now;
    this.keepsArguments = keepsArguments;
    add(first);
  }

  /**
   * Whether decisions about calls carry their arguments ({@code Gateway.Builder.auditArguments}).
   */
  boolean keepsArguments() {
    return keepsArguments;
  }

  public void add(GatewayListener listener) {
    listeners.add(listener);
    if (overridesDecided(listener)) {
      decisionsHeard = true;
    }
  }

  /**
   * Whether a decision would reach anyone, a listener or a flight recording: callers build one only
   * then.
   */
  public boolean hearsDecisions() {
    return decisionsHeard || DecisionEvent.enabled();
  }

  /** The gateway's clock, for the time of a decision. */
  Instant now() {
    return now.get();
  }

  private static boolean overridesDecided(GatewayListener listener) {
    try {
      return listener.getClass().getMethod("decided", Decision.class).getDeclaringClass()
          != GatewayListener.class;
    } catch (NoSuchMethodException impossible) {
      return true;
    }
  }

  private void each(Consumer<GatewayListener> event) {
    for (GatewayListener listener : listeners) {
      try {
        event.accept(listener);
      } catch (RuntimeException | LinkageError e) {
        LOG.log(Level.WARNING, "gateway listener " + listener + " failed", e);
      }
    }
  }

  @Override
  public void providerConnected(ProviderInfo provider) {
    each(l -> l.providerConnected(provider));
  }

  @Override
  public void providerDisconnected(ProviderInfo provider) {
    each(l -> l.providerDisconnected(provider));
  }

  @Override
  public void warning(String message) {
    each(l -> l.warning(message));
  }

  @Override
  public void sessionStarted(SessionInfo session) {
    each(l -> l.sessionStarted(session));
  }

  @Override
  public void sessionEnding(String sessionId, Duration deadline) {
    each(l -> l.sessionEnding(sessionId, deadline));
  }

  @Override
  public void sessionEnded(String sessionId) {
    each(l -> l.sessionEnded(sessionId));
  }

  @Override
  public void hookRulesChanged(String sessionId, List<SessionHookRule> rules) {
    each(l -> l.hookRulesChanged(sessionId, rules));
  }

  @Override
  public void refused(Refusal refusal) {
    each(l -> l.refused(refusal));
    if (hearsDecisions()) {
      decided(Decisions.refused(now(), refusal));
    }
  }

  @Override
  public void decided(Decision decision) {
    each(l -> l.decided(decision));
    if (DecisionEvent.enabled()) {
      DecisionEvent.commit(decision);
    }
  }
}
