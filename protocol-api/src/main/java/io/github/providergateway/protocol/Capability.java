package io.github.providergateway.protocol;

/**
 * One row of the spec's capability matrix (spec: Provider capabilities). {@link TrustLevel} says
 * which levels hold which capabilities; {@link Capabilities#requiredFor} says which capabilities a
 * message needs.
 *
 * <p>Two rows are our decisions where the spec leaves a gap (design brief, decision 17): {@link
 * #REGISTER_STATIC_REWRITE} (static {@code prepend}/{@code replace}) is held by internal and
 * project providers, and {@link #REGISTER_HOOK_RULES} covers every {@code onPreToolUse} rule, not
 * only gates, because a static {@code deny} or {@code context} rule acts on other providers' and
 * the host's tool calls just as a gate does, which the trust table withholds from external
 * providers ("tools + push only, no hook callbacks").
 */
public enum Capability {
  /** Register tools ({@code hello.tools}, {@code tools.update}). */
  REGISTER_TOOLS,
  /** Push events at any level ({@code push}). */
  PUSH_EVENTS,
  /** Register {@code onPreToolUse} rules: {@code gate}, {@code deny} and {@code context}. */
  REGISTER_HOOK_RULES,
  /** Register {@code callback} transforms answered with {@code transform.result}. */
  REGISTER_TRANSFORM_CALLBACKS,
  /** Register static {@code append} transforms. */
  REGISTER_STATIC_APPEND,
  /**
   * Register static {@code prepend} and {@code replace} transforms (never on protected sections).
   */
  REGISTER_STATIC_REWRITE,
  /** Read one's own event streams with {@code stream.query}. */
  QUERY_OWN_STREAMS,
  /** Read other providers' event streams with {@code stream.query}. */
  QUERY_CROSS_PROVIDER_STREAMS,
  /** Subscribe to every session event type. */
  SUBSCRIBE_SESSION_EVENTS,
  /** Subscribe to tool events ({@code tool.execution_complete}). */
  SUBSCRIBE_TOOL_EVENTS,
  /** Bind to any session, or to {@code "all"}. */
  BIND_ANY_SESSION,
  /** Set ambient {@code context} and {@code startup_context}, and send {@code context.update}. */
  SET_CONTEXT
}
