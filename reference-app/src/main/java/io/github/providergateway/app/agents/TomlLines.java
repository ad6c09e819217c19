package io.github.providergateway.app.agents;

import java.util.ArrayList;
import java.util.List;

/**
 * A TOML file read as setup needs to find its own entries in it, and no further: its lines grouped
 * into items (a table's header, one {@code key = value} with every line its value spans, a comment,
 * a blank line), each with its exact text, so that cutting some items out leaves every other byte
 * as it was. A value's multi-line strings ({@code """ … """}, {@code ''' … '''}) and arrays are
 * read as the one value they are, so that a line inside them that looks like a header or a key is
 * never taken for one. Keys and headers are read as paths ({@code [a."b.c"]} is {@code a}, {@code
 * b.c}), values in a canonical form (strings decoded and written one way, space and comments
 * outside strings left out), so that an entry is found by what it is, however it is spelled.
 */
final class TomlLines {

  private TomlLines() {}

  /** What an item of the file is. */
  enum Kind {
    /** {@code [table]} */
    HEADER,
    /** {@code [[array.of.tables]]} */
    ARRAY_HEADER,
    /** {@code key = value}, with every line the value spans */
    KEY,
    /** a line holding only a comment */
    COMMENT,
    /** a line of nothing but space */
    BLANK,
    /** a line this reader cannot read: kept as it is, and never taken for setup's */
    OTHER
  }

  /**
   * One item of the file.
   *
   * @param kind what it is
   * @param text its exact text, line breaks included
   * @param path a header's table path or a key's dotted path; empty for the other kinds
   * @param value a key's value in canonical form; the stripped line for a comment; else empty
   */
  record Item(Kind kind, String text, List<String> path, String value) {
    boolean isHeader() {
      return kind == Kind.HEADER || kind == Kind.ARRAY_HEADER;
    }

    /** {@return whether it is a line of nothing but space} */
    boolean isBlank() {
      return kind == Kind.BLANK;
    }
  }

  /** The items of {@code text}, in order; their texts, joined, are {@code text}. */
  static List<Item> read(String text) {
    List<Item> items = new ArrayList<>();
    int at = 0;
    while (at < text.length()) {
      int end = lineEnd(text, at);
      String line = text.substring(at, end).strip();
      Item item;
      if (line.isEmpty()) {
        item = new Item(Kind.BLANK, text.substring(at, end), List.of(), "");
      } else if (line.startsWith("#")) {
        item = new Item(Kind.COMMENT, text.substring(at, end), List.of(), line);
      } else if (line.startsWith("[")) {
        item = header(text.substring(at, end), line);
      } else {
        Cursor cursor = new Cursor(text, at);
        List<String> key = cursor.key();
        if (key == null || !cursor.take('=')) {
          item = new Item(Kind.OTHER, text.substring(at, end), List.of(), "");
        } else {
          String value = cursor.value();
          end = value == null ? end : lineEnd(text, cursor.at);
          item =
              value == null
                  ? new Item(Kind.OTHER, text.substring(at, end), List.of(), "")
                  : new Item(Kind.KEY, text.substring(at, end), key, value);
        }
      }
      items.add(item);
      at = end;
    }
    return items;
  }

  /** The table path of the header {@code line} (stripped), or an OTHER item. */
  private static Item header(String raw, String line) {
    boolean array = line.startsWith("[[");
    Cursor cursor = new Cursor(line, array ? 2 : 1);
    List<String> path = cursor.key();
    boolean closed = path != null && cursor.take(']') && (!array || cursor.takeNow(']'));
    if (!closed || !cursor.restIsComment()) {
      return new Item(Kind.OTHER, raw, List.of(), "");
    }
    return new Item(array ? Kind.ARRAY_HEADER : Kind.HEADER, raw, path, "");
  }

  /** Where the line that holds {@code at} ends: after its line break, or at the text's end. */
  private static int lineEnd(String text, int at) {
    int newline = text.indexOf('\n', at);
    return newline < 0 ? text.length() : newline + 1;
  }

  /** Reads keys and values from a place in the text on. */
  private static final class Cursor {
    private final String text;
    private int at;

    Cursor(String text, int at) {
      this.text = text;
      this.at = at;
    }

    private void skipSpace() {
      while (at < text.length() && (text.charAt(at) == ' ' || text.charAt(at) == '\t')) {
        at++;
      }
    }

    /** Takes {@code c} after space; whether it was there. */
    boolean take(char c) {
      skipSpace();
      return takeNow(c);
    }

    /** Takes {@code c} right here; whether it was there. */
    boolean takeNow(char c) {
      if (at < text.length() && text.charAt(at) == c) {
        at++;
        return true;
      }
      return false;
    }

    /** Whether only space and a comment are left on the line. */
    boolean restIsComment() {
      skipSpace();
      return at >= text.length()
          || text.charAt(at) == '#'
          || text.charAt(at) == '\r'
          || text.charAt(at) == '\n';
    }

    /** A dotted key ({@code a."b c".'d'}), or null where none is. */
    List<String> key() {
      List<String> parts = new ArrayList<>();
      do {
        skipSpace();
        String part = keyPart();
        if (part == null) {
          return null;
        }
        parts.add(part);
        skipSpace();
      } while (takeNow('.'));
      return parts;
    }

    private String keyPart() {
      if (at >= text.length()) {
        return null;
      }
      char c = text.charAt(at);
      if (c == '"' || c == '\'') {
        return string(false);
      }
      int start = at;
      while (at < text.length() && isBare(text.charAt(at))) {
        at++;
      }
      return at > start ? text.substring(start, at) : null;
    }

    private static boolean isBare(char c) {
      return c >= 'A' && c <= 'Z'
          || c >= 'a' && c <= 'z'
          || c >= '0' && c <= '9'
          || c == '_'
          || c == '-';
    }

    /**
     * The value from here to its end (across lines where a multi-line string or an array or inline
     * table goes on), in canonical form; the cursor then stands on its last line. Null when the
     * text ends inside it.
     */
    String value() {
      StringBuilder canonical = new StringBuilder();
      int depth = 0;
      while (at < text.length()) {
        char c = text.charAt(at);
        if (c == '\n') {
          if (depth == 0) {
            return canonical.toString();
          }
          at++;
        } else if (c == ' ' || c == '\t' || c == '\r') {
          at++;
        } else if (c == '#') {
          while (at < text.length() && text.charAt(at) != '\n') {
            at++;
          }
        } else if (c == '"' || c == '\'') {
          String s = string(true);
          if (s == null) {
            return null;
          }
          canonical.append(AgentLayouts.tomlString(s));
        } else {
          if (c == '[' || c == '{') {
            depth++;
          } else if (c == ']' || c == '}') {
            depth--;
            if (canonical.length() > 0 && canonical.charAt(canonical.length() - 1) == ',') {
              canonical.setLength(canonical.length() - 1); // a trailing comma says nothing
            }
          }
          canonical.append(c);
          at++;
        }
      }
      return depth == 0 ? canonical.toString() : null;
    }

    /** The string that starts here, decoded; multi-line ones only where {@code multiLine}. */
    private String string(boolean multiLine) {
      char quote = text.charAt(at);
      String three = String.valueOf(quote).repeat(3);
      if (multiLine && text.startsWith(three, at)) {
        at += 3;
        if (text.startsWith("\r\n", at)) {
          at += 2;
        } else if (text.startsWith("\n", at)) {
          at++;
        }
        int end = text.indexOf(three, at);
        if (end < 0) {
          return null;
        }
        while (end + 3 < text.length() && text.charAt(end + 3) == quote) {
          end++; // up to two quotes of the content may stand before the closing three
        }
        String body = text.substring(at, end);
        at = end + 3;
        return quote == '\'' ? body : unescape(body.replace("\r\n", "\n"), true);
      }
      at++;
      int start = at;
      while (at < text.length() && text.charAt(at) != quote && text.charAt(at) != '\n') {
        if (quote == '"' && text.charAt(at) == '\\') {
          at++;
        }
        at++;
      }
      if (at >= text.length() || text.charAt(at) != quote) {
        return null;
      }
      String body = text.substring(start, at);
      at++;
      return quote == '\'' ? body : unescape(body, false);
    }

    /** The code point of the {@code digits} hex digits at {@code from}; -1 where there are none. */
    private static int codePoint(String body, int from, int digits) {
      if (from + digits > body.length()) {
        return -1;
      }
      try {
        int code = Integer.parseInt(body.substring(from, from + digits), 16);
        return Character.isValidCodePoint(code) ? code : -1;
      } catch (NumberFormatException e) {
        return -1;
      }
    }

    /** A basic string's content with its escapes read. */
    private static String unescape(String body, boolean multiLine) {
      StringBuilder out = new StringBuilder();
      for (int i = 0; i < body.length(); i++) {
        char c = body.charAt(i);
        if (c != '\\' || i + 1 >= body.length()) {
          out.append(c);
          continue;
        }
        char e = body.charAt(++i);
        switch (e) {
          case 'b' -> out.append('\b');
          case 't' -> out.append('\t');
          case 'n' -> out.append('\n');
          case 'f' -> out.append('\f');
          case 'r' -> out.append('\r');
          case 'e' -> out.append('\u001b');
          case 'u', 'U' -> {
            int digits = e == 'u' ? 4 : 8;
            int code = codePoint(body, i + 1, digits);
            if (code >= 0) {
              out.appendCodePoint(code);
              i += digits;
            } else {
              out.append('\\').append(e);
            }
          }
          default -> {
            if (multiLine && Character.isWhitespace(e)) {
              // A line-ending backslash: the line break and the space after it are left out.
              while (i + 1 < body.length() && Character.isWhitespace(body.charAt(i + 1))) {
                i++;
              }
            } else {
              out.append(e);
            }
          }
        }
      }
      return out.toString();
    }
  }
}
