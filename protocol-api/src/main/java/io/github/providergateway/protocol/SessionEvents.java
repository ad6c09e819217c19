package io.github.providergateway.protocol;

import java.util.Set;

/**
 * The session event types of the spec, as names for {@code hello.subscribe} and {@code
 * session.event}. Event types are an open set (hosts may emit others), hence strings.
 */
public final class SessionEvents {

  /** {@code {content}}: the user sent a message. */
  public static final String USER_MESSAGE = "user.message";

  /** {@code {content, toolRequests?}}: the assistant answered. */
  public static final String ASSISTANT_MESSAGE = "assistant.message";

  /** {@code {tool, provider?, args, result:{type, output?}, durationMs}}: a tool call finished. */
  public static final String TOOL_EXECUTION_COMPLETE = "tool.execution_complete";

  /** {@code {intent}}: the assistant said what it is about to do. */
  public static final String ASSISTANT_INTENT = "assistant.intent";

  /** The event types that count as tool events, the only ones external providers may receive. */
  public static final Set<String> TOOL_EVENTS = Set.of(TOOL_EXECUTION_COMPLETE);

  private SessionEvents() {}
}
