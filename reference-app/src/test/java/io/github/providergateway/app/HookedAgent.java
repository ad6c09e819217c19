package io.github.providergateway.app;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * One agent's real binary with one pre-tool command hook on its shell tool, written into a home of
 * its own with the timeout given, and run once in a project against a {@link ScriptedModel}: what
 * the tests of an agent's hook alone share ({@link HookTimeoutAgentsTest}, {@link
 * BusyColdStartsTest}), where {@link AgentGateTests} brings a whole gateway home besides.
 */
abstract class HookedAgent {

  static final ObjectMapper JSON = new ObjectMapper();

  /** The agent's name as {@code gateway hook} takes it: {@code claude}, {@code codex}, … */
  abstract String name();

  /** The agent's product name and pinned version, e.g. "Claude Code 2.1.332". */
  abstract String version() throws Exception;

  /** The model API the agent speaks. */
  abstract ScriptedModel.Dialect dialect();

  /** The agent's shell tool, as its model calls it. */
  abstract String shellTool();

  /** The shell tool's arguments for {@code command}. */
  ObjectNode shellInput(String command) {
    return JSON.createObjectNode().put("command", command).put("description", "Make a marker");
  }

  /**
   * Writes {@code command} as the agent's pre-tool hook on its shell tool into {@code home}, with
   * the agent's own {@code timeout} (in the agent's unit), as a person would.
   */
  abstract void installHook(Path home, Path project, String command, Duration timeout)
      throws Exception;

  /** Runs the agent in {@code project} with {@code HOME} {@code home} on {@code model}. */
  abstract NpmAgent.Run run(
      Path project, Path home, ScriptedModel model, Map<String, String> env, Duration limit)
      throws Exception;

  /** The script of one shell call {@code command} (id {@code id}) and then "Done.". */
  ScriptedModel script(String id, String command) throws Exception {
    return ScriptedModel.start(
        dialect(),
        List.of(
            ScriptedModel.Turn.toolUse(shellTool(), id, shellInput(command)),
            ScriptedModel.Turn.text("Done.")));
  }

  /** The agents by the names {@code gateway hook} takes, e.g. {@code claude,codex,gemini}. */
  static HookedAgent named(String name) throws Exception {
    return switch (name) {
      case "claude" -> new Claude();
      case "codex" -> new Codex();
      case "gemini" -> new Gemini();
      case "copilot" -> new Copilot();
      default -> throw new IllegalArgumentException(name + ": claude, codex, gemini or copilot");
    };
  }

  private static final String PROMPT = "Make the marker.";

  /**
   * Claude Code: {@code PreToolUse} on {@code Bash} in {@code ~/.claude/settings.json}, seconds.
   */
  static final class Claude extends HookedAgent {
    private final ClaudeCode claude = ClaudeCode.installed();

    Claude() throws Exception {}

    @Override
    String name() {
      return "claude";
    }

    @Override
    String version() throws Exception {
      return "Claude Code "
          + NpmAgent.installed("claude-code", "@anthropic-ai/claude-code", "claude").version();
    }

    @Override
    ScriptedModel.Dialect dialect() {
      return ScriptedModel.Dialect.ANTHROPIC;
    }

    @Override
    String shellTool() {
      return "Bash";
    }

    @Override
    void installHook(Path home, Path project, String command, Duration timeout) throws Exception {
      ObjectNode settings = JSON.createObjectNode();
      ObjectNode group = settings.putObject("hooks").putArray("PreToolUse").addObject();
      group.put("matcher", "Bash");
      group
          .putArray("hooks")
          .addObject()
          .put("type", "command")
          .put("command", command)
          .put("timeout", timeout.toSeconds());
      Path file = Files.createDirectories(home.resolve(".claude")).resolve("settings.json");
      Files.writeString(file, JSON.writeValueAsString(settings));
    }

    @Override
    NpmAgent.Run run(
        Path project, Path home, ScriptedModel model, Map<String, String> env, Duration limit)
        throws Exception {
      return claude.print(
          project, home, model, env, PROMPT, List.of("--allowedTools", "Bash"), limit);
    }
  }

  /** Codex CLI: {@code PreToolUse} on {@code Bash} in {@code hooks.json}, seconds, trusted. */
  static final class Codex extends HookedAgent {
    private final CodexCli codex = CodexCli.installed();

    Codex() throws Exception {}

    @Override
    String name() {
      return "codex";
    }

    @Override
    String version() throws Exception {
      return "Codex CLI " + NpmAgent.installed("codex-cli", "@openai/codex", "codex").version();
    }

    @Override
    ScriptedModel.Dialect dialect() {
      return ScriptedModel.Dialect.RESPONSES;
    }

    @Override
    String shellTool() {
      return "exec_command";
    }

    @Override
    ObjectNode shellInput(String command) {
      return JSON.createObjectNode().put("cmd", command);
    }

    @Override
    void installHook(Path home, Path project, String command, Duration timeout) throws Exception {
      CodexCli.writeHooks(home, "Bash", command, (int) timeout.toSeconds());
      if (codex.trustHooks(project, home).size() != 1) {
        throw new IllegalStateException("Codex found no hook to trust in " + home);
      }
    }

    @Override
    NpmAgent.Run run(
        Path project, Path home, ScriptedModel model, Map<String, String> env, Duration limit)
        throws Exception {
      return codex.exec(
          project,
          home,
          model,
          env,
          PROMPT,
          List.of("--dangerously-bypass-approvals-and-sandbox"),
          limit);
    }
  }

  /**
   * Gemini CLI: {@code BeforeTool} on {@code run_shell_command} in {@code ~/.gemini/settings.json},
   * milliseconds; the project trusted, {@code --approval-mode yolo}.
   */
  static final class Gemini extends HookedAgent {
    private final GeminiCli gemini = GeminiCli.installed();

    Gemini() throws Exception {}

    @Override
    String name() {
      return "gemini";
    }

    @Override
    String version() throws Exception {
      return "Gemini CLI "
          + NpmAgent.installed("gemini-cli", "@google/gemini-cli", "gemini").version();
    }

    @Override
    ScriptedModel.Dialect dialect() {
      return ScriptedModel.Dialect.GEMINI;
    }

    @Override
    String shellTool() {
      return "run_shell_command";
    }

    @Override
    void installHook(Path home, Path project, String command, Duration timeout) throws Exception {
      ObjectNode settings = GeminiCli.settings();
      ObjectNode group = settings.putObject("hooks").putArray("BeforeTool").addObject();
      group.put("matcher", "run_shell_command");
      group
          .putArray("hooks")
          .addObject()
          .put("type", "command")
          .put("name", "hook-under-test")
          .put("command", command)
          .put("timeout", timeout.toMillis());
      GeminiCli.writeSettings(home, settings);
      GeminiCli.trustFolder(home, project);
    }

    @Override
    NpmAgent.Run run(
        Path project, Path home, ScriptedModel model, Map<String, String> env, Duration limit)
        throws Exception {
      return gemini.run(
          project, home, model, env, PROMPT, List.of("--approval-mode", "yolo"), limit);
    }
  }

  /** Copilot CLI: a user-level {@code preToolUse} hook (every tool), seconds. */
  static final class Copilot extends HookedAgent {
    private final CopilotCli copilot = CopilotCli.installed();

    Copilot() throws Exception {}

    @Override
    String name() {
      return "copilot";
    }

    @Override
    String version() throws Exception {
      return "Copilot CLI "
          + NpmAgent.installed("copilot-cli", "@github/copilot", "copilot").version();
    }

    @Override
    ScriptedModel.Dialect dialect() {
      return ScriptedModel.Dialect.RESPONSES;
    }

    @Override
    String shellTool() {
      return "bash";
    }

    @Override
    void installHook(Path home, Path project, String command, Duration timeout) throws Exception {
      CopilotCli.writeHooks(home, command, (int) timeout.toSeconds());
    }

    @Override
    NpmAgent.Run run(
        Path project, Path home, ScriptedModel model, Map<String, String> env, Duration limit)
        throws Exception {
      return copilot.run(project, home, model, env, PROMPT, List.of(), limit);
    }
  }
}
