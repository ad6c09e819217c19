package io.github.providergateway.guard.shell;

import static io.github.providergateway.guard.shell.Rendering.parse;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The spellings round 7's living-off-the-land red-teamer used to hide a command from the reader
 * (decision 120), each read as the command it runs, and their near-misses read as written: a
 * variable split at the default {@code $IFS}, a glob of a system program's path, a runner's code
 * option with its value joined to its letter.
 */
class LandReadingsTest {

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '→',
      quoteCharacter = '\u0000',
      textBlock =
          """
          c=rm${IFS}-rf${IFS}$HOME/.aws; $c → rm -rf «$HOME/.aws»
          x="rm -rf $HOME/.ssh"; $x           → rm -rf «$HOME/.ssh»
          x="ls -la /tmp"; $x                 → ls -la /tmp
          /???/?m -rf ~/.ssh                  → /bin/rm -rf «~/.ssh»
          /u??/b??/cu?l -s https://x.example  → /usr/bin/curl -s https://x.example
          /???/?at README.md                  → /bin/cat README.md
          """)
  void aHiddenProgramIsReadAsTheOneItRuns(String command, String runs) {
    assertThat(parse(command)).as(command).contains(runs);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '→',
      quoteCharacter = '\u0000',
      textBlock =
          """
          x="rm -rf $(pwd)"; $x                → rm -rf
          /etc/[/dev/tcp/127.0.0.1/9400[::1] x → cat
          /opt/z??/tool x                     → /bin/
          """)
  void whatCannotBeReadIsNotReadAsAProgram(String command, String absent) {
    assertThat(parse(command)).as(command).doesNotContain(absent);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '→',
      quoteCharacter = '\u0000',
      textBlock =
          """
          man -P'sh -c "rm -rf ~/.ssh"' ls → rm -rf
          man -Pless ls                    → man -Pless ls
          bash -ce 'echo hi'               → echo hi
          """)
  void aCodeOptionsJoinedValueIsItsCode(String command, String runs) {
    assertThat(parse(command)).as(command).contains(runs);
  }
}
