package io.github.providergateway.app.agents;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * What the agents' sandboxes leave in the temporary folder (issue 64). To hold a folder's {@code
 * .git}, {@code .claude} or {@code .codex} read-only inside a writable folder, bubblewrap needs a
 * place to mount over, so Claude Code's sandbox (and srt) and Codex's make empty ones: run with
 * {@code /tmp} writable, they leave {@code /tmp/.git}, {@code /tmp/.claude}, {@code /tmp/.codex}…
 * behind (seen with Claude Code 2.1.332, srt 0.0.83, Codex 0.169). Claude Code then takes every
 * project under {@code /tmp} for one repository rooted there. The doctor's canary takes away what
 * its own run left; only what was not there before, holding nothing but empty folders and files.
 */
public final class SandboxLeftovers {

  /** The names the sandboxes were seen to leave. */
  private static final List<String> NAMES =
      List.of(".git", ".claude", ".codex", ".agents", ".aws", ".gemini", ".vscode", ".idea");

  private final Path folder;
  private final Set<String> before = new HashSet<>();

  private SandboxLeftovers(Path folder) {
    this.folder = folder;
    for (String name : NAMES) {
      if (Files.exists(folder.resolve(name))) {
        before.add(name);
      }
    }
  }

  /**
   * Notes what {@code /tmp} holds now, before a sandbox runs.
   *
   * @return the note, whose {@link #sweep} takes away what the sandbox left
   */
  public static SandboxLeftovers noted() {
    return new SandboxLeftovers(Path.of("/tmp"));
  }

  /**
   * Takes away the empty folders a sandbox made since {@link #noted}; what it cannot, it leaves.
   */
  public void sweep() {
    for (String name : NAMES) {
      Path left = folder.resolve(name);
      if (!before.contains(name) && Files.isDirectory(left) && onlyEmpty(left)) {
        delete(left);
      }
    }
  }

  private static boolean onlyEmpty(Path folder) {
    try (Stream<Path> all = Files.walk(folder)) {
      return all.allMatch(p -> Files.isDirectory(p) || size(p) == 0);
    } catch (IOException e) {
      return false;
    }
  }

  private static long size(Path file) {
    try {
      return Files.size(file);
    } catch (IOException e) {
      return -1;
    }
  }

  private static void delete(Path folder) {
    try (Stream<Path> all = Files.walk(folder)) {
      for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    } catch (IOException e) {
      // Left as it is: an empty folder in /tmp, named in docs/guard.md.
    }
  }
}
