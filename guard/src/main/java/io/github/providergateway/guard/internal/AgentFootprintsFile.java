package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.guard.internal.AgentFootprints.Footprint;
import io.github.providergateway.guard.internal.AgentFootprints.HomeFolder;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads {@code agents.json}, the agents' footprints (issue 79), once, and refuses a row that lacks
 * a field, has one it does not know, or names an agent or a program twice: a mistake in the file
 * stops the guard from loading rather than leaving an agent half known.
 */
final class AgentFootprintsFile {
  /** Where the table is. */
  static final String RESOURCE = "/io/github/providergateway/guard/agents.json";

  /** Every field a row has, in the order the file writes them. */
  static final List<String> FIELDS =
      List.of(
          "id",
          "displayName",
          "programs",
          "npmPackages",
          "installFolders",
          "environmentMarks",
          "settingsVariables",
          "sessionVariable",
          "homeFolder",
          "settingsFolders",
          "settingsFiles",
          "setupFiles",
          "tokenFiles",
          "sandboxFiles");

  private AgentFootprintsFile() {}

  /** {@return the rows of the guard's {@code agents.json}} */
  static List<Footprint> read() {
    try (InputStream in = AgentFootprintsFile.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException("the guard has no agents.json");
      }
      return rows(new ObjectMapper().readTree(in));
    } catch (IOException e) {
      throw new UncheckedIOException("agents.json does not read", e);
    }
  }

  /**
   * The rows of a table written as {@code agents.json} is.
   *
   * @param table the file's JSON
   * @return its rows, in its order
   * @throws IllegalArgumentException when a row is not as the file's {@code about} says
   */
  static List<Footprint> rows(JsonNode table) {
    List<Footprint> rows = new ArrayList<>();
    Set<String> ids = new HashSet<>();
    Set<String> programs = new HashSet<>();
    for (JsonNode row : table.path("agents")) {
      Footprint agent = row(row);
      if (!ids.add(agent.id())) {
        throw new IllegalArgumentException("agents.json: " + agent.id() + " has two rows");
      }
      for (String program : agent.programs()) {
        if (!programs.add(program)) {
          throw new IllegalArgumentException("agents.json: " + program + " is in two rows");
        }
      }
      rows.add(agent);
    }
    if (rows.isEmpty()) {
      throw new IllegalArgumentException("agents.json has no agents");
    }
    return List.copyOf(rows);
  }

  private static Footprint row(JsonNode row) {
    String id = row.path("id").asText("?");
    List<String> names = new ArrayList<>();
    row.fieldNames().forEachRemaining(names::add);
    if (!names.equals(FIELDS)) {
      throw new IllegalArgumentException(
          "agents.json: " + id + "'s fields are " + names + ", not " + FIELDS);
    }
    JsonNode home = row.get("homeFolder");
    return new Footprint(
        text(row, "id"),
        text(row, "displayName"),
        list(row, "programs"),
        list(row, "npmPackages"),
        list(row, "installFolders"),
        list(row, "environmentMarks"),
        list(row, "settingsVariables"),
        row.get("sessionVariable").isNull() ? null : text(row, "sessionVariable"),
        home.isNull() ? null : new HomeFolder(text(home, "folder"), nullable(home, "movedBy")),
        list(row, "settingsFolders"),
        list(row, "settingsFiles"),
        list(row, "setupFiles"),
        list(row, "tokenFiles"),
        list(row, "sandboxFiles"));
  }

  private static String text(JsonNode node, String field) {
    JsonNode value = node.path(field);
    if (!value.isTextual() || value.asText().isEmpty()) {
      throw new IllegalArgumentException("agents.json: " + field + " is not a word: " + node);
    }
    return value.asText();
  }

  private static String nullable(JsonNode node, String field) {
    return node.path(field).isNull() ? null : text(node, field);
  }

  private static List<String> list(JsonNode row, String field) {
    JsonNode value = row.path(field);
    if (!value.isArray()) {
      throw new IllegalArgumentException("agents.json: " + field + " is not a list: " + row);
    }
    List<String> words = new ArrayList<>();
    for (JsonNode word : value) {
      if (!word.isTextual() || word.asText().isEmpty()) {
        throw new IllegalArgumentException("agents.json: " + field + " holds " + word);
      }
      words.add(word.asText());
    }
    return words;
  }
}
