package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Invocation;
import java.util.List;
import java.util.Map;

/**
 * The acting verbs of a program the book's other families name, where none of the book's rules
 * judged it (decision 136): the {@code verbs.*} reading ({@link ActingVerbs}) leaves a named
 * program to its family, so {@code restic}, {@code b2} or {@code globus}, named for one harm, went
 * through with a verb no clause of theirs reads. Asked only after every other rule was tried (the
 * catalogue's last group), and only of a program no rule matched: a family's verdict on its own
 * program stands, and the family's rules decide what they name.
 */
final class UnjudgedVerbs {
  private UnjudgedVerbs() {}

  /** Adds the predicate under its name. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put(
        "acting-unjudged",
        new ProgramNames(ActingVerbs::readsNamed, (scan, step, read) -> unjudgedAct(scan, step)));
  }

  /**
   * Whether a program the book names acts with a verb of the lexicon (a destroy but a weak one on
   * nothing shared, a turn-off, a rotation, a grant, a spend, a publish) and no rule matched it.
   */
  static boolean unjudgedAct(Scan scan, Step step) {
    ActingVerbs.Found found = ActingVerbs.ofNamed(scan, step);
    if (found == null || found.verbClass().equals("destroys") && found.weak() && !found.shared()) {
      return false; // most programs: a set lookup
    }
    // what the shapes read as this machine's or a test's (devnet, staging, a backup) is not asked
    return !SharedActs.localOrTest(step, step.args()) && !judged(scan, step.invocation());
  }

  /** Whether a rule of the book matched the program already, whatever its preset says. */
  static boolean judged(Scan scan, Invocation invocation) {
    List<Hit> hits = scan.hits();
    for (int i = 0; i < hits.size(); i++) {
      if (hits.get(i).invocation() == invocation) {
        return true;
      }
    }
    return false;
  }
}
