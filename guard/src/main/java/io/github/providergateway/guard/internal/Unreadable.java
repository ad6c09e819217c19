package io.github.providergateway.guard.internal;

/**
 * A call past a bound of the rules' reading (more code fed to itself than is read): the guard
 * denies it as {@code guard.unreadable}, never reads it in part.
 */
public final class Unreadable extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /**
   * A refusal.
   *
   * @param why which bound, as the agent reads it
   */
  public Unreadable(String why) {
    super(why, null, false, false);
  }
}
