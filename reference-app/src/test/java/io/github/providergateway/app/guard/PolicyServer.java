package io.github.providergateway.app.guard;

import static java.nio.charset.StandardCharsets.UTF_8;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A real HTTP server on a free loopback port serving a policy at {@code /policy.json} and its
 * signature at {@code /policy.json.sig}, with an ETag per content and {@code 304} for a matching
 * {@code If-None-Match}; it can hold its answers (a slow server) and keeps every request it got. As
 * a proxy it answers any absolute URL the same way, keeping the URL asked for.
 */
final class PolicyServer implements AutoCloseable {

  private final HttpServer server;

  /** The policy served now; null for 404. Set by the test thread, read by the server's. */
  private volatile byte[] policy;

  private volatile String signature;

  /** Held answers wait for this to open; null for none. */
  private volatile CountDownLatch hold;

  /** Each request: its URI as sent, and its If-None-Match. */
  final List<String> requests = new CopyOnWriteArrayList<>();

  PolicyServer() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/", this::answer);
    server.start();
  }

  URI url() {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/policy.json");
  }

  int port() {
    return server.getAddress().getPort();
  }

  void serve(byte[] policy, String signature) {
    this.policy = policy;
    this.signature = signature;
  }

  /** Holds every answer until the latch returned is counted down. */
  CountDownLatch holdAnswers() {
    hold = new CountDownLatch(1);
    return hold;
  }

  private void answer(HttpExchange exchange) throws IOException {
    try (exchange) {
      String etagAsked = exchange.getRequestHeaders().getFirst("If-None-Match");
      requests.add(
          exchange.getRequestURI() + (etagAsked == null ? "" : " If-None-Match " + etagAsked));
      CountDownLatch waiting = hold;
      if (waiting != null) {
        try {
          waiting.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      String path = exchange.getRequestURI().getPath();
      byte[] body;
      String etag = null;
      if (path.endsWith("/policy.json.sig")) {
        body = signature == null ? null : signature.getBytes(UTF_8);
      } else if (path.endsWith("/policy.json")) {
        body = policy;
        etag = body == null ? null : "\"" + java.util.Arrays.hashCode(body) + "\"";
      } else {
        body = null;
      }
      if (body == null) {
        exchange.sendResponseHeaders(404, -1);
        return;
      }
      if (etag != null) {
        exchange.getResponseHeaders().add("ETag", etag);
        if (etag.equals(etagAsked)) {
          exchange.sendResponseHeaders(304, -1);
          return;
        }
      }
      exchange.sendResponseHeaders(200, body.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(body);
      }
    }
  }

  @Override
  public void close() {
    CountDownLatch waiting = hold;
    if (waiting != null) {
      waiting.countDown();
    }
    server.stop(0);
  }
}
