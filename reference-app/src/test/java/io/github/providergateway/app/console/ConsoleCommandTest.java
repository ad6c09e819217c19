package io.github.providergateway.app.console;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The one list of console commands that help, completion and "did you mean" read. */
class ConsoleCommandTest {

  @Test
  void helpListsEveryCommandWithItsArgumentsInOneColumn() {
    String help = ConsoleCommand.help();

    for (String word : ConsoleCommand.words()) {
      assertThat(help).containsPattern("(?m)^  " + java.util.regex.Pattern.quote(word) + "[ <\\[]");
    }
    assertThat(help).contains("  call <tool> [json]            call a tool");
    assertThat(help)
        .contains("  interrupt                     cancel the current session's calls in flight");
  }

  /** Issue 34: a usage longer than its column ran into its summary ("...[last=N]the gateway's"). */
  @Test
  void aUsageLongerThanItsColumnHasItsSummaryOnTheNextLine() {
    String help = ConsoleCommand.help();

    assertThat(help)
        .contains(
            "  audit [kind] [provider=P] [tool=T] [last=N]\n"
                + " ".repeat(32)
                + "the gateway's latest decisions");
    assertThat(help).doesNotContainPattern("\\S(the gateway's latest|yes to a gate)");
  }

  @Test
  void commandsAreFoundByWordAnyCaseOrAlias() {
    assertThat(ConsoleCommand.named("CALL")).contains(ConsoleCommand.CALL);
    assertThat(ConsoleCommand.named("exit")).contains(ConsoleCommand.QUIT);
    assertThat(ConsoleCommand.named("?")).contains(ConsoleCommand.HELP);
    assertThat(ConsoleCommand.named("cal")).isEmpty();
  }
}
