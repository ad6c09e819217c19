package io.github.providergateway.app.agents;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What Gemini CLI needs before it runs any hook, said once by {@code gateway setup gemini} (issue
 * 77): an auth, and a trusted folder. Checked with Gemini CLI 0.61.0: {@code gemini -p} with no
 * auth exits 41 ("Please set an Auth method…"), in a folder it does not trust exits 55; either way
 * before its first tool, and an interactive Gemini asks for both on its first start. A folder it
 * does not trust runs no hook at all, so trusting it is what makes the gate hold; {@code
 * --skip-trust} and {@code GEMINI_CLI_TRUST_WORKSPACE=true} trust the folder for one run, hooks
 * included.
 */
final class GeminiFirstRun {

  /**
   * The variables that give Gemini CLI an auth without any settings, as 0.61.0 reads them in this
   * order, with the auth each gives; a flag counts when it is {@code true}, a key when it is not
   * empty.
   */
  static final List<Map.Entry<String, String>> AUTH_VARIABLES =
      List.of(
          Map.entry("GOOGLE_GENAI_USE_GCA", "oauth-personal"),
          Map.entry("GOOGLE_GENAI_USE_VERTEXAI", "vertex-ai"),
          Map.entry("GEMINI_API_KEY", "gemini-api-key"));

  private static final ObjectMapper JSON = new ObjectMapper();

  private GeminiFirstRun() {}

  /**
   * The block setup prints: the auth it found (or how to give one) and the trust each project
   * needs.
   *
   * @param settings Gemini's settings files that may name an auth, highest first
   * @param env the environment Gemini will run with (setup's own)
   * @param trustedFolders Gemini's {@code trustedFolders.json}
   * @param project the project setup trusted ({@code --project}), or null for the user's settings
   * @return the block, its first line a heading
   */
  static String block(
      List<Path> settings, Map<String, String> env, Path trustedFolders, Path project) {
    return String.join(
        "\n",
        "Before Gemini CLI runs these hooks (gemini -p stops before its first tool otherwise):",
        "  auth:  " + auth(settings, env),
        "  trust: " + trust(trustedFolders, project));
  }

  private static String auth(List<Path> settings, Map<String, String> env) {
    for (Map.Entry<String, String> variable : AUTH_VARIABLES) {
      String value = env.getOrDefault(variable.getKey(), "");
      boolean flag = variable.getKey().startsWith("GOOGLE_GENAI_USE_");
      if (flag ? value.equals("true") : !value.isEmpty()) {
        return variable.getValue() + ", from " + variable.getKey() + " in this environment.";
      }
    }
    for (Path file : settings) {
      Optional<String> type = selectedType(file);
      if (type.isPresent()) {
        return type.get()
            + ", from "
            + file
            + (type.get().equals("gemini-api-key")
                ? " (with GEMINI_API_KEY in the environment, or the key Gemini stored when it"
                    + " was entered)."
                : ".");
      }
    }
    return "none found: gemini -p exits 41. Run gemini once and sign in, or export"
        + " GEMINI_API_KEY (a key from Google AI Studio).";
  }

  private static String trust(Path trustedFolders, Path project) {
    if (project != null) {
      return project + " trusted by setup in " + trustedFolders + ".";
    }
    return "each project folder. In a folder Gemini does not trust it runs no hook, not even"
        + " these, and gemini -p exits 55: trust it when Gemini asks, or run 'gateway setup gemini"
        + " --project' in it (trusted in "
        + trustedFolders
        + "); for one scripted run, gemini --skip-trust (or GEMINI_CLI_TRUST_WORKSPACE=true)"
        + " trusts the folder, hooks included.";
  }

  /**
   * {@code security.auth.selectedType} of a settings file (or the older top-level {@code
   * selectedAuthType}); empty when the file is missing, unreadable, not JSON, or names none.
   */
  static Optional<String> selectedType(Path file) {
    try {
      if (!Files.isRegularFile(file)) {
        return Optional.empty();
      }
      JsonNode root = JSON.readTree(SettingsFiles.read(file));
      if (root == null || !root.isObject()) {
        return Optional.empty();
      }
      JsonNode type = root.path("security").path("auth").path("selectedType");
      if (!type.isTextual()) {
        type = root.path("selectedAuthType");
      }
      return type.isTextual() && !type.asText().isBlank()
          ? Optional.of(type.asText())
          : Optional.empty();
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }
}
