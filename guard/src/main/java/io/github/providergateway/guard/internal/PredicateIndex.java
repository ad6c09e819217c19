package io.github.providergateway.guard.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The build's step that writes the predicates' index ({@link PredicateTable#INDEX}) among the
 * guard's classes: each name, its kind and the source that makes it, from every source made whole.
 * The guard's pom runs it after the classes are compiled ({@code process-classes}), so that every
 * build's classes and jar hold the index of their own code, never an older one; {@code
 * PredicateTableTest} checks it against the sources, and a source that makes other names than the
 * index gives it fails where it is asked (decision 329).
 */
public final class PredicateIndex {
  private PredicateIndex() {}

  /**
   * Writes the file.
   *
   * @param args the classes' folder ({@code target/classes})
   * @throws IOException when it cannot be written
   */
  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      throw new IllegalArgumentException("usage: PredicateIndex CLASSES_FOLDER");
    }
    Path file = Path.of(args[0], PredicateTable.INDEX.substring(1));
    Files.createDirectories(file.getParent());
    Files.writeString(
        file, PredicateTable.write(PredicateTable.indexOf(Where.SOURCES, Where::fill)));
  }
}
