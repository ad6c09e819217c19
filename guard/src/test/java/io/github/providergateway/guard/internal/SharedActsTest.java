package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.guard.shell.Word;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The shapes.* rules' readers (decision 113): that their words refuse a list the book lacks rather
 * than read it as saying less, and the small readings a rule's examples show only through a whole
 * command. What each rule decides is its examples (RuleBookTest).
 */
class SharedActsTest {
  private static final List<String> LISTS =
      List.of(
          "verbs",
          "strongVerbs",
          "reads",
          "actingFlags",
          "dryRuns",
          "everything",
          "methods",
          "httpClients",
          "remoteShells",
          "remoteVerbs",
          "remoteReadWords",
          "readModules",
          "codeVerbs",
          "stores",
          "local",
          "noConfirm",
          "sqlWrites",
          "sendingOptions",
          "sendingNames",
          "fileExtensions",
          "productionWords",
          "testWords",
          "cloudSdks",
          "forgeHosts",
          "plansByDefault",
          "applyFlags");

  private static List<Word> words(String... texts) {
    return Arrays.stream(texts).map(Word::literal).toList();
  }

  @Test
  void theBooksWordsNameEveryList() throws Exception {
    JsonNode book;
    try (var in = SharedActs.class.getResourceAsStream(ShapeWords.RESOURCE)) {
      book = new ObjectMapper().readTree(in);
    }
    for (String list : LISTS) {
      assertThat(ShapeWords.strings(book, list)).as(list).isNotEmpty();
    }
  }

  @Test
  void aListTheWordsLackIsRefusedNotReadAsEmpty() throws Exception {
    JsonNode book = new ObjectMapper().readTree("{\"verbs\": [], \"reads\": \"list\"}");
    assertThatThrownBy(() -> ShapeWords.strings(book, "verbs"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("shape-words.json has no list verbs");
    assertThatThrownBy(() -> ShapeWords.strings(book, "reads"))
        .isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> ShapeWords.strings(book, "local"))
        .isInstanceOf(IllegalStateException.class);
  }

  @Test
  void aHostIsANameWithADotAndNoFilesExtensionOrAnAddress() {
    assertThat(SharedActs.hostLike("hl7.acmehealth.org")).isTrue();
    assertThat(SharedActs.hostLike("10.20.0.10")).isTrue();
    assertThat(SharedActs.hostLike("exports/customers.csv")).isFalse();
    assertThat(SharedActs.hostLike("customers.csv")).isFalse();
    assertThat(SharedActs.hostLike("adt_a01.hl7")).isFalse();
    assertThat(SharedActs.hostLike("1.5")).isTrue(); // an address's shape: a host read as such
    assertThat(SharedActs.hostLike("localhost")).isFalse();
  }

  @Test
  void aQuotedStatementThatChangesRowsIsAWriteAndAQueryIsNot() {
    assertThat(SharedCodeActs.sqlWriteIn("c.execute('DELETE FROM orders')")).isTrue();
    assertThat(SharedCodeActs.sqlWriteIn("c.execute(\"update accounts set x = 1\")")).isTrue();
    assertThat(SharedCodeActs.sqlWriteIn("c.execute('SELECT count(*) FROM orders')")).isFalse();
    assertThat(SharedCodeActs.sqlWriteIn("print('Deleted rows')")).isFalse();
  }

  @Test
  void anHttpWriteIsAChangingMethodOrAPostToADestroyingPath() {
    assertThat(SharedActs.httpWrite("curl", words("-X", "PATCH", "https://a.example.com/x")))
        .isTrue();
    assertThat(SharedActs.httpWrite("curl", words("-XDELETE", "https://a.example.com/x"))).isTrue();
    assertThat(SharedActs.httpWrite("http", words("PUT", "https://a.example.com/x", "a=1")))
        .isTrue();
    assertThat(SharedActs.httpWrite("curl", words("-d", "{}", "https://a.example.com/v1/purge")))
        .isTrue();
    assertThat(SharedActs.httpWrite("curl", words("-d", "{}", "https://a.example.com/v1/chat")))
        .isFalse(); // a POST that asks or creates: other families read those
    assertThat(
            SharedActs.httpWrite(
                "curl", words("-X", "POST", "https://a.example.com/v1/delete-preview")))
        .isFalse();
    assertThat(
            SharedActs.httpWrite("curl", words("-G", "-d", "q=1", "https://a.example.com/purge")))
        .isFalse();
    assertThat(SharedActs.httpWrite("curl", words("https://a.example.com/v1/purge"))).isFalse();
  }
}
