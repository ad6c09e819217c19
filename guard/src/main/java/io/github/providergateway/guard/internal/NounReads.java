package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Set;

/**
 * A read's word that names the thing a later command word acts on (decisions 248, 263, round 61):
 * {@code instrument log add}, {@code stabctl pull cancel}, {@code health immunizations
 * mark-compliant}, {@code reports amend}; {@code help delete} and {@code explain rm} still read.
 * Moved out of {@link UnnamedToolActs} and {@link ProductionActs}, which both read it.
 */
final class NounReads {
  private NounReads() {}

  /** The reads that name a thing a later command word may act on: {@code log add}. */
  private static final Set<String> NOUN_READS =
      NameSet.of(
          "reading",
          "readings",
          "log",
          "logs",
          "status",
          "check",
          "checks",
          "report",
          "reports",
          "audit",
          "history",
          "stats",
          "health",
          // decision 253: count close, a shift's headcount closed
          "count",
          "counts",
          // decision 298: sailthru list delete 'Morning Briefing', a mailing list deleted
          "list",
          "lists",
          // round 61: what a read fetches or runs is a trade's thing too (a stability pull
          // cancelled, an export or a lab's test cancelled); help delete, show x still read
          "pull",
          "pulls",
          "export",
          "exports",
          "download",
          "downloads",
          "dump",
          "dumps",
          "query",
          "queries",
          "search",
          "searches",
          "test",
          "tests",
          // decision 325: current-limit raise, version-pin rollback, print-run start, watch-list
          // remove, plan-lock: a trade's thing named by a read's word
          "current",
          "version",
          "versions",
          "print",
          "plan",
          "plans",
          "template",
          "templates",
          "watch",
          // session 15 (round 71): estimate publish, results sign: a figure a read works out or
          // shows, then put out or signed
          "estimate",
          "estimates",
          "forecast",
          "forecasts",
          "result",
          "results",
          "quote",
          "quotes");

  /**
   * Whether a command word that reads names a thing a later command word acts on: its read is one
   * of {@link #NOUN_READS} ({@code log add}, {@code tb-status set}) or not its first part ({@code
   * abuse-list add}, {@code age-check bypass}); {@code show-cause issue}, {@code help delete} and
   * {@code explain rm} read.
   */
  static boolean nounRead(String word) {
    List<String> parts = ServiceVerbs.split(word);
    for (int i = 0; i < parts.size(); i++) {
      String part = parts.get(i);
      if (ShapeWords.READS.contains(part)) {
        return i > 0 || NOUN_READS.contains(part);
      }
    }
    return NOUN_READS.contains(word.toLowerCase(java.util.Locale.ROOT)); // meter reading edit
  }

  /** A command word of parts whose first acts and none reads: {@code mark-compliant}. */
  static boolean actOnNoun(String text) {
    List<String> parts = ServiceVerbs.split(text);
    return parts.size() > 1
        && TradeVerbs.verb(parts.get(0))
        && parts.stream().noneMatch(ShapeWords.READS::contains);
  }

  /**
   * A word that names what reads rather than reading: a read's plural ({@code reports}, {@code
   * exports}, {@code views}), which a later command word may act on ({@code reports amend}).
   */
  static boolean readsNamed(String text) {
    String word = text.toLowerCase(java.util.Locale.ROOT);
    if (word.length() < 5 || !word.endsWith("s") || ShapeWords.READS.contains(word)) {
      return false;
    }
    return ShapeWords.READS.contains(word.substring(0, word.length() - 1));
  }
}
