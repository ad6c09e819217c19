package io.github.providergateway.app.home;

import io.github.providergateway.gateway.event.Decision;
import io.github.providergateway.gateway.event.GatewayListener;
import io.github.providergateway.host.AuditJson;
import io.github.providergateway.loop.base.DaemonThreads;
import io.github.providergateway.loop.base.OwnerOnlyFiles;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.EnumSet;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The audit trail on disk: each {@link Decision} one JSON line in {@code <home>/logs/audit.jsonl}
 * (the shape {@code audit.query} replies with), owner-only, rotated by size: past {@code maxBytes}
 * the file becomes {@code audit.1.jsonl}, that one {@code audit.2.jsonl} and so on, and the oldest
 * beyond {@code files} is deleted, so the trail holds at most {@code files × (maxBytes + one line)}
 * bytes.
 *
 * <p>The gateway loop only offers a decision to a bounded queue ({@value #QUEUE} records); one
 * writer thread writes. A full queue drops the decision and counts it (the next line written says
 * how many were dropped), so a slow disk never holds the loop.
 */
public final class AuditFile implements GatewayListener, AutoCloseable {

  private static final System.Logger LOG = System.getLogger(AuditFile.class.getName());

  /** Records waiting to be written, at most. */
  static final int QUEUE = 10_000;

  /** Defaults: 10 MiB a file, 5 files. */
  public static final long DEFAULT_MAX_BYTES = 10L << 20;

  /** Defaults: see {@link #DEFAULT_MAX_BYTES}. */
  public static final int DEFAULT_FILES = 5;

  /** Tells the writer to stop; compared by identity, so its fields mean nothing. */
  private static final Decision STOP =
      Decision.builder(
              java.time.Instant.EPOCH,
              io.github.providergateway.gateway.event.DecisionKind.OTHER,
              Decision.Outcome.OK)
          .build();

  private final Path dir;
  private final long maxBytes;
  private final int files;
  private final BlockingQueue<Decision> queue = new ArrayBlockingQueue<>(QUEUE);
  private final AtomicLong dropped = new AtomicLong();
  private final Thread writer;
  private FileChannel current;

  /**
   * Starts the trail's writer thread over {@code dir}.
   *
   * @throws IllegalArgumentException when {@code maxBytes} or {@code files} is not positive
   */
  public AuditFile(Path dir, long maxBytes, int files) {
    if (maxBytes < 1 || files < 1) {
      throw new IllegalArgumentException("maxBytes and files must be positive");
    }
    this.dir = dir;
    this.maxBytes = maxBytes;
    this.files = files;
    this.writer = DaemonThreads.start("audit-writer", this::writeAll);
  }

  /** The file being written. */
  Path file() {
    return current(dir);
  }

  /** The {@code n}th older file, {@code audit.n.jsonl}. */
  Path older(int n) {
    return older(dir, n);
  }

  /** The file a trail in {@code dir} is written to, {@code audit.jsonl}. */
  public static Path current(Path dir) {
    return dir.resolve("audit.jsonl");
  }

  /** The {@code n}th older file of a trail in {@code dir}, {@code audit.n.jsonl}. */
  public static Path older(Path dir, int n) {
    return dir.resolve("audit." + n + ".jsonl");
  }

  @Override
  public void decided(Decision decision) {
    if (!queue.offer(decision)) {
      dropped.incrementAndGet();
    }
  }

  private void writeAll() {
    try {
      while (true) {
        Decision decision = queue.take();
        if (decision == STOP) {
          return;
        }
        write(decision);
      }
    } catch (InterruptedException stopped) {
      Thread.currentThread().interrupt();
    } finally {
      closeCurrent();
    }
  }

  private void write(Decision decision) {
    var line = AuditJson.decision(decision);
    long lost = dropped.getAndSet(0);
    if (lost > 0) {
      line.put("droppedBefore", lost); // the queue was full: this many records were not written
    }
    byte[] bytes = (line.toString() + "\n").getBytes(StandardCharsets.UTF_8);
    try {
      if (current == null) {
        current = open();
      }
      current.write(ByteBuffer.wrap(bytes));
      if (current.size() >= maxBytes) {
        rotate();
      }
    } catch (IOException e) {
      LOG.log(
          System.Logger.Level.WARNING,
          "cannot write the audit trail to " + file() + ": " + e.getMessage());
      closeCurrent();
    }
  }

  private FileChannel open() throws IOException {
    OwnerOnlyFiles.createDirectories(dir);
    Path file = file();
    if (!Files.exists(file)) {
      // Created owner-only at once, never written first and narrowed after.
      OwnerOnlyFiles.createFile(file);
    }
    return FileChannel.open(file, EnumSet.of(StandardOpenOption.WRITE, StandardOpenOption.APPEND));
  }

  private void rotate() throws IOException {
    closeCurrent();
    Files.deleteIfExists(older(files - 1));
    for (int n = files - 2; n >= 1; n--) {
      if (Files.exists(older(n))) {
        Files.move(older(n), older(n + 1), StandardCopyOption.REPLACE_EXISTING);
      }
    }
    if (files > 1) {
      Files.move(file(), older(1), StandardCopyOption.REPLACE_EXISTING);
    } else {
      Files.delete(file());
    }
  }

  private void closeCurrent() {
    if (current != null) {
      try {
        current.close();
      } catch (IOException ignored) {
        // nothing more to write to it
      }
      current = null;
    }
  }

  /** Writes what is queued (for at most 2 s), then stops the writer. */
  @Override
  public void close() {
    try {
      if (queue.offer(STOP, 1, TimeUnit.SECONDS)) {
        writer.join(2_000);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    writer.interrupt();
  }
}
