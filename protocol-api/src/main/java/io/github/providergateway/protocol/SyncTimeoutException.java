package io.github.providergateway.protocol;

import static java.util.Objects.requireNonNull;

import java.time.Duration;

/**
 * A blocking call of a sync twin ({@code SyncHostApi} for hosts, {@code SyncProviderSession} for
 * providers) got no answer within the twin's timeout. It is the caller's wait that ran out, not a
 * refusal: the gateway has not said no (a refusal is {@code HostException} or {@code
 * GatewayErrorException}, with the gateway's code), and what was asked may still take effect. A
 * tool call that the gateway itself timed out is not this either: it returns its {@code TIMEOUT}
 * outcome.
 *
 * <p>Unchecked, like every refusal of the sync twins, so that a blocking caller catches only what
 * it means to handle.
 */
public final class SyncTimeoutException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  /** How long the caller waited. */
  private final Duration timeout;

  /**
   * The wait for {@code request} that ran out after {@code timeout}.
   *
   * @param request what was waited for, for a person (e.g. {@code callTool greet})
   * @param timeout how long the caller waited
   */
  public SyncTimeoutException(String request, Duration timeout) {
    super("no answer to " + requireNonNull(request, "request") + " within " + forPeople(timeout));
    this.timeout = timeout;
  }

  /** {@code 30 s}, {@code 250 ms}: how a person reads a duration ({@code PT30S} is ISO's). */
  private static String forPeople(Duration duration) {
    long millis = requireNonNull(duration, "timeout").toMillis();
    return millis % 1000 == 0 ? millis / 1000 + " s" : millis + " ms";
  }

  /** {@return how long the caller waited} */
  public Duration timeout() {
    return timeout;
  }
}
