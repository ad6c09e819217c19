package io.github.providergateway.app;

import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;

/** The MCP Java SDK's Streamable HTTP transport, as a client of a gateway's {@code /mcp}. */
final class McpHttpTransports {

  private McpHttpTransports() {}

  /** {@return the transport to {@code /mcp} on loopback {@code port}, sending {@code token}} */
  static HttpClientStreamableHttpTransport withToken(int port, String token) {
    return HttpClientStreamableHttpTransport.builder("http://127.0.0.1:" + port)
        .endpoint("/mcp")
        .httpRequestCustomizer(
            (request, method, uri, body, context) ->
                request.header("Authorization", "Bearer " + token))
        .build();
  }
}
