package io.github.providergateway.gateway;

import static java.util.Objects.requireNonNull;

/**
 * The gateway refused a host request: a future from {@link HostApi} completes exceptionally with
 * this. Tool failures are not exceptions; they are {@link ToolOutcome.Failure}s.
 */
public final class HostException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final HostErrorCode code;

  public HostException(HostErrorCode code, String message) {
    super(message);
    this.code = requireNonNull(code, "code");
  }

  /** Why the request was refused. */
  public HostErrorCode code() {
    return code;
  }
}
