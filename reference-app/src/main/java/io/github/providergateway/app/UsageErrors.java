package io.github.providergateway.app;

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
        return command + ": no command '" + word + "': it takes " + String.join(", ", known) + hint;
      }
      return command + ": '" + word + "' is not one of its options or arguments";
    }
    return spec.qualifiedName() + ": " + e.getMessage();
  }

  /** The help command for where the mistake was ({@code gateway hook --help}). */
  static String helpFor(CommandLine.ParameterException e) {
    return e.getCommandLine().getCommandSpec().qualifiedName() + " --help";
  }
}
