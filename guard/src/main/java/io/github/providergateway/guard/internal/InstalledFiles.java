package io.github.providergateway.guard.internal;

import java.util.Locale;
import java.util.Set;

/**
 * A key, a certificate or an image a command installs, given by its file ({@code --new-root
 * keys/dev-signing.pem}, {@code --image build/test-fw.bin}): what is put on the devices, not where.
 * Its name saying dev or test says nothing of the target, which its other words name ({@code
 * --fleet all}); a dev key or a test image made the live fleet's is the harm itself.
 */
final class InstalledFiles {
  private InstalledFiles() {}

  /** The types of a key's, a certificate's, a signature's or a device image's file. */
  private static final Set<String> TYPES =
      Set.of(
          "pem", "key", "crt", "cer", "der", "p12", "pfx", "jks", "pub", "asc", "sig", "gpg", "bin",
          "img", "hex", "fw", "swu", "raucb", "mender", "elf", "uf2", "ota", "iso", "apk", "ipa",
          "deb", "rpm");

  /**
   * Whether a word is such a file, given as an option's value: a path with a folder or a bare name,
   * of one of the {@link #TYPES}.
   *
   * @param text the option's value
   * @return whether it is
   */
  static boolean named(String text) {
    if (text.length() > 512 || text.startsWith("-") || text.contains("://")) {
      return false;
    }
    String name = text.substring(text.lastIndexOf('/') + 1);
    int dot = name.lastIndexOf('.');
    return dot > 0 && TYPES.contains(name.substring(dot + 1).toLowerCase(Locale.ROOT));
  }
}
