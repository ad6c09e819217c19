package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.agent.tokens.ClientTokens;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A token holder's agent attacking the gateway's MCP front doors where only a real process shows
 * it: the gateway's JVM runs with 512 KiB thread stacks (jvm.options, as {@link TestJvm} starts
 * it), and a {@code tools/call} whose arguments nest 900 levels, though its body parses, ran the
 * front door out of stack (issue 35): over HTTP the connection was reset with no answer. Both doors
 * now answer a message nested past the gateway's bound (128 levels, as a provider's) with {@code
 * -32600} and its id, and the agent's session goes on. Part of the adversarial suite ({@code
 * Hostile*Test}).
 */
@Tag("process")
class HostileAgentTest {

  private static final Duration WAIT = Duration.ofSeconds(30);
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Deep enough to exhaust a 512 KiB stack, shallow enough for Jackson's parser (1,000 levels). */
  private static final int LEVELS = 900;

  @TempDir Path home;
  @TempDir Path logs;
  private RpcApp gateway;
  private Process mcp;

  @AfterEach
  void stop() {
    if (mcp != null) {
      mcp.destroyForcibly();
    }
    if (gateway != null) {
      gateway.close();
    }
  }

  private static String deepCall(int id) {
    String arguments = "{\"a\":".repeat(LEVELS) + "1" + "}".repeat(LEVELS);
    return "{\"jsonrpc\":\"2.0\",\"id\":"
        + id
        + ",\"method\":\"tools/call\",\"params\":{\"name\":\"any\",\"arguments\":"
        + arguments
        + "}}";
  }

  private static String request(int id, String method, String params) {
    return "{\"jsonrpc\":\"2.0\",\"id\":"
        + id
        + ",\"method\":\""
        + method
        + "\",\"params\":"
        + params
        + "}";
  }

  private static final String INITIALIZE =
      request(
          1,
          "initialize",
          "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"hostile\",\"version\":\"1\"}}");
  private static final String INITIALIZED =
      "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}";

  @Test
  void argumentsNestedPastTheBoundOverHttpAreAnsweredWithAJsonRpcErrorAndTheSessionGoesOn()
      throws Exception {
    gateway = RpcApp.start(home);
    Http http = new Http(gateway.url().getPort(), ClientTokens.mcpHttp(home).issue("hostile"));
    HttpResponse<String> init = http.post(null, INITIALIZE);
    assertThat(init.statusCode()).as("initialize: %s", init.body()).isEqualTo(200);
    String session = init.headers().firstValue("Mcp-Session-Id").orElseThrow();
    assertThat(http.post(session, INITIALIZED).statusCode()).isEqualTo(202);

    HttpResponse<String> deep = http.post(session, deepCall(2));

    JsonNode refusal = JSON.readTree(deep.body());
    assertThat(refusal.get("id").asInt()).isEqualTo(2);
    assertThat(refusal.at("/error/code").asInt()).isEqualTo(-32600);
    assertThat(refusal.at("/error/message").asText()).contains("nested deeper than 128 levels");
    HttpResponse<String> ping = http.post(session, request(3, "ping", "{}"));
    assertThat(ping.statusCode()).as("the session goes on").isEqualTo(200);
    assertThat(JSON.readTree(ping.body()).get("id").asInt()).isEqualTo(3);
  }

  @Test
  void argumentsNestedPastTheBoundOverStdioAreAnsweredWithAJsonRpcErrorAndTheSessionGoesOn()
      throws Exception {
    gateway = RpcApp.start(home);
    List<String> command =
        TestJvm.command(
            Main.class,
            List.of(
                "mcp",
                "--home",
                home.toString(),
                "--port",
                Integer.toString(gateway.url().getPort())));
    mcp = new ProcessBuilder(command).redirectError(logs.resolve("mcp.err").toFile()).start();
    BlockingQueue<JsonNode> answers = answersOf(mcp);
    send(INITIALIZE);
    assertThat(next(answers).get("id").asInt()).isEqualTo(1);
    send(INITIALIZED);

    send(deepCall(2));
    send(request(3, "ping", "{}"));

    JsonNode refusal = next(answers);
    assertThat(refusal.get("id").asInt()).isEqualTo(2);
    assertThat(refusal.at("/error/code").asInt()).isEqualTo(-32600);
    assertThat(refusal.at("/error/message").asText()).contains("nested deeper than 128 levels");
    assertThat(next(answers).get("id").asInt()).as("the session goes on").isEqualTo(3);
  }

  // ---- helpers ----

  private void send(String line) throws IOException {
    OutputStream in = mcp.getOutputStream();
    in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
    in.flush();
  }

  /**
   * Each JSON-RPC response {@code process} writes (notifications left out), read on a thread of its
   * own.
   */
  private static BlockingQueue<JsonNode> answersOf(Process process) {
    BlockingQueue<JsonNode> answers = new LinkedBlockingQueue<>();
    Thread reader =
        new Thread(
            () -> {
              try (BufferedReader out =
                  new BufferedReader(
                      new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = out.readLine(); line != null; line = out.readLine()) {
                  JsonNode message = JSON.readTree(line);
                  if (message.has("id") && !message.has("method")) {
                    answers.add(message);
                  }
                }
              } catch (IOException gone) {
                // The process ended: the test's bounded wait says what was missing.
              }
            },
            "gateway-mcp-stdout");
    reader.setDaemon(true);
    reader.start();
    return answers;
  }

  private static JsonNode next(BlockingQueue<JsonNode> answers) throws InterruptedException {
    JsonNode answer = answers.poll(WAIT.toSeconds(), TimeUnit.SECONDS);
    assertThat(answer).as("an answer from gateway mcp within %s", WAIT).isNotNull();
    return answer;
  }

  /** Streamable HTTP by hand, with a client token, on the gateway's port. */
  private record Http(int port, String token) {
    private static final HttpClient CLIENT =
        HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(WAIT).build();

    HttpResponse<String> post(String session, String body)
        throws IOException, InterruptedException {
      HttpRequest.Builder request =
          HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/mcp"))
              .timeout(WAIT)
              .header("Authorization", "Bearer " + token)
              .header("Accept", "application/json, text/event-stream")
              .header("Content-Type", "application/json")
              .POST(HttpRequest.BodyPublishers.ofString(body));
      if (session != null) {
        request.header("Mcp-Session-Id", session).header("MCP-Protocol-Version", "2025-06-18");
      }
      return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
  }
}
