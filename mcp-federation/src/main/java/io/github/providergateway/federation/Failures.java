package io.github.providergateway.federation;

/** What a failure of an MCP server's client says, in the person's terms. */
final class Failures {

  private Failures() {}

  /**
   * Why the server could not be started: for an HTTP server nothing answers at its URL when the
   * connection was refused or closed before an answer (the client's {@code ClosedChannelException}
   * named the machinery, not the problem: issue 34); else the root cause's message.
   */
  static String whyNotStarted(McpServerConfig config, Throwable failure) {
    if (!config.isStdio() && nothingAnswers(failure)) {
      return "nothing answers at " + config.url() + " (is the server running?)";
    }
    return rootMessage(failure);
  }

  /** Whether {@code failure} came of a connection refused, or closed before an answer. */
  static boolean nothingAnswers(Throwable failure) {
    for (Throwable cause = failure;
        cause != null;
        cause = cause.getCause() == cause ? null : cause.getCause()) {
      if (cause instanceof java.net.ConnectException
          || cause instanceof java.nio.channels.ClosedChannelException) {
        return true;
      }
    }
    return false;
  }

  /** {@return the JSON-RPC error code the server answered with, in either era; null for none} */
  static Integer jsonRpcCode(Throwable failure) {
    for (Throwable cause = failure;
        cause != null;
        cause = cause.getCause() == cause ? null : cause.getCause()) {
      if (cause instanceof io.modelcontextprotocol.spec.McpError legacy
          && legacy.getJsonRpcError() != null) {
        return legacy.getJsonRpcError().code();
      }
      if (cause instanceof io.modelcontextprotocol.modern.McpException modern
          && modern.error() != null) {
        return modern.error().code();
      }
    }
    return null;
  }

  /** {@return the message of the innermost cause, else its class} */
  static String rootMessage(Throwable failure) {
    Throwable cause = failure;
    while (cause.getCause() != null && cause.getCause() != cause) {
      cause = cause.getCause();
    }
    return cause.getMessage() != null ? cause.getMessage() : cause.toString();
  }
}
