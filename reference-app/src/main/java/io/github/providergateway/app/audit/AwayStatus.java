package io.github.providergateway.app.audit;

import io.github.providergateway.agent.hook.PersonAway;
import io.github.providergateway.gateway.event.Decision;
import io.github.providergateway.gateway.event.DecisionKind;
import io.github.providergateway.gateway.event.GatewayListener;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

/**
 * The person away on the status page (decision 321): {@code Away until 17:30 (gateway away): 2
 * calls held so far; …}, as {@code gateway status} prints it ({@link #line}), with the count of the
 * calls {@code gateway back} would list, without reading the whole trail for every snapshot of the
 * page:
 *
 * <ul>
 *   <li>the held calls this gateway decided and heard ({@link #decided}: its hooks' and its MCP
 *       front door's), from the later of the time away and this gateway's start;
 *   <li>those the command hook keeps in its spool while this gateway runs, read again only when the
 *       spool changed;
 *   <li>when the person went away before this gateway started, those in the trail from then to its
 *       start, counted once, on {@code reads} (the page says the count is under way until then).
 * </ul>
 *
 * <p>Thread-safe: the gateway tells it decisions on its loop, the page asks for the line on its
 * loop, and the one count of the trail runs on {@code reads}.
 */
public final class AwayStatus implements GatewayListener {

  /** The most held calls remembered as heard: far more than a day away makes. */
  static final int MAX_HEARD = 100_000;

  private final PersonAway person;
  private final Path file;
  private final Path logDir;
  private final Clock clock;
  private final Instant started;
  private final Executor reads;

  /** The times of the held calls heard since {@link #started}, oldest first. Under this. */
  private final Deque<Instant> heard = new ArrayDeque<>();

  /**
   * The trail's held calls from a time away to {@link #started}; null until counted. Under this.
   */
  private Counted before;

  /** The time away whose calls before {@link #started} are being counted, or null. Under this. */
  private Instant counting;

  /** The spool's held calls as last read, with what its stat said then. Under this. */
  private Spool spool;

  /** How many held calls the trail had from {@code since} to the gateway's start; -1: unread. */
  private record Counted(Instant since, int held) {}

  /** What a stat of the spool found, and how many of its calls were held from {@code from}. */
  private record Spool(Object key, Instant modified, long size, Instant from, int held) {}

  /**
   * The status of the person of {@code home}, for a gateway started at {@code started}.
   *
   * @param home the gateway's home, which holds {@value PersonAway#FILE} while the person is away
   * @param logDir its {@code logs/}: the trail and the hook's spool
   * @param clock the gateway's clock
   * @param started when this gateway started: what it hears begins here
   * @param reads where the trail is read, once, never the gateway's loop
   */
  public AwayStatus(Path home, Path logDir, Clock clock, Instant started, Executor reads) {
    this.person = PersonAway.of(home, clock);
    this.file = home.resolve(PersonAway.FILE);
    this.logDir = logDir;
    this.clock = clock;
    this.started = started;
    this.reads = reads;
  }

  @Override
  public synchronized void decided(Decision decision) {
    if (decision.kind() == DecisionKind.PRE_TOOL_USE
        && PersonAway.CODE.equals(decision.code())
        && !decision.time().isBefore(started)) {
      if (heard.size() == MAX_HEARD) {
        heard.removeFirst();
      }
      heard.addLast(decision.time());
    }
  }

  /**
   * {@return the line of the person away, with the calls held so far; empty when they are not away}
   * One stat of the away file, and of the spool; the trail is counted once, elsewhere.
   */
  public synchronized Optional<String> line() {
    Optional<PersonAway.Away> away = person.now();
    if (away.isEmpty()) {
      return Optional.empty();
    }
    Instant now = clock.instant();
    Instant since = HeldCalls.since(away.get(), file);
    Instant from = since.isAfter(started) ? since : started;
    int held = 0;
    for (Instant time : heard) {
      if (!time.isBefore(from)) {
        held++;
      }
    }
    Integer spooled = spooled(from, now);
    Integer earlier = since.isBefore(started) ? earlier(since) : Integer.valueOf(0);
    return Optional.of(
        line(
            away.get(), now, spooled == null || earlier == null ? null : held + spooled + earlier));
  }

  /**
   * The status line of the person {@code away}: {@code Away until 17:30 (gateway away): 2 calls
   * held so far; …}; the count left out when {@code held} is null.
   *
   * @param now the time it is said at (for the day in {@code until})
   * @param held the calls held so far, or null when they cannot be counted now
   */
  public static String line(PersonAway.Away away, Instant now, Integer held) {
    String count =
        held == null
            ? ""
            : (held == 1 ? "1 call" : held + " calls")
                + " held so far ('gateway back' lists them); ";
    return "Away "
        + away.untilText(now)
        + " (gateway away): "
        + count
        + "every agent's question is a deny kept for your return; 'gateway back' ends it";
  }

  /** The spool's held calls from {@code from}, read again only when it changed; null if unread. */
  private Integer spooled(Instant from, Instant now) {
    Path file = logDir.resolve(io.github.providergateway.app.home.HookSpool.FILE);
    BasicFileAttributes stat;
    try {
      stat = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    } catch (NoSuchFileException none) {
      spool = null;
      return 0;
    } catch (IOException | RuntimeException e) {
      return null;
    }
    Spool seen = spool;
    Instant modified = stat.lastModifiedTime().toInstant();
    if (seen != null
        && seen.key() != null
        && seen.key().equals(stat.fileKey())
        && seen.modified().equals(modified)
        && seen.size() == stat.size()
        && seen.from().equals(from)) {
      return seen.held();
    }
    try {
      int held = HeldCalls.inSpool(logDir, from, now).size();
      spool = new Spool(stat.fileKey(), modified, stat.size(), from, held);
      return held;
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /**
   * The trail's held calls from {@code since} to this gateway's start, once counted; null while
   * they are counted (the first call starts it on {@link #reads}) or could not be.
   */
  private Integer earlier(Instant since) {
    if (before != null && before.since().equals(since)) {
      return before.held() < 0 ? null : before.held();
    }
    if (!since.equals(counting)) {
      counting = since;
      try {
        reads.execute(() -> count(since));
      } catch (RejectedExecutionException stopping) {
        counting = null;
      }
    }
    return null;
  }

  private void count(Instant since) {
    Counted counted;
    try {
      counted = new Counted(since, HeldCalls.inTrail(logDir, since, started.minusNanos(1)).size());
    } catch (IOException | RuntimeException e) {
      counted = new Counted(since, -1); // not counted again for each snapshot: no count shown
    }
    synchronized (this) {
      if (since.equals(counting)) {
        before = counted;
        counting = null;
      }
    }
  }
}
