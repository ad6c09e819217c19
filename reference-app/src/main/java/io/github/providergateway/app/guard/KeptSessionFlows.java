package io.github.providergateway.app.guard;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.agent.guard.GitRemotes;
import io.github.providergateway.agent.guard.SessionFlows;
import io.github.providergateway.agent.guard.SessionFlowsFile;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * The gateway's record of what each session has seen (the guard's flow rules), kept in its home
 * ({@link SessionFlowsFile}) so that a session renewed after a restart goes on with its past. Read
 * once at the start; written after changes, off the caller's thread, one write at a time (changes
 * that come while one is under way are in the next), and once more at the close.
 *
 * <p>A file that cannot be read is named as a problem, and for {@link #UNKNOWN_FOR} every session
 * the gateway has not seen before starts as having seen untrusted content: one renewed after the
 * restart cannot be told from a new one, and must not start clean by accident.
 */
public final class KeptSessionFlows implements AutoCloseable {

  /** How long after a start with an unreadable file new sessions count as unknown. */
  public static final Duration UNKNOWN_FOR = Duration.ofMinutes(30);

  private final Path home;
  private final Executor writes;
  private final Consumer<String> problems;
  private final SessionFlows flows;
  private final AtomicBoolean queued = new AtomicBoolean();

  private KeptSessionFlows(Path home, Clock clock, Executor writes, Consumer<String> problems) {
    this.home = requireNonNull(home, "home");
    this.writes = requireNonNull(writes, "writes");
    this.problems = requireNonNull(problems, "problems");
    this.flows = new SessionFlows(clock, GitRemotes::of, changed -> queue());
  }

  /**
   * Opens the home's record: what the last gateway kept, or nothing.
   *
   * @param home the gateway's home
   * @param clock the gateway's clock
   * @param writes where the file is written, off the decisions' way
   * @param problems told of a file that cannot be read or written
   * @return the record
   */
  public static KeptSessionFlows open(
      Path home, Clock clock, Executor writes, Consumer<String> problems) {
    KeptSessionFlows kept = new KeptSessionFlows(home, clock, writes, problems);
    try {
      SessionFlowsFile.Kept file = SessionFlowsFile.read(home);
      kept.flows.restore(file.sessions(), file.links());
    } catch (IOException | RuntimeException e) {
      String why =
          "the gateway could not read what sessions had seen before it started ("
              + e.getMessage()
              + ")";
      problems.accept(SessionFlowsFile.NAME + ": " + why);
      kept.flows.unknownUntil(clock.instant().plus(UNKNOWN_FOR), why);
    }
    return kept;
  }

  /** {@return the sessions' pasts} */
  public SessionFlows flows() {
    return flows;
  }

  private void queue() {
    if (queued.compareAndSet(false, true)) {
      try {
        writes.execute(this::write);
      } catch (RejectedExecutionException e) {
        queued.set(false); // closing: close() writes the last
      }
    }
  }

  private void write() {
    queued.set(false);
    try {
      SessionFlowsFile.write(home, flows);
    } catch (IOException | RuntimeException e) {
      problems.accept(SessionFlowsFile.NAME + ": not written (" + e.getMessage() + ")");
    }
  }

  /** Writes the record once more, as it is. */
  @Override
  public void close() {
    write();
  }
}
