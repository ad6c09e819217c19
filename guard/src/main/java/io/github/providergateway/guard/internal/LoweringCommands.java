package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * How {@code GatewayCommands.loweringProtection} reads a gateway command line, here where the
 * guard's own rule ({@code guard.self}, in {@link SelfRules}) reads it too: the public class only
 * hands over, so that this package names none of the guard's public types (decision 80).
 */
public final class LoweringCommands {

  private static final Set<String> REVOKING = NameSet.of("--revoke", "--uninstall", "--remove");

  private static final Set<String> SUBCOMMANDS =
      NameSet.of("stop", "kill", "uninstall", "back", "setup", "hook", "service", "gates", "guard");

  private LoweringCommands() {}

  /**
   * What {@code args}, the words after the gateway's program, run when it lowers protection.
   *
   * @param args the command line after {@code gateway}
   * @return the command as a person reads it ({@code gateway setup --remove}), or empty when it
   *     lowers nothing
   */
  public static Optional<String> of(List<String> args) {
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
          // back ends the person's time away (decision 321): the agent's questions are asked again,
          // which an agent in a mode that approves asks by itself would gain from.
          case "stop", "kill", "uninstall", "back" -> true;
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
