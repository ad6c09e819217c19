package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * docs/conformance.md maps each spec rule to the tests that prove it; this keeps the page honest.
 * Every {@code Class#method} it names must be a test method of that class, and every rule of the
 * spec's rule list (docs/spec/RULES.md) must have a row.
 */
class ConformanceDocTest {

  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final Pattern ROW = Pattern.compile("^\\| ([RX]-[A-Z]+-\\d+) \\|.*\\|(.*)\\|$");
  private static final Pattern TEST = Pattern.compile("`(\\w+)#(\\w+)`");

  /** How the page's introduction spells a test's name: not a test. */
  private static final String NOTATION = "`Class#method`";

  private static Map<String, List<String>> rows() throws IOException {
    Map<String, List<String>> rows = new HashMap<>();
    for (String line : Files.readAllLines(ROOT.resolve("docs/conformance.md"))) {
      Matcher row = ROW.matcher(line);
      if (row.matches()) {
        List<String> tests = new ArrayList<>();
        Matcher test = TEST.matcher(row.group(2));
        while (test.find()) {
          tests.add(test.group(1) + "#" + test.group(2));
        }
        assertThat(rows.put(row.group(1), tests)).as("%s has one row", row.group(1)).isNull();
      }
    }
    return rows;
  }

  /**
   * Test class name → the text of its source, from every module's tests and from the testing
   * artifact, whose main code is the shared transport contract (ProviderTransportContractTest).
   */
  private static Map<String, String> testSources() throws IOException {
    Map<String, String> sources = new HashMap<>();
    Path testing = ROOT.resolve("testing/src/main/java");
    try (Stream<Path> files = Files.walk(ROOT, 12)) {
      for (Path file :
          files
              .filter(
                  p ->
                      (p.toString().contains("/src/test/java/") || p.startsWith(testing))
                          && p.toString().endsWith(".java"))
              .toList()) {
        String name = file.getFileName().toString().replace(".java", "");
        sources.merge(name, Files.readString(file), String::concat);
      }
    }
    return sources;
  }

  /**
   * Every {@code Class#method} anywhere on the page: the rule rows, the fail-closed table, the
   * prose around them (issue 63: the hook script's trap tests were named under the wrong class).
   */
  @Test
  void everyTestThePageNamesExistsAsATestMethod() throws IOException {
    Set<String> missing =
        missingTests(Files.readString(ROOT.resolve("docs/conformance.md")), testSources());

    assertThat(missing).as("tests named in docs/conformance.md that do not exist").isEmpty();
  }

  @Test
  void aTestNamedUnderAClassItIsNotInIsMissing() throws IOException {
    String wrongClass = "kept by `CommandHookTest#aWorkerKilledMidCallIsDeniedByTheExitTrap`";
    String rightClass = "kept by `CommandHookShellsTest#aWorkerKilledMidCallIsDeniedByTheExitTrap`";
    Map<String, String> sources = testSources();

    assertThat(missingTests(wrongClass, sources))
        .containsExactly("CommandHookTest#aWorkerKilledMidCallIsDeniedByTheExitTrap");
    assertThat(missingTests(rightClass, sources)).isEmpty();
  }

  /**
   * The {@code Class#method} names in {@code page} (anywhere: the rule rows, the fail-closed table,
   * the prose around them) that are no test method of that class.
   */
  private static Set<String> missingTests(String page, Map<String, String> sources) {
    Set<String> missing = new LinkedHashSet<>();
    Matcher test = TEST.matcher(page);
    while (test.find()) {
      String source = sources.get(test.group(1));
      if (!test.group().equals(NOTATION)
          && (source == null
              || !Pattern.compile("void\\s+" + test.group(2) + "\\s*\\(").matcher(source).find())) {
        missing.add(test.group(1) + "#" + test.group(2));
      }
    }
    return missing;
  }

  @Test
  void everyRuleOfTheSpecHasARow() throws IOException {
    Path rules = ROOT.resolve("docs/spec/RULES.md");
    assumeTrue(Files.exists(rules), "the spec's rule list is missing: " + rules);
    Set<String> ids = new LinkedHashSet<>();
    Matcher id = Pattern.compile("\\*\\*(R-[A-Z]+-\\d+)\\*\\*").matcher(Files.readString(rules));
    while (id.find()) {
      ids.add(id.group(1));
    }
    Map<String, List<String>> rows = rows();

    assertThat(rows.keySet()).as("rules with a row").containsAll(ids);
  }

  @Test
  void theTableIsNotEmpty() throws IOException {
    assertThat(rows()).hasSizeGreaterThan(250);
  }
}
