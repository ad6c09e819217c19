package io.github.providergateway.status.internal;

import static java.util.Objects.requireNonNull;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.LinkedHashMap;

/**
 * Random tokens that expire: the status page's one-time links and its viewers' cookies. Each is 256
 * bits from {@link SecureRandom}, URL-safe; only its SHA-256 is kept and looked up, so a presented
 * token is never compared character by character (no timing to learn it from). At most {@link #max}
 * are live at once: one more pushes out the oldest. Thread-safe.
 */
public final class ExpiringTokens {

  private static final int TOKEN_BYTES = 32;

  private final int max;
  private final Duration lifetime;
  private final Clock clock;
  private final SecureRandom random;

  /** SHA-256 (hex) of each live token → when it expires; oldest first. Guarded by this. */
  private final LinkedHashMap<String, Instant> live = new LinkedHashMap<>();

  public ExpiringTokens(int max, Duration lifetime, Clock clock, SecureRandom random) {
    if (max < 1) {
      throw new IllegalArgumentException("max must be at least 1, was " + max);
    }
    this.max = max;
    this.lifetime = requireNonNull(lifetime, "lifetime");
    this.clock = requireNonNull(clock, "clock");
    this.random = requireNonNull(random, "random");
  }

  /** A new token, live for the lifetime from now. */
  public String issue() {
    byte[] bytes = new byte[TOKEN_BYTES];
    random.nextBytes(bytes);
    String token = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    synchronized (this) {
      dropExpired();
      if (live.size() >= max) {
        Iterator<String> oldest = live.keySet().iterator();
        oldest.next();
        oldest.remove();
      }
      live.put(hash(token), clock.instant().plus(lifetime));
    }
    return token;
  }

  /** Whether {@code token} is live now, taking it out so it can never be used again. */
  public synchronized boolean redeem(String token) {
    dropExpired();
    return token != null && live.remove(hash(token)) != null;
  }

  /** Whether {@code token} is live now; it stays live. */
  public synchronized boolean isLive(String token) {
    dropExpired();
    return token != null && live.containsKey(hash(token));
  }

  /** How many are live now (tests). */
  public synchronized int size() {
    dropExpired();
    return live.size();
  }

  private void dropExpired() {
    Instant now = clock.instant();
    live.values().removeIf(expiry -> !now.isBefore(expiry));
  }

  private static String hash(String token) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      return HexFormat.of().formatHex(sha.digest(token.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }
}
