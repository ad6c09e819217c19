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
 * #MOST_LINES} or fewer, or is gone, fails until its row is taken out. And it is a ratchet (issue
 * 79): each row records its file's lines; a file that shrank fails until its row has the lower
 * count, and one that grew until its row says by how much and why ({@code 729 (grew from 647:
 * why)}), so a listed class never grows unnoticed.
 */
class ClassSizeTest {

  static final int MOST_LINES = 600;

  private static final Path LIST = ArchitectureTest.ROOT.resolve("docs/large-classes.md");

  /**
   * {@code | `module/src/main/java/…/Name.java` | lines | why |}: a listed file, its recorded lines
   * and its reason.
   */
  private static final Pattern ROW =
      Pattern.compile("^\\| `([^`]+\\.java)` \\|\\s*([^|]*?)\\s*\\|(.*)\\|\\s*$");

  /** A row's lines: {@code 729}, or {@code 729 (grew from 647: why)}. */
  private static final Pattern COUNT =
      Pattern.compile("(\\d+)(?:\\s+\\(grew from (\\d+): *([^)]*\\S)[^)]*\\))?");

  /** A row of the list. */
  private record Row(String count, String why) {}

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
  void everyListedClassIsAsLongAsItsRowSaysAndAGrowthIsExplained() {
    assertThat(offCount(mainSourceSizes(), rows(lines(LIST))))
        .as(
            "docs/large-classes.md is a ratchet: a row's lines are its file's; lower the count of"
                + " a file that shrank, and say by how much and why one grew")
        .isEmpty();
  }

  @Test
  void theRatchetCatchesGrowthShrinkingAndAGrowthWithoutItsReason() {
    Map<String, Integer> sizes =
        Map.of(
            "a/Grew.java", 700,
            "a/Shrank.java", 650,
            "a/Same.java", 640,
            "a/Said.java", 729,
            "a/Unsaid.java", 729);
    Map<String, Row> rows =
        rows(
            List.of(
                "| `a/Grew.java` | 690 | one job |",
                "| `a/Shrank.java` | 660 | one job |",
                "| `a/Same.java` | 640 | one job |",
                "| `a/Said.java` | 729 (grew from 647: the nested agent's answer) | one job |",
                "| `a/Unsaid.java` | 729 (grew from 729: ) | one job |"));

    assertThat(offCount(sizes, rows))
        .containsExactlyInAnyOrder(
            "a/Grew.java grew from 690 to 700 lines: write `700 (grew from 690: why)`",
            "a/Shrank.java shrank from 660 to 650 lines: write `650`",
            "a/Unsaid.java: `729 (grew from 729: )` is no count; write `729` or `729 (grew from"
                + " N: why)`");
  }

  @Test
  void aLargeClassNotListedAndAListedOneThatShrankAreBothCaught() {
    Map<String, Integer> sizes =
        Map.of("a/src/main/java/Big.java", 601, "a/src/main/java/Was.java", 600);
    Map<String, String> listed =
        listed(List.of("| `a/src/main/java/Was.java` | 640 | it was long |", "| file | why |"));

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

  /**
   * The listed files whose row's count is not their lines, or whose growth the row does not say:
   * each with what to write.
   */
  private static List<String> offCount(Map<String, Integer> sizes, Map<String, Row> rows) {
    List<String> off = new ArrayList<>();
    rows.forEach(
        (file, row) -> {
          Integer lines = sizes.get(file);
          if (lines == null) {
            return; // gone: everyListedClassIsStillAboveTheLimit says so
          }
          Matcher count = COUNT.matcher(row.count());
          boolean grewSaid = count.matches() && count.group(2) != null;
          if (!count.matches()
              || grewSaid && Integer.parseInt(count.group(2)) >= Integer.parseInt(count.group(1))) {
            off.add(
                file
                    + ": `"
                    + row.count()
                    + "` is no count; write `"
                    + lines
                    + "` or `"
                    + lines
                    + " (grew from N: why)`");
            return;
          }
          int recorded = Integer.parseInt(count.group(1));
          if (lines > recorded) {
            off.add(
                file
                    + " grew from "
                    + recorded
                    + " to "
                    + lines
                    + " lines: write `"
                    + lines
                    + " (grew from "
                    + recorded
                    + ": why)`");
          } else if (lines < recorded) {
            off.add(
                file
                    + " shrank from "
                    + recorded
                    + " to "
                    + lines
                    + " lines: write `"
                    + lines
                    + "`");
          }
        });
    return off;
  }

  /** The list's rows: file (from the repository's root) → the reason it may be long. */
  private static Map<String, String> listed(List<String> list) {
    Map<String, String> listed = new LinkedHashMap<>();
    rows(list).forEach((file, row) -> listed.put(file, row.why()));
    return listed;
  }

  /** The list's rows: file (from the repository's root) → its recorded lines and its reason. */
  private static Map<String, Row> rows(List<String> list) {
    Map<String, Row> rows = new LinkedHashMap<>();
    for (String line : list) {
      Matcher row = ROW.matcher(line);
      if (row.matches()) {
        assertThat(rows.put(row.group(1), new Row(row.group(2), row.group(3).strip())))
            .as("%s is listed once", row.group(1))
            .isNull();
      }
    }
    return rows;
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
