package io.github.providergateway.guard.corpus;

import io.github.providergateway.guard.GuardDisk;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;

/**
 * A disk where every file holds this repository's Maven wrapper ({@code mvnw}, 300-odd lines of
 * shell that reads and writes {@code ~/.m2}, downloads and runs Java): the ordinary script a call
 * of ordinary work runs ({@code ./mvnw}, {@code ./gradlew}, {@code source .venv/bin/activate}).
 */
public final class MvnwDisk {
  private MvnwDisk() {}

  /** {@return the disk, read from the module's folder} */
  public static GuardDisk read() throws IOException {
    String wrapper = Files.readString(Path.of("..", "mvnw"));
    return new GuardDisk() {
      @Override
      public Path real(Path path) {
        return path.normalize();
      }

      @Override
      public Optional<String> text(Path file, int maxChars) {
        return Optional.of(wrapper);
      }

      @Override
      public Set<Integer> gatewayPorts() {
        return Set.of(GuardDisk.DEFAULT_PORT);
      }
    };
  }
}
