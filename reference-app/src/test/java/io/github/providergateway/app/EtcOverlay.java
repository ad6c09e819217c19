package io.github.providergateway.app;

import java.nio.file.Path;
import java.util.List;

/**
 * The command an agent runs under, before its binary, to read a test's managed files as if they
 * were in {@code /etc}: a mount namespace of its own ({@code unshare -m}) with {@code upper}'s
 * files laid over the machine's {@code /etc} (overlayfs). The machine's /etc is never written, and
 * no other process sees the files. For agents with no variable that moves their managed file
 * (Codex's {@code requirements.toml}, Claude Code's {@code managed-settings.json}); needs root.
 */
final class EtcOverlay {

  private EtcOverlay() {}

  /**
   * {@return the wrapper: the agent's command follows it}
   *
   * @param upper the folder whose files stand over /etc ({@code codex/requirements.toml}, …)
   * @param work the overlay's own empty folder, on the same file system as {@code upper}
   */
  static List<String> command(Path upper, Path work) {
    return List.of(
        "unshare",
        "-m",
        "--propagation",
        "private",
        "sh",
        "-c",
        "mount -t overlay overlay -o lowerdir=/etc,upperdir="
            + upper
            + ",workdir="
            + work
            + " /etc && exec \"$0\" \"$@\"");
  }

  /** {@return whether this test may make mount namespaces (root, with unshare)} */
  static boolean available() throws InterruptedException {
    return Interop.runs(
        List.of("unshare", "-m", "--propagation", "private", "mount", "-t", "tmpfs", "t", "/mnt"));
  }
}
