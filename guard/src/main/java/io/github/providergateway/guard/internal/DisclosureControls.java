package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Set;

/**
 * An option that keeps small counts or listed kinds out of what a program writes (decision 336,
 * issue 80's ordinary work): {@code --suppress-below 10}, {@code --suppress-small-cells 11}, {@code
 * --suppress-call-types-file config/suppressed.txt}. Statistics and open data hold back the cells a
 * person could be found by; the option is the protection, not a waived check, though its first word
 * is {@code suppress} as {@code --suppress-notice}'s is. Its threshold set to nothing ({@code
 * --suppress-min 0}) turns the protection off and is still read as waiving ({@link ActReach}).
 */
final class DisclosureControls {
  private DisclosureControls() {}

  /** The words that say the option's value is the least count a published cell may hold. */
  private static final Set<String> THRESHOLDS =
      NameSet.of(
          "below", "under", "min", "minimum", "threshold", "small", "cell", "cells", "k", "n");

  /** The words that say the option's value lists the kinds of record to hold back. */
  private static final Set<String> LISTS =
      NameSet.of("file", "list", "types", "fields", "columns", "codes", "categories");

  /** The values that leave a threshold holding nothing back. */
  private static final Set<String> NOTHING = NameSet.of("0", "none", "off", "false", "no");

  /**
   * Whether the option at {@code i} of {@code args} (its name's parts {@code parts}, {@code
   * suppress} first) holds cells or kinds back, with a value that holds something back.
   */
  static boolean holdsBack(List<String> parts, List<Word> args, int i) {
    if (parts.size() < 2 || !parts.get(0).equals("suppress")) {
      return false;
    }
    boolean threshold = false;
    boolean list = false;
    for (String part : parts.subList(1, parts.size())) {
      threshold |= THRESHOLDS.contains(part);
      list |= LISTS.contains(part);
      if (ActReach.checkPart(part)) {
        return false; // --suppress-alerts-below: an alert kept from people, whatever its value
      }
    }
    String text = args.get(i).text();
    int eq = text.indexOf('=');
    String value =
        eq > 0 ? text.substring(eq + 1) : i + 1 < args.size() ? args.get(i + 1).text() : "";
    if (threshold) {
      return !value.isEmpty() && !value.startsWith("-") && !NOTHING.contains(value);
    }
    return list && !value.isEmpty() && !value.startsWith("-");
  }
}
