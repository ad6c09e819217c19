package io.github.providergateway.transport.ws;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.gateway.HostService;
import io.github.providergateway.gateway.SystemScheduler;
import io.github.providergateway.protocol.Auth;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.SessionLifecycle;
import io.github.providergateway.protocol.Sessions;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolResult;
import java.io.IOException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Hosts on {@code /host} through a real server, with raw clients: what a stranger-proof carrier owes. */
class HostTrafficTest {
  private Gateway gateway;
  private SystemScheduler timer;
  private WebSocketServer server;

  @BeforeEach
  void start() throws IOException {
    gateway = Gateway.builder().build();
    timer = new SystemScheduler();
    HostService hosts = HostService.builder(gateway).scheduler(timer).build();
    server = WebSocketServer.builder(gateway).port(0).maxQueuedBytes(256 << 10).hosts(hosts).build().start();
  }

  @AfterEach
  void stop() {
    server.close();
    gateway.close();
    timer.close();
  }

  /**
   * A host that stops reading while large results arrive is closed once more than the byte bound
   * waits for it, rather than having the gateway hold every result: the count bound alone (4,096
   * messages) would let 300 results of 64 KiB pile up to 19 MiB.
   */
  @Test
  void aHostThatStopsReadingIsClosedByTheByteBoundWhileProvidersCarryOn() throws Exception {
    int port = server.port();
    RawWebSocket host = RawWebSocket.connect("127.0.0.1", port, "/host", RawWebSocket.defaultHeaders(port), 4096);
    assertThat(host.status()).isEqualTo(101);
    host.sendText("{\"id\":1,\"cmd\":\"host.auth\",\"token\":\"" + gateway.providerToken() + "\"}");
    assertThat(reply(host, 1).get("ok").asBoolean()).isTrue();
    host.sendText("{\"id\":2,\"cmd\":\"session.start\",\"label\":\"slow\",\"cwd\":\"/tmp\"}");
    String session = reply(host, 2).get("sessionId").asText();
    try (RawProvider provider = new RawProvider(RawWebSocket.connect(port))) {
      provider.send(Auth.withToken(gateway.providerToken()));
      provider.next(Sessions.class);
      provider.send(Hello.builder("bulk").session(session).tools(ServerFixture.definitions("bulk")).build());
      provider.next(HelloAck.class);
      provider.next(SessionLifecycle.class);

      // From here on the host only writes.
      int calls = 300;
      for (int i = 0; i < calls; i++) {
        host.sendText("{\"id\":" + (100 + i) + ",\"cmd\":\"tool.call\",\"sessionId\":\"" + session
            + "\",\"tool\":\"bulk\",\"args\":{}}");
      }
      String blob = "\"" + "b".repeat(64 << 10) + "\"";
      int answered = 0;
      for (; answered < calls; answered++) {
        Object next = provider.socket.readMessage(ServerFixture.WAIT);
        if (!(next instanceof String text)) {
          break;
        }
        ToolCall call = (ToolCall) ServerFixture.CODEC.decodeGatewayMessage(text).messageOrNull();
        provider.send(ToolResult.success(call.id(), ServerFixture.json(blob)));
      }

      // Whatever was written before the overflow, the host's socket then ends: close frame or cut.
      assertThat(host.awaitClose(ServerFixture.WAIT).code()).isIn(1008, -1);
      // The provider and the gateway carry on.
      assertThat(answered).isPositive();
      ServerFixture.await(gateway.sessions());
    } finally {
      host.close();
    }
  }

  private static JsonNode reply(RawWebSocket host, int id) throws IOException {
    while (true) {
      Object next = host.readMessage(ServerFixture.WAIT);
      assertThat(next).as("a reply to %s", id).isInstanceOf(String.class);
      JsonNode line = ServerFixture.json((String) next);
      if (line.path("id").asInt(-1) == id) {
        return line;
      }
    }
  }
}
