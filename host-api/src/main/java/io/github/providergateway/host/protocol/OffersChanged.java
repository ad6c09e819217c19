package io.github.providergateway.host.protocol;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.host.api.McpFeature;

/**
 * {@code offers.changed} (ours, decision 131): a federated MCP server of the session said its
 * resources (templates included) or its prompts changed; a host that serves MCP tells its agent,
 * who lists them again with {@code mcp.feature}. Sent to the session's owner only, and only when
 * its {@code session.start} asked for {@code "streamUpdates": true}, as {@link StreamUpdated} is.
 *
 * @param sessionId the session's id
 * @param list {@link McpFeature#RESOURCES_LIST} or {@link McpFeature#PROMPTS_LIST}, on the wire
 *     {@code "resources/list"} or {@code "prompts/list"}
 */
public record OffersChanged(String sessionId, McpFeature list) implements HostEvent {

  /** The {@code event} name on the wire. */
  public static final String NAME = "offers.changed";

  /**
   * Checks the required fields.
   *
   * @param sessionId the session's id
   * @param list the list that changed
   * @throws NullPointerException when {@code sessionId} or {@code list} is null
   * @throws IllegalArgumentException when {@code list} is no list that changes
   */
  public OffersChanged {
    requireNonNull(sessionId, "sessionId");
    requireNonNull(list, "list");
    if (list != McpFeature.RESOURCES_LIST && list != McpFeature.PROMPTS_LIST) {
      throw new IllegalArgumentException(
          "\"list\" must be resources/list or prompts/list, was " + list.wireName());
    }
  }

  @Override
  public String event() {
    return NAME;
  }
}
