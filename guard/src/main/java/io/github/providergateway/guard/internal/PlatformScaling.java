package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.Map;

/**
 * A hosting platform's processes scaled to none (issue 80 round 6, decision 105): {@code heroku
 * ps:scale web=0 worker=0}, {@code dokku ps:scale app web=0}, {@code fly scale count 0}, {@code cf
 * scale app -i 0}: the app stops serving as surely as a kubectl scale to zero ({@code
 * production.scale-down}), which reads only kubectl's and the clouds' spellings.
 *
 * <p>Cost: the program's words, once.
 */
final class PlatformScaling {
  private PlatformScaling() {}

  /** Adds the predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put(
        "production-platform-scales-to-zero",
        (scan, step, read) -> toZero(step.args()) && Environments.production(scan, step));
  }

  /**
   * {@code NAME=0} (or {@code NAME=0:size}), {@code count 0}, {@code -i 0}, {@code --instances 0}.
   */
  static boolean toZero(List<Word> args) {
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      int eq = text.indexOf('=');
      if (eq > 0
          && !text.startsWith("-")
          && (text.endsWith("=0") || text.startsWith("0:", eq + 1))) {
        return true; // web=0, worker=0:standard-1x
      }
      boolean counted = text.equals("count") || text.equals("-i") || text.equals("--instances");
      if (counted && i + 1 < args.size() && args.get(i + 1).text().equals("0")) {
        return true;
      }
      if (text.equals("--instances=0") || text.equals("-i=0")) {
        return true;
      }
    }
    return false;
  }
}
