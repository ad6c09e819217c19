package io.github.providergateway.guard.internal;

import java.util.regex.Pattern;

/**
 * A setting whose key and value stand on two lines or in an element, put as one {@code key: value}
 * line for the settings' readers (decision 213): a container's variable ({@code - name:
 * LEGALITY_ENFORCE} with {@code value: "false"} below it) and an XML element holding only its value
 * ({@code <trackHistory>false</trackHistory>}, {@code <active>false</active>}).
 */
final class NamedValues {
  private NamedValues() {}

  /** A variable's name and, on the next line, its value. */
  private static final Pattern NAME_THEN_VALUE =
      Pattern.compile(
          "(?m)^([ \\t]*)-[ \\t]+name:[ \\t]*[\"']?([A-Za-z_][\\w.\\-]{0,120})[\"']?[ \\t]*\\r?\\n"
              + "[ \\t]*value:[ \\t]*([^\\n]{1,200})$");

  /** An element on its own line holding only a short value. */
  private static final Pattern ELEMENT =
      Pattern.compile("(?m)^([ \\t]*)<([A-Za-z_][\\w.\\-]{0,80})>([^<>\\n]{1,80})</\\2>[ \\t]*$");

  /**
   * The text with each such setting on one line.
   *
   * @param text a change's old or new text
   * @return the text, its named values as {@code key: value}
   */
  static String flattened(String text) {
    if (text.indexOf("name:") < 0 && text.indexOf("</") < 0) {
      return text;
    }
    String flat = NAME_THEN_VALUE.matcher(text).replaceAll("$1$2: $3");
    return ELEMENT.matcher(flat).replaceAll("$1$2: $3");
  }
}
