package io.github.providergateway.guard.shell;

import static io.github.providergateway.guard.shell.Rendering.parse;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What ssh hands the remote side on its input (decision 100): a here-document or piped text is read
 * as code where the remote command runs it (a shell, none at all, Python), and as data where it
 * does not ({@code cat > file}, {@code tar x}).
 */
class RemoteInputsTest {

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '→',
      quoteCharacter = '\u0000',
      textBlock =
          """
          ssh h bash -s <<'EOF'\\nrm -rf x\\nEOF       → ssh rm -rf x
          ssh h <<'EOF'\\nrm -rf x\\nEOF               → ssh rm -rf x
          ssh h 'sudo sh' <<'EOF'\\nrm -rf x\\nEOF     → ssh rm -rf x
          echo 'rm -rf x' | ssh h                      → ssh rm -rf x
          echo 'rm -rf x' | balena ssh 7f3a9c2e        → ssh rm -rf x
          ssh h python3 - <<'EOF'\\nimport os\\nEOF    → ssh python3 -c
          """)
  void theRemoteShellsInputIsReadAsCode(String command, String fed) {
    assertThat(parse(command.replace("\\n", "\n")).split("\n"))
        .as(command)
        .anyMatch(line -> line.startsWith(fed) || line.contains(">" + fed));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '→',
      quoteCharacter = '\u0000',
      textBlock =
          """
          ssh h 'cat > /tmp/x' <<'EOF'\\nrm -rf x\\nEOF → rm -rf x
          echo 'rm -rf x' | ssh h 'tar xf -'            → rm -rf x
          echo 'rm -rf x' | balena logs 7f3a9c2e        → rm -rf x
          """)
  void dataHandedToAnotherCommandIsNotRead(String command, String notRun) {
    assertThat(parse(command.replace("\\n", "\n")).split("\n"))
        .as(command)
        .noneMatch(line -> line.endsWith(notRun) && line.contains("ssh"));
  }
}
