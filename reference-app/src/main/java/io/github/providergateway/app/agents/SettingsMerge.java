package io.github.providergateway.app.agents;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.app.home.SettingsEdit;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Merges {@code gateway setup}'s entries into the content of an agent's settings file, and takes
 * them out again: pure functions from bytes to bytes, so every rule (never clobber, idempotent,
 * refuse what cannot be parsed) is tested without a disk.
 *
 * <p>JSON files are parsed strictly (no comments, no duplicate keys, one object): a file that is
 * not is refused whole, since writing it back would lose what the parser skipped. They are written
 * back as {@code JSON.stringify(value, null, 2)} writes them (what Claude Code and Gemini CLI write
 * themselves), so a file they wrote changes only where setup added to it. TOML files are not
 * parsed: setup appends a block of its own and cuts exactly that block out again, and refuses a
 * file that already names the gateway's server outside that block, or is not UTF-8.
 */
final class SettingsMerge {

  private static final ObjectMapper JSON =
      new ObjectMapper()
          .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
          .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

  private SettingsMerge() {}

  /** A file setup refuses to change; the message names it and says why. */
  static final class Refused extends Exception {
    private static final long serialVersionUID = 1L;

    /** The entry that met the person's own, or null where the whole file was refused. */
    @SuppressWarnings("serial") // records of JSON trees and strings; never serialized
    private final SettingsEdit.Addition addition;

    Refused(String message) {
      this(message, null);
    }

    Refused(String message, SettingsEdit.Addition addition) {
      super(message);
      this.addition = addition;
    }

    /** {@return the entry that met the person's own, or null} */
    SettingsEdit.Addition addition() {
      return addition;
    }
  }

  /**
   * The file with setup's entries in.
   *
   * @param content the new content, or null when nothing changed (the file is left untouched)
   * @param recorded the additions as made, for the ledger (a TOML block as appended)
   * @param changes what changed, one line each, for the person
   */
  record Applied(byte[] content, List<SettingsEdit.Addition> recorded, List<String> changes) {}

  /**
   * The file with setup's entries taken out.
   *
   * @param content the new content
   * @param left the entries left in, and what to do about each, one line each
   * @param kept the additions still in the file: what the ledger keeps recording for it
   * @param said what else the person should know, one line each: their values that went with
   *     setup's entry, or that stayed theirs
   */
  record Removed(
      byte[] content, List<String> left, List<SettingsEdit.Addition> kept, List<String> said) {}

  /**
   * Puts {@code edit}'s additions into {@code current}.
   *
   * @param current the file's content, or null when it does not exist
   * @param previous what an earlier setup of the same agent recorded for this file (its entries may
   *     be replaced by newer ones); empty for none
   * @throws Refused when the file cannot be parsed, or holds an entry of the same name that setup
   *     did not write
   */
  static Applied apply(SettingsEdit edit, byte[] current, List<SettingsEdit.Addition> previous)
      throws Refused {
    return switch (edit.format()) {
      case json -> applyJson(edit, current, previous);
      case toml -> applyToml(edit, current, previous);
    };
  }

  /**
   * Takes {@code recorded} out of {@code current}, entry by entry: an entry that is no longer as
   * setup wrote it stays, and is named in {@link Removed#left}. Objects and arrays left empty by
   * the removal go too.
   *
   * @throws Refused when the file cannot be parsed any more
   */
  static Removed remove(
      SettingsEdit.Format format, String file, byte[] current, List<SettingsEdit.Addition> recorded)
      throws Refused {
    return switch (format) {
      case json -> JsonRemoval.remove(file, current, recorded);
      case toml -> removeToml(file, current, recorded);
    };
  }

  private static Applied applyJson(
      SettingsEdit edit, byte[] current, List<SettingsEdit.Addition> previous) throws Refused {
    String file = edit.file().toString();
    ObjectNode root = parseObject(file, current);
    List<String> changes = new ArrayList<>();
    // Only what setup wrote is recorded as setup's: an entry that was there already, the same to
    // the letter (pasted from --print-config, say), stays the person's and --remove leaves it.
    List<SettingsEdit.Addition> recorded = new ArrayList<>();
    for (SettingsEdit.Addition addition : edit.additions()) {
      if (addition instanceof SettingsEdit.Member member) {
        ObjectNode holder = objectAt(file, root, member.path(), true);
        JsonNode existing = holder.get(member.key());
        if (existing == null) {
          holder.set(member.key(), member.value());
          changes.add("added " + member);
          recorded.add(member);
        } else if (existing.equals(member.value())) {
          if (previous.contains(member)) {
            recorded.add(member);
          }
        } else {
          boolean ours =
              previous.stream()
                  .anyMatch(
                      p ->
                          p instanceof SettingsEdit.Member m
                              && m.path().equals(member.path())
                              && m.key().equals(member.key())
                              && m.value().equals(existing));
          if (!ours) {
            throw new Refused(
                file
                    + " already has "
                    + member
                    + " = "
                    + existing
                    + ", which gateway setup did not write: left as is. Remove or rename it,"
                    + " then run setup again",
                member);
          }
          holder.set(member.key(), member.value());
          changes.add("updated " + member);
          recorded.add(member);
        }
      } else if (addition instanceof SettingsEdit.Element element) {
        ArrayNode array = arrayAt(file, root, element.path(), true);
        if (indexOf(array, element.element()) >= 0) {
          if (previous.contains(element)) {
            recorded.add(element);
          }
          continue;
        }
        int older =
            previous.stream()
                .filter(p -> p instanceof SettingsEdit.Element e && e.path().equals(element.path()))
                .mapToInt(p -> indexOf(array, ((SettingsEdit.Element) p).element()))
                .filter(i -> i >= 0)
                .findFirst()
                .orElse(-1);
        if (older >= 0) {
          array.set(older, element.element());
          changes.add("updated " + String.join(".", element.path()) + "[" + older + "]");
        } else {
          array.add(element.element());
          changes.add("added " + String.join(".", element.path()) + "[" + (array.size() - 1) + "]");
        }
        recorded.add(element);
      } else {
        throw new IllegalArgumentException("a text block in a JSON file: " + file);
      }
    }
    return new Applied(changes.isEmpty() ? null : SettingsEdit.print(root), recorded, changes);
  }

  private static Applied applyToml(
      SettingsEdit edit, byte[] current, List<SettingsEdit.Addition> previous) throws Refused {
    String file = edit.file().toString();
    String text = current == null ? "" : utf8(file, current);
    List<SettingsEdit.Block> earlier = new ArrayList<>();
    for (SettingsEdit.Addition addition : previous) {
      // Setup's earlier block, as written or as the person edited it since (issue 77).
      if (addition instanceof SettingsEdit.Block b
          && (text.contains(b.text()) || !withoutBlock(text, b).equals(text))) {
        earlier.add(b);
      }
    }
    List<SettingsEdit.Addition> recorded = new ArrayList<>();
    List<String> changes = new ArrayList<>();
    for (SettingsEdit.Addition addition : edit.additions()) {
      if (!(addition instanceof SettingsEdit.Block block)) {
        throw new IllegalArgumentException("only text blocks go into a TOML file: " + file);
      }
      // Setup's older block of the same place: kept as it is, or replaced.
      Optional<SettingsEdit.Block> older =
          earlier.stream().filter(b -> b.top() == block.top()).findFirst();
      older.ifPresent(earlier::remove);
      if (older.isPresent() && older.get().text().strip().equals(block.text().strip())) {
        recorded.add(older.get());
        continue;
      }
      String before = text;
      String rest = older.map(b -> withoutBlock(before, b)).orElse(before);
      refuseWhatTheFileDefines(file, rest, block);
      SettingsEdit.Block placed = block.top() ? beforeTables(rest, block) : atEnd(rest, block);
      text =
          block.top()
              ? rest.substring(0, firstTable(rest))
                  + placed.text()
                  + rest.substring(firstTable(rest))
              : rest + placed.text();
      recorded.add(placed);
      changes.add((older.isPresent() ? "updated " : "added ") + block);
    }
    // Setup's blocks this plan does not write (a sandbox under --no-sandbox) stay as they are, and
    // setup's: --remove still takes them back.
    recorded.addAll(earlier);
    return new Applied(
        changes.isEmpty() ? null : text.getBytes(StandardCharsets.UTF_8), recorded, changes);
  }

  /**
   * {@code text} without setup's {@code block}: its last copy cut out where it is there as written,
   * else its entries taken out by what they are.
   */
  private static String withoutBlock(String text, SettingsEdit.Block block) {
    int at = text.lastIndexOf(block.text());
    return at >= 0
        ? text.substring(0, at) + text.substring(at + block.text().length())
        : TomlRemoval.remove(text, List.of(block)).text();
  }

  /**
   * Refuses {@code block} where {@code rest} (the file without setup's own) already defines one of
   * its tables or, for a block of root keys, one of its keys: TOML forbids defining either twice.
   */
  private static void refuseWhatTheFileDefines(String file, String rest, SettingsEdit.Block block)
      throws Refused {
    for (String line : block.text().lines().toList()) {
      if (line.startsWith("[") && definesTable(rest, line)) {
        throw new Refused(
            file
                + " already has "
                + line
                + ", which gateway setup did not write: left as is. Remove or rename it, then"
                + " run setup again",
            block);
      }
      java.util.regex.Matcher key = ROOT_KEY.matcher(line);
      if (block.top() && key.matches() && definesRootKey(rest, key.group(1))) {
        throw new Refused(
            file
                + " already sets "
                + key.group(1)
                + ", which gateway setup did not write: left as is. Remove it, then run setup"
                + " again",
            block);
      }
    }
  }

  /** A key of a TOML file's root, as setup writes one: {@code name = value}. */
  private static final java.util.regex.Pattern ROOT_KEY =
      java.util.regex.Pattern.compile("([A-Za-z0-9_-]+)\\s*=.*");

  /** Whether {@code text} sets {@code key} before its first table. */
  static boolean definesRootKey(String text, String key) {
    return rootValue(text, key) != null;
  }

  /**
   * {@return the value {@code text} gives {@code key} before its first table, as written; or null}
   */
  static String rootValue(String text, String key) {
    java.util.regex.Pattern setting =
        java.util.regex.Pattern.compile(java.util.regex.Pattern.quote(key) + "\\s*=\\s*(.*)");
    return text.substring(0, firstTable(text))
        .lines()
        .map(line -> setting.matcher(line.strip()))
        .filter(java.util.regex.Matcher::matches)
        .map(m -> m.group(1).strip())
        .findFirst()
        .orElse(null);
  }

  /** Where {@code text}'s first table header begins: its length when it has none. */
  static int firstTable(String text) {
    java.util.regex.Matcher header =
        java.util.regex.Pattern.compile("(?m)^[ \\t]*\\[").matcher(text);
    return header.find() ? header.start() : text.length();
  }

  /**
   * {@code block} as appended to {@code rest}: after a line break of its own where none ends it.
   */
  private static SettingsEdit.Block atEnd(String rest, SettingsEdit.Block block) {
    return rest.isEmpty() || rest.endsWith("\n")
        ? block
        : new SettingsEdit.Block("\n" + block.text(), false);
  }

  /** {@code block} as put before {@code rest}'s first table: after a line break where needed. */
  private static SettingsEdit.Block beforeTables(String rest, SettingsEdit.Block block) {
    int at = firstTable(rest);
    return at == 0 || rest.charAt(at - 1) == '\n'
        ? block
        : new SettingsEdit.Block("\n" + block.text(), true);
  }

  private static Removed removeToml(
      String file, byte[] current, List<SettingsEdit.Addition> recorded) throws Refused {
    List<SettingsEdit.Block> blocks = new ArrayList<>();
    for (SettingsEdit.Addition addition : recorded) {
      if (addition instanceof SettingsEdit.Block block) {
        blocks.add(block);
      }
    }
    TomlRemoval.Result removed = TomlRemoval.remove(utf8(file, current), blocks);
    return new Removed(
        removed.text().getBytes(StandardCharsets.UTF_8),
        removed.left(),
        List.copyOf(removed.kept()),
        removed.said());
  }

  /**
   * Where {@code element} will stand in its array once {@code edit} is applied to {@code current}
   * (appended, kept where it is, or in place of setup's older entry); -1 when the file is refused.
   */
  static int indexAfterApply(
      SettingsEdit edit,
      byte[] current,
      List<SettingsEdit.Addition> previous,
      SettingsEdit.Element element) {
    try {
      byte[] content = apply(edit, current, previous).content();
      ObjectNode root = parseObject(edit.file().toString(), content != null ? content : current);
      ArrayNode array = arrayAt(edit.file().toString(), root, element.path(), false);
      return array == null ? -1 : indexOf(array, element.element());
    } catch (Refused e) {
      return -1;
    }
  }

  /**
   * Whether {@code text} defines the table {@code header} ({@code [a.b]} or {@code [a."b c"]})
   * another way than setup's block would: that header, a table below it ({@code [a.b.env]}), dotted
   * keys before the first table ({@code a.b.command = …}), or the key {@code b} in the table {@code
   * [a]} ({@code b = { … }}). TOML forbids defining a table twice, so appending the block would
   * break the file.
   */
  static boolean definesTable(String text, String header) {
    java.util.regex.Matcher parts =
        java.util.regex.Pattern.compile("\\[([A-Za-z0-9_-]+)\\.(\"(.*)\"|[A-Za-z0-9_-]+)]")
            .matcher(header.strip());
    if (!parts.matches()) {
      return text.lines().anyMatch(l -> l.strip().equals(header.strip()));
    }
    String table = java.util.regex.Pattern.quote(parts.group(1));
    String key =
        "(\"?)"
            + java.util.regex.Pattern.quote(
                parts.group(3) != null ? parts.group(3) : parts.group(2))
            + "\\1";
    java.util.regex.Pattern asTable =
        java.util.regex.Pattern.compile(
            "^\\s*\\[\\s*" + table + "\\s*\\.\\s*" + key + "\\s*[\\].].*");
    java.util.regex.Pattern asDottedKey =
        java.util.regex.Pattern.compile("^\\s*" + table + "\\s*\\.\\s*" + key + "\\s*[.=].*");
    java.util.regex.Pattern asKey = java.util.regex.Pattern.compile("^\\s*" + key + "\\s*[.=].*");
    java.util.regex.Pattern parent =
        java.util.regex.Pattern.compile("^\\s*\\[\\s*" + table + "\\s*]\\s*(#.*)?");
    boolean atRoot = true;
    boolean inParent = false;
    for (String line : text.lines().toList()) {
      if (line.strip().startsWith("[")) {
        atRoot = false;
        inParent = parent.matcher(line).matches();
      }
      if (asTable.matcher(line).matches()
          || (atRoot && asDottedKey.matcher(line).matches())
          || (inParent && asKey.matcher(line).matches())) {
        return true;
      }
    }
    return false;
  }

  /** The file's JSON object; an absent or blank file is an empty one. */
  static ObjectNode parseObject(String file, byte[] content) throws Refused {
    if (content == null || utf8(file, content).isBlank()) {
      return JSON.createObjectNode();
    }
    JsonNode node;
    try {
      node = JSON.readTree(content);
    } catch (JsonProcessingException e) {
      throw new Refused(
          file
              + " is not JSON that gateway setup can rewrite without losing anything ("
              + e.getOriginalMessage()
              + ", line "
              + e.getLocation().getLineNr()
              + "): left untouched. Fix it (comments and trailing commas are not kept), or add"
              + " the entries by hand ('gateway mcp --print-config' prints them)");
    } catch (java.io.IOException e) {
      throw new Refused(file + " cannot be read: " + e.getMessage());
    }
    if (!(node instanceof ObjectNode object)) {
      throw new Refused(file + " holds no JSON object: left untouched");
    }
    return object;
  }

  private static String utf8(String file, byte[] content) throws Refused {
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(content))
          .toString();
    } catch (CharacterCodingException e) {
      throw new Refused(file + " is not UTF-8 text: left untouched");
    }
  }

  /** The object at {@code path} under {@code root}, made when {@code create}; else null if none. */
  static ObjectNode objectAt(String file, ObjectNode root, List<String> path, boolean create)
      throws Refused {
    ObjectNode at = root;
    for (String name : path) {
      JsonNode next = at.get(name);
      if (next == null) {
        if (!create) {
          return null;
        }
        next = at.putObject(name);
      }
      if (!(next instanceof ObjectNode object)) {
        throw new Refused(
            file
                + ": '"
                + name
                + "' is not a JSON object, so setup cannot add to it: left untouched");
      }
      at = object;
    }
    return at;
  }

  static ArrayNode arrayAt(String file, ObjectNode root, List<String> path, boolean create)
      throws Refused {
    ObjectNode holder = objectAt(file, root, path.subList(0, path.size() - 1), create);
    if (holder == null) {
      return null;
    }
    String name = path.get(path.size() - 1);
    JsonNode array = holder.get(name);
    if (array == null) {
      if (!create) {
        return null;
      }
      array = holder.putArray(name);
    }
    if (!(array instanceof ArrayNode found)) {
      throw new Refused(
          file + ": '" + name + "' is not a JSON array, so setup cannot add to it: left untouched");
    }
    return found;
  }

  static int indexOf(ArrayNode array, JsonNode element) {
    for (int i = 0; i < array.size(); i++) {
      if (array.get(i).equals(element)) {
        return i;
      }
    }
    return -1;
  }

  /** Removes the objects and arrays along {@code path} that are empty now, deepest first. */
  static void prune(ObjectNode root, List<String> path) {
    for (int depth = path.size(); depth > 0; depth--) {
      JsonNode parent = root;
      for (String name : path.subList(0, depth - 1)) {
        parent = parent.path(name);
      }
      JsonNode node = parent.get(path.get(depth - 1));
      if (node != null && node.isContainerNode() && node.isEmpty()) {
        ((ObjectNode) parent).remove(path.get(depth - 1));
      } else {
        return;
      }
    }
  }
}
