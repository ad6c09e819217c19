package io.github.providergateway.transport.ws;

import static io.github.providergateway.transport.ws.HostileTransportTest.assertAnotherProviderIsServed;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.HookDecision;
import io.github.providergateway.host.api.SessionSpec;
import io.github.providergateway.host.api.ToolOutcome;
import io.github.providergateway.loop.testing.ManualClock;
import io.github.providergateway.protocol.Ack;
import io.github.providergateway.protocol.Auth;
import io.github.providergateway.protocol.AuthConfirm;
import io.github.providergateway.protocol.AuthPairing;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.ErrorMessage;
import io.github.providergateway.protocol.FilterOutcome;
import io.github.providergateway.protocol.FilterRule;
import io.github.providergateway.protocol.FilterSet;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.HookMatch;
import io.github.providergateway.protocol.HookRule;
import io.github.providergateway.protocol.Hooks;
import io.github.providergateway.protocol.Limits;
import io.github.providergateway.protocol.Push;
import io.github.providergateway.protocol.PushLevel;
import io.github.providergateway.protocol.Sessions;
import io.github.providergateway.protocol.SessionsUpdated;
import io.github.providergateway.protocol.StreamEntry;
import io.github.providergateway.protocol.StreamHistory;
import io.github.providergateway.protocol.StreamQuery;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolDefinition;
import io.github.providergateway.protocol.ToolResult;
import io.github.providergateway.protocol.json.JsonHeap;
import io.github.providergateway.provider.JavaProvider;
import io.github.providergateway.provider.ProviderSession;
import io.github.providergateway.provider.client.WebSocketProviderClient;
import io.github.providergateway.transport.testing.RawProvider;
import io.github.providergateway.transport.testing.RawWebSocket;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The gateway attacked by a provider that did authenticate (issue 13): real sockets against a real
 * server, each attack followed by a well-behaved provider that is still served. Part of the
 * adversarial suite ({@code Hostile*Test}).
 */
class HostileProviderTest {

  private static final String CATASTROPHIC = "(a+)+$";
  private static final Pattern PAIRING_CODE = Pattern.compile("Pairing code: (\\d{6})");

  @Test
  void catastrophicFilterRulesCannotFreezeTheLoop() throws Exception {
    try (ServerFixture f = ServerFixture.start();
        RawProvider bomb = f.boundRaw(RawWebSocket.connect(f.port()), "regex-bomb")) {
      // 20,000 rules of 1 ms each held the loop 20 s for every push.
      bomb.send(new FilterSet("huge", null, "bomb", rules(20_000)));
      assertThat(bomb.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.PAYLOAD_TOO_LARGE);

      bomb.send(new FilterSet("max", null, "bomb", rules(50)));
      assertThat(bomb.next(Ack.class).requestId()).isEqualTo("max");
      String evil = "a".repeat(10_000) + "b";
      for (int i = 0; i < 100; i++) {
        bomb.send(Push.event("bomb", PushLevel.KEEP, evil));
      }

      // 100 pushes through 50 rules: five matches' steps each and ten a second for this provider.
      assertAnotherProviderIsServed(f);
    }
  }

  /**
   * Issue 48: a provider over a real socket whose hook rules backtrack catastrophically, and a
   * burst of hook calls in its session. Its rules spend its own regex allowance and nothing more
   * (four seconds' worth, {@code RegexGuard.BURST_SECONDS}, at once), the calls past it are denied
   * as not checked without running a rule, and another provider's rule in another session still
   * runs in the middle of the burst. Counted on the gateway's manual clock, which the burst cannot
   * refill.
   */
  @Test
  void catastrophicHookRulesSpendOnlyTheirProvidersAllowanceAndCallsPastItAreNotChecked()
      throws Exception {
    ManualClock time = new ManualClock();
    try (ServerFixture f = ServerFixture.start(g -> g.backend(time.backend().threaded()), b -> {});
        RawProvider bomb = f.authenticatedRaw(RawWebSocket.connect(f.port()))) {
      String other =
          ServerFixture.await(
                  f.gateway.startSession(SessionSpec.of("other", "/code/other"), f.host))
              .id();
      bomb.next(SessionsUpdated.class);
      RawProvider sentry = f.authenticatedRaw(RawWebSocket.connect(f.port()));
      // Four rules that each spend a whole match's steps, then a deny rule on text found nowhere:
      // only a rule left without steps makes it deny.
      List<HookRule> rules = new ArrayList<>();
      for (int i = 0; i < 4; i++) {
        rules.add(HookRule.context(new HookMatch(null, "(x+x+)+y", null, null), "never " + i));
      }
      rules.add(HookRule.deny(new HookMatch(null, "zzz", null, null), "zzz is nowhere"));
      bomb.send(
          Hello.builder("regex-bomb").session(f.sessionId).hooks(new Hooks(rules, null)).build());
      bomb.next(HelloAck.class);
      sentry.send(
          Hello.builder("sentry")
              .session(other)
              .hooks(
                  new Hooks(
                      List.of(
                          HookRule.deny(
                              new HookMatch(null, "rm -rf", null, null), "sentry: no rm -rf")),
                      null))
              .build());
      sentry.next(HelloAck.class);
      JsonNode evil = ServerFixture.json("{\"x\":\"" + "x".repeat(5_000) + "\"}");

      List<CompletableFuture<HookDecision>> burst = new ArrayList<>();
      CompletableFuture<HookDecision> meanwhile = null;
      for (int i = 0; i < 30; i++) {
        burst.add(f.gateway.preToolUse(f.sessionId, "shell", evil));
        if (i == 14) {
          meanwhile =
              f.gateway.preToolUse(
                  other, "shell", ServerFixture.json("{\"command\":\"rm -rf /code/other\"}"));
        }
      }
      List<HookDecision> decided = new ArrayList<>();
      for (CompletableFuture<HookDecision> call : burst) {
        decided.add(ServerFixture.await(call));
      }

      // Forty whole matches in four seconds' worth: nine calls of four matches and a scan for
      // "zzz" each, then the tenth's fourth match takes the last steps.
      assertThat(decided).filteredOn(HookDecision::allowed).hasSize(9);
      assertThat(decided.subList(9, 30))
          .allSatisfy(
              d ->
                  assertThat(d.reason())
                      .startsWith("Not checked: a rule of provider 'regex-bomb' could not be run"));
      HookDecision sentried = ServerFixture.await(meanwhile);
      assertThat(sentried.allowed()).isFalse();
      assertThat(sentried.reason())
          .as("the other provider's rule ran on steps of its own")
          .isEqualTo("sentry: no rm -rf");

      time.advance(Duration.ofSeconds(1)); // ten matches' worth again
      assertThat(ServerFixture.await(f.gateway.preToolUse(f.sessionId, "shell", evil)).allowed())
          .isTrue();
      assertAnotherProviderIsServed(f);
      sentry.close();
    }
  }

  @Test
  void aPairedProviderCannotTakeAProjectProvidersCallsByClaimingItsName() throws Exception {
    try (ServerFixture f = ServerFixture.start();
        RawProvider project = f.boundRaw(RawWebSocket.connect(f.port()), "vault", "read_secret");
        RawProvider external = paired(f)) {
      external.send(
          Hello.builder("vault")
              .instance("evil")
              .session(f.sessionId)
              .tools(ServerFixture.definitions("read_secret"))
              .build());
      assertThat(external.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.UNAUTHORIZED);

      CompletableFuture<CallResult> call = f.call("read_secret", "{\"key\":\"prod\"}");
      ToolCall sent = project.next(ToolCall.class);
      project.send(ToolResult.success(sent.id(), TextNode.valueOf("ok")));
      assertThat(ServerFixture.await(call).outcome()).isInstanceOf(ToolOutcome.Success.class);
    }
  }

  @Test
  void aFiveThousandCharacterNameGetsATypedErrorAndTheConnectionStaysOpen() throws Exception {
    try (ServerFixture f = ServerFixture.start();
        RawProvider provider = f.authenticatedRaw(RawWebSocket.connect(f.port()))) {
      provider.send(Hello.builder("n".repeat(5_000)).session(f.sessionId).build());
      ErrorMessage refused = provider.next(ErrorMessage.class);
      assertThat(refused.code()).isEqualTo(ErrorCode.INVALID_JSON);
      assertThat(refused.message()).hasSizeLessThan(200);

      provider.send(Hello.builder("short-name").session(f.sessionId).build());
      provider.next(HelloAck.class);
      assertAnotherProviderIsServed(f);
    }
  }

  /**
   * Issue 32, finding 7: a provider named {@code gateway} had its pushes reach the host as {@code
   * source: "gateway"}, as the gateway's own lines (pairing codes) do.
   */
  @Test
  void aProviderCannotTakeTheNameTheGatewaySignsItsOwnLinesWith() throws Exception {
    try (ServerFixture f = ServerFixture.start();
        RawProvider provider = f.authenticatedRaw(RawWebSocket.connect(f.port()))) {
      provider.send(Hello.builder("gateway").session(f.sessionId).build());
      ErrorMessage refused = provider.next(ErrorMessage.class);
      assertThat(refused.code()).isEqualTo(ErrorCode.UNAUTHORIZED);
      assertThat(refused.message()).contains("'gateway'", "reserved for the gateway");
      provider.send(Hello.builder("Provider-Gateway").session(f.sessionId).build());
      assertThat(provider.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.UNAUTHORIZED);

      provider.send(Hello.builder("ci").session(f.sessionId).build());
      provider.next(HelloAck.class);
      provider.send(Push.event("ci", PushLevel.SURFACE, "Pairing code: 123456"));
      ServerFixture.awaitTrue(
          "the push in the timeline", () -> f.host.loggedTexts().contains("Pairing code: 123456"));
      assertThat(f.host.logs)
          .filteredOn(line -> line.text().contains("Pairing code"))
          .singleElement()
          .satisfies(line -> assertThat(line.source()).isEqualTo("ci"));
      assertThat(f.host.logs)
          .as("the gateway's own lines: the two refusals")
          .filteredOn(line -> line.source().equals("gateway"))
          .allSatisfy(
              line ->
                  assertThat(line.text()).startsWith("Refused provider '").contains("UNAUTHORIZED"))
          .hasSize(2);
    }
  }

  @Test
  void streamFloodsAreBoundedByTheHeapTheyHoldNotTheTextSent() throws Exception {
    try (ServerFixture f = ServerFixture.start();
        RawProvider flooder = f.boundRaw(RawWebSocket.connect(f.port()), "flooder")) {
      // ~1 MB of text each, ~18 MB of nodes each: 20 streams of these held 360 MB before.
      String zeros = "[" + "0,".repeat(499_999) + "0]";
      List<String> names = new ArrayList<>();
      for (int i = 0; i < 20; i++) {
        names.add("s" + i + "@flooder");
        flooder.socket.sendText(
            "{\"type\":\"push\",\"level\":\"keep\",\"event\":\"e\",\"stream\":\"s"
                + i
                + "\",\"metadata\":{\"n\":"
                + zeros
                + "}}");
      }
      assertAnotherProviderIsServed(f); // every push handled by now: the loop is in order

      long held = 0;
      for (List<StreamEntry> entries :
          ServerFixture.await(f.gateway.queryStreams(f.sessionId, names, 200)).values()) {
        for (StreamEntry entry : entries) {
          held += JsonHeap.of(entry.metadata());
        }
      }
      assertThat(held).isLessThanOrEqualTo(Limits.defaults().streams().maxRetainedStreamBytes());
    }
  }

  @Test
  void metadataNestedTooDeepIsRefusedAndEveryQueryStillAnswers() throws Exception {
    try (ServerFixture f = ServerFixture.start();
        RawProvider provider = f.boundRaw(RawWebSocket.connect(f.port()), "nester")) {
      String deep = "{\"a\":".repeat(996) + "1" + "}".repeat(996);
      provider.socket.sendText(
          "{\"type\":\"push\",\"level\":\"keep\",\"event\":\"deep\",\"stream\":\"s\",\"metadata\":"
              + deep
              + "}");
      assertThat(provider.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.INVALID_JSON);

      String deepest =
          "{\"a\":".repeat(125) + "1" + "}".repeat(125); // 127 levels with the envelope
      provider.socket.sendText(
          "{\"type\":\"push\",\"level\":\"keep\",\"event\":\"ok\",\"stream\":\"s\",\"metadata\":"
              + deepest
              + "}");
      provider.send(new StreamQuery("q", null, List.of("s"), 10));
      StreamHistory history = provider.next(StreamHistory.class);
      assertThat(history.streams().get("s")).extracting(StreamEntry::event).containsExactly("ok");
      assertThat(
              ServerFixture.await(f.gateway.queryStreams(f.sessionId, List.of("s@nester"), 10))
                  .get("s@nester"))
          .hasSize(1);
    }
  }

  @Test
  void atTheDeepestConfigurableDepthWhatIsAcceptedIsWrittenBackToProviderAndHost()
      throws Exception {
    Limits deepest =
        ServerFixture.PATIENT_LIMITS.toBuilder().maxJsonDepth(Limits.MAX_JSON_DEPTH).build();
    try (ServerFixture f = ServerFixture.start(g -> g.limits(deepest), b -> {});
        RawProvider provider = f.boundRaw(RawWebSocket.connect(f.port()), "nester")) {
      int levels =
          Limits.MAX_JSON_DEPTH - 2; // with the push's own object, one level below the limit
      String deep = "{\"a\":".repeat(levels) + "1" + "}".repeat(levels);
      provider.socket.sendText(
          "{\"type\":\"push\",\"level\":\"keep\",\"event\":\"deep\",\"stream\":\"s\",\"metadata\":"
              + deep
              + "}");

      provider.send(new StreamQuery("q", null, List.of("s"), 10));
      assertThat(provider.next(StreamHistory.class).streams().get("s"))
          .extracting(StreamEntry::event)
          .containsExactly("deep");
      var entries =
          ServerFixture.await(f.gateway.queryStreams(f.sessionId, List.of("s@nester"), 10));
      String hostReply =
          io.github.providergateway.host.protocol.HostCodec.create()
              .writeJson(io.github.providergateway.host.protocol.HostWire.streams(entries));
      assertThat(hostReply).contains("\"deep\"");
    }
  }

  @Test
  void authenticatedConnectionsThatNeverSayHelloLoseTheirSlotsAtTheBindTimeout() throws Exception {
    ManualClock time = new ManualClock();
    Limits fiveSlots = ServerFixture.PATIENT_LIMITS.toBuilder().maxConnections(5).build();
    try (ServerFixture f =
        ServerFixture.start(g -> g.limits(fiveSlots).backend(time.backend().threaded()), b -> {})) {
      List<RawProvider> squatters = new ArrayList<>();
      for (int i = 0; i < 5; i++) {
        squatters.add(f.authenticatedRaw(RawWebSocket.connect(f.port())));
      }
      try (RawWebSocket refused = RawWebSocket.connect(f.port())) {
        assertThat(refused.status()).as("every slot held").isEqualTo(503);
      }

      time.advance(Duration.ofSeconds(30));

      for (RawProvider squatter : squatters) {
        assertThat(squatter.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.INVALID_SESSION);
        assertThat(squatter.awaitCloseCode()).isEqualTo(1008);
        squatter.close();
      }
      ServerFixture.awaitTrue("a slot is free again", () -> handshakeStatus(f.port()) == 101);
      assertAnotherProviderIsServed(f);
    }
  }

  @Test
  void theJavaClientClosedForStayingUnboundReconnectsIntoTheSessionThatIsLeft() throws Exception {
    ManualClock time = new ManualClock();
    try (ServerFixture f =
        ServerFixture.start(g -> g.backend(time.backend().threaded()), b -> {})) {
      JavaProvider provider =
          JavaProvider.builder("greeter")
              .tool(
                  ToolDefinition.of(
                      "greet", "Say hello", ServerFixture.json("{\"type\":\"object\"}")),
                  (args, call) -> CompletableFuture.completedFuture(TextNode.valueOf("hello")))
              .build();
      ProviderSession session =
          WebSocketProviderClient.connect(
              URI.create("ws://127.0.0.1:" + f.port() + "/"),
              f.gateway.credentials().providerToken(),
              provider);
      try {
        assertThat(ServerFixture.await(session.bound().toCompletableFuture()).sessionId())
            .isEqualTo(f.sessionId);
        String other =
            ServerFixture.await(
                    f.gateway.startSession(SessionSpec.of("other", "/code/other"), f.host))
                .id();
        ServerFixture.await(f.gateway.endSession(f.sessionId, Duration.ofSeconds(5)));

        time.advance(Duration.ofSeconds(30)); // unbound beside "other": closed, and it reconnects

        ServerFixture.awaitTrue(
            "bound in the session that is left",
            () -> {
              try {
                return f.gateway.tools(other).get().stream()
                    .anyMatch(t -> t.name().equals("greet"));
              } catch (Exception e) {
                return false;
              }
            });
        CallResult result =
            ServerFixture.await(f.gateway.callTool(other, "greet", ServerFixture.json("{}"), null));
        assertThat(result.outcome()).isEqualTo(ToolOutcome.success(TextNode.valueOf("hello")));
      } finally {
        session.close();
      }
    }
  }

  private static int handshakeStatus(int port) {
    try (RawWebSocket socket = RawWebSocket.connect(port)) {
      return socket.status();
    } catch (java.io.IOException e) {
      return -1;
    }
  }

  /** A raw connection paired to the fixture's session, with the code read from its timeline. */
  private static RawProvider paired(ServerFixture f) throws Exception {
    RawProvider provider = new RawProvider(RawWebSocket.connect(f.port()));
    provider.send(Auth.pair());
    provider.next(AuthPairing.class);
    String code = null;
    for (var line : f.host.logs) {
      Matcher matcher = PAIRING_CODE.matcher(line.text());
      if (matcher.find()) {
        code = matcher.group(1);
      }
    }
    provider.send(new AuthConfirm(code));
    provider.next(Sessions.class);
    return provider;
  }

  private static List<FilterRule> rules(int count) {
    List<FilterRule> rules = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      rules.add(new FilterRule(CATASTROPHIC, FilterOutcome.DROP));
    }
    return rules;
  }
}
