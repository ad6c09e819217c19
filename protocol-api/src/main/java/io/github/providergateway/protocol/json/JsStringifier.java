package io.github.providergateway.protocol.json;

import com.fasterxml.jackson.core.io.NumberOutput;
import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Iterator;
import java.util.Map;

/**
 * Writes JSON exactly as JavaScript's {@code JSON.stringify} would after {@code JSON.parse} of the
 * same text, so a regex in a hook rule matches the same arguments whichever runtime evaluates it
 * (spec: Regex execution safety).
 *
 * <ul>
 *   <li>keys in the order received, no whitespace;
 *   <li>numbers as JavaScript prints doubles: {@code 1} not {@code 1.0}, {@code 1e+21}, {@code
 *       1.5e-7}, {@code 0.000001}, shortest round-trip digits, {@code -0} as {@code 0}, integers
 *       beyond 2⁵³ rounded as a double would round them;
 *   <li>strings escaping only {@code "}, <code>&#92;</code>, and control characters (<code>
 *       &#92;b &#92;f &#92;n &#92;r &#92;t</code>, others as lower-case <code>&#92;u00XX</code>);
 *       other characters, U+2028 included, are written as they are, and a lone surrogate as <code>
 *       &#92;uXXXX</code> (well-formed {@code JSON.stringify}).
 * </ul>
 */
public final class JsStringifier {

  private JsStringifier() {}

  /**
   * The {@code JSON.stringify} text of {@code value}.
   *
   * @param value any JSON value
   * @return the text, character for character what JavaScript's {@code JSON.stringify} gives
   */
  public static String stringify(JsonNode value) {
    return stringify(value, Integer.MAX_VALUE);
  }

  /**
   * The first {@code maxChars} characters of the {@code JSON.stringify} text of {@code value},
   * without building the rest.
   *
   * @param value any JSON value
   * @param maxChars the most characters to produce
   * @return the text's first {@code maxChars} characters, or all of it when shorter
   */
  public static String stringify(JsonNode value, int maxChars) {
    StringBuilder out = new StringBuilder();
    try {
      write(value, out, maxChars);
    } catch (Full full) {
      // The text reached maxChars; what was written is what we want.
    }
    return out.length() > maxChars ? out.substring(0, maxChars) : out.toString();
  }

  /** Thrown to stop writing once the output is long enough. */
  private static final class Full extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Full() {
      super(null, null, false, false);
    }
  }

  private static void write(JsonNode node, StringBuilder out, int maxChars) {
    if (out.length() > maxChars) {
      throw new Full();
    }
    switch (node.getNodeType()) {
      case OBJECT -> {
        out.append('{');
        boolean first = true;
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
          Map.Entry<String, JsonNode> field = it.next();
          if (!first) {
            out.append(',');
          }
          first = false;
          writeString(field.getKey(), out);
          out.append(':');
          write(field.getValue(), out, maxChars);
        }
        out.append('}');
      }
      case ARRAY -> {
        out.append('[');
        for (int i = 0; i < node.size(); i++) {
          if (i > 0) {
            out.append(',');
          }
          write(node.get(i), out, maxChars);
        }
        out.append(']');
      }
      case STRING -> writeString(node.textValue(), out);
      case NUMBER -> out.append(formatNumber(node.doubleValue()));
      case BOOLEAN -> out.append(node.booleanValue());
      case NULL, MISSING, BINARY, POJO -> out.append("null");
    }
  }

  private static void writeString(String s, StringBuilder out) {
    out.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\b' -> out.append("\\b");
        case '\f' -> out.append("\\f");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        default -> {
          if (c < 0x20 || isLoneSurrogate(s, i)) {
            appendUnicodeEscape(c, out);
          } else {
            out.append(c);
          }
        }
      }
    }
    out.append('"');
  }

  private static boolean isLoneSurrogate(String s, int i) {
    char c = s.charAt(i);
    if (Character.isHighSurrogate(c)) {
      return i + 1 >= s.length() || !Character.isLowSurrogate(s.charAt(i + 1));
    }
    if (Character.isLowSurrogate(c)) {
      return i == 0 || !Character.isHighSurrogate(s.charAt(i - 1));
    }
    return false;
  }

  private static void appendUnicodeEscape(char c, StringBuilder out) {
    String hex = Integer.toHexString(c);
    out.append("\\u");
    for (int pad = hex.length(); pad < 4; pad++) {
      out.append('0');
    }
    out.append(hex);
  }

  /** JavaScript's {@code Number.prototype.toString()} for a double (ECMA-262 Number::toString). */
  static String formatNumber(double d) {
    if (Double.isNaN(d) || Double.isInfinite(d)) {
      return "null"; // what JSON.stringify writes for them
    }
    if (d == 0) {
      return "0";
    }
    if (d < 0) {
      return "-" + formatNumber(-d);
    }
    // Shortest digits that round-trip (Schubfach, as JavaScript engines use), then JS layout.
    BigDecimal shortest = new BigDecimal(NumberOutput.toString(d, true)).stripTrailingZeros();
    if (d < Double.MIN_NORMAL && shortest.precision() == 2) {
      // Java's algorithm never gives fewer than two digits, so for the few subnormals where one
      // digit already round-trips it keeps a second one (4.9E-324 for 5e-324, 4.9E-323 for
      // 5e-323). JavaScript takes the nearest one-digit decimal when that round-trips.
      BigDecimal oneDigit = new BigDecimal(d).round(new MathContext(1, RoundingMode.HALF_EVEN));
      if (Double.parseDouble(oneDigit.toString()) == d) {
        shortest = oneDigit.stripTrailingZeros();
      }
    }
    String digits = shortest.unscaledValue().toString();
    int k = digits.length();
    int n = k - shortest.scale(); // value = 0.digits × 10^n
    StringBuilder out = new StringBuilder(k + 8);
    if (k <= n && n <= 21) {
      out.append(digits);
      out.append("0".repeat(n - k));
    } else if (0 < n && n <= 21) {
      out.append(digits, 0, n).append('.').append(digits, n, k);
    } else if (-6 < n && n <= 0) {
      out.append("0.").append("0".repeat(-n)).append(digits);
    } else {
      int e = n - 1;
      out.append(digits.charAt(0));
      if (k > 1) {
        out.append('.').append(digits, 1, k);
      }
      out.append('e').append(e < 0 ? '-' : '+').append(Math.abs(e));
    }
    return out.toString();
  }
}
