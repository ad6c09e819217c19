package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.guard.shell.Invocation;
import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.Word;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A plain rule of the configuration, compiled once: its globs ({@link Glob}, linear) and its
 * command's word patterns.
 *
 * <p>{@code command} is split on blanks into word patterns matched against each program the command
 * runs, after the parse (quotes removed, {@code sudo}/{@code env} and the like taken off): a
 * pattern {@code *} alone matches any number of words, any other matches one word by a text glob,
 * and the whole list must match (so {@code git push *} matches {@code git push} and {@code git push
 * -f origin}, not {@code git pushx}). In a deny or ask rule a last pattern that ends in {@code *}
 * also matches any words after it, as a person reads it: {@code terraform apply*} matches {@code
 * terraform apply -auto-approve} (read as one word, it matched only a bare {@code terraform apply},
 * and a team's rule written so let every real use through). An allow entry and a built-in rule's
 * patterns stay one word per pattern: what an allow or a built-in rule's {@code unless} lets
 * through is never more than it reads, and the built-in rules match as they were measured. A deny's
 * or ask's patterns also match a long option given its value by {@code =} as the two words it
 * stands for ({@code --context=prod-eu} is {@code --context prod-eu}), as well as the word as
 * written. The first pattern matches the program as written or its name ({@code git} matches {@code
 * /usr/bin/git}). For {@code git} the words are also read with git's global options left out, so
 * {@code git push *} matches {@code git -C . -c k=v push}. In an allow entry a word the guard
 * cannot know ({@code $X}, {@code /opt/cache/*}) matches only a {@code *} or the same text written
 * in the pattern.
 *
 * <p>{@code path} is a path glob: from {@code /}, {@code ~/} or {@code **} it matches the absolute
 * resolved path; with a {@code /} elsewhere it matches the path relative to the session's project;
 * without one, the file's name ({@code .env.prod}). For shells the paths are every argument that is
 * no option and every redirection's target; for {@code edit} and {@code read} the call's path.
 */
public final class PlainMatcher {
  private final Glob tool;
  private final List<Glob> command;

  /** Whether the last word pattern ends in {@code *}: a deny's or ask's takes the words after. */
  private final boolean openEnd;

  private final Glob path;
  private final PathForm pathForm;
  private final Map<String, Glob> args = new LinkedHashMap<>();

  /** Whether the rule matches only a call the guard does not read as a look ({@code "acts"}). */
  private final boolean acts;

  private enum PathForm {
    ABSOLUTE,
    PROJECT,
    NAME
  }

  /**
   * Compiles a rule's patterns (a {@code PlainRule}'s, given field by field: this package names
   * none of the guard's public types, decision 80); each is {@code null} when the rule has none.
   *
   * @param toolPattern the tool's name glob
   * @param commandPattern the command's word patterns
   * @param pathPattern the path glob
   * @param argPatterns an argument's value glob by the argument's name
   * @param home the user's home, for a path pattern from {@code ~/}
   */
  public PlainMatcher(
      String toolPattern,
      String commandPattern,
      String pathPattern,
      JsonNode argPatterns,
      Path home) {
    this(toolPattern, commandPattern, pathPattern, argPatterns, home, false);
  }

  /**
   * Compiles a rule's patterns, as {@link #PlainMatcher(String, String, String, JsonNode, Path)},
   * for a rule that matches only a call that does more than look ({@code "acts": true}, decision
   * 311): a program the guard reads as a read, a dry run or a test's place, and any other tool's
   * call it reads as a look, are not matched.
   *
   * @param toolPattern the tool's name glob
   * @param commandPattern the command's word patterns
   * @param pathPattern the path glob
   * @param argPatterns an argument's value glob by the argument's name
   * @param home the user's home, for a path pattern from {@code ~/}
   * @param acts whether a look is let through
   */
  public PlainMatcher(
      String toolPattern,
      String commandPattern,
      String pathPattern,
      JsonNode argPatterns,
      Path home,
      boolean acts) {
    this.acts = acts;
    this.tool = toolPattern == null ? null : Glob.text(toolPattern);
    if (commandPattern == null) {
      this.command = null;
      this.openEnd = false;
    } else {
      List<Glob> words = new ArrayList<>();
      List<String> parts = splitBlanks(commandPattern);
      for (String part : parts) {
        words.add(part.equals("*") ? null : Glob.text(part));
      }
      this.command = words;
      String last = parts.isEmpty() ? "" : parts.get(parts.size() - 1);
      this.openEnd = !last.equals("*") && last.endsWith("*");
    }
    String p = pathPattern;
    if (p == null) {
      this.path = null;
      this.pathForm = null;
    } else if (p.startsWith("~/")) {
      this.path = Glob.path(home + p.substring(1));
      this.pathForm = PathForm.ABSOLUTE;
    } else if (p.startsWith("/") || p.startsWith("**")) {
      this.path = Glob.path(p);
      this.pathForm = PathForm.ABSOLUTE;
    } else {
      this.path = Glob.path(p.startsWith("./") ? p.substring(2) : p);
      this.pathForm = p.indexOf('/') >= 0 ? PathForm.PROJECT : PathForm.NAME;
    }
    if (argPatterns != null) {
      Iterator<Map.Entry<String, JsonNode>> fields = argPatterns.fields();
      while (fields.hasNext()) {
        Map.Entry<String, JsonNode> field = fields.next();
        args.put(field.getKey(), Glob.text(field.getValue().asText()));
      }
    }
  }

  /**
   * Splits a command pattern into word patterns at blanks.
   *
   * @param pattern the pattern
   * @return its words
   */
  public static List<String> splitBlanks(String pattern) {
    List<String> parts = new ArrayList<>();
    StringBuilder part = new StringBuilder();
    for (int i = 0; i <= pattern.length(); i++) {
      char c = i < pattern.length() ? pattern.charAt(i) : ' ';
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
        if (part.length() > 0) {
          parts.add(part.toString());
          part.setLength(0);
        }
      } else {
        part.append(c);
      }
    }
    return parts;
  }

  /**
   * Whether the rule matches the call, for a deny or ask rule.
   *
   * @param scan the call as read
   * @return whether it matches
   */
  public boolean matches(Scan scan) {
    if (!callMatches(scan.call(), scan.budget())) {
      return false;
    }
    // A look is a look only where every program of the call looks: a record shown and piped to
    // gh issue comment is carried away, whichever program the rule named (decision 311).
    if (acts && LookingCalls.looks(scan)) {
      return false;
    }
    if (command != null) {
      for (Step step : scan.steps()) {
        if (commandMatches(step.invocation(), false, true, scan.budget())
            && (path == null || stepPaths(scan, step))) {
          return true;
        }
      }
      return false;
    }
    if (path != null) {
      for (Access access : scan.accesses()) {
        if (pathMatches(scan, access.target())) {
          return true;
        }
      }
      for (Step step : scan.steps()) {
        if (stepPaths(scan, step)) {
          return true;
        }
      }
      return false;
    }
    return true;
  }

  /**
   * Whether the rule, an allow entry, lets through what a built-in rule found.
   *
   * @param scan the call as read
   * @param hit what the built-in rule found
   * @return whether the entry covers it
   */
  public boolean allows(Scan scan, Hit hit) {
    if (!callMatches(scan.call(), scan.budget())) {
      return false;
    }
    if (command != null
        && (hit.invocation() == null || !commandMatches(hit.invocation(), true, scan.budget()))) {
      return false;
    }
    if (path != null && (hit.target() == null || !pathMatches(scan, hit.target()))) {
      return false;
    }
    return true;
  }

  private boolean callMatches(CallForRules call, Budget budget) {
    if (tool != null && !tool.matches(call.tool(), budget)) {
      return false;
    }
    if (command != null && !call.tool().equals("shell")) {
      return false;
    }
    for (Map.Entry<String, Glob> arg : args.entrySet()) {
      JsonNode value = call.args().get(arg.getKey());
      if (value == null || !value.isValueNode() || value.isNull()) {
        return false;
      }
      if (!arg.getValue().matches(value.asText(), budget)) {
        return false;
      }
    }
    return true;
  }

  private boolean stepPaths(Scan scan, Step step) {
    List<Word> args = step.args();
    for (Word word : args) {
      if (!word.text().startsWith("-")) {
        for (Target target : scan.targets(step, word)) {
          if (pathMatches(scan, target)) {
            return true;
          }
        }
      }
    }
    for (Redirect redirect : step.invocation().redirects()) {
      if (redirect.body() == null && !redirect.operator().equals("<<<")) {
        for (Target target : scan.targets(step, redirect.target())) {
          if (pathMatches(scan, target)) {
            return true;
          }
        }
      }
    }
    return false;
  }

  private boolean pathMatches(Scan scan, Target target) {
    Budget budget = scan.budget();
    Path p = target.path();
    if (p == null) {
      return false;
    }
    return switch (pathForm) {
      case ABSOLUTE -> path.matches(p.toString(), budget);
      case NAME -> path.matches(target.name(), budget);
      case PROJECT -> {
        Path project = scan.places().project();
        yield project != null
            && p.startsWith(project)
            && path.matches(project.relativize(p).toString(), budget);
      }
    };
  }

  /**
   * Whether the command's word patterns match a program, each word pattern one word: as an allow
   * entry and a built-in rule's patterns read them, its exemptions ({@code unless}) included.
   *
   * @param invocation the program
   * @param strict whether a word the guard cannot know matches only {@code *}
   * @param budget the steps allowed
   * @return whether they match
   */
  boolean commandMatches(Invocation invocation, boolean strict, Budget budget) {
    return commandMatches(invocation, strict, false, budget);
  }

  /**
   * Whether the command's word patterns match a program; {@code broad} for a person's or a policy's
   * deny or ask rule, whose last pattern ending in {@code *} takes the words after it and whose
   * patterns also meet a long option's {@code =} value as its own word. Never for what lets a call
   * through (an allow entry, a built-in rule's {@code unless}): there a broader match would let
   * more through.
   */
  private boolean commandMatches(
      Invocation invocation, boolean strict, boolean broad, Budget budget) {
    List<Word> words = invocation.words();
    if (words.isEmpty()) {
      return false;
    }
    if (programMatches(words, invocation.program(), strict, broad, budget)) {
      return true;
    }
    // A deny's or ask's --context prod* is --context=prod too: a program reads both alike.
    List<Word> split = broad ? longOptionsSplit(words) : words;
    return split != words && programMatches(split, invocation.program(), strict, broad, budget);
  }

  private boolean programMatches(
      List<Word> words, String program, boolean strict, boolean broad, Budget budget) {
    if (wordsMatch(words, program, strict, broad, budget)) {
      return true;
    }
    if (program.equals("git")) {
      List<Word> git = GitCommand.of(words.subList(1, words.size())).words();
      return wordsMatch(git, "git", strict, broad, budget);
    }
    return false;
  }

  /** {@code words} with each long option given its value by {@code =} as two words; or itself. */
  private static List<Word> longOptionsSplit(List<Word> words) {
    List<Word> split = null;
    for (int w = 1; w < words.size(); w++) {
      Word word = words.get(w);
      int equals = word.text().indexOf('=');
      if (word.text().startsWith("--") && equals > 2) {
        if (split == null) {
          split = new ArrayList<>(words.subList(0, w));
        }
        split.add(new Word(word.text().substring(0, equals), word.literal()));
        split.add(new Word(word.text().substring(equals + 1), word.literal()));
      } else if (split != null) {
        split.add(word);
      }
    }
    return split == null ? words : split;
  }

  /** The word patterns against the words, a set of reached positions per word: no backtracking. */
  private boolean wordsMatch(
      List<Word> words, String program, boolean strict, boolean broad, Budget budget) {
    int n = command.size();
    boolean[] current = new boolean[n + 1];
    current[0] = true;
    skipStars(current);
    for (int w = 0; w < words.size(); w++) {
      if (broad && openEnd && current[n]) {
        return true; // a deny's or ask's last pattern ended in *: the words after are its too
      }
      Word word = words.get(w);
      boolean[] next = new boolean[n + 1];
      boolean any = false;
      for (int s = 0; s < n; s++) {
        if (!current[s]) {
          continue;
        }
        Glob glob = command.get(s);
        if (glob == null) {
          next[s] = true;
          any = true;
        } else if (!strict || word.literal()
            ? glob.matches(word.text(), budget) || w == 0 && glob.matches(program, budget)
            : glob.pattern().equals(word.text())) {
          next[s + 1] = true;
          any = true;
        }
      }
      if (!any) {
        return false;
      }
      skipStars(next);
      current = next;
    }
    return current[n];
  }

  private void skipStars(boolean[] states) {
    for (int s = 0; s < command.size(); s++) {
      if (states[s] && command.get(s) == null) {
        states[s + 1] = true;
      }
    }
  }
}
