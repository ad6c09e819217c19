package io.github.providergateway.app.audit;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;

/**
 * The records of one exported audit file, read a line at a time into a {@link FleetReport}: a
 * trail's {@code audit.jsonl} as copied off a laptop, plain or gzip-compressed (told by its first
 * two bytes, whatever its name). A line longer than {@value #MOST_LINE_BYTES} bytes, or one that is
 * not a JSON object, is counted as unreadable and skipped; nothing else is kept.
 */
final class ExportLines {

  /**
   * The longest line read: a gateway's records are far shorter, unless they keep large arguments.
   */
  static final int MOST_LINE_BYTES = 8 << 20;

  private ExportLines() {}

  /**
   * Counts every record of {@code file} into {@code report}.
   *
   * @throws IOException when the file is not a regular file or cannot be read
   */
  static void readInto(Path file, FleetReport report) throws IOException {
    if (!Files.isRegularFile(file)) {
      throw new IOException(file + " is not a regular file");
    }
    try (InputStream in = open(file)) {
      ByteArrayOutputStream line = new ByteArrayOutputStream();
      boolean tooLong = false;
      int b;
      while ((b = in.read()) >= 0) {
        if (b == '\n') {
          finish(line, tooLong, report);
          line.reset();
          tooLong = false;
        } else if (line.size() < MOST_LINE_BYTES) {
          line.write(b);
        } else {
          tooLong = true;
        }
      }
      if (line.size() > 0 || tooLong) {
        finish(line, tooLong, report);
      }
    }
  }

  private static void finish(ByteArrayOutputStream line, boolean tooLong, FleetReport report) {
    if (tooLong) {
      report.unreadable();
      return;
    }
    byte[] bytes = line.toByteArray();
    if (bytes.length == 0) {
      return;
    }
    var record = AuditChain.object(bytes);
    if (record == null) {
      report.unreadable();
    } else {
      report.add(record);
    }
  }

  /** The file's bytes, uncompressed when it starts as gzip does ({@code 1f 8b}). */
  private static InputStream open(Path file) throws IOException {
    InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
    in.mark(2);
    int first = in.read();
    int second = in.read();
    in.reset();
    if (first == 0x1f && second == 0x8b) {
      return new BufferedInputStream(new GZIPInputStream(in, 1 << 16), 1 << 16);
    }
    return in;
  }
}
