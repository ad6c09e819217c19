package io.github.providergateway.app;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The system-prompt sections a host starts from when the {@code prompt} command gives none
 * (host RPC: R-RPC-20). Short fixed texts: they exist so providers' transforms have something to
 * prepend to, append to or replace.
 */
final class DefaultPrompt {

  private DefaultPrompt() {}

  /** {@code identity}, {@code safety}, {@code custom_instructions}, {@code code_change_rules}. */
  static Map<String, String> sections() {
    Map<String, String> sections = new LinkedHashMap<>();
    sections.put("identity", "You are a coding agent working in the user's project.");
    sections.put(
        "safety", "Do not run destructive commands or reveal secrets without the user's approval.");
    sections.put("custom_instructions", "Follow the project's own conventions.");
    sections.put("code_change_rules", "Keep changes small, explain them, and run the tests.");
    return Collections.unmodifiableMap(sections);
  }
}
