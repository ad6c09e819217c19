package io.github.providergateway.guard.shell;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.github.providergateway.guard.shell.syntax.ShellParseException;
import io.github.providergateway.guard.shell.syntax.ShellParseException.Reason;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The parser's bounds and its refusals: past a bound or not shell, it throws, never guesses. */
class ShellParserBoundsTest {

  private static Reason refusal(String command) {
    ShellParseException e =
        catchThrowableOfType(ShellParseException.class, () -> ShellParser.parse(command));
    assertThat(e)
        .as("refused: %s", command.length() > 80 ? command.substring(0, 80) : command)
        .isNotNull();
    return e.reason();
  }

  @Test
  void aCommandLongerThanTheBoundIsRefusedAsTooLong() throws ShellParseException {
    String longest = "a".repeat(ShellParser.MAX_LENGTH);
    assertThat(ShellParser.parse(longest).invocations()).hasSize(1);
    assertThatThrownBy(() -> ShellParser.parse(longest + "a"))
        .isInstanceOf(ShellParseException.class)
        .hasMessageContaining(String.valueOf(ShellParser.MAX_LENGTH))
        .extracting(e -> ((ShellParseException) e).reason())
        .isEqualTo(Reason.TOO_LONG);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"$(", "`", "(", "${x:-", "<(", "bash -c ", "eval "})
  void nestingPastTheBoundIsRefusedAsTooDeep(String kind) throws ShellParseException {
    int allowed = ShellParser.MAX_DEPTH;
    assertThat(ShellParser.parse(nested(kind, allowed)).invocations()).isNotEmpty();
    ShellParseException e =
        catchThrowableOfType(
            ShellParseException.class, () -> ShellParser.parse(nested(kind, allowed + 1)));
    assertThat(e).isNotNull();
    assertThat(e.reason()).isEqualTo(Reason.TOO_DEEP);
    assertThat(e.getMessage())
        .contains("deeper than " + ShellParser.MAX_DEPTH)
        .contains("at character");
  }

  /**
   * {@code levels} nestings around {@code rm x}: the innermost ones of {@code kind} (three for the
   * kinds whose quoting doubles at each level, all for the others), the outer ones {@code $(…)}.
   */
  private static String nested(String kind, int levels) {
    int ofKind = kind.equals("`") || kind.equals("bash -c ") ? 3 : levels;
    String inner = "rm x";
    for (int i = 0; i < levels; i++) {
      String wrap = i < ofKind ? kind : "$(";
      boolean innermost = i == 0;
      inner =
          switch (wrap) {
            case "$(" -> "echo $(" + inner + ")";
            case "`" -> "echo `" + inner.replace("\\", "\\\\").replace("`", "\\`") + "`";
            case "(" -> "( " + inner + " )";
            case "${x:-" ->
                innermost ? "echo $(" + inner + ")" : "echo ${x:-" + inner.substring(5) + "}";
            case "<(" -> "cat <(" + inner + ")";
            case "bash -c " -> "bash -c " + quote(inner);
            case "eval " -> "eval " + inner;
            default -> throw new IllegalArgumentException(kind);
          };
    }
    return inner;
  }

  private static String quote(String text) {
    return "'" + text.replace("'", "'\\''") + "'";
  }

  @Test
  void nestingKindsAddUp() throws ShellParseException {
    // Six levels: $( bash -c ` ( $( <(.
    String mixed = "echo $(bash -c 'echo `(echo $(cat <(rm x)))`')";
    String deepest = mixed;
    for (int i = 0; i < 6; i++) {
      deepest = "echo $(" + deepest + ")";
    }
    String tooDeep = "echo $(" + deepest + ")";
    for (int i = 0; i < 4; i++) {
      deepest = "bash -c " + quote(deepest);
      tooDeep = "bash -c " + quote(tooDeep);
    }
    assertThat(ShellParser.parse(deepest).invocations())
        .last()
        .extracting(Invocation::program)
        .isEqualTo("rm");
    assertThat(refusal(tooDeep)).isEqualTo(Reason.TOO_DEEP);
  }

  @Test
  void aChainOfWrappersIsNesting() throws ShellParseException {
    assertThat(ShellParser.parse("sudo ".repeat(ShellParser.MAX_DEPTH) + "rm x").invocations())
        .hasSize(1);
    assertThat(refusal("sudo ".repeat(ShellParser.MAX_DEPTH + 1) + "rm x"))
        .isEqualTo(Reason.TOO_DEEP);
    assertThat(refusal("env -i ".repeat(ShellParser.MAX_DEPTH + 1) + "rm x"))
        .isEqualTo(Reason.TOO_DEEP);
  }

  @Test
  void wordsPastTheBoundAreRefusedOverEveryNestedReading() throws ShellParseException {
    int half = ShellParser.MAX_WORDS / 2;
    assertThat(ShellParser.parse("a ".repeat(ShellParser.MAX_WORDS)).invocations()).hasSize(1);
    assertThat(refusal("a ".repeat(ShellParser.MAX_WORDS + 1))).isEqualTo(Reason.TOO_MANY_WORDS);
    // bash -c and its string's words: each counts.
    assertThat(refusal("bash -c '" + "a ".repeat(half) + "' " + "b ".repeat(half)))
        .isEqualTo(Reason.TOO_MANY_WORDS);
    assertThat(refusal("a;".repeat(ShellParser.MAX_WORDS + 1))).isEqualTo(Reason.TOO_MANY_WORDS);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '→',
      quoteCharacter = '\u0000',
      textBlock =
          """
          echo 'abc                  → single quote
          echo "abc                  → double quote
          echo "a$(ls"               → double quote
          echo `ls                   → backquote
          echo $(ls                  → ( with no )
          echo ${x                   → ${
          echo $((1+2                → with no )
          (ls                        → ( with no )
          echo $'abc                 → $'
          echo "${x:-don't}"         → single quote
          cat <<EOF⏎body             → here-document with no line 'EOF'
          case x in a) ls;;          → case with no esac
          ls )                       → ) with no (
          echo a (b)                 → ( inside a command
          cat >                      → with no target
          bash -c 'echo "x'          → double quote
          python -c 'os.system("echo \\"x")' → double quote
          """)
  void anIncompleteCommandIsRefusedAsMalformed(String command, String says) {
    ShellParseException e =
        catchThrowableOfType(
            ShellParseException.class, () -> ShellParser.parse(command.replace("⏎", "\n")));
    assertThat(e).as(command).isNotNull();
    assertThat(e.reason()).isEqualTo(Reason.MALFORMED);
    assertThat(e.getMessage()).contains(says).contains("at character");
  }

  /** Each nested script sees the variables before it without copying them all. */
  @Test
  @Timeout(value = 2, unit = TimeUnit.SECONDS)
  void manyVariablesAndManyNestedScriptsComplete() throws ShellParseException {
    StringBuilder command = new StringBuilder();
    for (int i = 0; i < 4000; i++) {
      command.append("a").append(i).append("=1;");
    }
    command.append("eval x;".repeat(4000));
    assertThat(ShellParser.parse(command.toString()).invocations()).hasSize(8000);
  }

  /**
   * Inputs made to find a quadratic rescan or a deep recursion: each completes (refused or parsed).
   * The timeout is a safety net only; the benchmark measures speed.
   */
  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "$(",
        "\"",
        "'",
        "`",
        "(",
        "((",
        "$((",
        "${",
        "<(",
        "\\",
        "<<a ",
        "a[",
        "1",
        "{",
        "env ",
        "\"$(",
        "$'",
        "x=(",
        "case a in ",
        "for ",
        "[[ ",
        "sudo ",
        "xargs ",
        "eval ",
        "f() ",
        "$(( (",
        ";",
        "'a' ",
        "\"a\"",
        "\\\n",
        "1>",
        "#",
        "-exec ",
        "a=1;eval x;",
        "x=rm;$x ",
        "a=1;bash -c x;"
      })
  @Timeout(value = 2, unit = TimeUnit.SECONDS)
  void pathologicalInputsOfAHundredThousandCharactersComplete(String unit) {
    String command = unit.repeat(100_000 / unit.length());
    try {
      ShellParser.parse(command);
    } catch (ShellParseException refused) {
      assertThat(refused.reason()).isNotNull();
    }
    String prefixed = "find . -exec " + command;
    try {
      ShellParser.parse(prefixed);
    } catch (ShellParseException refused) {
      assertThat(refused.reason()).isNotNull();
    }
  }
}
