package io.github.providergateway.loop.base;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A file in a gateway's home that another user of this machine could have written (or replaced, or
 * removed), so it is not trusted ({@link SafeFiles}). The message names the file, what is wrong and
 * the command that fixes it.
 */
public final class UnsafeFileException extends IOException {
  private static final long serialVersionUID = 1L;

  /** The file that was to be trusted. */
  private final transient Path file;

  UnsafeFileException(Path file, String message) {
    super(message);
    this.file = file;
  }

  /** {@return the file that was to be trusted (or the directory, when a directory was checked)} */
  public Path file() {
    return file;
  }
}
