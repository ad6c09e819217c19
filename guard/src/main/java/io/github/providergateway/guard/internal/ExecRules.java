package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Opaque;
import io.github.providergateway.guard.shell.Word;
import java.util.List;

/**
 * What the guard cannot see through, it does not allow (issue 60): a command that runs text it
 * computes at run time, code carried where programs run it, a program made and run in the same
 * call. Each is asked about, and denied with no session to ask in ({@code "no-session": "deny"} in
 * the book); denied outright when the pieces the guard can read already show a catastrophic shape:
 * a computed program given the root, the home or a system folder.
 */
final class ExecRules implements Family {
  static final BuiltinRule COMPUTED = RuleBook.rule("exec.computed");
  static final BuiltinRule COMPUTED_CATASTROPHIC = RuleBook.rule("exec.computed-catastrophic");
  static final BuiltinRule CARRIED = RuleBook.rule("exec.env-code");
  static final BuiltinRule MADE = RuleBook.rule("exec.made-program");

  @Override
  public void scan(Scan scan) {
    List<Opaque> found = scan.opaque();
    for (int i = 0; i < found.size(); i++) {
      Opaque opaque = found.get(i);
      Step step =
          new Step(
              opaque.invocation(),
              List.of(scan.call().cwd() == null ? null : scan.call().cwd().normalize()));
      switch (opaque.kind()) {
        case CARRIED_CODE -> scan.hit(CARRIED, step, null);
        case MADE_PROGRAM -> scan.hit(MADE, step, null);
        default -> {
          if (opaque.kind() == Opaque.Kind.COMPUTED_PROGRAM && catastrophicArgument(scan, step)) {
            scan.hit(COMPUTED_CATASTROPHIC, step, null);
          } else {
            scan.hit(COMPUTED, step, null);
          }
        }
      }
    }
  }

  /** Whether an argument of a computed program is the root, the home or a system folder. */
  private static boolean catastrophicArgument(Scan scan, Step step) {
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
