package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.Map;

/**
 * What the machine's rules of the book ask in code: {@code kills-every-process} ({@code kill -9
 * -1}: -1 after a signal), {@code runs-as-root} (sudo, doas, pkexec, su, run0, as the program or a
 * wrapper of it), and of the whole call {@code fork-bomb} ({@link ForkBombs}).
 */
final class SystemPredicates {
  private SystemPredicates() {}

  /** Adds the call's predicate of {@code system.fork-bomb} under its name. */
  static void addCallsTo(Map<String, Where.CallPredicate> named) {
    named.put("fork-bomb", ForkBombs::in);
  }

  /** Adds the predicates of {@code system.kill-all} and {@code system.sudo} under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put(
        "kills-every-process",
        (scan, step, read) -> {
          // kill -1 alone sends signal 1; after a signal, -1 is every process the user may signal.
          List<Word> args = step.args();
          for (int i = 1; i < args.size(); i++) {
            if (args.get(i).text().equals("-1")) {
              return true;
            }
          }
          return false;
        });
    named.put(
        "runs-as-root",
        (scan, step, read) -> {
          boolean root = step.is(ProgramKind.ROOT_WRAPPER);
          List<String> wrappers = step.invocation().wrappers();
          for (int i = 0; i < wrappers.size(); i++) { // indexed: every program, most with none
            root |= ProgramKind.ROOT_WRAPPER.names(wrappers.get(i));
          }
          return root;
        });
  }
}
