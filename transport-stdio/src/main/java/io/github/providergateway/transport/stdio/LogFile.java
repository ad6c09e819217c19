package io.github.providergateway.transport.stdio;

import io.github.providergateway.loop.base.DaemonThreads;
import io.github.providergateway.loop.base.OwnerOnlyFiles;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * One log file of bounded size, the newest output kept: appends go to {@code <file>} until the next
 * would take it past {@code maxBytes}; then it becomes {@code <file>.1} (the {@code .1} before it
 * is deleted, its bytes counted as dropped) and a new {@code <file>} begins with a line saying how
 * many bytes were dropped so far. So a log never takes more than twice its bound on disk (a single
 * append larger than the bound is written whole, into a file of its own).
 *
 * <p>There is one instance per file in this JVM ({@link #of}), shared by every writer (a child's
 * stderr, the gateway's notes, each run of one config entry), so the bound holds for all of them
 * together. It holds no file open: each append opens the file by name, never through a link planted
 * there, creating it owner-only. An append that cannot be written is dropped: a log is for people
 * and never stops a process. Thread-safe.
 */
final class LogFile {

  /** The most one file of a log holds before it is rotated: 4 MiB. */
  static final long MAX_BYTES = 4L << 20;

  /**
   * Every log file written in this JVM, by absolute path; a few dozen bytes each. Guarded by
   * itself.
   */
  private static final Map<Path, LogFile> FILES = new HashMap<>();

  /** Never through a link planted at the name. */
  private static final Set<OpenOption> APPEND =
      Set.of(
          StandardOpenOption.CREATE,
          StandardOpenOption.WRITE,
          StandardOpenOption.APPEND,
          LinkOption.NOFOLLOW_LINKS);

  private final Path file;
  private final Path previous;
  private final long maxBytes;

  /** Bytes deleted with rotated files since this JVM first wrote the log. Guarded by this. */
  private long droppedBytes;

  LogFile(Path file, long maxBytes) {
    this.file = file;
    this.previous = file.resolveSibling(file.getFileName() + ".1");
    this.maxBytes = maxBytes;
  }

  /** {@return the one instance for {@code file} in this JVM, bounded at {@link #MAX_BYTES}} */
  static LogFile of(Path file) {
    Path key = file.toAbsolutePath().normalize();
    synchronized (FILES) {
      return FILES.computeIfAbsent(key, path -> new LogFile(path, MAX_BYTES));
    }
  }

  /**
   * Appends {@code length} bytes of {@code bytes} from {@code offset}, rotating first if they would
   * not fit.
   */
  synchronized void append(byte[] bytes, int offset, int length) {
    try {
      long size = sizeOf(file);
      if (size > 0 && size + length > maxBytes) {
        rotate();
      }
      write(ByteBuffer.wrap(bytes, offset, length));
    } catch (IOException unwritable) {
      // Dropped: the log is for people; the process runs without it.
    }
  }

  /**
   * Copies {@code stream} into the log until it ends, on a daemon thread called {@code threadName}:
   * it reads on at the pace the stream is written, however much is dropped, so the process writing
   * it is never held back by its log.
   */
  void copy(InputStream stream, String threadName) {
    DaemonThreads.start(
        threadName,
        () -> {
          byte[] chunk = new byte[64 << 10];
          try (stream) {
            int read;
            while ((read = stream.read(chunk)) >= 0) {
              append(chunk, 0, read);
            }
          } catch (IOException ended) {
            // The pipe broke: the process is gone, which is the end of what it writes.
          }
        });
  }

  /**
   * {@code <file>} becomes {@code <file>.1}, replacing the one before; a new file starts with the
   * count.
   */
  private void rotate() throws IOException {
    droppedBytes += sizeOf(previous);
    // Moving a link planted at either name moves the link, never what it points to.
    Files.move(file, previous, StandardCopyOption.REPLACE_EXISTING);
    String note =
        "[provider-gateway] "
            + previous.getFileName()
            + " holds what was written before this file; "
            + droppedBytes
            + " bytes before it were dropped (each file of this log holds at most "
            + maxBytes
            + " bytes)"
            + System.lineSeparator();
    write(ByteBuffer.wrap(note.getBytes(StandardCharsets.UTF_8)));
  }

  private void write(ByteBuffer bytes) throws IOException {
    try (SeekableByteChannel out = OwnerOnlyFiles.open(file, APPEND)) {
      while (bytes.hasRemaining()) {
        out.write(bytes);
      }
    }
  }

  private static long sizeOf(Path path) throws IOException {
    try {
      return Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS)
          .size();
    } catch (NoSuchFileException none) {
      return 0;
    }
  }

  @Override
  public String toString() {
    return file + " (at most " + maxBytes + " bytes a file)";
  }
}
