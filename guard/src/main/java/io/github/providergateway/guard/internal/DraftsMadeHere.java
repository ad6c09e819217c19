package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A tool's command whose product is a draft or a trial written here (decision 336, asks): {@code
 * privlog generate … --draft --out out/privlog_draft.xlsx}, {@code ballotforge proof … --out
 * /tmp/proof_214B.pdf}, {@code matchctl train --data tests/fixtures/x.parquet --out /tmp/exp42}.
 * Its product goes into a file on this machine ({@link ProjectToolActs#writesHere}), and the call
 * says it is not the real thing: a draft, a proof or a preview is asked for, or the tool is fed
 * test data. A company's tool whose verb the guard does not know ({@code
 * shapes.company-tool-command}) is then working a thing out for the person to look at, not acting
 * on the trade's systems.
 *
 * <p>An output alone is no excuse ({@code roster swap --out /tmp/swap.json} still swaps), nor is a
 * log kept of what the tool did ({@code > run.log 2>&1}).
 */
final class DraftsMadeHere {
  private DraftsMadeHere() {}

  /** Whether {@code step} writes a draft's or a trial's product into a file here. */
  static boolean made(Step step, List<Word> args) {
    return ProjectToolActs.writesHere(step, args) && (draftSaid(args) || testDataFed(args));
  }

  /** The word parts that name a product not yet the real one. */
  private static final Set<String> DRAFTS =
      NameSet.of("draft", "drafts", "proof", "proofs", "preview", "previews", "mockup");

  /** Whether a flag, a command word or a file's name asks for a draft, a proof or a preview. */
  private static boolean draftSaid(List<Word> args) {
    for (Word word : args) {
      String text = word.text().toLowerCase(Locale.ROOT);
      String name = text.substring(text.lastIndexOf('/') + 1);
      int dot = name.lastIndexOf('.');
      name = dot > 0 ? name.substring(0, dot) : name;
      for (String part : ServiceVerbs.split(name.replaceFirst("^-+", ""))) {
        if (DRAFTS.contains(part)) {
          return true;
        }
      }
    }
    return false;
  }

  /** The folders that hold a project's test data. */
  private static final Set<String> TEST_FOLDERS =
      NameSet.of("fixtures", "testdata", "test-data", "test_data", "__fixtures__");

  /** Whether a path among the words lies in a folder of test data ({@code tests/fixtures/…}). */
  private static boolean testDataFed(List<Word> args) {
    for (Word word : args) {
      String text = word.text();
      int eq = text.indexOf('=');
      String path = text.startsWith("--") && eq > 0 ? text.substring(eq + 1) : text;
      if (path.contains("://")) {
        continue;
      }
      for (String segment : path.split("/", -1)) {
        if (TEST_FOLDERS.contains(segment.toLowerCase(Locale.ROOT))) {
          return true;
        }
      }
    }
    return false;
  }
}
