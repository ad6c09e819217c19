package io.github.providergateway.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What the reader of {@link RegexShape} counts as structure, and where it takes each part to end:
 * an escape, a class or a group read one character too far or too short turns what follows into
 * something else (a {@code |} inside a class into an alternative, a boundary after an escape into a
 * letter), which the count of structure after it shows.
 */
class RegexShapeStructureTest {

  @ParameterizedTest(name = "{0} has {1}")
  @CsvSource(
      textBlock =
          """
          # Each group, alternative, anchor, boundary and back reference is one node.
          ^a$, 2
          \\bx\\B, 2
          \\Ax\\z, 2
          \\b{g}a, 1
          (a)\\1, 2
          (a)\\10, 2
          ()()()()()()()()()\\9, 10
          (?<n>a)\\k<n>, 2
          (?<=a)b, 1
          (?<n>a|b), 2
          # An escape ends where the engine ends it: \\c takes any next character, ESC here.
          \\pL\\b, 1
          \\p{L}\\b, 1
          \\x41\\b, 1
          \\x{1F600}\\b, 1
          \\u00e9\\b, 1
          \\0101\\b, 1
          x\\0101, 0
          \\cA\\b, 1
          \\c[\\b, 1
          \\Q|\\E\\b, 1
          \\Q^$\\E, 0
          # A class ends at its own closing bracket: not at a ']' first in it, nor in a quote.
          [a]$, 1
          [ab]$, 1
          [\\d]\\b, 1
          []|], 0
          [^]|], 0
          [\\Q]|\\E]\\b, 1
          [\\Qa\\E\\Qb\\E]$, 1
          [a[b]]$, 1
          [a-z&&[^aeiou]]$, 1
          """)
  void eachPartEndsWhereTheEngineEndsItAndEachNodeCountsOnce(String regex, int structure) {
    Pattern.compile(regex);

    assertThat(RegexShape.of(regex).structure()).isEqualTo(structure);
  }
}
