package io.github.providergateway.app.home;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What {@code gateway setup} puts into one of an agent's settings files: entries added to a JSON
 * object file (a member of an object, or an element of an array), or a block of text appended to a
 * TOML file. Exactly these are recorded in the setup ledger, so that {@code --remove} takes back
 * these and nothing else.
 *
 * @param file the settings file, absolute
 * @param format how the file is read and written
 * @param additions what setup adds to it, in order
 * @param secret whether an addition holds a token: the file is then written owner-only
 */
public record SettingsEdit(Path file, Format format, List<Addition> additions, boolean secret) {

  public SettingsEdit {
    Objects.requireNonNull(file, "file");
    additions = List.copyOf(additions);
  }

  private static final ObjectWriter PRETTY =
      new ObjectMapper()
          .writer(
              new DefaultPrettyPrinter()
                  .withObjectIndenter(new DefaultIndenter("  ", "\n"))
                  .withArrayIndenter(new DefaultIndenter("  ", "\n"))
                  .withSeparators(
                      Separators.createDefaultInstance()
                          .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
                          .withObjectEmptySeparator("")
                          .withArrayEmptySeparator("")));

  /** {@code root} as setup writes a JSON settings file: two spaces, a line break at the end. */
  public static byte[] print(JsonNode root) {
    try {
      return (PRETTY.writeValueAsString(root) + "\n").getBytes(StandardCharsets.UTF_8);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  /** How a settings file is read and written. */
  public enum Format {
    /** A JSON object, parsed and written back pretty-printed. */
    json,
    /** A TOML file, which setup does not parse: it appends and removes its own block. */
    toml
  }

  /** One entry setup adds to a file. */
  public sealed interface Addition permits Member, Element, Block {

    /** This addition as the ledger keeps it. */
    ObjectNode toJson();

    /** The addition the ledger recorded in {@code node}. */
    static Addition fromJson(JsonNode node) {
      if (node.has("text")) {
        return new Block(node.path("text").asText(), node.path("top").asBoolean(false));
      }
      List<String> path = new ArrayList<>();
      node.path("path").forEach(segment -> path.add(segment.asText()));
      if (node.has("key")) {
        return new Member(path, node.path("key").asText(), node.path("value"));
      }
      return new Element(path, node.path("element"));
    }
  }

  /**
   * The member {@code key} of the object at {@code path} (objects made where missing), set to
   * {@code value}.
   *
   * @param path the names of the objects that lead to the one that holds the member
   * @param key the member's name
   * @param value its value
   */
  public record Member(List<String> path, String key, JsonNode value) implements Addition {
    public Member {
      path = List.copyOf(path);
    }

    @Override
    public ObjectNode toJson() {
      ObjectNode node = JsonNodeFactory.instance.objectNode();
      ArrayNode segments = node.putArray("path");
      path.forEach(segments::add);
      node.put("key", key);
      node.set("value", value);
      return node;
    }

    @Override
    public String toString() {
      return String.join(".", path) + (path.isEmpty() ? "" : ".") + key;
    }
  }

  /**
   * {@code element} appended to the array at {@code path} (made, and the objects on the way, where
   * missing).
   *
   * @param path the names of the objects that lead to the array, the array's own last
   * @param element the element
   */
  public record Element(List<String> path, JsonNode element) implements Addition {
    public Element {
      path = List.copyOf(path);
    }

    @Override
    public ObjectNode toJson() {
      ObjectNode node = JsonNodeFactory.instance.objectNode();
      ArrayNode segments = node.putArray("path");
      path.forEach(segments::add);
      node.set("element", element);
      return node;
    }

    @Override
    public String toString() {
      return String.join(".", path) + "[+]";
    }
  }

  /**
   * {@code text} added to a text file, taken back by cutting exactly it out again: appended, or for
   * TOML keys of the file's root ({@code default_permissions = …}), which must come before any
   * table, put before the first table.
   *
   * @param text the lines, each ending in a line break
   * @param top whether it goes before the file's first table rather than at its end
   */
  public record Block(String text, boolean top) implements Addition {

    /**
     * A block appended to the file.
     *
     * @param text the lines, each ending in a line break
     */
    public Block(String text) {
      this(text, false);
    }

    @Override
    public ObjectNode toJson() {
      ObjectNode json = JsonNodeFactory.instance.objectNode().put("text", text);
      return top ? json.put("top", true) : json;
    }

    @Override
    public String toString() {
      return "a block of " + Counted.of(text.lines().count(), "line");
    }
  }
}
