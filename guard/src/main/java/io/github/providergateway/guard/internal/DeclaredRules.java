package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.GuardVerdict.Outcome;
import io.github.providergateway.guard.PlainRule;
import io.github.providergateway.guard.internal.Scan.Step;
import io.github.providergateway.guard.shell.Word;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The rules the book declares by patterns rather than code ({@link RuleSpec.Match#declared()}),
 * found by the same matcher as the person's plain rules ({@link PlainMatcher}): a program matching
 * any of a rule's command patterns and none of its {@code unless} patterns is a match. Patterns are
 * filed by their program's name, so a program is tried against the rules of its name and those
 * whose first word is a glob only.
 */
final class DeclaredRules implements Family {
  /**
   * One declared rule's compiled pattern.
   *
   * @param rule the rule
   * @param commands the command pattern, compiled
   * @param unless the rule's {@code unless} patterns, compiled
   * @param required the pattern's literal words after the program ({@code publish} of {@code npm *
   *     publish *}): a program without each of them among its words cannot match, and is not read
   *     by the globs at all (most programs of a long command)
   */
  private record Declared(
      BuiltinRule rule,
      List<PlainMatcher> commands,
      List<PlainMatcher> unless,
      List<String> required) {}

  private final List<BuiltinRule> rules = new ArrayList<>();
  private final Map<String, List<Declared>> byProgram = new HashMap<>();
  private final List<Declared> anyProgram = new ArrayList<>();

  DeclaredRules(List<RuleSpec> specs) {
    for (RuleSpec spec : specs) {
      if (!spec.matches().declared()) {
        continue;
      }
      BuiltinRule rule = spec.rule();
      rules.add(rule);
      List<PlainMatcher> unless = matchers(rule, spec.matches().unless());
      for (String pattern : spec.matches().commands()) {
        List<String> words = PlainMatcher.splitBlanks(pattern);
        List<String> required = new ArrayList<>();
        for (String word : words.subList(1, words.size())) {
          if (!Glob.hasWildcard(word) && word.indexOf('\\') < 0) {
            required.add(word);
          }
        }
        Declared declared =
            new Declared(rule, matchers(rule, List.of(pattern)), unless, List.copyOf(required));
        String program = words.get(0);
        if (!Glob.hasWildcard(program)) {
          byProgram.computeIfAbsent(program, p -> new ArrayList<>()).add(declared);
        } else {
          anyProgram.add(declared);
        }
      }
    }
  }

  private static List<PlainMatcher> matchers(BuiltinRule rule, List<String> patterns) {
    List<PlainMatcher> out = new ArrayList<>(patterns.size());
    for (String pattern : patterns) {
      out.add(
          new PlainMatcher(
              new PlainRule(rule.id(), Outcome.DENY, null, pattern, null, null, null), null));
    }
    return out;
  }

  @Override
  public List<BuiltinRule> rules() {
    return rules;
  }

  @Override
  public void scan(Scan scan) {
    // The built-in patterns spend a budget of their own: the person's rules keep all of theirs.
    Budget budget = new Budget(Budget.STEPS);
    for (Step step : scan.steps()) {
      List<Declared> named = byProgram.get(step.program());
      if (named != null) {
        scan(scan, step, named, budget);
      }
      if (!anyProgram.isEmpty()) {
        scan(scan, step, anyProgram, budget);
      }
    }
  }

  private static void scan(Scan scan, Step step, List<Declared> declared, Budget budget) {
    for (Declared rule : declared) {
      if (hasAll(step, rule.required())
          && matchesAny(rule.commands(), step, budget)
          && !matchesAny(rule.unless(), step, budget)) {
        scan.hit(rule.rule(), step, null);
      }
    }
  }

  /**
   * Whether each of a pattern's literal words is a word of the program: a literal pattern word
   * matches a word of the same text only (the matcher's non-strict reading, the one used here).
   */
  private static boolean hasAll(Step step, List<String> required) {
    List<Word> words = step.invocation().words();
    for (int r = 0; r < required.size(); r++) {
      String wanted = required.get(r);
      boolean found = false;
      for (int w = 1; w < words.size() && !found; w++) {
        found = words.get(w).text().equals(wanted);
      }
      if (!found) {
        return false;
      }
    }
    return true;
  }

  private static boolean matchesAny(List<PlainMatcher> matchers, Step step, Budget budget) {
    for (PlainMatcher matcher : matchers) {
      if (matcher.commandMatches(step.invocation(), false, budget)) {
        return true;
      }
    }
    return false;
  }
}
