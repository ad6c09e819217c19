package io.github.providergateway.app.agents;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 77: the doctor's canary says which writable folder let its write through, and the doctor
 * and setup say when the gateway's home or the user's home lies under one, where the sandbox cannot
 * keep it as it is.
 */
class SandboxWritableTest {

  private static final Path USER_HOME = Path.of("/tmp/x");

  private final SandboxWritable writable =
      SandboxWritable.of(
          List.of(":workspace_roots", "/tmp", "/var/tmp", "~/.m2", "~/.cache", "relative/path"),
          USER_HOME);

  @Test
  void entriesAreResolvedAndThoseItCannotPlaceAreLeftOut() {
    assertThat(writable.roots())
        .containsExactly(
            Path.of("/tmp"), Path.of("/var/tmp"), Path.of("/tmp/x/.m2"), Path.of("/tmp/x/.cache"));
  }

  @Test
  void theDeepestFolderThatHoldsAFileIsTheOneNamed() {
    assertThat(writable.holding(Path.of("/tmp/x/.m2/repository/a.jar")))
        .contains(Path.of("/tmp/x/.m2"));
    assertThat(writable.holding(Path.of("/tmp/x/canary"))).contains(Path.of("/tmp"));
    assertThat(writable.holding(Path.of("/tmpfoo/canary"))).as("a prefix is no parent").isEmpty();
    assertThat(writable.holding(Path.of("/home/ada/canary"))).isEmpty();
  }

  @Test
  void theCanarysUnconfinedWriteNamesTheFolderThatLetItThrough() {
    SandboxCanary.Outcome wrote =
        SandboxCanary.Outcome.of("canary-wrote\ncanary-ran", true, Path.of("/tmp/x/canary-1"));

    assertThat(wrote.describe(writable))
        .isEqualTo(
            "NOT confined: wrote outside the project (/tmp/x/canary-1 lies under /tmp, which the"
                + " sandbox lets every program write)");

    SandboxCanary.Outcome elsewhere =
        SandboxCanary.Outcome.of("canary-wrote\ncanary-ran", true, Path.of("/home/ada/canary-1"));
    assertThat(elsewhere.describe(writable))
        .contains(
            "/home/ada/canary-1 lies under none of the folders the sandbox lists as writable");
  }

  @Test
  void aGatewayHomeAndAUserHomeUnderAWritableFolderAreEachSaidWithWhatToDo() {
    List<String> said =
        writable.exposures(
            Path.of("/tmp/x/.copilot/extensions/tap"), USER_HOME, "claude's sandbox lets");

    assertThat(said).hasSize(2);
    assertThat(said.get(0))
        .startsWith(
            "the gateway's home /tmp/x/.copilot/extensions/tap lies under /tmp, which claude's"
                + " sandbox lets every program write")
        .contains("a project's script can make it")
        .endsWith("Give the gateway a home outside /tmp: run setup again with --home DIR.");
    assertThat(said.get(1))
        .startsWith("your home /tmp/x lies under /tmp")
        .contains("the gateway's hooks and the sandbox itself")
        .endsWith("Run the agents with a HOME outside /tmp.");
  }

  @Test
  void homesOutsideEveryWritableFolderAreNotSaid() {
    SandboxWritable elsewhere = SandboxWritable.of(List.of("/tmp", "~/.m2"), Path.of("/home/ada"));

    assertThat(
            elsewhere.exposures(
                Path.of("/home/ada/.copilot/extensions/tap"),
                Path.of("/home/ada"),
                "its sandbox lets"))
        .isEmpty();
  }
}
