package io.github.providergateway.transport.ws.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.websocket.internal.HandshakePolicy;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@link WsHandshake} decided from plain values, with no container: what a Jakarta or any other
 * adapter would hand it.
 */
class WsHandshakeTest {

  private static final int PORT = 9400;

  /** RFC 6455 §1.3's example key and its accept value. */
  private static final String KEY = "dGhlIHNhbXBsZSBub25jZQ==";

  private final WsHandshake handshake =
      new WsHandshake(
          new HandshakePolicy(Set.of()),
          1,
          () -> PORT,
          path -> path.equals("/") || path.equals("/host"));

  @Test
  void aGoodRequestIsAcceptedWithTheAcceptKeyOfRfc6455AndItsPath() {
    WsHandshake.Answer answer = handshake.decide(request("GET", "/host?x=1", headers()));

    assertThat(answer)
        .isInstanceOfSatisfying(
            WsHandshake.Accepted.class,
            accepted -> {
              assertThat(accepted.acceptKey()).isEqualTo("s3pPLMBiTxaQ9kYGzzhZRbK+xOo=");
              assertThat(accepted.path()).isEqualTo("/host");
            });
  }

  @Test
  void eachBrokenRuleHasItsStatus() {
    Map<String, String> noKey = headers();
    noKey.remove("sec-websocket-key");
    Map<String, String> version12 = headers();
    version12.put("sec-websocket-version", "12");
    Map<String, String> foreignOrigin = headers();
    foreignOrigin.put("origin", "https://example.com");

    assertThat(status(request("POST", "/", headers()))).isEqualTo(400);
    assertThat(status(request("GET", "//", headers()))).isEqualTo(400);
    assertThat(status(request("GET", "/", noKey))).isEqualTo(400);
    assertThat(status(request("GET", "/", version12))).isEqualTo(426);
    assertThat(((WsHandshake.Refused) handshake.decide(request("GET", "/", version12))).version())
        .isEqualTo("13");
    assertThat(status(request("GET", "/elsewhere", headers()))).isEqualTo(404);
    assertThat(status(request("GET", "/", foreignOrigin))).isEqualTo(403);
  }

  @Test
  void theCapRefusesWith503UntilASlotIsReleasedAndStoppingRefusesEverything() {
    WsHandshake.Accepted first =
        (WsHandshake.Accepted) handshake.decide(request("GET", "/", headers()));
    assertThat(status(request("GET", "/", headers()))).isEqualTo(503);

    first.admission().release();
    first.admission().release(); // only the first release counts
    assertThat(handshake.decide(request("GET", "/", headers())))
        .isInstanceOf(WsHandshake.Accepted.class);
    assertThat(status(request("GET", "/", headers()))).as("one slot, taken again").isEqualTo(503);

    handshake.stop();
    assertThat(status(request("GET", "/", headers()))).isEqualTo(503);
  }

  private int status(WsHandshake.Request request) {
    WsHandshake.Answer answer = handshake.decide(request);
    assertThat(answer).isInstanceOf(WsHandshake.Refused.class);
    return ((WsHandshake.Refused) answer).status();
  }

  private static Map<String, String> headers() {
    Map<String, String> headers = new HashMap<>();
    headers.put("host", "127.0.0.1:" + PORT);
    headers.put("connection", "keep-alive, Upgrade");
    headers.put("upgrade", "websocket");
    headers.put("sec-websocket-key", KEY);
    headers.put("sec-websocket-version", "13");
    return headers;
  }

  private static WsHandshake.Request request(
      String method, String target, Map<String, String> headers) {
    return new WsHandshake.Request(
        method, target, name -> headers.get(name.toLowerCase(Locale.ROOT)), "127.0.0.1");
  }
}
