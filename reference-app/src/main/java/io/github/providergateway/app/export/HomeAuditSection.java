package io.github.providergateway.app.export;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import io.github.providergateway.app.home.JsonBreak;
import io.github.providergateway.app.home.RegularFileRead;
import io.github.providergateway.protocol.json.ProtocolCodec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/**
 * The {@code "audit"} object of a home's configuration (the file its settings name), where a
 * developer with no organisation's settings says where their trail goes ({@code "otlp"}, {@code
 * "syslog"}, the same keys as the system settings'). A file that cannot be read says so and sends
 * nothing: the trail on disk is whole either way.
 */
final class HomeAuditSection {

  /** The largest configuration read for it, as the config's own reader allows. */
  static final int MAX_BYTES = 1 << 20;

  private HomeAuditSection() {}

  /**
   * {@return the {@code "audit"} object of {@code config}, or a missing node when it has none, is
   * null, or cannot be read (then a sentence in {@code problems})}
   */
  static JsonNode read(Path config, List<String> problems) {
    if (config == null) {
      return MissingNode.getInstance();
    }
    String text;
    try {
      text = new String(RegularFileRead.read(config, MAX_BYTES), StandardCharsets.UTF_8);
    } catch (IOException e) {
      problems.add(
          "audit: the home's configuration " + config + " cannot be read: " + e.getMessage());
      return MissingNode.getInstance();
    }
    try {
      JsonNode audit = ProtocolCodec.create().parseJson(text).path("audit");
      if (!audit.isMissingNode() && !audit.isObject()) {
        problems.add("audit: " + config + ": \"audit\" must be an object");
        return MissingNode.getInstance();
      }
      return audit;
    } catch (IllegalArgumentException e) {
      problems.add("audit: the home's configuration " + config + " is " + JsonBreak.at(text));
      return MissingNode.getInstance();
    }
  }
}
