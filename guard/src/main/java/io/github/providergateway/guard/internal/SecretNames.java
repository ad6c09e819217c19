package io.github.providergateway.guard.internal;

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
    "TOKEN",
    "SECRET",
    "PASSWORD",
    "PASSWD",
    "PASSPHRASE",
    "CREDENTIAL",
    "APIKEY",
    "PRIVATEKEY",
    "MNEMONIC" // a wallet's seed phrase (decision 109)
  };

  /** Parts that make a name a secret's when a part is exactly one of them. */
  private static final String[] WHOLE = {"PASS", "PAT", "PWD", "PK"}; // PK: ADMIN_PK, a key

  /** Parts holding TOKEN that are no secret: counts of a model's tokens, a tokenizer's setting. */
  private static final String[] NOT_SECRET = {"TOKENS", "TOKENIZER", "TOKENIZERS"};

  private SecretNames() {}

  /**
   * Whether a variable's name says it holds a secret.
   *
   * @param name the name, any case
   * @return whether it does
   */
  static boolean secret(String name) {
    return secret(name, 0, name.length());
  }

  /**
   * Whether the name {@code text[start, end)} says it holds a secret, read in place: asked of every
   * variable a printer expands, so no part of it is copied.
   */
  private static boolean secret(String text, int start, int end) {
    if (is(text, start, end, "PWD") || is(text, start, end, "OLDPWD")) {
      return false; // the shell's folders
    }
    boolean several = text.indexOf('_', start) >= 0 && text.indexOf('_', start) < end;
    int part = start;
    while (part < end) {
      int stop = text.indexOf('_', part);
      stop = stop < 0 || stop > end ? end : stop;
      if (!anyIs(text, part, stop, NOT_SECRET)) {
        for (String held : HELD) {
          if (holds(text, part, stop, held)) {
            return true;
          }
        }
        if (several && anyIs(text, part, stop, WHOLE)) {
          return true;
        }
        boolean keyNext = stop < end && is(text, stop + 1, partEnd(text, stop + 1, end), "KEY");
        if (keyNext && (is(text, part, stop, "API") || is(text, part, stop, "PRIVATE"))) {
          return true;
        }
      }
      part = stop + 1;
    }
    return false;
  }

  private static int partEnd(String text, int from, int end) {
    int stop = text.indexOf('_', from);
    return stop < 0 || stop > end ? end : stop;
  }

  /** Whether {@code text[start, end)} is {@code word}, in any case. */
  private static boolean is(String text, int start, int end, String word) {
    return end - start == word.length() && text.regionMatches(true, start, word, 0, word.length());
  }

  private static boolean anyIs(String text, int start, int end, String[] words) {
    for (String word : words) {
      if (is(text, start, end, word)) {
        return true;
      }
    }
    return false;
  }

  /** Whether {@code text[start, end)} holds {@code word}, in any case. */
  private static boolean holds(String text, int start, int end, String word) {
    for (int i = start; i + word.length() <= end; i++) {
      if (text.regionMatches(true, i, word, 0, word.length())) {
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
      if (secret(text, start, i)) {
        return text.substring(start, i);
      }
    }
    return null;
  }
}
