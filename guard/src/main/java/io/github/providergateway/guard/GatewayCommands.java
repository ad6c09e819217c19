package io.github.providergateway.guard;

import io.github.providergateway.guard.internal.LoweringCommands;
import java.util.List;
import java.util.Optional;

/**
 * The gateway's own commands that lower protection (issue 61): they take the guard away ({@code
 * stop}, {@code kill}, {@code uninstall}, {@code setup … --remove}, {@code hook … --revoke} and
 * {@code hook uninstall|remove|off}, {@code service uninstall|stop|disable}), let held gates go
 * ({@code gates release}) or switch the guard off ({@code guard off}). One reading of a gateway
 * command line for both boundaries: the guard's {@code guard.self} denies them in an agent's shell,
 * and the reference app refuses to run them under an agent's process.
 *
 * <p>Options may come before the subcommand, with values ({@code gateway --home H uninstall}): the
 * subcommand is the first word that names one of these.
 */
public final class GatewayCommands {

  private GatewayCommands() {}

  /**
   * What {@code args}, the words after the gateway's program, run when it lowers protection.
   *
   * @param args the command line after {@code gateway}
   * @return the command as a person reads it ({@code gateway setup --remove}), or empty when it
   *     lowers nothing
   */
  public static Optional<String> loweringProtection(List<String> args) {
    return LoweringCommands.of(args);
  }
}
