package io.github.providergateway.protocol.json;

import com.fasterxml.jackson.core.JsonGenerator;
import io.github.providergateway.protocol.Ack;
import io.github.providergateway.protocol.Auth;
import io.github.providergateway.protocol.AuthConfirm;
import io.github.providergateway.protocol.AuthPairing;
import io.github.providergateway.protocol.ContextUpdate;
import io.github.providergateway.protocol.ErrorMessage;
import io.github.providergateway.protocol.FilterSet;
import io.github.providergateway.protocol.GateCheck;
import io.github.providergateway.protocol.GateResult;
import io.github.providergateway.protocol.GatewayMessage;
import io.github.providergateway.protocol.Goodbye;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.HooksUpdate;
import io.github.providergateway.protocol.ProviderMessage;
import io.github.providergateway.protocol.Push;
import io.github.providergateway.protocol.SessionEvent;
import io.github.providergateway.protocol.SessionLifecycle;
import io.github.providergateway.protocol.SessionReady;
import io.github.providergateway.protocol.Sessions;
import io.github.providergateway.protocol.SessionsUpdated;
import io.github.providergateway.protocol.ShutdownReady;
import io.github.providergateway.protocol.StreamHistory;
import io.github.providergateway.protocol.StreamQuery;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolCancel;
import io.github.providergateway.protocol.ToolProgress;
import io.github.providergateway.protocol.ToolResult;
import io.github.providergateway.protocol.ToolsUpdate;
import io.github.providergateway.protocol.TransformRequest;
import io.github.providergateway.protocol.TransformResult;
import io.github.providergateway.protocol.UnknownGatewayMessage;
import io.github.providergateway.protocol.UnknownProviderMessage;
import java.io.IOException;

/**
 * Writes each message record as its JSON object: {@code type} first, then the record's fields in
 * the spec's order, absent fields left out. A message of unknown type is written back as received.
 */
final class MessageEncoder {

  private MessageEncoder() {}

  static void write(JsonGenerator g, ProviderMessage message) throws IOException {
    if (message instanceof UnknownProviderMessage unknown) {
      JsonTrees.write(g, unknown.json());
      return;
    }
    g.writeStartObject();
    g.writeStringField("type", message.wireType());
    switch (message.type()) {
      case AUTH -> {
        Auth m = (Auth) message;
        Writing.string(g, "token", m.token());
        Writing.wire(g, "mode", m.mode());
      }
      case AUTH_CONFIRM -> g.writeStringField("code", ((AuthConfirm) message).code());
      case HELLO -> writeHello(g, (Hello) message);
      case GOODBYE -> Writing.string(g, "reason", ((Goodbye) message).reason());
      case SESSION_READY -> g.writeStringField("sessionId", ((SessionReady) message).sessionId());
      case SHUTDOWN_READY -> Writing.string(g, "sessionId", ((ShutdownReady) message).sessionId());
      case TOOL_RESULT -> writeToolResult(g, (ToolResult) message);
      case TOOL_PROGRESS -> {
        ToolProgress m = (ToolProgress) message;
        g.writeStringField("id", m.id());
        g.writeStringField("message", m.message());
      }
      case GATE_RESULT -> {
        GateResult m = (GateResult) message;
        Writing.string(g, "gateId", m.gateId());
        g.writeStringField("callId", m.callId());
        g.writeStringField("decision", m.decision().wireName());
        Writing.string(g, "reason", m.reason());
        Writing.tree(g, "args", m.args());
        if (m.askTimeout() != null) {
          g.writeNumberField("askTimeoutMs", m.askTimeout().toMillis());
        }
      }
      case TRANSFORM_RESULT -> {
        TransformResult m = (TransformResult) message;
        g.writeStringField("callId", m.callId());
        g.writeStringField("content", m.content());
      }
      case PUSH -> writePush(g, (Push) message);
      case TOOLS_UPDATE -> {
        ToolsUpdate m = (ToolsUpdate) message;
        Writing.string(g, "requestId", m.requestId());
        Writing.string(g, "sessionId", m.sessionId());
        Shapes.writeTools(g, "tools", m.tools());
        Writing.strings(g, "remove", m.remove());
      }
      case HOOKS_UPDATE -> {
        HooksUpdate m = (HooksUpdate) message;
        Writing.string(g, "requestId", m.requestId());
        Writing.string(g, "sessionId", m.sessionId());
        Shapes.writeHooksFields(g, m.hooks());
      }
      case CONTEXT_UPDATE -> {
        ContextUpdate m = (ContextUpdate) message;
        Writing.string(g, "requestId", m.requestId());
        Writing.string(g, "sessionId", m.sessionId());
        g.writeStringField("context", m.context());
      }
      case FILTER_SET -> {
        FilterSet m = (FilterSet) message;
        Writing.string(g, "requestId", m.requestId());
        Writing.string(g, "sessionId", m.sessionId());
        Writing.string(g, "stream", m.stream());
        Shapes.writeFilterRules(g, m.rules());
      }
      case STREAM_QUERY -> {
        StreamQuery m = (StreamQuery) message;
        g.writeStringField("queryId", m.queryId());
        Writing.string(g, "sessionId", m.sessionId());
        Writing.strings(g, "streams", m.streams());
        Writing.number(g, "last", m.last());
      }
      case UNKNOWN -> throw new IllegalStateException("unknown messages are written as received");
    }
    g.writeEndObject();
  }

  static void write(JsonGenerator g, GatewayMessage message) throws IOException {
    if (message instanceof UnknownGatewayMessage unknown) {
      JsonTrees.write(g, unknown.json());
      return;
    }
    g.writeStartObject();
    g.writeStringField("type", message.wireType());
    switch (message.type()) {
      case AUTH_PAIRING -> g.writeStringField("prompt", ((AuthPairing) message).prompt());
      case SESSIONS -> {
        Sessions m = (Sessions) message;
        Writing.string(g, "token", m.token());
        Shapes.writeSessions(g, m.active());
      }
      case SESSIONS_UPDATED -> Shapes.writeSessions(g, ((SessionsUpdated) message).active());
      case HELLO_ACK -> {
        HelloAck m = (HelloAck) message;
        g.writeNumberField("protocolVersion", m.protocolVersion());
        g.writeStringField("providerId", m.providerId());
        Writing.string(g, "sessionId", m.sessionId());
        Writing.string(g, "reconnectToken", m.reconnectToken());
        Writing.string(g, "persistDir", m.persistDir());
        Writing.strings(g, "extensions", m.extensions());
      }
      case ACK -> {
        Ack m = (Ack) message;
        g.writeStringField("requestId", m.requestId());
        g.writeStringField("sessionId", m.sessionId());
        g.writeNumberField("revision", m.revision());
      }
      case ERROR -> {
        ErrorMessage m = (ErrorMessage) message;
        g.writeStringField("code", m.codeText());
        g.writeStringField("message", m.message());
        Writing.string(g, "replyTo", m.replyTo());
        Writing.string(g, "providerId", m.providerId());
        Writing.string(g, "sessionId", m.sessionId());
        Writing.string(g, "requestId", m.requestId());
      }
      case TOOL_CALL -> {
        ToolCall m = (ToolCall) message;
        g.writeStringField("id", m.id());
        g.writeStringField("sessionId", m.sessionId());
        g.writeStringField("tool", m.tool());
        Writing.tree(g, "args", m.args());
      }
      case TOOL_CANCEL -> {
        ToolCancel m = (ToolCancel) message;
        g.writeStringField("id", m.id());
        g.writeStringField("sessionId", m.sessionId());
        Writing.wire(g, "reason", m.reason());
      }
      case GATE_CHECK -> {
        GateCheck m = (GateCheck) message;
        g.writeStringField("gateId", m.gateId());
        g.writeStringField("callId", m.callId());
        g.writeStringField("sessionId", m.sessionId());
        g.writeStringField("tool", m.tool());
        Writing.tree(g, "args", m.args());
      }
      case TRANSFORM_REQUEST -> {
        TransformRequest m = (TransformRequest) message;
        g.writeStringField("callId", m.callId());
        g.writeStringField("sessionId", m.sessionId());
        g.writeStringField("section", m.section());
        g.writeStringField("current", m.current());
      }
      case SESSION_EVENT -> {
        SessionEvent m = (SessionEvent) message;
        g.writeStringField("sessionId", m.sessionId());
        g.writeStringField("event", m.event());
        Writing.tree(g, "data", m.data());
      }
      case SESSION_LIFECYCLE -> {
        SessionLifecycle m = (SessionLifecycle) message;
        g.writeStringField("sessionId", m.sessionId());
        g.writeStringField("state", m.state().wireName());
        if (m.deadline() != null) {
          g.writeNumberField("deadline", m.deadline().toMillis());
        }
      }
      case STREAM_HISTORY -> writeStreamHistory(g, (StreamHistory) message);
      case UNKNOWN -> throw new IllegalStateException("unknown messages are written as received");
    }
    g.writeEndObject();
  }

  private static void writeHello(JsonGenerator g, Hello m) throws IOException {
    g.writeStringField("name", m.name());
    g.writeNumberField("protocolVersion", m.protocolVersion());
    if (m.session() != null) {
      g.writeStringField("session", m.session().wireValue());
    }
    Writing.string(g, "instance", m.instance());
    Writing.string(g, "reconnectToken", m.reconnectToken());
    Writing.string(g, "startup_context", m.startupContext());
    Writing.tree(g, "metadata", m.metadata());
    Shapes.writeTools(g, "tools", m.tools());
    if (m.hooks() != null) {
      g.writeObjectFieldStart("hooks");
      Shapes.writeHooksFields(g, m.hooks());
      g.writeEndObject();
    }
    Writing.strings(g, "subscribe", m.subscribe());
    Writing.string(g, "context", m.context());
    Shapes.writeConcurrency(g, m.concurrency());
    Writing.strings(g, "extensions", m.extensions());
  }

  private static void writeToolResult(JsonGenerator g, ToolResult m) throws IOException {
    g.writeStringField("id", m.id());
    Writing.tree(g, "data", m.data());
    Writing.string(g, "error", m.error());
    Writing.string(g, "errorCode", m.errorCodeText());
    Writing.bool(g, "retryable", m.retryable());
    Shapes.writeFileRef(g, m.file());
  }

  private static void writePush(JsonGenerator g, Push m) throws IOException {
    Writing.string(g, "stream", m.stream());
    Writing.string(g, "sessionId", m.sessionId());
    Writing.string(g, "event", m.event());
    Writing.string(g, "prompt", m.prompt());
    g.writeStringField("level", m.level().wireName());
    Writing.tree(g, "metadata", m.metadata());
    Writing.bool(g, "broadcast", m.broadcast());
  }

  private static void writeStreamHistory(JsonGenerator g, StreamHistory m) throws IOException {
    g.writeStringField("queryId", m.queryId());
    g.writeFieldName("streams");
    Shapes.writeStreams(g, m.streams());
  }
}
