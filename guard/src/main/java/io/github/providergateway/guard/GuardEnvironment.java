package io.github.providergateway.guard;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.guard.internal.DiskView;
import io.github.providergateway.guard.internal.Places;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Where the guard's machine keeps what it protects: the user's home (the root of {@code ~/.ssh},
 * the agents' settings), the temporary folders (where deleting is fine), the gateway's home (its
 * token files and settings, which no agent may rewrite or read), the gateway's files kept elsewhere
 * (its {@code --config} file, wherever the person put it), and what the guard may know of the disk
 * ({@link GuardDisk}: links followed, scripts read, the gateway's ports).
 *
 * @param userHome the user's home, absolute
 * @param tempDirs folders whose contents may be deleted freely ({@code /tmp}, {@code $TMPDIR})
 * @param gatewayHome the gateway's home ({@code ~/.copilot/extensions/tap}), absolute
 * @param gatewayFiles the gateway's own files outside its home, absolute: no agent may change or
 *     read them ({@code guard.self}, {@code guard.gateway-token})
 * @param disk the disk as the guard may see it; {@link GuardDisk#NONE} for a guard that reads paths
 *     as text alone
 */
public record GuardEnvironment(
    Path userHome, List<Path> tempDirs, Path gatewayHome, List<Path> gatewayFiles, GuardDisk disk) {

  /**
   * Checks and copies.
   *
   * @param userHome the user's home, absolute
   * @param tempDirs folders whose contents may be deleted freely ({@code /tmp}, {@code $TMPDIR})
   * @param gatewayHome the gateway's home ({@code ~/.copilot/extensions/tap}), absolute
   * @param gatewayFiles the gateway's own files outside its home, absolute
   * @param disk the disk as the guard may see it
   */
  public GuardEnvironment {
    requireNonNull(userHome, "userHome");
    tempDirs = List.copyOf(tempDirs);
    requireNonNull(gatewayHome, "gatewayHome");
    gatewayFiles = List.copyOf(gatewayFiles);
    requireNonNull(disk, "disk");
  }

  /**
   * The environment of a gateway with files outside its home, and no disk ({@link GuardDisk#NONE}).
   *
   * @param userHome the user's home, absolute
   * @param tempDirs folders whose contents may be deleted freely ({@code /tmp}, {@code $TMPDIR})
   * @param gatewayHome the gateway's home ({@code ~/.copilot/extensions/tap}), absolute
   * @param gatewayFiles the gateway's own files outside its home, absolute
   */
  public GuardEnvironment(
      Path userHome, List<Path> tempDirs, Path gatewayHome, List<Path> gatewayFiles) {
    this(userHome, tempDirs, gatewayHome, gatewayFiles, GuardDisk.NONE);
  }

  /**
   * The environment of a gateway with no files outside its home, and no disk ({@link
   * GuardDisk#NONE}).
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
    return new GuardEnvironment(userHome, tempDirs, gatewayHome, files, disk);
  }

  /**
   * This environment seen through {@code disk}.
   *
   * @param disk the disk as the guard may see it
   * @return the environment with it
   */
  public GuardEnvironment withDisk(GuardDisk disk) {
    return new GuardEnvironment(userHome, tempDirs, gatewayHome, gatewayFiles, disk);
  }

  /** {@return the places of one call in {@code project} (null for none), on this disk} */
  Places places(Path project) {
    return new Places(userHome, tempDirs, gatewayHome, gatewayFiles, project, view(disk));
  }

  /** The disk handed to the rules, which name none of the guard's public types (decision 80). */
  private static DiskView view(GuardDisk disk) {
    return new DiskView() {
      @Override
      public Path real(Path path) {
        return disk.real(path);
      }

      @Override
      public Optional<String> text(Path file, int maxChars) {
        return disk.text(file, maxChars);
      }

      @Override
      public Set<Integer> gatewayPorts() {
        return disk.gatewayPorts();
      }

      @Override
      public boolean none() {
        return disk == GuardDisk.NONE;
      }
    };
  }
}
