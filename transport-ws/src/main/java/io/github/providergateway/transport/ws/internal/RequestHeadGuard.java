package io.github.providergateway.transport.ws.internal;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.glassfish.grizzly.Buffer;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.Grizzly;
import org.glassfish.grizzly.attributes.Attribute;
import org.glassfish.grizzly.filterchain.BaseFilter;
import org.glassfish.grizzly.filterchain.FilterChainBuilder;
import org.glassfish.grizzly.filterchain.FilterChainContext;
import org.glassfish.grizzly.filterchain.NextAction;
import org.glassfish.grizzly.filterchain.TransportFilter;
import org.glassfish.grizzly.http.server.AddOn;
import org.glassfish.grizzly.http.server.NetworkListener;
import org.glassfish.grizzly.memory.Buffers;

/**
 * Reads each connection's request head as it arrives, before Grizzly's HTTP codec, and answers one
 * that breaks {@link RequestHeadRules} with its 400 or 501 and the end of the connection: the codec
 * never sees it, so neither a route nor a WebSocket handshake does. Only the head is looked at (a
 * connection carries one request, HTTP keep-alive being off); the body and an upgraded connection's
 * frames pass untouched. A head is kept at most {@link #MAX_HEAD_BYTES} while it arrives (the
 * listeners' own header limit): past that the codec answers it as before.
 */
final class RequestHeadGuard extends BaseFilter {

  private static final System.Logger LOG = System.getLogger(RequestHeadGuard.class.getName());

  /** Grizzly's limit on a request head ({@code NetworkListener}'s default header size). */
  static final int MAX_HEAD_BYTES = 8192;

  /** The head read so far; gone once it has been judged. */
  private static final Attribute<Head> HEAD =
      Grizzly.DEFAULT_ATTRIBUTE_BUILDER.createAttribute(RequestHeadGuard.class.getName() + ".head");

  /** One connection's head while it arrives. */
  private static final class Head {
    byte[] bytes = new byte[512];
    int length;
    boolean judged;

    /** Appends what fits under {@link #MAX_HEAD_BYTES}; false when the head is longer than that. */
    boolean append(Buffer buffer) {
      int available = buffer.remaining();
      int room = MAX_HEAD_BYTES - length;
      int take = Math.min(available, room);
      if (length + take > bytes.length) {
        bytes =
            java.util.Arrays.copyOf(
                bytes, Math.min(MAX_HEAD_BYTES, Math.max(bytes.length * 2, length + take)));
      }
      int position = buffer.position();
      buffer.get(bytes, length, take);
      buffer.position(position); // only looked at: the codec reads it all again
      length += take;
      return available <= room;
    }
  }

  /** The add-on that puts this guard right after the transport, before the HTTP codec. */
  static AddOn addOn(RequestHeadGuard guard) {
    return (NetworkListener listener, FilterChainBuilder builder) -> {
      int transport = builder.indexOfType(TransportFilter.class);
      if (transport < 0) {
        throw new IllegalStateException("no TransportFilter in the listener's filter chain");
      }
      builder.add(transport + 1, guard);
    };
  }

  @Override
  public NextAction handleRead(FilterChainContext ctx) throws IOException {
    Connection<?> connection = ctx.getConnection();
    Head head = HEAD.get(connection);
    if (head == null) {
      head = new Head();
      HEAD.set(connection, head);
    }
    if (head.judged || !(ctx.getMessage() instanceof Buffer buffer)) {
      return ctx.getInvokeAction();
    }
    int scanned = head.length;
    boolean fits = head.append(buffer);
    int end = RequestHeadRules.headEnd(head.bytes, scanned, head.length);
    if (end < 0) {
      if (!fits) {
        judged(connection, head); // over the codec's limit: its answer, as before
      }
      return ctx.getInvokeAction();
    }
    Optional<RequestHeadRules.Refusal> refusal = RequestHeadRules.check(head.bytes, end);
    judged(connection, head);
    if (refusal.isEmpty()) {
      return ctx.getInvokeAction();
    }
    refuse(ctx, connection, refusal.get());
    return ctx.getStopAction();
  }

  private static void judged(Connection<?> connection, Head head) {
    head.judged = true;
    head.bytes = null; // the head is the codec's now
  }

  private static void refuse(
      FilterChainContext ctx, Connection<?> connection, RequestHeadRules.Refusal refusal) {
    LOG.log(
        Level.DEBUG,
        "{0}: request head refused ({1}): {2}",
        connection.getPeerAddress(),
        refusal.status(),
        refusal.reason());
    byte[] body = (refusal.reason() + "\n").getBytes(StandardCharsets.UTF_8);
    String status = refusal.status() == 501 ? "501 Not Implemented" : "400 Bad Request";
    byte[] answer =
        ("HTTP/1.1 "
                + status
                + "\r\nContent-Type: text/plain; charset=utf-8\r\nCache-Control: no-store\r\n"
                + "X-Content-Type-Options: nosniff\r\nConnection: close\r\nContent-Length: "
                + body.length
                + "\r\n\r\n")
            .getBytes(StandardCharsets.ISO_8859_1);
    byte[] whole = java.util.Arrays.copyOf(answer, answer.length + body.length);
    System.arraycopy(body, 0, whole, answer.length, body.length);
    ctx.write(Buffers.wrap(connection.getMemoryManager(), whole), new CloseAfterWrite(connection));
  }
}
