package io.github.providergateway.app;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.agent.tokens.ClientTokens;
import io.github.providergateway.app.run.RunningGateway;
import io.github.providergateway.gateway.event.GatewayListener;
import io.github.providergateway.gateway.testing.RecordingSessionHost;
import io.github.providergateway.host.api.SessionSpec;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.transport.testing.RawHttp;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Claude Code's HTTP hook (issue 33): {@code POST /hooks/claude} on the reference gateway's own
 * port, sent by the JDK's HTTP client as Claude Code sends it (the recorded payloads of {@code
 * src/test/resources/hooks}, {@code Authorization: Bearer <hook token>}), answered in Claude's hook
 * output format by the gateway process itself, with a real provider on a WebSocket gating {@code
 * git push} as examples/node/guardrail.mjs does.
 */
class HttpHookTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration WAIT = RpcApp.WAIT;
  private static final String AGENT_CWD = "/home/dev/project";
  private static final String CI_RED = "CI is red on this branch. Fix the tests first.";

  @TempDir Path home;
  private RunningGateway running;
  private ClientTokens tokens;
  private String token;
  private final HttpClient http =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(WAIT).build();
  private final List<AutoCloseable> toClose = new ArrayList<>();

  @BeforeEach
  void gatewayWithTheAgentsSession() throws Exception {
    running =
        RunningGateway.start(
            Main.options(Map.of(), "--rpc", "--home", home.toString(), "--port", "0"),
            new GatewayListener() {});
    tokens = ClientTokens.hooks(home);
    token = tokens.issue("claude");
  }

  @AfterEach
  void stop() throws Exception {
    for (AutoCloseable closeable : toClose) {
      closeable.close();
    }
    running.close();
  }

  /** ci-guard bound to the agent's session, gating {@code git push} in {@code shell}. */
  private WsProvider guard(String helloFields) throws Exception {
    SessionInfo session =
        running
            .gateway()
            .startSession(SessionSpec.of("claude-code", AGENT_CWD), new RecordingSessionHost())
            .get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
    WsProvider guard =
        WsProvider.bound(
            running.url(),
            running.gateway().credentials().providerToken(),
            session.id(),
            "ci-guard",
            "\"hooks\":{\"onPreToolUse\":[{\"match\":{\"tool\":\"shell\",\"args\":\"git push\"},"
                + "\"action\":\"gate\",\"gateId\":\"ci-green\"}]}"
                + helloFields);
    toClose.add(guard);
    return guard;
  }

  private URI hookUrl(String agent) {
    return URI.create("http://127.0.0.1:" + running.port() + "/hooks/" + agent);
  }

  private static String payload(String name) throws IOException {
    try (InputStream in = HttpHookTest.class.getResourceAsStream("/hooks/" + name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  /** Claude Code's request: its hook input as JSON, with {@code headers}. */
  private CompletableFuture<HttpResponse<String>> post(
      String agent, String body, Map<String, String> headers) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(hookUrl(agent))
            .timeout(WAIT)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body));
    headers.forEach(request::header);
    return http.sendAsync(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  private CompletableFuture<HttpResponse<String>> claude(String payloadName) throws IOException {
    return post("claude", payload(payloadName), Map.of("Authorization", "Bearer " + token));
  }

  private static HttpResponse<String> done(CompletableFuture<HttpResponse<String>> response)
      throws Exception {
    return response.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
  }

  private static JsonNode decision(HttpResponse<String> response) throws IOException {
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    assertThat(response.headers().firstValue("Content-Type")).contains("application/json");
    return JSON.readTree(response.body()).get("hookSpecificOutput");
  }

  /** Reads the next {@code gate.check} and answers it; returns the check. */
  private static JsonNode answerGate(WsProvider guard, String result) {
    JsonNode check = guard.next("gate.check");
    guard.send(
        "{\"type\":\"gate.result\",\"gateId\":\"ci-green\",\"callId\":\""
            + check.get("callId").asText()
            + "\","
            + result
            + "}");
    return check;
  }

  // ---- decisions ----

  @Test
  void aCallNoRuleMatchesIsAnsweredWithNoDecisionSoClaudesOwnPermissionsApply() throws Exception {
    WsProvider guard = guard("");

    JsonNode out = decision(done(claude("claude-bash-ls.json")));

    assertThat(out.get("hookEventName").asText()).isEqualTo("PreToolUse");
    assertThat(out.has("permissionDecision"))
        .as("no \"allow\": it would skip Claude's own prompt")
        .isFalse();
    assertThat(guard.receivedNoneBeforeAnAnswer("gate.check")).isTrue();
  }

  @Test
  void aGatesDenyIsClaudesDenyWithTheGatesReason() throws Exception {
    WsProvider guard = guard("");

    CompletableFuture<HttpResponse<String>> response = claude("claude-bash-git-push.json");
    JsonNode check = answerGate(guard, "\"decision\":\"deny\",\"reason\":\"" + CI_RED + "\"");
    JsonNode out = decision(done(response));

    assertThat(check.get("tool").asText()).isEqualTo("shell");
    assertThat(check.get("args").toString()).isEqualTo("{\"command\":\"git push origin main\"}");
    assertThat(out.get("permissionDecision").asText()).isEqualTo("deny");
    assertThat(out.get("permissionDecisionReason").asText()).isEqualTo(CI_RED);
  }

  @Test
  void aGateThatAsksThePersonIsClaudesAskWithItsQuestion() throws Exception {
    WsProvider guard = guard(",\"extensions\":[\"gate.ask\"]");

    CompletableFuture<HttpResponse<String>> response = claude("claude-bash-git-push.json");
    answerGate(
        guard, "\"decision\":\"ask\",\"reason\":\"Push to main while the release is frozen?\"");
    JsonNode out = decision(done(response));

    assertThat(out.get("permissionDecision").asText()).isEqualTo("ask");
    assertThat(out.get("permissionDecisionReason").asText())
        .isEqualTo("Push to main while the release is frozen?");
  }

  /** The person away (decision 321), as {@code gateway away --until 23:59} writes it. */
  private void personAway() throws IOException {
    java.time.OffsetDateTime now = java.time.OffsetDateTime.now();
    java.nio.file.Files.writeString(
        home.resolve(io.github.providergateway.agent.hook.PersonAway.FILE),
        io.github.providergateway.agent.hook.PersonAway.text(now, now.plusHours(3)));
  }

  /**
   * Decision 321, through a real gateway's HTTP hook, its session and a real gate: while the person
   * is away a gate's question is Claude's deny, saying so, and the gateway records it for {@code
   * gateway back}; a deny and a call no rule matches are as they were.
   */
  @Test
  void whileThePersonIsAwayAGatesQuestionIsClaudesDenyKeptForTheirReturn() throws Exception {
    WsProvider guard = guard(",\"extensions\":[\"gate.ask\"]");
    personAway();

    CompletableFuture<HttpResponse<String>> response = claude("claude-bash-git-push.json");
    answerGate(
        guard, "\"decision\":\"ask\",\"reason\":\"Push to main while the release is frozen?\"");
    JsonNode out = decision(done(response));
    JsonNode ls = decision(done(claude("claude-bash-ls.json")));

    assertThat(out.get("permissionDecision").asText()).isEqualTo("deny");
    assertThat(out.get("permissionDecisionReason").asText())
        .startsWith("the person is away until ")
        .contains("would ask them first: Push to main while the release is frozen?")
        .contains("kept for their return");
    assertThat(ls.has("permissionDecision")).as("an allow stays an allow").isFalse();
    List<io.github.providergateway.gateway.event.Decision> held =
        running
            .decisions()
            .query(
                new io.github.providergateway.host.api.AuditFilter(
                    null, null, null, "pre_tool_use", null, null, 100))
            .stream()
            .filter(d -> "PERSON_AWAY".equals(d.code()))
            .toList();
    assertThat(held)
        .singleElement()
        .satisfies(
            d ->
                assertThat(d.reason())
                    .isEqualTo(
                        "git push origin main: asked: Push to main while the release is frozen?"));
  }

  @Test
  void whileThePersonIsAwayAGatesRewriteIsADenyNamingTheCallItWouldLetRun() throws Exception {
    WsProvider guard = guard(",\"extensions\":[\"gate.args\"]");
    personAway();

    CompletableFuture<HttpResponse<String>> response = claude("claude-bash-git-push.json");
    answerGate(
        guard, "\"decision\":\"allow\",\"args\":{\"command\":\"git push --dry-run origin main\"}");
    JsonNode out = decision(done(response));

    assertThat(out.get("permissionDecision").asText()).isEqualTo("deny");
    assertThat(out.has("updatedInput")).as("nothing runs unseen").isFalse();
    assertThat(out.get("permissionDecisionReason").asText())
        .startsWith("the person is away until ")
        .contains("The call the gates would let run: ")
        .contains("git push --dry-run origin main");
  }

  @Test
  void aGatesRewriteIsClaudesUpdatedInputKeepingTheFieldsTheGateNeverSaw() throws Exception {
    WsProvider guard = guard(",\"extensions\":[\"gate.args\"]");

    CompletableFuture<HttpResponse<String>> response = claude("claude-bash-git-push.json");
    answerGate(
        guard, "\"decision\":\"allow\",\"args\":{\"command\":\"git push --dry-run origin main\"}");
    JsonNode out = decision(done(response));

    assertThat(out.get("permissionDecision").asText())
        .as("the person sees the rewritten call")
        .isEqualTo("ask");
    assertThat(out.get("updatedInput"))
        .isEqualTo(
            JSON.readTree(
                "{\"command\":\"git push --dry-run origin main\",\"description\":\"Push the branch to origin\",\"timeout\":120000}"));
  }

  @Test
  void copilotsHookInputIsAnsweredInCopilotsFormat() throws Exception {
    WsProvider guard = guard("");

    CompletableFuture<HttpResponse<String>> response =
        post(
            "copilot",
            payload("copilot-bash-git-push.json"),
            Map.of("Authorization", "Bearer " + token));
    answerGate(guard, "\"decision\":\"deny\",\"reason\":\"" + CI_RED + "\"");
    HttpResponse<String> answered = done(response);

    assertThat(answered.statusCode()).isEqualTo(200);
    assertThat(JSON.readTree(answered.body()).get("permissionDecision").asText()).isEqualTo("deny");
  }

  @Test
  void inputThatIsNoHookCallIsAnExplicitDenyNotAnError() throws Exception {
    JsonNode out =
        decision(
            done(
                post(
                    "claude",
                    "{\"tool_name\": \"Bash\", \"tool_input\": ",
                    Map.of("Authorization", "Bearer " + token))));

    assertThat(out.get("permissionDecision").asText()).isEqualTo("deny");
    assertThat(out.get("permissionDecisionReason").asText())
        .contains("could not read the claude hook input");
  }

  // ---- parallel calls (issue 47, row 6) ----

  /**
   * An agent's parallel tool calls, 100 at once on their own connections, 50 pushes its guard's
   * gate holds until the test answers and 50 listings, while a stranger floods the port with
   * sockets that send nothing or half a request: every call gets its decision (none refused, none
   * reset), no push is let through, and the stranger's sockets are still held to the 64 that may
   * wait for their request.
   */
  @Test
  void aHundredParallelCallsAmidAFloodOfStrangersSocketsAreAllAnsweredAndNoPushRuns()
      throws Exception {
    WsProvider guard = guard("");
    String push = payload("claude-bash-git-push.json");
    String ls = payload("claude-bash-ls.json");
    int port = running.port();
    List<java.net.Socket> strangers = new java.util.concurrent.CopyOnWriteArrayList<>();
    java.util.concurrent.ExecutorService threads = Executors.newFixedThreadPool(101);
    try {
      java.util.concurrent.CountDownLatch go = new java.util.concurrent.CountDownLatch(1);
      Future<?> flood =
          threads.submit(
              () -> {
                go.await();
                for (int i = 0; i < 400; i++) {
                  java.net.Socket stranger =
                      new java.net.Socket(java.net.InetAddress.getLoopbackAddress(), port);
                  strangers.add(stranger);
                  if (i % 2 == 1) {
                    stranger
                        .getOutputStream()
                        .write("POST /hooks/claude HTTP/1.1\r\nHost: 127.0".getBytes(US_ASCII));
                  }
                }
                return null;
              });
      List<Future<RawHttp.Answer>> pushes = new ArrayList<>();
      List<Future<RawHttp.Answer>> listings = new ArrayList<>();
      for (int i = 0; i < 50; i++) {
        pushes.add(threads.submit(() -> hookCall(go, port, push)));
        listings.add(threads.submit(() -> hookCall(go, port, ls)));
      }
      go.countDown();

      for (int i = 0; i < 50; i++) {
        answerGate(guard, "\"decision\":\"deny\",\"reason\":\"" + CI_RED + "\"");
      }
      flood.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);

      for (Future<RawHttp.Answer> answer : pushes) {
        RawHttp.Answer pushed = answer.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        assertThat(pushed.status()).as(pushed.body()).isEqualTo(200);
        JsonNode out = JSON.readTree(pushed.body()).get("hookSpecificOutput");
        assertThat(out.get("permissionDecision").asText()).isEqualTo("deny");
        assertThat(out.get("permissionDecisionReason").asText()).isEqualTo(CI_RED);
      }
      for (Future<RawHttp.Answer> answer : listings) {
        RawHttp.Answer listed = answer.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        assertThat(listed.status()).as(listed.body()).isEqualTo(200);
        assertThat(JSON.readTree(listed.body()).get("hookSpecificOutput").has("permissionDecision"))
            .isFalse();
      }
      assertThat(stillOpen(strangers))
          .as("the stranger's sockets the server holds")
          .isLessThanOrEqualTo(64);
    } finally {
      threads.shutdownNow();
      for (java.net.Socket stranger : strangers) {
        stranger.close();
      }
    }
  }

  /** One hook call on a connection of its own, sent once {@code go} opens. */
  private RawHttp.Answer hookCall(java.util.concurrent.CountDownLatch go, int port, String body)
      throws Exception {
    go.await();
    try (RawHttp raw = RawHttp.connect(port)) {
      raw.send(
          "POST",
          "/hooks/claude",
          port,
          Map.of("Authorization", "Bearer " + token, "Content-Type", "application/json"),
          body);
      return raw.answer();
    }
  }

  /** How many of {@code sockets} the server has not closed: a read neither ends nor fails. */
  private static int stillOpen(List<java.net.Socket> sockets) throws IOException {
    int open = 0;
    for (java.net.Socket socket : sockets) {
      socket.setSoTimeout(1);
      try {
        if (socket.getInputStream().read() >= 0) {
          open++; // it answered something: still counts as held
        }
      } catch (java.net.SocketTimeoutException waiting) {
        open++;
      } catch (IOException reset) {
        // closed by the server
      }
    }
    return open;
  }

  // ---- who may ask ----

  @Test
  void withoutATokenTheHookGets401WithTheChallengeAndSaysHowToGetOne() throws Exception {
    HttpResponse<String> response =
        done(post("claude", payload("claude-bash-git-push.json"), Map.of()));

    assertThat(response.statusCode()).isEqualTo(401);
    assertThat(response.headers().firstValue("WWW-Authenticate"))
        .contains("Bearer realm=\"provider-gateway\"");
    assertThat(response.body()).contains("gateway hook --print-config claude");
  }

  @Test
  void aWrongTokenAndTheMcpFrontDoorsTokenGet401() throws Exception {
    String mcpToken = ClientTokens.mcpHttp(home).issue("claude");

    HttpResponse<String> wrong =
        done(
            post(
                "claude",
                payload("claude-bash-ls.json"),
                Map.of("Authorization", "Bearer hook-nope")));
    HttpResponse<String> mcp =
        done(
            post(
                "claude",
                payload("claude-bash-ls.json"),
                Map.of("Authorization", "Bearer " + mcpToken)));

    assertThat(wrong.statusCode()).isEqualTo(401);
    assertThat(wrong.headers().firstValue("WWW-Authenticate"))
        .hasValueSatisfying(v -> assertThat(v).contains("invalid_token"));
    assertThat(mcp.statusCode())
        .as("an MCP client's token opens only the MCP front door")
        .isEqualTo(401);
  }

  @Test
  void aRevokedTokenGets401AtItsNextRequest() throws Exception {
    assertThat(done(claude("claude-bash-ls.json")).statusCode()).isEqualTo(200);

    assertThat(tokens.revoke("claude")).isTrue();

    HttpResponse<String> response = done(claude("claude-bash-ls.json"));
    assertThat(response.statusCode()).isEqualTo(401);
    assertThat(response.headers().firstValue("WWW-Authenticate"))
        .hasValueSatisfying(v -> assertThat(v).contains("invalid_token"));
  }

  @Test
  void aForeignOriginGets403() throws Exception {
    HttpResponse<String> response =
        done(
            post(
                "claude",
                payload("claude-bash-ls.json"),
                Map.of("Authorization", "Bearer " + token, "Origin", "http://evil.example")));

    assertThat(response.statusCode()).isEqualTo(403);
  }

  @Test
  void aForeignHostGets403() throws Exception {
    // The JDK's client will not send a Host of our choosing: a DNS-rebinding page's request, by
    // hand.
    try (RawHttp raw = RawHttp.connect(running.port())) {
      raw.send(
          "POST",
          "/hooks/claude",
          running.port(),
          Map.of(
              "Host",
              "evil.example:" + running.port(),
              "Authorization",
              "Bearer " + token,
              "Content-Type",
              "application/json"),
          payload("claude-bash-ls.json"));
      assertThat(raw.answer().status()).isEqualTo(403);
    }
  }

  @Test
  void anotherMethodAnUnknownAgentAndAnotherMediaTypeAreRefusedFromTheHeaders() throws Exception {
    HttpResponse<String> get =
        http.send(
            HttpRequest.newBuilder(hookUrl("claude"))
                .timeout(WAIT)
                .header("Authorization", "Bearer " + token)
                .GET()
                .build(),
            HttpResponse.BodyHandlers.ofString());
    HttpResponse<String> gemini =
        done(
            post(
                "gemini",
                payload("claude-bash-ls.json"),
                Map.of("Authorization", "Bearer " + token)));
    HttpResponse<String> text =
        http.send(
            HttpRequest.newBuilder(hookUrl("claude"))
                .timeout(WAIT)
                .header("Authorization", "Bearer " + token)
                .header("Content-Type", "text/plain")
                .POST(HttpRequest.BodyPublishers.ofString(payload("claude-bash-ls.json")))
                .build(),
            HttpResponse.BodyHandlers.ofString());

    assertThat(get.statusCode()).isEqualTo(405);
    assertThat(get.headers().firstValue("Allow")).contains("POST");
    assertThat(gemini.statusCode()).isEqualTo(404);
    assertThat(gemini.body()).contains("/hooks/claude");
    assertThat(text.statusCode()).isEqualTo(415);
  }

  @Test
  void aBodyOverFourMiBGets413FromItsAnnouncedLength() throws Exception {
    // By hand: the JDK's client writes a whole body before it reads, and a body larger than the
    // server drains is cut with the connection (security.md); the length alone is enough.
    try (RawHttp raw = RawHttp.connect(running.port())) {
      raw.send(
          "POST",
          "/hooks/claude",
          running.port(),
          Map.of(
              "Authorization",
              "Bearer " + token,
              "Content-Type",
              "application/json",
              "Content-Length",
              Long.toString((4L << 20) + 1)),
          null);
      assertThat(raw.answer().status()).isEqualTo(413);
    }
  }
}
