package io.github.providergateway.agent.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;

/** JSON text as a tree, for the tests' assertions. */
final class GatewayJson {
  private GatewayJson() {}

  static JsonNode parse(String text) {
    try {
      return Json.MAPPER.readTree(text);
    } catch (IOException e) {
      throw new UncheckedIOException("not JSON: " + text, e);
    }
  }
}
