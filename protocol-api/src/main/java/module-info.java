/**
 * The provider interface as Java types: message records, enums, the capability matrix, the
 * connection state machine, limits, and the JSON codec. Pure: no threads, no I/O, no clock.
 */
module io.github.providergateway.protocol {
  requires transitive com.fasterxml.jackson.databind;

  exports io.github.providergateway.protocol;
  exports io.github.providergateway.protocol.json;
}
