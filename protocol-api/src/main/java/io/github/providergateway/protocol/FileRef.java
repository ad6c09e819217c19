package io.github.providergateway.protocol;

import java.time.Duration;

/**
 * A result too large to send inline, left in the provider's {@code persistDir} (spec: Payload
 * limits). The gateway reads it before {@link #ttl()} passes and hands it to the host.
 *
 * @param path absolute path; must lie inside the provider's {@code persistDir}
 * @param mimeType the file's MIME type, passed to the host
 * @param size the file's size in bytes, if known
 * @param ttl how long the provider keeps the file ({@code ttl} in seconds on the wire), if said
 */
public record FileRef(String path, String mimeType, Long size, Duration ttl) {

  /**
   * Checks the required fields.
   *
   * @param path absolute path; must lie inside the provider's {@code persistDir}
   * @param mimeType the file's MIME type, passed to the host
   * @param size the file's size in bytes, if known
   * @param ttl how long the provider keeps the file ({@code ttl} in seconds on the wire), if said
   * @throws NullPointerException when {@code path} or {@code mimeType} is null
   * @throws IllegalArgumentException when {@code path} or {@code mimeType} is empty, or {@code
   *     size} is negative, or {@code ttl} is negative or not whole seconds
   */
  public FileRef {
    Require.nonEmpty(path, "path");
    Require.nonEmpty(mimeType, "mimeType");
    if (size != null && size < 0) {
      throw new IllegalArgumentException("size must not be negative, was " + size);
    }
    if (ttl != null && (ttl.isNegative() || ttl.getNano() != 0)) {
      throw new IllegalArgumentException("ttl must be whole non-negative seconds, was " + ttl);
    }
  }
}
