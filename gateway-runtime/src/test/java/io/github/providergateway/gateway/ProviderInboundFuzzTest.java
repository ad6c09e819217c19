package io.github.providergateway.gateway;

import static io.github.providergateway.gateway.testing.GatewayFixture.CODEC;
import static io.github.providergateway.gateway.testing.GatewayFixture.done;
import static io.github.providergateway.gateway.testing.GatewayFixture.json;
import static io.github.providergateway.gateway.testing.GatewayFixture.tool;
import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.DictionaryFile;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.github.providergateway.gateway.spi.CloseReason;
import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.gateway.testing.RecordingProviderConnection;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.HostTool;
import io.github.providergateway.host.api.ProviderInfo;
import io.github.providergateway.host.api.ToolOutcome;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.ErrorMessage;
import io.github.providergateway.protocol.GateCheck;
import io.github.providergateway.protocol.GatewayMessage;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.Limits;
import io.github.providergateway.protocol.ProviderMessage;
import io.github.providergateway.protocol.SessionEvent;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.protocol.SessionLifecycle;
import io.github.providergateway.protocol.Sessions;
import io.github.providergateway.protocol.ShutdownReady;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolCancel;
import io.github.providergateway.protocol.ToolResult;
import io.github.providergateway.protocol.TransformRequest;
import io.github.providergateway.protocol.UnknownProviderMessage;
import io.github.providergateway.protocol.json.DecodeError;
import io.github.providergateway.protocol.json.DecodeResult;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Coverage-guided fuzzing (Jazzer) of the gateway's inbound path on a real {@link Gateway}: text
 * from provider connections → decode → state, trust and scope checks → handler, interleaved with
 * what a host does meanwhile. {@code mvn verify} replays the stored inputs; the {@code fuzz}
 * profile explores (docs/conformance.md, section Fuzzing).
 *
 * <p>An input is a script, one step a line, so that stored inputs read as what happened:
 *
 * <ul>
 *   <li>a line not starting with {@code @} is a text message from the current provider
 *       connection, after these stand-ins are replaced: {@code $T} the gateway token, {@code $K}
 *       a spawn token of session A, {@code $E} the latest external token, {@code $P} the latest
 *       pairing code, {@code $A}/{@code $B}/{@code $S} sessions A, B and the host's current one,
 *       {@code $C}/{@code $G}/{@code $X} the latest {@code tool.call} id, {@code gate.check} and
 *       {@code transform.request} callId this connection got, {@code $R} the latest reconnect
 *       token;
 *   <li>{@code @n} opens another WebSocket connection, {@code @l} an in-process one (internal
 *       trust, home session A), at most four in all; {@code @1}…{@code @4} switch to one, {@code
 *       @d} drops the current one;
 *   <li>the host: {@code @c tool} calls a tool ({@code @C tool} with a 1.5 s timeout of its own), {@code @g tool} asks the pre-tool-use hooks,
 *       {@code @p} runs the prompt pipeline, {@code @e event} emits a session event, {@code @q}
 *       queries streams, {@code @i} interrupts, {@code @I} reports idle, {@code @N} starts a
 *       session, {@code @E} ends the current one (never B), {@code @s} moves to the next
 *       session;
 *   <li>{@code @t millis} lets time pass.
 * </ul>
 *
 * <p>Beside the fuzzed connections, a well-behaved provider "good" is bound to session B with the
 * tool {@code echo} and answers everything.
 */
class ProviderInboundFuzzTest {

  private static final int MAX_STEPS = 200;
  private static final int MAX_CONNECTIONS = 4;
  private static final Duration PAST_EVERY_TIMEOUT = Duration.ofHours(2);

  /** What the gateway sends only to bound connections (R-STATE-12). */
  private static final Set<Class<?>> SESSION_TRAFFIC =
      Set.of(
          ToolCall.class,
          ToolCancel.class,
          GateCheck.class,
          TransformRequest.class,
          SessionEvent.class,
          SessionLifecycle.class);

  private static final Pattern PAIRING_CODE = Pattern.compile("Pairing code: (\\d{6})");

  static {
    // Tests run inside the gateway's module, which does not read java.logging. The log handler
    // below is an anonymous class, loaded (and its superclass checked) only once this has run.
    ProviderInboundFuzzTest.class
        .getModule()
        .addReads(ModuleLayer.boot().findModule("java.logging").orElseThrow());
  }

  /**
   * Whatever providers send: no exception reaches the transport; every message the codec refuses,
   * or of an unknown type, is answered with a typed {@code error} naming its type, unless the
   * connection is closed; a connection the gateway closes for anything but {@code goodbye} or a
   * reconnect was told why in an {@code error} first; session traffic reaches only bound
   * connections and no issued id repeats; no gateway bug is logged; afterwards the well-behaved
   * provider still serves a call in its session, and once every connection is gone and every
   * timeout has passed, every call, gate, transform and session end the host started has completed,
   * only session B and its provider are left, and no timer is left that was not there before.
   */
  @DictionaryFile(resourcePath = "provider-script.dict")
  @FuzzTest
  void whateverProvidersSendEachIsAnsweredOrClosedAndNothingIsLeftPending(byte[] input) {
    try (SevereLogs severe = new SevereLogs();
        Script script = new Script()) {
      String[] lines = new String(input, StandardCharsets.UTF_8).split("\n", -1);
      for (int i = 0; i < lines.length && i < MAX_STEPS; i++) {
        script.step(i, lines[i]);
        assertThat(severe.records).as("step %d: %s: no gateway bug logged", i, lines[i]).isEmpty();
      }
      script.finish();
      assertThat(severe.records).as("no gateway bug logged while finishing").isEmpty();
    }
  }

  /**
   * Limits small enough for inputs of a few kilobytes to reach every refusal: sizes, depth, tree
   * size, counts of tools, rules, streams and queued calls, push and rebind rates, declarations.
   */
  private static void smallLimits(Limits.Builder limits) {
    limits
        .maxMessageBytes(1024)
        .maxToolResultBytes(1536)
        .maxJsonDepth(8)
        .maxMessageTreeBytes(16_384)
        .maxToolsPerProvider(4)
        .maxHookRulesPerProvider(4)
        .maxFilterRules(3)
        .maxStreamsPerProvider(3)
        .maxStreamsPerSession(4)
        .streamRetention(3)
        .maxQueryLast(3)
        .maxStreamBytes(4096)
        .maxPushesPerSecond(5)
        .maxRebindsPerMinute(3)
        .maxQueuedCalls(2)
        .maxDeclaredBytesPerProvider(32_768)
        .maxDeclaredBytes(65_536)
        .maxSnapshotBytes(16_384);
  }

  /** One run: a gateway, two sessions, the good provider, and up to four fuzzed connections. */
  private static final class Script implements AutoCloseable {
    /**
     * Regex work is counted in steps, not time, so a pattern that backtracks is cut off after the
     * same number of steps on any machine, and an input replays the same on a busy CI machine,
     * under a mutation tester, and here.
     */
    final GatewayFixture f =
        GatewayFixture.with(
            b -> {
              Limits.Builder limits = Limits.builder();
              smallLimits(limits);
              b.limits(limits.build());
            });

    final String sessionA = f.startSession("a");
    final String sessionB = f.startSession("b");
    final RecordingProviderConnection good;
    final int baselineTimers;
    final List<String> sessions = new ArrayList<>(List.of(sessionA, sessionB));
    final List<Fuzzed> conns = new ArrayList<>();
    final List<CompletableFuture<?>> hostFutures = new ArrayList<>();

    /** Every tool.call id and gate.check / transform.request callId the fuzzed connections got. */
    final Set<String> issuedIds = new HashSet<>();

    Fuzzed current;
    int session;
    String externalToken = "none";
    String reconnectToken = "none";
    String spawnToken;

    Script() {
      good = f.bound("good", sessionB, tool("echo"));
      f.settle();
      spawnToken = done(f.gateway.spawning().issueSpawnToken(sessionA));
      // Timers the gateway keeps with nobody fuzzing (none, today): the end must be back to them.
      f.clock.advance(PAST_EVERY_TIMEOUT);
      baselineTimers = f.clock.pendingTasks();
      current = open();
    }

    Fuzzed open() {
      Fuzzed conn = new Fuzzed(f.connect());
      conns.add(conn);
      return conn;
    }

    String currentSession() {
      return sessions.get(session % sessions.size());
    }

    void step(int index, String line) {
      String context = "step " + index + ": " + line;
      if (line.startsWith("@")) {
        host(
            line.length() > 1 ? line.charAt(1) : ' ',
            line.length() > 2 ? line.substring(2).trim() : "");
      } else {
        send(current, substitute(line), context);
      }
      answerAsTheGoodProvider();
      for (Fuzzed conn : conns) {
        conn.check(context);
      }
    }

    private String substitute(String line) {
      if (line.indexOf('$') < 0) {
        return line;
      }
      return line.replace("$T", f.gateway.credentials().providerToken())
          .replace("$K", spawnToken)
          .replace("$E", externalToken)
          .replace("$P", latestPairingCode())
          .replace("$A", sessionA)
          .replace("$B", sessionB)
          .replace("$S", currentSession())
          .replace("$C", current.lastCallId)
          .replace("$G", current.lastGateId)
          .replace("$X", current.lastTransformId)
          .replace("$R", reconnectToken);
    }

    /** The latest pairing code shown in the host's current session. */
    private String latestPairingCode() {
      String code = "000000";
      for (var line : f.host(currentSession()).logs) {
        Matcher matcher = PAIRING_CODE.matcher(line.text());
        if (matcher.find()) {
          code = matcher.group(1);
        }
      }
      return code;
    }

    /** Sends {@code text} as {@code conn}'s provider and checks the answer to it. */
    private void send(Fuzzed conn, String text, String context) {
      boolean wasOpen = conn.isOpen();
      int before = conn.rec.history().size();
      conn.rec.sendText(text); // a throw here is a finding: the transport would have seen it
      if (!wasOpen) {
        assertThat(conn.rec.history())
            .as("%s: a closed connection gets nothing more", context)
            .hasSize(before);
        return;
      }
      List<GatewayMessage> answers = conn.rec.history().subList(before, conn.rec.history().size());
      DecodeResult<ProviderMessage, DecodeError> decoded =
          CODEC.decodeProviderMessage(text, f.gateway.limits());
      String type =
          decoded.isDecoded() ? decoded.messageOrNull().wireType() : decoded.errorOrNull().type();
      for (GatewayMessage answer : answers) {
        if (answer instanceof ErrorMessage error && type != null) {
          assertThat(error.replyTo()).as("%s: R-CODEC-05, %s", context, error).isEqualTo(type);
        }
      }
      if (!decoded.isDecoded()) {
        assertThat(!conn.isOpen() || answers.stream().anyMatch(ErrorMessage.class::isInstance))
            .as(
                "%s: text the codec refuses (%s) is answered with error or closes; got %s",
                context, decoded.errorOrNull(), answers)
            .isTrue();
      } else if (decoded.messageOrNull() instanceof UnknownProviderMessage unknown) {
        assertThat(answers)
            .as("%s: an unknown type is answered UNKNOWN_TYPE", context)
            .anySatisfy(
                m -> {
                  assertThat(m).isInstanceOf(ErrorMessage.class);
                  assertThat(((ErrorMessage) m).code()).isEqualTo(ErrorCode.UNKNOWN_TYPE);
                  assertThat(((ErrorMessage) m).replyTo()).isEqualTo(unknown.wireType());
                });
        assertThat(conn.isOpen()).as("%s: an unknown type does not close", context).isTrue();
      }
    }

    private void host(char op, String arg) {
      String id = currentSession();
      String name = arg.isEmpty() ? "t" : arg;
      switch (op) {
        case 'n' -> {
          if (conns.size() < MAX_CONNECTIONS) {
            current = open();
          }
        }
        case '1', '2', '3', '4' -> current = conns.get(Math.min(op - '1', conns.size() - 1));
        case 'l' -> {
          if (conns.size() < MAX_CONNECTIONS) {
            current = new Fuzzed(f.connectLocal(sessionA));
            conns.add(current);
          }
        }
        case 'd' -> current.drop();
        case 'c' ->
            hostFutures.add(f.gateway.callTool(id, name, json("{\"command\":\"git push\"}"), null));
        case 'C' ->
            hostFutures.add(f.gateway.callTool(id, name, json("{}"), Duration.ofMillis(1500)));
        case 'g' ->
            hostFutures.add(
                f.gateway.preToolUse(
                    id, name, json("{\"command\":\"git push\",\"file\":\"a.sql\"}")));
        case 'p' ->
            hostFutures.add(
                f.gateway.onPrompt(
                    id,
                    Map.of("code_change_rules", "be careful", "custom_instructions", "use pnpm")));
        case 'e' ->
            hostFutures.add(
                f.gateway.emit(
                    id, arg.isEmpty() ? "user.message" : arg, json("{\"text\":\"hi\"}")));
        case 'q' -> hostFutures.add(f.gateway.queryStreams(id, List.of(name + "@" + name), 5));
        case 'i' -> hostFutures.add(f.gateway.interrupt(id));
        case 'I' -> hostFutures.add(f.gateway.idle(id));
        case 'N' -> {
          if (sessions.size() < 6) {
            sessions.add(f.startSession("s" + sessions.size()));
          }
        }
        case 'E' -> {
          if (!id.equals(sessionB)) {
            hostFutures.add(f.gateway.endSession(id, Duration.ofMillis(parse(arg, 2000))));
          }
        }
        case 's' -> session++;
        case 't' -> f.clock.advance(Duration.ofMillis(parse(arg, 1000)));
        default -> {
          // not a step: ignored, so that mutations of a step's letter stay meaningful
        }
      }
    }

    private static long parse(String arg, long otherwise) {
      try {
        return Math.max(0, Math.min(Long.parseLong(arg), Duration.ofHours(1).toMillis()));
      } catch (NumberFormatException notANumber) {
        return otherwise;
      }
    }

    /** The well-behaved provider answers whatever it is asked, at once. */
    private void answerAsTheGoodProvider() {
      for (GatewayMessage message : good.drain()) {
        if (message instanceof ToolCall call) {
          good.send(ToolResult.success(call.id(), json("\"echoed\"")));
        } else if (message instanceof SessionLifecycle lifecycle && lifecycle.deadline() != null) {
          good.send(new ShutdownReady(lifecycle.sessionId()));
        }
      }
    }

    /** The end: the good provider is served, then nothing is left once everyone has gone. */
    void finish() {
      boolean fuzzedBoundToB =
          done(f.gateway.providers()).stream()
              .anyMatch(p -> !p.name().equals("good") && p.sessions().contains(sessionB));
      CompletableFuture<CallResult> echo = f.gateway.callTool(sessionB, "echo", json("{}"), null);
      answerAsTheGoodProvider();
      f.clock.advance(
          f.gateway.limits().calls().gateTimeout().plusSeconds(1)); // a fuzzed gate may hold it
      answerAsTheGoodProvider();
      assertThat(echo).as("a call to the well-behaved provider completes").isDone();
      if (!fuzzedBoundToB) {
        assertThat(echo.join().outcome())
            .as("nothing fuzzed touches session B")
            .isInstanceOf(ToolOutcome.Success.class);
      }

      for (Fuzzed conn : conns) {
        conn.drop();
      }
      for (String id : sessions) {
        if (!id.equals(sessionB)) {
          hostFutures.add(f.gateway.endSession(id, Duration.ofSeconds(1)));
        }
      }
      answerAsTheGoodProvider();
      f.clock.advance(PAST_EVERY_TIMEOUT);
      answerAsTheGoodProvider();
      assertThat(hostFutures)
          .as("everything the host started completed")
          .allMatch(CompletableFuture::isDone);
      assertThat(done(f.gateway.sessions()))
          .extracting(SessionInfo::id)
          .as("sessions left")
          .containsExactly(sessionB);
      assertThat(done(f.gateway.providers()))
          .extracting(ProviderInfo::name)
          .as("bound providers")
          .containsExactly("good");
      assertThat(done(f.gateway.tools(sessionB)))
          .extracting(HostTool::name)
          .as("tools of B")
          .containsExactly("echo");
      assertThat(f.clock.pendingTasks())
          .as("timers left (there were %d)", baselineTimers)
          .isLessThanOrEqualTo(baselineTimers);
    }

    @Override
    public void close() {
      f.close();
    }

    /** A fuzzed connection and what it last learned. */
    private final class Fuzzed {
      final RecordingProviderConnection rec;

      /** How much of {@link #rec}'s history {@link #check} has seen. */
      int checked;

      /** Whether {@link #check} last saw the connection open (the gateway had not closed it). */
      boolean wasOpen = true;

      /** The provider's side dropped the connection (the gateway is told, it does not close). */
      boolean dropped;

      boolean hasProviderId;
      String lastCallId = "none";
      String lastGateId = "none";
      String lastTransformId = "none";

      Fuzzed(RecordingProviderConnection rec) {
        this.rec = rec;
      }

      boolean isOpen() {
        return !dropped && !rec.isClosed();
      }

      void drop() {
        if (!dropped) {
          dropped = true;
          rec.drop();
        }
      }

      /** Checks what the gateway sent since the last step, and remembers ids to answer with. */
      void check(String context) {
        List<GatewayMessage> all = rec.history();
        for (GatewayMessage message : all.subList(checked, all.size())) {
          if (SESSION_TRAFFIC.contains(message.getClass())) {
            assertThat(hasProviderId)
                .as("%s: R-STATE-12, %s only once bound", context, message)
                .isTrue();
          }
          if (message instanceof ToolCall call) {
            lastCallId = call.id();
            assertThat(issuedIds.add(call.id())).as("%s: R-CODEC-10, %s", context, call).isTrue();
          } else if (message instanceof GateCheck gate) {
            lastGateId = gate.callId();
            assertThat(issuedIds.add(gate.callId()))
                .as("%s: R-CODEC-10, %s", context, gate)
                .isTrue();
          } else if (message instanceof TransformRequest transform) {
            lastTransformId = transform.callId();
            assertThat(issuedIds.add(transform.callId()))
                .as("%s: R-CODEC-10, %s", context, transform)
                .isTrue();
          } else if (message instanceof HelloAck ack) {
            hasProviderId = true;
            if (ack.reconnectToken() != null) {
              reconnectToken = ack.reconnectToken();
            }
          } else if (message instanceof Sessions list && list.token() != null) {
            externalToken = list.token();
          } else if (message instanceof ErrorMessage error) {
            assertThat(error.code())
                .as("%s: a code of our own", context)
                .isNotEqualTo(ErrorCode.UNKNOWN);
            assertThat(error.message()).as("%s: error text", context).isNotBlank();
            if (hasProviderId) {
              assertThat(error.providerId()).as("%s: R-CODEC-06, %s", context, error).isNotNull();
            }
          }
        }
        checked = all.size();
        if (wasOpen && rec.isClosed()) {
          wasOpen = false;
          CloseReason reason = rec.closeReason();
          if (reason != CloseReason.NORMAL && !dropped) {
            assertThat(all).as("%s: closed %s, so told why first", context, reason).isNotEmpty();
            assertThat(all.get(all.size() - 1))
                .as("%s: closed %s, so told why first", context, reason)
                .isInstanceOf(ErrorMessage.class);
          }
        }
      }
    }
  }

  /**
   * Collects what the gateway logs at ERROR: its catch-all for a bug in a handler logs there and
   * closes the connection, which would otherwise pass for a refusal.
   */
  private static final class SevereLogs implements AutoCloseable {
    private static final Logger ROOT = Logger.getLogger("io.github.providergateway");
    final List<LogRecord> records = new ArrayList<>();
    private final Handler handler;
    private final Level level = ROOT.getLevel();

    SevereLogs() {
      // Connections closed for silence log at INFO, thousands of times a second when fuzzing.
      ROOT.setLevel(Level.WARNING);
      handler =
          new Handler() {
            @Override
            public void publish(LogRecord record) {
              if (record.getLevel().intValue() >= Level.SEVERE.intValue()) {
                records.add(record);
              }
            }

            @Override
            public void flush() {}

            @Override
            public void close() {}
          };
      ROOT.addHandler(handler);
    }

    @Override
    public void close() {
      ROOT.removeHandler(handler);
      ROOT.setLevel(level);
    }
  }
}
