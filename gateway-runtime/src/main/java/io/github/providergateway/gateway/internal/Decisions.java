package io.github.providergateway.gateway.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.gateway.event.Decision;
import io.github.providergateway.gateway.event.Decision.Outcome;
import io.github.providergateway.gateway.event.DecisionKind;
import io.github.providergateway.gateway.event.Refusal;
import io.github.providergateway.host.api.HookDecision;
import io.github.providergateway.host.api.ToolOutcome;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.ProviderMessageType;
import io.github.providergateway.protocol.TrustLevel;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;

/**
 * The audit trail's records as the engine builds them, one factory per kind of decision. Callers
 * build one only when {@link Listeners#hearsDecisions()}: a gateway nobody audits pays nothing.
 */
final class Decisions {

  private Decisions() {}

  /** An {@code error} sent to a provider: what it asked for, refused, and why. */
  static Decision refused(Instant now, Refusal refusal) {
    DecisionKind kind = kindOf(refusal);
    return Decision.builder(now, kind, Outcome.REFUSED)
        .code(refusal.code().wireName())
        .reason(refusal.detail())
        .connection(refusal.connection())
        .provider(refusal.provider())
        .build();
  }

  private static DecisionKind kindOf(Refusal refusal) {
    ProviderMessageType type = refusal.refused();
    if (type == null) {
      // A deadline: no auth in time is an authentication decision; an unbound connection's end a
      // hello one.
      return refusal.code() == ErrorCode.AUTH_FAILED ? DecisionKind.AUTH : DecisionKind.HELLO;
    }
    return switch (type) {
      case AUTH ->
          refusal.detail().toLowerCase(java.util.Locale.ROOT).contains("pair")
              ? DecisionKind.PAIRING
              : DecisionKind.AUTH;
      case AUTH_CONFIRM -> DecisionKind.PAIRING;
      case HELLO, SESSION_READY -> DecisionKind.HELLO;
      case TOOLS_UPDATE, HOOKS_UPDATE, CONTEXT_UPDATE, FILTER_SET -> DecisionKind.UPDATE;
      case PUSH, STREAM_QUERY -> DecisionKind.PUSH;
      case GOODBYE,
          TOOL_RESULT,
          TOOL_PROGRESS,
          GATE_RESULT,
          TRANSFORM_RESULT,
          SHUTDOWN_READY,
          UNKNOWN ->
          DecisionKind.OTHER;
    };
  }

  /** A connection authenticated with {@code trust}. */
  static Decision authenticated(Instant now, String connection, TrustLevel trust, String how) {
    return Decision.builder(now, DecisionKind.AUTH, Outcome.OK)
        .reason(how)
        .connection(connection)
        .trust(trust)
        .build();
  }

  /** Pairing codes shown for a connection, or a code confirmed. */
  static Decision pairing(Instant now, String connection, Outcome outcome, String reason) {
    return Decision.builder(now, DecisionKind.PAIRING, outcome)
        .reason(reason)
        .connection(connection)
        .build();
  }

  /** A provider's {@code hello} bound it to {@code sessions}. */
  static Decision bound(
      Instant now, String connection, String provider, TrustLevel trust, List<String> sessions) {
    return Decision.builder(now, DecisionKind.HELLO, Outcome.OK)
        // A provider for every session (the guard) binds before any opens: say so, not "bound to".
        .reason(
            sessions.isEmpty()
                ? "connected, waiting for its first session"
                : "bound to " + String.join(", ", sessions))
        .connection(connection)
        .provider(provider)
        .trust(trust)
        .sessionId(sessions.size() == 1 ? sessions.get(0) : null)
        .build();
  }

  /** A tool call's single outcome. */
  static Decision toolCall(
      Instant now,
      CallState call,
      ToolOutcome outcome,
      String provider,
      Duration queueWait,
      boolean withArgs) {
    Outcome status;
    String code = null;
    String reason = null;
    if (outcome instanceof ToolOutcome.Failure failure) {
      status = Outcome.FAILURE;
      code = failure.codeText();
      reason = failure.error();
    } else if (outcome instanceof ToolOutcome.Denied denied) {
      status = Outcome.DENIED;
      reason = denied.reason();
    } else {
      status = Outcome.SUCCESS;
    }
    return Decision.builder(now, DecisionKind.TOOL_CALL, status)
        .code(code)
        .reason(reason)
        .provider(provider)
        .sessionId(call.session.id)
        .call(call.tool, call.id())
        .latency(Duration.between(call.startedAt, now))
        .queueWait(queueWait)
        .args(sha256(call.args()), call.args(), withArgs)
        .build();
  }

  /**
   * One {@code onPreToolUse} evaluation of the host's {@code args}; {@code rewrites} names the
   * gates whose replacement arguments the call took ({@code provider/gateId}, their hashes are in
   * their {@code gates} entries) and what was checked again after them (decision 37).
   */
  static Decision preToolUse(
      Instant now,
      Instant started,
      String sessionId,
      String tool,
      String callId,
      JsonNode args,
      HookDecision decision,
      int matched,
      Rewrites rewrites,
      List<Decision.GateAnswer> gates,
      boolean withArgs) {
    String rewritten = rewrites.summary();
    String why;
    if (decision.ask()) {
      why = "the host asks the person" + rewritten + ": " + decision.reason();
    } else if (decision.allowed()) {
      why = matched + (matched == 1 ? " rule matched" : " rules matched") + rewritten;
    } else {
      // A deny after a rewrite says so: the rule or gate that denied saw the rewritten arguments.
      why =
          rewritten.isEmpty()
              ? decision.reason()
              : decision.reason() + " (" + rewritten.substring(2) + ")";
    }
    Outcome outcome =
        decision.ask() ? Outcome.ASK : decision.allowed() ? Outcome.ALLOW : Outcome.DENY;
    return Decision.builder(now, DecisionKind.PRE_TOOL_USE, outcome)
        .reason(why)
        .sessionId(sessionId)
        .call(tool, callId)
        .latency(Duration.between(started, now))
        .args(sha256(args), args, withArgs)
        .gates(gates)
        .build();
  }

  /**
   * A step of a gate's question to the person (extension {@code gate.ask}): {@code asked}, how it
   * ended ({@code allow}, {@code deny}, {@code timeout}, {@code withdrawn}), or {@code deny} when
   * it could not be put.
   */
  static Decision ask(
      Instant now,
      Outcome outcome,
      String reason,
      String provider,
      String sessionId,
      String tool,
      String callId,
      Duration latency,
      String answeredBy) {
    return Decision.builder(now, DecisionKind.ASK, outcome)
        .reason(reason)
        .provider(provider)
        .sessionId(sessionId)
        .call(tool, callId)
        .latency(latency)
        .answeredBy(answeredBy)
        .build();
  }

  /** Lower-case hex, as every record writes hashes. */
  private static final HexFormat HEX = HexFormat.of();

  /**
   * A digest per thread, reset by each {@code digest}: looking one up by name costs a provider
   * search and a reflective construction, on every audited call.
   */
  private static final ThreadLocal<MessageDigest> SHA_256 =
      ThreadLocal.withInitial(
          () -> {
            try {
              return MessageDigest.getInstance("SHA-256");
            } catch (NoSuchAlgorithmException impossible) {
              throw new IllegalStateException("every JDK has SHA-256", impossible);
            }
          });

  /** The SHA-256 of {@code args} as JSON text, in hex: matches records without keeping secrets. */
  static String sha256(JsonNode args) {
    if (args == null) {
      return null;
    }
    return HEX.formatHex(SHA_256.get().digest(args.toString().getBytes(StandardCharsets.UTF_8)));
  }
}
