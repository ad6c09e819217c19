package io.github.providergateway.app.audit;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.app.home.RegularFileRead;
import io.github.providergateway.gateway.event.Decision;
import io.github.providergateway.gateway.event.GatewayListener;
import io.github.providergateway.host.AuditJson;
import io.github.providergateway.loop.base.DaemonThreads;
import io.github.providergateway.protocol.SessionInfo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * The audit trail on disk: each {@link Decision} one JSON line in {@code <home>/logs/audit.jsonl}
 * (the shape {@code audit.query} replies with), owner-only, rotated by size: past {@code maxBytes}
 * the file becomes {@code audit.1.jsonl}, that one {@code audit.2.jsonl} and so on, and the oldest
 * beyond {@code files} is deleted, so the trail holds at most {@code files × (maxBytes + one line)}
 * bytes.
 *
 * <p>The lines are one hash chain across the files (issue 66, {@link AuditChain}, {@link
 * ChainedTrail}): each record carries {@code seq}, {@code prev} (the hash of the line before),
 * {@code host} and {@code policy}, so that {@code gateway audit verify} names the first record
 * changed, removed or inserted.
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

  /** Records written to the disk at most in one batch: one lock and one head write for each. */
  private static final int BATCH = 256;

  private final Path dir;
  private final BlockingQueue<Decision> queue = new ArrayBlockingQueue<>(QUEUE);
  private final AtomicLong dropped = new AtomicLong();
  private final SessionAgents agents = new SessionAgents();
  private final Thread writer;

  /**
   * Starts the trail's writer thread over {@code dir}, with this machine's id ({@link
   * HostId#thisMachine}) and the built-in policy ({@value AuditChain#BUILTIN_POLICY}).
   *
   * @throws IllegalArgumentException when {@code maxBytes} or {@code files} is not positive
   */
  public AuditFile(Path dir, long maxBytes, int files) {
    this(dir, maxBytes, files, () -> AuditChain.BUILTIN_POLICY);
  }

  /**
   * Starts the trail's writer thread over {@code dir}, with this machine's id ({@link
   * HostId#thisMachine}).
   *
   * @param policy the policy version in force, asked on the writer thread as each record is written
   *     (within moments of its decision): cheap, thread-safe, never throwing; null or blank is
   *     written {@code unknown}
   * @throws IllegalArgumentException when {@code maxBytes} or {@code files} is not positive
   */
  public AuditFile(Path dir, long maxBytes, int files, Supplier<String> policy) {
    this(dir, maxBytes, files, HostId::thisMachine, policy);
  }

  /**
   * Starts the trail's writer thread over {@code dir}.
   *
   * @param host this machine's id in the records, asked once, on the writer thread (it may read
   *     files)
   * @param policy as for {@link #AuditFile(Path, long, int, Supplier)}
   * @throws IllegalArgumentException when {@code maxBytes} or {@code files} is not positive
   */
  public AuditFile(
      Path dir, long maxBytes, int files, Supplier<String> host, Supplier<String> policy) {
    if (maxBytes < 1 || files < 1) {
      throw new IllegalArgumentException("maxBytes and files must be positive");
    }
    Objects.requireNonNull(host, "host");
    Objects.requireNonNull(policy, "policy");
    this.dir = dir;
    this.writer =
        DaemonThreads.start(
            "audit-writer",
            () -> writeAll(new ChainedTrail(dir, maxBytes, files, host.get(), policy)));
  }

  /** The file being written. */
  Path file() {
    return current(dir);
  }

  /** The {@code n}th older file, {@code audit.n.jsonl}. */
  Path older(int n) {
    return older(dir, n);
  }

  /**
   * The most of one file of a trail read back: the gateway rotates at {@link #DEFAULT_MAX_BYTES},
   * so a larger file is none of its trail.
   */
  public static final int MAX_READ_BYTES = 256 << 20;

  /**
   * A file of a trail read back whole ({@code gateway audit}, {@code gateway audit verify}): never
   * through a link, and a FIFO put in its place cannot hang the read.
   *
   * @param file the file
   * @return its bytes
   * @throws IOException when it is a link or not a regular file, larger than {@value
   *     #MAX_READ_BYTES} bytes, or cannot be read
   */
  public static byte[] readBack(Path file) throws IOException {
    if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
      throw new IOException(file + " is not a regular file: the gateway's trail is one");
    }
    byte[] bytes = RegularFileRead.read(file, MAX_READ_BYTES);
    if (bytes.length > MAX_READ_BYTES) {
      throw new IOException(
          file + " is larger than " + (MAX_READ_BYTES >> 20) + " MiB: not the gateway's trail");
    }
    return bytes;
  }

  /** The file a trail in {@code dir} is written to, {@code audit.jsonl}. */
  public static Path current(Path dir) {
    return dir.resolve("audit.jsonl");
  }

  /** The {@code n}th older file of a trail in {@code dir}, {@code audit.n.jsonl}. */
  public static Path older(Path dir, int n) {
    return dir.resolve("audit." + n + ".jsonl");
  }

  /**
   * {@return the agent {@code decision}'s record names, as its line in the trail does: the agent
   * whose hook took it, else the one whose window opened its session; null for neither} For the
   * console's {@code audit}, whose lines name it as {@code gateway audit}'s do (issue 77).
   */
  public String agentOf(Decision decision) {
    return agents.of(decision);
  }

  /** Remembers which agent opened the session, so its records name it ({@code agent}). */
  @Override
  public void sessionStarted(SessionInfo session) {
    agents.started(session);
  }

  @Override
  public void decided(Decision decision) {
    if (!queue.offer(decision)) {
      dropped.incrementAndGet();
    }
  }

  private void writeAll(ChainedTrail trail) {
    List<Decision> batch = new ArrayList<>();
    try {
      while (true) {
        batch.clear();
        batch.add(queue.take());
        queue.drainTo(batch, BATCH - 1);
        boolean stop = batch.removeIf(decision -> decision == STOP); // by identity
        write(trail, batch);
        if (stop) {
          return;
        }
      }
    } catch (InterruptedException stopped) {
      Thread.currentThread().interrupt();
    } finally {
      trail.close();
    }
  }

  private void write(ChainedTrail trail, List<Decision> batch) {
    List<ObjectNode> records = new ArrayList<>(batch.size());
    for (Decision decision : batch) {
      ObjectNode line = AuditJson.decision(decision);
      String agent = agents.of(decision);
      if (agent != null) {
        line.put("agent", agent);
      }
      long lost = dropped.getAndSet(0);
      if (lost > 0) {
        line.put("droppedBefore", lost); // the queue was full: this many records were not written
      }
      records.add(line);
    }
    try {
      trail.write(records);
    } catch (IOException e) {
      LOG.log(
          System.Logger.Level.WARNING,
          "cannot write the audit trail to " + file() + ": " + e.getMessage());
      trail.closeCurrent();
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
