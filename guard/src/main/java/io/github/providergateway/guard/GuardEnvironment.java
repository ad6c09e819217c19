package io.github.providergateway.guard;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.util.List;

/**
 * Where the guard's machine keeps what it protects: the user's home (the root of {@code ~/.ssh},
 * the agents' settings), the temporary folders (where deleting is fine), and the gateway's home
 * (its token files and settings, which no agent may rewrite).
 *
 * @param userHome the user's home, absolute
 * @param tempDirs folders whose contents may be deleted freely ({@code /tmp}, {@code $TMPDIR})
 * @param gatewayHome the gateway's home ({@code ~/.copilot/extensions/tap}), absolute
 */
public record GuardEnvironment(Path userHome, List<Path> tempDirs, Path gatewayHome) {

  /**
   * Checks and copies.
   *
   * @param userHome the user's home, absolute
   * @param tempDirs folders whose contents may be deleted freely ({@code /tmp}, {@code $TMPDIR})
   * @param gatewayHome the gateway's home ({@code ~/.copilot/extensions/tap}), absolute
   */
  public GuardEnvironment {
    requireNonNull(userHome, "userHome");
    tempDirs = List.copyOf(tempDirs);
    requireNonNull(gatewayHome, "gatewayHome");
  }
}
