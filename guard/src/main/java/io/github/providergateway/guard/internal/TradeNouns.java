package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Set;

/**
 * A test's word that names a trade's own thing rather than a test's place (round 61): in a
 * laboratory a sample and a test are the work itself ({@code emctl sample edit --sample
 * EM-24-5581}, {@code limsctl result amend --test ASSAY-HPLC}), a grid sheds load by stage ({@code
 * adms disarm --stage all}) and a dissolution test has stages ({@code --stage S1}); a quality
 * department's records are named for it ({@code --doc SOP-QA-0012}, {@code --role QA_APPROVER}).
 * Such a word is a place only where it names one: {@code --stage dev}, {@code --test} alone, {@code
 * --env QA}, {@code load sample}.
 */
final class TradeNouns {
  private TradeNouns() {}

  /** The test words that are also things a trade holds, counts or goes through. */
  private static final Set<String> NOUNS =
      NameSet.of("test", "tests", "sample", "samples", "stage", "stages", "qa");

  /**
   * Whether {@code args}' word at {@code at} is a trade's noun, not a test's place: an option named
   * by one of {@link #NOUNS} given a value that is itself no place ({@code --stage all}; the value
   * is read on its own), one of them as a command word that a verb after it acts on ({@code sample
   * edit}), or a record's identifier in capitals ({@code SOP-QA-0012}) that no option choosing a
   * place is given.
   *
   * @param args a program's words
   * @param at the word's index
   * @return whether it names a trade's thing
   */
  static boolean at(List<Word> args, int at) {
    String text = args.get(at).text();
    String next = at + 1 < args.size() ? args.get(at + 1).text() : "";
    if (text.startsWith("--") && NOUNS.contains(text.substring(2))) {
      return !next.isEmpty() && !next.startsWith("-") && !place(next);
    }
    String option = at > 0 ? args.get(at - 1).text() : "";
    if (NOUNS.contains(text)) {
      return !option.startsWith("-") // --env test charge: the option's value
          && (verbWord(next) || at == 0 && groupActedOn(args));
    }
    return identifier(text) && !(option.startsWith("-") && TestPlaceNamed.choosesPlace(option));
  }

  /** The most command words read after a group's noun for the verb that acts on it. */
  private static final int GROUP_DEPTH = 3;

  /** Whether a command word acts: one of its parts is an acting verb ({@code mark-passed}). */
  private static boolean verbWord(String text) {
    return !text.startsWith("-")
        && text.length() < 64
        && ServiceVerbs.split(text).stream().anyMatch(TradeVerbs::verb);
  }

  /**
   * Whether the noun that is a tool's first command word names the group of commands a verb a few
   * words on acts in (round 67: {@code relctl qa mark-passed}, {@code idbr sample prn reset}): the
   * tool's sections of a quality department or of a survey's sample, not a test's place; a path, a
   * file or an option ends the command words.
   */
  private static boolean groupActedOn(List<Word> args) {
    for (int i = 1; i < args.size() && i <= GROUP_DEPTH; i++) {
      String text = args.get(i).text();
      if (text.startsWith("-") || text.indexOf('/') >= 0 || text.indexOf('.') >= 0) {
        return false;
      }
      if (verbWord(text)) {
        return true;
      }
    }
    return false;
  }

  /** A place's name: a test's, staging's, this machine's or production's. */
  private static boolean place(String text) {
    return TestPlaceNamed.testOrStagingWord(text)
        || text.length() < 128 && Environments.namesProduction(text);
  }

  /**
   * A record's or a role's identifier in capitals whose only test's or staging's part is {@code
   * QA}, quality assurance, a department of every regulated trade ({@code SOP-QA-0012}, {@code
   * QA_APPROVER}); {@code UAT-HO3-000123}, {@code PB-STG-01} and {@code TEST24-ITE-003} still name
   * a test's records.
   */
  private static boolean identifier(String text) {
    if (text.length() < 5
        || text.length() > 64
        || !text.matches("[A-Z0-9]+(?:[-_][A-Z0-9]+)+")
        || Environments.testName(text)) {
      return false;
    }
    boolean qa = false;
    for (String part : text.split("[-_]")) {
      if (part.equals("QA")) {
        qa = true;
      } else if (Environments.stagingHost(part)) {
        return false;
      }
    }
    return qa;
  }
}
