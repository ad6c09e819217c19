package io.github.providergateway.gateway.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.protocol.RegexSteps;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The one pattern shape whose work the step budget cannot see: a forced repetition of a part that
 * can match nothing (issue 32, finding 9). Refused shapes are refused whatever form they take;
 * everything a rule ordinarily holds, catastrophic backtracking included (the budget cuts that
 * off), passes.
 */
class RegexShapeTest {

  @ParameterizedTest(name = "refused: {0}")
  @ValueSource(
      strings = {
        "(?:){1000}",
        "(?:(?:){1000}){1000}x",
        "(?:a?){50}",
        "(?:a*){2,}",
        "(?:x?y?){2,5}",
        "(?:[ab]?){2}?",
        "(?:a{0,2}){2}+",
        "(?:\\b){9}",
        "(?:^){2}",
        "(?:$|a){2}",
        "(a|){2}",
        "(?=a){3}",
        "(?<!a){3}",
        "(?:(?i)){3}",
        "(?:\\Q\\E){4}",
        "(a?)\\1{3}",
        "(?<n>a?)\\k<n>{2}",
        "(?x) (?: a? ) {3}",
        "(?x)(?:  # a comment\n  a?  ){3}",
        "git push|(?:\\s*){1000}",
        "((?:)){2}",
        "[{](?:){3}"
      })
  void aForcedRepetitionOfAPartThatCanMatchNothingIsRefused(String regex) {
    Pattern.compile(regex); // each compiles: the shape, not the syntax, is refused

    assertThat(RegexShape.unboundedWork(regex)).isNotNull().contains("a part that can match nothing");
  }

  @ParameterizedTest(name = "accepted: {0}")
  @ValueSource(
      strings = {
        "git push",
        "git\\s+push.*--force\\b",
        "(a+)+$",
        "(x+x+)+y",
        "\\d{4}-\\d{2}-\\d{2}",
        "(?:ab){1000}",
        "[a-z]{2,8}",
        "(?:a|b){3}",
        "(?:\\b\\w+\\b\\s*){3}",
        "(?:a?){1}",
        "(?:a?)*",
        "(?:a?)+",
        "(?:a?){0,9}",
        "\\{2}",
        "[{]{2}",
        "[(?:){9}]",
        "\\Q(?:){9}\\E",
        "(?x) a {3}",
        "(?x)#{2}\n b",
        "(?i)(?:abc){3}",
        "(?<name>ab){2}",
        "(?>ab){2}",
        "[\\]a]{2}",
        "[^]]{2}",
        "[a-z&&[^aeiou]]{3}",
        "\\p{L}{3}",
        "\\x{1F600}{2}",
        "\\u00e9{2}",
        "\\R{2}",
        "\"path\":\"[^\"]*\\.env\"",
        "(?:[^\"\\\\]|\\\\.)*"
      })
  void everyOtherShapeIsAccepted(String regex) {
    Pattern.compile(regex);

    assertThat(RegexShape.unboundedWork(regex)).isNull();
  }

  @Test
  void theProblemNamesTheQuantifierAndWhereItIs() {
    assertThat(RegexShape.unboundedWork("ab(?:c?){12}"))
        .startsWith("'{12}' at index 8 repeats, at least 12 times, a part that can match nothing");
  }

  /**
   * Why the shape is refused: the engine spins through such a part without reading the text, so
   * the steps it is charged stay at about one a position while its work is a million times that.
   */
  @Test
  void aRefusedShapeDoesItsWorkWithoutReadingTheText() {
    RegexSteps.Outcome outcome =
        RegexSteps.find(Pattern.compile("(?:(?:){100}){100}x"), "a".repeat(50), Long.MAX_VALUE);

    assertThat(outcome.result()).isEqualTo(RegexSteps.Result.NOT_MATCHED);
    assertThat(outcome.steps()).as("10,000 forced empty turns at each of 50 positions, 50 reads").isEqualTo(50);
  }
}
