package io.github.providergateway.federation;

import io.github.providergateway.host.api.McpFeature;
import java.util.function.Consumer;

/**
 * What a server says changed, whichever era it speaks in: its tools (listed again, coalesced:
 * {@link ToolsRelister}), or its resources (templates included) or its prompts, which the sessions
 * it serves are told of so that their agents list them again (decision 131).
 *
 * @param tools told of each change of its tools; must not block
 * @param offers told {@link McpFeature#RESOURCES_LIST} or {@link McpFeature#PROMPTS_LIST} for each
 *     change of those; must not block
 */
record ListChanges(Runnable tools, Consumer<McpFeature> offers) {

  /** The supervisor of a server's runs, which tells the sessions it serves. */
  interface Supervisor {
    /**
     * The server said its resources or prompts changed.
     *
     * @param listing {@link McpFeature#RESOURCES_LIST} or {@link McpFeature#PROMPTS_LIST}
     */
    default void offersChanged(McpFeature listing) {}
  }

  /** Tells of a change that may have been missed (a stream opened again): every list. */
  void all() {
    tools.run();
    offers.accept(McpFeature.RESOURCES_LIST);
    offers.accept(McpFeature.PROMPTS_LIST);
  }
}
