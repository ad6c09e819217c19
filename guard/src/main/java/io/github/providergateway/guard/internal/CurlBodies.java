package io.github.providergateway.guard.internal;

import java.util.Locale;
import java.util.Set;

/**
 * The files curl sends as a form's part or a request's body (decision 245), for {@link
 * RecordsCopiedOut}: {@code -F file=@exports/x.csv;type=text/csv}, {@code --form 'doc=<notes.txt'},
 * {@code --data-binary @out/batch.csv}.
 */
final class CurlBodies {
  private CurlBodies() {}

  /** curl's options whose value is a form's part ({@code --form-string} reads no file). */
  static final Set<String> FORMS = Set.of("-F", "--form");

  /**
   * curl's options whose body is a file's when it begins with {@code @} ({@code --data-raw} never).
   */
  static final Set<String> DATA = Set.of("-d", "--data", "--data-binary", "--data-ascii", "--json");

  /**
   * The file a form's part sends ({@code name=@path;type=…} or {@code name=<path}; {@code -} for
   * standard input), or {@code null}: a part given as text sends no file.
   */
  static String formFile(String part) {
    int eq = part.indexOf('=');
    if (eq < 0 || eq + 1 >= part.length()) {
      return null;
    }
    char sign = part.charAt(eq + 1);
    if (sign != '@' && sign != '<') {
      return null;
    }
    return fileName(part.substring(eq + 2));
  }

  /**
   * The file a body is read from ({@code @path}; {@code -} for standard input), or {@code null}.
   */
  static String dataFile(String body) {
    return body.startsWith("@") ? fileName(body.substring(1)) : null;
  }

  /** Whether a body's file is a request's own: a JSON or an XML document, not a table. */
  static boolean requestBody(String file) {
    String name = file.toLowerCase(Locale.ROOT);
    return name.endsWith(".json") || name.endsWith(".xml");
  }

  private static String fileName(String rest) {
    int semicolon = rest.indexOf(';');
    String file = (semicolon >= 0 ? rest.substring(0, semicolon) : rest).strip();
    return file.isEmpty() ? null : file;
  }
}
