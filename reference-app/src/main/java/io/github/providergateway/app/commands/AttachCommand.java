package io.github.providergateway.app.commands;

import io.github.providergateway.app.cli.CommandContext;
import io.github.providergateway.app.cli.ExitCodes;
import io.github.providergateway.app.cli.GatewayHomeOptions;
import io.github.providergateway.app.cli.HelpOption;
import io.github.providergateway.app.cli.StderrLogging;
import io.github.providergateway.app.console.ConsoleHost;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code gateway attach}: the console on a running gateway. */
@Command(
    name = "attach",
    sortOptions = false,
    usageHelpAutoWidth = true,
    description = {
      "Opens the console on the gateway already running for a home (started by a host, another"
          + " console, or --detached): see and drive its sessions, providers, tools and streams"
          + " without owning them. Sessions you start here end when you quit; the gateway and"
          + " everyone else's sessions stay. If the gateway restarts, the console follows it."
    })
public final class AttachCommand implements Callable<Integer> {
  private final CommandContext context;

  @Mixin private GatewayHomeOptions gateway;

  @Mixin private HelpOption help;

  AttachCommand(CommandContext context) {
    this.context = context;
  }

  @Override
  public Integer call() {
    int port;
    try {
      port = gateway.launchPort(context.env());
    } catch (IllegalArgumentException e) {
      context.err().println("gateway attach: " + e.getMessage());
      return ExitCodes.USAGE;
    }
    StderrLogging.install(context.env());
    ConsoleHost console =
        ConsoleHost.create(context.in(), context.out(), context.err(), context.terminal());
    context.onSignal(console::stopOnSignal);
    return console.attach(gateway.home(context.env()), port);
  }
}
