package io.github.providergateway.guard.shell;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.shell.syntax.ShellParseException;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Code an interpreter or a shell runs that the command does not write (decision 280): inline code
 * computed whole ({@code python3 -c "$CODE"}), and code xargs reads from a file or a pipe ({@code
 * xargs -a cmds.txt sh -c}). Code with a value put in, or xargs handing its input to code that is
 * written, is still read.
 */
class CodeNobodyWroteTest {

  @ParameterizedTest
  @ValueSource(strings = {"$CODE", "${SCRIPT}", "$(cat payload.py)", "`get-code`", "$A $B", "$1"})
  void textOfExpansionsAloneIsComputedWhole(String text) {
    assertThat(ComputedText.whole(text)).isTrue();
  }

  @ParameterizedTest
  @ValueSource(strings = {"print('$NAME')", "$CODE; print(1)", "x$Y", "", "$", "$(unclosed"})
  void textWithAnythingWrittenIsNot(String text) {
    assertThat(ComputedText.whole(text)).isFalse();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '\u0000',
      textBlock =
          """
          python3 -c "$CODE"               | true
          node -e "$(cat /tmp/payload.js)" | true
          perl -e "$P" data.txt            | true
          python3 -c "print('$NAME')"      | false
          python3 -c 'print(1)'            | false
          python3 -c "import os, sys; $FIX" | true
          python3 -c "print('a'); $FIX"     | true
          python3 -c "x = '$A'; print(x)"   | false
          """)
  void inlineCodeComputedWholeIsUnread(String command, boolean unread) throws ShellParseException {
    assertThat(opaque(command)).as(command).isEqualTo(unread);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '→',
      quoteCharacter = '\u0000',
      textBlock =
          """
          xargs -a /tmp/cmds sh -c                     → true
          xargs -a /tmp/cmds -I{} bash -c '{}'         → true
          xargs -a /tmp/cmds -I % bash -c "% --force"  → true
          cat jobs.txt | xargs -P4 -I{} python3 -c '{}' → true
          xargs eval < /tmp/cmds                       → true
          xargs -a files.txt grep -n TODO              → false
          xargs -a files.txt -I{} sh -c 'wc -l {}'     → false
          """)
  void codeXargsReadsIsUnread(String command, boolean unread) throws ShellParseException {
    assertThat(opaque(command)).as(command).isEqualTo(unread);
  }

  @ParameterizedTest
  @ValueSource(strings = {"sh -c", "bash -ec", "python3 -c", "eval"})
  void xargsHandsItsInputAsCodeTo(String command) throws ShellParseException {
    assertThat(XargsCode.runsInput(words(command), null)).isTrue();
  }

  @ParameterizedTest
  @ValueSource(strings = {"rm", "sh", "bash script.sh", "python3 tool.py", "sh -c 'wc -l'"})
  void xargsHandsItsInputAsArgumentsTo(String command) throws ShellParseException {
    assertThat(XargsCode.runsInput(words(command), null)).isFalse();
  }

  private static boolean opaque(String command) throws ShellParseException {
    return ShellParser.parse(command).opaque().stream()
        .anyMatch(
            o -> o.kind() == Opaque.Kind.COMPUTED_CODE || o.kind() == Opaque.Kind.COMPUTED_INPUT);
  }

  private static List<Word> words(String command) throws ShellParseException {
    return ShellParser.parse(command).invocations().get(0).words();
  }

  @org.junit.jupiter.api.Test
  void codeAValueOrAProgramGivesOnItsInputIsUnread() throws ShellParseException {
    assertThat(opaque("python3 - <<EOF\n$CLEANUP_SCRIPT\nEOF")).isTrue();
    assertThat(opaque("jq -r '.steps[].python' ops/runbook.json | python3 -")).isTrue();
    assertThat(opaque("python3 - <<'EOF'\n$CLEANUP_SCRIPT\nEOF")).isFalse();
    assertThat(opaque("python3 - <<EOF\nprint('$NAME')\nEOF")).isFalse();
    assertThat(opaque("echo 'print(1)' | python3 -")).isFalse();
    assertThat(opaque("cat tools/fix.py | python3 -")).isFalse();
  }
}
