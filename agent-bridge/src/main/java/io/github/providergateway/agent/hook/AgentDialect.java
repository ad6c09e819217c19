package io.github.providergateway.agent.hook;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.guard.GuardEnvironment;
import io.github.providergateway.guard.SandboxPolicy;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Everything the gateway knows about one coding agent, in that agent's one file ({@code
 * ClaudeCodeDialect}, {@code CodexDialect}, ...; docs/adding-an-agent.md): its names and binary,
 * how its pre-tool-use hook reads and is answered (exit codes included), its tools as the gateway's
 * rules see them, where its settings keep hooks and with which matcher, and a slot for its sandbox.
 * {@link AgentDialects#all()} lists them; {@code gateway setup}, {@code doctor}, {@code hook} and
 * {@code mcp --print-config} go through that list, and the launchers' agent lists are generated
 * from it ({@code AgentScripts}).
 *
 * <p>Sealed: the hook's wire side (reading the input, writing the answer) is the package's own, so
 * an agent is added here, not implemented elsewhere.
 */
public sealed interface AgentDialect permits WireDialect {

  /**
   * The hook timeout {@code gateway setup} writes into every agent's settings, in the agent's own
   * unit (Gemini CLI: milliseconds; the others: seconds): six times the hook's own bound ({@code
   * gateway hook --timeout}, 10 s), so that the hook's answer, a deny when it cannot decide, comes
   * well before the agent gives up and (most agents) runs the call. {@code gateway doctor} flags a
   * timeout under twice the hook's bound.
   */
  Duration HOOK_TIMEOUT = Duration.ofSeconds(60);

  /**
   * {@return the agent's name on the command line ({@code gateway hook <id>}, {@code gateway setup
   * <id>}), also looked for in session labels}
   */
  String id();

  /** {@return the agent's name as a person knows it ({@code Claude Code}, {@code Gemini CLI})} */
  String displayName();

  /**
   * {@return the agent's command-line program, whose version {@code setup} and {@code doctor} ask}
   */
  String binary();

  /**
   * {@return the names the agent's program runs under, its {@link #binary} first} They, its id,
   * name, binary and npm package are the agent's row in the guard's {@code agents.json} (issue 79,
   * through {@code AgentForms}), which the guard and the person's commands read too.
   */
  List<String> programs();

  /**
   * {@return the npm package the agent ships as ({@code @openai/codex}), found in the path of a
   * script Node runs; empty when it ships none}
   */
  Optional<String> npmPackage();

  /**
   * The agent's own tools whose calls the gateway reads as a shell, a read or an edit, each with
   * the gateway's name for it ({@code shell}, {@code read}, {@code edit}; docs/agents.md, "Tool
   * mapping"). {@code gateway doctor} tests the agent's hook matchers against these names.
   *
   * @return the agent's tool names, each with its gateway name
   */
  Map<String, String> tools();

  /**
   * {@return whether the agent reads a deny from exit code 2 with the reason on stderr} (Gemini
   * CLI, Codex): it then also can neither ask for a hook nor show a rewritten call (decision 66).
   */
  boolean deniesByExitCode();

  /**
   * The deny the agent obeys, as its hook prints it on stdout: what the launchers print when the
   * gateway cannot answer at all (decision 61), generated into them from here.
   *
   * @param reason why, as the person and the model read it
   * @return one line of JSON
   */
  String denyAnswer(String reason);

  /**
   * The hook entries in the agent's settings: the event each runs at, and the tools its matcher
   * names (none: every tool). The before-tool entries gate calls; an after-tool entry ({@link
   * HookEntry#afterTool}: Claude Code's and Codex's {@code PostToolUse}, Gemini CLI's {@code
   * AfterTool}) runs the same hook after a call ran, to tell the gateway it did. An agent without
   * one (Copilot CLI, Cursor: none written) has every call the gateway asked about counted as run.
   *
   * @return one entry for each event the gateway's hook answers
   */
  List<HookEntry> hookEntries();

  /**
   * Whether a hook in the agent's settings runs before the agent's tool {@code tool}, as the agent
   * reads its event and matcher: {@code gateway doctor} checks the installed hooks with it. An
   * after-tool hook runs before nothing.
   *
   * @param hook the hook's event and matcher (null: none)
   * @param tool the agent's own name of a tool, or an MCP tool named by {@link #mcpToolName}
   * @return whether the hook runs before it
   */
  boolean runsBefore(HookEntry hook, String tool);

  /**
   * An MCP server's tool as the agent names it to its hooks and matchers.
   *
   * @param server the server's name in the agent's settings
   * @param tool the tool's name on that server
   * @return the agent's name for it ({@code mcp__server__tool} for Claude Code)
   */
  String mcpToolName(String server, String tool);

  /**
   * The agent's settings with the gateway's command hook, as {@code gateway hook --print-config}
   * and {@code mcp --print-config} print them for a person to merge.
   *
   * @param command the hook's command line ({@code /abs/path/gateway hook <id> || ...})
   * @return the settings, a JSON object
   */
  ObjectNode hookSettings(String command);

  /**
   * {@return the comment lines {@code gateway hook --print-config <id>} prints above {@link
   * #hookSettings}: where they go and what the person must still do}
   */
  List<String> hookSettingsComments();

  /**
   * {@return what {@code gateway hook <id> --help} says of this agent's hook beside the options all
   * agents share}
   */
  HookHelp hookHelp();

  /**
   * The agent's part of {@code gateway hook <id> --help}: what the hook reads and answers, and
   * where the agent's settings install it.
   *
   * @param description the paragraphs above the options
   * @param footerHeading the heading of the installation, a picocli format
   * @param footer the installation and the agent's tool names
   */
  record HookHelp(List<String> description, String footerHeading, List<String> footer) {}

  /**
   * One hook of the agent's settings.
   *
   * @param event the agent's event name ({@code PreToolUse}, {@code BeforeTool})
   * @param matcher the agent's matcher of tool names, or null where the hook runs for every tool
   */
  record HookEntry(String event, String matcher) {

    /**
     * {@return whether the hook runs after a call ran ({@code PostToolUse}, {@code AfterTool},
     * {@code postToolUse}): the agent then tells the gateway that it ran, and nothing is decided}
     */
    public boolean afterTool() {
      return HookRequests.AFTER_TOOL.contains(event);
    }
  }

  /**
   * How the gateway's sandbox policy is written into the agent's own sandbox settings (issue 64),
   * so that an agent's sandbox is set where the rest of its dialect is; empty for an agent with no
   * OS boundary the gateway sets (yet).
   *
   * @return the agent's sandbox settings, or empty
   */
  default Optional<SandboxSettings> sandbox() {
    return Optional.empty();
  }

  /** An agent's own sandbox, as the gateway's {@link SandboxPolicy} sets it. */
  interface SandboxSettings {

    /**
     * {@return the programs the sandbox needs on this machine (Linux): {@code bwrap}, {@code
     * socat}}
     */
    List<String> needs();

    /**
     * The settings that put {@code policy} in force, as the members of one JSON object: for Claude
     * Code the value of {@code sandbox} in its {@code settings.json}. Never looser than the policy:
     * nothing written where the policy lets no program write, every path it denies reading denied,
     * no domain beyond loopback and the policy's allow list.
     *
     * @param policy the policy
     * @param environment the machine's folders (the user's home, the temporary folders, the
     *     gateway's home)
     * @return the settings
     */
    ObjectNode settings(SandboxPolicy policy, GuardEnvironment environment);

    /**
     * {@return the first version of the agent whose sandbox takes these settings, {@code N.N.N};
     * null where any version does} Setup writes no sandbox for an older one.
     */
    default String since() {
      return null;
    }

    /**
     * {@return the agent's own check that its sandbox starts here, as arguments to its binary
     * (Codex: {@code sandbox -- true}); empty where bubblewrap's probe is the check} Exit 0 means
     * the sandbox ran.
     */
    default List<String> selfCheck() {
      return List.of();
    }
  }
}
