package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The decision records stay findable (issue 79: docs/architecture.md's list stopped at 74 of 81):
 * every record in docs/decisions is a row of its README, numbered as its file, and the range
 * docs/architecture.md names ends at the newest record.
 */
class DecisionRecordsTest {

  private static final Path DECISIONS = ArchitectureTest.ROOT.resolve("docs/decisions");

  /** {@code 0085-codex-denies-only-what-exists.md}: a record's file and its number. */
  private static final Pattern RECORD = Pattern.compile("(\\d{4})-[a-z0-9-]+\\.md");

  /** docs/architecture.md's "those of the issues since (59–86)". */
  private static final Pattern RANGE = Pattern.compile("issues since \\((\\d+)–(\\d+)\\)");

  @Test
  void everyRecordIsARowOfTheReadmeUnderItsNumber() throws IOException {
    String readme = ArchitectureTest.read(DECISIONS.resolve("README.md"));

    assertThat(records())
        .isNotEmpty()
        .allSatisfy(
            record ->
                assertThat(readme)
                    .as("docs/decisions/README.md lists %s as decision %d", record, number(record))
                    .containsPattern(
                        "\\| " + number(record) + " \\| \\[[^]]+\\]\\(" + Pattern.quote(record)));
  }

  @Test
  void theArchitecturePagesRangeEndsAtTheNewestRecord() throws IOException {
    Matcher range =
        RANGE.matcher(ArchitectureTest.read(ArchitectureTest.ROOT.resolve("docs/architecture.md")));
    assertThat(range.find()).as("docs/architecture.md names the issues' decisions' range").isTrue();

    int newest = records().stream().mapToInt(DecisionRecordsTest::number).max().orElseThrow();
    assertThat(Integer.parseInt(range.group(2))).isEqualTo(newest);
  }

  @Test
  void numbersAreNeitherSkippedNorTakenTwice() throws IOException {
    List<Integer> numbers = records().stream().map(DecisionRecordsTest::number).sorted().toList();
    List<Integer> expected = new ArrayList<>();
    for (int n = 1; n <= numbers.size(); n++) {
      expected.add(n);
    }
    assertThat(numbers).isEqualTo(expected);
  }

  private static List<String> records() throws IOException {
    try (Stream<Path> files = Files.list(DECISIONS)) {
      return files
          .map(file -> file.getFileName().toString())
          .filter(name -> RECORD.matcher(name).matches())
          .sorted()
          .toList();
    }
  }

  private static int number(String record) {
    Matcher matcher = RECORD.matcher(record);
    assertThat(matcher.matches()).isTrue();
    return Integer.parseInt(matcher.group(1));
  }
}
