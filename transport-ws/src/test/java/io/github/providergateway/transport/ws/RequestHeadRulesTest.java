package io.github.providergateway.transport.ws;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.http.HttpRequest;
import io.github.providergateway.http.HttpRoute;
import io.github.providergateway.transport.testing.RawHttp;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Request heads RFC 9112 refuses, sent over a real socket to the server's port (issue 35): each
 * gets its 400 or 501 and the end of its connection, and neither a route nor the WebSocket
 * handshake ever sees it; the well-formed shapes next to them are served as before. {@code |}
 * stands for CRLF and {@code ~} for a bare LF in the table.
 */
class RequestHeadRulesTest {

  private final List<HttpRequest> seen = new CopyOnWriteArrayList<>();
  private final HttpRoute echo =
      (request, reply) -> {
        seen.add(request);
        reply.send(
            200,
            "text/plain; charset=utf-8",
            "body=" + new String(request.body(), StandardCharsets.UTF_8));
      };

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = ';',
      value = {
        "Transfer-Encoding beside Content-Length; POST /api HTTP/1.1|Host: HOST|Transfer-Encoding: xchunked|Content-Length: 5||hello; 400",
        "chunked beside Content-Length; POST /api HTTP/1.1|Host: HOST|Transfer-Encoding: chunked|Content-Length: 5||0||; 400",
        "chunked not the final coding; POST /api HTTP/1.1|Host: HOST|Transfer-Encoding: chunked, identity||0||; 400",
        "a coding that is not chunked alone; POST /api HTTP/1.1|Host: HOST|Transfer-Encoding: xchunked||0||; 400",
        "chunked twice; POST /api HTTP/1.1|Host: HOST|Transfer-Encoding: chunked|Transfer-Encoding: chunked||0||; 400",
        "a coding the server does not implement; POST /api HTTP/1.1|Host: HOST|Transfer-Encoding: gzip, chunked||0||; 501",
        "obs-fold; GET /api HTTP/1.1|Host: HOST|X-Note: one| two||; 400",
        "obs-fold with a tab; GET /api HTTP/1.1|Host: HOST|X-Note: one|\ttwo||; 400",
        "bare LF; GET /api HTTP/1.1~Host: HOST~~; 400",
        "a bare LF in one line; GET /api HTTP/1.1|Host: HOST~X-Note: one||; 400",
        "obs-fold in a WebSocket handshake; GET /provider HTTP/1.1|Host: HOST|Upgrade: websocket|Connection: Upgrade|Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==|Sec-WebSocket-Version: 13|X-Note: a| b||; 400",
      })
  void aHeadRfc9112RefusesGetsItsStatusAndLosesItsConnectionUnseen(
      String shape, String head, int status) throws IOException {
    try (ServerFixture f = ServerFixture.start(b -> b.route("/api", 1024, echo));
        RawHttp http = RawHttp.connect(f.port())) {
      send(http, head.replace("HOST", "127.0.0.1:" + f.port()));

      assertThat(http.status()).as(shape).isEqualTo(status);
      assertThat(http.closedByServer()).as("the connection ends after the answer").isTrue();
      assertThat(seen).as("no route saw it").isEmpty();
      assertThat(RawHttp.get(f.port(), "/api", Map.of()).status())
          .as("the next client is served")
          .isEqualTo(200);
    }
  }

  @Test
  void wellFormedChunkedAndSizedBodiesAreServedAsBefore() throws IOException {
    try (ServerFixture f = ServerFixture.start(b -> b.route("/api", 1024, echo))) {
      String host = "Host: 127.0.0.1:" + f.port();
      try (RawHttp chunked = RawHttp.connect(f.port())) {
        send(chunked, "POST /api HTTP/1.1|" + host + "|Transfer-Encoding: chunked||5|hello|0||");
        assertThat(chunked.answer().body()).isEqualTo("body=hello");
      }
      try (RawHttp sized = RawHttp.connect(f.port())) {
        send(sized, "POST /api HTTP/1.1|" + host + "|Content-Length: 5||hello");
        assertThat(sized.answer().body()).isEqualTo("body=hello");
      }
      try (RawHttp withLeadingEmptyLine = RawHttp.connect(f.port())) {
        send(withLeadingEmptyLine, "|GET /api HTTP/1.1|" + host + "||");
        assertThat(withLeadingEmptyLine.status())
            .as("RFC 9112 2.2: an empty line first is ignored")
            .isEqualTo(200);
      }
    }
  }

  /**
   * A head that arrives a byte at a time is judged once whole, however its lines fall across reads.
   */
  @Test
  void aHeadTrickledInByteByByteIsJudgedWhole() throws Exception {
    try (ServerFixture f = ServerFixture.start(b -> b.route("/api", 1024, echo))) {
      String host = "Host: 127.0.0.1:" + f.port();
      try (RawHttp folded = RawHttp.connect(f.port())) {
        trickle(folded, "GET /api HTTP/1.1\r\n" + host + "\r\nX-Note: one\r\n two\r\n\r\n");
        assertThat(folded.status()).isEqualTo(400);
      }
      try (RawHttp plain = RawHttp.connect(f.port())) {
        trickle(plain, "GET /api HTTP/1.1\r\n" + host + "\r\n\r\n");
        assertThat(plain.status()).isEqualTo(200);
      }
      assertThat(seen).hasSize(1);
    }
  }

  private static void trickle(RawHttp http, String head) throws Exception {
    OutputStream out = http.socket().getOutputStream();
    http.socket().setTcpNoDelay(true);
    for (byte b : head.getBytes(StandardCharsets.ISO_8859_1)) {
      out.write(b);
      out.flush();
      java.util.concurrent.locks.LockSupport.parkNanos(
          200_000); // separate segments, most of the time
    }
  }

  /** Writes {@code head} with {@code |} as CRLF, {@code ~} as a bare LF and {@code \t} as a tab. */
  private static void send(RawHttp http, String head) throws IOException {
    OutputStream out = http.socket().getOutputStream();
    out.write(
        head.replace("\\t", "\t")
            .replace("|", "\r\n")
            .replace("~", "\n")
            .getBytes(StandardCharsets.ISO_8859_1));
    out.flush();
  }
}
