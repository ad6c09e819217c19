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
    if (!JOINER.matcher(text).find()) {
      return null; // most commands: no quoted pieces joined
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
    int start = 0;
    while (start < text.length()) {
      while (start < text.length() && !Character.isLetter(text.charAt(start))) {
        start++;
      }
      int end = start;
      while (end < text.length() && Character.isLetter(text.charAt(end))) {
        end++;
      }
      if (end > start && ACTING.contains(text.substring(start, end))) {
        for (int cut : ends) {
          if (cut > start && cut < end) {
            return whole.substring(start, end);
          }
        }
      }
      start = end;
    }
    return null;
  }
}
