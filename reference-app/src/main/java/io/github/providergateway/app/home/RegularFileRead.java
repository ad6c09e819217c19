package io.github.providergateway.app.home;

import io.github.providergateway.loop.Scheduler;
import io.github.providergateway.loop.SystemScheduler;
import java.io.IOException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Reads a file its caller found to be a regular file, within a deadline, so that the file swapped
 * for a FIFO between that check and the open cannot hang the reader (issue 61: a FIFO's open waits
 * for a writer, and its read for data, for ever). When the deadline passes, a watchdog ends the
 * wait: it opens a FIFO still waiting for a writer for writing (which completes the open) and
 * closes the channel a read waits on (which ends the read); the read then fails, saying so. A link
 * is never followed, and what was read counts only if the file is still a regular one afterwards.
 */
public final class RegularFileRead {

  /** The deadline of {@link #read(Path, int)}: a regular file of a few KiB takes microseconds. */
  public static final Duration DEADLINE = Duration.ofSeconds(2);

  /** The watchdogs' clock when the caller brings none: created when first needed. */
  private static final class SystemTime {
    static final SystemScheduler SCHEDULER = new SystemScheduler();
  }

  private RegularFileRead() {}

  /**
   * At most {@code max + 1} bytes of {@code file} (the caller sees it grew past {@code max}), read
   * within {@link #DEADLINE} of real time.
   *
   * @throws IOException when it cannot be read, is no longer a regular file, or the deadline passed
   */
  public static byte[] read(Path file, int max) throws IOException {
    return read(file, max, SystemTime.SCHEDULER, DEADLINE);
  }

  /**
   * As {@link #read(Path, int)}, the deadline {@code deadline} on {@code scheduler} (a test's
   * manual clock).
   */
  public static byte[] read(Path file, int max, Scheduler scheduler, Duration deadline)
      throws IOException {
    AtomicBoolean late = new AtomicBoolean();
    AtomicReference<FileChannel> reading = new AtomicReference<>();
    Scheduler.Cancellable watchdog =
        scheduler.schedule(
            deadline,
            () -> {
              late.set(true);
              FileChannel channel = reading.get();
              if (channel != null) {
                closeQuietly(channel);
              } else {
                completeTheOpen(file);
              }
            });
    try (FileChannel channel =
        FileChannel.open(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
      reading.set(channel);
      if (late.get()) {
        throw late(file, deadline);
      }
      byte[] bytes = readUpTo(channel, max + 1);
      if (late.get()) {
        throw late(file, deadline);
      }
      BasicFileAttributes after =
          Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
      if (!after.isRegularFile()) {
        throw new IOException(file + " is not a regular file (it changed while it was read)");
      }
      return bytes;
    } catch (ClosedChannelException closedByTheWatchdog) {
      throw late(file, deadline);
    } finally {
      watchdog.cancel();
    }
  }

  private static byte[] readUpTo(FileChannel channel, int limit) throws IOException {
    // Through the channel, so that the watchdog's close ends a read that waits.
    return java.nio.channels.Channels.newInputStream(channel).readNBytes(limit);
  }

  private static IOException late(Path file, Duration deadline) {
    return new IOException(
        file
            + " was not read within "
            + deadline.toMillis()
            + " ms: it is no regular file now (a FIFO?)");
  }

  /**
   * Opens {@code file} for writing if it is a FIFO, so that a reader's open waiting for one ends.
   */
  static void completeTheOpen(Path file) {
    try {
      BasicFileAttributes now =
          Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
      if (now.isOther()) {
        // A FIFO: opened for reading and writing, which never waits (Linux), whether a reader
        // waits in its open (this open ends that wait, and its close is the reader's end of file)
        // or has already gone (a write-only open would then wait for a reader that never comes:
        // the watchdog would hang). Nothing is written, and a regular file is never opened here.
        FileChannel.open(
                file, StandardOpenOption.READ, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS)
            .close();
      }
    } catch (IOException | RuntimeException gone) {
      // Nothing to end: the file is gone or the open completed meanwhile.
    }
  }

  private static void closeQuietly(FileChannel channel) {
    try {
      channel.close();
    } catch (IOException ignored) {
      // the reader sees its channel closed either way
    }
  }
}
