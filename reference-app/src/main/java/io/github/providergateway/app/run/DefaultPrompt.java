package io.github.providergateway.app.run;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The system-prompt sections a host starts from when the {@code prompt} command gives none (host
 * RPC: R-RPC-20). The host service runs on them for both carriers ({@code --rpc} and {@code
 * /host}), and the console uses the same, so all three agree.
 */
public final class DefaultPrompt {

  private static final Map<String, String> SECTIONS =
      sections(
          "identity", "You are a coding agent working in the user's project.",
          "safety",
              "Do not run destructive commands or reveal secrets without the user's approval.",
          "custom_instructions", "Follow the project's own conventions.",
          "code_change_rules", "Keep changes small, explain them, and run the tests.");

  private DefaultPrompt() {}

  /** {@code identity}, {@code safety}, {@code custom_instructions}, {@code code_change_rules}. */
  public static Map<String, String> sections() {
    return SECTIONS;
  }

  private static Map<String, String> sections(String... namesAndTexts) {
    Map<String, String> sections = new LinkedHashMap<>();
    for (int i = 0; i < namesAndTexts.length; i += 2) {
      sections.put(namesAndTexts[i], namesAndTexts[i + 1]);
    }
    return Collections.unmodifiableMap(sections);
  }
}
