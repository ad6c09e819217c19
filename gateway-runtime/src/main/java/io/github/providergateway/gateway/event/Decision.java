package io.github.providergateway.gateway.event;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.protocol.TrustLevel;
import io.github.providergateway.protocol.WireEnum;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * One decision the gateway took about a peer or a call, with its reason: the audit trail's record
 * ({@link GatewayListener#decided}). Every field that does not apply to its {@link #kind()} is
 * null. Records never carry a token or a pairing code, and carry a call's arguments only as {@link
 * #argsSha256()} unless the gateway was built to keep them ({@code
 * Gateway.Builder.auditArguments}). A reason (the decision's and each gate's) may quote the command
 * it judged: the secrets it quotes are masked as it is set ({@code Authorization: Bearer ****},
 * {@code ghp_****}, a URL's password, a secret option's or variable's value), so that no record,
 * and no export of one, carries them.
 *
 * <p>Build one with {@link #builder}, which takes the three required fields and leaves the rest
 * null until set:
 *
 * <pre>{@code
 * Decision refused = Decision.builder(now, DecisionKind.PUSH, Decision.Outcome.REFUSED)
 *     .code("RATE_LIMITED").reason("over 20 pushes a minute").provider("ci").build();
 * }</pre>
 *
 * <p>A final class, not a record, so that a new field is a new accessor and builder method and
 * never a change to a public constructor's signature (decision 70).
 */
public final class Decision {

  private final Instant time;
  private final DecisionKind kind;
  private final Outcome outcome;
  private final String code;
  private final String reason;
  private final String connection;
  private final String provider;
  private final TrustLevel trust;
  private final String sessionId;
  private final String tool;
  private final String callId;
  private final Duration latency;
  private final Duration queueWait;
  private final String argsSha256;
  private final List<GateAnswer> gates;
  private final JsonNode args;
  private final String answeredBy;
  private final String agent;

  private Decision(Builder b) {
    this.time = b.time;
    this.kind = b.kind;
    this.outcome = b.outcome;
    this.code = b.code;
    this.reason = b.reason;
    this.connection = b.connection;
    this.provider = b.provider;
    this.trust = b.trust;
    this.sessionId = b.sessionId;
    this.tool = b.tool;
    this.callId = b.callId;
    this.latency = b.latency;
    this.queueWait = b.queueWait;
    this.argsSha256 = b.argsSha256;
    this.gates = b.gates == null ? List.of() : List.copyOf(b.gates);
    this.args = b.args;
    this.answeredBy = b.answeredBy;
    this.agent = b.agent;
  }

  /** {@return when the decision was taken, on the gateway's clock} */
  public Instant time() {
    return time;
  }

  /** {@return what was decided about} */
  public DecisionKind kind() {
    return kind;
  }

  /** {@return the decision; which ones each kind takes is on {@link Outcome}} */
  public Outcome outcome() {
    return outcome;
  }

  /** {@return the error code when there is one ({@code AUTH_FAILED}, {@code INVALID_ARGS}, ...)} */
  public String code() {
    return code;
  }

  /** {@return why, in words: the error text, the denial's reason} */
  public String reason() {
    return reason;
  }

  /** {@return the connection, as logs name it ({@code conn#3 (ws 127.0.0.1:51234)})} */
  public String connection() {
    return connection;
  }

  /** {@return the provider concerned: the one refused, bound, whose tool was called} */
  public String provider() {
    return provider;
  }

  /** {@return the provider's trust level, where known} */
  public TrustLevel trust() {
    return trust;
  }

  /** {@return the session, where there is one} */
  public String sessionId() {
    return sessionId;
  }

  /** {@return the tool, for calls and pre-tool-use evaluations} */
  public String tool() {
    return tool;
  }

  /** {@return the call's id, for calls and their pre-tool-use evaluation} */
  public String callId() {
    return callId;
  }

  /**
   * {@return how long it took: the call from the host's request to its outcome, the evaluation from
   * its start to its decision}
   */
  public Duration latency() {
    return latency;
  }

  /** {@return how long a call waited for its provider's concurrency slot, if it waited} */
  public Duration queueWait() {
    return queueWait;
  }

  /**
   * {@return the SHA-256 of the call's arguments as JSON text, hex: lets two records be matched
   * without keeping what may be secret}
   */
  public String argsSha256() {
    return argsSha256;
  }

  /** {@return for a pre-tool-use evaluation: each gate asked, in order} */
  public List<GateAnswer> gates() {
    return gates;
  }

  /**
   * {@return the call's arguments, for a call and its evaluation, only when the gateway keeps them
   * ({@code Gateway.Builder.auditArguments}); else null}
   */
  public JsonNode args() {
    return args;
  }

  /**
   * {@return for a question to the person ({@link DecisionKind#ASK}) that someone answered: the
   * channel it was answered on ({@code console}, {@code status page}, a host's); else null}
   */
  public String answeredBy() {
    return answeredBy;
  }

  /**
   * {@return the agent whose own hook asked, by its hook's name ({@code claude}, {@code gemini}),
   * for a decision the agent's hook took or asked for; else null (a session's agent, when an agent
   * opened it, is the session's to say)}
   */
  public String agent() {
    return agent;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof Decision d
        && Objects.equals(time, d.time)
        && Objects.equals(kind, d.kind)
        && Objects.equals(outcome, d.outcome)
        && Objects.equals(code, d.code)
        && Objects.equals(reason, d.reason)
        && Objects.equals(connection, d.connection)
        && Objects.equals(provider, d.provider)
        && Objects.equals(trust, d.trust)
        && Objects.equals(sessionId, d.sessionId)
        && Objects.equals(tool, d.tool)
        && Objects.equals(callId, d.callId)
        && Objects.equals(latency, d.latency)
        && Objects.equals(queueWait, d.queueWait)
        && Objects.equals(argsSha256, d.argsSha256)
        && Objects.equals(gates, d.gates)
        && Objects.equals(args, d.args)
        && Objects.equals(answeredBy, d.answeredBy)
        && Objects.equals(agent, d.agent);
  }

  @Override
  public int hashCode() {
    return Objects.hash(
        time,
        kind,
        outcome,
        code,
        reason,
        connection,
        provider,
        trust,
        sessionId,
        tool,
        callId,
        latency,
        queueWait,
        argsSha256,
        gates,
        args,
        answeredBy,
        agent);
  }

  /** {@return the fields by name, as a record would show them} */
  @Override
  public String toString() {
    return "Decision["
        + "time="
        + time
        + ", kind="
        + kind
        + ", outcome="
        + outcome
        + ", code="
        + code
        + ", reason="
        + reason
        + ", connection="
        + connection
        + ", provider="
        + provider
        + ", trust="
        + trust
        + ", sessionId="
        + sessionId
        + ", tool="
        + tool
        + ", callId="
        + callId
        + ", latency="
        + latency
        + ", queueWait="
        + queueWait
        + ", argsSha256="
        + argsSha256
        + ", gates="
        + gates
        + ", args="
        + args
        + ", answeredBy="
        + answeredBy
        + ", agent="
        + agent
        + "]";
  }

  /**
   * Starts a decision: the three fields every record has; everything else stays null (no gates)
   * until set.
   *
   * @param time when; not null
   * @param kind what about; not null
   * @param outcome the decision; not null
   * @return a builder
   */
  public static Builder builder(Instant time, DecisionKind kind, Outcome outcome) {
    return new Builder(
        requireNonNull(time, "time"),
        requireNonNull(kind, "kind"),
        requireNonNull(outcome, "outcome"));
  }

  /**
   * What was decided, as one word on the wire ({@code audit.jsonl}, the host protocol's {@code
   * audit.query}, docs/audit.md's table). Each {@link DecisionKind} uses a few of them: {@code
   * ok}/{@code refused} (auth, hello, update, push, other), {@code requested}/{@code
   * confirmed}/{@code refused} (pairing), {@code success}/{@code failure}/{@code denied} (tool
   * call), {@code allow}/{@code deny}/{@code ask} (pre-tool-use), {@code asked}, then {@code
   * allow}/{@code deny}/{@code timeout}/{@code withdrawn} (a question to the person).
   */
  public enum Outcome implements WireEnum {
    /** Accepted: a connection authenticated, a provider bound. */
    OK("ok"),
    /** Refused: the provider was sent an {@code error}. */
    REFUSED("refused"),
    /** Pairing codes were shown to the person. */
    REQUESTED("requested"),
    /** A pairing code was confirmed. */
    CONFIRMED("confirmed"),
    /** A tool call succeeded. */
    SUCCESS("success"),
    /** A tool call failed, with a code. */
    FAILURE("failure"),
    /** A tool call was denied by a rule, a gate or the person. */
    DENIED("denied"),
    /** An evaluation, or the person, let the call run. */
    ALLOW("allow"),
    /** An evaluation, or the person, stopped the call; or a question could not be put. */
    DENY("deny"),
    /** An evaluation handed the question back to a host that asks its person itself. */
    ASK("ask"),
    /** A question was put to the person. */
    ASKED("asked"),
    /** Nobody answered a question before its deadline. */
    TIMEOUT("timeout"),
    /** A question was withdrawn: its call ended, or another channel answered it first. */
    WITHDRAWN("withdrawn");

    private final String wireName;

    Outcome(String wireName) {
      this.wireName = wireName;
    }

    @Override
    public String wireName() {
      return wireName;
    }

    /**
     * The outcome spelled {@code wire}, or {@code null} when there is none.
     *
     * @param wire a value as written in a record; may be null
     * @return the constant, or {@code null} when there is none
     */
    public static Outcome fromWire(String wire) {
      return WireEnum.fromWire(Outcome.class, wire);
    }
  }

  /**
   * Sets a {@link Decision}'s optional fields by name; {@link #build} checks and makes it. Not
   * thread-safe: one builder, one thread.
   */
  public static final class Builder {
    private final Instant time;
    private final DecisionKind kind;
    private final Outcome outcome;
    private String code;
    private String reason;
    private String connection;
    private String provider;
    private TrustLevel trust;
    private String sessionId;
    private String tool;
    private String callId;
    private Duration latency;
    private Duration queueWait;
    private String argsSha256;
    private List<GateAnswer> gates;
    private JsonNode args;
    private String answeredBy;
    private String agent;

    private Builder(Instant time, DecisionKind kind, Outcome outcome) {
      this.time = time;
      this.kind = kind;
      this.outcome = outcome;
    }

    /**
     * The error code ({@code AUTH_FAILED}, {@code INVALID_ARGS}, ...), as written on the wire.
     *
     * @param code the code, or null
     * @return this builder
     */
    public Builder code(String code) {
      this.code = code;
      return this;
    }

    /**
     * Why, in words; the secrets it quotes are masked (the class's description says which).
     *
     * @param reason the reason, or null
     * @return this builder
     */
    public Builder reason(String reason) {
      this.reason = SecretMask.mask(reason);
      return this;
    }

    /**
     * The connection, as logs name it.
     *
     * @param connection the connection, or null
     * @return this builder
     */
    public Builder connection(String connection) {
      this.connection = connection;
      return this;
    }

    /**
     * The provider concerned.
     *
     * @param provider its name, or null
     * @return this builder
     */
    public Builder provider(String provider) {
      this.provider = provider;
      return this;
    }

    /**
     * The provider's trust level.
     *
     * @param trust the level, or null
     * @return this builder
     */
    public Builder trust(TrustLevel trust) {
      this.trust = trust;
      return this;
    }

    /**
     * The session.
     *
     * @param sessionId its id, or null
     * @return this builder
     */
    public Builder sessionId(String sessionId) {
      this.sessionId = sessionId;
      return this;
    }

    /**
     * The tool, and the call's id.
     *
     * @param tool the tool's name, or null
     * @param callId the call's id, or null (a host's own {@code preToolUse} has none)
     * @return this builder
     */
    public Builder call(String tool, String callId) {
      this.tool = tool;
      this.callId = callId;
      return this;
    }

    /**
     * How long it took.
     *
     * @param latency the span, or null
     * @return this builder
     */
    public Builder latency(Duration latency) {
      this.latency = latency;
      return this;
    }

    /**
     * How long a call waited for its provider's concurrency slot.
     *
     * @param queueWait the span, or null
     * @return this builder
     */
    public Builder queueWait(Duration queueWait) {
      this.queueWait = queueWait;
      return this;
    }

    /**
     * The call's arguments: their hash always, and themselves when {@code keep} (the gateway's
     * {@code auditArguments}).
     *
     * @param argsSha256 the SHA-256 of the arguments as JSON text, hex; or null
     * @param args the arguments; kept only when {@code keep}
     * @param keep whether the record carries the arguments themselves
     * @return this builder
     */
    public Builder args(String argsSha256, JsonNode args, boolean keep) {
      this.argsSha256 = argsSha256;
      this.args = keep ? args : null;
      return this;
    }

    /**
     * The gates a pre-tool-use evaluation asked, in order.
     *
     * @param gates the answers; null is none
     * @return this builder
     */
    public Builder gates(List<GateAnswer> gates) {
      this.gates = gates;
      return this;
    }

    /**
     * The channel that answered a question to the person.
     *
     * @param answeredBy the channel's name, or null
     * @return this builder
     */
    public Builder answeredBy(String answeredBy) {
      this.answeredBy = answeredBy;
      return this;
    }

    /**
     * The agent whose own hook asked, by its hook's name ({@code claude}, {@code gemini}).
     *
     * @param agent the agent's name, or null
     * @return this builder
     */
    public Builder agent(String agent) {
      this.agent = agent;
      return this;
    }

    /** {@return the decision} */
    public Decision build() {
      return new Decision(this);
    }
  }

  /**
   * One gate's answer within a pre-tool-use evaluation.
   *
   * @param provider the gate's provider
   * @param gateId the rule's gate id
   * @param decision {@code allow}, {@code deny}, {@code context} or {@code ask} (the person was
   *     asked: the {@link DecisionKind#ASK} records say how it ended); {@code timeout} when it did
   *     not answer in time; {@code gone} when its provider left first; {@code unreachable} when it
   *     could not be asked
   * @param reason the gate's reason, or what the gateway decided for it
   * @param latency from asking to its answer (or to the end of waiting)
   * @param failedOpen true when it did not answer and its rule let the call through
   * @param argsSha256 when the gate returned replacement arguments (extension {@code gate.args}),
   *     the SHA-256 of them as JSON text, hex, whether the call took them or was denied for them;
   *     else null. The last gate of an allowed evaluation that has one gave the final arguments.
   */
  public record GateAnswer(
      String provider,
      String gateId,
      String decision,
      String reason,
      Duration latency,
      boolean failedOpen,
      String argsSha256) {

    /**
     * Checks the required fields.
     *
     * @param provider the gate's provider; not null
     * @param gateId the gate id, or null
     * @param decision what it answered; not null
     * @param reason its reason, or null
     * @param latency how long it took; not null
     * @param failedOpen whether a timeout let the call through
     * @param argsSha256 the hash of the arguments it returned, or null
     */
    public GateAnswer {
      requireNonNull(provider, "provider");
      reason = SecretMask.mask(reason);
      requireNonNull(decision, "decision");
      requireNonNull(latency, "latency");
    }
  }
}
