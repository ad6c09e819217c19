package io.github.providergateway.gateway.internal;

/** Names for per-provider directories under the gateway home. */
final class PersistDirs {

  private PersistDirs() {}

  /**
   * {@code name} made safe as one path segment: anything but letters, digits, {@code .}, {@code -}
   * and {@code _} becomes {@code _}, and {@code .}/{@code ..} cannot escape the parent.
   */
  static String safeName(String name) {
    String safe = name.replaceAll("[^A-Za-z0-9._-]", "_");
    return safe.equals(".") || safe.equals("..") || safe.isEmpty() ? "_" + safe : safe;
  }
}
