package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A word that acts, put together from pieces at run time (decision 176, {@code
 * shapes.words-assembled}): {@code 'UPD' + 'ATE'}, {@code ['P','O','S','T'].join('')}, {@code
 * ''.join(['p','a','t','c','h'])}, a shell variable grown by {@code +=} ({@code v=ter; v+=minate}).
 * Code has no reason to split {@code UPDATE} or {@code DELETE} in two but to keep it from a reader:
 * what the guard reads for the verb is not there, and the pieces are the call's only sign of it.
 * Pieces that keep each acting word whole ({@code 'SELECT id ' + 'FROM t'}, {@code 'in' + 'put'},
 * {@code ', '.join(names)}) are none.
 */
final class AssembledWords {
  private AssembledWords() {}

  /** The longest command read. */
  private static final int MAX_TEXT = 64 * 1024;

  /** Words that act, as the guard's readers look for them. */
  private static final Set<String> ACTING =
      NameSet.of(
          "update",
          "delete",
          "drop",
          "truncate",
          "insert",
          "alter",
          "grant",
          "revoke",
          "post",
          "put",
          "patch",
          "terminate",
          "destroy",
          "remove",
          "purge",
          "wipe",
          "erase",
          "shutdown",
          "reboot",
          "kill",
          "transfer",
          "refund",
          "payout",
          "publish",
          "approve",
          "release",
          "disable",
          "override",
          "bypass",
          "exec",
          "eval",
          "system",
          "cancel",
          "void");

  /** A quoted piece of text, short and on one line. */
  private static final String PIECE = "(?:'[^'\\n]{0,30}'|\"[^\"\\n]{0,30}\"|`[^`\\n]{0,30}`)";

  /**
   * Pieces joined by an operator: {@code +} (most languages), {@code .} (Perl, PHP), {@code ..}.
   */
  private static final Pattern CHAIN =
      Pattern.compile(PIECE + "(?:\\s*(?:\\+|\\.\\.?)\\s*" + PIECE + ")+");

  /** Pieces listed for a join: {@code ['P','O','S','T'].join('')}, {@code ''.join(['p','a'])}. */
  private static final Pattern JOINED =
      Pattern.compile(
          "join\\(\\s*[\\[(]\\s*("
              + PIECE
              + "(?:\\s*,\\s*"
              + PIECE
              + ")+)\\s*[\\])]"
              + "|[\\[(]\\s*("
              + PIECE
              + "(?:\\s*,\\s*"
              + PIECE
              + ")+)\\s*[\\])]\\s*\\.join\\(");

  /** A quoted piece, to split a chain or a list into its pieces. */
  private static final Pattern ONE_PIECE = Pattern.compile(PIECE);

  /** What must be in a text for pieces to be joined in it at all: two quotes around a joiner. */
  private static final Pattern JOINER = Pattern.compile("['\"`]\\s*(?:\\+|\\.\\.?|,)\\s*['\"`]");

  /**
   * Pieces handed to what puts them together (decision 178): a format's arguments ({@code
   * '{}{}'.format('DEL','ETE')}, {@code '%s%s' % ('PO','ST')}, {@code sprintf}), PHP's {@code
   * implode}, a {@code concat} after its first piece ({@code 'DE'.concat('LETE')}).
   */
  private static final Pattern HANDED =
      Pattern.compile(
          "(?:\\.format|\\bs?printf|\\bformat|\\bimplode|%)\\s*\\(\\s*\\[?\\s*("
              + PIECE
              + "(?:\\s*,\\s*\\[?\\s*"
              + PIECE
              + ")+)"
              + "|("
              + PIECE
              + "\\s*\\.concat\\(\\s*"
              + PIECE
              + "(?:\\s*,\\s*"
              + PIECE
              + ")*)");

  /** Words listed without quotes and joined: Ruby's {@code %w[DE LE TE].join}, Perl's qw(). */
  private static final Pattern WORD_LIST =
      Pattern.compile(
          "%w[\\[(]([A-Za-z ]{1,60})[\\])]\\s*\\.join"
              + "|join\\s*\\(?\\s*(?:''|\"\")\\s*,\\s*qw\\s*[(\\[/{]([A-Za-z ]{1,60})[)\\]/}]");

  /**
   * A name a call is looked up by, put together from quoted pieces only (decision 186): {@code
   * getattr(c, 'res' + 'et')(…)}, ruby's {@code send('de' + 'stroy')}, node's {@code c['re' +
   * 'set'](…)}, called at once. Code that names the call in quoted pieces has no reason to split it
   * but to keep the name from a reader; a piece and a variable ({@code getattr(o, 'get_' + field)})
   * is dispatch, and a value looked up and not called ({@code getattr(s, 'DEBUG_' + 'MODE',
   * False)}) runs nothing.
   */
  private static final Pattern NAME_LOOKED_UP =
      Pattern.compile(
          "(?:\\bgetattr\\s*\\(\\s*[\\w.]+\\s*,|(?<send>\\b(?:public_send|send|__send__)\\s*\\()|\\w\\[)\\s*(?<pieces>"
              + PIECE
              + "(?:\\s*\\+\\s*"
              + PIECE
              + ")+)\\s*[)\\]]\\s*\\(?");

  /** A name as code spells one: letters, digits and underscores. */
  private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_]\\w*");

  /** A name given letters in quotes or none: {@code a='PA'}, {@code b=ETE}. */
  private static final Pattern NAMED_PIECE =
      Pattern.compile("\\b([A-Za-z_]\\w{0,30})\\s*=\\s*(['\"]?)([A-Za-z]{1,20})\\2(?![\\w(.\\[])");

  /**
   * Two names put side by side: {@code f'{a}{b}'}, {@code "$a$b"}, {@code a + b}. The first name of
   * {@code a + b} is taken whole ({@code {0,30}+}, {@code \s*+}): tried at every word of a long
   * command, it was read again at each shorter length, and none can match there, since a letter
   * follows it, neither a blank nor {@code +}.
   */
  private static final Pattern SIDE_BY_SIDE =
      Pattern.compile(
          "\\{(\\w{1,31})\\}\\{(\\w{1,31})\\}|\\$\\{?(\\w{1,31})\\}?\\$\\{?(\\w{1,31})\\}?"
              + "|\\b([A-Za-z_]\\w{0,30}+)\\s*+\\+\\s*([A-Za-z_]\\w{0,30})\\b");

  /**
   * {@link #SIDE_BY_SIDE} for a text with no name added to another ({@link SideBySide#added}),
   * where its third alternative cannot match: it stands as one that never does, its groups kept, so
   * that the first two are read alone (the third tried at every word of a long command was most of
   * this reading's time).
   */
  private static final Pattern SIDE_BY_SIDE_UNADDED =
      Pattern.compile(
          "\\{(\\w{1,31})\\}\\{(\\w{1,31})\\}|\\$\\{?(\\w{1,31})\\}?\\$\\{?(\\w{1,31})\\}?|(?!)()()");

  /** A shell variable given letters, then letters added: {@code v=ter; v+=minate}. */
  private static final Pattern GROWN =
      Pattern.compile(
          "\\b([A-Za-z_]\\w{0,30})=['\"]?([A-Za-z]{1,20})['\"]?\\s*[;\\n&]+\\s*\\1\\+=['\"]?"
              + "([A-Za-z]{1,20})");

  /**
   * Adds the predicate under its name.
   *
   * @param named the call predicates by name
   */
  static void addCallsTo(Map<String, Where.CallPredicate> named) {
    named.put("words-assembled", scan -> in(scan.source()));
  }

  /**
   * The acting word the text puts together from pieces, as the reason shows it, or {@code null}.
   *
   * @param text a command, or inline code
   * @return the pieces and the word they make, or {@code null}
   */
  static String in(String text) {
    if (text == null || text.length() > MAX_TEXT) {
      return null;
    }
    // Every call's text comes here: the shell's += first, as the joiners' gate below is
    Matcher grown = GROWN.matcher(text.contains("+=") ? text : "");
    while (grown.find()) {
      String shown = split(List.of(grown.group(2), grown.group(3)));
      if (shown != null) {
        return grown.group() + " makes " + shown;
      }
    }
    String spelled = SpelledWords.in(text);
    if (spelled != null) {
      return spelled;
    }
    String named = namedPieces(text);
    if (named != null) {
      return named;
    }
    if (text.contains("%w") || text.contains("qw")) {
      Matcher listed = WORD_LIST.matcher(text);
      while (listed.find()) {
        String list = listed.group(1) != null ? listed.group(1) : listed.group(2);
        String shown = split(List.of(list.strip().split("\\s+")));
        if (shown != null) {
          return listed.group() + " makes " + shown;
        }
      }
    }
    if (!PatternLiterals.finds(JOINER, text) && !text.contains(".concat(")) {
      return null; // most commands: no quoted pieces joined
    }
    String looked = nameLookedUp(text);
    if (looked != null) {
      return looked;
    }
    Matcher handed = HANDED.matcher(text);
    while (handed.find()) {
      List<String> pieces = new ArrayList<>();
      for (String piece : pieces(handed.group(1) != null ? handed.group(1) : handed.group(2))) {
        if (piece.indexOf('%') < 0 && piece.indexOf('{') < 0) {
          pieces.add(piece); // the format's own text is no piece: '{}{}', '%s%s'
        }
      }
      String shown = split(pieces);
      if (shown != null) {
        return handed.group() + " makes " + shown;
      }
    }
    Matcher chain = CHAIN.matcher(text);
    for (int at = 0; at < text.length(); at++) {
      char c = text.charAt(at);
      if (c != '\'' && c != '"' && c != '`') {
        continue;
      }
      // From every quote: a quote may close one piece of the shell's and open one of the code's.
      chain.region(at, text.length());
      if (chain.lookingAt()) {
        String shown = split(pieces(chain.group()));
        if (shown != null) {
          return chain.group() + " makes " + shown;
        }
      }
    }
    Matcher joined = JOINED.matcher(text);
    while (joined.find()) {
      String list = joined.group(1) != null ? joined.group(1) : joined.group(2);
      String shown = split(pieces(list));
      if (shown != null) {
        return joined.group() + " makes " + shown;
      }
    }
    return null;
  }

  /** A call's name looked up from quoted pieces only ({@link #NAME_LOOKED_UP}), or {@code null}. */
  private static String nameLookedUp(String text) {
    Matcher looked = NAME_LOOKED_UP.matcher(text);
    while (looked.find()) {
      String name = String.join("", pieces(looked.group("pieces")));
      String shown = looked.group();
      boolean called = shown.endsWith("(") || looked.group("send") != null;
      if (called && PatternLiterals.matches(IDENTIFIER, name)) {
        return shown.substring(0, shown.length() - (shown.endsWith("(") ? 1 : 0)).strip()
            + " names "
            + name;
      }
    }
    return null;
  }

  /**
   * Two names given letters and put side by side ({@code a='PA'; b='TCH'; f'{a}{b}'}), where they
   * make an acting word across their join, or {@code null}.
   */
  private static String namedPieces(String text) {
    if (text.indexOf('=') < 0) {
      return null; // no name given letters
    }
    boolean added = SideBySide.added(text);
    if (!added && !text.contains("}{") && !SideBySide.dollars(text)) {
      return null; // no two names put side by side: none of SIDE_BY_SIDE's alternatives can match
    }
    Matcher together = (added ? SIDE_BY_SIDE : SIDE_BY_SIDE_UNADDED).matcher(text);
    Map<String, String> values = null;
    while (together.find()) {
      int g = together.group(1) != null ? 1 : together.group(3) != null ? 3 : 5;
      if (values == null) {
        values = new java.util.HashMap<>();
        Matcher named = NAMED_PIECE.matcher(text);
        while (named.find() && values.size() < 64) {
          values.put(named.group(1), named.group(3));
        }
      }
      String first = values.get(together.group(g));
      String second = values.get(together.group(g + 1));
      if (first != null && second != null) {
        String shown = split(List.of(first, second));
        if (shown != null) {
          return together.group() + " makes " + shown;
        }
      }
    }
    return null;
  }

  /** Whether a word, lower case, is one that acts as the guard's readers look for it. */
  static boolean acting(String word) {
    return ACTING.contains(word);
  }

  /**
   * The next acting word of a text, a word of its own (its letters, not {@code compost}'s {@code
   * post}), at or after {@code from}: its start and end, or {@code null}.
   *
   * @param text the text, lower case
   */
  static int[] nextActing(String text, int from) {
    int start = from;
    while (start < text.length()) {
      while (start < text.length() && !Character.isLetter(text.charAt(start))) {
        start++;
      }
      int end = start;
      while (end < text.length() && Character.isLetter(text.charAt(end))) {
        end++;
      }
      if (end > start && ACTING.contains(text.substring(start, end))) {
        return new int[] {start, end};
      }
      start = end;
    }
    return null;
  }

  /** The quoted pieces of a chain or a list, without their quotes. */
  private static List<String> pieces(String joined) {
    List<String> pieces = new ArrayList<>();
    Matcher piece = ONE_PIECE.matcher(joined);
    while (piece.find()) {
      String quoted = piece.group();
      pieces.add(quoted.substring(1, quoted.length() - 1));
    }
    return pieces;
  }

  /**
   * The acting word the pieces make across a piece's end (a word of its own in the whole: {@code
   * UPDATE }, not {@code compost}), or {@code null} where each acting word is in one piece.
   */
  private static String split(List<String> pieces) {
    if (pieces.size() < 2) {
      return null;
    }
    StringBuilder whole = new StringBuilder();
    List<Integer> ends = new ArrayList<>();
    for (String piece : pieces) {
      whole.append(piece);
      ends.add(whole.length());
    }
    String text = whole.toString().toLowerCase(Locale.ROOT);
    for (int[] word = nextActing(text, 0); word != null; word = nextActing(text, word[1])) {
      for (int cut : ends) {
        if (cut > word[0] && cut < word[1]) {
          return whole.substring(word[0], word[1]);
        }
      }
    }
    return null;
  }
}
