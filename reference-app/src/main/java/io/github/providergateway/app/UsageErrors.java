package io.github.providergateway.app;

import io.github.providergateway.app.agents.AgentNames;
import java.util.List;
import picocli.CommandLine;

/**
 * A command line picocli refused, said in the person's terms rather than the parser's ({@code
 * Unmatched argument at index 1: 'gemini'}): what was wrong with which command, and what it takes.
 */
final class UsageErrors {

  private UsageErrors() {}

  /** The line that says what was wrong, starting with the command it was wrong for. */
  static String say(CommandLine.ParameterException e) {
    CommandLine.Model.CommandSpec spec = e.getCommandLine().getCommandSpec();
    if (e instanceof CommandLine.UnmatchedArgumentException unmatched
        && !unmatched.getUnmatched().isEmpty()) {
      String word = unmatched.getUnmatched().get(0);
      String command = spec.qualifiedName();
      if (!spec.subcommands().isEmpty() && !word.startsWith("-")) {
        List<String> known = List.copyOf(spec.subcommands().keySet());
        String hint =
            spec.name().equals("hook") && word.equals("gemini")
                ? " (Gemini CLI's hooks are not supported yet; its MCP server entry is 'gateway mcp')"
                : "";
        return command
            + ": no command '"
            + word
            + "'"
            + AgentNames.meant(word, known)
                .map(meant -> "; did you mean " + meant + "? It takes ")
                .orElse(": it takes ")
            + String.join(", ", known)
            + hint;
      }
      return command + ": '" + word + "' is not one of its options or arguments" + noAgent(word);
    }
    if (e.getCause() instanceof AgentNames.Unknown unknown) {
      return spec.qualifiedName() + ": " + unknown.getMessage(); // the agent named, and the choices
    }
    return spec.qualifiedName() + ": " + e.getMessage();
  }

  /**
   * What a command that takes no agent ({@code gateway doctor cluade}, {@code gateway uninstall
   * claude}) says of a word that names one: it covers every agent (issue 77); empty for another
   * word.
   */
  private static String noAgent(String word) {
    List<String> agents = io.github.providergateway.agent.hook.AgentDialects.ids();
    if (agents.contains(word)) {
      return ": it takes no agent, it covers every one";
    }
    return AgentNames.meant(word, agents)
        .map(agent -> ": it takes no agent, it covers every one (" + agent + " among them)")
        .orElse("");
  }

  /** The help command for where the mistake was ({@code gateway hook --help}). */
  static String helpFor(CommandLine.ParameterException e) {
    return e.getCommandLine().getCommandSpec().qualifiedName() + " --help";
  }
}
