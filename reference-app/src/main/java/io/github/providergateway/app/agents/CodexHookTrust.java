package io.github.providergateway.app.agents;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The trust Codex CLI requires before it runs a hook: without it Codex skips the hook silently and
 * the call runs unchecked. Codex keeps it in the user's {@code config.toml} as {@code
 * [hooks.state."<hooks.json path>:pre_tool_use:<group>:<handler>"] trusted_hash = "sha256:…"}, the
 * hash over the hook's normalized identity: {@code event_name} and the matcher group holding just
 * that handler with its {@code timeout} and {@code async} spelled out, keys sorted, written
 * compactly (Codex 0.169.0, {@code hooks/src/engine/discovery.rs}; the hash checked against the
 * {@code currentHash} its own {@code hooks/list} reports). Writing that state is what Codex's own
 * "Trust all and continue" does, for the one hook the person is installing.
 */
final class CodexHookTrust {

  private static final ObjectMapper JSON = new ObjectMapper();

  private CodexHookTrust() {}

  /**
   * The key Codex files the state of the first handler of the {@code group}-th {@code PreToolUse}
   * matcher group of {@code hooksJson} under.
   */
  static String key(Path hooksJson, int group) {
    return hooksJson + ":pre_tool_use:" + group + ":0";
  }

  /**
   * The {@code trusted_hash} of a matcher group with no matcher and one command handler, as Codex
   * computes it.
   */
  static String trustedHash(String command, int timeoutSeconds) {
    // Keys in sorted order, as Codex sorts them before hashing; an absent matcher is left out.
    ObjectNode identity = JSON.createObjectNode();
    identity.put("event_name", "pre_tool_use");
    ObjectNode handler = identity.putArray("hooks").addObject();
    handler.put("async", false);
    handler.put("command", command);
    handler.put("timeout", timeoutSeconds);
    handler.put("type", "command");
    try {
      byte[] canonical = JSON.writeValueAsString(identity).getBytes(StandardCharsets.UTF_8);
      return "sha256:"
          + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(canonical));
    } catch (JsonProcessingException | NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The TOML table that trusts the hook {@code group} of {@code hooksJson}. */
  static String table(Path hooksJson, int group, JsonNode handler) {
    return "[hooks.state."
        + AgentLayouts.tomlString(key(hooksJson, group))
        + "]\ntrusted_hash = "
        + AgentLayouts.tomlString(
            trustedHash(handler.path("command").asText(), handler.path("timeout").asInt(600)))
        + "\n";
  }
}
