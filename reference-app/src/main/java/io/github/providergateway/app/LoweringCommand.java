package io.github.providergateway.app;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The gateway's own commands that lower protection (issue 61): they take the guard away ({@code
 * stop}, {@code uninstall}, {@code setup … --remove}, {@code hook … --revoke}, {@code service
 * uninstall|stop|disable}), let gates go ({@code gates release}) or switch the guard off ({@code
 * guard off}). The same list the guard's {@code guard.self} denies in an agent's shell; here it is
 * what {@link Main#main} refuses to run under an agent ({@link AgentAncestry}). Reading commands
 * ({@code uninstall --list}, {@code setup --list}) and install.sh's {@code uninstall
 * --record-install} lower nothing.
 */
final class LoweringCommand {

  private static final Set<String> REVOKING = Set.of("--revoke", "--uninstall", "--remove");

  private static final Set<String> SUBCOMMANDS =
      Set.of("stop", "kill", "uninstall", "setup", "hook", "service", "gates", "guard");

  private LoweringCommand() {}

  /**
   * {@return the command {@code args} run, as {@code gateway setup --remove} says it, when it
   * lowers protection}
   */
  static Optional<String> of(List<String> args) {
    // The subcommand is the first word that names one: options may come before it, with values.
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
          case "stop", "kill" -> true;
          case "uninstall" -> !rest.contains("--list") && !rest.contains("--record-install");
          case "setup", "hook" -> revoking.isPresent();
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
          case "setup", "hook" -> "gateway " + first + " " + revoking.get();
          case "service", "gates", "guard" -> "gateway " + first + " " + second;
          default -> "gateway " + first;
        });
  }
}
