package io.github.providergateway.app.agents;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.agent.hook.HookCanary;
import io.github.providergateway.app.home.BoundedCommand;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The doctor's canary through one hook of an agent: the agent's real hook command, exactly as its
 * settings hold it, run through {@code /bin/sh -c} as the agent runs it (or Claude Code's HTTP hook
 * posted to), with a shell call of {@link HookCanary#command} in that agent's own hook input, and
 * the answer read as that agent reads it: its JSON on stdout, its exit code, its stderr.
 */
final class CanaryRun {

  /**
   * How long a canary takes on a quiet machine at most: the gateway answers it at once. One that
   * takes longer is slow, not missing: the doctor waits for it as long as the agent would wait for
   * its hook ({@link AgentHookTimeout}).
   */
  static final Duration USUAL = Duration.ofSeconds(5);

  private static final ObjectMapper JSON = new ObjectMapper();

  /** What came back. */
  enum Outcome {
    /** The gateway's canary denied it: the hook reaches the gateway and its answer is read. */
    DENIED_BY_CANARY("denied by the canary"),
    /** Denied, but not by the canary: the hook failed closed without reaching the gateway. */
    DENIED_OTHERWISE("denied, but not by the canary"),
    /** The agent would run the call: NOT guarded. */
    ALLOWED("allowed"),
    /** No answer the agent reads: nothing printed, a crash, a time-out. */
    NO_ANSWER("the guard never answered");

    /** As the doctor says it. */
    final String words;

    Outcome(String words) {
      this.words = words;
    }
  }

  /**
   * One canary's result.
   *
   * @param outcome what came back
   * @param detail the reason the hook gave, or what went wrong
   */
  record Result(Outcome outcome, String detail) {}

  private final Map<String, String> env;
  private final Path cwd;

  /**
   * @param env the environment the hook runs with (the person's, as the agent passes it on)
   * @param cwd the folder the canary's call says it is in
   */
  CanaryRun(Map<String, String> env, Path cwd) {
    this.env = env;
    this.cwd = cwd;
  }

  /**
   * Sends {@code command}, the canary, through {@code hook} of {@code agent}, waiting for its
   * answer as long as {@code timeout}: the agent's own for the hook, past which the agent gives up
   * on it too.
   */
  Result run(AgentSettings agent, AgentHooks.Hook hook, String command, Duration timeout) {
    byte[] input = input(agent, hook.event(), command).getBytes(StandardCharsets.UTF_8);
    if (hook.url() != null) {
      return http(agent, hook, input, timeout);
    }
    BoundedCommand.Ran ran =
        BoundedCommand.run(List.of("/bin/sh", "-c", hook.command()), env, input, timeout);
    if (ran.problem() != null) {
      return new Result(Outcome.NO_ANSWER, ran.problem());
    }
    return read(agent, ran.exitCode(), ran.stdout(), ran.stderr());
  }

  /** The agent's own hook input for a shell call of {@code command}. */
  String input(AgentSettings agent, String event, String command) {
    return agent.canaryInput(event, command, cwd.toString()).toString();
  }

  /**
   * A shell call in Claude Code's layout, which Gemini CLI shares: the session, the folder, the
   * event and the tool's name, and the command as {@code tool_input.command}.
   */
  static ObjectNode claudeLayout(String folder, String event, String tool, String command) {
    ObjectNode in = JSON.createObjectNode();
    in.put("session_id", "gateway-doctor");
    in.put("cwd", folder);
    in.put("hook_event_name", event);
    in.put("tool_name", tool);
    in.putObject("tool_input").put("command", command);
    return in;
  }

  /** The answer as {@code agent} reads it. */
  static Result read(AgentSettings agent, int exitCode, String stdout, String stderr) {
    boolean byExitCode = agent.exitTwoDenies();
    if (exitCode == 2 && byExitCode) {
      return denied(stderr.strip());
    }
    if (exitCode != 0) {
      return new Result(
          Outcome.NO_ANSWER,
          "the hook exited " + exitCode + " (" + firstLine(stderr) + "): the agent runs the call");
    }
    String text = stdout.strip();
    if (text.isEmpty()) {
      return new Result(
          Outcome.NO_ANSWER,
          "the hook printed nothing (" + firstLine(stderr) + "): the agent runs the call");
    }
    JsonNode answer;
    try {
      answer = JSON.readTree(text);
    } catch (IOException e) {
      answer = null;
    }
    if (answer == null || !answer.isObject()) {
      return new Result(
          Outcome.NO_ANSWER, "the hook printed no JSON the agent reads: " + firstLine(text));
    }
    return agent.canaryAnswer(answer, text);
  }

  /**
   * The canary's result when the agent blocks the call or runs it.
   *
   * @param blocks whether the agent blocks the call on this answer
   * @param reason the reason the agent shows
   * @param text the answer as printed
   */
  static Result decided(boolean blocks, String reason, String text) {
    if (!blocks) {
      return new Result(Outcome.ALLOWED, "the hook answered " + firstLine(text));
    }
    return denied(reason);
  }

  /**
   * The canary's result for an agent that blocks on {@code "deny"} and {@code "ask"} in {@code
   * holder}'s {@code decisionField}, showing its {@code reasonField}.
   */
  static Result permission(JsonNode holder, String decisionField, String reasonField, String text) {
    String decision = holder.path(decisionField).asText("");
    return decided(
        decision.equals("deny") || decision.equals("ask"),
        holder.path(reasonField).asText(""),
        text);
  }

  private static Result denied(String reason) {
    return reason.startsWith(HookCanary.RULE + ":")
        ? new Result(Outcome.DENIED_BY_CANARY, reason)
        : new Result(Outcome.DENIED_OTHERWISE, reason);
  }

  private Result http(AgentSettings agent, AgentHooks.Hook hook, byte[] input, Duration timeout) {
    HttpClient client =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(timeout)
            .build();
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(hook.url()))
            .timeout(timeout)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofByteArray(input));
    hook.handler()
        .path("headers")
        .fields()
        .forEachRemaining(h -> request.header(h.getKey(), interpolate(h.getValue().asText())));
    String failure =
        "block".equals(hook.handler().path("onFailure").asText())
            ? " (Claude Code blocks the call: onFailure is block)"
            : " (Claude Code runs the call: onFailure is not block)";
    try {
      HttpResponse<String> response =
          client.send(request.build(), HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() / 100 != 2) {
        return new Result(
            Outcome.NO_ANSWER, "the gateway answered status " + response.statusCode() + failure);
      }
      return read(agent, 0, response.body(), "");
    } catch (IOException | IllegalArgumentException e) {
      return new Result(Outcome.NO_ANSWER, hook.url() + ": " + e + failure);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Result(Outcome.NO_ANSWER, "interrupted");
    }
  }

  private static final Pattern VARIABLE = Pattern.compile("\\$\\{?([A-Za-z_][A-Za-z0-9_]*)\\}?");

  /** A header value with {@code $VAR} and {@code ${VAR}} from the environment, as Claude Code. */
  private String interpolate(String value) {
    Matcher m = VARIABLE.matcher(value);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      m.appendReplacement(out, Matcher.quoteReplacement(env.getOrDefault(m.group(1), "")));
    }
    m.appendTail(out);
    return out.toString();
  }

  private static String firstLine(String text) {
    String line = text.strip().lines().findFirst().orElse("");
    return line.isEmpty() ? "nothing on stderr" : line;
  }
}
