package io.github.providergateway.guard.internal;

/**
 * The steps the configuration's plain rules may take over one call: each position a glob is at, for
 * each character it reads, is a step. Counted, not timed, so a decision does not depend on load; a
 * call that needs more is denied ({@code guard.unreadable}), never allowed. Per call; not shared.
 */
public final class Budget {
  /** The steps one call's plain rules may take: a fraction of a second at worst. */
  public static final long STEPS = 5_000_000L;

  /** The steps left. This call's matching only. */
  private long left;

  /**
   * A budget.
   *
   * @param steps the steps allowed
   */
  public Budget(long steps) {
    this.left = steps;
  }

  /**
   * Spends steps.
   *
   * @param steps the steps taken
   * @throws Exhausted when the budget is spent
   */
  public void spend(long steps) {
    left -= steps;
    if (left < 0) {
      throw new Exhausted();
    }
  }

  /** The budget is spent: the call is denied. */
  public static final class Exhausted extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** The refusal. */
    public Exhausted() {
      super(
          "the configuration's rules need more than " + STEPS + " steps over this call",
          null,
          false,
          false);
    }
  }
}
