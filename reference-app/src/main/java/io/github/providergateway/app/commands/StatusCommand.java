package io.github.providergateway.app.commands;

import io.github.providergateway.app.cli.CommandContext;
import io.github.providergateway.app.cli.ExitCodes;
import io.github.providergateway.app.cli.GatewayHomeOptions;
import io.github.providergateway.app.cli.HelpOption;
import io.github.providergateway.app.guard.PolicyStatus;
import io.github.providergateway.app.home.SystemSettings;
import java.io.PrintStream;
import java.time.Clock;
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
          + " token: open it in a browser on this machine. With an organisation policy (docs/team.md),"
          + " the policy in force, its version, age and source, and the last error. While you are"
          + " away ('gateway away'), until when.",
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
        (home, port, out) -> {
          int code = StatusLinkRequest.print(home, port, out, context.err());
          // The organisation's policy (issue 66), from what the home keeps: there either way.
          PrintStream lines = code == ExitCodes.OK ? out : context.err();
          // A command's one look at the time: the ages it prints.
          PolicyStatus.lines(home, SystemSettings.read(), Clock.systemUTC().instant())
              .forEach(lines::println);
          // The person away (decision 321), from the home's file: there either way.
          AwayCommand.statusLine(home, Clock.systemDefaultZone()).ifPresent(lines::println);
          return code;
        });
  }
}
