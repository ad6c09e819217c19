/**
 * The WebSocket client for Java providers: {@link
 * io.github.providergateway.provider.client.WebSocketProviderClient} runs a {@code JavaProvider}
 * ({@code io.github.providergateway.provider}) in its own process against a gateway, over the JDK's
 * {@code java.net.http} WebSocket. It needs the provider API, the protocol (and so Jackson) and the
 * loop, and nothing of the gateway's engine, host side or server.
 */
module io.github.providergateway.provider.client {
  requires transitive io.github.providergateway.provider;
  // Options take a Scheduler (tests: a manual clock) and describe their delays with Backoff.
  requires transitive io.github.providergateway.loop;
  requires java.net.http;

  exports io.github.providergateway.provider.client;
}
