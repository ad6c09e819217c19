package io.github.providergateway.transport.stdio;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Newline-delimited lines from a child's stdout, never more than {@code maxLineBytes} of one line
 * held: a line is the bytes before a {@code \n} (a {@code \r} before it is dropped), read as UTF-8
 * with malformed bytes as U+FFFD; blank lines are skipped; the last line needs no terminator. What
 * it holds at once is one chunk read (64 KiB) and the line being assembled. Not thread-safe: the
 * reader thread's own.
 */
final class LineReader {

  private static final int CHUNK_BYTES = 64 << 10;

  private final InputStream in;
  private final int maxLineBytes;
  private final byte[] chunk = new byte[CHUNK_BYTES];

  /** The unread part of {@link #chunk} is {@code [position, limit)}. */
  private int position;

  private int limit;
  private byte[] line = new byte[256];
  private int length;

  LineReader(InputStream in, int maxLineBytes) {
    this.in = in;
    this.maxLineBytes = maxLineBytes;
  }

  /**
   * The next line that is not blank, without its terminator.
   *
   * @return the line, or null when the stream has ended
   * @throws TooLong when a line passes {@code maxLineBytes} before its {@code \n}
   * @throws IOException when the stream fails
   */
  String next() throws IOException {
    while (true) {
      length = 0;
      boolean terminated = false;
      while (!terminated) {
        if (position == limit && !fill()) {
          if (length == 0) {
            return null;
          }
          break; // the last line, unterminated
        }
        int end = position;
        while (end < limit && chunk[end] != '\n') {
          end++;
        }
        append(position, end);
        terminated = end < limit;
        position = terminated ? end + 1 : end;
      }
      if (length > 0 && line[length - 1] == '\r') {
        length--;
      }
      if (!isBlank()) {
        return new String(line, 0, length, StandardCharsets.UTF_8);
      }
    }
  }

  private boolean fill() throws IOException {
    int read = in.read(chunk);
    if (read < 0) {
      return false;
    }
    position = 0;
    limit = read;
    return true;
  }

  private void append(int from, int to) {
    int count = to - from;
    if (length + count > maxLineBytes) {
      throw new TooLong();
    }
    if (length + count > line.length) {
      line = Arrays.copyOf(line, Math.min(maxLineBytes, Math.max(length + count, line.length * 2)));
    }
    System.arraycopy(chunk, from, line, length, count);
    length += count;
  }

  private boolean isBlank() {
    for (int i = 0; i < length; i++) {
      if (line[i] != ' ' && line[i] != '\t' && line[i] != '\r') {
        return false;
      }
    }
    return true;
  }

  /** A line passed the bound. Stackless: control flow, not a fault. */
  static final class TooLong extends RuntimeException {
    private static final long serialVersionUID = 1L;

    TooLong() {
      super(null, null, false, false);
    }
  }
}
