package io.github.providergateway.app.console;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.github.providergateway.agent.tokens.ClientTokens;
import io.github.providergateway.app.run.RunningGateway;
import io.github.providergateway.host.api.SessionSpec;
import io.github.providergateway.protocol.SessionOpener;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * What the class-data training run ({@code --class-data-training}, see {@code ClassDataCache}) does
 * with its gateway before it stops, so that the cache holds what a young gateway spends its first
 * calls on (issue 46, "fast from the first call"): the classes, and on Java 25 the method profiles,
 * of the HTTP hook route and of an MCP window on {@code /mcp}. Without it the training only started
 * and stopped, and the first 1,000 hook calls after a start loaded, linked and profiled all of it.
 *
 * <p>In the training's scratch home it opens an agent's session for a project folder that does not
 * exist, then sends {@link #HOOK_CALLS} of Claude Code's, Gemini CLI's and Codex's {@code
 * PreToolUse} calls there, over HTTP, as their hooks do: shell commands the built-in guard allows
 * and ones it denies, and file edits. Then an MCP window with a token of the agent's kind: {@code
 * initialize}, {@code notifications/initialized}, {@code tools/list}, and its end. A step that
 * fails is left out: the cache is a speed-up, and the training run must still end.
 */
final class ClassDataTraining {

  private static final System.Logger LOG = System.getLogger(ClassDataTraining.class.getName());

  /**
   * How many hook calls the training makes: enough for the route's methods to be compiled and their
   * profiles kept (JEP 515), about a second of the first start.
   */
  static final int HOOK_CALLS = 600;

  /** The longest one request of the training may take. */
  private static final Duration REQUEST_WAIT = Duration.ofSeconds(10);

  /** The project folder of the training's session: it need not exist. */
  private static final String PROJECT = "/nonexistent/provider-gateway-training";

  private final RunningGateway running;
  private final Path home;
  private final HttpClient http =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(REQUEST_WAIT)
          .build();

  private ClassDataTraining(RunningGateway running, Path home) {
    this.running = running;
    this.home = home;
  }

  /**
   * What the training did.
   *
   * @param hooksAnswered how many hook calls were answered 200
   * @param toolsListed whether the MCP window's {@code tools/list} was answered 200
   */
  record Done(int hooksAnswered, boolean toolsListed) {}

  /**
   * Exercises {@code running}'s hook route and MCP front door, whose home is {@code home} (the
   * training's scratch home: tokens are issued there); {@return what it did}.
   */
  static Done exercise(RunningGateway running, Path home) {
    ClassDataTraining training = new ClassDataTraining(running, home);
    try {
      training.hooks();
      training.mcpWindow();
    } catch (IOException | ExecutionException | TimeoutException | RuntimeException e) {
      LOG.log(System.Logger.Level.INFO, "class-data training cut short: {0}", e.toString());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return new Done(training.hooksAnswered, training.toolsListed);
  }

  private int hooksAnswered;
  private boolean toolsListed;

  /** The hook calls, in an agent's session of {@link #PROJECT}. */
  private void hooks()
      throws IOException, InterruptedException, ExecutionException, TimeoutException {
    String session =
        running
            .gateway()
            .startSession(
                SessionSpec.of("claude", PROJECT).openedFor(SessionOpener.AGENT.wireName()),
                ConsoleHost.SILENT)
            .get(REQUEST_WAIT.toMillis(), TimeUnit.MILLISECONDS)
            .id();
    String claude = ClientTokens.hooks(home).issue("claude");
    List<String> commands =
        List.of("ls -la", "git status", "cat ~/.ssh/id_rsa", "npm test", "git push --force");
    for (int i = 0; i < HOOK_CALLS; i++) {
      String command = commands.get(i % commands.size());
      if (i % 4 == 3) {
        hook(
            claude,
            claudeCall(
                "Edit",
                "{\"file_path\":"
                    + q(PROJECT + "/src/Main.java")
                    + ",\"old_string\":\"a\",\"new_string\":\"b\"}"));
      } else {
        hook(claude, claudeCall("Bash", "{\"command\":" + q(command) + "}"));
      }
    }
    running.gateway().endSession(session, Duration.ZERO);
  }

  private static String claudeCall(String tool, String input) {
    return "{\"session_id\":\"training\",\"transcript_path\":\"/tmp/training.jsonl\",\"cwd\":"
        + q(PROJECT)
        + ",\"permission_mode\":\"default\",\"hook_event_name\":\"PreToolUse\",\"tool_name\":"
        + q(tool)
        + ",\"tool_input\":"
        + input
        + ",\"tool_use_id\":\"toolu_training\"}";
  }

  private void hook(String token, String body) throws IOException, InterruptedException {
    HttpResponse<Void> answer =
        http.send(
            post("/hooks/claude", token, body).header("Content-Type", "application/json").build(),
            HttpResponse.BodyHandlers.discarding());
    if (answer.statusCode() == 200) {
      hooksAnswered++;
    }
  }

  /** An MCP window with an agent's token: initialize, initialized, tools/list, then its end. */
  private void mcpWindow() throws IOException, InterruptedException {
    String token = ClientTokens.mcpHttp(home).issue("training", ClientTokens.Kind.AGENT);
    HttpResponse<String> initialized =
        http.send(
            mcp(token, null)
                .POST(
                    HttpRequest.BodyPublishers.ofString(
                        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
                            + "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},"
                            + "\"clientInfo\":{\"name\":\"training\",\"version\":\"1\"}}}"))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    String session = initialized.headers().firstValue("Mcp-Session-Id").orElse(null);
    if (session == null) {
      return;
    }
    http.send(
        mcp(token, session)
            .POST(
                HttpRequest.BodyPublishers.ofString(
                    "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}"))
            .build(),
        HttpResponse.BodyHandlers.discarding());
    HttpResponse<String> listed =
        http.send(
            mcp(token, session)
                .POST(
                    HttpRequest.BodyPublishers.ofString(
                        "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}"))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    toolsListed = listed.statusCode() == 200 && listed.body().contains("\"tools\"");
    http.send(mcp(token, session).DELETE().build(), HttpResponse.BodyHandlers.discarding());
  }

  private HttpRequest.Builder mcp(String token, String session) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + running.port() + "/mcp"))
            .timeout(REQUEST_WAIT)
            .header("Authorization", "Bearer " + token)
            .header("Content-Type", "application/json")
            .header("Accept", "application/json, text/event-stream")
            .header("MCP-Protocol-Version", "2025-11-25");
    if (session != null) {
      request.header("Mcp-Session-Id", session);
    }
    return request;
  }

  private HttpRequest.Builder post(String path, String token, String body) {
    return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + running.port() + path))
        .timeout(REQUEST_WAIT)
        .header("Authorization", "Bearer " + token)
        .POST(HttpRequest.BodyPublishers.ofString(body));
  }

  /** {@code text} as a JSON string. */
  private static String q(String text) {
    return JsonNodeFactory.instance.textNode(text).toString();
  }
}
