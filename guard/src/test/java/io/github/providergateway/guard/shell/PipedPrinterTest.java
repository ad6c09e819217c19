package io.github.providergateway.guard.shell;

import static io.github.providergateway.guard.shell.Rendering.parse;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What a pipe feeds a shell: the resolver reads the text of the printer nearest the pipe, and for a
 * printer whose output is a substitution's ({@code echo $(echo …)}, {@code cat <(echo …)}) that is
 * the command within; a here-document's substitutions, read after the line, are no printer of it.
 */
class PipedPrinterTest {

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '→',
      quoteCharacter = '\u0000',
      textBlock =
          """
          echo $(echo rm -rf /) | sh       → pipe rm -rf /
          cat <(echo rm x) | sh            → pipe rm x
          { echo a; echo rm x; } | sh      → pipe rm x
          cat <<EOF | sh\\n$(echo a)\\nrm x\\nEOF → pipe rm x
          """)
  void theShellIsFedThePrinterNearestThePipe(String command, String fed) {
    assertThat(parse(command.replace("\\n", "\n")).split("\n")).as(command).contains(fed);
  }
}
