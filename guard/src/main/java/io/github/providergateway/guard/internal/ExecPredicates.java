package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.Map;

/**
 * What the {@code exec.*} rules of the book ask in code of a place the parse could not read (issue
 * 60: a command that runs text it computes at run time, code carried where programs run it, a
 * program made and run in the same call; the book's {@code "unread"} clauses): whether the pieces
 * the guard can read of a computed program already give it the root, the home or a system folder, a
 * catastrophic shape.
 */
final class ExecPredicates {
  private ExecPredicates() {}

  /** Adds the predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put("reaches-root-home-or-system", (scan, step, read) -> catastrophic(scan, step));
    named.put("reaches-no-root-home-or-system", (scan, step, read) -> !catastrophic(scan, step));
  }

  /** Whether an argument of a computed program is the root, the home or a system folder. */
  private static boolean catastrophic(Scan scan, Step step) {
    for (Word word : step.args()) {
      if (word.text().startsWith("-")) {
        continue;
      }
      for (Target target : scan.targets(step, word)) {
        Place place = scan.place(target);
        if (place == Place.ROOT || place == Place.HOME || place == Place.SYSTEM) {
          return true;
        }
      }
    }
    return false;
  }
}
