package io.github.providergateway.guard.internal;

import java.util.Locale;
import java.util.Set;

/**
 * Which environment variables hold secrets, by their names ({@code GITHUB_TOKEN}, {@code
 * AWS_SECRET_ACCESS_KEY}, {@code DB_PASSWORD}, {@code OPENAI_API_KEY}, {@code CR_PAT}), and where a
 * shell word expands one to its value ({@code $GITHUB_TOKEN}, {@code "${NPM_TOKEN}"}, {@code
 * ${TOKEN:-none}}) rather than to something else ({@code ${#TOKEN}} is its length, {@code
 * ${TOKEN:+set}} a word of the command's own).
 */
final class SecretNames {
  /** Parts of a name (split at {@code _}) that make it a secret's when a part holds them. */
  private static final String[] HELD = {
    "TOKEN", "SECRET", "PASSWORD", "PASSWD", "PASSPHRASE", "CREDENTIAL", "APIKEY", "PRIVATEKEY"
  };

  /** Parts that make a name a secret's when a part is exactly one of them. */
  private static final Set<String> WHOLE = Set.of("PASS", "PAT", "PWD");

  /** Parts holding TOKEN that are no secret: counts of a model's tokens, a tokenizer's setting. */
  private static final Set<String> NOT_SECRET = Set.of("TOKENS", "TOKENIZER", "TOKENIZERS");

  private SecretNames() {}

  /**
   * Whether a variable's name says it holds a secret.
   *
   * @param name the name, any case
   * @return whether it does
   */
  static boolean secret(String name) {
    String upper = name.toUpperCase(Locale.ROOT);
    if (upper.equals("PWD") || upper.equals("OLDPWD")) {
      return false; // the shell's folders
    }
    String[] parts = upper.split("_");
    for (int i = 0; i < parts.length; i++) {
      String part = parts[i];
      if (NOT_SECRET.contains(part)) {
        continue;
      }
      for (String held : HELD) {
        if (part.contains(held)) {
          return true;
        }
      }
      if (WHOLE.contains(part) && parts.length > 1) {
        return true;
      }
      String next = i + 1 < parts.length ? parts[i + 1] : "";
      if (next.equals("KEY") && (part.equals("API") || part.equals("PRIVATE"))) {
        return true;
      }
    }
    return false;
  }

  /**
   * The first secret variable a word expands to its value, or {@code null}.
   *
   * @param text a word's text as the parse keeps it (an expansion as written)
   * @return the variable's name, or {@code null}
   */
  static String expanded(String text) {
    for (int at = text.indexOf('$'); at >= 0; at = text.indexOf('$', at + 1)) {
      int i = at + 1;
      boolean braced = i < text.length() && text.charAt(i) == '{';
      if (braced) {
        i++;
        if (i < text.length() && (text.charAt(i) == '#' || text.charAt(i) == '!')) {
          continue; // its length, or the variable it names
        }
      }
      int start = i;
      while (i < text.length()
          && (Character.isLetterOrDigit(text.charAt(i)) || text.charAt(i) == '_')) {
        i++;
      }
      if (i == start) {
        continue;
      }
      if (braced && (text.startsWith(":+", i) || text.startsWith("+", i))) {
        continue; // ${TOKEN:+set} is "set" when it is set: the value is not shown
      }
      String name = text.substring(start, i);
      if (secret(name)) {
        return name;
      }
    }
    return null;
  }
}
