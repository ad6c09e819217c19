package io.github.providergateway.gateway.internal;

import java.util.HexFormat;
import java.util.random.RandomGenerator;

/**
 * Tokens, pairing codes and ids from one injected random source (a {@code SecureRandom} in
 * production, a seeded generator in tests so they can pin values).
 */
public final class Secrets {

  private static final HexFormat HEX = HexFormat.of();

  private final RandomGenerator random;

  /** A per-run prefix that makes ids of different gateway runs differ. */
  private final String runPrefix;

  /** The next id number. Loop only. */
  private long nextId = 1;

  public Secrets(RandomGenerator random) {
    this.random = random;
    this.runPrefix = hex(4);
  }

  /** {@code bytes} random bytes as lower-case hex. */
  public String hex(int bytes) {
    byte[] b = new byte[bytes];
    random.nextBytes(b);
    return HEX.formatHex(b);
  }

  /** A token of 128 random bits after {@code prefix}. */
  public String token(String prefix) {
    return prefix + hex(16);
  }

  /** A 6-digit pairing code, leading zeros kept. */
  public String pairingCode() {
    return String.format("%06d", random.nextInt(1_000_000));
  }

  /**
   * A new id, unique across this gateway run, and across runs with overwhelming probability: {@code
   * prefix-runPrefix-n}.
   */
  public String id(String prefix) {
    return prefix + "-" + runPrefix + "-" + (nextId++);
  }
}
