package io.github.providergateway.app.export;

/**
 * Escaping for ArcSight's Common Event Format (CEF implementation standard, "Character encoding"):
 * in the prefix's fields a backslash and a pipe are escaped; in an extension's values a backslash,
 * an equals sign and line breaks. Nothing else is escaped: a SIEM's parser unescapes only these.
 */
final class CefText {

  private CefText() {}

  /** {@code text} for a prefix field: {@code \} and {@code |} escaped, line breaks as spaces. */
  static String header(String text) {
    StringBuilder out = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '\\' -> out.append("\\\\");
        case '|' -> out.append("\\|");
        case '\r', '\n' -> out.append(' '); // the prefix may not break a line
        default -> out.append(c);
      }
    }
    return out.toString();
  }

  /** {@code text} for an extension's value: {@code \}, {@code =}, CR and LF escaped. */
  static String value(String text) {
    StringBuilder out = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '\\' -> out.append("\\\\");
        case '=' -> out.append("\\=");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        default -> out.append(c);
      }
    }
    return out.toString();
  }
}
