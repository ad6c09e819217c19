package io.github.providergateway.guard.shell.syntax;

import java.util.concurrent.atomic.AtomicReference;

/**
 * One text being read and where the reading stands: shared by the grammar ({@link ScriptParser})
 * and the word reader ({@link WordReader}), which move {@link #pos} along it, with the bounds of
 * the whole parse ({@link ParseLimits}) and where the text sits, for messages.
 */
final class Source {
  /** The text. */
  final String text;

  /**
   * Its characters, read by index: charAt checks the string's coding and bounds each time, which
   * the loops over every character of a long command pay for. Of a long text, the array of an
   * earlier reading ({@link #charsOf}): only the first {@link #length} are this text's.
   */
  final char[] chars;

  /**
   * Where reading stops: the text's length, or the end of a here-document's body while its
   * expansions are read. Reader only.
   */
  int length;

  /** The next character to read. Reader only. */
  int pos;

  /** The bounds shared with every nested reading. */
  final ParseLimits limits;

  /** Where this text sits, for messages: empty at the top, " in …" when nested. */
  final String where;

  /**
   * The array a long text's characters were last read into, free for the next ({@link #charsOf}): a
   * 64 KiB command's copy was an eighth of the bytes its decision allocated. Taken and given back
   * whole, so two readings at once never share it (the second copies its text as it is).
   */
  private static final AtomicReference<char[]> SPARE_CHARS = new AtomicReference<>();

  /** Texts shorter than this are copied as they are: a small array costs next to nothing. */
  private static final int MIN_SPARE_TEXT = 1024;

  /** The longest array kept for reuse (64 Ki characters): a longer text's is left to go. */
  private static final int MAX_SPARE_TEXT = 64 * 1024;

  Source(String text, ParseLimits limits, String where) {
    this.text = text;
    this.chars = charsOf(text);
    this.length = text.length();
    this.limits = limits;
    this.where = where;
  }

  /** The characters of {@code text}: in the spare array when it is long and fits there. */
  private static char[] charsOf(String text) {
    int length = text.length();
    if (length >= MIN_SPARE_TEXT && length <= MAX_SPARE_TEXT) {
      char[] spare = SPARE_CHARS.getAndSet(null);
      if (spare != null && spare.length >= length) {
        text.getChars(0, length, spare, 0);
        return spare;
      }
      if (spare != null) {
        SPARE_CHARS.compareAndSet(null, spare);
      }
    }
    return text.toCharArray();
  }

  /**
   * Gives the characters' array for the next long text, once nothing reads it any more: kept when
   * the spare is gone or shorter (a nested reading's, while this one held the spare).
   */
  void release() {
    if (chars.length < MIN_SPARE_TEXT || chars.length > MAX_SPARE_TEXT) {
      return;
    }
    for (; ; ) {
      char[] spare = SPARE_CHARS.get();
      if (spare != null && spare.length >= chars.length
          || SPARE_CHARS.compareAndSet(spare, chars)) {
        return;
      }
    }
  }

  /** {@return the character {@code ahead} of the read position, or 0 past the end} */
  char peek(int ahead) {
    int i = pos + ahead;
    return i < length ? chars[i] : 0;
  }

  boolean atEnd() {
    return pos >= length;
  }

  /** {@return whether {@code token} stands at the read position} */
  boolean at(String token) {
    if (pos + token.length() > length) {
      return false;
    }
    for (int k = 0; k < token.length(); k++) {
      if (chars[pos + k] != token.charAt(k)) {
        return false;
      }
    }
    return true;
  }

  /** Steps over blanks and backslash-newlines (a line continued). */
  void skipBlanks() {
    while (pos < length) {
      char c = chars[pos];
      if (c == ' ' || c == '\t') {
        pos++;
      } else if (c == '\\' && pos + 1 < length && chars[pos + 1] == '\n') {
        pos += 2;
      } else {
        return;
      }
    }
  }

  /** Steps over a comment, to its newline (not taken). */
  void skipComment() {
    while (pos < length && chars[pos] != '\n') {
      pos++;
    }
  }

  /** {@return whether a word ends at {@code i}: the end, a blank, an operator} */
  boolean endsWord(int i) {
    if (i >= length) {
      return true;
    }
    char c = chars[i];
    if (c >= ENDS.length || !ENDS[c]) {
      return false;
    }
    return c != '<' && c != '>' || i + 1 >= length || chars[i + 1] != '(';
  }

  /** The characters that may end a word, by code: asked at the end of every word. */
  private static final boolean[] ENDS = new boolean[128];

  static {
    for (char c : " \t\n;&|()<>".toCharArray()) {
      ENDS[c] = true;
    }
  }

  static boolean isMeta(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == ';' || c == '&' || c == '|' || c == '('
        || c == ')' || c == '<' || c == '>';
  }

  static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  static boolean isNameStart(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
  }

  static boolean isNameChar(char c) {
    return isNameStart(c) || isDigit(c);
  }

  /** {@return whether the text from {@code from} to {@code to} is a shell name} */
  boolean isName(int from, int to) {
    if (to <= from || !isNameStart(chars[from])) {
      return false;
    }
    for (int i = from + 1; i < to; i++) {
      if (!isNameChar(chars[i])) {
        return false;
      }
    }
    return true;
  }
}
