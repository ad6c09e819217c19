/**
 * The client for JVM hosts of a shared gateway: {@link
 * io.github.providergateway.host.client.GatewayClient} is the {@code HostApi} of a gateway in
 * another process, over its {@code /host} WebSocket endpoint and the JDK's {@code java.net.http}.
 * It needs the host API (and so the protocol and Jackson) and the loop, and nothing of the
 * gateway's engine, host side or server, as the provider client needs none of them either.
 */
module io.github.providergateway.host.client {
  requires transitive io.github.providergateway.host.api;
  // The builder takes a Scheduler (tests: a manual clock).
  requires transitive io.github.providergateway.loop;
  requires java.net.http;

  exports io.github.providergateway.host.client;
}
