package io.github.providergateway.agent.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpServerSession;
import io.modelcontextprotocol.spec.McpServerTransport;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

/** What {@link SessionTap} sees of the agent's messages and what it passes on to the SDK. */
class SessionTapTest {

  /**
   * The SDK's session as the tap's delegate: keeps each message and the request id its handling
   * saw.
   */
  private static final class RecordingSession extends McpServerSession {
    final List<McpSchema.JSONRPCMessage> handled = new ArrayList<>();
    final List<String> requestIds = new ArrayList<>();

    RecordingSession() {
      super("s1", Duration.ZERO, null, null, Map.of(), Map.of());
    }

    @Override
    public Mono<Void> handle(McpSchema.JSONRPCMessage message) {
      return Mono.deferContextual(
          context -> {
            handled.add(message);
            requestIds.add(context.getOrDefault(SessionTap.REQUEST_ID, null));
            return Mono.empty();
          });
    }

    @Override
    public void close() {
      // no transport behind it
    }
  }

  private static class RecordingListener implements SessionTap.Listener {
    final List<String> heard = new ArrayList<>();
    McpSchema.InitializeRequest initialize;
    McpServerSession initializedSession;

    @Override
    public void initializing(McpSchema.InitializeRequest request) {
      initialize = request;
      heard.add("initializing");
    }

    @Override
    public void initialized(McpServerSession session) {
      initializedSession = session;
      heard.add("initialized");
    }

    @Override
    public void cancelled(String requestId) {
      heard.add("cancelled " + requestId);
    }

    @Override
    public void closed() {
      heard.add("closed");
    }
  }

  /** What the tap answers itself. */
  private static final class RecordingSender implements McpServerTransport {
    final List<McpSchema.JSONRPCMessage> sent = new ArrayList<>();

    @Override
    public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
      sent.add(message);
      return Mono.empty();
    }

    @Override
    public Mono<Void> closeGracefully() {
      return Mono.empty();
    }

    @Override
    public <T> T unmarshalFrom(Object data, TypeRef<T> type) {
      throw new UnsupportedOperationException();
    }
  }

  private final RecordingSession real = new RecordingSession();
  private final RecordingListener listener = new RecordingListener();
  private final RecordingSender sender = new RecordingSender();
  private final SessionTap tap = new SessionTap(real, sender, listener);

  private static final String INITIALIZE =
      "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{"
          + "\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":"
          + "\"c\",\"version\":\"1\"}}}";

  private static final String INITIALIZED =
      "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}";

  private static McpSchema.JSONRPCMessage message(String json) {
    try {
      return McpSchema.deserializeJsonRpcMessage(Json.MCP, json);
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void cancelledReachesTheListenerAndNotTheSdk() {
    tap.handle(
            message(
                "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":7,\"reason\":\"user\"}}"))
        .block();

    assertThat(listener.heard).containsExactly("cancelled 7");
    assertThat(real.handled).isEmpty();
  }

  @Test
  void aCancelledWithoutRequestIdIsDroppedQuietly() {
    tap.handle(
            message("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{}}"))
        .block();

    assertThat(listener.heard).isEmpty();
    assertThat(real.handled).isEmpty();
  }

  /**
   * The SDK holds a request that comes before {@code initialize} until one comes, and a probe
   * (Claude Code's {@code server/discover}) waits for its answer before it initializes: the tap
   * answers it at once, as the shell window does (the window contract).
   */
  @Test
  void aRequestBeforeInitializeIsAnsweredMethodNotFoundByTheTapAndNotHeldByTheSdk() {
    tap.handle(message("{\"jsonrpc\":\"2.0\",\"id\":\"a\\\"b\",\"method\":\"tools/list\"}"))
        .block();

    assertThat(real.handled).isEmpty();
    assertThat(sender.sent).hasSize(1);
    McpSchema.JSONRPCResponse answer = (McpSchema.JSONRPCResponse) sender.sent.get(0);
    assertThat(answer.id()).isEqualTo("a\"b");
    assertThat(answer.error().code()).isEqualTo(McpSchema.ErrorCodes.METHOD_NOT_FOUND);
    assertThat(answer.error().message()).isEqualTo("Method not found: tools/list");
  }

  /**
   * A request the SDK does not answer within the listener's bound (the gateway froze) is answered
   * by the tap with an error, and its handling given up: a frozen gateway costs an error.
   */
  @Test
  void aRequestUnansweredWithinTheBoundIsAnsweredWithAnErrorByTheTap() {
    McpServerSession stuck =
        new McpServerSession("s2", Duration.ZERO, null, null, Map.of(), Map.of()) {
          @Override
          public Mono<Void> handle(McpSchema.JSONRPCMessage message) {
            return message instanceof McpSchema.JSONRPCRequest request
                    && !McpSchema.METHOD_INITIALIZE.equals(request.method())
                ? Mono.never()
                : Mono.empty();
          }
        };
    SessionTap bounded =
        new SessionTap(
            stuck,
            sender,
            new RecordingListener() {
              @Override
              public Duration answerWithin(String method) {
                return Duration.ofMillis(50);
              }
            });
    bounded.handle(message(INITIALIZE)).block();
    bounded.handle(message(INITIALIZED)).block();
    bounded.handle(message("{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"ping\"}")).block();

    McpSchema.JSONRPCResponse answer = (McpSchema.JSONRPCResponse) sender.sent.get(0);
    assertThat(answer.id()).isEqualTo(4);
    assertThat(answer.error().code()).isEqualTo(McpSchema.ErrorCodes.INTERNAL_ERROR);
    assertThat(answer.error().message()).contains("did not answer ping within");
  }

  @Test
  void aRequestsIdIsInTheContextItsHandlingRunsIn() {
    tap.handle(message(INITIALIZE)).block();
    tap.handle(message(INITIALIZED)).block();
    tap.handle(
            message(
                "{\"jsonrpc\":\"2.0\",\"id\":12,\"method\":\"tools/call\",\"params\":{\"name\":\"t\"}}"))
        .block();
    tap.handle(
            message(
                "{\"jsonrpc\":\"2.0\",\"id\":\"abc\",\"method\":\"tools/call\",\"params\":{\"name\":\"t\"}}"))
        .block();

    assertThat(real.requestIds).containsExactly("0", null, "12", "abc");
    assertThat(real.handled).hasSize(4);
  }

  @Test
  void initializeReachesTheListenerAndTheSdk() {
    tap.handle(
            message(
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                    + "\"capabilities\":{\"roots\":{}},\"clientInfo\":{\"name\":\"claude-code\",\"version\":\"2\"}}}"))
        .block();

    assertThat(listener.heard).containsExactly("initializing");
    assertThat(listener.initialize.clientInfo().name()).isEqualTo("claude-code");
    assertThat(listener.initialize.capabilities().roots()).isNotNull();
    assertThat(real.handled).hasSize(1);
  }

  @Test
  void initializedReachesTheListenerAfterTheSdkHandledIt() {
    tap.handle(message(INITIALIZED)).block();

    assertThat(real.handled).hasSize(1);
    assertThat(listener.heard).containsExactly("initialized");
    assertThat(listener.initializedSession).isSameAs(real);
  }

  /**
   * MCP lets a client send a request once {@code initialize} is answered, and the SDK would hold it
   * until {@code notifications/initialized}, forever if that never comes: the request is taken as
   * the agent's word that it is initialized, the SDK given the notification first, and the agent's
   * own, when it comes after, passed over (the window contract).
   */
  @Test
  void aRequestAfterInitializeButBeforeInitializedGivesTheSdkTheNotificationFirst() {
    tap.handle(message(INITIALIZE)).block();
    tap.handle(message("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}")).block();

    assertThat(real.handled)
        .extracting(SessionTapTest::method)
        .containsExactly("initialize", "notifications/initialized", "tools/list");
    assertThat(real.requestIds).containsExactly("0", null, "2");
    assertThat(listener.heard).containsExactly("initializing", "initialized");

    tap.handle(message(INITIALIZED)).block();
    assertThat(real.handled).hasSize(3);
    assertThat(listener.heard).containsExactly("initializing", "initialized");
  }

  /**
   * A {@code ping} between {@code initialize} and {@code notifications/initialized} (MCP allows one
   * at any time) is answered by the tap and implies nothing: the session starts at the agent's
   * notification, as it would have without the ping.
   */
  @Test
  void aPingBeforeInitializedIsAnsweredByTheTapAndStartsNothing() {
    tap.handle(message(INITIALIZE)).block();
    tap.handle(message("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\"}")).block();

    McpSchema.JSONRPCResponse answer = (McpSchema.JSONRPCResponse) sender.sent.get(0);
    assertThat(answer.id()).isEqualTo(3);
    assertThat(answer.error()).isNull();
    assertThat(answer.result()).isEqualTo(Map.of());
    assertThat(real.handled).extracting(SessionTapTest::method).containsExactly("initialize");
    assertThat(listener.heard).containsExactly("initializing");

    tap.handle(message(INITIALIZED)).block();
    assertThat(listener.heard).containsExactly("initializing", "initialized");
  }

  private static String method(McpSchema.JSONRPCMessage message) {
    if (message instanceof McpSchema.JSONRPCRequest request) {
      return request.method();
    }
    return message instanceof McpSchema.JSONRPCNotification notification
        ? notification.method()
        : message.toString();
  }

  @Test
  void otherNotificationsAndResponsesPassThroughUnseen() {
    McpSchema.JSONRPCMessage roots =
        message("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/roots/list_changed\"}");
    McpSchema.JSONRPCMessage response =
        message("{\"jsonrpc\":\"2.0\",\"id\":\"s-1\",\"result\":{\"roots\":[]}}");
    tap.handle(roots).block();
    tap.handle(response).block();

    assertThat(real.handled).containsExactly(roots, response);
    assertThat(listener.heard).isEmpty();
  }

  @Test
  void closingTellsTheListener() {
    tap.close();

    assertThat(listener.heard).containsExactly("closed");
  }
}
