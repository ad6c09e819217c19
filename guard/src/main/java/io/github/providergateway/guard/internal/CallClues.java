package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.Word;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Texts one of which a shell call must hold for a named predicate to hold at all, which the
 * predicate declares ({@link #around}): a clause for any program ({@code "program": "*"}) asks its
 * predicate of every program of the call, and a predicate about payment batches, sellers or a
 * newsroom's live output looks for words most calls never hold. The call's text is read once for
 * the literals of every clue ({@link ClueLiterals}); the book's clause loop ({@link BookRules})
 * then tries a clause whose clues the call does not hold on none of its programs, and a predicate
 * of the whole call behind clues ({@link CluedCall}) is not asked.
 *
 * <p>The call's text: the command as written; for each program the scan reads (the code a command
 * feeds itself, a variable's value put in), its first word as written, its name and arguments
 * joined by a blank (as the readers of a program's words join them), and each redirection's target
 * and text (a here-document's, its variables' values put in); a line each. A clue is found anywhere
 * in it in any case, inside a word or across quotes, a character past ASCII matching any letter. So
 * a predicate that holds only where the command, a program's word or their join, or a text it
 * writes holds a clue in any case never holds where the call holds none. A clue read from a pattern
 * is its literals ({@link PatternLiterals#needs}), compared ignoring case: a text the pattern finds
 * something in holds one. What a predicate reads beyond these (a file on disk, a path made with the
 * call's folder, the session) gives it no clue, and another tool's call holds every clue.
 * CallCluesTest asks every clued predicate, past its clues, of every example of the book whose call
 * holds none of them: none may hold.
 */
final class CallClues {
  /** The clues every call holds: a pattern whose literals are not read. */
  private static final int[] ANY = null;

  /** Its literals' numbers ({@link ClueLiterals}), or {@link #ANY}. */
  private final int[] literals;

  /** Clues of these texts; any call holds them where there are none or one is a letter alone. */
  private CallClues(List<String> texts) {
    this.literals =
        texts == null || texts.isEmpty() || texts.stream().anyMatch(text -> text.length() < 2)
            ? ANY
            : texts.stream().mapToInt(ClueLiterals::number).toArray();
  }

  /**
   * Texts one of which a call must hold.
   *
   * @param texts the texts, ASCII in lower case
   * @return the clues
   */
  static CallClues of(String... texts) {
    return new CallClues(List.of(texts));
  }

  /**
   * Texts one of which a call must hold, in any case.
   *
   * @param texts the texts, ASCII
   * @return the clues
   */
  static CallClues inAnyCase(List<String> texts) {
    return new CallClues(texts.stream().map(text -> text.toLowerCase(Locale.ROOT)).toList());
  }

  /**
   * The texts every match of a pattern holds one of ({@link PatternLiterals#needs}), and more,
   * compared ignoring case whatever the pattern does: a predicate may match a pattern over a word
   * made lower case.
   *
   * @param pattern the pattern
   * @param more texts the predicate may hold by without the pattern (ASCII, in lower case)
   * @return the clues; none (every call holds them) where the pattern's literals are not read
   */
  static CallClues of(Pattern pattern, String... more) {
    List<String> all = needs(List.of(pattern));
    if (all != null) {
      all.addAll(List.of(more));
    }
    return new CallClues(all);
  }

  /**
   * The texts every match of one of the patterns holds one of, as {@link #of(Pattern, String...)}.
   *
   * @param patterns the patterns
   * @return the clues; none (every call holds them) where a pattern's literals are not read
   */
  static CallClues any(Pattern... patterns) {
    return new CallClues(needs(List.of(patterns)));
  }

  /**
   * The patterns' literals in lower case, or {@code null} where one is not read, is shorter than
   * two letters, is past ASCII or crosses a line (the call's text is read a program a line).
   */
  private static List<String> needs(List<Pattern> patterns) {
    List<String> all = new ArrayList<>();
    for (Pattern pattern : patterns) {
      String[] texts = PatternLiterals.needs(pattern).texts();
      if (texts == null) {
        return null;
      }
      for (String text : texts) {
        if (text.length() < 2 || !text.chars().allMatch(c -> c < 128 && c != '\n' && c != '\r')) {
          return null;
        }
        all.add(text.toLowerCase(Locale.ROOT));
      }
    }
    return all;
  }

  /**
   * A predicate behind these clues.
   *
   * @param test a predicate that never holds of a program of a call holding none of the clues
   * @return the predicate, its clues declared
   */
  Where.Predicate around(Where.Predicate test) {
    return new Clued(this, test);
  }

  /**
   * A predicate of the call behind these clues: it finds nothing in a call that holds none of them.
   *
   * @param test a predicate that finds nothing in a call holding none of the clues
   * @return the predicate, asking the clues first
   */
  Where.CallPredicate around(Where.CallPredicate test) {
    return new CluedCall(this, test);
  }

  /**
   * A predicate of the call with its clues: it finds nothing in a call that holds none of them, and
   * is not asked there.
   *
   * @param clues the clues
   * @param test the predicate
   */
  record CluedCall(CallClues clues, Where.CallPredicate test) implements Where.CallPredicate {
    @Override
    public String found(Scan scan) {
      return clues.heldBy(scan) ? test.found(scan) : null;
    }
  }

  /**
   * A predicate with its clues: it answers as the predicate does, the clues being for the book's
   * clause loop to read ({@link BookRules}), over the call's own programs.
   *
   * @param clues the clues
   * @param test the predicate
   */
  record Clued(CallClues clues, Where.Predicate test) implements Where.Predicate {
    @Override
    public boolean test(Scan scan, Step step, Where.Read read) {
      return test.test(scan, step, read);
    }
  }

  /**
   * Whether the call's text holds one of the clues: the literals it holds are found once a call for
   * every clue, and again when programs were added to the call since.
   *
   * @param scan the call
   * @return false only where no program of the call's steps may meet a predicate behind them
   */
  boolean heldBy(Scan scan) {
    if (literals == ANY || scan.source() == null) {
      return true; // another tool's call: its arguments are not read here
    }
    boolean[] held = scan.once("CallClues", call -> new CallText()).held(scan);
    for (int literal : literals) {
      if (literal >= held.length || held[literal]) {
        return true; // a literal numbered since the text was read: not looked for, so held
      }
    }
    return false;
  }

  /**
   * The literals a call's text holds: read at the first clue asked, and the text of the programs
   * added to the call since read when a clue is asked again.
   */
  private static final class CallText {
    /** How many of the call's programs {@link #held} read; -1 before the command is read. */
    private int steps = -1;

    private boolean[] held;

    boolean[] held(Scan scan) {
      List<Step> all = scan.steps();
      if (all.size() == steps) {
        return held;
      }
      StringBuilder text = new StringBuilder(steps < 0 ? scan.source().length() * 3 : 256);
      boolean ascii = steps >= 0 || append(text, scan.source());
      for (int s = Math.max(steps, 0);
          s < all.size();
          s++) { // indexed: a long command has hundreds
        ascii &= append(text, all.get(s));
      }
      boolean[] more = ClueLiterals.heldBy(text.toString(), ascii);
      if (held != null && held.length == more.length) {
        for (int n = 0; n < more.length; n++) {
          more[n] |= held[n];
        }
      } else if (held != null) {
        steps = -1; // literals numbered since: the whole call read again
        held = null;
        return held(scan);
      }
      held = more;
      steps = all.size();
      return held;
    }

    /**
     * A program's lines: its first word as written; its name and its arguments joined by a blank,
     * as the readers of a program's words join them; each redirection's target and text.
     */
    private static boolean append(StringBuilder text, Step step) {
      List<Word> words = step.invocation().words();
      boolean ascii = true;
      if (!words.isEmpty()) {
        ascii = append(text, words.get(0).text());
      }
      ascii &= append(text, step.program());
      text.setLength(text.length() - 1); // the arguments follow on the name's line
      for (int w = 1; w < words.size(); w++) {
        text.append(' ');
        ascii &= append(text, words.get(w).text());
        text.setLength(text.length() - 1);
      }
      text.append('\n');
      for (Redirect redirect : step.invocation().redirects()) {
        if (redirect.target() != null) {
          ascii &= append(text, redirect.target().text());
        }
        if (redirect.body() != null) {
          ascii &= append(text, redirect.body());
        }
      }
      return ascii;
    }

    /** Appends a part folded and a line's end; whether it was ASCII. */
    private static boolean append(StringBuilder text, String part) {
      boolean ascii = true;
      for (int i = 0; i < part.length(); i++) {
        char c = part.charAt(i);
        ascii &= c < 128;
        text.append(ClueLiterals.fold(c));
      }
      text.append('\n');
      return ascii;
    }
  }
}
