package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Set;

/**
 * The command words that hold a read's word and yet act (decision 325), read alike by {@link
 * UnnamedToolActs} and {@link ProductionActs}: a phrasal verb whose verb is a read's word ({@code
 * top-up}, {@code check-out}, {@code log-off}, {@code pull-forward}: money credited, a weapon
 * issued, agents logged off), and a read followed in the same word by an act ({@code
 * history-clear}, {@code preview-publish}, {@code verify-approve}). A verb before the read ({@code
 * update-check}, {@code set-status}) is {@link UnnamedToolActs#verbFirst}'s.
 */
final class ReadCompounds {
  private ReadCompounds() {}

  /** The particles that make a read's word a phrasal verb: {@code top up}, {@code check out}. */
  private static final Set<String> PARTICLES =
      NameSet.of("up", "out", "off", "in", "forward", "back", "over");

  /**
   * The reads that are a record's name too, before its act in one word: {@code history-clear},
   * {@code template-push}; not {@code search-replace}, a read's verb and its object.
   */
  private static final Set<String> NOUNS =
      NameSet.of(
          "history",
          "log",
          "logs",
          "template",
          "templates",
          "status",
          "report",
          "reports",
          "audit",
          "count",
          "counts",
          "health",
          "stats",
          "plan",
          "plans",
          "version",
          "current",
          "print",
          "test",
          "tests",
          "watch",
          "preview");

  /**
   * Whether a particle ends a one-part word after a read's word: {@code checkout}, {@code topup}.
   */
  static boolean particle(String rest) {
    return PARTICLES.contains(rest);
  }

  /**
   * Whether a word's parts act despite a read among them: a particle straight after a read's word
   * ({@code top-up}, {@code check-out}, {@code pull-forward}), or a verb last after a read that
   * names a thing ({@code history-clear}, {@code template-push}); not a read's object that begins
   * with a verb's word ({@code get-close-prices}), nor two commands joined ({@code get-and-reset},
   * decision 157's).
   */
  static boolean acts(List<String> parts) {
    if (parts.contains("and") || parts.contains("then")) {
      return false;
    }
    for (int i = 0; i + 1 < parts.size(); i++) {
      if (!ShapeWords.READS.contains(parts.get(i))) {
        continue;
      }
      if (PARTICLES.contains(parts.get(i + 1))) {
        return true;
      }
      String last = parts.get(parts.size() - 1);
      if (NOUNS.contains(parts.get(i))
          && !ShapeWords.READS.contains(last)
          && TradeVerbs.verb(last)) {
        return true;
      }
    }
    return false;
  }
}
