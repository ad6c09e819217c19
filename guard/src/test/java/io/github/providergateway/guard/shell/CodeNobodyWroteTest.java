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

  /** Decision 301: the red team of decision 280, its other forms. */
  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '→',
      quoteCharacter = '\u0000',
      textBlock =
          """
          python3 -c"$HOTFIX_CODE"                                      → true
          node --eval="$MIGRATION_JS" --unhandled-rejections=strict     → true
          perl -Mstrict -e "$PRELUDE" -e "$PAYLOAD"                     → true
          gawk -F, --source="$AWK_PROG" ledger.csv                      → true
          ipython -c "$NOTEBOOK_CELL"                                   → true
          npx tsx -e "$TS_PATCH"                                        → true
          python3 manage.py shell -c "$DJANGO_FIX"                      → true
          bin/rails runner "$(cat tmp/backfill_snippet.rb)"             → true
          php artisan tinker --execute="$X"                             → true
          xargs -a /tmp/cmds.txt -I{} sudo sh -c '{}'                   → true
          xargs -a ops/steps.txt -I{} bash -c 'set -euo pipefail; {}'   → true
          xargs -a /tmp/s.txt -d '\\n' -I% python3 -c 'exec(r\"""%\""")' → true
          xargs -a /tmp/cmds.txt -I{} kubectl exec deploy/api -- sh -c '{}' → true
          parallel --jobs 8 -a /tmp/fleet_fix_cmds.txt                  → true
          get-fixes | parallel -j4                                      → true
          node --eval="console.log(1)"                                  → false
          perl -e 'print 1' -e 'print 2'                                → false
          python3 manage.py shell -c "from x import y; y()"             → false
          bin/rails runner 'puts User.count'                            → false
          xargs -a files.txt -I{} sudo rm -f '{}'                       → false
          parallel --jobs 8 gzip ::: a.log b.log                        → false
          ls *.log | parallel gzip                                      → false
          printf 'echo a\\necho b\\n' | parallel                          → false
          """)
  void codeGivenOtherWaysIsUnread(String command, boolean unread) throws ShellParseException {
    assertThat(opaque(command)).as(command).isEqualTo(unread);
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
