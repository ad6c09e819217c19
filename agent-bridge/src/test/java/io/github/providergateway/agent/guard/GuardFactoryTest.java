package io.github.providergateway.agent.guard;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardEnvironment;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The one place a guard's view of the machine is made (issue 63): its folders, all absolute. */
class GuardFactoryTest {

  @Test
  void thePersonsTmpdirIsATemporaryFolderBesideTheMachinesOwn() {
    GuardEnvironment environment =
        GuardFactory.environment(
            Path.of("/home/ann/.gateway"), Path.of("/home/ann"), "/scratch/ann");

    assertThat(environment.tempDirs())
        .contains(Path.of("/tmp"), Path.of("/var/tmp"), Path.of("/scratch/ann"));
    assertThat(environment.userHome()).isEqualTo(Path.of("/home/ann"));
    assertThat(environment.gatewayHome()).isEqualTo(Path.of("/home/ann/.gateway"));
  }

  @Test
  void aBlankOrMissingTmpdirAddsNoFolder() {
    GuardEnvironment none = GuardFactory.environment(Path.of("/g"), Path.of("/h"), null);
    GuardEnvironment blank = GuardFactory.environment(Path.of("/g"), Path.of("/h"), "  ");

    assertThat(blank.tempDirs()).isEqualTo(none.tempDirs()).allMatch(Path::isAbsolute);
    assertThat(none.tempDirs())
        .doesNotContain(Path.of("/h").resolve("  "), Path.of("").toAbsolutePath());
  }
}
