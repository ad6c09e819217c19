package io.github.providergateway.provider.spi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.github.providergateway.loop.testing.ManualClock;
import io.github.providergateway.protocol.ErrorMessage;
import io.github.providergateway.protocol.GatewayMessage;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.protocol.SessionLifecycle;
import io.github.providergateway.protocol.ToolDefinition;
import io.github.providergateway.protocol.json.ProtocolCodec;
import io.github.providergateway.provider.JavaProvider;
import io.github.providergateway.provider.ProviderSession;
import io.github.providergateway.provider.ToolHandler;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One provider runtime on a fake connection, a direct loop and a manual clock, for the runtime's
 * unit tests: each test reads as the exchange of messages it checks.
 */
final class RuntimeHarness {

  static final ProtocolCodec CODEC = ProtocolCodec.create();
  static final ToolDefinition GREET = tool("greet");
  static final ToolHandler HELLO =
      (args, call) ->
          CompletableFuture.completedFuture(
              TextNode.valueOf("Hello, " + args.path("name").asText()));

  final ManualClock clock = new ManualClock();
  final ProviderLoop loop = new ProviderLoop(Runnable::run);
  final FakeProviderChannel channel = new FakeProviderChannel();
  final List<ErrorMessage> errors = new ArrayList<>();
  ProviderRuntime runtime;
  int terminations;

  /** A provider named {@code greeter} with one tool; errors are recorded. */
  JavaProvider.Builder provider() {
    return JavaProvider.builder("greeter").tool(GREET, HELLO).onError(errors::add);
  }

  /** An in-process runtime: no auth, hello at once. */
  ProviderSession start(JavaProvider.Builder builder) {
    runtime = new ProviderRuntime(builder.build(), loop, clock, () -> terminations++);
    return runtime.session();
  }

  /** A runtime whose connections authenticate with {@code auth}. */
  ProviderSession start(JavaProvider.Builder builder, ProviderAuth auth) {
    runtime = new ProviderRuntime(builder.build(), loop, clock, auth, () -> terminations++);
    return runtime.session();
  }

  /**
   * A provider bound in-process to {@code s-1}, the way the gateway does it: {@code hello.ack},
   * then {@code session.lifecycle started}. Returns the {@code hello} it sent.
   */
  Hello bind(JavaProvider.Builder builder, AtomicReference<ProviderSession> session) {
    return bind(builder, session, ack("s-1"));
  }

  /** As {@link #bind(JavaProvider.Builder, AtomicReference)}, the gateway answering {@code ack}. */
  Hello bind(JavaProvider.Builder builder, AtomicReference<ProviderSession> session, HelloAck ack) {
    session.set(start(builder));
    open(channel);
    Hello hello = channel.next(Hello.class);
    deliver(ack);
    deliver(SessionLifecycle.started(ack.sessionId()));
    return hello;
  }

  /** A provider bound in-process to {@code s-1}; its hello already taken. */
  ProviderSession bind(JavaProvider.Builder builder) {
    AtomicReference<ProviderSession> session = new AtomicReference<>();
    bind(builder, session);
    return session.get();
  }

  void open(FakeProviderChannel connection) {
    loop.execute(() -> runtime.opened(connection));
  }

  void deliver(GatewayMessage message) {
    loop.execute(() -> runtime.received(message));
  }

  ProviderRuntime.AfterClose drop(boolean mayReconnect) {
    AtomicReference<ProviderRuntime.AfterClose> end = new AtomicReference<>();
    loop.execute(() -> end.set(runtime.closed(mayReconnect)));
    return end.get();
  }

  static HelloAck ack(String sessionId) {
    return new HelloAck(2, "p-1", sessionId, null, null);
  }

  static SessionInfo session(String id) {
    return new SessionInfo(id, "label " + id, null, null);
  }

  static ToolDefinition tool(String name) {
    return ToolDefinition.of(name, "Tool " + name, json("{\"type\":\"object\"}"));
  }

  static JsonNode json(String text) {
    return CODEC.parseJson(text);
  }
}
