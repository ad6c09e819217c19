package io.github.providergateway.app;

import io.github.providergateway.app.home.CommandContext;
import io.github.providergateway.app.home.GatewayHomeOptions;
import io.github.providergateway.app.home.HelpOption;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code gateway status}: a one-time link to the running gateway's status page. */
@Command(
    name = "status",
    sortOptions = false,
    usageHelpAutoWidth = true,
    description = {
      "Prints a one-time link to the live status page of the gateway running for a home (its"
          + " sessions, providers, tools, streams and latest decisions, updating by itself), and a"
          + " line of what it holds now. The link works once, within 5 minutes, and carries no"
          + " token: open it in a browser on this machine.",
      ""
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:printed",
      "1:no gateway is running for the home, or it would not give a link",
      "2:bad command line"
    })
public final class StatusCommand implements Callable<Integer> {
  private final CommandContext context;

  @Mixin private GatewayHomeOptions gateway;

  @Mixin private HelpOption help;

  StatusCommand(CommandContext context) {
    this.context = context;
  }

  @Override
  public Integer call() {
    return GatewayReach.reach(
        context,
        "gateway status",
        gateway,
        (home, port, out) -> StatusLink.print(home, port, out, context.err()));
  }
}
