package io.github.providergateway.app.agents;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.app.home.SettingsEdit;
import java.util.ArrayList;
import java.util.List;

/**
 * Takes setup's entries out of a JSON settings file by what they are (issue 77): a member by its
 * path while it has setup's value (setup's MCP server whatever the person changed in it, since it
 * starts the launcher), an array element by its content wherever it stands in its array or in
 * another the person moved it to; what the person changed is theirs, or is left and named, and the
 * ledger keeps recording what is left.
 */
final class JsonRemoval {

  private JsonRemoval() {}

  /** Takes {@code recorded} out of {@code current}, the JSON file {@code file}. */
  static SettingsMerge.Removed remove(
      String file, byte[] current, List<SettingsEdit.Addition> recorded)
      throws SettingsMerge.Refused {
    ObjectNode root = SettingsMerge.parseObject(file, current);
    List<String> left = new ArrayList<>();
    List<String> said = new ArrayList<>();
    List<SettingsEdit.Addition> kept = new ArrayList<>();
    List<SettingsEdit.Addition> lastFirst = new ArrayList<>(recorded);
    java.util.Collections.reverse(lastFirst);
    for (SettingsEdit.Addition addition : lastFirst) {
      if (addition instanceof SettingsEdit.Member member) {
        ObjectNode holder = SettingsMerge.objectAt(file, root, member.path(), false);
        JsonNode existing = holder == null ? null : holder.get(member.key());
        if (existing == null) {
          continue; // gone already
        }
        boolean server =
            member.key().equals(AgentConfig.SERVER_NAME)
                && member.path().size() == 1
                && List.of("mcpServers", "servers").contains(member.path().get(0));
        if (existing.equals(member.value()) || server) {
          // Setup's MCP server goes whatever was changed in it: it starts the launcher that
          // uninstall deletes.
          holder.remove(member.key());
          SettingsMerge.prune(root, member.path());
          if (!existing.equals(member.value())) {
            said.add(member + " went with the changes you made to it (it was " + existing + ")");
          }
        } else {
          said.add(
              "kept " + member + " = " + existing + ": changed since setup wrote it, so yours");
        }
      } else if (addition instanceof SettingsEdit.Element element) {
        ArrayNode array = SettingsMerge.arrayAt(file, root, element.path(), false);
        int index = array == null ? -1 : SettingsMerge.indexOf(array, element.element());
        List<String> moved = index >= 0 ? null : pathOfArrayHolding(root, element.element());
        if (index >= 0) {
          array.remove(index);
          SettingsMerge.prune(root, element.path());
        } else if (moved != null) {
          // The person moved it to another array (another event): setup's still, and still
          // running the launcher.
          ArrayNode other = SettingsMerge.arrayAt(file, root, moved, false);
          other.remove(SettingsMerge.indexOf(other, element.element()));
          SettingsMerge.prune(root, moved);
          said.add(
              String.join(".", element.path())
                  + ": setup's entry was found in "
                  + String.join(".", moved)
                  + ", where it had been moved, and taken from there");
        } else if (array != null && runsSetupsCommand(array, element.element())) {
          kept.add(0, element);
          left.add(
              String.join(".", element.path())
                  + ": an entry that runs setup's command, changed since setup wrote it. Take it"
                  + " out (or put it back as setup wrote it), then run --remove again");
        }
      } else {
        throw new IllegalArgumentException("a text block in a JSON file: " + file);
      }
    }
    return new SettingsMerge.Removed(SettingsEdit.print(root), left, kept, said);
  }

  /**
   * The path (object members only) of an array in {@code node} that holds {@code element}; null
   * when none does.
   */
  private static List<String> pathOfArrayHolding(JsonNode node, JsonNode element) {
    if (node instanceof ArrayNode array && SettingsMerge.indexOf(array, element) >= 0) {
      return new ArrayList<>();
    }
    if (node instanceof ObjectNode object) {
      for (var field : (Iterable<java.util.Map.Entry<String, JsonNode>>) object::fields) {
        List<String> below = pathOfArrayHolding(field.getValue(), element);
        if (below != null) {
          below.add(0, field.getKey());
          return below;
        }
      }
    }
    return null;
  }

  /** The fields of a hook entry that name what it runs. */
  private static final List<String> RUNS = List.of("command", "bash", "powershell", "url");

  /**
   * Whether an element of {@code array} runs what setup's {@code element} runs: a hook of setup's
   * the person changed since.
   */
  private static boolean runsSetupsCommand(ArrayNode array, JsonNode element) {
    List<String> commands = new ArrayList<>();
    RUNS.forEach(field -> element.findValues(field).forEach(v -> commands.add(v.asText())));
    for (JsonNode other : array) {
      for (String field : RUNS) {
        for (JsonNode value : other.findValues(field)) {
          if (value.isTextual() && commands.contains(value.asText())) {
            return true;
          }
        }
      }
    }
    return false;
  }
}
