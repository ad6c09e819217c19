package io.github.providergateway.app.commands;

import io.github.providergateway.app.cli.CommandContext;
import io.github.providergateway.app.cli.ExitCodes;
import io.github.providergateway.app.cli.GatewayHomeOptions;
import io.github.providergateway.app.cli.StderrLogging;
import java.io.PrintStream;
import java.nio.file.Path;

/**
 * What the commands that ask the home's running gateway something share ({@code status}, {@code
 * stop}, {@code gates}): where it is, from the home and its port, before the question.
 */
final class GatewayReach {

  private GatewayReach() {}

  /** What a command that reaches the home's running gateway does, once it knows where it is. */
  @FunctionalInterface
  interface ToRunningGateway {
    /** Returns the exit code; {@code out} is stdout. */
    int run(Path home, int port, PrintStream out);
  }

  /**
   * Runs {@code command} ({@code name} in messages) for the gateway of the home {@code where}
   * names, at the port its gateway listens on, with stdout; a bad {@code --port} or an unreadable
   * home is {@link ExitCodes#USAGE}.
   */
  static int reach(
      CommandContext context, String name, GatewayHomeOptions where, ToRunningGateway command) {
    int port;
    try {
      port = where.launchPort(context.env());
    } catch (IllegalArgumentException e) {
      context.err().println(name + ": " + e.getMessage());
      return ExitCodes.USAGE;
    }
    StderrLogging.install(context.env());
    return command.run(where.home(context.env()), port, context.stdout());
  }
}
