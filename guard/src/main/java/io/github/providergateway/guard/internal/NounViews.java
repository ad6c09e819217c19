package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A tool's command that names a body of records by a noun and only narrows it (decision 336, asks):
 * {@code vlogctl analytics --since 28d --by video --top 20}, {@code partsctl inventory --warehouse
 * W-12}, {@code roomctl availability --site leeds}, {@code stockctl positions --grower 20817}. A
 * noun is no act: the tool shows what it names, as {@code list} or {@code status} would. The noun
 * is known by its shape, not by a list of a trade's words: an ending that makes a noun of a state
 * or a body of records ({@code -ics}, {@code -ity}, {@code -ory}, {@code -ysis}, {@code -ancy},
 * {@code -logy}) or a plural ({@code results}, {@code vrps}).
 *
 * <p>Held back: a word any part of which is a verb the guard knows ({@code inventory-adjust};
 * {@code seats release} names its act last), a plural after another part ({@code reissue-barcodes}:
 * a verb no one knows, then its thing), a word not written out ({@code alarms $ACT}), an option not
 * long or a value of more than a word ({@code accounts -c "UPDATE …"}), everything ({@code --all})
 * or a place elsewhere ({@code --out s3://…}) named, an option that sets a quantity or a state
 * ({@code availability --block 40 --set 0}, {@code capacity --beds 0}, {@code priority --level 0})
 * and a bare long flag that sets a mode ({@code tanks --drain}, {@code payouts --now}).
 */
final class NounViews {
  private NounViews() {}

  /**
   * Whether {@code word}, a tool's last command word, names records by a noun that {@code args},
   * all the tool's words, only narrow.
   */
  static boolean shown(String word, List<Word> args) {
    return word != null
        && noun(word)
        && onlyNarrowed(word, args)
        && !setting(args)
        && !BareFlags.mode(args);
  }

  /**
   * Whether every word is written out (no {@code $ACT} that may be the act), the noun is followed
   * by long options and their one-word values alone (not {@code accounts -c "UPDATE …"}), none of
   * them everything ({@code --all}) nor a place elsewhere ({@code --out s3://…}, an address).
   */
  private static boolean onlyNarrowed(String word, List<Word> args) {
    int at = -1;
    for (int i = 0; i < args.size(); i++) {
      Word arg = args.get(i);
      String text = arg.text();
      if (!arg.literal()
          || text.contains("://")
          || text.indexOf('@') >= 0
          || ShapeWords.EVERYTHING.contains(text)
          || ShapeWords.EVERY_VALUES.contains(text)) {
        return false;
      }
      if (at < 0 && text.equals(word)) {
        at = i;
      }
    }
    if (at < 0) {
      return false;
    }
    boolean valueAllowed = false;
    for (int i = at + 1; i < args.size(); i++) {
      String text = args.get(i).text();
      if (text.startsWith("--") && text.length() > 2) {
        valueAllowed = text.indexOf('=') < 0;
      } else if (valueAllowed && !text.startsWith("-") && text.indexOf(' ') < 0) {
        valueAllowed = false;
      } else {
        return false;
      }
    }
    return true;
  }

  /**
   * The last of the command words at and after {@code from}: words that begin with a letter, before
   * the first option; {@code null} when there is none.
   */
  static String lastCommandWord(List<Word> args, int from) {
    String last = null;
    for (int i = Math.max(from, 0); i < args.size(); i++) {
      Word word = args.get(i);
      String text = word.text();
      if (!word.literal() || text.isEmpty() || !Character.isLetter(text.charAt(0))) {
        break;
      }
      last = text;
    }
    return last;
  }

  /** The endings that make a noun of a state or a body of records. */
  private static final List<String> NOUN_ENDINGS =
      List.of("ics", "ity", "ities", "ory", "ories", "ysis", "yses", "ancy", "ency", "logy");

  /** Whether a word is a noun by its shape, none of its parts a verb the guard knows. */
  static boolean noun(String word) {
    String text = word.toLowerCase(Locale.ROOT);
    if (text.length() > 40 || !text.chars().allMatch(c -> Character.isLetter(c) || c == '-')) {
      return false;
    }
    List<String> parts = ServiceVerbs.split(text);
    if (parts.isEmpty() || parts.stream().anyMatch(TradeVerbs::verb)) {
      return false;
    }
    String last = parts.get(parts.size() - 1);
    for (String ending : NOUN_ENDINGS) {
      if (last.length() >= ending.length() + 3 && last.endsWith(ending)) {
        return true;
      }
    }
    return parts.size() == 1 && plural(last);
  }

  /**
   * A plural: {@code results}, {@code vrps}; not {@code process}, {@code status}, {@code basis}.
   */
  private static boolean plural(String part) {
    return part.length() > 3
        && part.endsWith("s")
        && !part.endsWith("ss")
        && !part.endsWith("us")
        && !part.endsWith("is")
        && !TradeVerbs.verb(part.substring(0, part.length() - 1));
  }

  /**
   * The options that only say how much is shown or over what time: their number is a count or a
   * span, not a quantity set.
   */
  private static final Set<String> NARROWING =
      NameSet.of(
          "--top",
          "--limit",
          "--count",
          "--head",
          "--first",
          "--last",
          "--page",
          "--page-size",
          "--per-page",
          "--max-results",
          "--since",
          "--until",
          "--within",
          "--days",
          "--weeks",
          "--hours",
          "--minutes",
          "--window",
          "--lookback",
          "--past",
          "--next",
          "--upcoming");

  /**
   * A quantity: a small number, a decimal, a number with a unit ({@code 0}, {@code 41}, {@code
   * 2.5kg}).
   */
  private static final Pattern QUANTITY = Pattern.compile("[+-]?\\d{1,3}(\\.\\d+)?[a-z%]{0,4}");

  /**
   * Whether an option sets something: one named {@code --set…}, or one not of {@link #NARROWING}
   * given a quantity or a setting's value ({@code on}, {@code true}); an id of four digits or more
   * ({@code --grower 20817}) picks a record.
   */
  private static boolean setting(List<Word> args) {
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if (!text.startsWith("--")) {
        continue;
      }
      int eq = text.indexOf('=');
      String name = eq < 0 ? text : text.substring(0, eq);
      if (name.startsWith("--set")) {
        return true;
      }
      String value =
          eq >= 0 ? text.substring(eq + 1) : i + 1 < args.size() ? args.get(i + 1).text() : "";
      String lower = value.toLowerCase(Locale.ROOT);
      if (!NARROWING.contains(name)
          && (QUANTITY.matcher(lower).matches() || ProductionActs.settingValue(lower))) {
        return true;
      }
    }
    return false;
  }
}
