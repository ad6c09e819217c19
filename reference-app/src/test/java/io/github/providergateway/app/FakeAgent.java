package io.github.providergateway.app;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * A program named {@code claude} that runs its arguments as Claude Code's tools run a command:
 * under it (not exec: it stays the command's ancestor, as Claude Code stays its shell's), with the
 * marks Claude Code 2.1.332 sets on what its tools run ({@code CLAUDECODE=1}, {@code
 * CLAUDE_CODE_ENTRYPOINT}). For tests of what a process on an agent's side may do (issue 75).
 */
final class FakeAgent {

  private FakeAgent() {}

  /** Writes it as {@code dir/claude}; {@return its path} */
  static Path claude(Path dir) throws IOException {
    Path agent = dir.resolve("claude");
    Files.writeString(
        agent, "#!/bin/sh\nexport CLAUDECODE=1 CLAUDE_CODE_ENTRYPOINT=sdk-cli\n\"$@\"\n");
    Files.setPosixFilePermissions(agent, PosixFilePermissions.fromString("rwx------"));
    return agent;
  }
}
