package io.github.providergateway.agent.hook;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The agents whose pre-tool-use hooks {@link HookAdapter} answers, as a key: each agent's facts
 * (names, hook input and answer, exit codes, tools, settings layout) are in its {@link
 * AgentDialect}, one file per agent ({@link ClaudeCodeDialect}, {@link CodexDialect}, ...), and
 * this enum only names them for switches and maps (docs/adding-an-agent.md). Its order is the order
 * agents are listed in everywhere: help texts, {@code setup}, the generated scripts.
 *
 * <p>Denials are explicit: Claude Code treats an exit code other than 0 or 2 as "go ahead", so
 * every path, a crash included, ends in a printed deny; Gemini CLI and Codex block on exit code 2
 * with the reason on stderr, so their denials exit 2 ({@link #exitCode}).
 */
public enum AgentKind {

  /** Claude Code's {@code PreToolUse} command hook ({@link ClaudeCodeDialect}). */
  CLAUDE(new ClaudeCodeDialect()),

  /** Copilot CLI's {@code preToolUse} command hook ({@link CopilotDialect}). */
  COPILOT(new CopilotDialect()),

  /** Gemini CLI's {@code BeforeTool} command hook ({@link GeminiDialect}). */
  GEMINI(new GeminiDialect()),

  /** Codex CLI's {@code PreToolUse} command hook ({@link CodexDialect}). */
  CODEX(new CodexDialect()),

  /** Cursor's hooks before shells, MCP tools, reads and tools ({@link CursorDialect}). */
  CURSOR(new CursorDialect());

  /** The agent's dialect, with its hook's wire side. */
  final WireDialect dialect;

  /** The agent's name in a reason a person or its model reads. */
  final String displayName;

  AgentKind(WireDialect dialect) {
    this.dialect = dialect;
    this.displayName = dialect.displayName();
  }

  /** {@return everything the gateway knows of this agent, in its one file} */
  public AgentDialect dialect() {
    return dialect;
  }

  /**
   * {@return the agent's name on the command line ({@code gateway hook <word>}), also looked for in
   * session labels}
   */
  public String word() {
    return dialect.id();
  }

  /**
   * {@return whether {@code name}, a session's label or an MCP client's name ({@code claude-code},
   * {@code gemini-cli-mcp-client}), names this agent: it holds its {@link #word()}, in any case}
   *
   * @param name the name, or null (names no agent)
   */
  public boolean isNamedIn(String name) {
    return name != null && name.toLowerCase(Locale.ROOT).contains(word());
  }

  /**
   * {@return the first agent that {@code name} names ({@link #isNamedIn}), if any}
   *
   * @param name the name, or null (names no agent)
   */
  public static Optional<AgentKind> namedIn(String name) {
    for (AgentKind agent : values()) {
      if (agent.isNamedIn(name)) {
        return Optional.of(agent);
      }
    }
    return Optional.empty();
  }

  /** {@return the agent's name as a person knows it ({@code Claude Code}, {@code Gemini CLI})} */
  public String displayName() {
    return displayName;
  }

  /**
   * The agent's own tools whose calls the gateway reads as a shell, a read or an edit, each with
   * the gateway's name for it ({@link AgentDialect#tools()}).
   *
   * @return the agent's tool names, each with its gateway name
   */
  public Map<String, String> tools() {
    return dialect.tools();
  }

  /**
   * A call of this agent's own tool {@code tool} as the gateway's rules see it, mapped as this
   * agent's hook maps it (docs/agents.md, "Tool mapping"): a shell is {@code shell} with exactly
   * its {@code command}, a file tool is {@code edit} or {@code read} with its file as {@code path},
   * once for each file it names (the hook decides each, and the call runs only if every one would);
   * any other tool keeps its name and arguments. The console's {@code hook AGENT TOOL} asks the
   * gateway about these, as the agent's hook would.
   *
   * @param cwd the folder the agent runs in: a shell's relative working folder is read from it
   * @param tool the agent's own name of the tool ({@code Bash}, {@code run_shell_command})
   * @param input the tool's arguments as the agent gives them, a JSON object
   * @return one call for each file it names, at least one
   * @throws IllegalArgumentException when the arguments are not what the tool takes (a shell call
   *     without a command)
   */
  public List<GatewayToolCall> asGatewayCalls(String cwd, String tool, JsonNode input) {
    HookRequest request = dialect.toGateway(cwd, tool, input);
    List<GatewayToolCall> calls = new ArrayList<>();
    calls.add(new GatewayToolCall(request.tool(), request.args()));
    request.others().forEach(other -> calls.add(new GatewayToolCall(other.tool(), other.args())));
    return List.copyOf(calls);
  }

  /**
   * The agent's hook input as a gateway call. @throws IllegalArgumentException when it is not one
   */
  HookRequest parse(JsonNode input) {
    return dialect.parse(input);
  }

  /** The answer the agent reads on stdout, for a verdict {@link #fit} for it. */
  String answer(HookVerdict verdict) {
    return dialect.answer(verdict);
  }

  /**
   * {@code verdict} as this agent can be told it (decision 66; {@link WireDialect#fit}).
   *
   * @param request the call, or null when its input could not be read
   */
  HookVerdict fit(HookVerdict verdict, HookRequest request) {
    return dialect.fit(verdict, request);
  }

  /**
   * {@return whether this agent reads a deny from exit code 2 with the reason on stderr} (Gemini
   * CLI, Codex); the hook socket's answer carries the exit code ({@link HookSocket}).
   */
  boolean deniesByExitCode() {
    return dialect.deniesByExitCode();
  }

  /** The exit code that goes with the answer to {@code verdict}, a verdict {@link #fit} for it. */
  int exitCode(HookVerdict verdict) {
    return dialect.deniesByExitCode() && !verdict.allowed() ? 2 : 0;
  }

  /**
   * What the hook writes on stderr after the answer: the reason alone when stderr is the reason the
   * agent reads (a deny by exit code 2), else a line saying what decided.
   */
  String stderr(HookVerdict verdict) {
    if (exitCode(verdict) == 2) {
      return WireDialect.reasonOf(verdict);
    }
    return "gateway hook " + word() + ": " + verdict.word() + ": " + verdict.note();
  }

  /**
   * The second line of the hook socket's answer (after the agent's JSON): {@code <word>: <text>},
   * where the text is what {@link #stderr} would print after the word.
   */
  String noteLine(HookVerdict verdict) {
    return exitCode(verdict) == 2 ? WireDialect.reasonOf(verdict) : verdict.note();
  }
}
