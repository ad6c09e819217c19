package io.github.providergateway.app;

import io.github.providergateway.gateway.HostService;
import java.util.Map;

/**
 * The system-prompt sections a host starts from when the {@code prompt} command gives none
 * (host RPC: R-RPC-20); the host service's own, so the console and both carriers agree.
 */
final class DefaultPrompt {

  private DefaultPrompt() {}

  /** {@code identity}, {@code safety}, {@code custom_instructions}, {@code code_change_rules}. */
  static Map<String, String> sections() {
    return HostService.defaultPromptSections();
  }
}
