package io.github.providergateway.app.console;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.app.cli.LineQueue;
import io.github.providergateway.host.protocol.SessionLog;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * Writes JSON objects, one per line in UTF-8, from any thread, without ever blocking it: a {@link
 * LineQueue} writes them on a thread of its own, in the order they were given, so replies and
 * events from the gateway loop, the reader and timers never interleave. After {@link #writeLast}
 * nothing more is written: {@code gateway.stopped} stays the last line (R-RPC-09) even if a late
 * callback fires.
 *
 * <p>A host that stops reading stdout costs the gateway at most {@link #MAX_QUEUED_CHARS} of {@code
 * session.log} lines; later ones are dropped and, once the host reads again, one {@code
 * session.log} per session from {@code gateway} says how many. Replies and every other event are
 * never dropped: the reader stops reading commands while they wait ({@link #awaitRoom}).
 */
final class JsonLineWriter {

  /** Characters of output that may wait for a host that is not reading: 4 Mi (8 MiB of heap). */
  static final long MAX_QUEUED_CHARS = 4L * 1024 * 1024;

  /** How long the last line may wait for a host that does not read before the app exits anyway. */
  private static final Duration LAST_LINE_WAIT = Duration.ofSeconds(5);

  private final LineQueue lines;

  JsonLineWriter(OutputStream out) {
    Writer writer = new OutputStreamWriter(out, StandardCharsets.UTF_8);
    this.lines =
        new LineQueue(
            "gateway-stdout",
            MAX_QUEUED_CHARS,
            new LineQueue.Sink() {
              @Override
              public void write(String text) throws IOException {
                writer.write(text);
              }

              @Override
              public void flush() throws IOException {
                writer.flush();
              }
            },
            JsonLineWriter::droppedNotice);
  }

  /** Queues {@code json} as one line, never dropped; returns whether it was queued. */
  boolean write(JsonNode json) {
    return lines.put(line(json));
  }

  /** Queues a {@code session.log} line, dropped (and counted) while the host is not reading. */
  boolean writeTimeline(JsonNode json, String sessionId) {
    return lines.offer(line(json), sessionId);
  }

  /** Writes {@code json} as the last line and waits a little for it to be written. */
  boolean writeLast(JsonNode json) {
    boolean queued = lines.putLast(line(json));
    try {
      return queued && lines.drain(LAST_LINE_WAIT);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  /** Blocks the command reader while the host is not reading what waits for it. */
  void awaitRoom() throws InterruptedException {
    lines.awaitRoom();
  }

  private static String line(JsonNode json) {
    return HostJson.CODEC.writeJson(json) + '\n';
  }

  private static String droppedNotice(String sessionId, long count) {
    String message =
        count
            + " timeline line"
            + (count == 1 ? " was" : "s were")
            + " dropped: the host was not reading its output";
    return line(HostJson.HOST_CODEC.toJson(new SessionLog(sessionId, message, "gateway")));
  }
}
