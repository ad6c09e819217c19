package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A size that is watched (STYLE: small classes with one job; issue 63). Every main source file of
 * every module the root {@code pom.xml} lists that is longer than {@link #MOST_LINES} lines is
 * listed in docs/large-classes.md with the reason it may be; a new one fails the build until it is
 * split or listed. The list stays true as well: a listed file that has shrunk to {@link
 * #MOST_LINES} or fewer, or is gone, fails until its row is taken out.
 */
class ClassSizeTest {

  static final int MOST_LINES = 600;

  private static final Path LIST = ArchitectureTest.ROOT.resolve("docs/large-classes.md");

  /** {@code | `module/src/main/java/…/Name.java` | why |}: a listed file and its reason. */
  private static final Pattern ROW = Pattern.compile("^\\| `([^`]+\\.java)` \\|(.*)\\|\\s*$");

  @Test
  void everyMainClassAboveTheLimitIsListedWithItsReason() {
    Map<String, String> listed = listed(lines(LIST));

    assertThat(unlisted(mainSourceSizes(), listed))
        .as(
            "main sources above %d lines not in docs/large-classes.md: split them, or list each"
                + " with why it may be this long",
            MOST_LINES)
        .isEmpty();
  }

  @Test
  void everyListedClassIsStillAboveTheLimit() {
    Map<String, String> listed = listed(lines(LIST));

    assertThat(noLongerLarge(mainSourceSizes(), listed))
        .as("rows of docs/large-classes.md for files gone or now %d lines or fewer", MOST_LINES)
        .isEmpty();
  }

  @Test
  void everyRowSaysWhy() {
    assertThat(listed(lines(LIST)))
        .isNotEmpty()
        .allSatisfy((file, why) -> assertThat(why).isNotBlank());
  }

  @Test
  void aLargeClassNotListedAndAListedOneThatShrankAreBothCaught() {
    Map<String, Integer> sizes =
        Map.of("a/src/main/java/Big.java", 601, "a/src/main/java/Was.java", 600);
    Map<String, String> listed =
        listed(List.of("| `a/src/main/java/Was.java` | it was long |", "| file | why |"));

    assertThat(unlisted(sizes, listed)).containsExactly("a/src/main/java/Big.java (601 lines)");
    assertThat(noLongerLarge(sizes, listed))
        .containsExactly("a/src/main/java/Was.java (600 lines)");
  }

  /** The files above the limit that the list does not name. */
  private static List<String> unlisted(Map<String, Integer> sizes, Map<String, String> listed) {
    List<String> unlisted = new ArrayList<>();
    sizes.forEach(
        (file, lines) -> {
          if (lines > MOST_LINES && !listed.containsKey(file)) {
            unlisted.add(file + " (" + lines + " lines)");
          }
        });
    return unlisted;
  }

  /** The listed files that are gone or no longer above the limit. */
  private static List<String> noLongerLarge(
      Map<String, Integer> sizes, Map<String, String> listed) {
    List<String> stale = new ArrayList<>();
    for (String file : listed.keySet()) {
      Integer lines = sizes.get(file);
      if (lines == null || lines <= MOST_LINES) {
        stale.add(file + (lines == null ? " (no such main source)" : " (" + lines + " lines)"));
      }
    }
    return stale;
  }

  /** The list's rows: file (from the repository's root) → the reason it may be long. */
  private static Map<String, String> listed(List<String> list) {
    Map<String, String> listed = new LinkedHashMap<>();
    for (String line : list) {
      Matcher row = ROW.matcher(line);
      if (row.matches()) {
        assertThat(listed.put(row.group(1), row.group(2).strip()))
            .as("%s is listed once", row.group(1))
            .isNull();
      }
    }
    return listed;
  }

  /** Every module's main sources, from the repository's root, with their lines. */
  private static Map<String, Integer> mainSourceSizes() {
    Map<String, Integer> sizes = new TreeMap<>();
    for (String module : ArchitectureTest.modules()) {
      for (Path file : ArchitectureTest.mainSources(module)) {
        sizes.put(
            ArchitectureTest.ROOT.relativize(file).toString().replace('\\', '/'),
            lines(file).size());
      }
    }
    return sizes;
  }

  private static List<String> lines(Path file) {
    return ArchitectureTest.read(file).lines().toList();
  }
}
