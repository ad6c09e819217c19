package io.github.providergateway.app.audit;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.app.audit.AuditChain.Event;
import io.github.providergateway.app.audit.AuditChain.Head;
import io.github.providergateway.app.audit.AuditChain.Link;
import io.github.providergateway.app.home.RegularFileRead;
import io.github.providergateway.loop.base.OwnerOnlyFiles;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * The audit trail's files as one hash chain ({@link AuditChain}): appends records, rotates by size,
 * keeps the head file, and goes on with the chain from what is on disk, whoever wrote it last.
 * {@link AuditFile}'s writer thread is its only caller in a process.
 *
 * <p>More than one process writes a home's trail: the gateway, and {@code gateway doctor}'s canary
 * records ({@code CanaryAudit}) while it runs. So each batch is written under a lock on {@value
 * AuditChain#LOCK_FILE} (one process at a time; and one writer of this JVM at a time, since a JVM
 * may not hold two locks on one file), and before writing, the writer checks that the file is still
 * the one it wrote last, at the size it left it; if not, it reads the chain's end from disk again.
 * Two writers thereby make one chain, never a fork.
 *
 * <p>Where the chain found on disk does not run on (a torn last line, lines from before the chain,
 * a trail shorter than its head says, records with no head or with a head naming a record the trail
 * does not hold: {@link HeadCheck}), the writer says so in a record of kind {@value
 * AuditChain#KIND} before its own, never silently; so does rotation when it deletes the oldest
 * file.
 */
final class ChainedTrail {

  /** The writers of this JVM, by trail folder: a JVM may not hold two locks on one file. */
  private static final Map<Path, ReentrantLock> WRITERS_IN_THIS_JVM = new ConcurrentHashMap<>();

  private final Path dir;
  private final long maxBytes;
  private final int files;
  private final String host;
  private final Supplier<String> policy;

  /** The lock file's channel, opened at the first batch. Writer thread only. */
  private FileChannel lock;

  /** The file being appended to, or null when it must be opened (and the chain read) again. */
  private FileChannel current;

  /** Which file {@link #current} is ({@link BasicFileAttributes#fileKey}). Writer thread only. */
  private Object currentKey;

  /** The size this writer left {@link #current} at. Writer thread only. */
  private long written;

  /** The last record's sequence number, 0 before the first. Writer thread only. */
  private long seq;

  /** The hash of the last line on disk, or {@link AuditChain#GENESIS}. Writer thread only. */
  private String prev = AuditChain.GENESIS;

  ChainedTrail(Path dir, long maxBytes, int files, String host, Supplier<String> policy) {
    this.dir = dir;
    this.maxBytes = maxBytes;
    this.files = files;
    this.host = host;
    this.policy = policy;
  }

  /** The file being written, {@code audit.jsonl}. */
  private Path file() {
    return AuditFile.current(dir);
  }

  private Path older(int n) {
    return AuditFile.older(dir, n);
  }

  /**
   * Appends {@code records} (decisions in {@code AuditJson}'s shape, each with its {@code time}) to
   * the chain, rotating as the files fill, then writes the head.
   *
   * @throws IOException when the trail cannot be written; the next batch reads the chain's end from
   *     disk again
   */
  void write(List<ObjectNode> records) throws IOException {
    if (records.isEmpty()) {
      return;
    }
    OwnerOnlyFiles.createDirectories(dir);
    ReentrantLock inThisJvm =
        WRITERS_IN_THIS_JVM.computeIfAbsent(
            dir.toAbsolutePath().normalize(), d -> new ReentrantLock());
    inThisJvm.lock();
    try {
      if (lock == null) {
        lock =
            OwnerOnlyFiles.open(
                dir.resolve(AuditChain.LOCK_FILE),
                Set.<OpenOption>of(
                    StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE,
                    LinkOption.NOFOLLOW_LINKS));
      }
      try (FileLock held = lock.lock()) {
        writeLocked(records);
      }
    } finally {
      inThisJvm.unlock();
    }
  }

  private void writeLocked(List<ObjectNode> records) throws IOException {
    String firstTime = records.get(0).path("time").asText();
    if (!stillOurs()) {
      closeCurrent();
      resume(firstTime);
    }
    for (ObjectNode record : records) {
      append(record);
      if (written >= maxBytes) {
        rotate(record.path("time").asText());
      }
    }
    if (seq > 0) {
      OwnerOnlyFiles.replace(dir.resolve(AuditChain.HEAD_FILE), AuditChain.head(seq, prev));
    }
  }

  /** Whether {@code audit.jsonl} is still the file this writer left, at the size it left it. */
  private boolean stillOurs() throws IOException {
    if (current == null) {
      return false;
    }
    try {
      BasicFileAttributes now =
          Files.readAttributes(file(), BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
      return Objects.equals(now.fileKey(), currentKey) && now.size() == written;
    } catch (NoSuchFileException gone) {
      return false;
    }
  }

  /**
   * Reads the chain's end from disk and goes on from it: from the last line of {@code audit.jsonl},
   * else of {@code audit.1.jsonl} (rotated, and no record since), else from the head (a trail that
   * is gone), else from {@link AuditChain#GENESIS}. Says in a record where it cannot simply go on.
   */
  private void resume(String time) throws IOException {
    TrailTail tail = tailOf(file());
    boolean inCurrent = tail != null;
    if (tail == null) {
      tail = tailOf(older(1));
    }
    Head head = readHead();
    open();
    if (tail == null) {
      seq = 0;
      prev = AuditChain.GENESIS;
      if (head != null) {
        seq = head.seq();
        prev = head.sha256();
        mark(
            time,
            Event.AFTER_TRUNCATION,
            "resumed",
            "no file of the trail was found, yet its head says it reached seq "
                + head.seq()
                + ": the trail was removed before this writer started",
            event -> event.put("headSeq", head.seq()).put("lastSeq", 0));
      }
      return;
    }
    prev = tail.lastSha256();
    Link last = tail.torn() ? null : AuditChain.link(tail.last());
    if (last != null) {
      seq = last.seq();
      checkHead(time, head, last.seq(), prev);
      return;
    }
    byte[] beforeLine = tail.before();
    if (beforeLine == null && inCurrent) {
      // The line is the first of audit.jsonl: the record before it ends the rotated file.
      TrailTail older = tailOf(older(1));
      beforeLine = older == null || older.torn() ? null : older.last();
    }
    Link before = beforeLine == null ? null : AuditChain.link(beforeLine);
    seq = before == null ? 0 : before.seq();
    int bytes = tail.last().length;
    if (tail.torn()) {
      if (inCurrent) {
        // Ends the half line, so that the record saying so starts a line of its own.
        writeBytes(new byte[] {'\n'});
      }
      mark(
          time,
          Event.AFTER_TORN,
          "resumed",
          "the line before is a torn record of "
              + bytes
              + " bytes (a writer stopped mid-line): the chain goes on from it",
          event -> event.put("bytes", bytes));
    } else if (AuditChain.object(tail.last()) != null) {
      mark(
          time,
          Event.AFTER_UNCHAINED,
          "resumed",
          "the lines before were written before the trail was chained: they are not checked",
          event -> event);
    } else {
      mark(
          time,
          Event.AFTER_NOT_A_RECORD,
          "resumed",
          "the line before (" + bytes + " bytes) is no record: the chain goes on from it",
          event -> event.put("bytes", bytes));
    }
    checkHead(
        time,
        head,
        before == null ? 0 : before.seq(),
        before == null ? null : AuditChain.sha256(beforeLine));
  }

  /**
   * Records where the head does not agree with the last record found ({@code lastSeq}, 0 when there
   * is none): a head that names more is a truncation; one missing where records exist, or naming a
   * record the trail does not hold with its hash, is a bad head (issue 78). Either is recorded
   * before this writer's own records, since it rewrites the head after them.
   */
  private void checkHead(String time, Head head, long lastSeq, String lastSha256)
      throws IOException {
    if (head != null && head.seq() > lastSeq) {
      seq = head.seq();
      mark(
          time,
          Event.AFTER_TRUNCATION,
          "resumed",
          "the trail ends at seq "
              + lastSeq
              + " but its head says it reached seq "
              + head.seq()
              + ": records were removed from its end before this writer started",
          event -> event.put("headSeq", head.seq()).put("lastSeq", lastSeq));
      return;
    }
    String wrong = lastSeq == 0 ? null : HeadCheck.problem(dir, head, lastSeq, lastSha256);
    if (wrong != null) {
      mark(
          time,
          Event.AFTER_BAD_HEAD,
          "resumed",
          wrong + ": records were cut or changed at its end before this writer started",
          event -> event.put("headSeq", head == null ? -1 : head.seq()).put("lastSeq", lastSeq));
    }
  }

  private static TrailTail tailOf(Path file) throws IOException {
    if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
      return null;
    }
    return TrailTail.read(file);
  }

  /** The head file's content, or null when there is none or it is no head. */
  private Head readHead() {
    Path head = dir.resolve(AuditChain.HEAD_FILE);
    if (!Files.isRegularFile(head, LinkOption.NOFOLLOW_LINKS)) {
      return null;
    }
    try {
      return AuditChain.head(RegularFileRead.read(head, 4096));
    } catch (IOException unreadable) {
      return null; // a head nobody can read proves nothing; verify says so
    }
  }

  /** A record of kind {@value AuditChain#KIND} that says what happened to the chain. */
  private void mark(
      String time,
      Event event,
      String outcome,
      String reason,
      java.util.function.UnaryOperator<ObjectNode> details)
      throws IOException {
    ObjectNode record = JsonNodeFactory.instance.objectNode();
    record.put("time", time);
    record.put("kind", AuditChain.KIND);
    record.put("outcome", outcome);
    record.put("reason", reason);
    ObjectNode chain = record.putObject(AuditChain.EVENT);
    chain.put("event", event.wire());
    details.apply(chain);
    append(record);
  }

  private void append(ObjectNode body) throws IOException {
    String version = policy.get();
    byte[] line =
        AuditChain.record(
                seq + 1,
                prev,
                host,
                version == null || version.isBlank() ? "unknown" : version,
                body)
            .toString()
            .getBytes(StandardCharsets.UTF_8);
    byte[] withEnd = java.util.Arrays.copyOf(line, line.length + 1);
    withEnd[line.length] = '\n';
    writeBytes(withEnd);
    seq++;
    prev = AuditChain.sha256(line);
  }

  private void writeBytes(byte[] bytes) throws IOException {
    ByteBuffer buffer = ByteBuffer.wrap(bytes);
    while (buffer.hasRemaining()) {
      current.write(buffer);
    }
    written += bytes.length;
  }

  private void open() throws IOException {
    Path file = file();
    if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
      // Created owner-only at once, never written first and narrowed after.
      OwnerOnlyFiles.createFile(file);
    }
    current =
        FileChannel.open(
            file, StandardOpenOption.WRITE, StandardOpenOption.APPEND, LinkOption.NOFOLLOW_LINKS);
    currentKey =
        Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).fileKey();
    written = current.size();
  }

  /**
   * {@code audit.jsonl} becomes {@code audit.1.jsonl}, and so on; the oldest beyond {@code files}
   * is deleted, and the new file's first record says which, with the hash of its last line, to
   * which the oldest file kept chains: so that verify knows the trail's start was cut by rotation.
   */
  private void rotate(String time) throws IOException {
    closeCurrent();
    Path removed = files > 1 ? older(files - 1) : file();
    TrailTail removedTail = tailOf(removed);
    if (files > 1) {
      Files.deleteIfExists(removed);
      for (int n = files - 2; n >= 1; n--) {
        if (Files.exists(older(n), LinkOption.NOFOLLOW_LINKS)) {
          Files.move(older(n), older(n + 1), StandardCopyOption.REPLACE_EXISTING);
        }
      }
      Files.move(file(), older(1), StandardCopyOption.REPLACE_EXISTING);
    } else {
      Files.delete(removed);
    }
    open();
    if (removedTail != null) {
      Link last = removedTail.torn() ? null : AuditChain.link(removedTail.last());
      String lastSha256 = removedTail.lastSha256();
      // The seq the oldest file kept goes on from: after a last line that is no record (a torn
      // one, or lines from before the chain), the record before it, else none (0).
      Link before =
          last != null || removedTail.before() == null
              ? null
              : AuditChain.link(removedTail.before());
      long lastSeq = last != null ? last.seq() : before == null ? 0 : before.seq();
      mark(
          time,
          Event.ROTATED,
          "rotated",
          "rotation removed "
              + removed.getFileName()
              + " (its last record seq "
              + lastSeq
              + "): the trail now starts after it",
          event ->
              event
                  .put("removed", removed.getFileName().toString())
                  .put("lastSeq", lastSeq)
                  .put("lastSha256", lastSha256));
    }
  }

  /** Closes the file being written; the next batch reads the chain's end from disk again. */
  void closeCurrent() {
    if (current != null) {
      try {
        current.close();
      } catch (IOException ignored) {
        // nothing more to write to it
      }
      current = null;
    }
  }

  /** Closes the files; a later batch would open them again. */
  void close() {
    closeCurrent();
    if (lock != null) {
      try {
        lock.close();
      } catch (IOException ignored) {
        // the lock went with the channel
      }
      lock = null;
    }
  }
}
