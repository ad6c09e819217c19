/**
 * A plain-HTTP endpoint on the gateway's port, as a route sees it: {@link
 * io.github.providergateway.http.HttpRoute} (its admission from the headers and its answer), {@link
 * io.github.providergateway.http.HttpRequest}, {@link io.github.providergateway.http.HttpReply},
 * {@link io.github.providergateway.http.HttpRefusal} and {@link
 * io.github.providergateway.http.ServerSentEvents}. A module of its own (issue 37) so that the
 * modules offering routes (the status page, the agents' front doors) depend on no server: a package
 * inside {@code transport-ws} would still have put Grizzly on their class path. The JDK only.
 */
module io.github.providergateway.http {
  exports io.github.providergateway.http;
}
