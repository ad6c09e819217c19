package io.github.providergateway.guard.internal;

import java.util.List;
import java.util.Map;

/**
 * The password stores read through a library rather than by their files' paths (the red-team pass
 * of issue 80): {@code browser_cookie3.firefox()}, {@code pycookiecheat}, {@code rookiepy} decrypt
 * every browser session, {@code keyring.get_password} and {@code keytar.getPassword} read the
 * desktop's keyring, each without naming a file {@code secrets.password-store} knows.
 */
final class SecretSpellings {
  private SecretSpellings() {}

  /** What inline code calls to read a browser's cookies or the keyring. */
  private static final List<String> PASSWORD_STORE_CALLS =
      List.of(
          "browser_cookie3",
          "pycookiecheat",
          "rookiepy",
          "keyring.get_password",
          "keyring.get_credential",
          "secretstorage.get_default_collection",
          "keytar.getPassword",
          "keytar.findCredentials");

  /** Adds the predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put(
        "code-reads-password-store",
        (scan, step, read) -> {
          String code = InterpreterCode.of(step);
          if (code == null || code.length() > 65536) {
            return false;
          }
          for (String call : PASSWORD_STORE_CALLS) {
            if (code.contains(call)) {
              return true;
            }
          }
          return false;
        });
  }
}
