package io.github.providergateway.host.api;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The prompt pipeline's answer (host RPC {@code prompt}): the system-prompt sections after every
 * transform, the ambient contexts of the session's providers in registration order, and the
 * session's startup contexts.
 *
 * @param sections section name → text, provider-edited sections first and the protected {@code
 *     identity} and {@code safety} sections last
 * @param context ambient contexts, in provider registration order
 * @param startupContext startup contexts, in provider registration order
 */
public record PromptResult(
    Map<String, String> sections, List<String> context, List<String> startupContext) {

  /**
   * Copies the result, keeping the sections' order.
   *
   * @param sections section name → text; copied, unmodifiable
   * @param context ambient contexts, in provider registration order; copied
   * @param startupContext startup contexts, in provider registration order; copied
   * @throws NullPointerException when a component is null
   */
  public PromptResult {
    sections = Collections.unmodifiableMap(new LinkedHashMap<>(sections));
    context = List.copyOf(context);
    startupContext = List.copyOf(startupContext);
  }
}
