package io.github.providergateway.agent.mcp;

import static io.github.providergateway.agent.mcp.LiveMcpHttp.call;
import static io.github.providergateway.agent.mcp.LiveMcpHttp.json;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.agent.tokens.ClientTokens;
import io.github.providergateway.loop.testing.ManualClock;
import io.github.providergateway.protocol.SessionInfo;
import java.io.InputStream;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A window's session made again by the front door (decision 78), over a real socket: the window
 * names itself with {@code Provider-Gateway-Window}, its {@code initialize} is kept owner-only in
 * the home, and a request of it with a session the gateway no longer has is answered in a new
 * session, whose stream says the tools changed. What is not renewed stays the 404 it was.
 */
class McpHttpWindowsTest {

  private static final String WINDOW = "0123456789abcdef0123456789abcdef";

  @TempDir Path home;
  @TempDir Path otherHome;
  private LiveMcpHttp live;

  /** How many gateways the test started: each draws its session ids from a seed of its own. */
  private int started;

  @AfterEach
  void close() {
    if (live != null) {
      live.close();
    }
  }

  /** The gateway on {@code at}, started again: a new front door on the same home. */
  private LiveMcpHttp gatewayOn(Path at) throws Exception {
    if (live != null) {
      live.close();
    }
    long seed = 100L * ++started;
    // A gateway started again draws other session ids, as a real one does (the fixture's are
    // seeded): its own clock, since a restart's timers are not the old one's.
    live = new LiveMcpHttp(at, b -> b.backend(new ManualClock().backend(seed)));
    return live;
  }

  /** {@code initialize} from window {@code window}: the session. */
  private String initializeFrom(String window) {
    HttpResponse<String> init = initializeWith(window);
    assertThat(init.statusCode()).as("initialize: %s", init.body()).isEqualTo(200);
    String session = init.headers().firstValue("Mcp-Session-Id").orElseThrow();
    assertThat(
            post(session, window, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}")
                .statusCode())
        .isEqualTo(202);
    return session;
  }

  /** An {@code initialize} with {@code window} in the window header: its answer. */
  private HttpResponse<String> initializeWith(String window) {
    return post(null, window, LiveMcpHttp.initializeRequest("win"));
  }

  private HttpResponse<String> post(String session, String window, String json) {
    return live.send(
        live.request(session)
            .header("Accept", LiveMcpHttp.ACCEPT_BOTH)
            .header("Content-Type", "application/json")
            .header(McpHttpWindows.HEADER, window)
            .POST(HttpRequest.BodyPublishers.ofString(json))
            .build());
  }

  private Path kept(Path at, String window) {
    return at.resolve(McpHttpWindows.FOLDER).resolve(window + ".json");
  }

  @Test
  void
      aRequestOfAWindowWhoseSessionTheRestartedGatewayLacksIsAnsweredInANewSessionToldToolsChanged()
          throws Exception {
    gatewayOn(home);
    String first = initializeFrom(WINDOW);
    assertThat(live.started.poll(10, TimeUnit.SECONDS).label()).isEqualTo("win");

    gatewayOn(home); // the gateway started again: it has no sessions
    HttpResponse<String> listed = post(first, WINDOW, call(2, "tools/list", "{}"));

    assertThat(listed.statusCode()).as(listed.body()).isEqualTo(200);
    assertThat(json(listed).at("/result/tools").isArray()).isTrue();
    String again = listed.headers().firstValue("Mcp-Session-Id").orElseThrow();
    assertThat(again).isNotEqualTo(first);
    SessionInfo renewed = live.started.poll(10, TimeUnit.SECONDS);
    assertThat(renewed).as("a gateway session, as the kept initialize opened").isNotNull();
    assertThat(renewed.label()).isEqualTo("win");
    assertThat(renewed.cwd()).isEqualTo(Path.of("/code/agent").toString());
    try (SseStream stream = live.get(again, null)) {
      assertThat(stream.nextOf("notifications/tools/list_changed")).isNotNull();
    }
    assertThat(post(again, WINDOW, call(3, "ping", "{}")).statusCode())
        .as("the new session goes on")
        .isEqualTo(200);
  }

  @Test
  void aGetOfTheWindowWithAForgottenSessionOpensTheNewSessionsStreamWithToolsChanged()
      throws Exception {
    gatewayOn(home);
    String first = initializeFrom(WINDOW);
    gatewayOn(home);

    HttpResponse<InputStream> get =
        live.http.send(
            live.request(first)
                .header("Accept", "text/event-stream")
                .header(McpHttpWindows.HEADER, WINDOW)
                .GET()
                .build(),
            HttpResponse.BodyHandlers.ofInputStream());

    assertThat(get.statusCode()).isEqualTo(200);
    assertThat(get.headers().firstValue("Mcp-Session-Id").orElseThrow()).isNotEqualTo(first);
    try (SseStream stream = new SseStream(get)) {
      assertThat(stream.nextOf("notifications/tools/list_changed")).isNotNull();
    }
  }

  @Test
  void anUnknownWindowAnotherClientsOrAnotherHomesIs404AsBefore() throws Exception {
    gatewayOn(otherHome);
    String elsewhere = initializeFrom(WINDOW);
    gatewayOn(home);
    assertThat(post(elsewhere, WINDOW, call(2, "ping", "{}")).statusCode())
        .as("a window kept in another home is not read")
        .isEqualTo(404);

    String mine = initializeFrom(WINDOW);
    gatewayOn(home);
    String otherToken = live.tokens.issue("codex");
    HttpResponse<String> stranger =
        live.send(
            HttpRequest.newBuilder(live.url())
                .header("Authorization", "Bearer " + otherToken)
                .header("Mcp-Session-Id", mine)
                .header("MCP-Protocol-Version", "2025-06-18")
                .header("Accept", LiveMcpHttp.ACCEPT_BOTH)
                .header("Content-Type", "application/json")
                .header(McpHttpWindows.HEADER, WINDOW)
                .POST(HttpRequest.BodyPublishers.ofString(call(2, "ping", "{}")))
                .build());
    assertThat(stranger.statusCode()).as("another client's window").isEqualTo(404);
    assertThat(post(mine, "fedcba9876543210fedcba9876543210", call(2, "ping", "{}")).statusCode())
        .as("a window never kept")
        .isEqualTo(404);
    assertThat(live.door.sessionCount()).isZero();
  }

  @Test
  void theKeptFileIsOwnerOnlyOneOthersCouldReadIsNotBelievedAndDeleteRemovesIt() throws Exception {
    gatewayOn(home);
    String session = initializeFrom(WINDOW);
    Path file = kept(home, WINDOW);
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
        .isEqualTo("rw-------");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file.getParent())))
        .isEqualTo("rwx------");

    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
    gatewayOn(home);
    assertThat(post(session, WINDOW, call(2, "ping", "{}")).statusCode())
        .as("a file others could read is not believed")
        .isEqualTo(404);

    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
    HttpResponse<String> renewed = post(session, WINDOW, call(3, "ping", "{}"));
    assertThat(renewed.statusCode()).isEqualTo(200);
    String again = renewed.headers().firstValue("Mcp-Session-Id").orElseThrow();
    assertThat(live.send(live.request(again).DELETE().build()).statusCode()).isEqualTo(204);
    assertThat(file).as("gone with its window's DELETE").doesNotExist();
  }

  @Test
  void aWindowIdOfAnotherShapeIs400AndKeepsNothing() throws Exception {
    gatewayOn(home);
    for (String bad : List.of("../../etc/passwd", "short", "x".repeat(65), "has_underscore_0123")) {
      HttpResponse<String> init = initializeWith(bad);
      assertThat(init.statusCode()).as(bad).isEqualTo(400);
    }
    assertThat(home.resolve(McpHttpWindows.FOLDER)).doesNotExist();
    assertThat(live.door.sessionCount()).isZero();
  }

  @Test
  void pastTheMostWindowsTheOneWrittenLongestAgoGoes() throws Exception {
    McpHttpWindows windows = new McpHttpWindows(home);
    ClientTokens.Client client = new ClientTokens.Client("win", "0".repeat(64));
    var initialize =
        new io.modelcontextprotocol.spec.McpSchema.JSONRPCRequest(
            "2.0", "initialize", 1, java.util.Map.of("protocolVersion", "2025-06-18"));
    for (int i = 0; i <= McpHttpWindows.MAX_WINDOWS; i++) {
      String window = String.format("window-%010d", i);
      windows.keep(window, client, null, initialize, "s" + i);
      Files.setLastModifiedTime(
          kept(home, window), java.nio.file.attribute.FileTime.fromMillis(1_000_000L + i * 1000L));
    }
    try (var files = Files.list(home.resolve(McpHttpWindows.FOLDER))) {
      assertThat(files.count()).isEqualTo(McpHttpWindows.MAX_WINDOWS);
    }
    assertThat(kept(home, String.format("window-%010d", 0))).doesNotExist();
    assertThat(windows.read(String.format("window-%010d", 1), client)).isPresent();
  }
}
