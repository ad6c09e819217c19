package io.github.providergateway.app.agents;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * When setup may write an agent's sandbox: the programs are there and bubblewrap really starts one.
 * Stand-in programs play a bubblewrap that a distribution's policy refuses; the machine's own runs
 * where it is installed ({@code .ci/run} installs it).
 */
@Tag("process")
class SandboxProbeTest {

  private static final List<String> CLAUDES = List.of("bwrap", "socat");

  @TempDir Path bin;

  @Test
  void missingProgramsAreNamedWithTheCommandThatInstallsThem() {
    assertThat(SandboxProbe.whyNot(CLAUDES, bin.toString()))
        .isEqualTo(
            "not on the PATH: bwrap, socat (Debian and Ubuntu: sudo apt-get install bubblewrap"
                + " socat)");
  }

  @Test
  void aBubblewrapTheSystemRefusesSaysWhyInItsOwnWords() throws IOException {
    program("socat", "exit 0");
    program(
        "bwrap",
        "echo 'bwrap: No permissions to creating new namespace, likely because the kernel does not"
            + " allow non-privileged user namespaces' >&2; exit 1");

    assertThat(SandboxProbe.whyNot(CLAUDES, bin.toString()))
        .isEqualTo(
            "bubblewrap cannot start a sandbox here: bwrap: No permissions to creating new"
                + " namespace, likely because the kernel does not allow non-privileged user"
                + " namespaces");
  }

  @Test
  void aBubblewrapThatStartsTheSandboxIsASandboxThatRuns() throws IOException {
    program("socat", "exit 0");
    program("bwrap", "[ \"$1\" = --ro-bind ] && [ \"$*\" != \"${*%true}\" ] && exit 0; exit 9");

    assertThat(SandboxProbe.whyNot(CLAUDES, bin.toString())).isNull();
  }

  @Test
  void thisMachinesBubblewrapStartsOne() {
    String path = System.getenv("PATH");
    assumeTrue(
        SandboxProbe.whyNot(List.of("bwrap"), path) == null
            || !SandboxProbe.whyNot(List.of("bwrap"), path).startsWith("not on the PATH"),
        "bubblewrap is not installed here (.ci/run installs it)");

    assertThat(SandboxProbe.whyNot(List.of("bwrap"), path)).isNull();
  }

  private void program(String name, String body) throws IOException {
    Path file = bin.resolve(name);
    Files.writeString(file, "#!/bin/sh\n" + body + "\n");
    assertThat(file.toFile().setExecutable(true)).isTrue();
  }
}
