package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * How {@code GatewayCommands.personOnly} reads a gateway command line, here where the guard's own
 * rule ({@code guard.self}, in {@link GatewayProcess}) and its reading of scripts ({@link
 * GroundText}) read it too (decision 80), issue 75: the commands only the person may run, and the
 * ones only an agent's own program runs.
 *
 * <p>The person's: what lowers protection ({@link LoweringCommands}, less {@code uninstall --list}
 * and install.sh's {@code uninstall --record-install}, which lower nothing), {@code setup} in any
 * form (it rewrites the agents' hooks and MCP servers), {@code service install} (what starts at
 * login), the console ({@code gateway} with no subcommand, but {@code --rpc} and {@code
 * --detached}) and {@code attach} (both answer the gateway's questions to the person), {@code mcp
 * --print-config http} and {@code hook --print-config claude} (each issues a token). A command that
 * asks for its help ({@code -h}, {@code --help}, {@code -V}, {@code --version}) runs none of it.
 *
 * <p>The subcommand is the first word that names one, past the top-level options' values ({@code
 * gateway --home /stop status} is {@code status}); options may come before it.
 */
public final class PersonOnlyCommands {

  /** The gateway's subcommands, as its command line names them. */
  private static final Set<String> SUBCOMMANDS =
      NameSet.of(
          "attach",
          "away",
          "back",
          "status",
          "stop",
          "kill",
          "audit",
          "gates",
          "mcp",
          "hook",
          "guard",
          "policy",
          "service",
          "setup",
          "doctor",
          "uninstall");

  /** The top-level options that take the next word as their value. */
  private static final Set<String> VALUED =
      NameSet.of("--home", "--port", "--config", "--idle-exit-grace", "--project", "--log-level");

  /** The words that ask for help or the version: nothing else runs. */
  private static final Set<String> HELP = NameSet.of("-h", "--help", "-V", "--version");

  /** The console's options that start no console: the JSON lines and the background gateway. */
  private static final Set<String> NO_CONSOLE = NameSet.of("--rpc", "--detached");

  private PersonOnlyCommands() {}

  /**
   * What {@code args}, the words after the gateway's program, run when only the person may run it.
   *
   * @param args the command line after {@code gateway}
   * @return the command as a person reads it ({@code gateway setup}, {@code gateway (the
   *     console)}), or empty for one anyone may run
   */
  public static Optional<String> of(List<String> args) {
    if (asksForHelp(args)) {
      return Optional.empty();
    }
    Optional<String> lowering = LoweringCommands.of(args);
    if (lowering.isPresent()
        && !(lowering.get().equals("gateway uninstall")
            && (args.contains("--list") || args.contains("--record-install")))) {
      return lowering;
    }
    int at = subcommand(args);
    if (at < 0) {
      return console(args) ? Optional.of("gateway (the console)") : Optional.empty();
    }
    List<String> rest = args.subList(at + 1, args.size());
    return switch (args.get(at)) {
      // --list only says what is set up where (with anything else it is a usage error).
      case "setup" -> rest.contains("--list") ? Optional.empty() : Optional.of("gateway setup");
      case "attach" -> Optional.of("gateway attach");
      case "service" ->
          firstWord(rest).equals("install")
              ? Optional.of("gateway service install")
              : Optional.empty();
      case "mcp" ->
          "http".equals(printConfig(rest))
              ? Optional.of("gateway mcp --print-config http")
              : Optional.empty();
      case "hook" ->
          "claude".equals(printConfig(rest))
              ? Optional.of("gateway hook --print-config claude")
              : Optional.empty();
      default -> Optional.empty();
    };
  }

  /**
   * What {@code args} run when it is what only an agent's own program runs, never its tools: an
   * agent's hook ({@code gateway hook claude}, input forged from the agent's shell) or the MCP
   * server ({@code gateway mcp}, a client the model would drive), without {@code --print-config} or
   * help.
   *
   * @param args the command line after {@code gateway}
   * @return the command as a person reads it ({@code gateway hook claude}), or empty
   */
  public static Optional<String> agentsOwn(List<String> args) {
    int at = subcommand(args);
    if (at < 0 || asksForHelp(args)) {
      return Optional.empty();
    }
    List<String> rest = args.subList(at + 1, args.size());
    if (printConfig(rest) != null || rest.contains("--class-data-training")) {
      return Optional.empty(); // a snippet printed, or the launcher's training run: no gateway
    }
    return switch (args.get(at)) {
      case "mcp" -> Optional.of("gateway mcp");
      case "hook" -> {
        String agent = firstWord(rest);
        yield agent.isEmpty() ? Optional.empty() : Optional.of("gateway hook " + agent);
      }
      default -> Optional.empty();
    };
  }

  /** {@return whether {@code word} names one of the gateway's subcommands} */
  static boolean isSubcommand(String word) {
    return SUBCOMMANDS.contains(word);
  }

  /** Whether a word asks for the help or the version. */
  private static boolean asksForHelp(List<String> args) {
    for (String arg : args) {
      if (HELP.contains(arg)) {
        return true;
      }
    }
    return false;
  }

  /** The index of the first word that names a subcommand, past the options' values, or -1. */
  private static int subcommand(List<String> args) {
    for (int i = 0; i < args.size(); i++) {
      String arg = args.get(i);
      if (VALUED.contains(arg)) {
        i++;
      } else if (SUBCOMMANDS.contains(arg)) {
        return i;
      }
    }
    return -1;
  }

  /** Whether the words start the console: options alone, none of them one that starts none. */
  private static boolean console(List<String> args) {
    for (int i = 0; i < args.size(); i++) {
      String arg = args.get(i);
      String name = arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
      if (VALUED.contains(arg)) {
        i++;
      } else if (!arg.startsWith("-") || NO_CONSOLE.contains(name)) {
        return false; // a word the app cannot read runs nothing
      }
    }
    return true;
  }

  /** The first word of {@code rest} that is no option, or "". */
  private static String firstWord(List<String> rest) {
    for (String word : rest) {
      if (!word.startsWith("-")) {
        return word;
      }
    }
    return "";
  }

  /** The value of {@code --print-config} among {@code rest} ({@code --print-config=http} too). */
  private static String printConfig(List<String> rest) {
    for (int i = 0; i < rest.size(); i++) {
      String word = rest.get(i);
      if (word.equals("--print-config")) {
        return i + 1 < rest.size() ? rest.get(i + 1) : "";
      }
      if (word.startsWith("--print-config=")) {
        return word.substring("--print-config=".length());
      }
    }
    return null;
  }
}
