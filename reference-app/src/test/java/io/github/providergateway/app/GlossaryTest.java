package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The guard's glossary stays true (issue 79): every class its rows point to ("where in the code")
 * is a main class of the repository, so a rename that leaves the glossary behind fails here.
 */
class GlossaryTest {

  private static final Path GUARD_PAGE = ArchitectureTest.ROOT.resolve("docs/guard.md");

  /** A class name in backticks: {@code `SyntaxParser`}, not {@code `rules/*.json`}. */
  private static final Pattern CLASS = Pattern.compile("`([A-Z][A-Za-z0-9]+)`");

  @Test
  void everyClassTheGuardsGlossaryNamesIsAMainClass() {
    List<String> rows = glossaryRows();
    assertThat(rows).as("the glossary's rows in docs/guard.md").hasSizeGreaterThan(20);

    Set<String> classes = mainClassNames();
    List<String> missing = new ArrayList<>();
    for (String row : rows) {
      String[] cells = row.split(" \\| ");
      Matcher named = CLASS.matcher(cells[cells.length - 1]);
      while (named.find()) {
        if (!classes.contains(named.group(1))) {
          missing.add(named.group(1));
        }
      }
    }
    assertThat(missing).as("classes the glossary names that no main source defines").isEmpty();
  }

  /** The rows of the table under "### The guard's words". */
  private static List<String> glossaryRows() {
    List<String> rows = new ArrayList<>();
    boolean in = false;
    for (String line : ArchitectureTest.read(GUARD_PAGE).lines().toList()) {
      if (line.startsWith("### ")) {
        in = line.equals("### The guard's words");
      } else if (in && line.startsWith("| **")) {
        rows.add(line);
      }
    }
    return rows;
  }

  private static Set<String> mainClassNames() {
    Set<String> names = new HashSet<>();
    ArchitectureTest.mainSourcesByName()
        .keySet()
        .forEach(file -> names.add(file.replace(".java", "")));
    return names;
  }
}
