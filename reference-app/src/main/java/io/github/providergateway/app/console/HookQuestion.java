package io.github.providergateway.app.console;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.agent.hook.AgentKind;
import io.github.providergateway.agent.hook.GatewayToolCall;
import io.github.providergateway.protocol.VisibleText;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;

/**
 * What the console's {@code hook} asks the gateway, as its rules and the guard see it (issue 62:
 * {@code hook Bash {"command":"rm -rf /"}} printed allow, the console knowing no agent's tool
 * names, while Claude Code's hook denies that call):
 *
 * <ul>
 *   <li>{@code hook AGENT TOOL [json]}: the agent's own tool, mapped as that agent's hook maps it
 *       ({@link AgentKind#asGatewayCalls}), one call for each file it names;
 *   <li>{@code hook TOOL [json]}: a tool by the gateway's name ({@code shell}, {@code edit}, {@code
 *       read}, {@code mcp__…}), a tool of the session's providers, or any name no agent has, as
 *       typed; a name that is an agent's own tool is mapped when every agent that has it reads it
 *       alike ({@code Bash} is Claude Code's and Codex's shell), and refused, naming the agents,
 *       when they do not.
 * </ul>
 *
 * @param mapping how an agent's tool was read, for the person ({@code Claude Code's Bash is the
 *     gateway's shell}), or null when the tool is asked about as typed
 * @param calls the calls to decide, in order; the tool runs only if every one would
 */
record HookQuestion(String mapping, List<GatewayToolCall> calls) {

  /** What {@code hook} takes. */
  static final String USAGE = "hook [agent] <tool> [json args]";

  /** The gateway's own names of the agents' tools: asked about as typed. */
  private static final Set<String> GATEWAY_NAMES = Set.of("shell", "edit", "read");

  HookQuestion {
    calls = List.copyOf(calls);
  }

  /**
   * Reads {@code rest}, what follows {@code hook}.
   *
   * @param rest the words typed after {@code hook}
   * @param sessionTools the current session's tool names, asked only when a name is an agent's
   * @param agents each agent's own tool names with the gateway's name for each ({@link
   *     AgentKind#tools}); a test's own to show names agents read differently
   * @param cwd the folder a shell's relative working folder is read from
   * @throws CommandFailed when it is not a question the console can ask, saying why
   */
  static HookQuestion parse(
      String rest,
      Supplier<List<String>> sessionTools,
      Map<AgentKind, Map<String, String>> agents,
      String cwd) {
    String[] words = rest.strip().split("\\s+", 3);
    if (words[0].isEmpty()) {
      throw new CommandFailed("usage: " + USAGE);
    }
    Optional<AgentKind> agent = agent(words[0]);
    if (agent.isPresent()) {
      if (words.length < 2 || words[1].startsWith("{")) {
        throw new CommandFailed(
            "usage: hook "
                + agent.get().word()
                + " <tool> [json args], the tool by "
                + agent.get().displayName()
                + "'s own name: "
                + String.join(", ", new TreeSet<>(agents.get(agent.get()).keySet())));
      }
      JsonNode args = ToolCommands.NameAndJson.object(words.length > 2 ? words[2] : null);
      return mapped(agent.get(), words[1], args, cwd);
    }
    if (words.length > 1 && !words[1].startsWith("{")) {
      throw new CommandFailed(
          "no agent '"
              + VisibleText.escape(words[0])
              + "' (the agents: "
              + String.join(", ", agentWords())
              + "); usage: "
              + USAGE);
    }
    String tool = words[0];
    JsonNode args =
        ToolCommands.NameAndJson.object(words.length > 1 ? rest.strip().split("\\s+", 2)[1] : null);
    if (GATEWAY_NAMES.contains(tool)) {
      return asTyped(tool, args);
    }
    List<AgentKind> having = new ArrayList<>();
    Set<String> readings = new TreeSet<>();
    for (Map.Entry<AgentKind, Map<String, String>> each : agents.entrySet()) {
      String reading = each.getValue().get(tool);
      if (reading != null) {
        having.add(each.getKey());
        readings.add(reading);
      }
    }
    if (having.isEmpty() || sessionTools.get().contains(tool)) {
      return asTyped(tool, args); // a provider's tool keeps its name
    }
    if (readings.size() > 1) {
      throw new CommandFailed(
          "'"
              + tool
              + "' is a tool of "
              + names(having)
              + ", read differently ("
              + String.join(", ", readings)
              + "): name the agent, e.g. hook "
              + having.get(0).word()
              + " "
              + tool
              + " {...}");
    }
    return mapped(having, tool, args, cwd);
  }

  /** Reads {@code rest} with the agents' own tool tables, from the console's folder. */
  static HookQuestion parse(String rest, Supplier<List<String>> sessionTools) {
    return parse(rest, sessionTools, agentTools(), System.getProperty("user.dir"));
  }

  /** Each agent's own tool names, with the gateway's name for each. */
  static Map<AgentKind, Map<String, String>> agentTools() {
    Map<AgentKind, Map<String, String>> tools = new EnumMap<>(AgentKind.class);
    for (AgentKind agent : AgentKind.values()) {
      tools.put(agent, agent.tools());
    }
    return tools;
  }

  /** The agents' words, as {@code hook AGENT TOOL} takes them. */
  static List<String> agentWords() {
    List<String> words = new ArrayList<>();
    for (AgentKind agent : AgentKind.values()) {
      words.add(agent.word());
    }
    return words;
  }

  /** Whether the question names an agent's tool that the gateway reads as another. */
  boolean wasMapped() {
    return mapping != null;
  }

  private static HookQuestion asTyped(String tool, JsonNode args) {
    return new HookQuestion(null, List.of(new GatewayToolCall(tool, args)));
  }

  private static HookQuestion mapped(AgentKind agent, String tool, JsonNode args, String cwd) {
    return mapped(List.of(agent), tool, args, cwd);
  }

  /** {@code tool} of the first of {@code agents}, who all read it alike. */
  private static HookQuestion mapped(
      List<AgentKind> agents, String tool, JsonNode args, String cwd) {
    List<GatewayToolCall> calls;
    try {
      calls = agents.get(0).asGatewayCalls(cwd, tool, args);
    } catch (IllegalArgumentException e) {
      throw new CommandFailed(
          names(agents) + " " + VisibleText.escape(tool) + ": " + e.getMessage());
    }
    String gatewayTool = calls.get(0).tool();
    String how =
        gatewayTool.equals(tool)
            ? names(agents) + " " + VisibleText.escape(tool) + " (the gateway's name too)"
            : names(agents) + " " + VisibleText.escape(tool) + " is the gateway's " + gatewayTool;
    return new HookQuestion(how, calls);
  }

  /** {@code Claude Code's}, {@code Claude Code's and Codex's}. */
  private static String names(List<AgentKind> agents) {
    List<String> names = new ArrayList<>();
    for (AgentKind agent : agents) {
      names.add(agent.displayName() + "'s");
    }
    if (names.size() == 1) {
      return names.get(0);
    }
    return String.join(", ", names.subList(0, names.size() - 1))
        + " and "
        + names.get(names.size() - 1);
  }

  private static Optional<AgentKind> agent(String word) {
    String lower = word.toLowerCase(Locale.ROOT);
    for (AgentKind agent : AgentKind.values()) {
      if (agent.word().equals(lower)) {
        return Optional.of(agent);
      }
    }
    return Optional.empty();
  }
}
