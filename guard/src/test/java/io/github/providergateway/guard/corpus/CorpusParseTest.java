package io.github.providergateway.guard.corpus;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.shell.ShellParser;
import io.github.providergateway.guard.shell.syntax.ShellParseException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The corpus's {@code unreadable} labels agree with the parser: it refuses exactly the shell cases
 * labelled so (past a bound, or unterminated) and reads every other, so a case counts in the figure
 * it was written for.
 */
class CorpusParseTest {

  @Test
  void theParserRefusesExactlyTheCasesLabelledUnreadable() {
    List<String> disagree = new ArrayList<>();
    for (CorpusCase c : GuardCorpus.load().cases()) {
      if (!c.tool().equals("shell")) {
        continue;
      }
      boolean labelled = "unreadable".equals(c.family());
      boolean refused;
      try {
        ShellParser.parse(c.subject());
        refused = false;
      } catch (ShellParseException e) {
        refused = true;
      }
      if (refused != labelled) {
        disagree.add(c.id() + (refused ? " refused" : " read"));
      }
    }
    assertThat(disagree).isEmpty();
  }
}
