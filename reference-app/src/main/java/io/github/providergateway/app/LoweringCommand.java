package io.github.providergateway.app;

import io.github.providergateway.guard.GatewayCommands;
import java.util.List;
import java.util.Optional;

/**
 * The gateway's own commands that lower protection, as {@link Main#main} refuses to run them under
 * an agent ({@link AgentAncestry}): the guard's reading of them ({@link GatewayCommands}, the one
 * {@code guard.self} denies by), less the two {@code uninstall} forms a process reads or install.sh
 * runs ({@code --list}, {@code --record-install}), which lower nothing.
 */
final class LoweringCommand {

  private LoweringCommand() {}

  /**
   * {@return the command {@code args} run, as {@code gateway setup --remove} says it, when it
   * lowers protection}
   */
  static Optional<String> of(List<String> args) {
    Optional<String> lowering = GatewayCommands.loweringProtection(args);
    if (lowering.equals(Optional.of("gateway uninstall"))
        && (args.contains("--list") || args.contains("--record-install"))) {
      return Optional.empty();
    }
    return lowering;
  }
}
