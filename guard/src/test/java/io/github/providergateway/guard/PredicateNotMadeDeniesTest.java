package io.github.providergateway.guard;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fail closed where a predicate is made when first asked (decisions 61 and 329): a guard whose
 * index gives a predicate to a source that does not make it, as one older than the code would,
 * denies the call that asks for it, and decides the others as before. Its own JVM, whose class path
 * finds the broken index first, so that no other test's guard shares the break.
 */
@Tag("process")
class PredicateNotMadeDeniesTest {
  private static final String INDEX = "/io/github/providergateway/guard/predicates-index.tsv";

  @Test
  void aCallWhosePredicateCannotBeMadeIsDeniedAndTheOthersDecideAsBefore(@TempDir Path broken)
      throws IOException, InterruptedException {
    String index;
    try (InputStream in = PredicateNotMadeDeniesTest.class.getResourceAsStream(INDEX)) {
      index = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    // docker's mounts-root given to the source of the paths' predicates, which does not make it
    String moved =
        index.replaceFirst("(?m)^mounts-root\tPROGRAM\t\\d+$", "mounts-root\tPROGRAM\t0");
    assertThat(moved).isNotEqualTo(index);
    Path file = broken.resolve(INDEX.substring(1));
    Files.createDirectories(file.getParent());
    Files.writeString(file, moved);

    List<String> decided =
        decideInAJvm(broken, "docker run -v /:/host alpine sh", "git status", "rm -rf ~", "ls -la");

    assertThat(decided)
        .containsExactly(
            "DENY guard.unreadable", "ALLOW null", "DENY fs.delete-home", "ALLOW null");
  }

  /** The verdicts of a standard guard whose classes are found first in {@code first}. */
  private static List<String> decideInAJvm(Path first, String... commands)
      throws IOException, InterruptedException {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    // The test's class path and, where the tests run on the module path, its modules, as one path.
    String classPath = first + File.pathSeparator + System.getProperty("java.class.path");
    String modules = System.getProperty("jdk.module.path");
    if (modules != null && !modules.isEmpty()) {
      classPath += File.pathSeparator + modules;
    }
    List<String> command =
        new java.util.ArrayList<>(List.of(java, "-cp", classPath, Decides.class.getName()));
    command.addAll(List.of(commands));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
    assertThat(process.exitValue()).as(out).isZero();
    return out.lines().toList();
  }

  /** Decides each command given with a standard guard and prints its outcome and rule. */
  static final class Decides {
    private Decides() {}

    public static void main(String[] commands) {
      Guard guard = GuardFixture.guard(GuardPreset.STANDARD);
      for (String command : commands) {
        GuardVerdict verdict = guard.decide(GuardFixture.shell(command));
        System.out.println(verdict.outcome() + " " + verdict.ruleId());
      }
    }
  }
}
