package io.github.providergateway.app.commands;

import io.github.providergateway.app.cli.CommandContext;
import io.github.providergateway.app.cli.GatewayHomeOptions;
import io.github.providergateway.app.cli.HelpOption;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code gateway stop}: the home's running gateway, stopped cleanly ({@link GatewayStop}). */
@Command(
    name = "stop",
    sortOptions = false,
    usageHelpAutoWidth = true,
    description = {
      "Stops the gateway running for a home, as a console's 'quit' does: its sessions end"
          + " (providers are told), its gates are held for their projects until a gateway runs"
          + " again, and it removes its files. Stops the detached gateway, the service's and a"
          + " console's (the console says so and ends). Not one started with --rpc: that one is"
          + " its program's, which stops it by ending its input (exit 1, saying so). Waits until"
          + " it has stopped (at most 30 s). With no gateway running it says so. Refused under a"
          + " coding agent's process (exit 3).",
      ""
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:stopped, or none was running",
      "1:it did not stop in time, or it is an --rpc gateway",
      "2:bad command line",
      "3:refused: run under a coding agent"
    })
public final class StopCommand implements Callable<Integer> {
  private final CommandContext context;

  @Mixin private GatewayHomeOptions gateway;

  @Mixin private HelpOption help;

  StopCommand(CommandContext context) {
    this.context = context;
  }

  @Override
  public Integer call() {
    return GatewayReach.reach(
        context,
        "gateway stop",
        gateway,
        (home, port, out) -> GatewayStop.stop(home, port, out, context.err()));
  }
}
