package io.github.providergateway.protocol;

/**
 * A provider's limit on calls in flight ({@code hello.concurrency}). Calls beyond the limit wait in
 * a FIFO queue; past 10 waiting, new calls fail with {@code RATE_LIMITED}.
 *
 * @param max the most calls in flight at once, at least 1
 * @param scope what the limit counts; {@code null} means {@link ConcurrencyScope#INSTANCE}
 */
public record Concurrency(int max, ConcurrencyScope scope) {

  /**
   * Checks the required fields.
   *
   * @param max the most calls in flight at once, at least 1
   * @param scope what the limit counts; {@code null} means {@link ConcurrencyScope#INSTANCE}
   * @throws IllegalArgumentException when {@code max} is less than 1
   */
  public Concurrency {
    if (max < 1) {
      throw new IllegalArgumentException("concurrency.max must be at least 1, was " + max);
    }
  }

  /** {@return the scope, defaulting to {@link ConcurrencyScope#INSTANCE}} */
  public ConcurrencyScope effectiveScope() {
    return scope == null ? ConcurrencyScope.INSTANCE : scope;
  }
}
