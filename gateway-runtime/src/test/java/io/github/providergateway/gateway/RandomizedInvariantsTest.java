package io.github.providergateway.gateway;

import static io.github.providergateway.gateway.testing.GatewayFixture.done;
import static io.github.providergateway.gateway.testing.GatewayFixture.json;
import static io.github.providergateway.gateway.testing.GatewayFixture.tool;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.gateway.testing.RecordingProviderConnection;
import io.github.providergateway.gateway.testing.RecordingSessionHost;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.HostTool;
import io.github.providergateway.host.api.ProviderInfo;
import io.github.providergateway.host.api.ToolOutcome;
import io.github.providergateway.protocol.Ack;
import io.github.providergateway.protocol.Auth;
import io.github.providergateway.protocol.Concurrency;
import io.github.providergateway.protocol.GatewayMessage;
import io.github.providergateway.protocol.Goodbye;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.Push;
import io.github.providergateway.protocol.PushLevel;
import io.github.providergateway.protocol.SessionEvent;
import io.github.providergateway.protocol.SessionEvents;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.protocol.SessionLifecycle;
import io.github.providergateway.protocol.ShutdownReady;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolCancel;
import io.github.providergateway.protocol.ToolDefinition;
import io.github.providergateway.protocol.ToolErrorCode;
import io.github.providergateway.protocol.ToolProgress;
import io.github.providergateway.protocol.ToolResult;
import io.github.providergateway.protocol.ToolsUpdate;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Thousands of random steps — connects, drops, goodbyes, rebinds, updates, pushes, calls and
 * answers, progress, sessions starting and ending, interrupts, time passing — with the gateway's
 * invariants checked after every step, and some as each message goes out: no tool of a gone
 * provider is registered anywhere, revisions only grow, and every call ends exactly once, by its
 * first terminal event (architecture: Per-call life; R-TOOL-18, R-TOOL-22):
 *
 * <ul>
 *   <li>A call that ends during a step ends as that step ends calls: a provider's answer with what
 *       it said, and only for its own call; a drop or goodbye {@code DISCONNECTED}; time passing
 *       {@code TIMEOUT}, or {@code CANCELLED} by a teardown. The steps that must end a call do: its
 *       provider's answer, drop or goodbye, unreadable input from it, its session's interrupt.
 *   <li>Nothing of a call comes after its outcome: one {@code tool.execution_complete} per
 *       subscriber, sent with the outcome and saying the same; no progress line in the timeline.
 *   <li>The provider limited to one call at a time has one in flight whenever calls wait for it:
 *       its slot is freed by an answer, by {@code CANCELLED} after {@code tool.cancel} or 5 s after
 *       the cancel, or by a drop, never sooner and never later.
 *   <li>Once everything has ended and timed out, nothing is left scheduled.
 * </ul>
 *
 * The seed is in the test name; a failure names the step.
 */
class RandomizedInvariantsTest {

  private static final List<String> TOOL_NAMES =
      List.of("alpha", "beta", "gamma", "delta", "omega");

  /** The one provider name with a concurrency limit, and its tool, which no one else has. */
  private static final String LIMITED = "limited";

  private static final String SOLO = "solo";
  private static final Pattern PROGRESS = Pattern.compile("progress of call (\\d+)");
  private static final int STEPS = 3_000;

  private GatewayFixture f;
  private SplittableRandom random;
  private final List<String> sessions = new ArrayList<>();
  private final List<Provider> providers = new ArrayList<>();
  private final List<Call> calls = new ArrayList<>();
  private final List<CompletableFuture<Void>> ends = new ArrayList<>();

  /** The latest revision acked per provider id and session. */
  private final Map<String, Long> revisions = new HashMap<>();

  /** Broken invariants found while the gateway was busy, reported after the step. */
  private final List<String> violations = new ArrayList<>();

  /** Timeline lines already checked, per session. */
  private final Map<String, Integer> linesChecked = new HashMap<>();

  /** What happens now: a call that ends is checked against it. */
  private Event event;

  private int step;
  private int names;

  /** One provider connection the test drives. */
  private static final class Provider {
    final RecordingProviderConnection conn;
    final boolean limited;

    /** The session its first hello named. */
    final String session;

    String providerId;
    boolean gone;

    /** Every call it got, by wire id. */
    final Map<String, Call> received = new HashMap<>();

    /** Calls it got whose bookkeeping is open as far as the walk can tell, by wire id. */
    final Map<String, Call> open = new LinkedHashMap<>();

    /** When each {@code tool.cancel} it got was sent. */
    final Map<String, Instant> cancelledAt = new HashMap<>();

    /** The calls it was told {@code tool.execution_complete} of. */
    final Set<Integer> completions = new HashSet<>();

    Provider(RecordingProviderConnection conn, boolean limited, String session) {
      this.conn = conn;
      this.limited = limited;
      this.session = session;
    }
  }

  /** One call the host made, numbered in its args, and what the walk has seen of it. */
  private static final class Call {
    final int n;
    final String session;
    final String tool;
    CompletableFuture<CallResult> future;

    /** The step the host got its outcome in, and how many timeline lines there were then. */
    Event endedBy;

    int linesAtEnd;

    /** Its latest {@code tool.call}: the id and who got it. */
    String wireId;

    Provider holder;

    Call(int n, String session, String tool) {
      this.n = n;
      this.session = session;
      this.tool = tool;
    }

    boolean pending() {
      return !future.isDone();
    }
  }

  /** A step of the walk: which calls may end during it, and how. */
  private record Event(String what, Predicate<Call> concerns, Set<String> outcomes) {
    static Event endingNothing(String what) {
      return new Event(what, c -> false, Set.of());
    }

    static Event endingAny(String what, String... outcomes) {
      return new Event(what, c -> true, Set.of(outcomes));
    }
  }

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {1, 2, 3, 20260426})
  void invariantsHoldAfterEveryRandomStep(long seed) {
    random = new SplittableRandom(seed);
    f = GatewayFixture.withBackend(t -> t.withRandom(new SplittableRandom(seed)));
    try {
      for (step = 0; step < STEPS; step++) {
        act();
        drainAll();
        checkInvariants();
      }
      // However it went, nothing waits forever once enough time passes.
      during(
          Event.endingAny("the final two minutes", "TIMEOUT", "CANCELLED"),
          () -> f.clock.advance(Duration.ofMinutes(2)));
      drainAll();
      checkInvariants();
      assertThat(calls).as("seed %d: every call ended", seed).allMatch(c -> c.future.isDone());
      assertThat(ends)
          .as("seed %d: every session end completed", seed)
          .allMatch(CompletableFuture::isDone);
      assertThat(f.clock.pendingTasks()).as("seed %d: nothing left scheduled", seed).isZero();
      // The walk must have reached the interesting paths, or the invariants prove little.
      Set<String> seen = new HashSet<>();
      for (Call call : calls) {
        seen.add(outcome(call.future.join().outcome()));
      }
      assertThat(seen)
          .as("seed %d: outcomes reached", seed)
          .contains("SUCCESS", "NOT_FOUND", "TIMEOUT", "DISCONNECTED", "CANCELLED");
    } finally {
      f.close();
    }
  }

  // ---- the walk ----

  private void act() {
    int dice = random.nextInt(100);
    if (dice < 5 || sessions.isEmpty()) {
      during(
          Event.endingNothing("a session starts"), () -> sessions.add(f.startSession("s" + step)));
    } else if (dice < 8 && sessions.size() > 1) {
      String session = sessions.remove(random.nextInt(sessions.size()));
      during(
          Event.endingAny("a session ends", "CANCELLED"),
          () ->
              ends.add(f.gateway.endSession(session, Duration.ofMillis(random.nextInt(1, 3000)))));
    } else if (dice < 20) {
      connect();
    } else if (dice < 24) {
      live(p -> true).ifPresent(p -> leave(p, "drops", () -> p.conn.drop()));
    } else if (dice < 26) {
      live(p -> true)
          .ifPresent(p -> leave(p, "says goodbye", () -> p.conn.send(new Goodbye("bye"))));
    } else if (dice < 32) {
      live(p -> !p.limited)
          .ifPresent(
              p ->
                  during(
                      Event.endingAny("a rebind", "CANCELLED"),
                      () -> p.conn.send(hello("rebound-" + (names++ % 4), randomSession()))));
    } else if (dice < 42) {
      live(p -> !p.limited)
          .ifPresent(
              p ->
                  during(
                      Event.endingNothing("a tools.update"),
                      () ->
                          p.conn.send(
                              new ToolsUpdate(
                                  random.nextBoolean() ? "r" + step : null,
                                  null,
                                  randomTools(),
                                  random.nextBoolean() ? List.of("alpha") : null))));
    } else if (dice < 50) {
      live(p -> true)
          .ifPresent(
              p ->
                  during(
                      Event.endingNothing("a push"),
                      () ->
                          p.conn.send(
                              Push.event(PushLevel.values()[random.nextInt(3)], "event " + step))));
    } else if (dice < 70) {
      call();
    } else if (dice < 74) {
      live(p -> true).ifPresent(this::sendUnreadable);
    } else if (dice < 78) {
      interrupt(randomSession());
    } else {
      during(
          Event.endingAny("time passing", "TIMEOUT", "CANCELLED"),
          () -> f.clock.advance(Duration.ofMillis(random.nextInt(0, 3000))));
    }
  }

  private void connect() {
    boolean limited = random.nextBoolean() && live(p -> p.limited).isEmpty();
    String session = randomSession();
    RecordingProviderConnection conn = f.connect();
    Provider provider = new Provider(conn, limited, session);
    conn.onSend(message -> sent(provider, message));
    providers.add(provider);
    during(
        Event.endingNothing("a provider connects"),
        () -> {
          conn.send(Auth.withToken(f.gateway.credentials().providerToken()));
          conn.send(
              limited
                  ? Hello.builder(LIMITED)
                      .session(session)
                      .concurrency(new Concurrency(1, null))
                      .tools(tool(SOLO).withTimeout(Duration.ofMillis(random.nextInt(100, 10_000))))
                      .build()
                  : hello("p" + (names++ % 6), session));
        });
  }

  private Hello hello(String name, String session) {
    Hello.Builder hello = Hello.builder(name).session(session).tools(randomTools());
    if (random.nextInt(3) == 0) {
      hello.instance("i" + random.nextInt(3));
    }
    if (random.nextInt(4) == 0) {
      hello.concurrency(new Concurrency(random.nextInt(1, 3), null));
    }
    if (random.nextBoolean()) {
      hello.subscribe(List.of(SessionEvents.TOOL_EXECUTION_COMPLETE));
    }
    return hello.build();
  }

  private List<ToolDefinition> randomTools() {
    List<ToolDefinition> tools = new ArrayList<>();
    for (String name : TOOL_NAMES) {
      if (random.nextInt(3) == 0) {
        tools.add(tool(name).withTimeout(Duration.ofMillis(random.nextInt(100, 20_000))));
      }
    }
    return tools;
  }

  /** A drop or a goodbye: the calls the provider holds end {@code DISCONNECTED} then. */
  private void leave(Provider p, String how, Runnable leaving) {
    List<Call> held = pendingHeldBy(p);
    during(
        Event.endingAny("a provider " + how, "DISCONNECTED", "CANCELLED"),
        () -> {
          leaving.run();
          p.gone = true;
        });
    held.forEach(c -> expectEnded(c, "DISCONNECTED", "its provider " + how));
  }

  private void call() {
    Optional<Provider> limited = live(p -> p.limited);
    boolean solo = random.nextInt(3) == 0;
    // Mostly where the limited provider is, so that calls queue for its one slot.
    String session =
        solo
                && limited.isPresent()
                && sessions.contains(limited.get().session)
                && random.nextInt(5) > 0
            ? limited.get().session
            : randomSession();
    String tool = solo ? SOLO : TOOL_NAMES.get(random.nextInt(TOOL_NAMES.size()));
    Duration timeout = random.nextInt(4) == 0 ? Duration.ofMillis(random.nextInt(1, 5000)) : null;
    Call call = new Call(calls.size(), session, tool);
    calls.add(call);
    during(
        new Event("call " + call.n, c -> c == call, Set.of("NOT_FOUND", "RATE_LIMITED")),
        () -> {
          call.future = f.gateway.callTool(session, tool, json("{\"n\":" + call.n + "}"), timeout);
          call.future.whenComplete((result, error) -> ended(call, result, error));
        });
  }

  /**
   * One call sent on the connection fails {@code INTERNAL}; with more, all end {@code
   * DISCONNECTED}.
   */
  private void sendUnreadable(Provider p) {
    List<Call> held = pendingHeldBy(p);
    if (held.size() == 1) {
      p.open.remove(held.get(0).wireId); // it fails at once, and its slot is free
    }
    during(
        Event.endingAny("unreadable input", "INTERNAL", "DISCONNECTED", "CANCELLED"),
        () ->
            p.conn.sendText(
                random.nextBoolean() ? "{broken" : "{\"type\":\"tool.result\",\"id\":\"nope\"}"));
    held.forEach(
        c ->
            expectEnded(
                c,
                held.size() == 1 ? "INTERNAL" : "DISCONNECTED",
                "unreadable input from its provider"));
  }

  private void interrupt(String session) {
    List<Call> open = calls.stream().filter(c -> c.pending() && c.session.equals(session)).toList();
    during(
        new Event("an interrupt", c -> c.session.equals(session), Set.of("CANCELLED")),
        () -> f.gateway.interrupt(session));
    open.forEach(c -> expectEnded(c, "CANCELLED", "its session was interrupted"));
  }

  private String randomSession() {
    return sessions.isEmpty() ? "none" : sessions.get(random.nextInt(sessions.size()));
  }

  private Optional<Provider> live(Predicate<Provider> which) {
    List<Provider> live =
        providers.stream().filter(p -> !p.gone && !p.conn.isClosed() && which.test(p)).toList();
    return live.isEmpty() ? Optional.empty() : Optional.of(live.get(random.nextInt(live.size())));
  }

  /**
   * Every provider reads what it got and answers like a real, somewhat unreliable provider would.
   */
  private void drainAll() {
    boolean more = true;
    while (more) {
      more = false;
      for (Provider p : new ArrayList<>(providers)) {
        for (GatewayMessage message : p.conn.drain()) {
          more = true;
          react(p, message);
        }
      }
    }
  }

  private void react(Provider p, GatewayMessage message) {
    if (message instanceof HelloAck ack) {
      p.providerId = ack.providerId();
    } else if (message instanceof Ack ack) {
      String key = p.providerId + "/" + ack.sessionId();
      Long before = revisions.put(key, ack.revision());
      assertThat(before == null || ack.revision() > before)
          .as("step %d: revision of %s went from %s to %s", step, key, before, ack.revision())
          .isTrue();
    } else if (message instanceof ToolCall sent && !p.conn.isClosed()) {
      answer(p, sent, number(sent));
    } else if (message instanceof ToolCancel cancel && !p.conn.isClosed() && random.nextBoolean()) {
      if (random.nextInt(4)
          == 0) { // progress it made before it saw the cancel: the host has its outcome
        during(
            Event.endingNothing("progress"),
            () ->
                p.conn.send(
                    new ToolProgress(
                        cancel.id(), "progress of call " + p.received.get(cancel.id()).n)));
      }
      p.open.remove(cancel.id()); // after tool.cancel only CANCELLED closes the call (R-TOOL-21)
      during(
          Event.endingNothing("a CANCELLED answer"),
          () -> p.conn.send(ToolResult.cancelled(cancel.id())));
    } else if (message instanceof SessionLifecycle lifecycle
        && lifecycle.deadline() != null
        && !p.conn.isClosed()
        && random.nextBoolean()) {
      during(
          Event.endingAny("shutdown.ready", "CANCELLED"),
          () -> p.conn.send(new ShutdownReady(lifecycle.sessionId())));
    }
  }

  private void answer(Provider p, ToolCall sent, Call call) {
    // Only the call's latest tool.call, while the host waits, is answered: the call is SENT.
    boolean answerable = call.pending() && sent.id().equals(call.wireId) && call.holder == p;
    // The limited provider is slow to answer, so that its calls time out and others queue.
    int dice = p.limited && random.nextBoolean() ? 9 : random.nextInt(10);
    if (dice < 2) {
      during(
          Event.endingNothing("progress"),
          () -> p.conn.send(new ToolProgress(sent.id(), "progress of call " + call.n)));
    }
    if (dice < 5) {
      answerWith(p, call, answerable, ToolResult.success(sent.id(), json("\"ok\"")), "SUCCESS");
    } else if (dice < 7) {
      boolean retryable = random.nextBoolean();
      ToolResult failure =
          ToolResult.failure(sent.id(), "no", ToolErrorCode.NOT_FOUND).withRetryable(retryable);
      if (retryable) {
        // Another instance may take it over: then it is still open, elsewhere.
        if (answerable) {
          p.open.remove(sent.id());
        }
        during(
            new Event("a retryable failure", c -> c == call, Set.of("NOT_FOUND")),
            () -> p.conn.send(failure));
      } else {
        answerWith(p, call, answerable, failure, "NOT_FOUND");
      }
    } else if (dice == 7) {
      answerWith(p, call, answerable, ToolResult.success(sent.id(), json("1")), "SUCCESS");
      during(
          Event.endingNothing("a duplicate answer"),
          () -> p.conn.send(ToolResult.success(sent.id(), json("2"))));
    }
    // else: never answers
  }

  private void answerWith(
      Provider p, Call call, boolean answerable, ToolResult result, String outcome) {
    if (answerable) {
      p.open.remove(result.id()); // the answer closes the call as it arrives
    }
    during(new Event("an answer", c -> c == call, Set.of(outcome)), () -> p.conn.send(result));
    if (answerable) {
      expectEnded(call, outcome, "its provider answered");
    }
  }

  // ---- what the walk checks ----

  private void during(Event happening, Runnable action) {
    Event outer = event;
    event = happening;
    try {
      action.run();
    } finally {
      event = outer;
    }
  }

  /** The host got {@code call}'s outcome: it must be one the current step can give it. */
  private void ended(Call call, CallResult result, Throwable error) {
    call.endedBy = event;
    call.linesAtEnd = f.host(call.session).logs.size();
    String outcome = error != null ? "exception " + error : outcome(result.outcome());
    if (event == null || !event.concerns().test(call) || !event.outcomes().contains(outcome)) {
      violations.add(
          "call "
              + call.n
              + " ("
              + call.tool
              + ") ended "
              + outcome
              + " during "
              + (event == null ? "nothing" : event.what()));
    }
  }

  private void expectEnded(Call call, String outcome, String why) {
    if (call.pending() || !outcome(call.future.join().outcome()).equals(outcome)) {
      violations.add(
          "call "
              + call.n
              + " should have ended "
              + outcome
              + " as "
              + why
              + ", but "
              + (call.pending() ? "is open" : "ended " + outcome(call.future.join().outcome())));
    }
  }

  /** What the gateway sends, as it sends it. */
  private void sent(Provider p, GatewayMessage message) {
    if (message instanceof ToolCall sent) {
      Call call = number(sent);
      call.wireId = sent.id();
      call.holder = p;
      if (p.limited) {
        expireCancelled(p);
        if (!p.open.isEmpty()) {
          violations.add(
              LIMITED + " got call " + call.n + " while " + p.open.keySet() + " held its one slot");
        }
      }
      p.open.put(sent.id(), call);
      p.received.put(sent.id(), call);
    } else if (message instanceof ToolCancel cancel) {
      p.cancelledAt.put(cancel.id(), f.clock.instant());
    } else if (message instanceof SessionEvent complete
        && complete.event().equals(SessionEvents.TOOL_EXECUTION_COMPLETE)) {
      Call call = calls.get(complete.data().path("args").path("n").asInt());
      String type = complete.data().path("result").path("type").asText();
      if (!p.completions.add(call.n)) {
        violations.add("a second tool.execution_complete of call " + call.n);
      } else if (call.pending() || call.endedBy != event) {
        violations.add("tool.execution_complete of call " + call.n + " apart from its outcome");
      } else if (!type.equals(
          call.future.join().outcome().status() == ToolOutcome.Status.SUCCESS
              ? "success"
              : "failure")) {
        violations.add("tool.execution_complete of call " + call.n + " says " + type);
      }
    }
  }

  private Call number(ToolCall sent) {
    return calls.get(sent.args().path("n").asInt());
  }

  /** A cancelled call's bookkeeping closes 5 s after its tool.cancel at the latest (R-TOOL-18). */
  private void expireCancelled(Provider p) {
    Instant now = f.clock.instant();
    p.cancelledAt.forEach(
        (id, at) -> {
          if (!at.plus(f.gateway.limits().calls().cancelGrace()).isAfter(now)) {
            p.open.remove(id);
          }
        });
  }

  private List<Call> pendingHeldBy(Provider p) {
    return calls.stream().filter(c -> c.pending() && c.holder == p).toList();
  }

  private static String outcome(ToolOutcome outcome) {
    return outcome instanceof ToolOutcome.Failure failure
        ? failure.code().name()
        : outcome.status().name();
  }

  private void checkInvariants() {
    assertThat(violations).as("step %d", step).isEmpty();
    checkBindings();
    checkLimitedSlot();
    checkTimelines();
    assertThat(violations).as("step %d", step).isEmpty();
  }

  private void checkBindings() {
    List<ProviderInfo> bound = done(f.gateway.providers());
    Set<String> goneIds = new HashSet<>();
    for (Provider p : providers) {
      if (p.conn.isClosed() || p.gone) {
        if (p.providerId != null) {
          goneIds.add(p.providerId);
        }
      }
    }
    Map<String, Set<String>> namesBySession = new HashMap<>();
    for (ProviderInfo info : bound) {
      assertThat(goneIds)
          .as("step %d: %s is gone but still bound", step, info)
          .doesNotContain(info.providerId());
      for (String session : info.sessions()) {
        namesBySession.computeIfAbsent(session, s -> new HashSet<>()).add(info.name());
      }
    }
    for (SessionInfo session : done(f.gateway.sessions())) {
      for (HostTool tool : done(f.gateway.tools(session.id()))) {
        if (!tool.provider().equals("gateway")) {
          assertThat(namesBySession.getOrDefault(session.id(), Set.of()))
              .as(
                  "step %d: tool %s in %s belongs to a bound provider",
                  step, tool.name(), session.id())
              .contains(tool.provider());
        }
      }
    }
  }

  /**
   * Calls that wait for the limited provider's slot mean the slot is taken (R-CONC-06, R-TOOL-18).
   */
  private void checkLimitedSlot() {
    for (Provider p : providers) {
      if (p.gone || p.conn.isClosed()) {
        p.open.clear();
      }
    }
    List<Call> waiting =
        calls.stream().filter(c -> c.pending() && c.tool.equals(SOLO) && c.holder == null).toList();
    if (waiting.isEmpty()) {
      return;
    }
    Optional<Provider> limited =
        providers.stream().filter(p -> p.limited && !p.gone && !p.conn.isClosed()).findFirst();
    limited.ifPresent(this::expireCancelled);
    if (limited.isEmpty() || limited.get().open.isEmpty()) {
      violations.add(
          "calls "
              + waiting.stream().map(c -> c.n).toList()
              + " wait while "
              + LIMITED
              + "'s slot is free");
    }
  }

  /** No progress line of a call after its outcome. */
  private void checkTimelines() {
    for (String session : new HashSet<>(calls.stream().map(c -> c.session).toList())) {
      List<RecordingSessionHost.Line> lines = f.host(session).logs;
      for (int i = linesChecked.getOrDefault(session, 0); i < lines.size(); i++) {
        Matcher progress = PROGRESS.matcher(lines.get(i).text());
        if (progress.matches()) {
          Call call = calls.get(Integer.parseInt(progress.group(1)));
          if (!call.pending() && i >= call.linesAtEnd) {
            violations.add("progress of call " + call.n + " logged after its outcome");
          }
        }
      }
      linesChecked.put(session, lines.size());
    }
  }
}
