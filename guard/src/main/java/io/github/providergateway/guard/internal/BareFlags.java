package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.Set;

/**
 * A bare long option that switches a read into an act (decision 334's red team: {@code kx-wallet
 * balances --wallet hot-eth --sweep}, {@code validators status --set eth-pool-a --exit}). A view (a
 * balance, a quota, a set's status) takes options with values, which choose what is shown, and
 * flags of display; a flag of another name is a mode the guard cannot read, so the view is no
 * longer known to only read.
 */
final class BareFlags {
  private BareFlags() {}

  /** The flags that only change what a view shows or how. */
  private static final Set<String> DISPLAY =
      Set.of(
          "all",
          "json",
          "csv",
          "yaml",
          "table",
          "wide",
          "long",
          "verbose",
          "quiet",
          "raw",
          "human",
          "human-readable",
          "pretty",
          "no-header",
          "no-headers",
          "details",
          "detail",
          "detailed",
          "summary",
          "totals",
          "help",
          "color",
          "no-color",
          "watch",
          "follow",
          "live",
          "sort",
          "reverse",
          "plain",
          "brief",
          "full",
          "debug",
          "no-pager");

  /**
   * Whether a long option with no value, not of display, is among the words.
   *
   * @param args a program's words after its name
   * @return whether a bare flag sets a mode
   */
  static boolean mode(List<Word> args) {
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if (text.equals("--")) {
        return false;
      }
      if (!text.startsWith("--") || text.indexOf('=') > 0 || text.length() == 2) {
        continue;
      }
      boolean valued = i + 1 < args.size() && !args.get(i + 1).text().startsWith("-");
      if (!valued && !DISPLAY.contains(text.substring(2))) {
        return true;
      }
    }
    return false;
  }
}
