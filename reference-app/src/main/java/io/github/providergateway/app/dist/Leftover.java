package io.github.providergateway.app.dist;

import java.nio.file.Path;

/**
 * One thing {@code gateway uninstall} found in a place the gateway writes and shares with others
 * (its cache, the temporary folder): to be removed, or kept, and why, which the report says.
 *
 * @param path the file or folder
 * @param keptBecause why it stays, for the report; null when it is the gateway's to remove
 */
public record Leftover(Path path, String keptBecause) {

  /** {@return {@code path}, the gateway's, to be removed} */
  public static Leftover remove(Path path) {
    return new Leftover(path, null);
  }

  /** {@return {@code path}, kept for the reason {@code because}} */
  public static Leftover keep(Path path, String because) {
    return new Leftover(path, because);
  }

  /** {@return whether it goes} */
  public boolean removes() {
    return keptBecause == null;
  }
}
