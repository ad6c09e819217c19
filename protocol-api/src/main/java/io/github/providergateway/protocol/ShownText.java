package io.github.providergateway.protocol;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * How a peer's text is laid out for a person to read, once {@link VisibleText} has made each
 * character safe: a JSON value whole, one printed line per line, or the head of a long text for a
 * preview, never cut between the two halves of a character. The console, the status page and the
 * MCP front door's questions share it, so the person reads the same lines wherever they are asked.
 */
public final class ShownText {

  private ShownText() {}

  /**
   * {@return {@code value} pretty-printed, as its lines, each as {@link VisibleText#escape} shows
   * it: every character of the value, nothing cut} The line breaks are the printer's only, since a
   * line break inside a string is written {@code \n}: no line is of a peer's making.
   *
   * @param value any JSON value; not null
   */
  public static List<String> jsonLines(JsonNode value) {
    List<String> lines = new ArrayList<>();
    for (String line : value.toPrettyString().split("\r?\n")) {
      lines.add(VisibleText.escape(line));
    }
    return lines;
  }

  /**
   * {@return the first {@code maxChars} characters of {@code text}, one fewer when the last would
   * be the first half of a surrogate pair (whose lone half would show as the escape of a character
   * that is not there); {@code text} itself when it is no longer} What a preview shows before its
   * {@code …}.
   *
   * @param text any text; not null
   * @param maxChars how many UTF-16 characters at most; at least 1
   * @throws IllegalArgumentException when {@code maxChars} is less than 1
   */
  public static String head(String text, int maxChars) {
    if (maxChars < 1) {
      throw new IllegalArgumentException("maxChars must be at least 1, was " + maxChars);
    }
    if (text.length() <= maxChars) {
      return text;
    }
    int end = Character.isHighSurrogate(text.charAt(maxChars - 1)) ? maxChars - 1 : maxChars;
    return text.substring(0, end);
  }
}
