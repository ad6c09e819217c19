package io.github.providergateway.provider;

import io.github.providergateway.protocol.TransformRequest;
import java.util.concurrent.CompletionStage;

/**
 * Rewrites one system-prompt section of a {@code callback} transform: at each prompt the gateway
 * sends {@code transform.request} with the section's current text, and the runtime answers with
 * exactly one {@code transform.result}.
 *
 * <p>Called on the provider's executor; the gateway waits at most 2 s, then keeps the current text.
 * When the handler throws, or its stage fails or completes with {@code null}, the runtime answers
 * at once with the current text unchanged, so the prompt is not held up.
 */
@FunctionalInterface
public interface TransformHandler {

  /**
   * Computes the section's new text.
   *
   * @param request the section's name and {@code current} text, the session
   * @return the whole new text of the section (not a delta)
   * @throws Exception when no text can be computed: the runtime answers with the current text
   *     unchanged
   */
  CompletionStage<String> transform(TransformRequest request) throws Exception;
}
