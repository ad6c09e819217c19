package io.github.providergateway.app.commands;

import io.github.providergateway.agent.hook.AgentKind;
import io.github.providergateway.app.cli.CommandContext;
import io.github.providergateway.app.cli.GatewayHomeOptions;
import io.github.providergateway.app.cli.HelpOption;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import picocli.CommandLine;

/**
 * The command line of {@code gateway hook AGENT …}, the one command that runs before every tool
 * call of a coding agent when no gateway answers its socket (issue 76): it is parsed by that
 * command's line alone, not by the app's whole tree. Building the whole tree (every command and its
 * options, three times in {@code Main.main}) took about 0.3 s of CPU of a hook call's 0.6 s on two
 * cores, and on a machine at load 8 each CPU second is four to five on the clock, inside the
 * agent's hook timeout. What else the whole tree checks before a command runs (a person's commands
 * refused on an agent's side, a start that replaces a home's config) is never a hook's.
 *
 * <p>Help ({@code -h}, {@code --help}) and {@code --print-config} go through the whole tree: they
 * are a person's, and their words are the app's.
 *
 * <p>The hook's four options are read here without picocli ({@link #answer}): building even this
 * one command's picocli line, whose classes are Java 5 bytecode that the class-data archive does
 * not hold, cost about a tenth of a no-gateway call's CPU (docs/performance.md). A line that is
 * anything but those options, each once with a value, goes to picocli, which says what is wrong in
 * its words.
 */
public final class HookCallLine {

  private HookCallLine() {}

  /**
   * The agent of {@code args} when they are a hook call, {@code hook AGENT} and its options.
   *
   * @param args the command line
   * @return the agent, or empty for every other command line
   */
  public static Optional<AgentKind> agentOf(String[] args) {
    if (args.length < 2 || !"hook".equals(args[0])) {
      return Optional.empty();
    }
    for (String word : args) {
      if (HelpOption.asksForHelp(word) || word.startsWith("--print-config")) {
        return Optional.empty();
      }
    }
    for (AgentKind agent : AgentKind.values()) {
      if (agent.word().equals(args[1])) {
        return Optional.of(agent);
      }
    }
    return Optional.empty();
  }

  /**
   * Answers a hook call whose arguments after the agent's word are only the hook's options ({@code
   * --home}, {@code --port}, {@code --timeout}, {@code --connect-timeout}), each at most once, as
   * {@code --name value} or {@code --name=value}, read without picocli.
   *
   * @param context this run's streams and environment
   * @param agent the agent the hook answers
   * @param options the arguments after {@code hook AGENT}
   * @return the exit code; empty when the arguments are anything else, for {@link #of}'s line to
   *     read and say what is wrong
   */
  public static Optional<Integer> answer(
      CommandContext context, AgentKind agent, String[] options) {
    Map<String, String> given = new HashMap<>();
    for (int i = 0; i < options.length; i++) {
      String word = options[i];
      int equals = word.indexOf('=');
      String name = equals < 0 ? word : word.substring(0, equals);
      if (!OPTIONS.contains(name) || equals < 0 && i + 1 == options.length) {
        return Optional.empty();
      }
      String value = equals < 0 ? options[++i] : word.substring(equals + 1);
      if (value.isEmpty() || value.startsWith("-") || given.put(name, value) != null) {
        return Optional.empty(); // picocli's words for an option given twice or without a value
      }
    }
    Integer port = null;
    if (given.containsKey("--port")) {
      try {
        port = Integer.valueOf(given.get("--port"));
      } catch (NumberFormatException e) {
        return Optional.empty();
      }
    }
    Path home = null;
    if (given.containsKey("--home")) {
      try {
        home = Path.of(given.get("--home"));
      } catch (InvalidPathException e) {
        return Optional.empty();
      }
    }
    GatewayHomeOptions gateway = GatewayHomeOptions.of(home, port);
    try {
      return Optional.of(
          AgentHookCommand.answer(
              context,
              agent,
              gateway,
              given.getOrDefault("--connect-timeout", AgentHookCommand.CONNECT_TIMEOUT),
              given.getOrDefault("--timeout", AgentHookCommand.ANSWER_TIMEOUT)));
    } catch (RuntimeException e) {
      e.printStackTrace(context.err()); // as picocli does for a command that throws
      return Optional.of(CommandLine.ExitCode.SOFTWARE);
    }
  }

  /** The options {@link #answer} reads. */
  private static final Set<String> OPTIONS =
      Set.of("--home", "--port", "--timeout", "--connect-timeout");

  /**
   * The line that parses and runs {@code hook AGENT}'s arguments: those after the agent's word.
   *
   * @param context this run's streams and environment
   * @param agent the agent the hook answers
   */
  public static CommandLine of(CommandContext context, AgentKind agent) {
    CommandLine line = AgentHookCommand.line(context, agent);
    // Named as the whole tree names it, so a usage error says `gateway hook claude --help`.
    line.getCommandSpec().name("gateway hook " + agent.word());
    line.setExpandAtFiles(false);
    return line;
  }
}
