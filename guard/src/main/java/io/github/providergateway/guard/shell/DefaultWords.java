package io.github.providergateway.guard.shell;

import io.github.providergateway.guard.shell.syntax.SyntaxParser;
import java.util.List;

/**
 * The word of its own a {@code ${NAME:-word}}, {@code ${NAME:=word}} or {@code ${NAME:+word}}
 * expansion carries (and their forms without the colon): where one is in a word's text, and which
 * word bash uses for it given what {@link Variables} knows of the variable. Pure text reading, no
 * state: {@link Variables#substitute} calls it.
 */
final class DefaultWords {
  private DefaultWords() {}

  /**
   * After a {@code ${NAME} at {@code at}: an operator that gives a word of its own ({@code :-} or
   * {@code -} default, {@code :=} or {@code =} assign, {@code :+} or {@code +} alternative) and a
   * word with no expansion in it, up to the closing brace: {@code {start, end}} of the word; else
   * null (the expansion is left as it stands).
   */
  static int[] alternative(String text, int at) {
    int op = at < text.length() && text.charAt(at) == ':' ? at + 1 : at;
    if (op >= text.length() || "-=+".indexOf(text.charAt(op)) < 0) {
      return null;
    }
    int start = op + 1;
    int end = text.indexOf('}', start);
    if (end < 0) {
      return null;
    }
    for (int k = start; k < end; k++) {
      char c = text.charAt(k);
      if (c == '$' || c == '`' || c == '{' || c == '\\') {
        return null;
      }
    }
    return new int[] {start, end};
  }

  /**
   * The word bash would use for {@code ${NAME<op>word}}: the variable's value where the script gave
   * it one that the operator keeps, else the operator's word (its quotes taken off), which is what
   * an unset variable gives for a default and what a set one gives for an alternative: the guard
   * reads the word either way, as it cannot know the environment.
   */
  static String chosen(Word known, String text, int at, int[] alternative) {
    boolean colon = text.charAt(at) == ':';
    char operator = text.charAt(colon ? at + 1 : at);
    String word = text.substring(alternative[0], alternative[1]).replace("\"", "").replace("'", "");
    boolean set = known != null && (!colon || !known.text().isEmpty());
    if (operator == '+' || !set) {
      return word;
    }
    return known.text();
  }

  /** Whether a word that is no literal holds a {@code ${NAME…}} with a word of its own. */
  static boolean anyWordHasAlternative(List<Word> words) {
    for (int w = 0; w < words.size(); w++) {
      Word word = words.get(w);
      String text = word.text();
      if (word.literal() || text.indexOf("${") < 0) {
        continue;
      }
      for (int i = text.indexOf("${"); i >= 0; i = text.indexOf("${", i + 2)) {
        int nameEnd = i + 2;
        while (nameEnd < text.length() && SyntaxParser.isNameChar(text.charAt(nameEnd))) {
          nameEnd++;
        }
        if (nameEnd > i + 2 && alternative(text, nameEnd) != null) {
          return true;
        }
      }
    }
    return false;
  }
}
