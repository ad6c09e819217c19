package io.github.providergateway.gateway.internal;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Hashes of secrets. Tokens are stored and looked up by their SHA-256, never compared as text, so
 * the time a lookup takes says nothing about how much of a guess was right (spec: constant-time
 * token checks).
 */
final class TokenHash {

  private TokenHash() {}

  static byte[] sha256(String secret) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(secret.getBytes(StandardCharsets.UTF_8));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java runtime has SHA-256", e);
    }
  }

  /**
   * Whether two digests are equal, reading every byte whatever the first difference: the time says
   * nothing about how much of a guess was right (R-AUTH-06). {@link MessageDigest#isEqual} is
   * documented to take a time that depends only on the first array's length.
   */
  static boolean same(byte[] presented, byte[] stored) {
    return MessageDigest.isEqual(presented, stored);
  }

  static String sha256Hex(String secret) {
    return HexFormat.of().formatHex(sha256(secret));
  }
}
