package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The build's step that writes the rule book without its examples as one file, {@value
 * BookFiles#WITHOUT_EXAMPLES} among the guard's classes, and its specs read from that file as a
 * digest ({@link BookDigest}, decision 329): each family's file as {@link
 * BookFiles#withoutExamples} reads it, by family name, in the order of {@code families.json}. The
 * guard's pom runs it after the resources are copied ({@code process-classes}), so that every
 * build's classes and jar hold the one made from their own book, never an older one; {@code
 * BookWithoutExamplesTest} checks it against the files.
 *
 * <p>Why: a hook's JVM with no gateway reads the book for one call (decision 84). One file of 0.8
 * MB, opened once, costs it less than 82 resources looked up and 2.7 MB lexed to pass over the
 * examples ({@code docs/performance.md}).
 */
public final class BookWithoutExamples {
  private BookWithoutExamples() {}

  /**
   * Writes the file.
   *
   * @param args the classes' folder ({@code target/classes})
   * @throws IOException when it cannot be written
   */
  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      throw new IllegalArgumentException("usage: BookWithoutExamples CLASSES_FOLDER");
    }
    // An older build's digest goes first: the book below is read from this build's JSON alone.
    Path digest = Path.of(args[0], BookDigest.FILE.substring(1));
    Files.deleteIfExists(digest);
    ObjectMapper json = new ObjectMapper();
    Path file = Path.of(args[0], BookFiles.WITHOUT_EXAMPLES.substring(1));
    Files.createDirectories(file.getParent());
    ObjectNode book = fromFiles(json);
    Files.write(file, json.writeValueAsBytes(book));
    Map<String, JsonNode> families = new LinkedHashMap<>();
    book.fields().forEachRemaining(family -> families.put(family.getKey(), family.getValue()));
    Files.write(digest, BookDigest.write(RuleBook.fromFiles(families)));
  }

  /** {@return the book without its examples, read family by family from its files} */
  static ObjectNode fromFiles(ObjectMapper json) {
    BookFiles files = new BookFiles(json);
    ObjectNode book = json.createObjectNode();
    for (JsonNode family : files.whole("families.json")) {
      String name = family.asText();
      if (book.has(name)) {
        throw new IllegalStateException("families.json lists " + name + " twice");
      }
      book.set(name, files.withoutExamples(name + ".json"));
    }
    return book;
  }
}
