package io.github.providergateway.provider;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.protocol.Push;
import io.github.providergateway.protocol.PushLevel;

/**
 * Builds a {@link Push} for {@link ProviderSession#push(Push)} when the shortcuts on the session
 * are not enough: a named stream, metadata, a prompt that starts a turn, a target session or a
 * broadcast.
 *
 * <pre>{@code
 * session.push(PushBuilder.event(PushLevel.INJECT, "CI failed on test/auth.spec.ts")
 *     .stream("ci-watch")
 *     .metadata(metadata)
 *     .build());
 * }</pre>
 */
public final class PushBuilder {

  private final PushLevel level;
  private String event;
  private String prompt;
  private String stream;
  private String sessionId;
  private JsonNode metadata;
  private Boolean broadcast;

  private PushBuilder(PushLevel level) {
    this.level = requireNonNull(level, "level");
  }

  /**
   * An event at {@code level}: {@code keep} stores it, {@code surface} also shows it, {@code
   * inject} also starts a turn.
   *
   * @param level what the host does with the event
   * @param event the event's text; not null
   * @return a builder for the push
   */
  public static PushBuilder event(PushLevel level, String event) {
    PushBuilder builder = new PushBuilder(level);
    builder.event = requireNonNull(event, "event");
    return builder;
  }

  /**
   * A prompt: the host starts an agent turn with {@code prompt} ({@code level: inject}, no event
   * text unless {@link #event(String)} adds one).
   *
   * @param prompt the prompt for the agent; not null
   * @return a builder for the push
   */
  public static PushBuilder prompt(String prompt) {
    PushBuilder builder = new PushBuilder(PushLevel.INJECT);
    builder.prompt = requireNonNull(prompt, "prompt");
    return builder;
  }

  /**
   * The event text stored with a prompt.
   *
   * @param event the text; {@code null} for none
   * @return this builder
   */
  public PushBuilder event(String event) {
    this.event = event;
    return this;
  }

  /**
   * Starts a turn with {@code prompt} in place of the event text.
   *
   * @param prompt the prompt for the agent; {@code null} for none
   * @return this builder
   */
  public PushBuilder withPrompt(String prompt) {
    this.prompt = prompt;
    return this;
  }

  /**
   * The stream to store the event in (default: the one named after the provider).
   *
   * @param stream the stream's name; {@code null} for the default
   * @return this builder
   */
  public PushBuilder stream(String stream) {
    this.stream = stream;
    return this;
  }

  /**
   * The target session; {@code "all"}-bound providers must name one or {@link #broadcast()}.
   *
   * @param sessionId the session's id; {@code null} for the provider's own
   * @return this builder
   */
  public PushBuilder session(String sessionId) {
    this.sessionId = sessionId;
    return this;
  }

  /**
   * Structured data stored with the event (a JSON object).
   *
   * @param metadata the object; {@code null} for none
   * @return this builder
   */
  public PushBuilder metadata(JsonNode metadata) {
    this.metadata = metadata;
    return this;
  }

  /**
   * From an {@code "all"}-bound provider: to every session it is bound to.
   *
   * @return this builder
   */
  public PushBuilder broadcast() {
    this.broadcast = Boolean.TRUE;
    return this;
  }

  /**
   * The {@code push}.
   *
   * @return the message, for {@link ProviderSession#push(Push)}
   * @throws IllegalArgumentException when it breaks the message's rules (e.g. metadata that is not
   *     an object)
   */
  public Push build() {
    return new Push(stream, sessionId, event, prompt, level, metadata, broadcast);
  }
}
