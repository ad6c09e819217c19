package io.github.providergateway.app;

import io.github.providergateway.guard.GatewayCommands;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.ParseResult;

/**
 * The gateway's commands that only the person may run (issue 75, decision 82), as {@link Main#main}
 * refuses them on a coding agent's side ({@link io.github.providergateway.agent.person.AgentSide}).
 * Which commands they are is the guard's reading ({@link GatewayCommands#personOnly}), the one its
 * {@code guard.self} denies by in an agent's shell: what lowers protection, what rewires the
 * agents' hooks or what starts at login ({@code setup}, {@code service install}), what answers the
 * gateway's questions to the person (the console, {@code attach}) and what issues a credential of
 * the person's ({@code mcp --print-config http}, {@code hook --print-config claude}: tokens). This
 * class adds why, and the app's own parse for the console: a command line it cannot parse starts
 * none. {@code status} is not here: it says how the gateway is to anyone, and withholds its link
 * from an agent's side itself ({@code StatusLinkRequest}), as the gateway does.
 */
final class PersonOnlyCommand {

  /**
   * A command only the person may run.
   *
   * @param command as a person reads it: {@code gateway attach}
   * @param because what it would do on the agent's side, to end "refused: …, and {@code because}"
   */
  record Refused(String command, String because) {}

  /** The guard's name for the console, a command line with no subcommand. */
  static final String CONSOLE = "gateway (the console)";

  private PersonOnlyCommand() {}

  /**
   * What {@code args} run, when only the person may.
   *
   * @param args the command line after {@code gateway}
   * @param parsed the app's parse of it, or null when it does not parse (the other commands are
   *     still read from its words)
   * @return the command and why, or empty for one anyone may run
   */
  static Optional<Refused> of(List<String> args, ParseResult parsed) {
    Optional<String> command = GatewayCommands.personOnly(args);
    if (command.isEmpty()
        || command.get().equals(CONSOLE) && (parsed == null || parsed.subcommand() != null)) {
      return Optional.empty(); // a console only where the app would start one
    }
    return Optional.of(new Refused(command.get(), because(command.get())));
  }

  /** What {@code command}, one of the guard's person-only commands, would do on an agent's side. */
  private static String because(String command) {
    return switch (command) {
      case CONSOLE ->
          "the console answers the gateway's questions to the person and stops its gateway";
      case "gateway attach" ->
          "the console answers the gateway's questions to the person and releases held gates";
      case "gateway setup" ->
          "it rewrites the hooks and MCP servers in the agents' settings, that agent's own among"
              + " them";
      case "gateway service install" -> "it changes what starts at the person's login";
      case "gateway mcp --print-config http" ->
          "it issues a client token of the person's for the gateway's MCP front door";
      case "gateway hook --print-config claude" ->
          "it issues a hook token of the person's for the gateway's HTTP hooks";
      case "gateway back" ->
          "it ends the person's time away, so that the agents' questions are asked again (an"
              + " agent that approves its own questions would gain from it)";
      default -> "it would lower the protection that agent runs under";
    };
  }
}
