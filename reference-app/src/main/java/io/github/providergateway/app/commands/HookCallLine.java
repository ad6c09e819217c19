package io.github.providergateway.app.commands;

import io.github.providergateway.agent.hook.AgentKind;
import io.github.providergateway.app.cli.CommandContext;
import io.github.providergateway.app.cli.HelpOption;
import java.util.Optional;
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
