package io.github.providergateway.host.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.host.api.HostErrorCode;
import io.github.providergateway.host.api.HostException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Reads a reply's fields; a reply that does not read is the gateway's bug, reported {@code
 * INTERNAL}.
 */
final class ReplyFields {
  private ReplyFields() {}

  static <T> T read(ObjectNode fields, Function<ObjectNode, T> reader) {
    try {
      return reader.apply(fields);
    } catch (RuntimeException e) {
      throw new HostException(
          HostErrorCode.INTERNAL, "unreadable reply from the gateway: " + e.getMessage());
    }
  }

  /** The array {@code field}, each item read by {@code reader}; fails when it is not an array. */
  static <T> List<T> list(ObjectNode fields, String field, Function<JsonNode, T> reader) {
    JsonNode array = fields.get(field);
    if (array == null || !array.isArray()) {
      throw new IllegalArgumentException("\"" + field + "\" must be an array");
    }
    List<T> items = new ArrayList<>(array.size());
    array.forEach(item -> items.add(reader.apply(item)));
    return items;
  }
}
