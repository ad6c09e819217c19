package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The rule book's digest (decision 329) reads as the book's JSON does: the same families, the same
 * specs in the same order, the same flow rules' conditions, and each rule's examples from its file.
 */
class BookDigestTest {
  private static final BookDigest.Examples NONE = (family, id) -> () -> null;

  @Test
  void theDigestTheBuildWroteReadsAsTheBooksJson() {
    BookDigest.Book built = BookDigest.built(NONE);
    assertThat(built).as("the build's step writes " + BookDigest.FILE).isNotNull();

    assertSame(built, fromJson());
  }

  @Test
  void aBookWrittenReadsBackAsItWas() throws IOException {
    BookDigest.Book book = fromJson();

    BookDigest.Book read = BookDigest.read(new ByteArrayInputStream(BookDigest.write(book)), NONE);

    assertSame(read, book);
  }

  @Test
  void theGuardsBookIsTheJsonsAndItsExamplesAreTheFiles() {
    BookDigest.Book json = fromJson();

    assertThat(RuleBook.families()).isEqualTo(json.families());
    assertThat(RuleBook.specs()).hasSameSizeAs(json.specs());
    for (RuleSpec spec : json.specs()) {
      RuleSpec guards = RuleBook.specOf(spec.rule().id());
      assertThat(guards.examples()).isEqualTo(spec.examples());
    }
    for (var session : json.sessions().entrySet()) {
      assertThat(RuleBook.sessionAfter(session.getKey())).isEqualTo(session.getValue());
    }
  }

  @Test
  void aDigestOfAnotherLayoutIsRefused() {
    byte[] digest = BookDigest.write(fromJson());
    digest[3]++;

    assertThatThrownBy(() -> BookDigest.read(new ByteArrayInputStream(digest), NONE))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("another layout");
  }

  @Test
  void aDigestCutShortDoesNotRead() {
    byte[] whole = BookDigest.write(fromJson());
    byte[] cut = Arrays.copyOf(whole, whole.length - 3);

    assertThatThrownBy(() -> BookDigest.read(new ByteArrayInputStream(cut), NONE))
        .isInstanceOf(IOException.class);
  }

  private static BookDigest.Book fromJson() {
    ObjectMapper json = new ObjectMapper();
    java.util.Map<String, com.fasterxml.jackson.databind.JsonNode> families =
        new java.util.LinkedHashMap<>();
    BookWithoutExamples.fromFiles(json)
        .fields()
        .forEachRemaining(family -> families.put(family.getKey(), family.getValue()));
    return RuleBook.fromFiles(families);
  }

  /** The same families, sessions and specs, each spec's parts but where its examples come from. */
  private static void assertSame(BookDigest.Book actual, BookDigest.Book expected) {
    assertThat(actual.families()).isEqualTo(expected.families());
    assertThat(actual.sessions()).isEqualTo(expected.sessions());
    assertThat(parts(actual.specs())).isEqualTo(parts(expected.specs()));
  }

  private static List<List<Object>> parts(List<RuleSpec> specs) {
    return specs.stream()
        .map(
            spec ->
                List.<Object>of(
                    spec.rule(),
                    spec.matches(),
                    String.valueOf(spec.sources()),
                    spec.replaces(),
                    String.valueOf(spec.rule().instead())))
        .toList();
  }
}
