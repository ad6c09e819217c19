package io.github.providergateway.guard;

import static java.nio.charset.StandardCharsets.UTF_8;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The machine the red-team passes were made on (project /work/project, home /home/user, the
 * gateway's home in Copilot's extensions), and their records read back: one JSON object a line.
 */
public final class AttackerSetting {
  /** The attacker's project. */
  public static final Path PROJECT = Path.of("/work/project");

  private AttackerSetting() {}

  /** {@return the attacker's machine, with the gateway's own files kept elsewhere} */
  public static GuardEnvironment environment(List<Path> gatewayFiles) {
    return new GuardEnvironment(
        Path.of("/home/user"),
        List.of(Path.of("/tmp")),
        Path.of("/home/user/.copilot/extensions/tap"),
        gatewayFiles);
  }

  /** {@return each non-blank line of {@code file} as JSON} */
  public static List<JsonNode> records(Path file) throws IOException {
    List<JsonNode> out = new ArrayList<>();
    ObjectMapper json = new ObjectMapper();
    for (String line : Files.readAllLines(file, UTF_8)) {
      if (!line.isBlank()) {
        out.add(json.readTree(line));
      }
    }
    return out;
  }

  /**
   * The call a record of the red team at 97220db5 stands for: a file tool where the attacker used
   * one (its harm says so), else the shell.
   */
  public static GuardCall redTeamCall(JsonNode record) {
    String command = record.get("command").asText();
    String harm = record.path("harm").asText();
    ObjectNode args = JsonNodeFactory.instance.objectNode();
    if (harm.startsWith("read tool") || harm.startsWith("edit tool")) {
      args.put("path", command);
      return new GuardCall(harm.startsWith("read") ? "read" : "edit", args, PROJECT, PROJECT, null);
    }
    args.put("command", command);
    return new GuardCall("shell", args, PROJECT, PROJECT, null);
  }

  /** The call a case of the sandbox red team stands for: its command, or its tool's path. */
  public static GuardCall sandboxCall(JsonNode c) {
    ObjectNode args = JsonNodeFactory.instance.objectNode();
    if (c.has("command")) {
      args.put("command", c.get("command").asText());
    } else {
      args.put("path", c.get("path").asText());
      if (c.has("content")) {
        args.put("content", c.get("content").asText());
      }
    }
    return new GuardCall(c.get("tool").asText(), args, PROJECT, PROJECT, null);
  }
}
