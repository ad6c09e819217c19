package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.providergateway.guard.internal.PredicateTable.Entry;
import io.github.providergateway.guard.internal.PredicateTable.Kind;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The named predicates made a source at a time (decision 329): the index the build wrote is the
 * sources' own, nothing is made until a name is asked, and a source that cannot be made, or makes
 * other names than its index gives it, fails where it is asked.
 */
class PredicateTableTest {
  private static final Where.Predicate HOLDS = (scan, step, read) -> true;

  @Test
  void theIndexTheBuildWroteIsTheSourcesOwn() throws IOException {
    Map<String, Entry> built;
    try (InputStream in = PredicateTable.class.getResourceAsStream(PredicateTable.INDEX)) {
      assertThat(in).as("the build's step writes " + PredicateTable.INDEX).isNotNull();
      built = PredicateTable.read(in);
    }
    Map<String, Entry> made = PredicateTable.indexOf(Where.SOURCES, Where::fill);

    // As a map: a source that puts names from a Map.of puts them in an order each JVM draws.
    assertThat(built).hasSameSizeAs(made).isEqualTo(made);
  }

  @Test
  void theIndexReadsAsItIsWritten() throws IOException {
    Map<String, Entry> index = PredicateTable.indexOf(Where.SOURCES, Where::fill);
    byte[] text = PredicateTable.write(index).getBytes(java.nio.charset.StandardCharsets.UTF_8);

    assertThat(PredicateTable.read(new java.io.ByteArrayInputStream(text))).isEqualTo(index);
  }

  @Test
  void theIndexIsWrittenTheSameWhateverOrderItsNamesCameIn() {
    Map<String, Entry> index = PredicateTable.indexOf(Where.SOURCES, Where::fill);
    List<String> names = new ArrayList<>(index.keySet());
    java.util.Collections.reverse(names);
    Map<String, Entry> reversed = new LinkedHashMap<>();
    names.forEach(name -> reversed.put(name, index.get(name)));

    assertThat(PredicateTable.write(reversed)).isEqualTo(PredicateTable.write(index));
  }

  @Test
  void namesAndKindsAreReadFromTheIndexWithNothingMade() {
    List<Integer> made = new ArrayList<>();
    PredicateTable table =
        new PredicateTable(
            index("a", Kind.PROGRAM, 0, "b", Kind.CALL, 1), 2, (source, into) -> made.add(source));

    assertThat(table.names()).containsExactly("a", "b");
    assertThat(table.kindOf("b")).isEqualTo(Kind.CALL);
    assertThat(table.kindOf("c")).isNull();
    assertThat(made).isEmpty();
  }

  @Test
  void aNameAskedMakesItsSourceAloneAndOnce() {
    List<Integer> made = new ArrayList<>();
    PredicateTable table =
        new PredicateTable(
            index("a", Kind.PROGRAM, 0, "a2", Kind.PROGRAM, 0, "b", Kind.PROGRAM, 1),
            2,
            (source, into) -> {
              made.add(source);
              if (source == 0) {
                into.named().put("a", HOLDS);
                into.named().put("a2", HOLDS);
              } else {
                into.named().put("b", HOLDS);
              }
            });

    assertThat(table.named("a")).isSameAs(HOLDS);
    assertThat(table.named("a2")).isSameAs(HOLDS);
    assertThat(made).containsExactly(0);
  }

  @Test
  void aSourceThatCannotBeMadeFailsWhereItIsAskedAndIsAskedAgainNextTime() {
    List<Integer> tries = new ArrayList<>();
    PredicateTable table =
        new PredicateTable(
            index("a", Kind.PROGRAM, 0),
            1,
            (source, into) -> {
              tries.add(source);
              throw new ExceptionInInitializerError("a predicate's class did not initialise");
            });

    assertThatThrownBy(() -> table.named("a"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("source 0 was not made");
    assertThatThrownBy(() -> table.named("a")).isInstanceOf(IllegalStateException.class);
    assertThat(tries).containsExactly(0, 0);
  }

  @Test
  void aSourceThatMakesANameItsIndexDoesNotGiveItFails() {
    PredicateTable table =
        new PredicateTable(
            index("a", Kind.PROGRAM, 0),
            1,
            (source, into) -> {
              into.named().put("a", HOLDS);
              into.named().put("newer", HOLDS);
            });

    assertThatThrownBy(() -> table.named("a"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("newer");
  }

  @Test
  void aSourceThatDoesNotMakeEveryNameItsIndexGivesItFails() {
    PredicateTable table =
        new PredicateTable(
            index("a", Kind.PROGRAM, 0, "gone", Kind.PROGRAM, 0),
            1,
            (source, into) -> into.named().put("a", HOLDS));

    assertThatThrownBy(() -> table.named("a"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("did not make every name");
  }

  @Test
  void aNameOfAnotherKindIsNoPredicateOfThisOne() {
    PredicateTable table =
        new PredicateTable(
            index("a", Kind.CALL, 0), 1, (source, into) -> into.onCall().put("a", scan -> null));

    assertThatThrownBy(() -> table.named("a"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("no predicate is named a");
    assertThat(table.ofCall("a")).isNotNull();
  }

  @Test
  void everySourceMadeLeavesOneThatCannotBeForTheCallThatAsks() {
    PredicateTable table =
        new PredicateTable(
            index("a", Kind.PROGRAM, 0, "b", Kind.PROGRAM, 1),
            2,
            (source, into) -> {
              if (source == 0) {
                throw new IllegalStateException("broken");
              }
              into.named().put("b", HOLDS);
            });

    table.makeEvery(() -> false);

    assertThat(table.named("b")).isSameAs(HOLDS);
    assertThatThrownBy(() -> table.named("a")).isInstanceOf(IllegalStateException.class);
  }

  /** An index of names, kinds and sources given in threes. */
  private static Map<String, Entry> index(Object... triples) {
    Map<String, Entry> index = new LinkedHashMap<>();
    for (int i = 0; i < triples.length; i += 3) {
      index.put((String) triples[i], new Entry((Kind) triples[i + 1], (Integer) triples[i + 2]));
    }
    return index;
  }
}
