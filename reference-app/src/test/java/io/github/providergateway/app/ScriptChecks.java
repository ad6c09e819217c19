package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A Node script of checks (the mcp-interop scripts built on {@code waiting.mjs}'s {@code checks}),
 * run once: each line it prints, {@code {"check": name, "observed": …}} or {@code {"check": name,
 * "error": text}}, by name; its stderr in a log the failures point to.
 */
final class ScriptChecks {

  private static final ObjectMapper JSON = new ObjectMapper();

  private final Process process;
  private final Path log;
  private final Map<String, JsonNode> checks = new HashMap<>();

  private ScriptChecks(Process process, Path log) {
    this.process = process;
    this.log = log;
  }

  /**
   * Starts {@code node} (stdin empty, stderr to {@code log}); {@link #await} reads what it reports.
   */
  static ScriptChecks start(ProcessBuilder node, Path log) throws IOException {
    node.redirectError(log.toFile());
    node.redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
    return new ScriptChecks(node.start(), log);
  }

  /** The script's process, for a test's clean-up. */
  Process process() {
    return process;
  }

  /** Reads every check the script reports until it ends, which it must within {@code limit}. */
  ScriptChecks await(Duration limit) throws IOException, InterruptedException {
    try (var out = process.inputReader(StandardCharsets.UTF_8)) {
      for (String line = out.readLine(); line != null; line = out.readLine()) {
        JsonNode check = JSON.readTree(line);
        checks.put(check.get("check").asText(), check);
      }
    }
    assertThat(process.waitFor(limit.toSeconds(), TimeUnit.SECONDS))
        .as("the client script ends; see %s", log)
        .isTrue();
    return this;
  }

  /**
   * What the script observed for {@code name}; fails with the script's error when the check failed.
   */
  JsonNode observed(String name) throws IOException {
    JsonNode check = checks.get(name);
    assertThat(check)
        .as("the script reported check %s; its log, %s:%n%s", name, log, Files.readString(log))
        .isNotNull();
    assertThat(check.path("error").asText(null))
        .as("check %s failed in the script; see %s", name, log)
        .isNull();
    return check.get("observed");
  }
}
