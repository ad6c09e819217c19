package io.github.providergateway.app.agents;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.app.home.SettingsEdit;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One agent's managed (enterprise) layer as {@code gateway setup AGENT --managed} prints it: the
 * files device management places, with the gateway's command hooks (the system install's launcher,
 * no {@code --home}: each developer's hook finds their own home) and its MCP server.
 *
 * @param files what setup writes, run as root with {@code --write}, each merged with the file there
 * @param printedOnly files printed for the organisation to place itself, never written (Claude
 *     Code's {@code managed-mcp.json}, which takes every MCP server over)
 * @param hooksOnlyKey the key that makes the agent run the managed layer's hooks alone ({@code
 *     allowManagedHooksOnly}); null when the agent has none
 * @param wins which layer wins, and what that means for a user-level gateway hook, citing the agent
 * @param notes what the organisation should know before placing the files
 */
record ManagedLayer(
    List<SettingsEdit> files,
    List<SettingsEdit> printedOnly,
    String hooksOnlyKey,
    String wins,
    List<String> notes) {

  ManagedLayer {
    files = List.copyOf(files);
    printedOnly = List.copyOf(printedOnly);
    notes = List.copyOf(notes);
  }

  /** {@return every file of the layer: written ones first} */
  List<Path> allFiles() {
    List<Path> all = new ArrayList<>();
    files.forEach(f -> all.add(f.file()));
    printedOnly.forEach(f -> all.add(f.file()));
    return all;
  }

  /**
   * Each hook group of {@code settings} (an agent's {@code {"hooks": {EVENT: [group…]}}}) as an
   * element setup adds to the managed file and {@code --remove} takes back.
   */
  static List<SettingsEdit.Addition> hookElements(ObjectNode settings) {
    List<SettingsEdit.Addition> elements = new ArrayList<>();
    settings
        .path("hooks")
        .fields()
        .forEachRemaining(
            event ->
                event
                    .getValue()
                    .forEach(
                        group ->
                            elements.add(
                                new SettingsEdit.Element(
                                    List.of("hooks", event.getKey()), group.deepCopy()))));
    return elements;
  }
}
