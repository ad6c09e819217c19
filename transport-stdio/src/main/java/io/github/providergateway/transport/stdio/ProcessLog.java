package io.github.providergateway.transport.stdio;

import io.github.providergateway.loop.base.DaemonThreads;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.Objects;

/**
 * A process's log file ({@code <home>/logs/<name>.log}, or the detached gateway's {@code
 * gateway.log}): what the process writes (a child's stderr, {@link ChildProcess.Spec#log}) and the
 * gateway's notes on its life (started, exited, restarting, refused, closed and why), marked {@code
 * [provider-gateway <time>]}, in one file that tells what happened. With no file, nothing is
 * written.
 *
 * <p><b>Bound.</b> A log keeps its newest output: one file holds at most {@link #MAX_FILE_BYTES};
 * the append that would pass it first renames the file {@code <name>.log.1} (deleting the one
 * before) and starts a new one with a line saying how many bytes were dropped so far. So one log
 * takes at most twice {@link #MAX_FILE_BYTES} on disk, whoever writes it: every writer of a file in
 * this JVM (each {@code ProcessLog} and child of one name) shares its bound. The process is never
 * held back by its log: what is dropped is still read. Thread-safe.
 */
public final class ProcessLog {

  /** The most one file of a log holds: 4 MiB; a log keeps this file and the one before. */
  public static final long MAX_FILE_BYTES = LogFile.MAX_BYTES;

  private final LogFile file;
  private final Clock clock;

  /**
   * A log that appends to {@code file}.
   *
   * @param file the log file, or null for none
   * @param clock stamps each note (the gateway's clock)
   */
  public ProcessLog(Path file, Clock clock) {
    this.file = file == null ? null : LogFile.of(file);
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  /**
   * Appends one note; a log that cannot be written never stops the process.
   *
   * @param text the note, one line
   */
  public void note(String text) {
    if (file == null) {
      return;
    }
    byte[] line =
        ("[provider-gateway " + Instant.now(clock) + "] " + text + System.lineSeparator())
            .getBytes(StandardCharsets.UTF_8);
    file.append(line, 0, line.length);
  }

  /**
   * {@return a stream that appends what it is given to the log, within its bound} Each write is one
   * append; it never throws, not even when the file cannot be written (then the bytes are dropped).
   * Closing it does nothing.
   */
  public OutputStream output() {
    return new OutputStream() {
      @Override
      public void write(int b) {
        write(new byte[] {(byte) b}, 0, 1);
      }

      @Override
      public void write(byte[] bytes, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, bytes.length);
        if (file != null) {
          file.append(bytes, offset, length);
        }
      }
    };
  }

  /**
   * Copies what a process writes ({@code stream}, its stderr or output) into the log until it ends,
   * on a daemon thread called {@code threadName}, reading at the pace it is written.
   *
   * @param stream the process's output; closed when it ends
   * @param threadName the copying thread's name
   */
  public void copy(InputStream stream, String threadName) {
    Objects.requireNonNull(stream, "stream");
    if (file == null) {
      DaemonThreads.start(threadName, () -> discard(stream));
      return;
    }
    file.copy(stream, threadName);
  }

  private static void discard(InputStream stream) {
    try (stream) {
      stream.transferTo(OutputStream.nullOutputStream());
    } catch (java.io.IOException ended) {
      // the process is gone
    }
  }
}
