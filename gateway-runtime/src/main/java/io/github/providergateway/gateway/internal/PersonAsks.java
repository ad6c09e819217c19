package io.github.providergateway.gateway.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.gateway.event.Decision;
import io.github.providergateway.gateway.policy.PersonAbsence;
import io.github.providergateway.host.api.AskChannel;
import io.github.providergateway.host.api.AskOutcome;
import io.github.providergateway.host.api.PersonQuestion;
import io.github.providergateway.loop.Scheduler;
import io.github.providergateway.protocol.Limits;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Gates' questions to the person (extension {@code gate.ask}, architecture decision 35). A question
 * goes to every channel that reaches its session (the gateway-wide ones added with {@code
 * Gateway.asks().add}, and the session's own host's); the first answer decides, and every channel
 * it went to hears that it ended. Nobody to ask, or more questions waiting than {@link
 * io.github.providergateway.protocol.AskLimits#maxPendingAsksPerSession()} or {@link
 * io.github.providergateway.protocol.AskLimits#maxPendingAsks()}, or a question longer than {@link
 * io.github.providergateway.protocol.AskLimits#maxAskQuestionChars()}: the call is denied at once.
 * A question nobody answers by its deadline denies. The gate's provider leaving, or the call
 * ending, withdraws it. While the person is away ({@link PersonAbsence}, decision 322) no channel
 * is asked: the call is denied at once. Each step is an audit record ({@code DecisionKind.ASK}).
 * Loop only.
 */
final class PersonAsks {

  private static final System.Logger LOG = System.getLogger(PersonAsks.class.getName());

  /** What becomes of the call once its question has ended. */
  interface Settled {
    /** The person allowed it, on the channel named {@code by}. */
    void allowed(String by);

    /** It is denied: the person said no, nobody answered, or the question was withdrawn. */
    void denied(String reason);
  }

  private final Timers timers;
  private final Secrets secrets;
  private final Limits limits;
  private final Listeners listener;

  /** Whether the person is away: asked before any channel is (decision 322). */
  private final PersonAbsence absence;

  /** The gateway-wide channels, in the order they were added. Loop only. */
  private final List<AskChannel> channels = new ArrayList<>();

  /** Questions waiting for an answer, by ask id, oldest first. Loop only. */
  private final Map<String, Pending> pending = new LinkedHashMap<>();

  PersonAsks(
      Timers timers, Secrets secrets, Limits limits, Listeners listener, PersonAbsence absence) {
    this.timers = timers;
    this.secrets = secrets;
    this.limits = limits;
    this.listener = listener;
    this.absence = absence;
  }

  /** A question put to the person, until it ends. */
  private static final class Pending {
    final PersonQuestion question;

    /**
     * The gate binding that asked: its leaving withdraws the question. Null for a policy's question
     * (decision 77): a policy has no binding to leave.
     */
    final Binding gate;

    /** The channels it was put to, which hear how it ended. */
    final List<AskChannel> channels;

    final Settled settled;
    final Instant askedAt;
    Scheduler.Cancellable deadline;

    Pending(
        PersonQuestion question,
        Binding gate,
        List<AskChannel> channels,
        Settled settled,
        Instant askedAt) {
      this.question = question;
      this.gate = gate;
      this.channels = channels;
      this.settled = settled;
      this.askedAt = askedAt;
    }
  }

  void addChannel(AskChannel channel) {
    channels.add(channel);
  }

  /** The channel hears of no new question; those it was given go on, with their deadlines. */
  void removeChannel(AskChannel channel) {
    channels.remove(channel);
  }

  /**
   * Puts {@code question}, asked by the gate {@code gateId} of {@code provider} about a call of
   * {@code tool} with {@code args} in {@code session}, to the person for at most {@code timeout}.
   *
   * @param callId the call's id, or null for a host's {@code preToolUse}
   * @param provider the asking gate's provider, or the asking policy's name
   * @param gate the asking gate's binding, whose leaving withdraws the question; null for a policy
   * @return null once the question is put ({@code settled} hears how it ends); else why it could
   *     not be, and nothing waits (the call is to be denied with that reason)
   */
  String ask(
      SessionState session,
      String tool,
      JsonNode args,
      String callId,
      String provider,
      Binding gate,
      String gateId,
      String question,
      Duration timeout,
      Settled settled) {
    String who = describe(provider, gateId);
    String refused = refusal(session, who, question);
    if (refused != null) {
      return deniedAtOnce(timers.now(), refused, provider, session, tool, callId);
    }
    Instant now = timers.now();
    PersonQuestion asked =
        new PersonQuestion(
            secrets.id("ask"),
            session.id,
            tool,
            args,
            callId,
            provider,
            gateId,
            question,
            now.plus(timeout));
    PersonAbsence.Away away = away(asked, who);
    if (away != null) {
      String denied = deniedAtOnce(now, away.reason(), provider, session, tool, callId);
      if (away.held() != null) {
        audit(away::held);
      }
      return denied;
    }
    List<AskChannel> reached = new ArrayList<>();
    for (AskChannel channel : reaching(session)) {
      if (put(channel, asked)) {
        reached.add(channel);
      }
    }
    if (reached.isEmpty()) {
      String nobody = nobodyToAsk(session, who);
      return deniedAtOnce(now, nobody, provider, session, tool, callId);
    }
    Pending waiting = new Pending(asked, gate, reached, settled, now);
    pending.put(asked.askId(), waiting);
    waiting.deadline = timers.after(timeout, () -> timedOut(waiting));
    audit(
        () ->
            Decisions.ask(
                now,
                Decision.Outcome.ASKED,
                who
                    + " asks ("
                    + Timers.seconds(timeout)
                    + " to answer, on "
                    + names(reached)
                    + "): "
                    + question,
                provider,
                session.id,
                tool,
                callId,
                null,
                null));
    return null;
  }

  /** Records a question denied before any channel had it, and {@return its {@code reason}}. */
  private String deniedAtOnce(
      Instant now,
      String reason,
      String provider,
      SessionState session,
      String tool,
      String callId) {
    audit(
        () ->
            Decisions.ask(
                now,
                Decision.Outcome.DENY,
                reason,
                provider,
                session.id,
                tool,
                callId,
                null,
                null));
    return reason;
  }

  /**
   * Why {@code question}, of {@code who}, is too long to be asked, or null: the bound holds for
   * questions put here and for those handed to a host that asks its person itself.
   */
  String tooLong(String who, String question) {
    if (question.length() > limits.asks().maxAskQuestionChars()) {
      return "The question of "
          + who
          + " is "
          + question.length()
          + " characters long, more than the "
          + limits.asks().maxAskQuestionChars()
          + " a question may have; the call is denied rather than asked about in part.";
    }
    return null;
  }

  /** Why a question may not be put at all, or null: bounds (docs/security.md). */
  private String refusal(SessionState session, String who, String question) {
    String tooLong = tooLong(who, question);
    if (tooLong != null) {
      return tooLong;
    }
    int inSession = 0;
    for (Pending waiting : pending.values()) {
      if (waiting.question.sessionId().equals(session.id)) {
        inSession++;
      }
    }
    if (inSession >= limits.asks().maxPendingAsksPerSession()) {
      return "Too many questions wait for the person of session "
          + session.id
          + " ("
          + inSession
          + "); the one of "
          + who
          + " is not asked, and the call is denied.";
    }
    if (pending.size() >= limits.asks().maxPendingAsks()) {
      return "Too many questions wait for the person in this gateway ("
          + pending.size()
          + "); the one of "
          + who
          + " is not asked, and the call is denied.";
    }
    return null;
  }

  /**
   * The deny {@code question}, of {@code who}, gets at once because the person is away, or null
   * when they may be asked. Fail closed (decision 322): an absence that throws or answers null
   * denies the call.
   */
  private PersonAbsence.Away away(PersonQuestion question, String who) {
    Optional<PersonAbsence.Away> away;
    try {
      away = absence.away(question);
    } catch (RuntimeException | LinkageError e) {
      LOG.log(Level.WARNING, "the person's absence could not be told for " + question.askId(), e);
      return cannotTell(who, e.toString());
    }
    if (away == null) {
      return cannotTell(who, "no answer");
    }
    return away.orElse(null);
  }

  private static PersonAbsence.Away cannotTell(String who, String why) {
    return new PersonAbsence.Away(
        "Whether the person is there to be asked could not be told ("
            + why
            + "): "
            + who
            + " asks the person, and the call is denied rather than asked.",
        null);
  }

  private static String nobodyToAsk(SessionState session, String who) {
    return "No one to ask: "
        + who
        + " asks the person, and no console, status page or host that asks the person"
        + " is open for session "
        + session.id
        + "; the call is denied.";
  }

  /** The channels that reach {@code session} now: its host's first, then the gateway-wide ones. */
  private List<AskChannel> reaching(SessionState session) {
    List<AskChannel> found = new ArrayList<>();
    AskChannel own = session.host.askChannel();
    if (own != null && reaches(own, session.id)) {
      found.add(own);
    }
    for (AskChannel channel : channels) {
      if (reaches(channel, session.id)) {
        found.add(channel);
      }
    }
    return found;
  }

  private static boolean reaches(AskChannel channel, String sessionId) {
    try {
      return channel.reaches(sessionId);
    } catch (RuntimeException | LinkageError e) {
      LOG.log(
          Level.WARNING,
          "ask channel " + channel + " failed to say whether it reaches " + sessionId,
          e);
      return false;
    }
  }

  private static boolean put(AskChannel channel, PersonQuestion question) {
    try {
      channel.ask(question);
      return true;
    } catch (RuntimeException | LinkageError e) {
      LOG.log(Level.WARNING, "ask channel " + channel + " failed to put " + question.askId(), e);
      return false;
    }
  }

  /**
   * The person's answer to {@code askId}, given on the channel named {@code by}.
   *
   * @return whether it decided: false when the question has ended already, or never was
   */
  boolean answer(String askId, boolean allow, String by) {
    Pending waiting = pending.remove(askId);
    if (waiting == null) {
      return false;
    }
    String channel = by == null || by.isBlank() ? "an unnamed channel" : by;
    String who = describe(waiting.question.provider(), waiting.question.gateId());
    if (allow) {
      end(waiting, AskOutcome.ALLOWED, channel, "allowed on " + channel);
      waiting.settled.allowed(channel);
    } else {
      end(waiting, AskOutcome.DENIED, channel, "denied on " + channel);
      waiting.settled.denied(
          "The person said no (on " + channel + ") to " + who + ": " + waiting.question.question());
    }
    return true;
  }

  /** Fail closed: a question nobody answers denies its call (decision 35). */
  private void timedOut(Pending waiting) {
    if (pending.get(waiting.question.askId()) != waiting) {
      return;
    }
    pending.remove(waiting.question.askId());
    // The time the person was given, not the timer's lateness on a busy machine.
    Duration waited = Duration.between(waiting.askedAt, waiting.question.deadline());
    String who = describe(waiting.question.provider(), waiting.question.gateId());
    end(waiting, AskOutcome.TIMED_OUT, null, "nobody answered within " + Timers.seconds(waited));
    waiting.settled.denied(
        "Nobody answered the question of "
            + who
            + " within "
            + Timers.seconds(waited)
            + ": "
            + waiting.question.question());
  }

  /**
   * The gate of {@code binding} left (disconnect, rebind, session end): its questions are
   * withdrawn.
   */
  void withdrawAsked(Binding binding, String reason) {
    for (Pending waiting : new ArrayList<>(pending.values())) {
      if (waiting.gate == binding) {
        withdraw(waiting, reason);
      }
    }
  }

  /** The call {@code callId} ended (cancelled, its session ending): its question is withdrawn. */
  void withdrawCall(String callId, String reason) {
    for (Pending waiting : new ArrayList<>(pending.values())) {
      if (callId.equals(waiting.question.callId())) {
        withdraw(waiting, reason);
      }
    }
  }

  private void withdraw(Pending waiting, String reason) {
    pending.remove(waiting.question.askId());
    end(waiting, AskOutcome.WITHDRAWN, null, reason);
    waiting.settled.denied(reason);
  }

  /** Stops the deadline, tells every channel the question went to, and records the end. */
  private void end(Pending waiting, AskOutcome outcome, String by, String reason) {
    waiting.deadline.cancel();
    for (AskChannel channel : waiting.channels) {
      try {
        channel.ended(waiting.question, outcome, by);
      } catch (RuntimeException | LinkageError e) {
        LOG.log(
            Level.WARNING,
            "ask channel " + channel + " failed to end " + waiting.question.askId(),
            e);
      }
    }
    PersonQuestion question = waiting.question;
    audit(
        () ->
            Decisions.ask(
                timers.now(),
                recorded(outcome),
                reason,
                question.provider(),
                question.sessionId(),
                question.tool(),
                question.callId(),
                Duration.between(waiting.askedAt, timers.now()),
                by));
  }

  private static Decision.Outcome recorded(AskOutcome outcome) {
    return switch (outcome) {
      case ALLOWED -> Decision.Outcome.ALLOW;
      case DENIED -> Decision.Outcome.DENY;
      case TIMED_OUT -> Decision.Outcome.TIMEOUT;
      case WITHDRAWN -> Decision.Outcome.WITHDRAWN;
    };
  }

  private void audit(Supplier<Decision> decision) {
    if (listener.hearsDecisions()) {
      listener.decided(decision.get());
    }
  }

  /** The questions waiting now, oldest first. */
  List<PersonQuestion> waiting() {
    List<PersonQuestion> questions = new ArrayList<>();
    for (Pending waiting : pending.values()) {
      questions.add(waiting.question);
    }
    return questions;
  }

  static String describe(String provider, String gateId) {
    return gateId == null
        ? "the gate of provider '" + provider + "'"
        : "gate '" + gateId + "' of provider '" + provider + "'";
  }

  private static String names(List<AskChannel> channels) {
    List<String> names = new ArrayList<>();
    for (AskChannel channel : channels) {
      try {
        names.add(channel.name());
      } catch (RuntimeException | LinkageError e) {
        names.add(String.valueOf(channel));
      }
    }
    return String.join(", ", names);
  }
}
