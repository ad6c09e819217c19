package io.github.providergateway.guard;

import java.util.List;
import java.util.Optional;
import java.util.Set;

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

  private static final Set<String> REVOKING = Set.of("--revoke", "--uninstall", "--remove");

  private static final Set<String> SUBCOMMANDS =
      Set.of("stop", "kill", "uninstall", "setup", "hook", "service", "gates", "guard");

  private GatewayCommands() {}

  /**
   * What {@code args}, the words after the gateway's program, run when it lowers protection.
   *
   * @param args the command line after {@code gateway}
   * @return the command as a person reads it ({@code gateway setup --remove}), or empty when it
   *     lowers nothing
   */
  public static Optional<String> loweringProtection(List<String> args) {
    int at = -1;
    for (int i = 0; i < args.size() && at < 0; i++) {
      if (SUBCOMMANDS.contains(args.get(i))) {
        at = i;
      }
    }
    if (at < 0) {
      return Optional.empty();
    }
    String first = args.get(at);
    List<String> rest = args.subList(at + 1, args.size());
    String second = rest.stream().filter(a -> !a.startsWith("-")).findFirst().orElse("");
    Optional<String> revoking = rest.stream().filter(REVOKING::contains).findFirst();
    boolean lowers =
        switch (first) {
          case "stop", "kill", "uninstall" -> true;
          case "setup" -> revoking.isPresent();
          case "hook" ->
              revoking.isPresent() || Set.of("uninstall", "remove", "off").contains(second);
          case "service" -> Set.of("uninstall", "stop", "disable").contains(second);
          case "gates" -> second.equals("release");
          case "guard" -> second.equals("off");
          default -> false;
        };
    if (!lowers) {
      return Optional.empty();
    }
    return Optional.of(
        switch (first) {
          case "setup" -> "gateway setup " + revoking.get();
          case "hook" -> "gateway hook " + revoking.orElse(second);
          case "service", "gates", "guard" -> "gateway " + first + " " + second;
          default -> "gateway " + first;
        });
  }
}
