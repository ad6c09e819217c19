package io.github.providergateway.guard.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The texts one of which every match of a pattern contains, read from the pattern itself, so that a
 * text holding none of them is passed over without a regex (decision 135): the rule families'
 * patterns are long alternations read over a whole call for every call, and most calls hold not one
 * of their words. A pattern {@code \bfoo\s*\(|bar-?baz} needs {@code foo}, {@code barbaz} or {@code
 * bar-baz}: each top-level alternative gives the longest run of characters it must match in a row
 * (a character that may be absent spells the run both ways, so that {@code e-?verify} needs {@code
 * everify} or {@code e-verify}, not every {@code verify} of {@code mvn verify}), or, where it has
 * none, a group it must match whose every alternative gives one.
 *
 * <p>The reading only ever errs towards the regex: a construct it does not know (a backreference,
 * {@code \Q…\E}, a code point by number, comments or Unicode case), an alternative with no such
 * text, or a text shorter than three characters leaves the pattern without literals, and {@link
 * #mayFind} then always says yes. Case: where the pattern ignores case (ASCII only, Java's default)
 * the texts are compared ignoring case, which finds every ASCII match and a few more. So {@code
 * mayFind(p, t)} is false only where {@code p.matcher(t).find()} is false too (PatternLiteralsTest;
 * WholeDecisionsTest's decisions unchanged).
 */
final class PatternLiterals {
  private PatternLiterals() {}

  /** The shortest text worth a look-up before the regex. */
  private static final int SHORTEST = 3;

  /** The most spellings of a run with characters that may be absent ({@code e-?verify}). */
  private static final int MOST_SPELLINGS = 4;

  /** What a pattern needs: its texts, and whether they are compared ignoring case. */
  record Needs(String[] texts, boolean ignoringCase) {
    /** {@return false only where the pattern finds nothing in the text ({@link #mayFind})} */
    boolean mayFind(String text) {
      return texts == null || holdsAny(text, ignoringCase ? FoldedTexts.of(text) : text, texts);
    }
  }

  /** A pattern that needs no text this reading finds: always tried. */
  private static final Needs ANYTHING = new Needs(null, false);

  /** Each pattern's needs, read at its first use (patterns are compared by identity). */
  private static final Map<Pattern, Needs> NEEDS = new ConcurrentHashMap<>();

  /**
   * Whether the pattern may find something in the text: false only where it finds nothing.
   *
   * @param pattern the pattern
   * @param text the text it is to be read over
   * @return false where the text holds none of the texts every match contains
   */
  static boolean mayFind(Pattern pattern, String text) {
    return needs(pattern).mayFind(text);
  }

  /** {@return what a pattern needs, read at its first use: kept with it by PlaceGlobs} */
  static Needs needs(Pattern pattern) {
    Needs needs = NEEDS.get(pattern);
    return needs != null ? needs : NEEDS.computeIfAbsent(pattern, PatternLiterals::read);
  }

  /**
   * Whether the pattern finds something in the text: {@code pattern.matcher(text).find()}, with no
   * regex where the text holds none of the pattern's literals.
   *
   * @param pattern the pattern
   * @param text the text
   * @return whether it finds something
   */
  static boolean finds(Pattern pattern, String text) {
    Pattern over = PatternAlternatives.over(pattern, text); // a long text: its alternatives there
    return over != null && over.matcher(text).find();
  }

  /**
   * Whether the pattern matches the whole text: {@code pattern.matcher(text).matches()}, with no
   * matcher made where the text holds none of the pattern's literals (a word at a time).
   */
  static boolean matches(Pattern pattern, String text) {
    return mayFind(pattern, text) && pattern.matcher(text).matches();
  }

  /**
   * The pattern's matcher over the text; where the text holds none of its literals, its region is
   * the text's end, so that {@code find}, {@code lookingAt} and {@code matches} fail with no regex
   * (as they would have over the whole text: the pattern needs three characters at least), while
   * {@code find(int)}, {@code reset} and the replacements read the whole text as before. Over a
   * long text the matcher may be of the alternatives that can match there ({@link
   * PatternAlternatives}): the same matches and groups over this text, and over this text only (a
   * {@code reset} to another text is not for it).
   *
   * @param pattern the pattern
   * @param text the text
   * @return its matcher
   */
  static Matcher matcher(Pattern pattern, String text) {
    Pattern over = PatternAlternatives.over(pattern, text); // a long text: its alternatives there
    return over != null
        ? over.matcher(text)
        : pattern.matcher(text).region(text.length(), text.length());
  }

  /**
   * The texts one of which every match of the pattern contains, or {@code null} where none is read.
   *
   * @param pattern the pattern
   * @return the texts (in lower case where the pattern ignores case), or {@code null}
   */
  static List<String> of(Pattern pattern) {
    String[] texts = read(pattern).texts();
    return texts == null ? null : List.of(texts);
  }

  /**
   * A top-level alternative of a pattern: its source, and the texts one of which its every match
   * contains (in lower case where the pattern ignores case), or {@code null} where none is read.
   */
  record Alternative(String source, String[] texts) {}

  /** A pattern's top-level alternatives, and whether their texts are compared ignoring case. */
  record Alternatives(List<Alternative> each, boolean ignoringCase) {}

  /**
   * The pattern's top-level alternatives, each with its texts as {@link #mayFind} reads them for
   * the whole pattern, or {@code null} where the pattern is not read.
   *
   * @param pattern the pattern
   * @return the alternatives in their order, or {@code null}
   */
  static Alternatives alternatives(Pattern pattern) {
    if (!readable(pattern)) {
      return null;
    }
    Reader reader = new Reader(pattern.pattern());
    try {
      List<Alternative> read = reader.topLevel();
      if (reader.at < reader.source.length()) {
        return null;
      }
      boolean ignoringCase =
          reader.ignoringCase || (pattern.flags() & Pattern.CASE_INSENSITIVE) != 0;
      List<Alternative> out = new ArrayList<>(read.size());
      for (Alternative alternative : read) {
        String[] texts = alternative.texts();
        boolean used = texts != null && shortest(List.of(texts)) >= SHORTEST;
        for (int i = 0; used && i < texts.length; i++) {
          used = !ignoringCase || texts[i].chars().allMatch(c -> c < 128);
          texts[i] = ignoringCase ? texts[i].toLowerCase(Locale.ROOT) : texts[i];
        }
        out.add(new Alternative(alternative.source(), used ? texts : null));
      }
      return new Alternatives(out, ignoringCase);
    } catch (Unread unread) {
      return null;
    }
  }

  /** Whether a pattern's flags let its literals be read. */
  private static boolean readable(Pattern pattern) {
    int unsafe = Pattern.COMMENTS | Pattern.LITERAL | Pattern.CANON_EQ | Pattern.UNICODE_CASE;
    return (pattern.flags() & (unsafe | Pattern.UNICODE_CHARACTER_CLASS)) == 0;
  }

  /**
   * Whether a text holds one of the texts a pattern or an alternative needs.
   *
   * @param text the text
   * @param compared the text as the texts are compared: itself, its folded copy ({@link
   *     FoldedTexts}) where they ignore case, or {@code null} where it has a character past ASCII
   * @param needed the texts (in lower case where ignoring case)
   * @return whether one is in the text
   */
  static boolean holdsAny(String text, String compared, String[] needed) {
    for (String one : needed) {
      if (compared != null ? compared.contains(one) : containsIgnoringCase(text, one)) {
        return true;
      }
    }
    return false;
  }

  private static Needs read(Pattern pattern) {
    if (!readable(pattern)) {
      return ANYTHING;
    }
    Reader reader = new Reader(pattern.pattern());
    try {
      List<String> texts = reader.alternatives();
      if (reader.at < reader.source.length() || texts == null || shortest(texts) < SHORTEST) {
        return ANYTHING;
      }
      boolean ignoringCase =
          reader.ignoringCase || (pattern.flags() & Pattern.CASE_INSENSITIVE) != 0;
      List<String> kept = new ArrayList<>();
      for (String text : texts) {
        if (ignoringCase && !text.chars().allMatch(c -> c < 128)) {
          return ANYTHING; // compared as ASCII only: a text of other letters is not read
        }
        kept.add(ignoringCase ? text.toLowerCase(Locale.ROOT) : text);
      }
      return new Needs(kept.toArray(String[]::new), ignoringCase);
    } catch (Unread unread) {
      return ANYTHING;
    }
  }

  /**
   * Whether the text holds {@code needed} (ASCII, in lower case) with its letters in any case; a
   * character past ASCII is taken to match any, so that nothing the pattern matches is missed.
   * Where the text is all ASCII this is its folded copy's {@code contains} ({@link FoldedTexts}),
   * the same answer by the JDK's own search.
   */
  static boolean containsIgnoringCase(String text, String needed) {
    int length = needed.length();
    int last = text.length() - length;
    for (int i = 0; i <= last; i++) {
      int j = 0;
      while (j < length && sameIgnoringCase(text.charAt(i + j), needed.charAt(j))) {
        j++;
      }
      if (j == length) {
        return true;
      }
    }
    return false;
  }

  /** Whether a text's character may be the needed one (ASCII lower case) ignoring ASCII case. */
  private static boolean sameIgnoringCase(char c, char needed) {
    return c == needed || c >= 128 || needed >= 'a' && needed <= 'z' && (c | 0x20) == needed;
  }

  private static int shortest(List<String> texts) {
    int shortest = Integer.MAX_VALUE;
    for (String text : texts) {
      shortest = Math.min(shortest, text.length());
    }
    return shortest;
  }

  /** A construct the reading does not know: the pattern is always tried. */
  private static final class Unread extends RuntimeException {
    Unread() {
      super(null, null, false, false);
    }
  }

  /** A reader of a pattern's syntax, as much of it as the literals need. */
  private static final class Reader {
    private final String source;
    private int at;
    private boolean ignoringCase;

    Reader(String source) {
      this.source = source;
    }

    /** The alternatives at the top, each with its source and its texts as read. */
    List<Alternative> topLevel() {
      List<Alternative> out = new ArrayList<>();
      while (true) {
        int start = at;
        List<String> texts = sequence();
        out.add(
            new Alternative(
                source.substring(start, at), texts == null ? null : texts.toArray(String[]::new)));
        if (at < source.length() && source.charAt(at) == '|') {
          at++;
          continue;
        }
        return out;
      }
    }

    /**
     * The alternatives up to the end or the group's {@code )}: the union of each one's texts, or
     * {@code null} where one has none.
     */
    List<String> alternatives() {
      List<String> union = new ArrayList<>();
      boolean every = true;
      while (true) {
        List<String> texts = sequence();
        if (texts == null) {
          every = false;
        } else {
          union.addAll(texts);
        }
        if (at < source.length() && source.charAt(at) == '|') {
          at++;
          continue;
        }
        return every ? union : null;
      }
    }

    /**
     * One alternative: the best of its runs of characters and its groups, or {@code null}. A run
     * goes on past a character that may be absent ({@code e-?verify}), as both its spellings
     * ({@code everify}, {@code e-verify}), up to {@link #MOST_SPELLINGS}: every match holds one.
     */
    private List<String> sequence() {
      List<String> best = null;
      List<StringBuilder> run = List.of(new StringBuilder());
      while (at < source.length()) {
        char c = source.charAt(at);
        if (c == '|' || c == ')') {
          break;
        }
        if (c == '(') {
          best = betterOfRun(best, run);
          run = List.of(new StringBuilder());
          List<String> group = group();
          if (quantifier() && group != null) {
            best = better(best, group);
          }
          continue;
        }
        Character literal = literal();
        if (literal == null) {
          best = betterOfRun(best, run);
          run = List.of(new StringBuilder());
          quantifierAfterAtom();
          continue;
        }
        char next = at < source.length() ? source.charAt(at) : 0;
        if (next == '?' && 2 * run.size() <= MOST_SPELLINGS) {
          quantifier();
          run = spelledBothWays(run, literal);
        } else if (next == '?' || next == '*' || next == '+' || next == '{') {
          boolean needed = quantifier();
          if (needed) {
            appendToEach(run, literal);
          }
          best = betterOfRun(best, run);
          run = List.of(new StringBuilder());
        } else {
          appendToEach(run, literal);
        }
      }
      return betterOfRun(best, run);
    }

    /** Each spelling of a run without a character that may be absent, and with it. */
    private static List<StringBuilder> spelledBothWays(List<StringBuilder> run, char maybe) {
      List<StringBuilder> both = new ArrayList<>(2 * run.size());
      for (StringBuilder spelling : run) {
        both.add(new StringBuilder(spelling));
        both.add(spelling.append(maybe));
      }
      return both;
    }

    /** Adds a character every spelling of a run must hold next. */
    private static void appendToEach(List<StringBuilder> run, char c) {
      for (StringBuilder spelling : run) {
        spelling.append(c);
      }
    }

    /**
     * The character a literal stands for, having read it; {@code null} having read an atom or an
     * assertion that is none (a class, {@code .}, {@code \s}, {@code \b}, {@code ^}).
     */
    private Character literal() {
      char c = source.charAt(at++);
      switch (c) {
        case '.', '^', '$' -> {
          return null;
        }
        case '[' -> {
          characterClass();
          return null;
        }
        case '?', '*', '+', '{' -> throw new Unread(); // a quantifier of nothing
        case '\\' -> {
          return escaped();
        }
        default -> {
          return c;
        }
      }
    }

    /** After a backslash: the character escaped, or {@code null} for a class or an assertion. */
    private Character escaped() {
      if (at >= source.length()) {
        throw new Unread();
      }
      char e = source.charAt(at++);
      if (!Character.isLetterOrDigit(e)) {
        if (e >= 128) {
          throw new Unread();
        }
        return e; // a metacharacter, or any other punctuation, itself
      }
      switch (e) {
        case 'b',
            'B',
            'A',
            'z',
            'Z',
            'G',
            's',
            'S',
            'd',
            'D',
            'w',
            'W',
            'h',
            'H',
            'v',
            'V',
            'R',
            'n',
            't',
            'r',
            'f',
            'a',
            'e' -> {
          return null;
        }
        case 'p', 'P' -> {
          if (at < source.length() && source.charAt(at) == '{') {
            int end = source.indexOf('}', at);
            if (end < 0) {
              throw new Unread();
            }
            at = end + 1;
          } else {
            at++;
          }
          return null;
        }
        default -> throw new Unread(); // Q, x, u (a code point), 0, c, k, a backreference, X, N
      }
    }

    /** Reads a character class to its closing bracket (the {@code [} read). */
    private void characterClass() {
      int depth = 1;
      if (at < source.length() && source.charAt(at) == '^') {
        at++;
      }
      if (at < source.length() && source.charAt(at) == ']') {
        throw new Unread();
      }
      while (at < source.length()) {
        char c = source.charAt(at++);
        if (c == '\\') {
          if (at < source.length() && (source.charAt(at) == 'Q' || source.charAt(at) == 'E')) {
            throw new Unread();
          }
          at++;
        } else if (c == '[') {
          depth++;
        } else if (c == ']' && --depth == 0) {
          return;
        }
      }
      throw new Unread();
    }

    /**
     * A group, the {@code (} next: the texts one of which its every match contains, or {@code null}
     * for none, and for a look-around (which matches no characters).
     */
    private List<String> group() {
      at++; // (
      boolean around = false;
      if (source.startsWith("?", at)) {
        at++;
        char kind = at < source.length() ? source.charAt(at) : 0;
        if (kind == '=' || kind == '!') {
          around = true;
          at++;
        } else if (kind == '<'
            && at + 1 < source.length()
            && (source.charAt(at + 1) == '=' || source.charAt(at + 1) == '!')) {
          around = true;
          at += 2;
        } else if (kind == '<') {
          int end = source.indexOf('>', at);
          if (end < 0) {
            throw new Unread();
          }
          at = end + 1; // a named group
        } else if (kind == '>' || kind == ':') {
          at++;
        } else {
          if (flags()) {
            return null; // (?i): flags for what follows, no group
          }
        }
      }
      List<String> inner = alternatives();
      if (at >= source.length() || source.charAt(at) != ')') {
        throw new Unread();
      }
      at++;
      return around ? null : inner;
    }

    /**
     * Reads inline flags ({@code i}, {@code -i}, {@code m}, {@code s}, {@code d}) after {@code (?}.
     *
     * @return true for {@code (?flags)}, false for {@code (?flags:}, whose group follows
     */
    private boolean flags() {
      while (at < source.length()) {
        char f = source.charAt(at++);
        switch (f) {
          case 'i' -> ignoringCase = true; // even where turned off: only more is compared
          case 'm', 's', 'd', '-' -> {}
          case ')' -> {
            return true;
          }
          case ':' -> {
            return false;
          }
          default -> throw new Unread(); // x, u, U, c: comments or other letters' cases
        }
      }
      throw new Unread();
    }

    /**
     * Reads a quantifier, if one is next.
     *
     * @return whether what it follows is still needed: none, {@code +} or a least count of one
     */
    private boolean quantifier() {
      if (at >= source.length()) {
        return true;
      }
      char q = source.charAt(at);
      boolean needed;
      if (q == '?' || q == '*') {
        at++;
        needed = false;
      } else if (q == '+') {
        at++;
        needed = true;
      } else if (q == '{') {
        int end = source.indexOf('}', at);
        if (end < 0) {
          throw new Unread();
        }
        String counts = source.substring(at + 1, end);
        if (!counts.matches("\\d+(,\\d*)?")) {
          throw new Unread();
        }
        needed = Integer.parseInt(counts.split(",")[0]) > 0;
        at = end + 1;
      } else {
        return true;
      }
      if (at < source.length() && (source.charAt(at) == '?' || source.charAt(at) == '+')) {
        at++; // lazy or possessive
      }
      return needed;
    }

    private void quantifierAfterAtom() {
      quantifier();
    }

    /**
     * The better of what was found and a run: the one whose shortest text is longest. A run one of
     * whose spellings is empty needs nothing.
     */
    private static List<String> betterOfRun(List<String> best, List<StringBuilder> run) {
      List<String> spellings = new ArrayList<>(run.size());
      for (StringBuilder spelling : run) {
        if (spelling.isEmpty()) {
          return best;
        }
        spellings.add(spelling.toString());
      }
      return better(best, spellings);
    }

    private static List<String> better(List<String> best, List<String> other) {
      if (other.isEmpty()) {
        return best;
      }
      if (best == null || shortest(other) > shortest(best)) {
        return other;
      }
      return best;
    }
  }
}
