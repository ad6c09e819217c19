package io.github.providergateway.guard.internal;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A word that acts, spelled so that no reader sees its letters (decision 178, for {@link
 * AssembledWords}): character codes ({@code chr(80)}, {@code String.fromCharCode(80,79,83,84)},
 * {@code map(chr,[85,80,…])}), hexadecimal or octal escapes ({@code printf '\x44\x52…'}, {@code
 * $'\x50\x4f…'}), a text reversed ({@code 'ETADPU'[::-1]}), a shell variable's case changed ({@code
 * v=delete; ${v^^}}). Unlike pieces, the whole word is hidden: any acting word the spelling makes
 * counts. Codes that make none ({@code Hello}) are none.
 */
final class SpelledWords {
  private SpelledWords() {}

  /** Numbers handed to what turns them into characters: fromCharCode, map(chr, …), bytes(…). */
  private static final Pattern CODE_LIST =
      Pattern.compile(
          "(?:fromCharCode\\s*\\(|chr\\s*,\\s*[\\[(]|bytes\\s*\\(\\s*\\[|pack\\s*\\(\\s*['\"][Cc]\\*['\"]"
              + "\\s*,|\\[char\\[\\]\\]\\s*\\(?)\\s*((?:\\d{2,3}\\s*,\\s*){2,40}\\d{2,3})");

  /** Characters given one by one: {@code chr(85)+chr(80)}, {@code chr(85).chr(80)}. */
  private static final Pattern CHR_CHAIN =
      Pattern.compile(
          "chr\\s*\\(\\s*\\d{2,3}\\s*\\)(?:\\s*[+.]\\s*chr\\s*\\(\\s*\\d{2,3}\\s*\\)){2,40}");

  /** A number in a list or a chain. */
  private static final Pattern NUMBER = Pattern.compile("\\d{2,3}");

  /** A run of escapes: {@code \x44\x52}, {@code \104\122}; a space or letters may sit between. */
  private static final Pattern ESCAPES =
      Pattern.compile("(?:\\\\x[0-9A-Fa-f]{2}|\\\\[0-7]{3}){3,}");

  /**
   * A quoted text reversed: Python's slice, JavaScript's split, reverse and join, Perl's reverse.
   */
  private static final Pattern REVERSED =
      Pattern.compile(
          "(?:'([^'\\n]{3,40})'|\"([^\"\\n]{3,40})\")\\s*(?:\\[::-1\\]|\\.split\\(\\s*(?:''|\"\")\\s*\\)"
              + "\\s*\\.reverse\\(\\)|\\.reverse\\b)|reverse\\s*\\(?\\s*(?:'([^'\\n]{3,40})'|\"([^\"\\n]{3,40})\")");

  /** A shell variable given letters, then its case changed: {@code v=delete; ${v^^}}. */
  private static final Pattern CASED =
      Pattern.compile(
          "\\b([A-Za-z_]\\w{0,30})=['\"]?([A-Za-z]{3,20})['\"]?\\s*[;\\n&][^\\n]{0,400}?\\$\\{\\1(?:\\^\\^|\\^|,,|,)\\}");

  /**
   * Whether a backslash in the text begins an escape {@link #ESCAPES} reads ({@code \x}, {@code
   * \1}): a command's {@code grep "a\|b"} has backslashes and no escape, and the pattern is tried
   * at each of its characters.
   */
  private static boolean escapeBegins(String text) {
    for (int at = text.indexOf('\\'); at >= 0; at = text.indexOf('\\', at + 1)) {
      char next = at + 1 < text.length() ? text.charAt(at + 1) : ' ';
      if (next == 'x' || next >= '0' && next <= '7') {
        return true;
      }
    }
    return false;
  }

  /**
   * The acting word a text spells otherwise, as the reason shows it, or {@code null}.
   *
   * @param text a command, or inline code
   */
  static String in(String text) {
    if (text.contains("chr")
        || text.contains("CharCode")
        || text.contains("pack")
        || text.contains("bytes")
        || text.contains("[char[]]")) {
      String shown = codes(text);
      if (shown != null) {
        return shown;
      }
    }
    if (escapeBegins(text)) {
      Matcher escapes = ESCAPES.matcher(text);
      while (escapes.find()) {
        String word = actingWord(unescape(escapes.group()));
        if (word != null) {
          return escapes.group() + " makes " + word;
        }
      }
    }
    if (text.contains("[::-1]") || text.contains("reverse")) {
      Matcher reversed = REVERSED.matcher(text);
      while (reversed.find()) {
        String quoted = null;
        for (int g = 1; g <= 4 && quoted == null; g++) {
          quoted = reversed.group(g);
        }
        String word = actingWord(new StringBuilder(quoted).reverse().toString());
        if (word != null) {
          return reversed.group() + " makes " + word;
        }
      }
    }
    if (text.contains("^}") || text.contains(",}")) {
      Matcher cased = CASED.matcher(text);
      while (cased.find()) {
        if (AssembledWords.acting(cased.group(2).toLowerCase(Locale.ROOT))) {
          return cased.group(1) + "=" + cased.group(2) + " … ${" + cased.group(1) + "^^}";
        }
      }
    }
    return null;
  }

  /** The acting word character codes make, as the reason shows it, or {@code null}. */
  private static String codes(String text) {
    for (Pattern codes : new Pattern[] {CODE_LIST, CHR_CHAIN}) {
      Matcher list = codes.matcher(text);
      while (list.find()) {
        StringBuilder letters = new StringBuilder();
        Matcher number = NUMBER.matcher(list.group());
        while (number.find()) {
          int code = Integer.parseInt(number.group());
          letters.append(code < 128 ? (char) code : ' ');
        }
        String word = actingWord(letters.toString());
        if (word != null) {
          return list.group() + " makes " + word;
        }
      }
    }
    return null;
  }

  /** A run of escapes as the characters it stands for. */
  private static String unescape(String escapes) {
    StringBuilder text = new StringBuilder();
    int i = 0;
    while (i < escapes.length()) {
      if (escapes.charAt(i + 1) == 'x') {
        text.append((char) Integer.parseInt(escapes.substring(i + 2, i + 4), 16));
        i += 4;
      } else {
        text.append((char) Integer.parseInt(escapes.substring(i + 1, i + 4), 8));
        i += 4;
      }
    }
    return text.toString();
  }

  /** The first acting word of a text, a word of its own, or {@code null}. */
  private static String actingWord(String text) {
    String lower = text.toLowerCase(Locale.ROOT); // its length may differ from the text's
    int[] word = AssembledWords.nextActing(lower, 0);
    return word == null ? null : lower.substring(word[0], word[1]).toUpperCase(Locale.ROOT);
  }
}
