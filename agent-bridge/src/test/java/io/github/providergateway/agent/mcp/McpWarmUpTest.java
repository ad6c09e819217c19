package io.github.providergateway.agent.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.agent.tokens.ClientTokens;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The front door's warm-up ({@link McpHttpFrontDoor#warmUpOn}, {@link McpWarmUp}), by what it does,
 * not by its time: it serves made-up {@code initialize}s through the front door's own path and
 * leaves nothing behind (no MCP session, no gateway session, no file in the home); a request that
 * reached the route stops it before its next one; the door serves real windows after it as before;
 * an executor that refuses is told. Its time is measured (docs/performance.md, "An agent's window's
 * first initialize on a busy machine").
 */
class McpWarmUpTest {

  @TempDir Path home;

  private LiveMcpHttp live;
  private final List<String> told = new ArrayList<>();

  @BeforeEach
  void start() throws IOException {
    live = new LiveMcpHttp(home, builder -> {});
  }

  @AfterEach
  void stop() {
    live.close();
  }

  @Test
  void aFreshFrontDoorServesItsMadeUpInitializesAndKeepsNothingOfThem() throws Exception {
    List<Path> before = files();

    live.door.warmUpOn(Runnable::run, told::add);

    assertThat(told)
        .containsExactly(
            "MCP front door: warmed by "
                + McpWarmUp.ROUNDS
                + " made-up initialize(s) of "
                + McpWarmUp.ROUNDS
                + " in 0 ms");
    assertThat(live.door.sessionCount()).as("MCP sessions left open").isZero();
    assertThat(live.started).as("gateway sessions started").isEmpty();
    assertThat(live.f.gateway.sessions().join()).isEmpty();
    assertThat(files()).as("the home, as it was").isEqualTo(before);
  }

  @Test
  void aWindowAfterTheWarmUpIsServedAsBefore() throws Exception {
    live.door.warmUpOn(Runnable::run, told::add);

    String session = live.initialize("claude-code");

    assertThat(session).isNotBlank();
    assertThat(live.initializeAndStart("codex")).isNotNull();
    assertThat(live.door.sessionCount()).isEqualTo(2);
  }

  @Test
  void aRequestThatReachedTheRouteBeforeTheWarmUpRanStopsItBeforeItsFirstInitialize()
      throws Exception {
    List<Runnable> queued = new ArrayList<>();
    live.door.warmUpOn(queued::add, told::add);

    HttpResponse<String> window = live.post(null, LiveMcpHttp.initializeRequest("a-window-first"));
    queued.forEach(Runnable::run);

    assertThat(window.statusCode()).isEqualTo(200);
    assertThat(told)
        .containsExactly(
            "MCP front door: warmed by 0 made-up initialize(s) of "
                + McpWarmUp.ROUNDS
                + " in 0 ms; stopped by a window's request");
    assertThat(live.door.sessionCount()).as("the window's own session only").isEqualTo(1);
  }

  @Test
  void aRequestThatCameDuringAnInitializeStopsTheWarmUpAfterIt() {
    AtomicLong seen = new AtomicLong();
    List<Integer> served = new ArrayList<>();

    int answered =
        McpWarmUp.serveUntilAsked(
            () -> {
              served.add(served.size());
              seen.incrementAndGet(); // a window's request, while this one was served
              return true;
            },
            seen::get,
            0);

    assertThat(answered).isEqualTo(1);
    assertThat(served).containsExactly(0);
  }

  @Test
  void anInitializeNotAnsweredEndsTheWarmUp() {
    List<Integer> served = new ArrayList<>();

    int answered =
        McpWarmUp.serveUntilAsked(
            () -> {
              served.add(served.size());
              return false;
            },
            () -> 0,
            0);

    assertThat(answered).isZero();
    assertThat(served).containsExactly(0);
  }

  @Test
  void anExecutorThatRefusesIsTold() {
    live.door.warmUpOn(
        task -> {
          throw new RejectedExecutionException("shut down");
        },
        told::add);

    assertThat(told)
        .containsExactly("MCP front door: not warmed before its first window (shut down)");
  }

  @Test
  void theMadeUpRequestIsAWindowsInitializeThatNamesNoProjectNorClientProcess() {
    var request = McpWarmUp.request();

    assertThat(McpHttpNegotiation.postHeaders(request)).isEmpty();
    assertThat(McpHttpNegotiation.body(request).isInitialize()).isTrue();
    assertThat(request.headers())
        .containsOnlyKeys("content-type", "accept")
        .doesNotContainKeys(
            McpHttpProject.HEADER.toLowerCase(java.util.Locale.ROOT),
            McpClientCheck.WINDOW_CLIENT_HEADER.toLowerCase(java.util.Locale.ROOT));
    assertThat(McpWarmUp.CLIENT.kind()).isEqualTo(ClientTokens.Kind.AGENT);
  }

  private List<Path> files() throws IOException {
    try (Stream<Path> all = Files.walk(home)) {
      return all.sorted().toList();
    }
  }
}
