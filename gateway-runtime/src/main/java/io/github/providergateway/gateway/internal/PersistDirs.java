package io.github.providergateway.gateway.internal;

import io.github.providergateway.loop.base.OwnerOnlyFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;

/**
 * Providers' {@code persistDir}s: {@code <home>/providers/<name>/}, owner-only, created on demand.
 *
 * <p>The one place the loop touches the file system: the directory must exist before the provider
 * reads its path in {@code hello.ack}, and the ack must not be reordered behind later messages. So
 * it is created right here, once per provider name per gateway run (a single {@code mkdir}).
 */
final class PersistDirs {

  private final Path root;

  /** Names whose directory exists already. Loop only. */
  private final Set<String> created = new HashSet<>();

  PersistDirs(Path home) {
    this.root = home == null ? null : home.resolve("providers").toAbsolutePath();
  }

  /** Whether there is a home to keep them in; without one no provider gets a directory. */
  boolean available() {
    return root != null;
  }

  /** The directory of provider {@code name}, created if it is not there yet. */
  Path dirFor(String name) {
    String safe = safeName(name);
    Path dir = root.resolve(safe);
    if (created.add(safe)) {
      try {
        OwnerOnlyFiles.createDirectories(root);
        OwnerOnlyFiles.createDirectories(dir);
      } catch (IOException e) {
        created.remove(safe);
        throw new UncheckedIOException("cannot create " + dir, e);
      }
    }
    return dir;
  }

  /**
   * {@code name} made safe as one path segment: anything but letters, digits, {@code .}, {@code -}
   * and {@code _} becomes {@code _}, and {@code .}/{@code ..} cannot escape the parent.
   */
  static String safeName(String name) {
    String safe = name.replaceAll("[^A-Za-z0-9._-]", "_");
    return safe.equals(".") || safe.equals("..") || safe.isEmpty() ? "_" + safe : safe;
  }
}
