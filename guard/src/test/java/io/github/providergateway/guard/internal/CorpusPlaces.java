package io.github.providergateway.guard.internal;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The places of the book's examples ({@link RuleSpec.Example}: home {@code /home/user}, project
 * {@code /work/project}), with no disk, for tests that scan a call without a guard.
 */
final class CorpusPlaces {
  /** No disk: every path is its own real path, and no file has text. */
  static final DiskView NO_DISK =
      new DiskView() {
        @Override
        public Path real(Path path) {
          return path;
        }

        @Override
        public Optional<String> text(Path file, int maxChars) {
          return Optional.empty();
        }

        @Override
        public Set<Integer> gatewayPorts() {
          return Set.of();
        }

        @Override
        public boolean none() {
          return true;
        }
      };

  /** The project of the examples. */
  static final Path PROJECT = Path.of("/work/project");

  /** The places of a call in the examples' project. */
  static final Places PLACES =
      new Places(
          Path.of("/home/user"),
          List.of(Path.of("/tmp")),
          Path.of("/home/user/.copilot/extensions/tap"),
          List.of(),
          PROJECT,
          NO_DISK);

  private CorpusPlaces() {}
}
