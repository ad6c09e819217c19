package io.github.providergateway.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The driver's one-request HTTP client, against a socket that answers as the front door does. */
class LoopbackPostTest {

  @Test
  void postsOneRequestAndReadsAContentLengthAnswer() throws Exception {
    try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      CompletableFuture<List<String>> seen =
          answerOnce(
              server,
              "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nMcp-Session-Id: abc\r\n"
                  + "Content-Length: 11\r\nConnection: close\r\n\r\n{\"ok\":true}");

      LoopbackPost.Answer answer =
          new LoopbackPost(server.getLocalPort(), "/mcp")
              .post(Map.of("Authorization", "Bearer t"), "{}".getBytes(StandardCharsets.UTF_8));

      assertThat(answer.status()).isEqualTo(200);
      assertThat(answer.headers())
          .containsEntry("mcp-session-id", "abc")
          .containsEntry("content-type", "application/json");
      assertThat(answer.body()).isEqualTo("{\"ok\":true}");
      assertThat(seen.get(10, TimeUnit.SECONDS))
          .contains(
              "POST /mcp HTTP/1.1",
              "Host: 127.0.0.1:" + server.getLocalPort(),
              "Authorization: Bearer t",
              "Content-Length: 2");
    }
  }

  @Test
  void readsAChunkedEventStreamAndAnAnswerWithNoLengthToItsEnd() throws Exception {
    try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      LoopbackPost post = new LoopbackPost(server.getLocalPort(), "/mcp");
      answerOnce(
          server,
          "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n"
              + "6\r\ndata: \r\n5\r\nhello\r\n0\r\n\r\n");
      assertThat(post.post(Map.of(), new byte[0]).body()).isEqualTo("data: hello");

      answerOnce(server, "HTTP/1.1 202 Accepted\r\n\r\nuntil the end");
      LoopbackPost.Answer accepted = post.post(Map.of(), new byte[0]);
      assertThat(accepted.status()).isEqualTo(202);
      assertThat(accepted.body()).isEqualTo("until the end");
    }
  }

  /** Accepts one connection, reads the request's head, writes {@code answer} and closes. */
  private static CompletableFuture<List<String>> answerOnce(ServerSocket server, String answer) {
    return CompletableFuture.supplyAsync(
        () -> {
          try (Socket socket = server.accept()) {
            BufferedReader in =
                new BufferedReader(
                    new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII));
            List<String> head = new ArrayList<>();
            for (String line = in.readLine();
                line != null && !line.isEmpty();
                line = in.readLine()) {
              head.add(line);
            }
            OutputStream out = socket.getOutputStream();
            out.write(answer.getBytes(StandardCharsets.UTF_8));
            out.flush();
            return head;
          } catch (IOException e) {
            throw new IllegalStateException(e);
          }
        });
  }
}
