package io.github.providergateway.app;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;

/** An app's stdin in a test: text the test adds, as it adds it, then EOF. */
public final class ScriptedInput extends InputStream {

  private static final byte[] EOF = new byte[0];
  private final BlockingQueue<byte[]> chunks = new LinkedBlockingQueue<>();
  private byte[] chunk = new byte[0];
  private int position;
  private boolean ended;

  public void add(String text) {
    chunks.add(text.getBytes(StandardCharsets.UTF_8));
  }

  public void end() {
    chunks.add(EOF);
  }

  @Override
  public int read() throws IOException {
    byte[] one = new byte[1];
    return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
  }

  @Override
  public synchronized int read(byte[] buffer, int offset, int length) throws IOException {
    if (length == 0) {
      return 0;
    }
    while (!ended && position == chunk.length) {
      try {
        chunk = chunks.take();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted", e);
      }
      position = 0;
      ended = chunk == EOF;
    }
    if (ended) {
      return -1;
    }
    int count = Math.min(length, chunk.length - position);
    System.arraycopy(chunk, position, buffer, offset, count);
    position += count;
    return count;
  }
}
