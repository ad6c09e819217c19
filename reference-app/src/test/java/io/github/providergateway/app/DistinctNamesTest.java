package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * A class name names one class (issue 79: {@code Word}, {@code Limits}, {@code ToolCall}, {@code
 * SessionChoice}, {@code StatusLink} were each two, and a reader had to look at the imports to know
 * which one a line meant). No two main sources of the shipped modules share a simple name; the
 * benchmarks' harness, which ships nowhere, is left out.
 */
class DistinctNamesTest {

  /** Files every package may have. */
  private static final List<String> PER_PACKAGE = List.of("package-info.java", "module-info.java");

  @Test
  void noTwoShippedMainClassesShareASimpleName() {
    assertThat(sharedNames(mainSourcesByName()))
        .as("main classes that share a simple name: name one of them after what it is")
        .isEmpty();
  }

  @Test
  void aSharedNameIsFound() {
    Map<String, TreeSet<String>> byName = new TreeMap<>();
    byName.put("Word.java", new TreeSet<>(List.of("guard/a/Word.java", "guard/b/Word.java")));
    byName.put("Once.java", new TreeSet<>(List.of("guard/a/Once.java")));

    assertThat(sharedNames(byName))
        .containsExactly("Word.java: guard/a/Word.java, guard/b/Word.java");
  }

  private static List<String> sharedNames(Map<String, TreeSet<String>> byName) {
    return byName.entrySet().stream()
        .filter(entry -> entry.getValue().size() > 1)
        .map(entry -> entry.getKey() + ": " + String.join(", ", entry.getValue()))
        .toList();
  }

  /** The shipped modules' main sources by file name, as paths from the repository's root. */
  private static Map<String, TreeSet<String>> mainSourcesByName() {
    Path benchmarks = ArchitectureTest.ROOT.resolve("benchmarks");
    Map<String, TreeSet<String>> byName = new TreeMap<>();
    ArchitectureTest.mainSourcesByName()
        .forEach(
            (name, files) -> {
              if (!PER_PACKAGE.contains(name)) {
                files.stream()
                    .filter(file -> !file.startsWith(benchmarks))
                    .map(file -> ArchitectureTest.ROOT.relativize(file).toString())
                    .forEach(file -> byName.computeIfAbsent(name, n -> new TreeSet<>()).add(file));
              }
            });
    return byName;
  }
}
