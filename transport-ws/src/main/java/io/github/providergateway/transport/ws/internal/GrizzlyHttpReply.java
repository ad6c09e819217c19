package io.github.providergateway.transport.ws.internal;

import io.github.providergateway.http.HttpReply;
import io.github.providergateway.http.ServerSentEvents;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.http.io.OutputBuffer;
import org.glassfish.grizzly.http.server.Response;

/**
 * The answer to one request a route handles, over a Grizzly response suspended before the route
 * ran: {@link #send} writes it and resumes the response (Grizzly then finishes it); {@link
 * #openEvents} keeps it suspended as an event stream.
 */
final class GrizzlyHttpReply implements HttpReply {

  private static final System.Logger LOG = System.getLogger(GrizzlyHttpReply.class.getName());

  private final Response response;
  private final Connection<?> socket;
  private final EventStreams streams;
  private final PendingHandshakes pending;

  /** The route answering, whose event-stream slots a stream takes. */
  private final String routePath;

  private final AtomicBoolean answered = new AtomicBoolean();

  GrizzlyHttpReply(
      Response response,
      Connection<?> socket,
      EventStreams streams,
      PendingHandshakes pending,
      String routePath) {
    this.response = response;
    this.socket = socket;
    this.streams = streams;
    this.pending = pending;
    this.routePath = routePath;
  }

  @Override
  public void send(int status, String contentType, Map<String, String> headers, byte[] body) {
    claim();
    try {
      writeHead(status, contentType, headers);
      // One request a connection: a kept-alive socket is still a pending handshake, which the
      // deadline would cut under the next request; a new one costs little on loopback.
      response.setHeader("Connection", "close");
      response.setContentLengthLong(body.length);
      OutputBuffer out = response.getOutputBuffer();
      if (body.length > 0) {
        // A fresh response always has room; should it not, cut it rather than block a thread.
        if (!out.canWrite()) {
          socket.closeSilently();
          return;
        }
        out.write(body);
      }
    } catch (IOException | IllegalStateException e) {
      LOG.log(Level.DEBUG, "{0}: answer not sent: {1}", socket.getPeerAddress(), e.toString());
      socket.closeSilently();
      return;
    }
    resume();
  }

  @Override
  public void holdPastDeadline() {
    if (!answered.get()) {
      // The route bounds it now (HttpReply#holdPastDeadline); the answer closes the connection.
      pending.forget(socket);
    }
  }

  @Override
  public Optional<ServerSentEvents> openEvents(Map<String, String> headers) {
    claim();
    GrizzlyEventStream stream = new GrizzlyEventStream(response, socket, streams);
    if (!streams.tryAdmit(stream, routePath)) {
      try {
        writeHead(503, "text/plain; charset=utf-8", Map.of());
        byte[] body =
            "too many event streams are open; try again later\n"
                .getBytes(java.nio.charset.StandardCharsets.UTF_8);
        response.setContentLengthLong(body.length);
        response.getOutputBuffer().write(body);
      } catch (IOException | IllegalStateException e) {
        socket.closeSilently();
        return Optional.empty();
      }
      resume();
      return Optional.empty();
    }
    // From here the stream's own bounds apply; the handshake deadline would cut it in 5 s.
    pending.forget(socket);
    writeHead(200, "text/event-stream; charset=utf-8", headers);
    // One stream a connection: finishing the answer ends the connection, so none lingers idle.
    response.setHeader("Connection", "close");
    response.setHeader("X-Accel-Buffering", "no");
    return stream.start() ? Optional.of(stream) : Optional.empty();
  }

  /** Answers {@code status} with a short text, unless the route answered already. */
  void failIfUnanswered(int status, String text) {
    if (!answered.get()) {
      try {
        send(status, "text/plain; charset=utf-8", text);
      } catch (IllegalStateException raced) {
        // The route answered meanwhile, from another thread: that answer stands.
      }
    }
  }

  private void claim() {
    if (!answered.compareAndSet(false, true)) {
      throw new IllegalStateException("this request was already answered");
    }
  }

  private void writeHead(int status, String contentType, Map<String, String> headers) {
    response.setStatus(status);
    response.setHeader("Cache-Control", "no-store");
    response.setHeader("X-Content-Type-Options", "nosniff");
    headers.forEach(response::setHeader);
    if (contentType != null) {
      response.setContentType(contentType);
    }
  }

  private void resume() {
    try {
      response.resume();
    } catch (IllegalStateException e) {
      // The client left while the answer was being made: Grizzly has recycled the response.
      LOG.log(Level.DEBUG, "{0}: answer dropped: {1}", socket.getPeerAddress(), e.toString());
    }
  }
}
