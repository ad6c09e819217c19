package io.github.providergateway.app;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.ParseResult;

/**
 * The gateway's commands that only the person may run (issue 75, decision 82), as {@link Main#main}
 * refuses them on a coding agent's side ({@link io.github.providergateway.agent.person.AgentSide}):
 * what lowers protection ({@link LoweringCommand}, the guard's own list), what rewires the agents'
 * hooks or what starts at login ({@code setup}, {@code service install}), what answers the
 * gateway's questions to the person (the console, {@code attach}) and what issues a credential of
 * the person's ({@code mcp --print-config http}, {@code hook --print-config claude}: tokens).
 * {@code status} is not here: it says how the gateway is to anyone, and withholds its link from an
 * agent's side itself ({@link StatusLink}), as the gateway does.
 */
final class PersonOnlyCommand {

  /**
   * A command only the person may run.
   *
   * @param command as a person reads it: {@code gateway attach}
   * @param because what it would do on the agent's side, to end "refused: …, and {@code because}"
   */
  record Refused(String command, String because) {}

  private static final String LOWERS = "it would lower the protection that agent runs under";

  private PersonOnlyCommand() {}

  /**
   * What {@code args} run, when only the person may.
   *
   * @param args the command line after {@code gateway}
   * @param parsed the app's parse of it, or null when it does not parse (the lowering commands are
   *     still read from its words)
   * @return the command and why, or empty for one anyone may run
   */
  static Optional<Refused> of(List<String> args, ParseResult parsed) {
    Optional<String> lowering = LoweringCommand.of(args);
    if (lowering.isPresent()) {
      return Optional.of(new Refused(lowering.get(), LOWERS));
    }
    if (parsed == null || parsed.isUsageHelpRequested() || parsed.isVersionHelpRequested()) {
      return Optional.empty();
    }
    List<ParseResult> chain = new ArrayList<>();
    for (ParseResult at = parsed.subcommand(); at != null; at = at.subcommand()) {
      if (at.isUsageHelpRequested()) {
        return Optional.empty();
      }
      chain.add(at);
    }
    if (chain.isEmpty()) {
      if (parsed.hasMatchedOption("--rpc") || parsed.hasMatchedOption("--detached")) {
        return Optional.empty(); // --rpc refuses the person's acts itself; --detached has no input
      }
      return Optional.of(
          new Refused(
              "gateway (the console)",
              "the console answers the gateway's questions to the person and stops its gateway"));
    }
    String first = chain.get(0).commandSpec().name();
    String second = chain.size() > 1 ? chain.get(1).commandSpec().name() : "";
    return switch (first) {
      case "attach" ->
          Optional.of(
              new Refused(
                  "gateway attach",
                  "the console answers the gateway's questions to the person and releases held"
                      + " gates"));
      case "setup" ->
          Optional.of(
              new Refused(
                  "gateway setup",
                  "it rewrites the hooks and MCP servers in the agents' settings, that agent's"
                      + " own among them"));
      case "service" ->
          second.equals("install")
              ? Optional.of(
                  new Refused(
                      "gateway service install", "it changes what starts at the person's login"))
              : Optional.empty();
      case "mcp" ->
          printsConfig(chain.get(0), "http")
              ? Optional.of(
                  new Refused(
                      "gateway mcp --print-config http",
                      "it issues a client token of the person's for the gateway's MCP front door"))
              : Optional.empty();
      case "hook" ->
          printsConfig(chain.get(0), "claude")
              ? Optional.of(
                  new Refused(
                      "gateway hook --print-config claude",
                      "it issues a hook token of the person's for the gateway's HTTP hooks"))
              : Optional.empty();
      default -> Optional.empty();
    };
  }

  /** Whether {@code command} has {@code --print-config} with {@code value}. */
  private static boolean printsConfig(ParseResult command, String value) {
    return command.hasMatchedOption("--print-config")
        && value.equals(String.valueOf((Object) command.matchedOptionValue("--print-config", "")));
  }
}
