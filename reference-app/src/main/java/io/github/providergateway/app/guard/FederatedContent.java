package io.github.providergateway.app.guard;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.agent.guard.SessionFlows;
import io.github.providergateway.gateway.McpOffers;
import io.github.providergateway.guard.CallFlow;
import io.github.providergateway.host.api.McpFeature;
import java.util.List;
import java.util.Map;

/**
 * What a session takes in from its federated MCP servers beyond tool results, a resource read or a
 * prompt got (decision 123), kept in its past as untrusted content, as the flow rules keep a
 * provider tool's result that they count as untrusted (docs/guard.md, "A session remembers"): a
 * later call that sends data out is asked about, naming what came in. Whatever the server's trust:
 * the text is the server's, or what it read from elsewhere, never the person's.
 */
public final class FederatedContent implements McpOffers.ContentListener {

  private final SessionFlows flows;

  /**
   * @param flows what each session has seen
   */
  public FederatedContent(SessionFlows flows) {
    this.flows = requireNonNull(flows, "flows");
  }

  @Override
  public void taken(String sessionId, String server, McpFeature method, String what) {
    ObjectNode args = JsonNodeFactory.instance.objectNode();
    args.put(method == McpFeature.RESOURCES_READ ? "uri" : "name", what);
    String untrusted = method.wireName() + " of " + what + " from the MCP server '" + server + "'";
    flows.allowed(
        SessionFlows.sessionKey(sessionId),
        null, // the session's record has its project from its first call
        "mcp:" + server + " " + method.wireName(),
        args,
        new CallFlow(untrusted, null, List.of(), Map.of()));
  }
}
