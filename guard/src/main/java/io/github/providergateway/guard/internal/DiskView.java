package io.github.providergateway.guard.internal;

import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;

/**
 * The disk as the rules may see it: the guard's {@code GuardDisk}, handed over method by method so
 * that this package names none of the guard's public types (decision 80). Its contract is {@code
 * GuardDisk}'s: never throws, never blocks, bounded.
 */
public interface DiskView {

  /**
   * {@return the real path of {@code path}: its longest existing prefix's links followed, then the
   * rest}
   *
   * @param path an absolute path
   */
  Path real(Path path);

  /**
   * {@return a regular file's first {@code maxChars} characters, or empty}
   *
   * @param file an absolute path
   * @param maxChars the most characters to read
   */
  Optional<String> text(Path file, int maxChars);

  /** {@return the ports the gateway may listen on} */
  Set<Integer> gatewayPorts();

  /** {@return whether there is no disk (the guard's {@code GuardDisk.NONE}): nothing to ask} */
  boolean none();
}
