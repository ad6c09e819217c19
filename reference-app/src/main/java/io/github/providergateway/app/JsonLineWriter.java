package io.github.providergateway.app;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;

/**
 * Writes JSON objects, one per line in UTF-8, from any thread. Each line is written and flushed
 * whole under one lock, so replies and events from the gateway loop, the reader and timers never
 * interleave. After {@link #writeLast} nothing more is written: {@code gateway.stopped} stays the
 * last line (R-RPC-09) even if a late callback fires.
 */
final class JsonLineWriter {

  private final Writer out;
  /** Whether the last line was written. Guarded by this. */
  private boolean finished;
  /** Whether stdout failed (the reader of our output went away). Guarded by this. */
  private boolean broken;

  JsonLineWriter(OutputStream out) {
    this.out = new OutputStreamWriter(out, StandardCharsets.UTF_8);
  }

  /** Writes {@code json} as one line; returns whether it was written. */
  synchronized boolean write(JsonNode json) {
    if (finished || broken) {
      return false;
    }
    String line = HostJson.CODEC.writeJson(json);
    try {
      out.write(line);
      out.write('\n');
      out.flush();
      return true;
    } catch (IOException e) {
      // Nobody reads our output any more; the host notices when its input ends too.
      broken = true;
      return false;
    }
  }

  /** Writes {@code json} as the last line; later writes are dropped. */
  synchronized boolean writeLast(JsonNode json) {
    boolean written = write(json);
    finished = true;
    return written;
  }

  /** Whether the last line has been written. */
  synchronized boolean finished() {
    return finished;
  }
}
