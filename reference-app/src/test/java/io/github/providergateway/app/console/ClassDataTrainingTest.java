package io.github.providergateway.app.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.app.Main;
import io.github.providergateway.app.run.RunningGateway;
import io.github.providergateway.gateway.event.GatewayListener;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 46, "fast from the first call": the class-data training run ({@code --rpc
 * --class-data-training}, what {@code ./gateway}, the installed launcher and a host's starter run
 * to make the cache) makes the calls a young gateway spends its first minutes on, so that their
 * classes, and on Java 25 their method profiles, are in the cache: HTTP hook calls of three agents
 * that the built-in guard allows and denies, and an MCP window's {@code tools/list} on {@code
 * /mcp}. Real gateways on their real ports; the audit trail is the record of what was decided.
 */
class ClassDataTrainingTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path home;

  @Test
  void theTrainingMakesHookCallsTheGuardDecidesAndListsAnMcpWindowsTools() throws Exception {
    ClassDataTraining.Done done;
    try (RunningGateway running =
        RunningGateway.start(
            Main.options(Map.of(), "--rpc", "--home", home.toString(), "--port", "0"),
            new GatewayListener() {})) {
      done = ClassDataTraining.exercise(running, home);
    }

    assertThat(done.hooksAnswered()).isEqualTo(ClassDataTraining.HOOK_CALLS);
    assertThat(done.toolsListed()).as("the MCP window's tools/list").isTrue();
    List<JsonNode> decided = preToolUse();
    assertThat(decided).hasSize(ClassDataTraining.HOOK_CALLS);
    assertThat(decided)
        .extracting(record -> record.path("outcome").asText())
        .contains("allow", "deny");
  }

  @Test
  void theTrainingRunOfTheCommandLineMakesThemBeforeItStops() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    PrintStream err = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);

    int exit =
        Main.run(
            new String[] {
              "--rpc", "--port", "0", "--home", home.toString(), "--class-data-training"
            },
            InputStream.nullInputStream(),
            out,
            err,
            Map.of());

    assertThat(exit).as(out.toString(StandardCharsets.UTF_8)).isZero();
    assertThat(preToolUse()).hasSize(ClassDataTraining.HOOK_CALLS);
  }

  /** The {@code pre_tool_use} records of {@code <home>/logs/audit.jsonl}. */
  private List<JsonNode> preToolUse() throws IOException {
    List<JsonNode> records = new ArrayList<>();
    Path audit = home.resolve("logs/audit.jsonl");
    if (Files.exists(audit)) {
      for (String line : Files.readAllLines(audit, StandardCharsets.UTF_8)) {
        JsonNode record = JSON.readTree(line);
        if (record.path("kind").asText().equals("pre_tool_use")) {
          records.add(record);
        }
      }
    }
    return records;
  }
}
