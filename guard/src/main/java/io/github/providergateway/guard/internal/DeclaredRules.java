package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Invocation;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The rules the book declares by word patterns ({@link RuleSpec.Match#commands()}), found by the
 * same matcher as the person's plain rules ({@link PlainMatcher}): a program matching any of a
 * rule's command patterns and none of its {@code unless} patterns is a match. The {@code unless}
 * patterns read the options as the program settles them ({@link #settled}), so that a later option
 * undoing an earlier one, or a {@code --}, does not take a program out. Patterns are filed by their
 * program's name, so a program is tried against the rules of its name and those whose first word is
 * a glob only.
 */
final class DeclaredRules implements Family {
  /**
   * One declared rule's pattern, compiled when a program it could match is first tried (decision
   * 329): a call meets the patterns of its own programs and those for any program, not the book's
   * other four hundred.
   */
  private static final class Declared {
    private final BuiltinRule rule;
    private final String pattern;
    private final List<String> unlessPatterns;

    /**
     * The pattern's literal words after the program ({@code publish} of {@code npm * publish *}): a
     * program without each of them among its words cannot match, and is not read by the globs at
     * all (most programs of a long command).
     */
    private final List<String> required;

    /**
     * The pattern and the rule's {@code unless} patterns compiled, {@code null} until first asked.
     * Any thread: a made one is never changed, and two threads that make it at once make the same.
     */
    private Compiled compiled;

    Declared(BuiltinRule rule, String pattern, List<String> unless, List<String> required) {
      this.rule = rule;
      this.pattern = pattern;
      this.unlessPatterns = unless;
      this.required = required;
    }

    BuiltinRule rule() {
      return rule;
    }

    List<String> required() {
      return required;
    }

    List<PlainMatcher> commands() {
      return compiled().commands();
    }

    List<PlainMatcher> unless() {
      return compiled().unless();
    }

    private Compiled compiled() {
      Compiled made = compiled;
      if (made == null) {
        made = new Compiled(matchers(List.of(pattern)), matchers(unlessPatterns));
        compiled = made;
      }
      return made;
    }
  }

  /**
   * A declared rule's patterns, compiled.
   *
   * @param commands the command pattern
   * @param unless the rule's {@code unless} patterns
   */
  private record Compiled(List<PlainMatcher> commands, List<PlainMatcher> unless) {}

  private final List<BuiltinRule> rules = new ArrayList<>();
  private final Map<String, List<Declared>> byProgram = new HashMap<>();
  private final List<Declared> anyProgram = new ArrayList<>();

  DeclaredRules(List<RuleSpec> specs) {
    for (RuleSpec spec : specs) {
      if (spec.matches().commands().isEmpty()) {
        continue; // found by code, or by when clauses (BookRules)
      }
      BuiltinRule rule = spec.rule();
      rules.add(rule);
      List<String> unless = spec.matches().unless();
      for (String pattern : spec.matches().commands()) {
        List<String> words = PlainMatcher.splitBlanks(pattern);
        List<String> required = new ArrayList<>();
        for (String word : words.subList(1, words.size())) {
          if (!Glob.hasWildcard(word) && word.indexOf('\\') < 0) {
            required.add(word);
          }
        }
        Declared declared = new Declared(rule, pattern, unless, List.copyOf(required));
        String program = words.get(0);
        if (!Glob.hasWildcard(program)) {
          byProgram.computeIfAbsent(program, p -> new ArrayList<>()).add(declared);
        } else {
          anyProgram.add(declared);
        }
      }
    }
  }

  private static List<PlainMatcher> matchers(List<String> patterns) {
    List<PlainMatcher> out = new ArrayList<>(patterns.size());
    for (String pattern : patterns) {
      out.add(new PlainMatcher(null, pattern, null, null, null));
    }
    return out;
  }

  @Override
  public String code() {
    return null; // the book's own
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
    Invocation settled = null; // made for the first rule whose commands match: most match none
    for (Declared rule : declared) {
      if (hasAll(step, rule.required()) && matchesAny(rule.commands(), step.invocation(), budget)) {
        if (settled == null) {
          settled = settled(step.invocation());
        }
        if (!matchesAny(rule.unless(), settled, budget)) {
          scan.hit(rule.rule(), step, null);
        }
      }
    }
  }

  /**
   * Long options whose repeats add to each other rather than replace: goreleaser's {@code
   * --skip=publish --skip=validate} skips both.
   */
  private static final Set<String> ADDING = NameSet.of("skip");

  /**
   * The program's words as an {@code unless} pattern reads them, the options as the program settles
   * them: an option given again later is decided by the later one ({@code --dry-run --no-dry-run}
   * publishes, {@code --draft --draft=false} is no draft, of two {@code --registry} the last is
   * used), and what follows a {@code --} after the program's first word that is no option is
   * arguments, no option of the program's ({@code npm publish -- --dry-run}, or a lone {@code --}).
   * An unless that names a dry run or a local registry must not be met by an option the program
   * does not end up with.
   */
  static Invocation settled(Invocation invocation) {
    List<Word> words = invocation.words();
    int end = words.size();
    boolean positional = false;
    for (int i = 1; i < words.size(); i++) {
      String t = words.get(i).text();
      if (t.equals("--") && positional) {
        end = i;
        break;
      }
      positional |= !t.startsWith("-");
    }
    Map<String, Integer> last = null;
    for (int i = 1; i < end; i++) {
      String name = optionName(words.get(i).text());
      if (name != null && !ADDING.contains(name)) {
        if (last == null) {
          last = new HashMap<>();
        }
        last.put(name, i);
      }
    }
    if (last == null && end == words.size()) {
      return invocation; // no long option, no end of options: as written
    }
    List<Word> kept = new ArrayList<>(end);
    for (int i = 0; i < end; i++) {
      String name = i == 0 ? null : optionName(words.get(i).text());
      if (name == null || last == null || last.getOrDefault(name, i) == i) {
        kept.add(words.get(i));
      }
    }
    return new Invocation(kept, invocation.wrappers(), invocation.redirects(), invocation.via());
  }

  /**
   * The name of a long option as given ({@code dry-run} for {@code --dry-run}, {@code
   * --dry-run=true} and {@code --no-dry-run}), or {@code null} for any other word.
   */
  private static String optionName(String word) {
    if (!word.startsWith("--") || word.length() == 2) {
      return null;
    }
    int eq = word.indexOf('=');
    String name = eq < 0 ? word.substring(2) : word.substring(2, eq);
    return name.startsWith("no-") ? name.substring(3) : name;
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

  private static boolean matchesAny(
      List<PlainMatcher> matchers, Invocation invocation, Budget budget) {
    for (PlainMatcher matcher : matchers) {
      if (matcher.commandMatches(invocation, false, budget)) {
        return true;
      }
    }
    return false;
  }
}
