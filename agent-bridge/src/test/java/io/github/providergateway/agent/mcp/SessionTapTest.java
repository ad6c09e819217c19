package io.github.providergateway.agent.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpServerSession;
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

  private static final class RecordingListener implements SessionTap.Listener {
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

  private final RecordingSession real = new RecordingSession();
  private final RecordingListener listener = new RecordingListener();
  private final SessionTap tap =
      new SessionTap(real, null, listener); // nothing here is answered by the tap itself

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

  @Test
  void aRequestsIdIsInTheContextItsHandlingRunsIn() {
    tap.handle(
            message(
                "{\"jsonrpc\":\"2.0\",\"id\":12,\"method\":\"tools/call\",\"params\":{\"name\":\"t\"}}"))
        .block();
    tap.handle(
            message(
                "{\"jsonrpc\":\"2.0\",\"id\":\"abc\",\"method\":\"tools/call\",\"params\":{\"name\":\"t\"}}"))
        .block();

    assertThat(real.requestIds).containsExactly("12", "abc");
    assertThat(real.handled).hasSize(2);
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
    tap.handle(message("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}")).block();

    assertThat(real.handled).hasSize(1);
    assertThat(listener.heard).containsExactly("initialized");
    assertThat(listener.initializedSession).isSameAs(real);
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
