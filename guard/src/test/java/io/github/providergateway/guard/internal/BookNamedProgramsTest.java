package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * What the book's other families name of a program (decisions 98 and 136): the program, in a clause
 * or a pattern, and whether they judged a command of it, whole or by its subcommand.
 */
class BookNamedProgramsTest {
  @Test
  void aClauseWithASubcommandNamesOnlyThatSubcommand() {
    // person.crypto-send: {"program": "cast", "subcommand": ["send", "publish"], …}
    assertThat(BookNamedPrograms.inAClause("cast")).isTrue();
    assertThat(BookNamedPrograms.judgedByTheBook("cast", "send")).isTrue();
    assertThat(BookNamedPrograms.judgedByTheBook("cast", "keccak")).isFalse();
  }

  @Test
  void aClauseWithoutASubcommandNamesTheProgramWhole() {
    // depots.*: {"program": ["p4", "p4.exe"], "where": "p4-obliterates"}
    assertThat(BookNamedPrograms.judgedByTheBook("p4", "obliterate")).isTrue();
    assertThat(BookNamedPrograms.judgedByTheBook("p4", "")).isTrue();
  }

  @Test
  void aPatternsStarNamesEverySubcommand() {
    // cloud.app-destroy: "vercel * rm *"
    assertThat(BookNamedPrograms.inAPattern("vercel")).isTrue();
    assertThat(BookNamedPrograms.judgedByTheBook("vercel", "anything")).isTrue();
  }

  @Test
  void theVerbsFamilysOwnWordsAndUnnamedProgramsAreNotTheBooks() {
    // the verbs family's clauses are "*" and its inline code's interpreters: no family's knowledge
    assertThat(BookNamedPrograms.named("zed-cloud")).isFalse();
    assertThat(BookNamedPrograms.judgedByTheBook("zed-cloud", "destroy")).isFalse();
    assertThat(BookNamedPrograms.named("*")).isFalse();
  }
}
