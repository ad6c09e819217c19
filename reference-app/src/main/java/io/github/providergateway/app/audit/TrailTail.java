package io.github.providergateway.app.audit;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

/**
 * The end of one file of the audit trail, read from its end: its last line, whether that line was
 * left without its line end (torn), and the line before it. What a writer needs to go on with the
 * chain ({@link AuditFile}) and to say what rotation removed, without reading a file of megabytes.
 *
 * @param last the last line's bytes, without its line end
 * @param torn whether the file does not end with a line end: the last line is a writer's half line
 * @param before the line before the last, or null when there is none
 */
record TrailTail(byte[] last, boolean torn, byte[] before) {

  /** Where the search for the start of a line begins; it doubles up to the whole file. */
  private static final int FIRST_WINDOW = 64 * 1024;

  /**
   * The end of {@code file}, never through a link.
   *
   * @return its tail, or null when the file is empty
   * @throws IOException when it cannot be read
   */
  static TrailTail read(Path file) throws IOException {
    try (FileChannel channel =
        FileChannel.open(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
      long size = channel.size();
      if (size == 0) {
        return null;
      }
      long window = Math.min(size, FIRST_WINDOW);
      while (true) {
        byte[] bytes = readFrom(channel, size - window, (int) window);
        TrailTail tail = split(bytes, window == size);
        if (tail != null) {
          return tail;
        }
        if (window > Integer.MAX_VALUE / 2) {
          throw new IOException(file + " ends with a line longer than " + window + " bytes");
        }
        window = Math.min(size, window * 2);
      }
    }
  }

  /**
   * The last two lines of {@code bytes}, the end of a file; null when {@code bytes} does not reach
   * back to the start of both and more can be read ({@code whole} false).
   */
  private static TrailTail split(byte[] bytes, boolean whole) {
    boolean torn = bytes[bytes.length - 1] != '\n';
    int end = torn ? bytes.length : bytes.length - 1;
    int lastStart = lastLineEnd(bytes, end) + 1;
    if (lastStart == 0 && !whole) {
      return null;
    }
    byte[] last = Arrays.copyOfRange(bytes, lastStart, end);
    if (lastStart == 0) {
      return new TrailTail(last, torn, null);
    }
    int beforeEnd = lastStart - 1;
    int beforeStart = lastLineEnd(bytes, beforeEnd) + 1;
    if (beforeStart == 0 && !whole) {
      return null;
    }
    return new TrailTail(last, torn, Arrays.copyOfRange(bytes, beforeStart, beforeEnd));
  }

  /** The index of the last line end before {@code end}, or -1. */
  private static int lastLineEnd(byte[] bytes, int end) {
    for (int i = end - 1; i >= 0; i--) {
      if (bytes[i] == '\n') {
        return i;
      }
    }
    return -1;
  }

  private static byte[] readFrom(FileChannel channel, long position, int length)
      throws IOException {
    ByteBuffer buffer = ByteBuffer.allocate(length);
    while (buffer.hasRemaining()) {
      if (channel.read(buffer, position + buffer.position()) < 0) {
        break;
      }
    }
    return Arrays.copyOf(buffer.array(), buffer.position());
  }

  /** {@return the hash of the last line: what the next record names as the line before it} */
  String lastSha256() {
    return AuditChain.sha256(last);
  }
}
