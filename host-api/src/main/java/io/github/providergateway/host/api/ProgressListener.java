package io.github.providergateway.host.api;

/**
 * Hears the {@code tool.progress} of one host call ({@link HostApi#callTool(String, String,
 * com.fasterxml.jackson.databind.JsonNode, java.time.Duration, ProgressListener)}): the same
 * messages, at the same pace (at most one per {@code Limits.progressInterval}, the latest one
 * always before the outcome), as the session timeline shows. Called on the gateway loop (or the
 * client thread of a {@code GatewayClient}): must return quickly.
 */
@FunctionalInterface
public interface ProgressListener {

  /** Hears nothing. */
  ProgressListener NONE = message -> {};

  /**
   * The provider reported {@code message} for the call.
   *
   * @param message the provider's {@code tool.progress} text
   */
  void progress(String message);
}
