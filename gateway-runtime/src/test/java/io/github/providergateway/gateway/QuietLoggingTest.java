package io.github.providergateway.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 49: an embedder who does nothing about logging hears nothing from SLF4J. The JSON-schema
 * validator logs through SLF4J; without a provider SLF4J printed {@code SLF4J: No SLF4J providers
 * were found} on every start. This module brings {@code slf4j-jdk14}, so those lines go to
 * java.util.logging as the rest of the library's do. Run in a JVM of its own, since SLF4J prints
 * once per JVM, on the class path this module's tests see (no test dependency brings an SLF4J
 * provider).
 */
@Tag("process")
class QuietLoggingTest {

  @TempDir Path dir;

  @Test
  void anEmbeddedGatewayPrintsNoSlf4jLine() throws Exception {
    Path stdout = dir.resolve("stdout");
    Path stderr = dir.resolve("stderr");
    Process run =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                classPath(),
                EmbeddedGatewayRun.class.getName())
            .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
            .redirectOutput(stdout.toFile())
            .redirectError(stderr.toFile())
            .start();
    boolean exited = run.waitFor(60, TimeUnit.SECONDS);
    if (!exited) {
      run.destroyForcibly();
    }
    String out = Files.readString(stdout, StandardCharsets.UTF_8);
    String err = Files.readString(stderr, StandardCharsets.UTF_8);

    assertThat(exited).as("the run ended; stderr:%n%s", err).isTrue();
    assertThat(out).as("stderr:%n%s", err).contains("done Success[data=\"Hello, Alice!\"");
    assertThat(err).doesNotContain("SLF4J");
  }

  /** Everything this test sees, module path included, as a class path. */
  private static String classPath() {
    return Stream.of("jdk.module.path", "surefire.test.class.path", "java.class.path")
        .map(System::getProperty)
        .filter(value -> value != null && !value.isBlank())
        .flatMap(value -> List.of(value.split(File.pathSeparator)).stream())
        .distinct()
        .collect(Collectors.joining(File.pathSeparator));
  }
}
