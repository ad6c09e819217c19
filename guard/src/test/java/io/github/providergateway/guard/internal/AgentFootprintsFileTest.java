package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.guard.internal.AgentFootprints.Footprint;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Issue 79: the agents' footprints are one file, {@code agents.json}, and this is its schema: each
 * row has every field and no other, in the file's order, each of the right kind; no agent or
 * program is in two rows; every place a row writes is a path the guard's readers take; and a row
 * that is not so stops the table from loading.
 */
class AgentFootprintsFileTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  private static JsonNode table() throws Exception {
    try (InputStream in =
        AgentFootprintsFile.class.getResourceAsStream(AgentFootprintsFile.RESOURCE)) {
      return JSON.readTree(in);
    }
  }

  @Test
  void everyRowHasEveryFieldOfTheRightKindAndNoOther() throws Exception {
    JsonNode table = table();
    assertThat(table.path("about").asText())
        .as("the file says what each field is for")
        .contains(AgentFootprintsFile.FIELDS.stream().map(f -> f + ":").toList());
    for (JsonNode row : table.path("agents")) {
      List<String> names = new ArrayList<>();
      row.fieldNames().forEachRemaining(names::add);
      assertThat(names).as(row.path("id").asText()).isEqualTo(AgentFootprintsFile.FIELDS);
      assertThat(row.get("id").isTextual() && row.get("displayName").isTextual()).isTrue();
      assertThat(row.get("sessionVariable").isTextual() || row.get("sessionVariable").isNull())
          .isTrue();
      assertThat(row.get("homeFolder").isObject() || row.get("homeFolder").isNull()).isTrue();
    }
    assertThat(AgentFootprints.all()).hasSize(table.path("agents").size());
  }

  @Test
  void theRowsAreReadOnceInTheFilesOrder() {
    assertThat(AgentFootprints.all()).isSameAs(AgentFootprints.all());
    assertThat(AgentFootprints.all().stream().map(Footprint::id))
        .containsExactly("claude", "copilot", "gemini", "codex", "cursor", "opencode");
  }

  @Test
  void everyPlaceIsWrittenAsTheGuardReadsIt() {
    Set<String> ids = new HashSet<>();
    for (Footprint agent : AgentFootprints.all()) {
      assertThat(ids.add(agent.id())).as(agent.id()).isTrue();
      if (agent.homeFolder() != null) {
        assertThat(agent.homeFolder().folder()).startsWith(".").doesNotContain("/");
        if (agent.homeFolder().movedBy() != null) {
          assertThat(agent.settingsVariables())
              .as(
                  "%s: the variable that moves its folder is among its settings variables",
                  agent.id())
              .contains(agent.homeFolder().movedBy());
        }
      }
      List<String> places = new ArrayList<>();
      places.addAll(agent.settingsFolders());
      places.addAll(agent.settingsFiles());
      places.addAll(agent.sandboxFiles());
      for (String place : places) {
        assertThat(place).as(agent.id()).doesNotStartWith("/").doesNotContain("**");
        assertThat(PathEnd.all(List.of(place))).hasSize(1);
      }
      for (String file : agent.setupFiles()) {
        assertThat(Glob.hasWildcard(file)).as("%s: setup writes one file", file).isFalse();
        assertThat(
                AgentGround.holdsSettings(Path.of("/home/u").resolve(file))
                    || file.indexOf('/') < 0
                    || file.startsWith(agent.homeFolder().folder() + "/"))
            .as("%s: a setup file is among the agent's places", file)
            .isTrue();
      }
    }
  }

  @Test
  void aRowThatIsNotAsTheFileSaysStopsTheTableFromLoading() throws Exception {
    ObjectNode missing = (ObjectNode) table().deepCopy();
    ((ObjectNode) missing.withArray("agents").get(0)).remove("tokenFiles");
    assertThatThrownBy(() -> AgentFootprintsFile.rows(missing))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("claude's fields");

    ObjectNode twice = (ObjectNode) table().deepCopy();
    ArrayNode agents = twice.withArray("agents");
    ((ArrayNode) agents.get(1).get("programs")).add("claude");
    assertThatThrownBy(() -> AgentFootprintsFile.rows(twice))
        .hasMessageContaining("claude is in two rows");

    ObjectNode notAList = (ObjectNode) table().deepCopy();
    ((ObjectNode) notAList.withArray("agents").get(0)).put("settingsFiles", ".claude");
    assertThatThrownBy(() -> AgentFootprintsFile.rows(notAList))
        .hasMessageContaining("settingsFiles is not a list");

    assertThatThrownBy(() -> AgentFootprintsFile.rows(JSON.readTree("{\"agents\": []}")))
        .hasMessageContaining("no agents");
  }

  @Test
  void theGuardsPlacesAreTheRowsPlaces() {
    Path home = Path.of("/home/u");
    assertThat(AgentGround.HOME_FOLDERS)
        .containsExactly(".claude", ".copilot", ".gemini", ".codex", ".cursor");
    assertThat(AgentGround.foldersByVariable())
        .containsEntry("CODEX_HOME", ".codex")
        .containsEntry("CLAUDE_CONFIG_DIR", ".claude")
        .containsEntry("COPILOT_HOME", ".copilot")
        .containsEntry("CURSOR_CONFIG_DIR", ".cursor")
        .hasSize(4);
    assertThat(AgentGround.holdsSettings(home.resolve("p/.claude/settings.local.json"))).isTrue();
    assertThat(AgentGround.holdsSettings(home.resolve("p/.claude/notes.md"))).isFalse();
    assertThat(AgentGround.holdsSettings(home.resolve("p/.github/hooks/x.json"))).isTrue();
    assertThat(AgentGround.holdsSettings(home.resolve("p/.github/hooks/x.yml"))).isFalse();
    assertThat(AgentGround.holdsSandbox(home.resolve(".codex/work.config.toml"))).isTrue();
    assertThat(AgentGround.holdsSandbox(home.resolve(".config/cursor/sandbox.json"))).isTrue();
    assertThat(AgentGround.token(".copilot/extensions/tap/.provider-TOKEN", ".provider-TOKEN"))
        .as("(?i): Copilot's token files by a name in any case")
        .isTrue();
    assertThat(AgentGround.token(".claude/.Credentials.json", ".Credentials.json")).isFalse();
    assertThat(AgentGround.token(".gemini/mcp-oauth-tokens-v2/a.json", "a.json")).isTrue();
    assertThat(AgentGround.LITERAL_TOKEN_FILES)
        .containsExactly(
            ".claude/.credentials.json", ".gemini/oauth_creds.json", ".codex/auth.json");
  }

  /**
   * GroundReach tries a wildcard and a find's -path with concrete names, examples of the rows'
   * places: each example of an agent's is one of its row's places, and each agent's home folder is
   * among the names tried, so that the examples cannot drift from the rows.
   */
  @Test
  void theGroundsExamplesAreTheRowsPlaces() {
    Path project = Path.of("/home/u/p");
    for (String shape : GroundReach.GROUND_SHAPES) {
      if (shape.startsWith(".provider-gateway/")) {
        continue; // the gateway's own
      }
      Path file = project.resolve(shape);
      assertThat(AgentGround.holdsSettings(file) || AgentGround.holdsSandbox(file))
          .as("%s is a place of an agent's row", shape)
          .isTrue();
    }
    assertThat(GroundReach.GROUND_NAMES).containsAll(AgentGround.HOME_FOLDERS);
  }

  /**
   * SelfRules tries a find's -name with file names: each agent's is the last name of a row's file.
   */
  @Test
  void theNamesAFindIsTriedWithAreTheRowsFiles() {
    List<Glob> lastNames = new ArrayList<>();
    for (Footprint agent : AgentFootprints.all()) {
      List<String> files = new ArrayList<>(agent.settingsFiles());
      files.addAll(agent.setupFiles());
      for (String file : files) {
        lastNames.add(Glob.text(file.substring(file.lastIndexOf('/') + 1)));
      }
    }
    for (String name : SelfRules.SETTINGS_NAMES) {
      if (name.equals("guard.json")) {
        continue; // the gateway's own
      }
      assertThat(lastNames.stream().anyMatch(glob -> glob.matches(name)))
          .as("%s is the name of a row's file", name)
          .isTrue();
    }
  }
}
