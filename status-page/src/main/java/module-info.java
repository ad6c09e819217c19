/**
 * The gateway's live status page ({@link io.github.providergateway.status.StatusPage}), an HTTP
 * route on the gateway's own loopback port (served by {@code transport-ws}): sessions, providers,
 * tools, streams, the latest decisions of the audit trail with their reasons, and the numbers.
 * Opened only with a one-time link; the page is its own HTML, CSS and JavaScript.
 */
module io.github.providergateway.status {
  requires transitive io.github.providergateway.gateway;
  requires transitive io.github.providergateway.host;
  requires transitive io.github.providergateway.http;
  requires io.github.providergateway.loop;
  requires io.github.providergateway.protocol;
  requires com.fasterxml.jackson.databind;

  exports io.github.providergateway.status;
}
