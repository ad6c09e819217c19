package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A rebase whose todo list a program edits, with nobody to see it: {@code GIT_SEQUENCE_EDITOR="sed
 * -i 's/^pick/drop/'" git rebase -i --root} drops every commit of the branch. git runs the sequence
 * editor on the todo ({@code GIT_SEQUENCE_EDITOR}, {@code sequence.editor}), or the editor when
 * none is set ({@code GIT_EDITOR}, {@code core.editor}, {@code VISUAL}, {@code EDITOR}); the
 * resolver reads the editor's command as a program reached through the variable or setting. What it
 * does to the list is read from its text: the {@code drop} command, or a sed script that deletes
 * lines. Squashing and rewording ({@code s/^pick/fixup/}) keep every change and are not this.
 */
final class ScriptedRebase {
  /** Where git runs the todo's editor from, as the resolver marks the program it reached. */
  private static final List<String> SEQUENCE_EDITORS =
      List.of("$GIT_SEQUENCE_EDITOR", "git sequence.editor");

  /** The editors git falls back to for the todo when no sequence editor is set. */
  private static final List<String> EDITORS =
      List.of("$GIT_EDITOR", "git core.editor", "$VISUAL", "$EDITOR");

  /** The todo's drop command, and sed's delete ({@code 2,$d}, {@code /pick/d}, {@code $d}). */
  private static final Pattern DROPS =
      Pattern.compile("(?:^|[^a-z])drop(?:$|[^a-z])|(?:^|[0-9$,/;{\\s])d\\s*(?:$|;|})");

  private ScriptedRebase() {}

  /** {@return whether {@code step} is a todo's editor that drops commits} */
  static boolean drops(Scan scan, Step step) {
    boolean sequence = reachedThrough(step, SEQUENCE_EDITORS);
    if (!sequence && !(reachedThrough(step, EDITORS) && rebasesInteractively(scan))) {
      return false;
    }
    for (Word word : step.args()) {
      if (PatternLiterals.finds(DROPS, word.text())) {
        return true;
      }
    }
    return false;
  }

  private static boolean reachedThrough(Step step, List<String> places) {
    for (String via : step.invocation().via()) {
      if (places.contains(via)) {
        return true;
      }
    }
    return false;
  }

  private static boolean rebasesInteractively(Scan scan) {
    for (Step step : scan.steps()) {
      if (step.program().equals("git")) {
        GitCommand git = GitCommand.of(step.args());
        if (git.subcommand().equals("rebase")) {
          Argv argv = Argv.of(git.args(), "sxX", "onto", "exec", "strategy", "strategy-option");
          if (argv.has('i') || argv.has("interactive")) {
            return true;
          }
        }
      }
    }
    return false;
  }
}
