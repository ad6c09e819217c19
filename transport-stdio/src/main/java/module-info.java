/**
 * Child processes the gateway owns, speaking newline-delimited text on their stdin and stdout, and
 * providers over them: {@code io.github.providergateway.transport.stdio} spawns a provider for a
 * session and connects it to the gateway as a spawned provider (project trust, that session), with
 * the provider interface as JSON lines.
 */
module io.github.providergateway.transport.stdio {
  requires transitive io.github.providergateway.gateway;

  exports io.github.providergateway.transport.stdio;
}
