package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.guard;
import static io.github.providergateway.guard.GuardFixture.shell;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardVerdict.Outcome;
import io.github.providergateway.guard.shell.ShellParser;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every bound of the reader denies past it, in the guard's own decision (issue 60): the parser's
 * refusal is not enough, as a decision that took a refusal for "nothing found" would allow. Each
 * row is a harmless command at its bound, allowed, and the same one step past it, denied: a guard
 * that let any bound's refusal through fails its row.
 */
class GuardBoundsTest {
  private static final Guard STANDARD = guard(GuardPreset.STANDARD);

  static Stream<Arguments> bounds() {
    int depth = ShellParser.MAX_DEPTH;
    int words = ShellParser.MAX_WORDS;
    return Stream.of(
        Arguments.of(
            "length",
            "echo " + "x".repeat(ShellParser.MAX_LENGTH - 5),
            "echo " + "x".repeat(ShellParser.MAX_LENGTH - 4),
            "characters, over"),
        Arguments.of(
            "nesting of substitutions",
            // Each substitution an argument of echo: a substitution run as a program is asked.
            "echo " + "$(echo ".repeat(depth) + "ls" + ")".repeat(depth),
            "echo " + "$(echo ".repeat(depth + 1) + "ls" + ")".repeat(depth + 1),
            "nests deeper than"),
        Arguments.of(
            "nesting of subshells",
            // Spaced: "((" opens an arithmetic command.
            "( ".repeat(depth) + "ls" + " )".repeat(depth),
            "( ".repeat(depth + 1) + "ls" + " )".repeat(depth + 1),
            "nests deeper than"),
        Arguments.of(
            "nesting of wrappers",
            "nice ".repeat(depth) + "ls",
            "nice ".repeat(depth + 1) + "ls",
            "nests deeper than"),
        Arguments.of(
            "nesting of eval",
            "eval ".repeat(depth) + "ls",
            "eval ".repeat(depth + 1) + "ls",
            "nests deeper than"),
        Arguments.of(
            "nesting of shells and eval",
            "bash -c '" + "eval ".repeat(depth - 1) + "ls'",
            "bash -c '" + "eval ".repeat(depth) + "ls'",
            "nests deeper than"),
        Arguments.of(
            "words", "echo " + "a ".repeat(words - 1), "echo " + "a ".repeat(words), "words"),
        Arguments.of(
            "words over nested readings",
            // echo, bash, -c and the string are four words at the top, echo one within.
            "echo "
                + "a ".repeat(words / 2 - 5)
                + "; bash -c 'echo "
                + "b ".repeat(words / 2)
                + "'",
            "echo "
                + "a ".repeat(words / 2 - 4)
                + "; bash -c 'echo "
                + "b ".repeat(words / 2)
                + "'",
            "words"),
        Arguments.of("completeness", "echo 'done'", "echo 'done", "not a complete command"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("bounds")
  void atTheBoundAllowedOneStepPastDenied(String bound, String at, String past, String says) {
    GuardVerdict within = STANDARD.decide(shell(at));
    assertThat(within.outcome())
        .as(bound + " at its bound: " + within.reason())
        .isEqualTo(Outcome.ALLOW);

    GuardVerdict beyond = STANDARD.decide(shell(past));
    assertThat(beyond.outcome()).as(bound + " past its bound").isEqualTo(Outcome.DENY);
    assertThat(beyond.ruleId()).isEqualTo("guard.unreadable");
    assertThat(beyond.reason()).contains(says);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("bounds")
  void pastABoundDeniedInEveryPresetButOff(String bound, String at, String past, String says) {
    for (GuardPreset preset : new GuardPreset[] {GuardPreset.STRICT, GuardPreset.PARANOID}) {
      assertThat(guard(preset).decide(shell(past)).outcome())
          .as(bound + " " + preset)
          .isEqualTo(Outcome.DENY);
    }
  }

  /**
   * The resolver's own memories are bounded by the words alone: an alias or a linked program
   * defined after many others is still read (a cap of 64 let the 65th through unread), and code fed
   * to itself past what is read is refused, not read in part.
   */
  @org.junit.jupiter.api.Test
  void whatTheResolverRemembersHasNoCapThatLetsTheNextOneThrough() {
    StringBuilder aliases = new StringBuilder();
    StringBuilder links = new StringBuilder();
    for (int i = 0; i < 100; i++) {
      aliases.append("alias a").append(i).append("=ls; ");
      links.append("ln -s /bin/ls l").append(i).append("; ");
    }
    assertThat(STANDARD.decide(shell(aliases + "alias wipe='rm -rf ~'; wipe")).ruleId())
        .isEqualTo("fs.delete-home");
    assertThat(STANDARD.decide(shell(links + "ln -s /bin/rm del; ./del -rf ~")).ruleId())
        .isEqualTo("fs.delete-home");
    StringBuilder fed = new StringBuilder();
    for (int i = 0; i < 65; i++) {
      fed.append("echo ls > f").append(i).append(".sh; bash f").append(i).append(".sh; ");
    }
    GuardVerdict refused = STANDARD.decide(shell(fed.toString()));
    assertThat(refused.outcome()).isEqualTo(Outcome.DENY);
    assertThat(refused.ruleId()).isEqualTo("guard.unreadable");
    assertThat(refused.reason()).contains("more than 64 texts");
    assertThat(STANDARD.decide(shell("echo ls > f.sh; bash f.sh")).allowed()).isTrue();
  }
}
