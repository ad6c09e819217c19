package io.github.providergateway.protocol.json;

import io.github.providergateway.protocol.Ack;
import io.github.providergateway.protocol.AuthPairing;
import io.github.providergateway.protocol.CancelReason;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.ErrorMessage;
import io.github.providergateway.protocol.GateCheck;
import io.github.providergateway.protocol.GatewayMessage;
import io.github.providergateway.protocol.GatewayMessageType;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.LifecycleState;
import io.github.providergateway.protocol.SessionEvent;
import io.github.providergateway.protocol.SessionLifecycle;
import io.github.providergateway.protocol.Sessions;
import io.github.providergateway.protocol.SessionsUpdated;
import io.github.providergateway.protocol.StreamHistory;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolCancel;
import io.github.providergateway.protocol.TransformRequest;
import java.time.Duration;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.function.Function;

/**
 * The table from gateway message type to record class and decoder, used by Java providers to read
 * what the gateway sends. Lenient where forward compatibility asks for it: an unknown cancel reason
 * reads as absent, an unknown error code as {@link ErrorCode#UNKNOWN}.
 */
final class GatewayMessageDecoders {

  /** A record class and the function that reads it. */
  record Entry(
      Class<? extends GatewayMessage> recordType, Function<Fields, GatewayMessage> decoder) {}

  static final Map<GatewayMessageType, Entry> TABLE = table();

  private GatewayMessageDecoders() {}

  private static Map<GatewayMessageType, Entry> table() {
    Map<GatewayMessageType, Entry> t = new EnumMap<>(GatewayMessageType.class);
    t.put(
        GatewayMessageType.AUTH_PAIRING,
        new Entry(AuthPairing.class, f -> new AuthPairing(f.requiredString("prompt"))));
    t.put(
        GatewayMessageType.SESSIONS,
        new Entry(
            Sessions.class,
            f ->
                new Sessions(
                    f.optionalString("token"), f.requiredObjects("active", Shapes::sessionInfo))));
    t.put(
        GatewayMessageType.SESSIONS_UPDATED,
        new Entry(
            SessionsUpdated.class,
            f -> new SessionsUpdated(f.requiredObjects("active", Shapes::sessionInfo))));
    t.put(
        GatewayMessageType.HELLO_ACK,
        new Entry(
            HelloAck.class,
            f ->
                new HelloAck(
                    requiredInt(f, "protocolVersion"),
                    f.requiredString("providerId"),
                    f.optionalString("sessionId"),
                    f.optionalString("reconnectToken"),
                    f.optionalString("persistDir"),
                    f.optionalStrings("extensions"))));
    t.put(
        GatewayMessageType.ACK,
        new Entry(
            Ack.class,
            f ->
                new Ack(
                    f.requiredString("requestId"),
                    f.requiredString("sessionId"),
                    f.requiredLong("revision"))));
    t.put(GatewayMessageType.ERROR, new Entry(ErrorMessage.class, GatewayMessageDecoders::error));
    t.put(
        GatewayMessageType.TOOL_CALL,
        new Entry(
            ToolCall.class,
            f ->
                new ToolCall(
                    f.requiredString("id"),
                    f.requiredString("sessionId"),
                    f.requiredString("tool"),
                    f.requiredAny("args"))));
    t.put(
        GatewayMessageType.TOOL_CANCEL,
        new Entry(
            ToolCancel.class,
            f ->
                new ToolCancel(
                    f.requiredString("id"),
                    f.requiredString("sessionId"),
                    CancelReason.fromWire(f.optionalString("reason")))));
    t.put(
        GatewayMessageType.GATE_CHECK,
        new Entry(
            GateCheck.class,
            f ->
                new GateCheck(
                    f.requiredString("gateId"),
                    f.requiredString("callId"),
                    f.requiredString("sessionId"),
                    f.requiredString("tool"),
                    f.requiredAny("args"))));
    t.put(
        GatewayMessageType.TRANSFORM_REQUEST,
        new Entry(
            TransformRequest.class,
            f ->
                new TransformRequest(
                    f.requiredString("callId"),
                    f.requiredString("sessionId"),
                    f.requiredString("section"),
                    f.requiredString("current"))));
    t.put(
        GatewayMessageType.SESSION_EVENT,
        new Entry(
            SessionEvent.class,
            f ->
                new SessionEvent(
                    f.requiredString("sessionId"),
                    f.requiredString("event"),
                    f.requiredAny("data"))));
    t.put(
        GatewayMessageType.SESSION_LIFECYCLE,
        new Entry(
            SessionLifecycle.class,
            f -> {
              Long deadline = f.optionalLong("deadline");
              return new SessionLifecycle(
                  f.requiredString("sessionId"),
                  f.requiredEnum("state", LifecycleState.class),
                  deadline == null ? null : Duration.ofMillis(deadline));
            }));
    t.put(
        GatewayMessageType.STREAM_HISTORY,
        new Entry(StreamHistory.class, GatewayMessageDecoders::streamHistory));
    return Collections.unmodifiableMap(t);
  }

  private static int requiredInt(Fields f, String field) {
    Integer value = f.optionalInt(field);
    if (value == null) {
      throw new FieldException(ErrorCode.INVALID_JSON, field + " is required");
    }
    return value;
  }

  private static GatewayMessage error(Fields f) {
    String codeText = f.requiredString("code");
    ErrorCode code = ErrorCode.fromWire(codeText);
    return new ErrorMessage(
        code,
        f.requiredString("message"),
        f.optionalString("replyTo"),
        f.optionalString("providerId"),
        f.optionalString("sessionId"),
        f.optionalString("requestId"),
        code == ErrorCode.UNKNOWN ? codeText : null);
  }

  private static GatewayMessage streamHistory(Fields f) {
    return new StreamHistory(
        f.requiredString("queryId"), Shapes.streams(f.requiredObject("streams")));
  }
}
