package io.github.providergateway.app.home;

/**
 * The gateway could not start. Its message is one line meant for the person who started it: what
 * went wrong and, where there is one, what to do instead.
 */
public final class StartupException extends Exception {

  private static final long serialVersionUID = 1L;

  /** A start that failed for {@code message}, one line for the person. */
  public StartupException(String message) {
    super(message);
  }

  /** A start that failed for {@code message}, one line for the person, because of {@code cause}. */
  public StartupException(String message, Throwable cause) {
    super(message, cause);
  }
}
