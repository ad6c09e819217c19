package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.internal.RuleSpec.When;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * Which clauses a program is tried by, found once from the book's index: the same clauses, in the
 * same order, as trying each of the family's clauses on it (the order decides which rule a decision
 * names; WholeDecisionsTest records that over every corpus).
 */
class ClausePlacesTest {
  private static final List<When> WHENS =
      List.of(
          when(List.of("git"), false), // 0
          when(List.of("*"), false), // 1
          when(List.of("mkfs", "mkfs.*"), false), // 2
          when(List.of("git", "docker"), true), // 3, late
          when(List.of("*", "git"), false), // 4
          when(List.of("python*"), false), // 5
          when(List.of("docker"), false)); // 6

  private static final BookIndex INDEX = BookIndex.covering(WHENS);

  /** No clause's predicate names the programs it can hold of. */
  private static final List<Predicate<String>> ANY = Collections.nCopies(WHENS.size(), null);

  @Test
  void aNamedProgramIsTriedByItsOwnAndTheOpenClausesInTheirOrder() {
    ClausePlaces places = new ClausePlaces(INDEX, WHENS, ANY, false);
    assertThat(places.of(INDEX.number("git"), "git")).containsExactly(0, 1, 4);
    assertThat(places.of(INDEX.number("docker"), "docker")).containsExactly(1, 4, 6);
    assertThat(places.of(INDEX.number("mkfs"), "mkfs")).containsExactly(1, 2, 4);
  }

  @Test
  void aProgramNoClauseNamesIsTriedByTheClausesForAnyProgramAndTheBeginningsOfItsName() {
    ClausePlaces places = new ClausePlaces(INDEX, WHENS, ANY, false);
    assertThat(INDEX.number("mkfs.ext4")).isEqualTo(-1);
    assertThat(places.of(-1, "mkfs.ext4")).containsExactly(1, 2, 4);
    assertThat(places.of(-1, "python3.12")).containsExactly(1, 4, 5);
    assertThat(places.of(-1, "ls")).containsExactly(1, 4);
  }

  @Test
  void theLateClausesArePlacedApart() {
    ClausePlaces late = new ClausePlaces(INDEX, WHENS, ANY, true);
    assertThat(late.isEmpty()).isFalse();
    assertThat(late.of(INDEX.number("docker"), "docker")).containsExactly(3);
    assertThat(late.of(-1, "ls")).isEmpty();
    assertThat(new ClausePlaces(INDEX, WHENS.subList(0, 3), ANY, true).isEmpty()).isTrue();
  }

  @Test
  void aClauseWhosePredicateNamesItsProgramsIsPlacedOnlyAmongTheirs() {
    List<Predicate<String>> names = new ArrayList<>(ANY);
    names.set(1, "docker"::equals); // a clause for any program, its predicate of docker's alone
    names.set(4, program -> !program.startsWith("mkfs"));
    ClausePlaces places = new ClausePlaces(INDEX, WHENS, names, false);
    assertThat(places.of(INDEX.number("git"), "git")).containsExactly(0, 4);
    assertThat(places.of(INDEX.number("docker"), "docker")).containsExactly(1, 4, 6);
    assertThat(places.of(INDEX.number("mkfs"), "mkfs")).containsExactly(2);
    assertThat(places.of(-1, "mkfs.ext4")).containsExactly(2);
    assertThat(places.of(-1, "python3.12")).containsExactly(4, 5);
    assertThat(places.of(-1, "ls")).containsExactly(4);
    assertThat(places.of(-1, "ls")).containsExactly(4); // kept by its name, the same places
  }

  private static When when(List<String> programs, boolean late) {
    return new When(
        programs, List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), 0,
        List.of(), List.of(), null, 0, false, List.of(), false, late, null);
  }
}
