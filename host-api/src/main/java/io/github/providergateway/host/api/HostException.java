package io.github.providergateway.host.api;

import static java.util.Objects.requireNonNull;

/**
 * The gateway refused a host request: a future from {@link HostApi} completes exceptionally with
 * this. Tool failures are not exceptions; they are {@link ToolOutcome.Failure}s.
 */
public final class HostException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  /** Why the request was refused. */
  private final HostErrorCode code;

  /**
   * A refusal.
   *
   * @param code why the request was refused, as the host RPC names it
   * @param message what was wrong, for a person
   */
  public HostException(HostErrorCode code, String message) {
    super(message);
    this.code = requireNonNull(code, "code");
  }

  /** {@return why the request was refused} */
  public HostErrorCode code() {
    return code;
  }
}
