package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The file the build writes ({@link BookWithoutExamples}) is the book's files without their
 * examples: the families in their order, each as {@link BookFiles#withoutExamples} reads it, so
 * that the guard reads the same rules from it as from the files.
 */
class BookWithoutExamplesTest {
  private final ObjectMapper json = new ObjectMapper();

  @Test
  void theBuildsFileIsTheBooksFilesWithoutTheirExamples() throws IOException {
    JsonNode built;
    try (InputStream in = BookFiles.class.getResourceAsStream(BookFiles.WITHOUT_EXAMPLES)) {
      assertThat(in).as("the build writes " + BookFiles.WITHOUT_EXAMPLES).isNotNull();
      built = json.readTree(in);
    }
    assertThat(built).isEqualTo(BookWithoutExamples.fromFiles(json));
    List<String> families = new ArrayList<>();
    built.fieldNames().forEachRemaining(families::add);
    assertThat(families).isEqualTo(RuleBook.families());
  }

  @Test
  void theGuardReadsTheFamiliesFromItAsFromTheFiles() {
    Map<String, JsonNode> read = new BookFiles(json).familiesWithoutExamples();
    BookFiles files = new BookFiles(json);
    assertThat(read.keySet()).containsExactlyElementsOf(RuleBook.families());
    for (Map.Entry<String, JsonNode> family : read.entrySet()) {
      JsonNode file = family.getValue();
      assertThat(file)
          .as(family.getKey())
          .isEqualTo(files.withoutExamples(family.getKey() + ".json"));
      for (JsonNode rule : file.path("rules")) {
        assertThat(rule.has("examples")).as(rule.path("id").asText()).isFalse();
      }
    }
  }
}
