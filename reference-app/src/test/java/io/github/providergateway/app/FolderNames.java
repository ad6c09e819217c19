package io.github.providergateway.app;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** The names in a folder, for tests that watch what a process leaves there. */
final class FolderNames {

  private FolderNames() {}

  /** {@return the names in {@code folder}; none while it is not there} */
  static List<String> of(Path folder) {
    try (Stream<Path> files = Files.list(folder)) {
      return files.map(file -> file.getFileName().toString()).toList();
    } catch (IOException notYet) {
      return List.of();
    }
  }
}
