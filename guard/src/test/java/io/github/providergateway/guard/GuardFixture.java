package io.github.providergateway.guard;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * The machine the guard's tests decide for: Ada's home, her project, the temp folders and the
 * gateway's home. Nothing here touches the disk: the guard resolves paths without it.
 */
final class GuardFixture {
  static final Path HOME = Path.of("/home/ada");
  static final Path PROJECT = Path.of("/home/ada/code/app");
  static final Path GATEWAY_HOME = HOME.resolve(".copilot/extensions/tap");
  static final GuardEnvironment ENVIRONMENT =
      new GuardEnvironment(HOME, List.of(Path.of("/tmp"), Path.of("/var/tmp")), GATEWAY_HOME);
  private static final ObjectMapper JSON = new ObjectMapper();

  private GuardFixture() {}

  /** The standard preset's guard, made once for the tests that only decide lines on it. */
  private static final Guard STANDARD = guard(GuardPreset.STANDARD);

  /** The standard guard's verdict on one call written as {@link #line} reads it. */
  static GuardVerdict decideStandard(String call) {
    return STANDARD.decide(line(call));
  }

  static Guard guard(GuardPreset preset) {
    return Guard.create(new GuardSettings(preset, List.of(), List.of(), List.of()), ENVIRONMENT);
  }

  static Guard guard(String personalJson) {
    return Guard.create(GuardSettings.personal(json(personalJson)), ENVIRONMENT);
  }

  static GuardCall shell(String command) {
    return shellIn(PROJECT, PROJECT, command);
  }

  static GuardCall shellIn(Path project, Path cwd, String command) {
    ObjectNode args = JsonNodeFactory.instance.objectNode().put("command", command);
    return new GuardCall("shell", args, project, cwd, null);
  }

  static GuardCall edit(String path) {
    return file("edit", path);
  }

  static GuardCall read(String path) {
    return file("read", path);
  }

  static GuardCall file(String tool, String path) {
    ObjectNode args = JsonNodeFactory.instance.objectNode().put("path", path);
    return new GuardCall(tool, args, PROJECT, PROJECT, null);
  }

  /**
   * A server's tool called in the project with {@code args} (JSON), declaring nothing of itself.
   */
  static GuardCall tool(String name, String args) {
    return new GuardCall(name, json(args), PROJECT, PROJECT, null);
  }

  /**
   * A call given as a line: a shell command, or a tool's name, a tab, then its arguments (JSON), as
   * the kinds' tests write them.
   */
  static GuardCall line(String call) {
    int tab = call.indexOf('\t');
    return tab < 0 ? shell(call) : tool(call.substring(0, tab), call.substring(tab + 1));
  }

  /**
   * The past of a session in a project whose remotes are {@code remotes}, that ran {@code calls},
   * each let through, at 2026-11-28T10:42:03Z.
   */
  static SessionPast pastAfter(Guard guard, Map<String, String> remotes, GuardCall... calls) {
    SessionPast past = SessionPast.start(remotes);
    for (GuardCall call : calls) {
      past =
          past.after(
              new SessionPast.PastCall(
                  call.tool(), call.args().toString(), Instant.parse("2026-11-28T10:42:03Z"), "-"),
              guard.flowOf(call));
    }
    return past;
  }

  static JsonNode json(String text) {
    try {
      return JSON.readTree(text);
    } catch (Exception e) {
      throw new IllegalArgumentException(text, e);
    }
  }

  /** Asserts that {@code guard} denies the shell {@code command} in the project by {@code rule}. */
  static void deniedBy(Guard guard, String command, String rule) {
    GuardVerdict verdict = guard.decide(shell(command));
    org.assertj.core.api.Assertions.assertThat(verdict.outcome())
        .as(command + ": " + verdict.reason())
        .isEqualTo(GuardVerdict.Outcome.DENY);
    org.assertj.core.api.Assertions.assertThat(verdict.ruleId())
        .as(command + ": " + verdict.reason())
        .isEqualTo(rule);
  }

  /** Asserts that {@code guard} allows the shell {@code command} in the project. */
  static void allowedBy(Guard guard, String command) {
    GuardVerdict verdict = guard.decide(shell(command));
    org.assertj.core.api.Assertions.assertThat(verdict.outcome())
        .as(command + ": " + verdict.reason())
        .isEqualTo(GuardVerdict.Outcome.ALLOW);
  }
}
