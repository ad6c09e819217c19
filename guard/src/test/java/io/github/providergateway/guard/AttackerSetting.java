package io.github.providergateway.guard;

import static java.nio.charset.StandardCharsets.UTF_8;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The machine the red-team passes were made on (project /work/project, home /home/user, the
 * gateway's home in Copilot's extensions), and their records read back: one JSON object a line.
 */
final class AttackerSetting {
  static final Path PROJECT = Path.of("/work/project");

  private AttackerSetting() {}

  /** {@return the attacker's machine, with the gateway's own files kept elsewhere} */
  static GuardEnvironment environment(List<Path> gatewayFiles) {
    return new GuardEnvironment(
        Path.of("/home/user"),
        List.of(Path.of("/tmp")),
        Path.of("/home/user/.copilot/extensions/tap"),
        gatewayFiles);
  }

  /** {@return each non-blank line of {@code file} as JSON} */
  static List<JsonNode> records(Path file) throws IOException {
    List<JsonNode> out = new ArrayList<>();
    ObjectMapper json = new ObjectMapper();
    for (String line : Files.readAllLines(file, UTF_8)) {
      if (!line.isBlank()) {
        out.add(json.readTree(line));
      }
    }
    return out;
  }
}
