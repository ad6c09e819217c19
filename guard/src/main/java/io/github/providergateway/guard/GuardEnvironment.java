package io.github.providergateway.guard;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.util.List;

/**
 * Where the guard's machine keeps what it protects: the user's home (the root of {@code ~/.ssh},
 * the agents' settings), the temporary folders (where deleting is fine), the gateway's home (its
 * token files and settings, which no agent may rewrite or read), and the gateway's files kept
 * elsewhere (its {@code --config} file, wherever the person put it).
 *
 * @param userHome the user's home, absolute
 * @param tempDirs folders whose contents may be deleted freely ({@code /tmp}, {@code $TMPDIR})
 * @param gatewayHome the gateway's home ({@code ~/.copilot/extensions/tap}), absolute
 * @param gatewayFiles the gateway's own files outside its home, absolute: no agent may change or
 *     read them ({@code guard.self}, {@code guard.gateway-token})
 */
public record GuardEnvironment(
    Path userHome, List<Path> tempDirs, Path gatewayHome, List<Path> gatewayFiles) {

  /**
   * Checks and copies.
   *
   * @param userHome the user's home, absolute
   * @param tempDirs folders whose contents may be deleted freely ({@code /tmp}, {@code $TMPDIR})
   * @param gatewayHome the gateway's home ({@code ~/.copilot/extensions/tap}), absolute
   * @param gatewayFiles the gateway's own files outside its home, absolute
   */
  public GuardEnvironment {
    requireNonNull(userHome, "userHome");
    tempDirs = List.copyOf(tempDirs);
    requireNonNull(gatewayHome, "gatewayHome");
    gatewayFiles = List.copyOf(gatewayFiles);
  }

  /**
   * The environment of a gateway with no files outside its home.
   *
   * @param userHome the user's home, absolute
   * @param tempDirs folders whose contents may be deleted freely ({@code /tmp}, {@code $TMPDIR})
   * @param gatewayHome the gateway's home ({@code ~/.copilot/extensions/tap}), absolute
   */
  public GuardEnvironment(Path userHome, List<Path> tempDirs, Path gatewayHome) {
    this(userHome, tempDirs, gatewayHome, List.of());
  }

  /**
   * This environment with {@code file} among the gateway's own files (its {@code --config} file).
   *
   * @param file the file, absolute
   * @return the environment with it
   */
  public GuardEnvironment withGatewayFile(Path file) {
    List<Path> files = new java.util.ArrayList<>(gatewayFiles);
    files.add(requireNonNull(file, "file").toAbsolutePath().normalize());
    return new GuardEnvironment(userHome, tempDirs, gatewayHome, files);
  }
}
