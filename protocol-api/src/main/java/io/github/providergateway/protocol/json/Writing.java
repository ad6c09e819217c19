package io.github.providergateway.protocol.json;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.protocol.WireEnum;
import java.io.IOException;
import java.util.List;

/** Writes optional fields: an absent ({@code null}) value writes nothing. */
final class Writing {

  private Writing() {}

  static void string(JsonGenerator g, String field, String value) throws IOException {
    if (value != null) {
      g.writeStringField(field, value);
    }
  }

  static void bool(JsonGenerator g, String field, Boolean value) throws IOException {
    if (value != null) {
      g.writeBooleanField(field, value);
    }
  }

  static void number(JsonGenerator g, String field, Number value) throws IOException {
    if (value != null) {
      g.writeNumberField(field, value.longValue());
    }
  }

  static void wire(JsonGenerator g, String field, WireEnum value) throws IOException {
    if (value != null) {
      g.writeStringField(field, value.wireName());
    }
  }

  static void tree(JsonGenerator g, String field, JsonNode value) throws IOException {
    if (value != null) {
      g.writeFieldName(field);
      JsonTrees.write(g, value);
    }
  }

  static void strings(JsonGenerator g, String field, List<String> values) throws IOException {
    if (values != null) {
      g.writeArrayFieldStart(field);
      for (String value : values) {
        g.writeString(value);
      }
      g.writeEndArray();
    }
  }
}
