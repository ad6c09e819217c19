package io.github.providergateway.app.commands;

import io.github.providergateway.app.cli.CommandContext;
import io.github.providergateway.app.cli.ExitCodes;
import io.github.providergateway.app.cli.GatewayHomeOptions;
import io.github.providergateway.app.cli.HelpOption;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code gateway gates [release ...]}: the gates held while their provider is away. */
@Command(
    name = "gates",
    subcommands = {GatesCommand.Release.class},
    sortOptions = false,
    usageHelpAutoWidth = true,
    description = {
      "Lists the gates the gateway running for a home holds in force although their provider is"
          + " not bound: a provider's fail-closed gates and static denies, held after a gateway of"
          + " the home stopped or crashed until that provider binds again in that project"
          + " (docs/agents.md). Each line: provider, gate, project, since when, why.",
      "'gateway gates release PROVIDER [GATE] [--project DIR]' releases those of a provider gone"
          + " for good. With no gateway running it says so: the next start of the home's gateway"
          + " holds them again.",
      ""
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:listed (or released)",
      "1:no gateway is running for the home, it keeps no record of gates, or nothing matched the"
          + " release",
      "2:bad command line"
    })
public final class GatesCommand implements Callable<Integer> {
  private final CommandContext context;

  @Mixin private GatewayHomeOptions gateway;

  @Mixin private HelpOption help;

  GatesCommand(CommandContext context) {
    this.context = context;
  }

  @Override
  public Integer call() {
    return GatewayReach.reach(
        context,
        "gateway gates",
        gateway,
        (home, port, out) -> GatewayGates.list(home, port, out, context.err()));
  }

  @Command(
      name = "release",
      sortOptions = false,
      usageHelpAutoWidth = true,
      description = {
        "Releases held gates of a provider gone for good (it left the configuration, or will not"
            + " come back): its gate GATE, or every gate and static deny it holds, for the project"
            + " DIR, or for every project. Prints what was released, or what is held when nothing"
            + " matched. A provider that binds again holds its gates anew.",
        ""
      },
      exitCodeListHeading = "%nExit codes:%n",
      exitCodeList = {
        "0:released",
        "1:nothing matched (what is held is printed), no gateway is running for the home, or it"
            + " keeps no record of gates",
        "2:bad command line"
      })
  static final class Release implements Callable<Integer> {
    @ParentCommand private GatesCommand gates;

    @Mixin private GatewayHomeOptions gateway;

    @Parameters(
        index = "0",
        paramLabel = "PROVIDER",
        description = "The provider whose held gates to release.")
    private String provider;

    @Parameters(
        index = "1",
        arity = "0..1",
        paramLabel = "GATE",
        description = "One gate's id (default: every gate and static deny the provider holds).")
    private String gateId;

    @Option(
        names = "--project",
        paramLabel = "DIR",
        description = "Only for this project, a session's folder (default: every project).")
    private Path project;

    @Mixin private HelpOption help;

    @Override
    public Integer call() {
      String name = "gateway gates release";
      if (provider.isEmpty() || (gateId != null && gateId.isEmpty())) {
        gates.context.err().println(name + ": PROVIDER and GATE must not be empty");
        return ExitCodes.USAGE;
      }
      return GatewayReach.reach(
          gates.context,
          name,
          // `gateway gates --home X release P` names the home before the subcommand.
          gateway.or(gates.gateway),
          (home, port, out) ->
              GatewayGates.release(
                  home,
                  port,
                  provider,
                  gateId,
                  project == null ? null : project.toString(),
                  out,
                  gates.context.err()));
    }
  }
}
