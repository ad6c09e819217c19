package io.github.providergateway.app.agents;

import io.github.providergateway.app.agents.TomlLines.Item;
import io.github.providergateway.app.agents.TomlLines.Kind;
import io.github.providergateway.app.home.SettingsEdit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Takes setup's blocks out of a TOML file by what their entries are, wherever they stand now and
 * whatever the person wrote before, between or after them (their own keys, comments and tables,
 * setup's tables reordered, other spaces or line breaks): every line that is not setup's stays byte
 * for byte.
 *
 * <ul>
 *   <li>A table is setup's when its header is one setup wrote ({@code
 *       [mcp_servers.provider-gateway]}, Codex's {@code [hooks.state."…"]} trust, the sandbox's
 *       {@code [permissions.provider-gateway.…]}), however the header is spelled, and so is a table
 *       below it ({@code [mcp_servers.provider-gateway.env]}) unless setup itself wrote tables
 *       below it: it goes with every key in it, a value the person changed or added included (a
 *       server that outlives the launcher it starts is worse than a lost setting), and the report
 *       names each of theirs that went. Comments and blank lines the person put inside it stay.
 *   <li>An entry of an array of tables ({@code [[hooks.PreToolUse]]}) is setup's when it is as
 *       setup wrote it, key for key; one that runs setup's command but was changed is left, and
 *       named.
 *   <li>A key of the root ({@code default_permissions = "provider-gateway"}) is setup's while it
 *       has setup's value: one the person set to another value is theirs, and stays (the report
 *       says so).
 *   <li>Setup's comments go where they stand as setup wrote them, and so do the blank lines setup
 *       wrote before and after its lines (as many as it wrote, where they still are).
 * </ul>
 *
 * A block is forgotten once nothing of it is left; a block of which something is left (a changed
 * entry of an array of tables, setup's MCP server still defined another way) stays recorded.
 */
final class TomlRemoval {

  private TomlRemoval() {}

  /**
   * The file without setup's entries.
   *
   * @param text the new text
   * @param kept the blocks of which something is left, to stay recorded
   * @param left what is left and why, one line each, for the person
   * @param said what else the person should know (their values that went, or stayed), one each
   */
  record Result(String text, List<SettingsEdit.Block> kept, List<String> left, List<String> said) {}

  /** One line of setup's block: which block and which of its items. */
  private record Origin(int block, int item) {}

  /** Takes {@code blocks} out of {@code text}. */
  static Result remove(String text, List<SettingsEdit.Block> blocks) {
    return new Run(text, blocks).run();
  }

  /** One removal: the file's items, which of them go, and what is said. */
  private static final class Run {
    private final List<Item> items;
    private final boolean[] cut;
    private final Map<Integer, Origin> origins = new TreeMap<>();
    private final List<List<Item>> mine = new ArrayList<>();
    private final List<SettingsEdit.Block> blocks;
    private final Set<Integer> keptBlocks = new LinkedHashSet<>();
    private final List<String> left = new ArrayList<>();
    private final List<String> said = new ArrayList<>();

    Run(String text, List<SettingsEdit.Block> blocks) {
      this.items = TomlLines.read(text);
      this.cut = new boolean[items.size()];
      this.blocks = blocks;
      blocks.forEach(block -> mine.add(TomlLines.read(block.text())));
    }

    Result run() {
      for (int b = 0; b < mine.size(); b++) {
        takeTables(b);
        takeArrayEntries(b);
        takeRootKeys(b);
        takeComments(b);
      }
      takeBlankLines();
      StringBuilder rest = new StringBuilder();
      for (int i = 0; i < items.size(); i++) {
        if (!cut[i]) {
          rest.append(items.get(i).text());
        }
      }
      String text = endAsBefore(rest.toString());
      for (int b = 0; b < mine.size(); b++) {
        stillDefined(b, text);
      }
      List<SettingsEdit.Block> kept = new ArrayList<>();
      keptBlocks.forEach(b -> kept.add(blocks.get(b)));
      return new Result(text, kept, left, said);
    }

    /**
     * {@code rest} without the line break setup gave the person's last line: a block appended to a
     * file whose last line had none begins with it ({@code \n\n#}, where setup's own begins {@code
     * \n#}), and where that block was the file's end and is gone, the file ends as before.
     */
    private String endAsBefore(String rest) {
      int lastKept = -1;
      for (int i = 0; i < items.size(); i++) {
        lastKept = cut[i] ? lastKept : i;
      }
      for (int b = 0; b < mine.size(); b++) {
        if (blocks.get(b).top() || !blocks.get(b).text().startsWith("\n\n")) {
          continue;
        }
        boolean atTheEnd = false;
        for (Map.Entry<Integer, Origin> taken : origins.entrySet()) {
          atTheEnd |= taken.getValue().block() == b && taken.getKey() > lastKept;
        }
        if (atTheEnd && rest.endsWith("\n")) {
          return rest.substring(0, rest.length() - (rest.endsWith("\r\n") ? 2 : 1));
        }
      }
      return rest;
    }

    /** Setup's tables of block {@code b}, and the tables below them, with every key in them. */
    private void takeTables(int b) {
      List<Item> block = mine.get(b);
      for (int j = 0; j < block.size(); j++) {
        Item header = block.get(j);
        if (header.kind() != Kind.HEADER) {
          continue;
        }
        boolean below = block.stream().noneMatch(o -> o.isHeader() && under(o.path(), header));
        for (int i = 0; i < items.size(); i++) {
          Item found = items.get(i);
          if (cut[i] || !found.isHeader()) {
            continue;
          }
          boolean same = found.kind() == Kind.HEADER && found.path().equals(header.path());
          if (same || below && under(found.path(), header)) {
            cutTable(i, same ? new Origin(b, j) : null, header, block, j);
          }
        }
      }
    }

    /** Cuts the table whose header is item {@code i}, as setup's table {@code header}. */
    private void cutTable(int i, Origin origin, Item header, List<Item> block, int j) {
      cut[i] = true;
      String name = "[" + dotted(header.path()) + "]";
      if (origin != null) {
        origins.put(i, origin);
      } else {
        said.add(
            "your table ["
                + dotted(items.get(i).path())
                + "] went with setup's "
                + name
                + ", which it lies in");
      }
      Map<List<String>, Integer> setupKeys = new HashMap<>();
      for (int k = j + 1; k < block.size() && !block.get(k).isHeader(); k++) {
        if (block.get(k).kind() == Kind.KEY) {
          setupKeys.put(block.get(k).path(), k);
        }
      }
      for (int k = i + 1; k < items.size() && !items.get(k).isHeader(); k++) {
        Item key = items.get(k);
        if (key.kind() != Kind.KEY) {
          continue; // the person's comments and blank lines stay
        }
        cut[k] = true;
        Integer ours = origin == null ? null : setupKeys.get(key.path());
        if (ours != null && block.get(ours).value().equals(key.value())) {
          origins.put(k, new Origin(origin.block(), ours));
        } else if (origin != null) {
          said.add(
              "your "
                  + dotted(key.path())
                  + " = "
                  + key.value()
                  + " went with setup's "
                  + name
                  + (ours == null
                      ? " (you had added it)"
                      : " (setup had written " + block.get(ours).value() + ")"));
        }
      }
    }

    /** The entries of setup's arrays of tables in block {@code b}, each where it is as written. */
    private void takeArrayEntries(int b) {
      List<Item> block = mine.get(b);
      for (int j = 0; j < block.size(); j++) {
        if (block.get(j).kind() != Kind.ARRAY_HEADER || isNested(block, j)) {
          continue;
        }
        List<String> signature = signature(block, j);
        String command = command(block, j);
        boolean taken = false;
        boolean changed = false;
        for (int i = 0; i < items.size() && !taken; i++) {
          Item found = items.get(i);
          if (cut[i]
              || found.kind() != Kind.ARRAY_HEADER
              || !found.path().equals(block.get(j).path())) {
            continue;
          }
          if (signature(items, i).equals(signature)) {
            int end = entryEnd(items, i);
            for (int k = i; k < end; k++) {
              if (items.get(k).isHeader() || items.get(k).kind() == Kind.KEY) {
                cut[k] = true;
              }
            }
            origins.put(i, new Origin(b, j));
            taken = true;
          } else if (command != null && command.equals(command(items, i))) {
            changed = true;
          }
        }
        if (!taken && changed) {
          keptBlocks.add(b);
          left.add(
              "[["
                  + dotted(block.get(j).path())
                  + "]] running "
                  + command
                  + ": changed since setup wrote it. Take that entry out (or put it back as setup"
                  + " wrote it), then run --remove again");
        }
      }
    }

    /** The keys of the file's root that block {@code b} set, where they still have its value. */
    private void takeRootKeys(int b) {
      List<Item> block = mine.get(b);
      for (int j = 0; j < block.size() && !block.get(j).isHeader(); j++) {
        Item key = block.get(j);
        if (key.kind() != Kind.KEY) {
          continue;
        }
        int at = -1;
        for (int i = 0; i < items.size() && !items.get(i).isHeader(); i++) {
          if (!cut[i]
              && items.get(i).kind() == Kind.KEY
              && items.get(i).path().equals(key.path())) {
            at = i;
            break;
          }
        }
        if (at >= 0 && !items.get(at).value().equals(key.value())) {
          said.add(
              "kept "
                  + dotted(key.path())
                  + " = "
                  + items.get(at).value()
                  + ": setup had written "
                  + key.value()
                  + ", so it is yours now");
          continue;
        }
        for (int i = 0; i < items.size() && at < 0; i++) {
          // Not at the root any more (a table of the person's put above it): setup's line still.
          Item found = items.get(i);
          if (!cut[i]
              && found.kind() == Kind.KEY
              && found.path().equals(key.path())
              && found.value().equals(key.value())) {
            at = i;
          }
        }
        if (at >= 0) {
          cut[at] = true;
          origins.put(at, new Origin(b, j));
        }
      }
    }

    /** Setup's comments of block {@code b}, where they stand as setup wrote them. */
    private void takeComments(int b) {
      List<Item> block = mine.get(b);
      for (int j = 0; j < block.size(); j++) {
        if (block.get(j).kind() != Kind.COMMENT) {
          continue;
        }
        for (int i = 0; i < items.size(); i++) {
          Item found = items.get(i);
          if (!cut[i]
              && found.kind() == Kind.COMMENT
              && found.value().equals(block.get(j).value())) {
            cut[i] = true;
            origins.put(i, new Origin(b, j));
            break;
          }
        }
      }
    }

    /**
     * The blank lines setup wrote: before each of its lines, as many as it wrote where they still
     * stand right above that line wherever it moved (a table cut and pasted elsewhere takes the
     * blank line above it along); and after a block's end, below the last of its lines as the file
     * now orders them.
     */
    private void takeBlankLines() {
      Map<Integer, Integer> lastOfBlock = new TreeMap<>();
      for (Map.Entry<Integer, Origin> taken : origins.entrySet()) {
        List<Item> block = mine.get(taken.getValue().block());
        int before = 0;
        for (int k = taken.getValue().item() - 1; k >= 0 && block.get(k).isBlank(); k--) {
          before++;
        }
        for (int i = taken.getKey() - 1; i >= 0 && before > 0 && items.get(i).isBlank(); i--) {
          if (!cut[i]) {
            cut[i] = true;
            before--;
          }
        }
        lastOfBlock.merge(taken.getValue().block(), taken.getKey(), Math::max);
      }
      for (Map.Entry<Integer, Integer> last : lastOfBlock.entrySet()) {
        List<Item> block = mine.get(last.getKey());
        int after = 0;
        for (int k = block.size() - 1; k >= 0 && block.get(k).isBlank(); k--) {
          after++;
        }
        for (int i = last.getValue() + 1; i < items.size() && after > 0; i++) {
          if (cut[i] && (items.get(i).isBlank() || items.get(i).kind() == Kind.KEY)) {
            continue; // the keys cut with setup's table, and blank lines taken already
          }
          if (!items.get(i).isBlank()) {
            break;
          }
          cut[i] = true;
          after--;
        }
      }
    }

    /** Names what of block {@code b} {@code text} still defines another way: setup's server. */
    private void stillDefined(int b, String text) {
      for (Item header : mine.get(b)) {
        if (header.kind() == Kind.HEADER
            && header.path().size() == 2
            && SettingsMerge.definesTable(text, "[" + dotted(header.path()) + "]")) {
          keptBlocks.add(b);
          left.add(
              "["
                  + dotted(header.path())
                  + "] is still defined another way (dotted keys, or a key of ["
                  + header.path().get(0)
                  + "]): take it out, then run --remove again");
        }
      }
    }
  }

  /** Whether {@code path} lies strictly below the table {@code header}. */
  private static boolean under(List<String> path, Item header) {
    return path.size() > header.path().size()
        && path.subList(0, header.path().size()).equals(header.path());
  }

  /** Whether the array-of-tables header at {@code j} lies below an earlier one of its entry. */
  private static boolean isNested(List<Item> items, int j) {
    for (int k = j - 1; k >= 0; k--) {
      Item before = items.get(k);
      if (before.kind() == Kind.ARRAY_HEADER && under(items.get(j).path(), before)) {
        return true;
      }
      if (before.isHeader() && !under(items.get(j).path(), before)) {
        return false;
      }
    }
    return false;
  }

  /** Where the entry of an array of tables whose header is at {@code i} ends. */
  private static int entryEnd(List<Item> items, int i) {
    int end = i + 1;
    while (end < items.size()
        && (!items.get(end).isHeader() || under(items.get(end).path(), items.get(i)))) {
      end++;
    }
    return end;
  }

  /** The headers and keys of the entry at {@code i}, in order: what it is, however spelled. */
  private static List<String> signature(List<Item> items, int i) {
    List<String> signature = new ArrayList<>();
    for (int k = i; k < entryEnd(items, i); k++) {
      Item item = items.get(k);
      if (item.isHeader()) {
        signature.add(item.kind() + " " + dotted(item.path()));
      } else if (item.kind() == Kind.KEY) {
        signature.add(dotted(item.path()) + "=" + item.value());
      }
    }
    return signature;
  }

  /** The first {@code command} of the entry at {@code i}, in canonical form; or null. */
  private static String command(List<Item> items, int i) {
    for (int k = i; k < entryEnd(items, i); k++) {
      Item item = items.get(k);
      if (item.kind() == Kind.KEY && item.path().equals(List.of("command"))) {
        return item.value();
      }
    }
    return null;
  }

  /** A path as a header writes it, each part quoted where it must be. */
  static String dotted(List<String> path) {
    List<String> parts = new ArrayList<>();
    for (String part : path) {
      parts.add(part.matches("[A-Za-z0-9_-]+") ? part : AgentLayouts.tomlString(part));
    }
    return String.join(".", parts);
  }
}
