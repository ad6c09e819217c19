package io.github.providergateway.guard.internal;

import java.util.Locale;
import java.util.Set;

/**
 * A path that holds key material, read by its shape on a host the guard cannot look at: a private
 * key's file ({@link SecretsCarried#privateKey}), BIND's {@code K….private}, anything in a folder
 * that keeps keys only ({@code keys}, {@code private}, {@code secrets}, GnuPG's {@code
 * private-keys-v1.d}, a SoftHSM's tokens), or a folder of keys and certificates taken whole ({@code
 * /opt/vault/tls}, {@code /etc/wireguard/}, {@code ~/.ssh}, {@code /etc/letsencrypt/live/shop.io}),
 * whose key goes with it. A public key's or a certificate's file ({@code .pub}, {@code .crt}, a
 * chain), {@code certs}, and a test's or an example's path are none.
 */
final class KeyMaterialPaths {
  private KeyMaterialPaths() {}

  /** Folders that keep keys and nothing else: whatever is in them is key material. */
  private static final Set<String> KEYS_ONLY =
      Set.of("keys", "private", "secrets", "private-keys-v1.d", "softhsm", "keystore", "keystores");

  /** Folders that keep keys beside certificates and settings: taken whole, the keys go too. */
  private static final Set<String> KEYS_AMONG =
      Set.of("tls", "ssl", "wireguard", "letsencrypt", "pki", ".ssh", ".gnupg", "dnssec");

  /**
   * The extensions of files, as distinct from a folder's name with a dot ({@code shop.acme.io}).
   */
  private static final Set<String> FILE_EXTENSIONS =
      Set.of(
          "pem", "crt", "cer", "csr", "der", "key", "conf", "cnf", "cfg", "json", "txt", "log",
          "pub", "yml", "yaml", "xml", "ini", "md", "html", "sh");

  /** Names of what is public in a folder of keys: certificates, their chains, allowed keys. */
  private static final Set<String> PUBLIC_NAMES =
      Set.of("certs", "certificates", "authorized_keys", "known_hosts", "ca-certificates");

  /**
   * Whether a path names key material.
   *
   * @param path a path on some host, a glob's among them
   * @return whether it is a private key's file, is in a folder of keys, or is one taken whole
   */
  static boolean named(String path) {
    String p = path.toLowerCase(Locale.ROOT);
    while (p.length() > 1 && p.endsWith("/")) {
      p = p.substring(0, p.length() - 1);
    }
    if (p.length() > 512 || p.isEmpty() || p.startsWith("-")) {
      return false;
    }
    if (SecretsCarried.privateKey(p)) {
      return true;
    }
    for (String word : RegulatedData.NOT_WORD.split(p)) {
      if (ShapeObjects.KEY_EXCEPTIONS.contains(word)) {
        return false; // a test's, an example's, a public key
      }
    }
    String[] parts = p.split("/");
    String last = parts[parts.length - 1];
    if (publicFile(last)) {
      return false;
    }
    if (last.endsWith(".private")) {
      return true; // BIND's K<zone>+<alg>+<id>.private beside its public .key
    }
    boolean among = false;
    for (int i = 0; i < parts.length; i++) {
      if (KEYS_ONLY.contains(parts[i])) {
        return true;
      }
      if (KEYS_AMONG.contains(parts[i])) {
        among = i == parts.length - 1 || folder(last);
      }
    }
    return among;
  }

  private static boolean publicFile(String last) {
    return PUBLIC_NAMES.contains(last)
        || last.endsWith(".crt")
        || last.endsWith(".cer")
        || last.endsWith(".csr")
        || last.contains("chain")
        || last.contains("cert");
  }

  /** Whether the last part names a folder (or every file of one, {@code *}), not a file. */
  private static boolean folder(String last) {
    if (last.equals("*")) {
      return true;
    }
    int dot = last.lastIndexOf('.');
    return dot < 0 || !FILE_EXTENSIONS.contains(last.substring(dot + 1));
  }
}
