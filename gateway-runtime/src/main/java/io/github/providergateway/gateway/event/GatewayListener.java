package io.github.providergateway.gateway.event;

import io.github.providergateway.host.api.ProviderInfo;
import io.github.providergateway.protocol.SessionInfo;
import java.time.Duration;
import java.util.List;

/**
 * Gateway-wide events for a host that shows them (the reference console, the {@code --rpc} events
 * {@code provider.connected} and {@code provider.disconnected}, the console's refusal lines).
 * Called on the gateway loop; implementations must return quickly. Every method has an empty
 * default.
 */
public interface GatewayListener {

  /**
   * A provider bound to one or more sessions (after {@code hello.ack}).
   *
   * @param provider the provider as it is now
   */
  default void providerConnected(ProviderInfo provider) {}

  /**
   * A provider left every session: it disconnected, said goodbye, rebound, or its sessions ended.
   *
   * @param provider the provider as it was last
   */
  default void providerDisconnected(ProviderInfo provider) {}

  /**
   * The gateway noticed something the operator should know (e.g. a provider closed for overload).
   *
   * @param message what happened, for a person
   */
  default void warning(String message) {}

  /**
   * A session started.
   *
   * @param session the new session
   */
  default void sessionStarted(SessionInfo session) {}

  /**
   * A session is ending: its providers were sent {@code shutdown.pending} with {@code deadline}.
   *
   * @param sessionId the session
   * @param deadline how long its providers have to answer {@code shutdown.ready}
   */
  default void sessionEnding(String sessionId, Duration deadline) {}

  /**
   * A session was torn down.
   *
   * @param sessionId the session
   */
  default void sessionEnded(String sessionId) {}

  /**
   * The {@code onPreToolUse} rules in force in a session changed: a provider with rules bound or
   * left, or one sent {@code hooks.update}. {@code rules} is the whole list now, in the order the
   * gateway evaluates it (providers in registration order, each one's rules in declaration order).
   * For a host that must know the rules when the gateway cannot be asked, e.g. the reference app's
   * record for hook adapters that find no gateway running.
   *
   * @param sessionId the session
   * @param rules every rule in force there now, in evaluation order
   */
  default void hookRulesChanged(String sessionId, List<SessionHookRule> rules) {}

  /**
   * The gateway sent a provider {@code error}: it refused what the provider asked for (a token, a
   * {@code hello}, a pairing, a transform, a hook rule, a push over budget, ...) or ended its
   * connection for a broken rule. Called once per {@code error}, as it is sent. An expected event,
   * not a fault: the gateway also logs it at INFO, without a stack trace.
   *
   * @param refusal which connection and provider, what was refused, and what the provider was told
   */
  default void refused(Refusal refusal) {}

  /**
   * The gateway took a decision about a peer or a call: the audit trail (docs/audit.md). Every
   * authentication, {@code hello}, refusal, tool call's outcome and pre-tool-use evaluation is one
   * {@link Decision}. The gateway builds decisions only while some listener overrides this method,
   * so a host that does not audit pays nothing for it.
   *
   * @param decision what was decided, about whom, why, and how long it took
   */
  default void decided(Decision decision) {}
}
