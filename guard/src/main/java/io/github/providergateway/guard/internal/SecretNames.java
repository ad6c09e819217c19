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

  /**
   * Parts that make a name a secret's when {@code KEY} follows them as the name's last part: a key
   * that signs, encrypts or opens ({@code OTA_SIGNING_KEY}, {@code DB_ENCRYPTION_KEY}, {@code
   * MASTER_KEY}, {@code JWT_KEY}), not a key that names a thing ({@code CACHE_KEY}, {@code
   * SORT_KEY}) nor one's reference ({@code SIGNING_KEY_ID}, {@code SSH_KEY_PATH}). {@code API} and
   * {@code PRIVATE} are read before them, wherever {@code KEY} stands ({@code API_KEY_ID}).
   */
  private static final String[] KEY_KINDS = {
    "SIGNING",
    "SIGN",
    "ENCRYPTION",
    "ENC",
    "DECRYPTION",
    "MASTER",
    "SSH",
    "HMAC",
    "JWT",
    "SESSION",
    "DEPLOY",
    "LICENSE",
    "AES",
    "RSA",
    "WEBHOOK"
  };

  /**
   * The kinds of {@link #KEY_KINDS} whose key signs, decrypts or proves on the machine that holds
   * it and is never sent: whoever receives it signs or decrypts as its owner.
   */
  private static final String[] KEY_MATERIAL = {
    "SIGNING", "SIGN", "ENCRYPTION", "ENC", "DECRYPTION", "MASTER", "AES", "RSA", "SSH", "HMAC"
  };

  /**
   * What a {@code PRIVATE_KEY} belongs to where it is key material ({@code SSH_PRIVATE_KEY}, {@code
   * WALLET_PRIVATE_KEY}, a name that is only {@code PRIVATE_KEY}); a service's name before it makes
   * it that service's API key, sent to it as a credential ({@code KLAVIYO_PRIVATE_KEY}).
   */
  private static final String[] KEY_OWNERS = {
    "SSH",
    "GPG",
    "PGP",
    "RSA",
    "EC",
    "ECDSA",
    "ED25519",
    "TLS",
    "SSL",
    "JWT",
    "WALLET",
    "DEPLOYER",
    "SIGNER",
    "SIGNING",
    "ETH",
    "OWNER",
    "VALIDATOR",
    "CERT",
    "APP"
  };

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
        int keyEnd = stop < end ? partEnd(text, stop + 1, end) : end;
        boolean keyNext = stop < end && is(text, stop + 1, keyEnd, "KEY");
        if (keyNext && (is(text, part, stop, "API") || is(text, part, stop, "PRIVATE"))) {
          return true;
        }
        if (keyNext && keyEnd == end && anyIs(text, part, stop, KEY_KINDS)) {
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
    return expanded(text, false);
  }

  /**
   * The first variable holding key material a word expands to its value, or {@code null}: a
   * signing, private or encryption key ({@code $OTA_SIGNING_KEY}, {@code ${SSH_PRIVATE_KEY}}) or a
   * wallet's seed phrase ({@code $WALLET_MNEMONIC}); not a token or an API key, which are sent to
   * their own service, a service's "private key" among them ({@code $KLAVIYO_PRIVATE_KEY}).
   *
   * @param text a word's text as the parse keeps it
   * @return the variable's name, or {@code null}
   */
  static String expandedKeyMaterial(String text) {
    return expanded(text, true);
  }

  /** Whether the name {@code text[start, end)} says it holds key material. */
  private static boolean keyMaterial(String text, int start, int end) {
    return keyKind(text, start, end) != null;
  }

  /**
   * What makes the name {@code text[start, end)} key material's: {@code "PRIVATE"} for a private
   * key a service's name may stand before ({@code KLAVIYO_PRIVATE_KEY}, that service's API key),
   * {@code "KEY"} for any other, {@code null} for none. {@code KEY} may be followed by its encoding
   * alone ({@code OTA_SIGNING_KEY_B64}, {@code RELEASE_SIGNING_KEY_PEM}).
   */
  private static String keyKind(String text, int start, int end) {
    int part = start;
    int previous = -1; // where the part before this one starts
    while (part < end) {
      int stop = partEnd(text, part, end);
      if (holds(text, part, stop, "MNEMONIC")) {
        return "KEY";
      }
      int keyEnd = stop < end ? partEnd(text, stop + 1, end) : end;
      if (stop < end && is(text, stop + 1, keyEnd, "KEY") && onlyEncodingAfter(text, keyEnd, end)) {
        if (anyIs(text, part, stop, KEY_MATERIAL)) {
          return "KEY";
        }
        if (is(text, part, stop, "PRIVATE")) {
          return previous < 0 || anyIs(text, previous, part - 1, KEY_OWNERS) ? "KEY" : "PRIVATE";
        }
      }
      previous = part;
      part = stop + 1;
    }
    return null;
  }

  /** The encodings a key's value may be named for after {@code KEY}: {@code _B64}, {@code _PEM}. */
  private static final String[] ENCODINGS = {
    "B64", "BASE64", "PEM", "DER", "HEX", "JSON", "RAW", "DATA", "CONTENT", "VALUE"
  };

  /** Whether {@code text[from, end)} is empty or only {@code _}-parts naming an encoding. */
  private static boolean onlyEncodingAfter(String text, int from, int end) {
    int part = from + 1;
    while (part < end) {
      int stop = partEnd(text, part, end);
      if (!anyIs(text, part, stop, ENCODINGS)) {
        return false;
      }
      part = stop + 1;
    }
    return true;
  }

  /**
   * Whether a variable holding key material is a service's "private key" ({@code
   * KLAVIYO_PRIVATE_KEY}, {@code COSIGN_PRIVATE_KEY}): that service's API key where it goes in a
   * request's header, key material anywhere else.
   *
   * @param name a name {@link #expandedKeyMaterial} gave
   * @return whether it may be a service's API key
   */
  static boolean servicesPrivateKey(String name) {
    return "PRIVATE".equals(keyKind(name, 0, name.length()));
  }

  private static String expanded(String text, boolean keyMaterialOnly) {
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
      if (keyMaterialOnly ? keyMaterial(text, start, i) : secret(text, start, i)) {
        return text.substring(start, i);
      }
    }
    return null;
  }
}
