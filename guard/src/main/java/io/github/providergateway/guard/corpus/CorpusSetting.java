package io.github.providergateway.guard.corpus;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.guard.GuardEnvironment;
import java.nio.file.Path;
import java.util.List;

/**
 * The machine the corpus's cases assume ({@code environment.json} beside the corpus): the session's
 * project, the folder the agent reports, the user's home, the gateway's home and the temporary
 * folders. The paths are names the guard reasons about, not folders that must exist: nothing in the
 * corpus is ever run.
 *
 * @param project the session's project, {@code /work/project}
 * @param cwd the folder a case's call reports unless the case names its own, {@code /work/project}
 * @param userHome the user's home, {@code /home/user}
 * @param gatewayHome the gateway's home, {@code /home/user/.copilot/extensions/tap}
 * @param tempDirs the temporary folders, {@code /tmp}
 */
public record CorpusSetting(
    Path project, Path cwd, Path userHome, Path gatewayHome, List<Path> tempDirs) {

  /**
   * Checks and copies.
   *
   * @param project the session's project, {@code /work/project}
   * @param cwd the folder a case's call reports unless the case names its own, {@code
   *     /work/project}
   * @param userHome the user's home, {@code /home/user}
   * @param gatewayHome the gateway's home, {@code /home/user/.copilot/extensions/tap}
   * @param tempDirs the temporary folders, {@code /tmp}
   */
  public CorpusSetting {
    requireNonNull(project, "project");
    requireNonNull(cwd, "cwd");
    requireNonNull(userHome, "userHome");
    requireNonNull(gatewayHome, "gatewayHome");
    tempDirs = List.copyOf(tempDirs);
  }

  /** {@return the guard's environment for this setting} */
  public GuardEnvironment environment() {
    return new GuardEnvironment(userHome, tempDirs, gatewayHome);
  }
}
