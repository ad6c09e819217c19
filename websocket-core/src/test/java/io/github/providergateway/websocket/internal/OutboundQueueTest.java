package io.github.providergateway.websocket.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.loop.TaskBatch;
import io.github.providergateway.loop.testing.ManualClock;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Function;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The outbound sender on fakes: a recording wire, an executor run by hand, a manual clock. */
class OutboundQueueTest {

  private static final Duration GRACE = Duration.ofSeconds(2);
  private static final CloseStatus GOODBYE =
      CloseStatuses.of(io.github.providergateway.gateway.spi.CloseReason.NORMAL);

  private final ManualClock time = new ManualClock();
  private final QueuedExecutor executor = new QueuedExecutor();
  private final RecordingWire wire = new RecordingWire();
  private final AtomicInteger goneReports = new AtomicInteger();

  // ---- the state table ----

  @ParameterizedTest(name = "{0} + {1} -> {2}")
  @CsvSource({
    "OPEN,     CLOSE_ASKED, DRAINING",
    "OPEN,     DRAINED,     OPEN",
    "OPEN,     ENDED,       GONE",
    "DRAINING, CLOSE_ASKED, DRAINING",
    "DRAINING, DRAINED,     CLOSING",
    "DRAINING, ENDED,       GONE",
    "CLOSING,  CLOSE_ASKED, CLOSING",
    "CLOSING,  DRAINED,     CLOSING",
    "CLOSING,  ENDED,       GONE",
    "GONE,     CLOSE_ASKED, GONE",
    "GONE,     DRAINED,     GONE",
    "GONE,     ENDED,       GONE"
  })
  void everyCellOfTheStateTable(
      OutboundQueue.State from, OutboundQueue.Event event, OutboundQueue.State to) {
    assertThat(from.after(event)).isEqualTo(to);
  }

  // ---- order and one write in flight ----

  @Test
  void anIdleConnectionEncodesAndStartsTheWriteOnTheCallingThread() {
    OutboundQueue<String> sender = inPump(bounds(8, 1 << 20));

    assertThat(sender.send("a")).isTrue();

    assertThat(wire.written()).containsExactly("a");
    assertThat(executor.pending()).as("no send thread woken").isZero();
  }

  @Test
  void aBusyConnectionQueuesInOrderAndKeepsOneWriteInFlight() {
    OutboundQueue<String> sender = inPump(bounds(8, 1 << 20));

    sender.send("a");
    sender.send("b");
    sender.send("c");
    executor.runAll(); // encodes b and c; a is still in flight
    assertThat(wire.written()).containsExactly("a");

    wire.completeNext();
    executor.runAll();
    wire.completeNext();

    assertThat(wire.writes())
        .as("what queued behind a write goes out in the next one")
        .containsExactly(List.of("a"), List.of("b", "c"));
    assertThat(wire.mostInFlight()).isEqualTo(1);
    assertThat(sender.inFlightBytes()).isZero();
  }

  @Test
  void oneWriteCarriesAtMostTheBatchBoundUnlessOneMessageIsLargerAlone() {
    OutboundQueue<String> sender = inPump(bounds(100, 1 << 22));
    String third = "x".repeat(OutboundQueue.MAX_BATCH_BYTES / 3);
    String whole = "y".repeat(OutboundQueue.MAX_BATCH_BYTES + 1);

    sender.send("first"); // in flight
    for (int i = 0; i < 4; i++) {
      sender.send(third);
    }
    sender.send(whole);
    executor.runAll();
    for (int i = 0; i < 4; i++) {
      wire.completeNext();
      executor.runAll();
    }

    assertThat(wire.writes())
        .extracting(List::size)
        .as("three thirds fit one write; the fourth and the oversized message go alone")
        .containsExactly(1, 3, 1, 1);
    assertThat(wire.written()).hasSize(6).endsWith(whole);
  }

  @Test
  void whileATaskBatchIsOpenAnIdleConnectionWritesOnceWhenItCloses() {
    OutboundQueue<String> sender = inPump(bounds(8, 1 << 20));

    TaskBatch.around(
        () -> {
          sender.send("a");
          sender.send("b");
          assertThat(wire.written()).as("held until the read is handled").isEmpty();
          sender.send("c");
        });

    assertThat(wire.writes()).containsExactly(List.of("a", "b", "c"));
    assertThat(executor.pending()).as("no send thread woken").isZero();
  }

  @Test
  void hostsEncodeOnSendAndAnIdleOneWritesOnTheCaller() {
    List<String> encodedOn = new ArrayList<>();
    OutboundQueue<String> sender =
        sender(
            bounds(8, 1 << 20),
            OutboundQueue.Encoding.ON_SEND,
            text -> {
              encodedOn.add(Thread.currentThread().getName());
              return UTF8.apply(text.toUpperCase());
            });

    sender.send("a");
    sender.send("b");
    assertThat(encodedOn).hasSize(2);
    assertThat(wire.written()).as("the idle connection wrote A at once").containsExactly("A");

    wire.completeNext();
    executor.runAll();

    assertThat(wire.written()).containsExactly("A", "B");
    assertThat(wire.mostInFlight()).isEqualTo(1);
  }

  @Test
  void writesThatCompleteAtOnceGoOnInOnePumpForSixteenThenYieldTheThread() {
    OutboundQueue<String> sender = inPump(bounds(100, 1 << 23));
    String large = "m".repeat(OutboundQueue.MAX_BATCH_BYTES / 2 + 1); // one per write
    sender.send("first"); // in flight, not completed
    for (int i = 0; i < 40; i++) {
      sender.send(large + i);
    }
    executor.runAll();
    wire.completeInline(true);

    wire.completeNext(); // a completion from another thread: schedules one pump
    assertThat(executor.pending()).isEqualTo(1);
    executor.runOne();

    assertThat(wire.written()).hasSize(1 + OutboundQueue.MAX_WRITES_PER_TURN);
    assertThat(executor.pending()).as("the rest waits its turn").isEqualTo(1);
    executor.runAll();
    assertThat(wire.written()).hasSize(41).endsWith(large + 39);
  }

  @Test
  void theBytesInFlightAreTheWritesMessagesAndTenBytesOfFrameHeaderEach() {
    OutboundQueue<String> sender = inPump(bounds(8, 1 << 20));

    sender.send("abc");
    assertThat(sender.inFlightBytes()).isEqualTo(3 + 10);
    sender.send("de");
    sender.send("fgh");
    executor.runAll();
    wire.completeNext();
    executor.runAll();

    assertThat(wire.writes()).last().isEqualTo(List.of("de", "fgh"));
    assertThat(sender.inFlightBytes()).isEqualTo(5 + 2 * 10);
  }

  @Test
  void oneWriteTakesMessagesUpToExactlyTheBatchBound() {
    OutboundQueue<String> sender = inPump(bounds(100, 1 << 22));
    String half = "h".repeat(OutboundQueue.MAX_BATCH_BYTES / 2);

    sender.send("first"); // in flight
    sender.send(half);
    sender.send(half);
    executor.runAll();
    wire.completeNext();
    executor.runAll();

    assertThat(wire.writes()).extracting(List::size).containsExactly(1, 2);
  }

  @Test
  void aCompletedWriteWithNothingWaitingWakesNoPump() {
    OutboundQueue<String> sender = inPump(bounds(8, 1 << 20));
    sender.send("a");

    wire.completeNext();

    assertThat(executor.pending()).as("no pump task for nothing").isZero();
    assertThat(sender.send("b")).isTrue();
    assertThat(wire.written()).containsExactly("a", "b");
  }

  @Test
  void aHostsSendAfterTheEndIsRefusedWithoutEncodingIt() {
    AtomicInteger encoded = new AtomicInteger();
    OutboundQueue<String> host =
        sender(
            bounds(8, 1 << 20),
            OutboundQueue.Encoding.ON_SEND,
            text -> {
              encoded.incrementAndGet();
              return UTF8.apply(text);
            });
    host.abort(CloseStatuses.goingAway());

    assertThat(host.send("late")).isFalse();

    assertThat(encoded).as("not worth encoding").hasValue(0);
    assertThat(wire.written()).isEmpty();
  }

  // ---- bounds ----

  @Test
  void exactlyTheByteBoundIsNotTooSlow() {
    OutboundQueue<String> sender = inPump(bounds(100, 10));

    sender.send("12345"); // in flight
    sender.send("67890");
    executor.runAll();

    assertThat(sender.state()).isEqualTo(OutboundQueue.State.OPEN);
    assertThat(sender.send("x")).isTrue();
    executor.runAll();
    assertThat(wire.closes())
        .as("one byte past it")
        .containsExactly(frame(CloseStatuses.tooSlow()));
  }

  @Test
  void aHostsMessageThatWouldPassTheByteBoundBehindAnotherIsRefusedOnSend() {
    OutboundQueue<String> host = sender(bounds(100, 10), OutboundQueue.Encoding.ON_SEND, UTF8);
    assertThat(host.send("x".repeat(20))).as("alone, in flight").isTrue();

    assertThat(host.send("y".repeat(20))).isFalse();

    assertThat(wire.closes()).containsExactly(frame(CloseStatuses.tooSlow()));
    assertThat(wire.written()).containsExactly("x".repeat(20));
  }

  @Test
  void theMessageBoundRefusesTheOneTooManyAndClosesAsTooSlow() {
    OutboundQueue<String> sender = inPump(bounds(3, 1 << 20));
    assertThat(sender.send("a")).isTrue(); // in flight
    assertThat(sender.send("b")).isTrue();
    assertThat(sender.send("c")).isTrue();

    assertThat(sender.send("d")).isFalse();

    assertThat(wire.closes()).containsExactly(frame(CloseStatuses.tooSlow()));
    assertThat(sender.state()).isEqualTo(OutboundQueue.State.GONE);
    assertThat(goneReports).hasValue(1);
  }

  @Test
  void oneMessageAloneMayPassTheByteBoundButASecondBehindItClosesTheConnection() {
    OutboundQueue<String> sender = inPump(bounds(100, 10));

    assertThat(sender.send("x".repeat(20))).isTrue();
    assertThat(sender.state())
        .as("one message alone is never too slow")
        .isEqualTo(OutboundQueue.State.OPEN);

    assertThat(sender.send("y")).isTrue(); // its bytes are known once the pump encodes it
    executor.runAll();

    assertThat(wire.closes()).containsExactly(frame(CloseStatuses.tooSlow()));
    assertThat(goneReports).hasValue(1);
  }

  @Test
  void withAStallGraceTheByteBoundActsOnlyOnceTheWriteInFlightIsOlderThanTheGrace() {
    OutboundQueue<String> sender =
        sender(
            OutboundQueue.Bounds.alone(100, 10, Duration.ofSeconds(2)),
            OutboundQueue.Encoding.ON_SEND,
            UTF8);
    sender.send("x".repeat(20));
    executor.runAll(); // in flight from now
    assertThat(sender.send("y".repeat(20))).as("a burst while the write is young").isTrue();

    time.advance(Duration.ofSeconds(2));
    assertThat(sender.send("z")).as("exactly at the grace").isTrue();
    time.advance(Duration.ofMillis(1));
    assertThat(sender.send("z")).as("past it").isFalse();

    assertThat(wire.closes()).containsExactly(frame(CloseStatuses.tooSlow()));
    assertThat(wire.written()).containsExactly("x".repeat(20));
  }

  @Test
  void theSharedBudgetIsToldWhenPassedAndGetsEveryByteBack() {
    OutboundBudget shared = new OutboundBudget(10);
    AtomicInteger exceeded = new AtomicInteger();
    OutboundQueue<String> sender =
        inPump(
            new OutboundQueue.Bounds(
                100, 1 << 20, Duration.ZERO, shared, exceeded::incrementAndGet));

    sender.send("12345678");
    assertThat(exceeded).as("within the budget: not told").hasValue(0);
    sender.send("12345678");
    executor.runAll();
    assertThat(exceeded).hasValue(1);
    assertThat(shared.queued()).isEqualTo(16);
    assertThat(sender.backlogBytesIfBehind()).isEqualTo(16);

    wire.completeNext();
    executor.runAll();
    assertThat(shared.queued()).isEqualTo(8);
    assertThat(sender.backlogBytesIfBehind())
        .as("only the one in flight: not behind")
        .isEqualTo(-1);

    sender.send("1234");
    sender.abort(CloseStatuses.goingAway());
    assertThat(shared.queued()).as("dropped with the connection").isZero();
    wire.completeNext(); // the write that was in flight completes late
    assertThat(shared.queued()).isZero();
  }

  // ---- closing ----

  @Test
  void closeWritesWhatIsQueuedThenTheCloseFrameAndIsGoneWhenTheSessionEnds() {
    OutboundQueue<String> sender = inPump(bounds(8, 1 << 20));
    sender.send("a");
    sender.send("b");

    sender.close(GOODBYE);
    assertThat(sender.send("c")).as("refused while draining").isFalse();
    executor.runAll();
    assertThat(wire.closes()).as("not before the queue is written").isEmpty();
    wire.completeNext();
    executor.runAll();
    wire.completeNext();
    executor.runAll();

    assertThat(wire.written()).containsExactly("a", "b");
    assertThat(wire.closes()).containsExactly(frame(GOODBYE));
    assertThat(sender.state()).isEqualTo(OutboundQueue.State.CLOSING);
    assertThat(goneReports).as("the peer has not answered the close yet").hasValue(0);

    sender.ended(GOODBYE);
    assertThat(sender.state()).isEqualTo(OutboundQueue.State.GONE);
    assertThat(goneReports).hasValue(1);
    time.advance(GRACE); // the grace abort finds it gone
    assertThat(goneReports).hasValue(1);
    assertThat(wire.closes()).hasSize(1);
  }

  @Test
  void aCloseThatOutlivesTheGraceIsAbortedWithItsReason() {
    OutboundQueue<String> sender = inPump(bounds(8, 1 << 20));
    sender.send("never written"); // the peer does not read
    sender.close(GOODBYE);
    executor.runAll();

    time.advance(GRACE.minusMillis(1));
    assertThat(sender.state()).isEqualTo(OutboundQueue.State.DRAINING);
    time.advance(Duration.ofMillis(1));

    assertThat(sender.state()).isEqualTo(OutboundQueue.State.GONE);
    assertThat(wire.closes()).containsExactly(frame(GOODBYE));
    assertThat(goneReports).hasValue(1);
  }

  @Test
  void everyWayToTheEndReportsGoneOnceAndTheTerminalStateIgnoresTheRest() {
    OutboundQueue<String> sender = inPump(bounds(8, 1 << 20));
    sender.send("a");

    assertThat(sender.abort(CloseStatuses.binaryRefused())).isTrue();
    assertThat(sender.abort(CloseStatuses.goingAway())).isFalse();
    sender.tooSlow("late");
    sender.ended(CloseStatuses.goingAway());
    sender.close(GOODBYE);
    sender.heartbeat(time.instant().plus(Duration.ofHours(1)), Duration.ofSeconds(1));
    sender.heartbeat(time.instant(), Duration.ofHours(1));
    wire.completeNext();
    executor.runAll();

    assertThat(sender.send("b")).isFalse();
    assertThat(sender.state()).isEqualTo(OutboundQueue.State.GONE);
    assertThat(goneReports).hasValue(1);
    assertThat(wire.closes()).containsExactly(frame(CloseStatuses.binaryRefused()));
    assertThat(wire.written()).containsExactly("a");
    assertThat(wire.pings()).isZero();
    AtomicInteger late = new AtomicInteger();
    sender.whenGone(late::incrementAndGet);
    assertThat(late).as("a listener added after the end runs at once").hasValue(1);
  }

  @Test
  void aSessionThatEndsUnderTheSenderIsGoneWithoutACloseFrame() {
    OutboundQueue<String> sender = inPump(bounds(8, 1 << 20));
    sender.send("a");

    sender.ended(CloseStatuses.goingAway());

    assertThat(wire.closes()).isEmpty();
    assertThat(goneReports).hasValue(1);
  }

  @Test
  void aFailedWriteClosesWithWriteFailed() {
    OutboundQueue<String> sender = inPump(bounds(8, 1 << 20));
    sender.send("a");
    sender.send("b");

    wire.failNext(new IOException("reset"));
    executor.runAll();

    assertThat(wire.closes()).containsExactly(frame(CloseStatuses.writeFailed()));
    assertThat(wire.written()).containsExactly("a");
    assertThat(goneReports).hasValue(1);
  }

  @Test
  void aMessageTheEncoderCannotWriteClosesOnlyThisConnectionWithInternalError() {
    Function<String, byte[]> encoder =
        text -> {
          if (text.equals("bad")) {
            throw new IllegalArgumentException("no codec for it");
          }
          return UTF8.apply(text);
        };
    OutboundQueue<String> provider =
        sender(bounds(8, 1 << 20), OutboundQueue.Encoding.IN_PUMP, encoder);
    provider.send("bad");
    assertThat(wire.closes()).containsExactly(frame(CloseStatuses.internalError()));

    RecordingWire other = new RecordingWire();
    OutboundQueue<String> host =
        new OutboundQueue<>(
            "host", other, bounds(8, 1 << 20), OutboundQueue.Encoding.ON_SEND, encoder, context());
    assertThat(host.send("bad")).isFalse();
    assertThat(other.closes()).containsExactly(frame(CloseStatuses.internalError()));
  }

  @Test
  void aSendExecutorThatRefusesMeansTheServerStoppedAndTheConnectionEnds() {
    OutboundQueue.Context stopped =
        new OutboundQueue.Context(
            task -> {
              throw new java.util.concurrent.RejectedExecutionException("stopped");
            },
            time,
            time,
            GRACE);
    OutboundQueue<String> sender =
        new OutboundQueue<>(
            "ws test", wire, bounds(8, 1 << 20), OutboundQueue.Encoding.IN_PUMP, UTF8, stopped);
    sender.whenGone(goneReports::incrementAndGet);
    sender.send("a"); // in flight
    sender.send("b"); // needs a send thread

    assertThat(wire.closes()).containsExactly(frame(CloseStatuses.goingAway()));
    assertThat(goneReports).hasValue(1);
  }

  // ---- liveness ----

  @Test
  void aPeerSilentForTheIdleTimeoutIsClosedAndOneHeardFromIsPinged() {
    Duration idle = Duration.ofSeconds(3);
    OutboundQueue<String> sender = inPump(bounds(8, 1 << 20));

    time.advance(idle.minusMillis(1));
    sender.heartbeat(time.instant(), idle);
    assertThat(wire.pings()).isEqualTo(1);
    sender.heard();
    time.advance(idle.minusMillis(1));
    sender.heartbeat(time.instant(), idle);
    assertThat(wire.pings()).as("heard since: the silence starts again").isEqualTo(2);
    time.advance(Duration.ofMillis(1));
    sender.heartbeat(time.instant(), idle);

    assertThat(wire.closes()).containsExactly(frame(CloseStatuses.idle()));
    assertThat(goneReports).hasValue(1);
  }

  @Test
  void nothingIsPingedAfterTheCloseFrame() {
    OutboundQueue<String> sender = inPump(bounds(8, 1 << 20));
    sender.close(GOODBYE);
    executor.runAll();
    assertThat(sender.state()).isEqualTo(OutboundQueue.State.CLOSING);

    sender.heartbeat(time.instant(), Duration.ofSeconds(3));

    assertThat(wire.pings()).isZero();
  }

  @Test
  void aFailedPingClosesWithWriteFailed() {
    OutboundQueue<String> sender = inPump(bounds(8, 1 << 20));
    wire.failPings();

    sender.heartbeat(time.instant(), Duration.ofSeconds(3));

    assertThat(wire.closes()).containsExactly(frame(CloseStatuses.writeFailed()));
  }

  // ---- races ----

  /**
   * The loop sends while writes complete at once or later on other threads and pumps run on a pool:
   * every message arrives, in order, never two writes at once.
   */
  @RepeatedTest(5)
  void underRealThreadsOrderHoldsAndOneWriteIsInFlight() throws Exception {
    long seed = System.nanoTime();
    SplittableRandom random = new SplittableRandom(seed);
    ExecutorService pool = Executors.newFixedThreadPool(2);
    ExecutorService completions = Executors.newSingleThreadExecutor();
    try {
      ThreadedWire threaded = new ThreadedWire(completions, random.split());
      OutboundQueue<String> sender =
          new OutboundQueue<>(
              "ws race",
              threaded,
              bounds(20_000, 1L << 30),
              OutboundQueue.Encoding.IN_PUMP,
              UTF8,
              new OutboundQueue.Context(pool, time, time, GRACE));
      int count = 5_000;
      for (int i = 0; i < count; i++) {
        assertThat(sender.send(Integer.toString(i))).isTrue();
      }
      sender.close(GOODBYE);
      assertThat(threaded.closed.await(10, TimeUnit.SECONDS))
          .as("seed %s: drained and closed", seed)
          .isTrue();

      List<String> expected = new ArrayList<>();
      for (int i = 0; i < count; i++) {
        expected.add(Integer.toString(i));
      }
      assertThat(threaded.written()).as("seed %s", seed).isEqualTo(expected);
      assertThat(threaded.mostInFlight()).as("seed %s", seed).isEqualTo(1);
    } finally {
      pool.shutdownNow();
      completions.shutdownNow();
    }
  }

  /** Every way to end, at once on several threads: one close frame at most, one report. */
  @RepeatedTest(50)
  void endingsRacingOnSeveralThreadsReportGoneExactlyOnce() throws Exception {
    OutboundQueue<String> sender = inPump(bounds(8, 1 << 20));
    sender.send("a");
    sender.send("b");
    List<Runnable> endings =
        List.of(
            () -> sender.abort(CloseStatuses.goingAway()),
            () -> sender.ended(CloseStatuses.goingAway()),
            () -> sender.tooSlow("racing"),
            () -> sender.heartbeat(time.instant().plus(Duration.ofHours(1)), Duration.ofSeconds(1)),
            () -> sender.close(GOODBYE),
            () -> sender.send("c"),
            wire::completeNext);
    CyclicBarrier start = new CyclicBarrier(endings.size());
    CountDownLatch done = new CountDownLatch(endings.size());
    List<Thread> threads = new ArrayList<>();
    for (Runnable ending : endings) {
      Thread thread =
          new Thread(
              () -> {
                try {
                  start.await(10, TimeUnit.SECONDS);
                  ending.run();
                } catch (Exception e) {
                  throw new AssertionError(e);
                } finally {
                  done.countDown();
                }
              });
      threads.add(thread);
      thread.start();
    }
    assertThat(done.await(10, TimeUnit.SECONDS)).isTrue();
    executor.runAll();

    assertThat(sender.state()).isEqualTo(OutboundQueue.State.GONE);
    assertThat(goneReports).hasValue(1);
    assertThat(wire.closes()).hasSizeLessThanOrEqualTo(1);
  }

  // ---- fixtures ----

  /** The encoder for these tests: each message is already its text. */
  private static final Function<String, byte[]> UTF8 =
      text -> text.getBytes(java.nio.charset.StandardCharsets.UTF_8);

  private OutboundQueue<String> inPump(OutboundQueue.Bounds bounds) {
    return sender(bounds, OutboundQueue.Encoding.IN_PUMP, UTF8);
  }

  private OutboundQueue<String> sender(
      OutboundQueue.Bounds bounds,
      OutboundQueue.Encoding encoding,
      Function<String, byte[]> encoder) {
    OutboundQueue<String> sender =
        new OutboundQueue<>("ws test", wire, bounds, encoding, encoder, context());
    sender.whenGone(goneReports::incrementAndGet);
    return sender;
  }

  private OutboundQueue.Context context() {
    return new OutboundQueue.Context(executor, time, time, GRACE);
  }

  /** A close frame as the tests compare it. */
  private static String frame(CloseStatus reason) {
    return reason.code() + " " + reason.reason();
  }

  private static List<String> texts(List<byte[]> messages) {
    return messages.stream()
        .map(utf8 -> new String(utf8, java.nio.charset.StandardCharsets.UTF_8))
        .toList();
  }

  private static OutboundQueue.Bounds bounds(int maxMessages, long maxBytes) {
    return OutboundQueue.Bounds.alone(maxMessages, maxBytes, Duration.ZERO);
  }

  /** Runs tasks only when told, on the test thread. */
  private static final class QueuedExecutor implements Executor {
    private final ArrayDeque<Runnable> tasks = new ArrayDeque<>();

    @Override
    public synchronized void execute(Runnable task) {
      tasks.add(task);
    }

    synchronized int pending() {
      return tasks.size();
    }

    void runOne() {
      Runnable task;
      synchronized (this) {
        task = tasks.poll();
      }
      task.run();
    }

    void runAll() {
      while (pending() > 0) {
        runOne();
      }
    }
  }

  /**
   * Keeps what is written; a write completes when the test says so ({@link #completeNext}) or, with
   * {@link #completeInline}, inside {@code write}.
   */
  private static final class RecordingWire implements OutboundQueue.Wire {
    private final List<List<String>> writes = new ArrayList<>();
    private final ArrayDeque<Consumer<Throwable>> pending = new ArrayDeque<>();

    /** The close frames handed over, as {@link #frame} writes them. */
    private final List<String> closes = new ArrayList<>();

    private boolean inline;
    private boolean failPings;
    private int pings;
    private int mostInFlight;

    @Override
    public void write(List<byte[]> messages, Consumer<Throwable> done) {
      List<String> texts = texts(messages);
      synchronized (this) {
        writes.add(texts);
        pending.add(done);
        mostInFlight = Math.max(mostInFlight, pending.size());
        if (!inline) {
          return;
        }
        pending.remove(done);
      }
      done.accept(null);
    }

    @Override
    public synchronized void ping() throws IOException {
      if (failPings) {
        throw new IOException("broken");
      }
      pings++;
    }

    @Override
    public synchronized void close(CloseStatus reason) {
      closes.add(frame(reason));
    }

    synchronized void completeInline(boolean inline) {
      this.inline = inline;
    }

    synchronized void failPings() {
      failPings = true;
    }

    void completeNext() {
      finishNext(null);
    }

    void failNext(Throwable failure) {
      finishNext(failure);
    }

    private void finishNext(Throwable failure) {
      Consumer<Throwable> done;
      synchronized (this) {
        done = pending.poll();
      }
      if (done != null) {
        done.accept(failure);
      }
    }

    /** Every message written, in order. */
    synchronized List<String> written() {
      return writes.stream().flatMap(List::stream).toList();
    }

    /** The messages of each write, in order. */
    synchronized List<List<String>> writes() {
      return List.copyOf(writes);
    }

    synchronized List<String> closes() {
      return List.copyOf(closes);
    }

    synchronized int pings() {
      return pings;
    }

    synchronized int mostInFlight() {
      return mostInFlight;
    }
  }

  /** Completes each write at once or later on another thread, at random; counts overlaps. */
  private static final class ThreadedWire implements OutboundQueue.Wire {
    final CountDownLatch closed = new CountDownLatch(1);
    private final Executor completions;
    private final SplittableRandom random;
    private final List<String> written = new ArrayList<>();
    private int inFlight;
    private int mostInFlight;

    ThreadedWire(Executor completions, SplittableRandom random) {
      this.completions = completions;
      this.random = random;
    }

    @Override
    public void write(List<byte[]> messages, Consumer<Throwable> done) {
      List<String> texts = texts(messages);
      boolean now;
      synchronized (this) {
        written.addAll(texts);
        mostInFlight = Math.max(mostInFlight, ++inFlight);
        now = random.nextBoolean();
      }
      Runnable complete =
          () -> {
            synchronized (this) {
              inFlight--;
            }
            done.accept(null);
          };
      if (now) {
        complete.run();
      } else {
        completions.execute(complete);
      }
    }

    @Override
    public void ping() {}

    @Override
    public void close(CloseStatus reason) {
      closed.countDown();
    }

    synchronized List<String> written() {
      return List.copyOf(written);
    }

    synchronized int mostInFlight() {
      return mostInFlight;
    }
  }
}
