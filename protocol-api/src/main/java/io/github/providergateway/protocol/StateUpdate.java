package io.github.providergateway.protocol;

/**
 * A state-changing provider message: {@code tools.update}, {@code hooks.update}, {@code
 * context.update} or {@code filter.set} (spec: Update acknowledgments).
 *
 * <p>With a {@code requestId}, success is answered by one {@code ack} per affected session with
 * that session's new revision, and failure by an {@code error} echoing the {@code requestId}.
 * Without one, success is silent (core profile).
 */
public sealed interface StateUpdate extends SessionScoped
    permits ToolsUpdate, HooksUpdate, ContextUpdate, FilterSet {

  /** {@return which update this is} */
  ProviderMessageType type();

  /** {@return the provider's correlation id for the {@code ack}, or {@code null}} */
  String requestId();
}
