package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * What an act's own words say of its reach, read by the shapes (decisions 147 and 148) for any
 * trade: every one of something named as an option's scope, a check it is told to skip, and the
 * project's own tool told to go live. Words are {@link ShapeWords}'s data ({@code everything},
 * {@code everyValues}, {@code waivingParts}, {@code waivingAlone}, {@code checkParts}); a server's
 * tool's arguments are read the same way ({@link ToolScopes}).
 */
final class ActReach {
  private ActReach() {}

  /**
   * Every one of something named as an option's scope (decision 147): {@code --all-cards}, {@code
   * --vehicles all}, {@code --carrier=ALL}, {@code --sellers '*'}.
   */
  static boolean everyOne(List<Word> args) {
    for (int i = 0; i < args.size() && i < 4 * ShapeWords.SCAN; i++) {
      String text = args.get(i).text();
      if (text.length() > 40 || !text.startsWith("--")) {
        continue;
      }
      if (text.startsWith("--all-") || text.startsWith("--all_")) {
        return true;
      }
      int eq = text.indexOf('=');
      if (eq > 2) {
        if (ShapeWords.EVERY_VALUES.contains(text.substring(eq + 1))) {
          return true;
        }
      } else if (i + 1 < args.size() && ShapeWords.EVERY_VALUES.contains(args.get(i + 1).text())) {
        return true;
      }
    }
    return false;
  }

  /**
   * An option that tells an act to skip one of its checks (decision 147): a waiving part ({@code
   * skip}, {@code no}, {@code waive}, {@code bypass}…) before a check's ({@code --skip-match},
   * {@code --waive-payment-check}, {@code --skip_contamination_check}), or a force or an allowance
   * of what is not done ({@code --allow-uncertified-operators}, {@code --force-unshipped}).
   */
  static boolean waivesCheck(List<Word> args) {
    for (int i = 0; i < args.size() && i < 4 * ShapeWords.SCAN; i++) {
      String text = args.get(i).text();
      if (text.length() > 48 || !text.startsWith("--")) {
        continue;
      }
      int eq = text.indexOf('=');
      List<String> parts = ServiceVerbs.split(eq > 0 ? text.substring(2, eq) : text.substring(2));
      if (waives(parts) && !DisclosureControls.holdsBack(parts, args, i)) {
        return true; // not --suppress-below 10: small cells held back (decision 336)
      }
    }
    return false;
  }

  /**
   * Whether a name's parts waive a check: a waiving part before a check's, or {@code force}/{@code
   * allow} before what is not done ({@code un…ed}).
   */
  static boolean waives(List<String> parts) {
    if (parts.size() < 2) {
      return false;
    }
    String first = parts.get(0);
    if (ShapeWords.WAIVING_ALONE.contains(first)) {
      return true; // --override-legality, --waive-fee: whatever follows is waived
    }
    if (ShapeWords.WAIVING_PARTS.contains(first)) {
      for (int p = 1; p < parts.size(); p++) {
        if (checkPart(parts.get(p))) {
          return true;
        }
      }
      return false;
    }
    String next = parts.get(1);
    return (first.equals("force") || first.equals("allow"))
        && next.startsWith("un")
        && next.endsWith("ed")
        && next.length() > 5;
  }

  /**
   * A part of a name that is a check's: one of {@code checkParts}, or a word that ends in {@code
   * check} ({@code bgcheck}, {@code precheck}, {@code creditcheck}).
   */
  static boolean checkPart(String part) {
    return ShapeWords.CHECK_PARTS.contains(part)
        || part.length() > 5 && (part.endsWith("check") || part.endsWith("checks"));
  }

  /**
   * Whether the project's own tool is told to do its act for real (decision 148): a flag of {@code
   * goLiveFlags} that answers its question or turns its preview off ({@code --yes}, {@code
   * --confirm}, {@code --commit}, {@code --execute}, {@code --send}, {@code --publish}…), in any
   * case; and (decision 152) its question answered on its input ({@code yes | ./bin/x delete …},
   * {@code printf 'y\n' | …}), an environment variable the call sets that answers it or turns its
   * preview off ({@code CREWCTL_ASSUME_YES=1}, {@code DRY_RUN=0}), or a check waived by one ({@code
   * FREIGHTAUDIT_SKIP_MATCH=1}), or its options in a file ({@code @/tmp/x.args}) the guard does not
   * read. The caller asks for the acting command word it goes with.
   */
  static boolean toldToGoLive(Scan scan, List<Word> args) {
    for (Word word : args) {
      String text = word.text();
      int eq = text.indexOf('=');
      String option = eq > 0 ? text.substring(0, eq) : text;
      if (option.length() < 40 && ShapeWords.GO_LIVE.contains(option.toLowerCase(Locale.ROOT))) {
        return true;
      }
      if (optionsFile(text)) {
        return true; // freightaudit approve @/tmp/fa.args: options out of sight
      }
    }
    return answeredYes(scan) || CallEnvironment.goesLive(scan);
  }

  /**
   * An argument that names a file of options: {@code @/tmp/fa.args}, {@code @args.txt}; not a
   * server given as {@code @host} ({@code dig … @ns1.example.net}: round 20's cloud-018).
   */
  private static boolean optionsFile(String text) {
    return text.length() > 2
        && text.length() < 256
        && text.charAt(0) == '@'
        && text.indexOf('@', 1) < 0
        && (text.indexOf('/') > 0
            || text.indexOf('.') > 1 && !SharedActs.hostLike(text.substring(1)));
  }

  /**
   * Whether the word at {@code i} is a path given as an option's value ({@code --log /tmp/x.log},
   * {@code --out=/tmp/r.txt}): where the program writes what it tells or reads its input, whose
   * folder ({@code /tmp}) says nothing of what it acts on (decision 152: such a word made a fleet's
   * disable read as test data); a relative path to a file of data too (decision 156), and a key's,
   * a certificate's or an image's file the command installs ({@link InstalledFiles}).
   */
  static boolean optionsFileValue(List<Word> args, int i) {
    String text = args.get(i).text();
    int eq = text.indexOf('=');
    if (text.startsWith("--") && eq > 2 && eq + 1 < text.length()) {
      String value = text.substring(eq + 1);
      return value.charAt(0) == '/' || dataFile(value) || InstalledFiles.named(value);
    }
    String option = i > 0 ? args.get(i - 1).text() : "";
    return (text.startsWith("/") || dataFile(text) || InstalledFiles.named(text))
        && option.startsWith("-")
        && option.length() > 1
        && option.indexOf('=') < 0;
  }

  /**
   * A relative path to a file of data ({@code tmp/appeals.csv}, {@code out/report.json}): the
   * program's input or output, whose folder ({@code tmp}, {@code test}) says nothing of where it
   * acts (decision 156). A settings file ({@code config/test.yaml}) is not one: it may choose the
   * place.
   */
  private static boolean dataFile(String text) {
    if (text.length() > 512 || text.indexOf('/') <= 0 || text.contains("://")) {
      return false;
    }
    return dataName(text.substring(text.lastIndexOf('/') + 1));
  }

  /** Whether a file's name ends as a file of data's does: {@code appeals.csv}. */
  static boolean dataName(String name) {
    int dot = name.lastIndexOf('.');
    return dot > 0 && DATA_EXTENSIONS.contains(name.substring(dot + 1).toLowerCase(Locale.ROOT));
  }

  private static final java.util.Set<String> DATA_EXTENSIONS =
      NameSet.of(
          "csv", "tsv", "txt", "json", "jsonl", "ndjson", "xlsx", "xls", "parquet", "log", "out");

  /** Whether the call answers a question on a program's input: {@code yes |}, {@code echo y |}. */
  private static boolean answeredYes(Scan scan) {
    String source = scan.source();
    if (source == null || source.indexOf('|') < 0) {
      return false;
    }
    for (Step step : scan.steps()) {
      if (step.program().equals("yes")) {
        return true;
      }
      if (step.is(ProgramKind.ECHO) && !step.program().equals("cat")) {
        for (String arg : step.invocation().args()) {
          String answer = arg.replace("\\n", "").strip().toLowerCase(Locale.ROOT);
          if (answer.equals("y") || answer.equals("yes")) {
            return true;
          }
        }
      }
    }
    return false;
  }

  /**
   * Whether one of the options is given, alone or with its value ({@code --yes}, {@code
   * --payload=…}).
   *
   * @param args the program's words
   * @param options the options' names
   * @return whether one is among the words
   */
  static boolean hasOption(List<Word> args, Set<String> options) {
    for (Word word : args) {
      String text = word.text();
      int eq = text.indexOf('=');
      if (options.contains(eq > 0 ? text.substring(0, eq) : text)) {
        return true;
      }
    }
    return false;
  }

  static boolean everything(List<Word> args) {
    for (Word word : args) {
      if (ShapeWords.EVERYTHING.contains(word.text())) {
        return true;
      }
    }
    return false;
  }
}
