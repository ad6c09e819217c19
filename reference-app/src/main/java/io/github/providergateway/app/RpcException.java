package io.github.providergateway.app;

import static java.util.Objects.requireNonNull;

/** A command the {@code --rpc} host refuses; it becomes {@code {"ok":false,"error":{..}}}. */
final class RpcException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final RpcErrorCode code;

  RpcException(RpcErrorCode code, String message) {
    super(message, null, false, false);
    this.code = requireNonNull(code, "code");
  }

  RpcErrorCode code() {
    return code;
  }
}
