package io.github.providergateway.protocol.json;

import io.github.providergateway.protocol.Auth;
import io.github.providergateway.protocol.AuthConfirm;
import io.github.providergateway.protocol.AuthMode;
import io.github.providergateway.protocol.ContextUpdate;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.FilterSet;
import io.github.providergateway.protocol.GateDecision;
import io.github.providergateway.protocol.GateResult;
import io.github.providergateway.protocol.Goodbye;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HooksUpdate;
import io.github.providergateway.protocol.ProviderMessage;
import io.github.providergateway.protocol.ProviderMessageType;
import io.github.providergateway.protocol.Push;
import io.github.providergateway.protocol.PushLevel;
import io.github.providergateway.protocol.SessionReady;
import io.github.providergateway.protocol.SessionSelector;
import io.github.providergateway.protocol.ShutdownReady;
import io.github.providergateway.protocol.StreamQuery;
import io.github.providergateway.protocol.ToolErrorCode;
import io.github.providergateway.protocol.ToolProgress;
import io.github.providergateway.protocol.ToolResult;
import io.github.providergateway.protocol.ToolsUpdate;
import io.github.providergateway.protocol.TransformResult;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.function.Function;

/**
 * The table from provider message type to record class and decoder: the one place that knows which
 * JSON fields make which record.
 */
final class ProviderMessageDecoders {

  /** A record class and the function that reads it. */
  record Entry(
      Class<? extends ProviderMessage> recordType, Function<Fields, ProviderMessage> decoder) {}

  static final Map<ProviderMessageType, Entry> TABLE = table();

  private ProviderMessageDecoders() {}

  private static Map<ProviderMessageType, Entry> table() {
    Map<ProviderMessageType, Entry> t = new EnumMap<>(ProviderMessageType.class);
    t.put(ProviderMessageType.AUTH, new Entry(Auth.class, ProviderMessageDecoders::auth));
    t.put(
        ProviderMessageType.AUTH_CONFIRM,
        new Entry(AuthConfirm.class, f -> new AuthConfirm(f.requiredString("code"))));
    t.put(ProviderMessageType.HELLO, new Entry(Hello.class, ProviderMessageDecoders::hello));
    t.put(
        ProviderMessageType.GOODBYE,
        new Entry(Goodbye.class, f -> new Goodbye(f.optionalString("reason"))));
    t.put(
        ProviderMessageType.SESSION_READY,
        new Entry(SessionReady.class, f -> new SessionReady(f.requiredString("sessionId"))));
    t.put(
        ProviderMessageType.TOOL_RESULT,
        new Entry(ToolResult.class, ProviderMessageDecoders::toolResult));
    t.put(
        ProviderMessageType.TOOL_PROGRESS,
        new Entry(
            ToolProgress.class,
            f -> new ToolProgress(f.requiredString("id"), f.requiredString("message"))));
    t.put(
        ProviderMessageType.GATE_RESULT,
        new Entry(GateResult.class, ProviderMessageDecoders::gateResult));
    t.put(
        ProviderMessageType.TRANSFORM_RESULT,
        new Entry(
            TransformResult.class,
            f -> new TransformResult(f.requiredString("callId"), f.requiredString("content"))));
    t.put(ProviderMessageType.PUSH, new Entry(Push.class, ProviderMessageDecoders::push));
    t.put(
        ProviderMessageType.TOOLS_UPDATE,
        new Entry(
            ToolsUpdate.class,
            f ->
                new ToolsUpdate(
                    f.optionalString("requestId"),
                    f.optionalString("sessionId"),
                    f.optionalObjects("tools", Shapes::toolDefinition),
                    f.optionalStrings("remove"))));
    t.put(
        ProviderMessageType.HOOKS_UPDATE,
        new Entry(
            HooksUpdate.class,
            f ->
                new HooksUpdate(
                    f.optionalString("requestId"),
                    f.optionalString("sessionId"),
                    Shapes.hooks(f))));
    t.put(
        ProviderMessageType.CONTEXT_UPDATE,
        new Entry(
            ContextUpdate.class,
            f ->
                new ContextUpdate(
                    f.optionalString("requestId"),
                    f.optionalString("sessionId"),
                    f.requiredString("context"))));
    t.put(
        ProviderMessageType.FILTER_SET,
        new Entry(
            FilterSet.class,
            f ->
                new FilterSet(
                    f.optionalString("requestId"),
                    f.optionalString("sessionId"),
                    f.optionalString("stream"),
                    f.requiredObjects("rules", Shapes::filterRule))));
    t.put(
        ProviderMessageType.STREAM_QUERY,
        new Entry(
            StreamQuery.class,
            f ->
                new StreamQuery(
                    f.requiredString("queryId"),
                    f.optionalString("sessionId"),
                    f.requiredStrings("streams"),
                    f.optionalInt("last"))));
    t.put(
        ProviderMessageType.SHUTDOWN_READY,
        new Entry(ShutdownReady.class, f -> new ShutdownReady(f.optionalString("sessionId"))));
    return Collections.unmodifiableMap(t);
  }

  private static ProviderMessage auth(Fields f) {
    String token = f.optionalString("token");
    AuthMode mode = f.optionalEnum("mode", AuthMode.class);
    if (token == null && mode == null) {
      throw new FieldException(ErrorCode.INVALID_JSON, "auth needs a token or mode \"pair\"");
    }
    // A token wins over a mode sent beside it: the token is the stronger claim.
    return token != null ? Auth.withToken(token) : Auth.pair();
  }

  private static ProviderMessage hello(Fields f) {
    // The version is checked first: a provider speaking another version gets the one fatal
    // answer it can act on (update itself), whatever else is wrong with its message.
    Integer version;
    try {
      version = f.optionalInt("protocolVersion");
    } catch (FieldException e) {
      version = null;
    }
    if (version == null) {
      throw new FieldException(
          ErrorCode.UNSUPPORTED_VERSION,
          "protocolVersion is required and must be " + Hello.PROTOCOL_VERSION);
    }
    String session = f.optionalString("session");
    Fields hooks = f.optionalObject("hooks");
    Fields concurrency = f.optionalObject("concurrency");
    return new Hello(
        f.requiredString("name"),
        version,
        session == null ? null : SessionSelector.fromWire(session),
        f.optionalString("instance"),
        f.optionalString("reconnectToken"),
        f.optionalString("startup_context"),
        f.optionalObjectNode("metadata"),
        f.optionalObjects("tools", Shapes::toolDefinition),
        hooks == null ? null : Shapes.hooks(hooks),
        f.optionalStrings("subscribe"),
        f.optionalString("context"),
        concurrency == null ? null : Shapes.concurrency(concurrency),
        f.optionalStrings("extensions"));
  }

  private static ProviderMessage toolResult(Fields f) {
    String codeText = f.optionalString("errorCode");
    ToolErrorCode code = codeText == null ? null : ToolErrorCode.fromWire(codeText);
    Fields file = f.optionalObject("file");
    return new ToolResult(
        f.requiredString("id"),
        f.optionalAny("data"),
        f.optionalString("error"),
        code,
        f.optionalBoolean("retryable"),
        file == null ? null : Shapes.fileRef(file),
        code == ToolErrorCode.UNKNOWN ? codeText : null);
  }

  private static ProviderMessage push(Fields f) {
    return new Push(
        f.optionalString("stream"),
        f.optionalString("sessionId"),
        f.optionalString("event"),
        f.optionalString("prompt"),
        f.requiredEnum("level", PushLevel.class),
        f.optionalObjectNode("metadata"),
        f.optionalBoolean("broadcast"));
  }

  private static GateResult gateResult(Fields f) {
    GateDecision decision = f.requiredEnum("decision", GateDecision.class);
    return new GateResult(
        f.optionalString("gateId"),
        f.requiredString("callId"),
        decision,
        f.optionalString("reason"),
        // Any value is read: whether it counts, and what a non-object means, is the gateway's to
        // decide for providers that opted in (extension gate.args); for the others it is an
        // unknown field, which must not refuse the message.
        f.has("args") ? f.optionalAny("args") : null,
        // Read only beside "ask" (extension gate.ask): beside any other decision it is an unknown
        // field, ignored whatever its value.
        decision == GateDecision.ASK ? f.optionalMillis("askTimeoutMs") : null);
  }
}
