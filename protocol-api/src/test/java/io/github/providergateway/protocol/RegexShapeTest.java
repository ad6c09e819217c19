package io.github.providergateway.protocol;

import static org.assertj.core.api.Assertions.assertThat;

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
        "git push|(?:\\s*){1000}",
        "((?:)){2}",
        "[{](?:){3}",
        "(?:a?)*",
        "(?:a?)+",
        "(?:a?){0,9}",
        "(?:\\b)?",
        "(?:a|)*",
        "(a?)\\1?",
        "(?=a)*",
        "(?:a?){1,}",
        "(?:a?){0,}",
        "(?>a?){2}",
        "(?<=a){3}",
        "\\b{g}?",
        "\\pL(?:a?){2}",
        "\\c[(?:a?){2}"
      })
  void aRepetitionWithSeveralWaysThroughAPartThatCanMatchNothingIsRefused(String regex) {
    Pattern.compile(regex); // each compiles: the shape, not the syntax, is refused

    assertThat(RegexSteps.refusal(regex)).isNotNull().contains("a part that can match nothing");
  }

  @ParameterizedTest(name = "refused: {0}")
  @ValueSource(
      strings = {
        "(?:a?|b?)",
        "(?:|)",
        "(?:|a|)",
        "\\z(?:a?|b?)(?:a?|b?)(?:a?|b?)(?!)",
        "(?:\\b|$)x",
        "x|(?:a*|b*)",
        "a?|b?",
        // An escape is one part to its end, as the engine reads it: a quantifier after it takes
        // all of it (\0101 is one character, 'A'; \p{L} and \x{41} one each).
        "(?:\\0101?|b?)",
        "(?:\\0107?|b?)",
        "(?:\\0377?|b?)",
        "(?:\\07?|b?)",
        "(?:\\p{L}?|b?)",
        "(?:\\x{41}?|b?)"
      })
  void anAlternationWithTwoAlternativesThatCanMatchNothingIsRefused(String regex) {
    Pattern.compile(regex);

    assertThat(RegexSteps.refusal(regex))
        .isNotNull()
        .contains("two alternatives can match nothing");
  }

  @ParameterizedTest(name = "refused: {0}")
  @ValueSource(
      strings = {
        "(?x)git push",
        "(?ix)a",
        "(?x:a)",
        "(?x)(?:( ?: ){1000}){1000}(?!)",
        "(?x)(?:(?:\u2003{0}){1000}){1000}(?!)"
      })
  void theCommentsFlagIsRefused(String regex) {
    Pattern.compile(regex);

    assertThat(RegexSteps.refusal(regex)).isNotNull().contains("the comments flag x is not taken");
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
        "(?:a|b|)",
        "(?:--force|-f|)x",
        "(?-x)a",
        "\\{2}",
        "[{]{2}",
        "[(?:){9}]",
        "\\Q(?:){9}\\E",
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
        "(?:[^\"\\\\]|\\\\.)*",
        "a?|b",
        "(?:a?){1,1}",
        "(?:a?){0,0}",
        "\\Qa\\E{2}",
        "\\cA{2}",
        "\\0101{2}",
        "\\x41{2}",
        "[\\Qa\\E\\Qb\\E]{2}",
        // An octal escape takes at most three digits, and three only when the first is at most
        // 3: the digit after it is a character of its own, which the quantifier takes alone.
        "(?:\\01017?|b?)",
        "(?:\\0477?|b?)"
      })
  void everyOtherShapeIsAccepted(String regex) {
    Pattern.compile(regex);

    assertThat(RegexSteps.refusal(regex)).isNull();
  }

  @Test
  void theProblemNamesTheQuantifierAndWhereItIs() {
    assertThat(RegexSteps.refusal("ab(?:c?){12}"))
        .startsWith(
            "'{12}' repeats, at least 12 times, a part that can match nothing (at index 8)");
  }

  @Test
  void theProblemNamesTheWholeQuantifierLazyOrPossessive() {
    assertThat(RegexSteps.refusal("(?:a?){2}+"))
        .startsWith("'{2}+' repeats, at least 2 times, a part that can match nothing (at index 6)");
    assertThat(RegexSteps.refusal("(?:a?)*?"))
        .startsWith("'*?' may or may not repeat a part that can match nothing (at index 6)");
  }

  @Test
  void aReadCostsOneStepAndOneMoreForEveryEightNodesOfStructure() {
    assertThat(RegexSteps.compile("git\\s+push.*--force\\b").stepsPerRead()).isEqualTo(1);
    assertThat(RegexSteps.compile("\"content\":\"(?:[^\"\\\\]|\\\\.)*\"").stepsPerRead())
        .isEqualTo(1);
    assertThat(RegexSteps.compile("()".repeat(7) + "x").stepsPerRead()).isEqualTo(1);
    assertThat(RegexSteps.compile("()".repeat(8) + "x").stepsPerRead()).isEqualTo(2);
    assertThat(RegexSteps.compile("(a|b|c)".repeat(4)).stepsPerRead())
        .as("4 groups, 8 bars")
        .isEqualTo(2);
    assertThat(RegexSteps.compile("^()()$").stepsPerRead()).isEqualTo(1);
  }

  /**
   * Structure costs even where nothing is read: each position is charged a read's extra steps up
   * front, so 300 empty groups before an anchor, which read nothing at all at most positions,
   * cannot scan 64 KiB for free (unweighted, 130 ms of work at zero steps).
   */
  @Test
  void structureIsChargedAtEveryPositionSoAPatternThatReadsNothingStillPays() {
    RegexSteps.Guarded groups = RegexSteps.compile("()".repeat(300) + "\\z");
    String text = "a".repeat(65_000);

    RegexSteps.Outcome outcome = RegexSteps.find(groups, text, 262_144);

    assertThat(groups.stepsPerRead()).isEqualTo(1 + 301 / 8);
    assertThat(outcome)
        .as("more up front than the budget: not run at all")
        .isEqualTo(new RegexSteps.Outcome(RegexSteps.Result.OUT_OF_STEPS, 262_144));
    assertThat(RegexSteps.find(groups, "a".repeat(100), 262_144).result())
        .isEqualTo(RegexSteps.Result.MATCHED);
  }

  @Test
  void aWeightedMatchChargesItsPositionsAndItsReads() {
    RegexSteps.Guarded weighted = RegexSteps.compile("()".repeat(8) + "z"); // 2 steps a read
    String text = "a".repeat(100);

    RegexSteps.Outcome outcome = RegexSteps.find(weighted, text, 1_000);

    // 101 positions up front at 1 step, then 100 reads at 2.
    assertThat(outcome).isEqualTo(new RegexSteps.Outcome(RegexSteps.Result.NOT_MATCHED, 101 + 200));
    assertThat(RegexSteps.find(weighted, text, 300).result())
        .isEqualTo(RegexSteps.Result.OUT_OF_STEPS);
  }

  /** The budget a match costs is enough for it; one step less is not. */
  @Test
  void aMatchRunsOnABudgetOfExactlyItsCost() {
    RegexSteps.Guarded weighted = RegexSteps.compile("()".repeat(8) + "push"); // 2 steps a read
    String text = "git push --force";

    RegexSteps.Outcome unbounded = RegexSteps.find(weighted, text, Long.MAX_VALUE);

    assertThat(unbounded.result()).isEqualTo(RegexSteps.Result.MATCHED);
    assertThat(RegexSteps.find(weighted, text, unbounded.steps())).isEqualTo(unbounded);
    assertThat(RegexSteps.find(weighted, text, unbounded.steps() - 1).result())
        .isEqualTo(RegexSteps.Result.OUT_OF_STEPS);
  }

  /** No reads allowed runs nothing, not even a pattern that would match without reading. */
  @Test
  void aBudgetOfNoReadsRunsNothing() {
    assertThat(RegexSteps.reads(Pattern.compile("x?"), "", 0))
        .isEqualTo(new RegexSteps.Outcome(RegexSteps.Result.OUT_OF_STEPS, 0));
    assertThat(RegexSteps.reads(Pattern.compile("x?"), "", 1))
        .isEqualTo(new RegexSteps.Outcome(RegexSteps.Result.MATCHED, 0));
  }

  /** A budget of zero or less runs nothing and charges nothing, whatever the pattern costs. */
  @Test
  void aBudgetOfZeroOrLessStepsRunsNothing() {
    RegexSteps.Guarded plain = RegexSteps.compile("x?"); // 1 step a read, none up front
    RegexSteps.Guarded weighted = RegexSteps.compile("()".repeat(8) + "x?"); // 1 up front

    for (long budget : new long[] {0, -1, Long.MIN_VALUE}) {
      assertThat(RegexSteps.find(plain, "", budget))
          .isEqualTo(new RegexSteps.Outcome(RegexSteps.Result.OUT_OF_STEPS, 0));
      assertThat(RegexSteps.find(weighted, "", budget))
          .isEqualTo(new RegexSteps.Outcome(RegexSteps.Result.OUT_OF_STEPS, 0));
    }
    assertThat(RegexSteps.find(plain, "", 1))
        .isEqualTo(new RegexSteps.Outcome(RegexSteps.Result.MATCHED, 0));
  }

  /**
   * {@link RegexSteps#refusal} is public and documented for patterns that compile, but a caller
   * that skips the compile still gets an answer, never an exception out of the reader: patterns cut
   * off inside an escape, a class, a group or a quantifier.
   */
  @ParameterizedTest(name = "does not compile, still read: {0}")
  @ValueSource(
      strings = {"\\0", "a\\", "\\u12", "\\x", "\\p{L", "(?<n>a", "[a", "(?:a", "a{2", "\\k<n"})
  void theReaderAnswersForAPatternThatDoesNotCompileWithoutThrowing(String regex) {
    assertThat(compiles(regex)).as("the row is a pattern that does not compile").isFalse();

    RegexSteps.refusal(regex); // answers, whatever it says
  }

  private static boolean compiles(String regex) {
    try {
      Pattern.compile(regex);
      return true;
    } catch (java.util.regex.PatternSyntaxException e) {
      return false;
    }
  }

  @Test
  void aGuardedPatternIsTheRegexItWasCompiledFrom() {
    RegexSteps.Guarded guarded = RegexSteps.compile("git\\s+push");

    assertThat(guarded.pattern().pattern()).isEqualTo("git\\s+push");
    assertThat(guarded).hasToString("git\\s+push");
  }

  /**
   * Why the shape is refused: the engine spins through such a part without reading the text, so the
   * steps it is charged stay at about one a position while its work is a million times that.
   */
  @Test
  void aRefusedShapeDoesItsWorkWithoutReadingTheText() {
    RegexSteps.Outcome forced =
        RegexSteps.reads(Pattern.compile("(?:(?:){100}){100}x"), "a".repeat(50), Long.MAX_VALUE);
    RegexSteps.Outcome ambiguous =
        RegexSteps.reads(
            Pattern.compile("\\z" + "(?:a?|b?)".repeat(12) + "(?!)"), "a", Long.MAX_VALUE);

    assertThat(forced)
        .as("10,000 forced empty turns at each of 50 positions, 50 reads")
        .isEqualTo(new RegexSteps.Outcome(RegexSteps.Result.NOT_MATCHED, 50));
    assertThat(ambiguous)
        .as("4^12 ways through nothing at the end, none read")
        .isEqualTo(new RegexSteps.Outcome(RegexSteps.Result.NOT_MATCHED, 0));
  }
}
