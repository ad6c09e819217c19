package io.github.providergateway.host.api;

/**
 * A way to put a gate's question to the person (extension {@code gate.ask}, architecture decision
 * 35): a console that reads y or n, a page with Allow and Deny, a host that asks through its
 * agent's client. A gateway-wide channel is added with {@code Gateway.asks().add}; a session's own
 * host offers one with {@link SessionHost#askChannel}.
 *
 * <p>A question goes to every channel that {@linkplain #reaches reaches} its session when it is
 * asked; the first answer ({@link HostApi#answerQuestion}) decides, and every channel it went to is
 * then told it {@linkplain #ended ended}, so the others withdraw it. When no channel reaches the
 * session the call is denied at once. A question nobody answers by its deadline denies the call.
 *
 * <p>The gateway calls these methods on its loop: they must return at once and never block (an
 * answer comes later, from any thread). One that throws is logged, and counts as not reaching.
 */
public interface AskChannel {

  /**
   * {@return a short name for a person and the audit trail: who answered ({@code console}, {@code
   * status page})}
   */
  String name();

  /**
   * Whether this channel can reach the person of {@code sessionId} now: a console on a terminal
   * can, a status page only while someone has it open.
   *
   * @param sessionId the session a question is about
   * @return whether to put the question here
   */
  default boolean reaches(String sessionId) {
    return true;
  }

  /**
   * Puts {@code question} to the person. The answer goes to {@link HostApi#answerQuestion} with
   * {@link PersonQuestion#askId}.
   *
   * @param question what to ask, about which call, until when
   */
  void ask(PersonQuestion question);

  /**
   * {@code question} is no longer open: it was answered (here or on another channel), nobody
   * answered in time, or it was withdrawn. Stop showing it; an answer now decides nothing.
   *
   * @param question the question {@link #ask} was given
   * @param outcome how it ended
   * @param answeredBy the {@linkplain #name() name} of the channel that answered, or null when
   *     nobody did
   */
  default void ended(PersonQuestion question, AskOutcome outcome, String answeredBy) {}
}
