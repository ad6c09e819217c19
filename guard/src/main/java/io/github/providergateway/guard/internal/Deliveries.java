package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.List;

/**
 * The project's own tool that sends what it made to someone, given only options (decision 216):
 * {@code python -m pipeline.deliver --volume HALC-PROD-004 --to opposing-counsel}, {@code python -m
 * pipeline.produce --matter HALC-2024-031 --volume HALC-PROD-004 --deliver}. Such a tool has no
 * command word for {@link ProjectToolActs} to read; its name or a flag says what it does: a
 * production delivered to the other side cannot be recalled. A name or a flag sends when its first
 * part is one of {@link #SENDING} ({@code send_notices}, {@code --deliver}); a dry run, a test
 * place or test data named still let it through ({@link ProductionActs#unreadActWhere}, {@link
 * ProjectToolActs}).
 */
final class Deliveries {
  private Deliveries() {}

  /**
   * Whether the tool of {@code step}, whose own words are {@code args}, sends by its name or by a
   * flag.
   *
   * @param step the program
   * @param args the tool's own words, a script's after its path
   * @return whether it says it sends
   */
  static boolean sends(Step step, List<Word> args) {
    String name = ScriptRun.runs(step) ? ProductionActs.scriptName(step.args()) : step.program();
    List<String> parts = ServiceVerbs.split(name);
    if (name.length() < 64 && sending(parts)) {
      // send_test_email.py: a tool named for a test sends to its tester
      return !Environments.testName(name)
          && parts.stream().noneMatch(ShapeWords.TEST_WORDS::contains);
    }
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      boolean flag = i + 1 == args.size() || args.get(i + 1).text().startsWith("-");
      if (flag
          && text.startsWith("--")
          && text.indexOf('=') < 0
          && text.length() < 40
          && sending(ServiceVerbs.split(text.substring(2)))) {
        return true; // --deliver, --send-now
      }
    }
    return false;
  }

  /** Whether the first of {@code parts} is a word of {@link #SENDING}. */
  private static boolean sending(List<String> parts) {
    return !parts.isEmpty() && SENDING.contains(parts.get(0));
  }

  /**
   * The words that send what a tool made to someone else, first in its name or its flag; not the
   * wider {@code sendingOptions} ({@code replace}, {@code overwrite}, {@code approve}: a local
   * script's names as often).
   */
  private static final java.util.Set<String> SENDING =
      io.github.providergateway.guard.shell.internal.NameSet.of(
          "send", "deliver", "transmit", "submit", "email", "mail");
}
