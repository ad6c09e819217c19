package io.github.providergateway.protocol;

/**
 * {@code hooks.update}: change hook rules or transforms. {@code onPreToolUse}, when present,
 * replaces the provider's whole rule list; {@code transforms} merge by section, a {@code null}
 * section removing that transform. On the wire the two sit beside {@code type}, as in {@code
 * hello.hooks}.
 *
 * @param requestId correlation id for the {@code ack}, optional
 * @param sessionId the one session to change; {@code null} for every bound session
 * @param hooks the rules and transforms to apply
 */
public record HooksUpdate(String requestId, String sessionId, Hooks hooks)
    implements StateUpdate, ProviderMessage {

  /**
   * Checks the required fields.
   *
   * @param requestId correlation id for the {@code ack}, optional
   * @param sessionId the one session to change; {@code null} for every bound session
   * @param hooks the rules and transforms to apply
   * @throws NullPointerException when {@code hooks} is null
   */
  public HooksUpdate {
    Require.present(hooks, "hooks");
  }

  @Override
  public ProviderMessageType type() {
    return ProviderMessageType.HOOKS_UPDATE;
  }
}
