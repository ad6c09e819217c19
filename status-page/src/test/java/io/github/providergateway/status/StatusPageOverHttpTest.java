package io.github.providergateway.status;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.transport.testing.RawHttp;
import java.io.IOException;
import java.net.URI;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The status page over a real server, as a browser reaches it but byte by byte: the link, the
 * cookie, the page's files, its live stream with a provider connecting and a denied call, and the
 * requests it refuses. The same in a real browser: {@link StatusPageInBrowserTest}.
 */
class StatusPageOverHttpTest {

  private final LiveStatusGateway live;

  StatusPageOverHttpTest() throws IOException {
    live = new LiveStatusGateway();
  }

  @AfterEach
  void close() {
    live.close();
  }

  @Test
  void aLinkGivesACookieThatOpensThePageItsFilesAndItsLiveStream() throws IOException {
    String cookie = open(live.link());
    int port = live.server.port();

    RawHttp.Answer page = RawHttp.get(port, "/status", Map.of("Cookie", cookie));
    assertThat(page.status()).isEqualTo(200);
    assertThat(page.headers().get("content-security-policy")).contains("script-src 'self'");
    assertThat(RawHttp.get(port, "/status/app.js", Map.of("Cookie", cookie)).body())
        .contains("new EventSource(\"/status/events\")");
    assertThat(RawHttp.get(port, "/status/app.css", Map.of("Cookie", cookie)).status())
        .isEqualTo(200);

    try (RawHttp events = RawHttp.connect(port)) {
      events.send(
          "GET",
          "/status/events",
          port,
          Map.of("Cookie", cookie, "Accept", "text/event-stream"),
          null);
      assertThat(events.status()).isEqualTo(200);
      assertThat(events.nextEventData())
          .contains("\"sessions\":[{\"id\":\"" + live.sessionId + "\"");

      live.connectGuard("deploys are frozen");
      assertThat(nextContaining(events, "\"name\":\"guard\"")).contains("\"trust\":\"project\"");

      CallResult denied =
          LiveStatusGateway.await(
              live.gateway.callTool(
                  live.sessionId, "deploy", LiveStatusGateway.CODEC.parseJson("{}"), null));
      assertThat(denied.outcome().toString()).contains("deploys are frozen");
      assertThat(nextContaining(events, "\"outcome\":\"denied\""))
          .contains("\"reason\":\"deploys are frozen\"");
    }
  }

  @Test
  void withoutALinkOrWithAUsedOneNothingOpens() throws IOException {
    int port = live.server.port();
    assertThat(RawHttp.get(port, "/status", Map.of()).status()).isEqualTo(403);
    assertThat(RawHttp.get(port, "/status/events", Map.of()).status()).isEqualTo(403);

    URI link = live.link();
    open(link);
    RawHttp.Answer again = RawHttp.get(port, target(link), Map.of());
    assertThat(again.status()).isEqualTo(403);
    assertThat(again.body()).contains("used already");
  }

  @Test
  void aForeignOriginIsRefusedEvenWithTheCookieAndNeverReachesThePage() throws IOException {
    String cookie = open(live.link());
    int before = live.originsServed.size();

    RawHttp.Answer answer =
        RawHttp.get(
            live.server.port(),
            "/status/snapshot",
            Map.of("Cookie", cookie, "Origin", "http://evil.example"));

    assertThat(answer.status()).isEqualTo(403);
    assertThat(live.originsServed).hasSize(before);
  }

  @Test
  void anAnswerWithoutACookieIsRefusedFromItsHeadersWithoutWaitingForItsBody() throws IOException {
    int port = live.server.port();
    int before = live.originsServed.size();
    try (RawHttp stranger = RawHttp.connect(port)) {
      // Announces the largest answer the page takes and sends one byte of it.
      stranger.send(
          "POST",
          "/status/answer",
          port,
          Map.of(
              "Origin",
              "http://127.0.0.1:" + port,
              "Content-Type",
              "application/json",
              "Content-Length",
              Long.toString(StatusPage.MAX_BODY_BYTES)),
          "{");

      RawHttp.Answer refused = stranger.answer();
      assertThat(refused.status()).isEqualTo(403);
      assertThat(refused.body()).contains("one-time link");
      // The rest of the body is dropped as it comes (never handled nor charged), then it is closed.
      stranger.socket().getOutputStream().write(new byte[(int) StatusPage.MAX_BODY_BYTES - 1]);
      assertThat(stranger.closedByServer()).isTrue();
    }
    assertThat(live.originsServed).as("requests the route handled").hasSize(before);
  }

  @Test
  void theGatewayTokenAppearsNowhereInWhatThePageSends() throws IOException {
    live.connectGuard("deploys are frozen");
    String cookie = open(live.link());
    String token = live.gateway.credentials().providerToken();
    for (String path : new String[] {"/status", "/status/app.js", "/status/snapshot"}) {
      assertThat(RawHttp.get(live.server.port(), path, Map.of("Cookie", cookie)).body())
          .doesNotContain(token);
    }
    assertThat(live.link().toString()).doesNotContain(token);
  }

  /** Opens {@code link} as a browser would; returns the cookie it set, as {@code name=value}. */
  private String open(URI link) throws IOException {
    RawHttp.Answer opened = RawHttp.get(live.server.port(), target(link), Map.of());
    assertThat(opened.status()).isEqualTo(303);
    String setCookie = opened.headers().get("set-cookie");
    return setCookie.substring(0, setCookie.indexOf(';'));
  }

  private static String target(URI link) {
    return link.getRawPath() + "?" + link.getRawQuery();
  }

  private static String nextContaining(RawHttp events, String text) throws IOException {
    long deadline = System.nanoTime() + LiveStatusGateway.WAIT.toNanos();
    while (System.nanoTime() < deadline) {
      String data = events.nextEventData();
      if (data.contains(text)) {
        return data;
      }
    }
    throw new AssertionError("no snapshot with " + text + " within " + LiveStatusGateway.WAIT);
  }
}
