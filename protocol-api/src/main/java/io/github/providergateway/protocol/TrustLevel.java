package io.github.providergateway.protocol;

import static java.util.Objects.requireNonNull;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;

/**
 * How far the gateway trusts a provider, fixed when it authenticates (spec: Authentication and
 * trust levels).
 *
 * <ul>
 *   <li>{@link #INTERNAL}: in-process providers on the local transport; no {@code auth} message.
 *   <li>{@link #PROJECT}: providers holding the gateway token or a per-provider spawn token.
 *   <li>{@link #EXTERNAL}: self-connecting processes admitted by user-approved pairing.
 * </ul>
 *
 * <p>Each level has a fixed set of {@link Capability capabilities}; the table below is the spec's
 * capability matrix as data, plus the decisions recorded in the design brief (static prepend and
 * replace are internal and project only; see {@link Capability}).
 */
public enum TrustLevel implements WireEnum {
  /** In-process providers: every capability. */
  INTERNAL("internal", EnumSet.allOf(Capability.class)),
  /**
   * Providers with the gateway token or a spawn token: tools, hooks, transforms, context, pushes,
   * their own streams and session events; not other providers' streams or every session.
   */
  PROJECT(
      "project",
      EnumSet.of(
          Capability.REGISTER_TOOLS,
          Capability.PUSH_EVENTS,
          Capability.REGISTER_HOOK_RULES,
          Capability.REGISTER_TRANSFORM_CALLBACKS,
          Capability.REGISTER_STATIC_APPEND,
          Capability.REGISTER_STATIC_REWRITE,
          Capability.QUERY_OWN_STREAMS,
          Capability.SUBSCRIBE_SESSION_EVENTS,
          Capability.SUBSCRIBE_TOOL_EVENTS,
          Capability.SET_CONTEXT)),
  /**
   * Paired providers: tools, pushes, static appends, their own streams and tool events; no hooks,
   * callbacks, context or session events.
   */
  EXTERNAL(
      "external",
      EnumSet.of(
          Capability.REGISTER_TOOLS,
          Capability.PUSH_EVENTS,
          Capability.REGISTER_STATIC_APPEND,
          Capability.QUERY_OWN_STREAMS,
          Capability.SUBSCRIBE_TOOL_EVENTS));

  private final String wireName;
  private final Set<Capability> capabilities;

  TrustLevel(String wireName, EnumSet<Capability> capabilities) {
    this.wireName = wireName;
    this.capabilities = Collections.unmodifiableSet(capabilities);
  }

  /**
   * Whether a provider of this level may use {@code capability}.
   *
   * @param capability the capability
   * @return whether this level has it
   */
  public boolean allows(Capability capability) {
    return capabilities.contains(requireNonNull(capability, "capability"));
  }

  /**
   * Whether a provider of this level may use every one of {@code required}.
   *
   * @param required the capabilities a message needs
   * @return whether this level has them all
   */
  public boolean allowsAll(Set<Capability> required) {
    return capabilities.containsAll(required);
  }

  /** {@return this level's capabilities, unmodifiable} */
  public Set<Capability> capabilities() {
    return capabilities;
  }

  @Override
  public String wireName() {
    return wireName;
  }

  /**
   * The constant spelled {@code wire}, or {@code null} when there is none.
   *
   * @param wire a value as written on the wire; may be null
   * @return the constant, or {@code null} when there is none
   */
  public static TrustLevel fromWire(String wire) {
    return WireEnum.fromWire(TrustLevel.class, wire);
  }
}
