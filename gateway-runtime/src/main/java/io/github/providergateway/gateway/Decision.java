package io.github.providergateway.gateway;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.protocol.TrustLevel;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * One decision the gateway took about a peer or a call, with its reason: the audit trail's record
 * ({@link GatewayListener#decided}). Every field that does not apply to its {@link #kind} is null.
 * Records never carry a token or a pairing code, and carry a call's arguments only as {@link
 * #argsSha256} unless the gateway was built to keep them ({@code Gateway.Builder.auditArguments}).
 *
 * @param time when the decision was taken, on the gateway's clock
 * @param kind what was decided about
 * @param outcome the decision, one word: {@code ok}/{@code refused} (auth, pairing, hello, update,
 *     push), {@code success}/{@code failure}/{@code denied} (tool call), {@code allow}/{@code deny}
 *     (pre-tool-use), {@code asked}/{@code allow}/{@code deny}/{@code timeout}/{@code withdrawn}
 *     (a question to the person)
 * @param code the error code when there is one ({@code AUTH_FAILED}, {@code INVALID_ARGS}, ...)
 * @param reason why, in words: the error text, the denial's reason
 * @param connection the connection, as logs name it ({@code conn#3 (ws 127.0.0.1:51234)})
 * @param provider the provider concerned: the one refused, bound, whose tool was called
 * @param trust the provider's trust level, where known
 * @param sessionId the session, where there is one
 * @param tool the tool, for calls and pre-tool-use evaluations
 * @param callId the call's id, for calls and their pre-tool-use evaluation
 * @param latency how long it took: the call from the host's request to its outcome, the
 *     evaluation from its start to its decision
 * @param queueWait how long a call waited for its provider's concurrency slot, if it waited
 * @param argsSha256 the SHA-256 of the call's arguments as JSON text, hex: lets two records be
 *     matched without keeping what may be secret
 * @param gates for a pre-tool-use evaluation: each gate asked, in order
 * @param args the call's arguments, for a call and its evaluation, only when the gateway keeps them
 *     ({@code Gateway.Builder.auditArguments}); else null
 * @param answeredBy for a question to the person ({@link DecisionKind#ASK}) that someone answered:
 *     the channel it was answered on ({@code console}, {@code status page}, a host's); else null
 */
public record Decision(
    Instant time,
    DecisionKind kind,
    String outcome,
    String code,
    String reason,
    String connection,
    String provider,
    TrustLevel trust,
    String sessionId,
    String tool,
    String callId,
    Duration latency,
    Duration queueWait,
    String argsSha256,
    List<GateAnswer> gates,
    JsonNode args,
    String answeredBy) {

  /**
   * Checks the required fields and copies the gates.
   *
   * @param time when; not null
   * @param kind what about; not null
   * @param outcome the decision; not null
   * @param code the error code, or null
   * @param reason why, or null
   * @param connection the connection, or null
   * @param provider the provider, or null
   * @param trust its trust level, or null
   * @param sessionId the session, or null
   * @param tool the tool, or null
   * @param callId the call's id, or null
   * @param latency how long it took, or null
   * @param queueWait how long a call queued, or null
   * @param argsSha256 the arguments' hash, or null
   * @param gates the gates asked; null is none
   * @param args the call's arguments, or null
   * @param answeredBy the channel that answered a question, or null
   */
  public Decision {
    requireNonNull(time, "time");
    requireNonNull(kind, "kind");
    requireNonNull(outcome, "outcome");
    gates = gates == null ? List.of() : List.copyOf(gates);
  }

  /**
   * A decision that no person answered (the components before {@code answeredBy}, as they were).
   *
   * @param time when; not null
   * @param kind what about; not null
   * @param outcome the decision; not null
   * @param code the error code, or null
   * @param reason why, or null
   * @param connection the connection, or null
   * @param provider the provider, or null
   * @param trust its trust level, or null
   * @param sessionId the session, or null
   * @param tool the tool, or null
   * @param callId the call's id, or null
   * @param latency how long it took, or null
   * @param queueWait how long a call queued, or null
   * @param argsSha256 the arguments' hash, or null
   * @param gates the gates asked; null is none
   * @param args the call's arguments, or null
   */
  public Decision(
      Instant time,
      DecisionKind kind,
      String outcome,
      String code,
      String reason,
      String connection,
      String provider,
      TrustLevel trust,
      String sessionId,
      String tool,
      String callId,
      Duration latency,
      Duration queueWait,
      String argsSha256,
      List<GateAnswer> gates,
      JsonNode args) {
    this(time, kind, outcome, code, reason, connection, provider, trust, sessionId, tool, callId, latency, queueWait,
        argsSha256, gates, args, null);
  }

  /**
   * A decision without arguments (the components before {@code args}, as they were).
   *
   * @param time when; not null
   * @param kind what about; not null
   * @param outcome the decision; not null
   * @param code the error code, or null
   * @param reason why, or null
   * @param connection the connection, or null
   * @param provider the provider, or null
   * @param trust its trust level, or null
   * @param sessionId the session, or null
   * @param tool the tool, or null
   * @param callId the call's id, or null
   * @param latency how long it took, or null
   * @param queueWait how long a call queued, or null
   * @param argsSha256 the arguments' hash, or null
   * @param gates the gates asked; null is none
   */
  public Decision(
      Instant time,
      DecisionKind kind,
      String outcome,
      String code,
      String reason,
      String connection,
      String provider,
      TrustLevel trust,
      String sessionId,
      String tool,
      String callId,
      Duration latency,
      Duration queueWait,
      String argsSha256,
      List<GateAnswer> gates) {
    this(time, kind, outcome, code, reason, connection, provider, trust, sessionId, tool, callId, latency, queueWait,
        argsSha256, gates, null, null);
  }

  /**
   * One gate's answer within a pre-tool-use evaluation.
   *
   * @param provider the gate's provider
   * @param gateId the rule's gate id
   * @param decision {@code allow}, {@code deny}, {@code context} or {@code ask} (the person was
   *     asked: the {@link DecisionKind#ASK} records say how it ended); {@code timeout} when it did not
   *     answer in time; {@code gone} when its provider left first; {@code unreachable} when it
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
      requireNonNull(decision, "decision");
      requireNonNull(latency, "latency");
    }

    /**
     * An answer that kept the call's arguments.
     *
     * @param provider the gate's provider; not null
     * @param gateId the gate id, or null
     * @param decision what it answered; not null
     * @param reason its reason, or null
     * @param latency how long it took; not null
     * @param failedOpen whether a timeout let the call through
     */
    public GateAnswer(
        String provider, String gateId, String decision, String reason, Duration latency, boolean failedOpen) {
      this(provider, gateId, decision, reason, latency, failedOpen, null);
    }
  }
}
