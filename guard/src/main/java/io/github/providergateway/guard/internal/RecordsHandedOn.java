package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Records, or what a company's system answered, handed on in one call (decision 310), in forms that
 * recurred across round 55's writers: a conversation printed by the company's tool and posted to a
 * chat's hook ({@code hlctl msgs get … | jq … | curl --data @- "$SLACK_WEBHOOK"}), an export or a
 * tool's answer put in an issue's body ({@code gh issue create --body "$(cat
 * exports/safeguarding/SR-2291.json)"}), and a file of records given to a model vendor's command
 * line ({@code openai api files.create -f exports/pupil_progress.jsonl}, {@code head -n 50000
 * exports/segments.csv | llm …}). What is handed on is read where the call reads it: a company's
 * tool ({@link UnnamedToolActs#unnamed}, {@link TradeToolCommands#companyTool}), a database's
 * client, or a reader ({@code cat}, {@code head}, {@code tail}, {@code jq}) of a file of records
 * ({@link RecordsCopiedOut#records}); a message the call writes itself ({@code echo
 * '{"text":"deploy done"}'}) and a test's or made-up data are none.
 */
final class RecordsHandedOn {
  private RecordsHandedOn() {}

  /** The programs that print a file they are given. */
  private static final Set<String> READERS =
      NameSet.of("cat", "head", "tail", "jq", "zcat", "gzip", "cut", "xsv", "csvcut", "sed");

  /** The model vendors' command lines. */
  private static final Set<String> MODEL_CLIS =
      NameSet.of("openai", "llm", "aichat", "sgpt", "mods", "fabric", "ollama-remote");

  /** The options of a model's command line that name a file it sends. */
  private static final Set<String> FILE_OPTIONS =
      NameSet.of(
          "-f",
          "--file",
          "-t",
          "--training-file",
          "--training_file",
          "-a",
          "--attachment",
          "--input",
          "-i");

  /** The options of gh's issue and pull request commands that give a body. */
  private static final Set<String> BODY_OPTIONS = NameSet.of("--body", "-b", "--body-file", "-F");

  /**
   * Whether another program of the call reads records or a company system's answer ({@link
   * RecordsHandedOn above}): what a pipe or a substitution then hands on.
   */
  static boolean readsRecords(Scan scan, Step except) {
    return readsRecords(scan, except, true);
  }

  /**
   * As {@link #readsRecords(Scan, Step)}, a company tool's answer counted or not: a model's command
   * line fed a tool's listing ({@code hrctl staff list | llm 'format as a table'}) is decision
   * 193's to weigh, by the data's words, not this reading's.
   */
  private static boolean readsRecords(Scan scan, Step except, boolean companyTools) {
    for (Step step : scan.steps()) {
      if (step == except) {
        continue;
      }
      String program = step.program();
      if (READERS.contains(program)) {
        for (Word word : step.args()) {
          String text = word.text();
          if (!text.startsWith("-") && RecordsCopiedOut.records(text)) {
            return true;
          }
        }
      } else if (DatabaseTargets.ofTheTrade(step) && !DatabaseTargets.interpreter(step)
          || companyTools
              && UnnamedToolActs.unnamed(scan, step)
              && TradeToolCommands.companyTool(scan.source(), step)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether a model vendor's command line is given a file of records ({@code -f exports/x.jsonl})
   * or fed them by another program of the call.
   */
  static boolean toModel(Scan scan, Step step) {
    if (!MODEL_CLIS.contains(step.program())) {
      return false;
    }
    List<Word> args = step.args();
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      int eq = text.indexOf('=');
      String option = eq > 0 ? text.substring(0, eq) : text;
      String value =
          eq > 0 ? text.substring(eq + 1) : i + 1 < args.size() ? args.get(i + 1).text() : "";
      if (FILE_OPTIONS.contains(option) && RecordsCopiedOut.records(value)) {
        return true;
      }
    }
    return readsRecords(scan, step, false);
  }

  /**
   * Whether a file is a table of records ({@link RecordsCopiedOut#records}) and not a document an
   * API answered ({@code /tmp/repo.json}), unless a folder of exports holds it.
   */
  private static boolean tableOfRecords(String file) {
    String lower = file.toLowerCase(Locale.ROOT);
    boolean document = lower.endsWith(".json") || lower.endsWith(".xml");
    return RecordsCopiedOut.records(file)
        && (!document || lower.contains("export") || lower.contains("dump"));
  }

  /**
   * Whether gh puts records or a company system's answer in an issue's or a pull request's body or
   * comment: {@code --body-file exports/x.json}, or a body the call's substitution fills.
   */
  static boolean toTracker(Scan scan, Step step) {
    List<Word> args = step.args();
    if (!step.program().equals("gh") || args.size() < 2) {
      return false;
    }
    String noun = args.get(0).text().toLowerCase(Locale.ROOT);
    if (!noun.equals("issue") && !noun.equals("pr")) {
      return false;
    }
    for (int i = 1; i < args.size(); i++) {
      String text = args.get(i).text();
      int eq = text.indexOf('=');
      String option = eq > 0 ? text.substring(0, eq) : text;
      if (!BODY_OPTIONS.contains(option)) {
        continue;
      }
      Word value = eq > 0 ? args.get(i) : i + 1 < args.size() ? args.get(i + 1) : null;
      if (value == null) {
        continue;
      }
      String body = eq > 0 ? text.substring(eq + 1) : value.text();
      if ((option.equals("--body-file") || option.equals("-F")) && tableOfRecords(body)) {
        return true;
      }
      if (!value.literal() && readsRecords(scan, step)) {
        return true; // --body "$(cat exports/SR-2291.json)", "$(hlctl msgs get …)"
      }
    }
    return false;
  }
}
