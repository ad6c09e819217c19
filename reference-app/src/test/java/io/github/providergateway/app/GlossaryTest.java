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
 * The glossaries stay true (issue 79): every class the guard's glossary and the architecture's
 * "gates and policies" point to is a main class of the repository, so a rename that leaves a
 * glossary behind fails here; and every main class named for a gate or a policy is claimed by one
 * sense of the architecture's glossary, so a new one says which it is.
 */
class GlossaryTest {

  private static final Path GUARD_PAGE = ArchitectureTest.ROOT.resolve("docs/guard.md");

  private static final Path ARCHITECTURE_PAGE =
      ArchitectureTest.ROOT.resolve("docs/architecture.md");

  /** A class name in backticks: {@code `SyntaxParser`}, not {@code `rules/*.json`}. */
  private static final Pattern CLASS = Pattern.compile("`([A-Z][A-Za-z0-9]+)`");

  @Test
  void everyClassTheGuardsGlossaryNamesIsAMainClass() {
    List<String> rows = glossaryRows(GUARD_PAGE, "### The guard's words");
    assertThat(rows).as("the glossary's rows in docs/guard.md").hasSizeGreaterThan(20);
    assertThat(classesNamedMissing(rows))
        .as("classes the glossary names that no main source defines")
        .isEmpty();
  }

  @Test
  void everyGateAndPolicyClassIsClaimedByASenseOfTheArchitecturesGlossary() {
    List<String> rows = glossaryRows(ARCHITECTURE_PAGE, "## Glossary: gates and policies");
    assertThat(rows)
        .as("the gates and policies glossary in docs/architecture.md")
        .hasSizeGreaterThan(8);
    assertThat(classesNamedMissing(rows))
        .as("classes the glossary names that no main source defines")
        .isEmpty();

    Set<String> claimed = new HashSet<>();
    rows.forEach(row -> claimed.addAll(classesNamed(row)));
    List<String> unclaimed =
        mainClassNames().stream()
            .filter(name -> GATE_OR_POLICY.matcher(name.replace("Gateway", "")).find())
            .filter(name -> !claimed.contains(name))
            .sorted()
            .toList();
    assertThat(unclaimed)
        .as("main classes named for a gate or a policy that no sense of the glossary claims")
        .isEmpty();
  }

  /** A gate's or a policy's name, once "Gateway" is taken out of it. */
  private static final Pattern GATE_OR_POLICY = Pattern.compile("Gate|Polic");

  private static List<String> classesNamedMissing(List<String> rows) {
    Set<String> classes = mainClassNames();
    List<String> missing = new ArrayList<>();
    for (String row : rows) {
      for (String named : classesNamed(row)) {
        if (!classes.contains(named)) {
          missing.add(named);
        }
      }
    }
    return missing;
  }

  /** The classes in backticks in the row's last cell, "its classes" or "where in the code". */
  private static List<String> classesNamed(String row) {
    String[] cells = row.split(" \\| ");
    Matcher named = CLASS.matcher(cells[cells.length - 1]);
    List<String> names = new ArrayList<>();
    while (named.find()) {
      names.add(named.group(1));
    }
    return names;
  }

  /** The rows of the table under {@code heading}. */
  private static List<String> glossaryRows(Path page, String heading) {
    List<String> rows = new ArrayList<>();
    boolean in = false;
    for (String line : ArchitectureTest.read(page).lines().toList()) {
      if (line.startsWith("#")) {
        in = line.equals(heading);
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
