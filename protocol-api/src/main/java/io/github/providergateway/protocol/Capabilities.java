package io.github.providergateway.protocol;

import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Which {@link Capability capabilities} a provider message needs: the other half of the capability
 * check, beside {@link TrustLevel#allowsAll(Set)}. The gateway runs both on every message before
 * any handler (spec: Provider capabilities); a message needing a capability its sender's level
 * lacks is refused with {@code UNAUTHORIZED} and changes nothing.
 *
 * <p>The rules, one row of the matrix each:
 *
 * <ul>
 *   <li>tools in {@code hello} or {@code tools.update}: {@link Capability#REGISTER_TOOLS}
 *   <li>{@code push}: {@link Capability#PUSH_EVENTS}
 *   <li>any {@code onPreToolUse} rule: {@link Capability#REGISTER_HOOK_RULES}
 *   <li>a {@code callback} transform: {@link Capability#REGISTER_TRANSFORM_CALLBACKS}; {@code
 *       append}: {@link Capability#REGISTER_STATIC_APPEND}; {@code prepend}/{@code replace}: {@link
 *       Capability#REGISTER_STATIC_REWRITE}; removing a transform needs nothing
 *   <li>{@code stream.query}: {@link Capability#QUERY_OWN_STREAMS}, plus {@link
 *       Capability#QUERY_CROSS_PROVIDER_STREAMS} when it names another provider's stream
 *   <li>{@code subscribe}: {@link Capability#SUBSCRIBE_TOOL_EVENTS} for tool events, {@link
 *       Capability#SUBSCRIBE_SESSION_EVENTS} for any other
 *   <li>{@code session: "all"}: {@link Capability#BIND_ANY_SESSION}
 *   <li>{@code context}, {@code startup_context}, {@code context.update}: {@link
 *       Capability#SET_CONTEXT}
 * </ul>
 */
public final class Capabilities {

  private Capabilities() {}

  /**
   * The capabilities {@code message} needs.
   *
   * @param message the message a provider sent
   * @param ownName the sender's provider name, to tell its own streams from others'; may be {@code
   *     null} before {@code hello}
   * @return the capabilities, unmodifiable; empty when any trust level may send it
   */
  public static Set<Capability> requiredFor(ProviderMessage message, String ownName) {
    EnumSet<Capability> required;
    switch (message.type()) {
      case HELLO -> addForHello((Hello) message, required = EnumSet.noneOf(Capability.class));
      case TOOLS_UPDATE -> required = EnumSet.of(Capability.REGISTER_TOOLS);
      case HOOKS_UPDATE ->
          addForHooks(((HooksUpdate) message).hooks(), required = EnumSet.noneOf(Capability.class));
      case CONTEXT_UPDATE -> required = EnumSet.of(Capability.SET_CONTEXT);
      case PUSH -> required = EnumSet.of(Capability.PUSH_EVENTS);
      case STREAM_QUERY ->
          addForStreamQuery(
              (StreamQuery) message, ownName, required = EnumSet.noneOf(Capability.class));
      case AUTH,
          AUTH_CONFIRM,
          GOODBYE,
          SESSION_READY,
          SHUTDOWN_READY,
          TOOL_RESULT,
          TOOL_PROGRESS,
          GATE_RESULT,
          TRANSFORM_RESULT,
          FILTER_SET,
          UNKNOWN -> {
        // Answers, lifecycle and filters on one's own streams need no capability: the most
        // frequent messages (every tool.result) allocate nothing here.
        return Set.of();
      }
      default -> throw new IllegalStateException("no rule for " + message.type());
    }
    return Collections.unmodifiableSet(required);
  }

  /**
   * Whether a provider of {@code trust} may send {@code message}.
   *
   * @param trust the sender's trust level
   * @param message the message
   * @param ownName the sender's provider name; may be {@code null} before {@code hello}
   * @return whether the level has every capability the message needs
   */
  public static boolean allowed(TrustLevel trust, ProviderMessage message, String ownName) {
    return trust.allowsAll(requiredFor(message, ownName));
  }

  private static void addForHello(Hello hello, Set<Capability> required) {
    if (!hello.toolsOrEmpty().isEmpty()) {
      required.add(Capability.REGISTER_TOOLS);
    }
    if (hello.session() instanceof SessionSelector.All) {
      required.add(Capability.BIND_ANY_SESSION);
    }
    if (hello.context() != null || hello.startupContext() != null) {
      required.add(Capability.SET_CONTEXT);
    }
    if (hello.hooks() != null) {
      addForHooks(hello.hooks(), required);
    }
    addForSubscriptions(hello.subscribe(), required);
  }

  private static void addForHooks(Hooks hooks, Set<Capability> required) {
    List<HookRule> rules = hooks.onPreToolUse();
    if (rules != null && !rules.isEmpty()) {
      required.add(Capability.REGISTER_HOOK_RULES);
    }
    Map<String, Optional<TransformRule>> transforms = hooks.transforms();
    if (transforms != null) {
      for (Optional<TransformRule> transform : transforms.values()) {
        transform.ifPresent(rule -> required.add(capabilityFor(rule.action())));
      }
    }
  }

  /**
   * The capability a transform with {@code action} needs.
   *
   * @param action the transform's action
   * @return the capability
   */
  public static Capability capabilityFor(TransformAction action) {
    return switch (action) {
      case APPEND -> Capability.REGISTER_STATIC_APPEND;
      case PREPEND, REPLACE -> Capability.REGISTER_STATIC_REWRITE;
      case CALLBACK -> Capability.REGISTER_TRANSFORM_CALLBACKS;
    };
  }

  private static void addForSubscriptions(List<String> events, Set<Capability> required) {
    if (events == null) {
      return;
    }
    for (String event : events) {
      required.add(
          SessionEvents.TOOL_EVENTS.contains(event)
              ? Capability.SUBSCRIBE_TOOL_EVENTS
              : Capability.SUBSCRIBE_SESSION_EVENTS);
    }
  }

  private static void addForStreamQuery(
      StreamQuery query, String ownName, Set<Capability> required) {
    required.add(Capability.QUERY_OWN_STREAMS);
    for (String name : query.streams()) {
      if (ownName == null || !StreamName.parse(name, ownName).isOwnedBy(ownName)) {
        required.add(Capability.QUERY_CROSS_PROVIDER_STREAMS);
      }
    }
  }
}
