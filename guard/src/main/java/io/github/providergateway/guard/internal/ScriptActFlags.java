package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A flag that is the act of a project's script given only options (session 19, for {@link
 * ProjectToolActs}): {@code settlements.sh --batch 2025-03 --pay}, {@code vat_return.py --quarter
 * 2025-Q1 --file}, {@code kundendaten.py --vor 2020-01-01 --loeschen}, {@code tm-merge.py … -o …
 * --delete-inputs}. Such a script previews by default and acts when told ({@link ToolNamedForAct});
 * where the flag that tells it names the act, whatever the script's name and in whichever language,
 * the call acts. A flag is an option with no value after it, or a yes; its first part pays, files,
 * destroys ({@code strongVerbs}) or, in another language, sends or destroys ({@link
 * ForeignActVerbs}); or the command given as an option's value in another language ({@code
 * --action=envoyer}). A developer's script ({@code clean.sh --purge}, {@link DevelopersCommand})
 * and a script whose name reads are not read so; sending flags are {@link Deliveries}'.
 */
final class ScriptActFlags {
  private ScriptActFlags() {}

  /**
   * Whether a flag among the script's own words names its act.
   *
   * @param step the program, the project's own tool ({@link ProjectTools#own})
   * @param args the script's own words
   * @return whether it is told by a flag to act
   */
  static boolean said(Step step, List<Word> args) {
    String name = Deliveries.bareName(step);
    List<String> nameParts = ServiceVerbs.split(name);
    if (name.isEmpty()
        || name.length() > 64
        || DevelopersCommand.named(name)
        || ProjectToolActs.namedForRead(name)
        || nameParts.stream().anyMatch(LEFTOVERS::contains)) {
      return false;
    }
    for (int i = 0; i < args.size(); i++) {
      Word word = args.get(i);
      String text = word.text();
      String next = i + 1 < args.size() ? args.get(i + 1).text() : "-";
      if (!word.literal() || !text.startsWith("-") || text.length() > 40) {
        continue;
      }
      String given = CommandOptions.value(text); // --action=envoyer
      if (given == null && CommandOptions.named(text) && !next.startsWith("-")) {
        given = next; // --action envoyer
      }
      if (given != null) {
        if (ForeignActVerbs.verb(ServiceVerbs.split(given).get(0))) {
          return true;
        }
        continue;
      }
      int eq = text.indexOf('=');
      boolean on =
          eq > 0
              ? Deliveries.YES.contains(text.substring(eq + 1).toLowerCase(Locale.ROOT))
              : next.startsWith("-")
                  || Deliveries.YES_WORDS.contains(next.toLowerCase(Locale.ROOT));
      if (on
          && text.startsWith("--")
          && acting(eq > 0 ? text.substring(2, eq) : text.substring(2))) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether a flag's words pay, file or destroy, in English or another language, or put a trade's
   * verb to every one ({@code --mark-all-matched}; not {@code --update-all}, a developer's
   * refresh).
   */
  private static boolean acting(String option) {
    List<String> parts = ServiceVerbs.split(option);
    String first = parts.get(0);
    return ACTS.contains(first)
        || ShapeWords.STRONG.contains(first)
        || ForeignActVerbs.sendsOrDestroys(first)
        || TradeVerbs.verb(first)
            && !REFRESHES.contains(first)
            && parts.stream().anyMatch(ALL::contains);
  }

  /** Flags' first parts that pay, file or disclose: what a script previews until told. */
  private static final Set<String> ACTS =
      NameSet.of(
          "pay",
          "payout",
          "disburse",
          "remit",
          "settle",
          "charge",
          "refund",
          "file",
          "disclose",
          "activate");

  /** Verbs a developer's script puts to all of its own things: snapshots, translations, deps. */
  private static final Set<String> REFRESHES =
      NameSet.of(
          "update", "sync", "rebuild", "migrate", "import", "add", "write", "fix", "format",
          "refresh", "restart", "start", "stop", "reset", "clear", "flush");

  /** What a developer's own run leaves behind, which a script named for it may clear. */
  private static final Set<String> LEFTOVERS =
      NameSet.of("cache", "caches", "tmp", "temp", "artifacts", "dist", "logs", "pycache");

  /** The words of a flag that reach every one: {@code --approve-all}, {@code --alle-loeschen}. */
  private static final Set<String> ALL =
      NameSet.of("all", "alle", "tous", "todos", "todas", "tutti");
}
