package io.github.providergateway.app;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Gemini CLI, the real binary, driven by a test: the version pinned in {@code
 * src/test/resources/agents/gemini-cli/package.json} (0.61.0), installed from the npm registry
 * under {@code target/agents/} the first time a test needs it ({@link #installed()}, through {@link
 * NpmAgent}), and run as {@code gemini -p PROMPT --output-format json} against a {@link
 * ScriptedModel} of {@link ScriptedModel.Dialect#GEMINI} on loopback ({@link #run}): {@code
 * GOOGLE_GEMINI_BASE_URL} points there and an API key of the test's is the selected auth.
 *
 * <p>Every run has a {@code HOME} of the test's: {@code ~/.gemini/settings.json} ({@link
 * #writeSettings}: its hooks and MCP servers) and {@code ~/.gemini/trustedFolders.json} ({@link
 * #trustFolder}) are the test's, never the real home's; the machine's own {@code GEMINI_*} and
 * {@code GOOGLE_*} variables are left out. A folder is trusted the way a person trusts it (what
 * Gemini's "Trust folder" dialog writes), not with {@code GEMINI_CLI_TRUST_WORKSPACE}: Gemini loads
 * hooks and MCP servers only in a trusted folder, and in {@code -p} an untrusted one ends the run
 * (exit 55).
 */
final class GeminiCli {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String PACKAGE = "@google/gemini-cli";

  private final Path binary;

  private GeminiCli(Path binary) {
    this.binary = binary;
  }

  /**
   * The pinned Gemini CLI, installed under {@code target/agents/} unless it is there already (about
   * 100 MB, 15 s). Skips the test when npm is not installed or cannot reach its registry.
   */
  static GeminiCli installed() throws IOException, InterruptedException {
    return new GeminiCli(NpmAgent.installed("gemini-cli", PACKAGE, "gemini").binary());
  }

  /** The installed binary. */
  Path binary() {
    return binary;
  }

  /**
   * The settings every run needs, for a test to add its hooks and MCP servers to: the API key is
   * the auth ({@code security.auth.selectedType}), and no telemetry, usage statistics or update
   * checks (nothing but the model's traffic).
   */
  static ObjectNode settings() {
    ObjectNode settings = JSON.createObjectNode();
    settings.putObject("security").putObject("auth").put("selectedType", "gemini-api-key");
    settings.putObject("telemetry").put("enabled", false);
    settings.putObject("privacy").put("usageStatisticsEnabled", false);
    settings.putObject("general").put("enableAutoUpdate", false);
    return settings;
  }

  /** Writes {@code settings} as {@code home}'s {@code ~/.gemini/settings.json}. */
  static void writeSettings(Path home, ObjectNode settings) throws IOException {
    Path file = Files.createDirectories(home.resolve(".gemini")).resolve("settings.json");
    Files.writeString(file, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(settings));
  }

  /**
   * {@code gateway setup gemini} for {@code guarded}'s project with {@code HOME} {@code home}, as a
   * person runs it, then the project trusted and the offline run's auth and quiet settings beside
   * setup's.
   */
  static void setUpBy(GuardedHome guarded, Path home) throws Exception {
    guarded.setup(
        "gemini", java.util.Map.of("HOME", home.toString(), "PATH", System.getenv("PATH")));
    trustFolder(home, guarded.project());
    Path file = home.resolve(".gemini/settings.json");
    ObjectNode settings = (ObjectNode) JSON.readTree(file.toFile());
    settings.setAll(settings());
    writeSettings(home, settings);
  }

  /**
   * Trusts {@code folder} in {@code home}'s {@code ~/.gemini/trustedFolders.json}, as Gemini's
   * "Trust folder" answer does.
   */
  static void trustFolder(Path home, Path folder) throws IOException {
    Path file = Files.createDirectories(home.resolve(".gemini")).resolve("trustedFolders.json");
    ObjectNode trusted =
        Files.exists(file) ? (ObjectNode) JSON.readTree(file.toFile()) : JSON.createObjectNode();
    trusted.put(folder.toString(), "TRUST_FOLDER");
    Files.writeString(file, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(trusted));
  }

  /**
   * Runs {@code gemini -p PROMPT --output-format json ARGS…} in {@code project} with {@code HOME}
   * {@code home}, against {@code model}, to its end or for at most {@code limit} (then it is
   * killed, with everything it started that is still its descendant).
   *
   * @param env more variables for Gemini (and so for its hooks and MCP servers)
   */
  NpmAgent.Run run(
      Path project,
      Path home,
      ScriptedModel model,
      Map<String, String> env,
      String prompt,
      List<String> args,
      Duration limit)
      throws IOException, InterruptedException {
    List<String> command =
        new ArrayList<>(List.of(binary.toString(), "-p", prompt, "--output-format", "json"));
    command.addAll(args);
    ProcessBuilder builder = new ProcessBuilder(command).directory(project.toFile());
    Map<String, String> environment = builder.environment();
    NpmAgent.withoutVariables(environment, "GEMINI_", "GOOGLE_");
    environment.put("HOME", home.toString());
    environment.put("GOOGLE_GEMINI_BASE_URL", model.baseUrl().toString());
    environment.put("GEMINI_API_KEY", "scripted-model-key");
    environment.putAll(env);
    // Gemini writes what it did (hooks, MCP, tools) to stderr; that is its log here.
    return NpmAgent.run(builder, home.getParent(), "gemini", limit, () -> "(in its stderr)");
  }
}
