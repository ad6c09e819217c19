package io.github.providergateway.guard.internal;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A file outside the project whose name says it is a key or a key store ({@code willstore.key},
 * {@code signing.p12}, {@code ~/.config/app/age-key.txt}): deleted, what it decrypts or signs is
 * lost with it ({@code secrets.only-key-lost}). The project's own keys (test fixtures) and those in
 * a temporary folder are free to delete; so is a key's public half.
 */
final class KeyFiles {
  /** The file types that hold a private key or a store of them, wherever they lie. */
  private static final Pattern KEY_TYPE =
      Pattern.compile("\\.(key|keyx|p12|pfx|pkcs12|jks|jceks|bks|keystore|ppk)$");

  /** A PEM or DER file whose name says its key is the private one. */
  private static final Pattern PRIVATE_PEM =
      Pattern.compile(
          "(^|[^a-z])(priv|private|privkey|secret|signing|key)([^a-z].*)?\\.(pem|der)$");

  /**
   * A name that says key, as a word or after the word that says whose or what key ({@code
   * masterkey}, {@code age-key.txt}, {@code keys.json}, {@code login.keychain-db}, {@code
   * krb5.keytab}), and not {@code keyboard}, {@code keybindings}, {@code hotkeys} or {@code
   * monkey}.
   */
  private static final Pattern KEY_WORD =
      Pattern.compile(
          "(^|[^a-z]|master|secret|private|priv|api|signing|sign|crypt|root|recovery|vault|store"
              + "|age|access)(key|keys|keyfile|keystore|keyring|keychain|keytab)([^a-z]|$)");

  /** The public half of a key, or a certificate: nothing is lost with it. */
  private static final Pattern PUBLIC =
      Pattern.compile("\\.(pub|crt|cer|csr|pub\\.pem|cert\\.pem|lock)$");

  /** The home's dot-folders whose files the machine makes again: caches and the bin. */
  private static final Pattern REMADE = Pattern.compile("^\\.(cache|local/share/Trash)(/|$)");

  private KeyFiles() {}

  /** {@return the place {@code key-outside-project}, for {@link FilePlaces}} */
  static Map.Entry<String, FilePlaces.Named> place() {
    return Map.entry(
        "key-outside-project",
        (scan, access) -> {
          Path path = access.target().path();
          Place place = scan.place(access.target());
          return path != null
              && place != Place.INSIDE
              && place != Place.TEMP
              && place != Place.PROJECT
              && holdsKey(scan.places().home(), path);
        });
  }

  /**
   * Whether a file outside the project is named as a key: by its type anywhere, by the word key
   * only in a folder of the home's settings (a dot-folder, {@code Library}, {@code AppData}).
   *
   * @param home the call's home
   * @param path the file
   * @return whether it is
   */
  static boolean holdsKey(Path home, Path path) {
    Path file = path.getFileName();
    if (file == null) {
      return false;
    }
    String name = file.toString().toLowerCase(Locale.ROOT);
    if (PUBLIC.matcher(name).find()) {
      return false;
    }
    if (KEY_TYPE.matcher(name).find() || PRIVATE_PEM.matcher(name).find()) {
      return !remade(home, path);
    }
    return KEY_WORD.matcher(name).find() && inSettings(home, path) && !remade(home, path);
  }

  /**
   * Whether a path lies in the home's settings: a dot-folder, {@code Library} or {@code AppData}.
   */
  private static boolean inSettings(Path home, Path path) {
    if (home == null || !path.startsWith(home) || path.getNameCount() < home.getNameCount() + 2) {
      return false;
    }
    String first = path.getName(home.getNameCount()).toString();
    return first.startsWith(".") || first.equals("Library") || first.equals("AppData");
  }

  /** Whether a path lies in a cache or the bin of the home, whose files are made again. */
  private static boolean remade(Path home, Path path) {
    if (home == null || !path.startsWith(home) || path.getNameCount() <= home.getNameCount()) {
      return false;
    }
    return REMADE.matcher(home.relativize(path).toString()).find();
  }
}
