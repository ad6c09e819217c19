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
 * the call runs unchecked (or, for the after-tool hook, the gateway never hears that it ran). Codex
 * keeps it in the user's {@code config.toml} as {@code [hooks.state."<hooks.json
 * path>:<event>:<group>:<handler>"] trusted_hash = "sha256:…"}, where {@code <event>} is the
 * event's key label ({@code pre_tool_use}, {@code post_tool_use}), and the hash is over the hook's
 * normalized identity: {@code event_name} (the same label) and the matcher group holding just that
 * handler with its {@code timeout} and {@code async} spelled out, keys sorted, written compactly
 * (Codex 0.169.0, {@code hooks/src/engine/discovery.rs}, {@code command_hook_hash}, and {@code
 * hooks/src/lib.rs}, {@code hook_event_key_label}: {@code PostToolUse => "post_tool_use"}, used for
 * the key and the hash alike; the pre-tool hash checked against the {@code currentHash} its own
 * {@code hooks/list} reports). Writing that state is what Codex's own "Trust all and continue"
 * does, for the hooks the person is installing.
 */
final class CodexHookTrust {

  private static final ObjectMapper JSON = new ObjectMapper();

  private CodexHookTrust() {}

  /**
   * Codex's key label of a hook event: {@code PreToolUse} is {@code pre_tool_use}, {@code
   * PostToolUse} {@code post_tool_use}.
   */
  static String label(String event) {
    return event.replaceAll("(?<=[a-z])([A-Z])", "_$1").toLowerCase(java.util.Locale.ROOT);
  }

  /**
   * The key Codex files the state of the first handler of the {@code group}-th matcher group at
   * {@code event} ({@code PreToolUse}, {@code PostToolUse}) of {@code hooksJson} under.
   */
  static String key(Path hooksJson, String event, int group) {
    return hooksJson + ":" + label(event) + ":" + group + ":0";
  }

  /**
   * The {@code trusted_hash} of a matcher group at {@code event} with no matcher and one command
   * handler, as Codex computes it.
   */
  static String trustedHash(String event, String command, int timeoutSeconds) {
    // Keys in sorted order, as Codex sorts them before hashing; an absent matcher is left out.
    ObjectNode identity = JSON.createObjectNode();
    identity.put("event_name", label(event));
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

  /** The TOML table that trusts the hook {@code group} at {@code event} of {@code hooksJson}. */
  static String table(Path hooksJson, String event, int group, JsonNode handler) {
    return "[hooks.state."
        + AgentLayouts.tomlString(key(hooksJson, event, group))
        + "]\ntrusted_hash = "
        + AgentLayouts.tomlString(
            trustedHash(
                event, handler.path("command").asText(), handler.path("timeout").asInt(600)))
        + "\n";
  }
}
