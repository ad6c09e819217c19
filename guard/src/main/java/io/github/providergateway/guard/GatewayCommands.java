package io.github.providergateway.guard;

import io.github.providergateway.guard.internal.LoweringCommands;
import io.github.providergateway.guard.internal.PersonOnlyCommands;
import java.util.List;
import java.util.Optional;

/**
 * The gateway's own commands that lower protection (issue 61): they take the guard away ({@code
 * stop}, {@code kill}, {@code uninstall}, {@code setup … --remove}, {@code hook … --revoke} and
 * {@code hook uninstall|remove|off}, {@code service uninstall|stop|disable}), let held gates go
 * ({@code gates release}), switch the guard off ({@code guard off}) or end the person's time away
 * ({@code back}, decision 321: the agents' questions are asked again, and an agent in a mode that
 * approves asks by itself would gain from it; {@code away} only makes the guard stricter and is
 * anyone's). One reading of a gateway command line for both boundaries: the guard's {@code
 * guard.self} denies them in an agent's shell, and the reference app refuses to run them under an
 * agent's process.
 *
 * <p>Options may come before the subcommand, with values ({@code gateway --home H uninstall}): the
 * subcommand is the first word that names one of these.
 *
 * <p>Beyond them, the commands only the person may run at all ({@link #personOnly}, issue 75): the
 * guard denies them in an agent's shell whatever launcher runs them, and the reference app refuses
 * them on an agent's side.
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

  /**
   * What {@code args}, the words after the gateway's program, run when only the person may run it
   * (issue 75, decision 82): what lowers protection ({@link #loweringProtection}, but {@code
   * uninstall --list} and install.sh's {@code uninstall --record-install}, which lower nothing),
   * {@code setup} in any form (it rewrites the agents' hooks and MCP servers), {@code service
   * install}, the console ({@code gateway} with no subcommand, but {@code --rpc} and {@code
   * --detached}) and {@code attach} (they answer the gateway's questions to the person), {@code mcp
   * --print-config http} and {@code hook --print-config claude} (each issues a token). A command
   * line with {@code -h}, {@code --help}, {@code -V} or {@code --version} runs none of it. Read
   * from the words alone: a word the app would refuse to parse is read as written.
   *
   * @param args the command line after {@code gateway}
   * @return the command as a person reads it ({@code gateway setup}, {@code gateway service
   *     install}, {@code gateway (the console)}, {@code gateway stop}), or empty for one anyone may
   *     run
   */
  public static Optional<String> personOnly(List<String> args) {
    return PersonOnlyCommands.of(args);
  }
}
