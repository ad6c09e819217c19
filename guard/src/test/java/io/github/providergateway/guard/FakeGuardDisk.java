package io.github.providergateway.guard;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A disk for the guard's tests (issue 75): the links and files it is given, nothing else. A link's
 * target is followed wherever it sits in a path, {@code ..} after a link included, as {@code
 * realpath(3)} does; every other folder is taken as there. Not thread-safe: filled before use.
 */
final class FakeGuardDisk implements GuardDisk {
  private final Map<Path, Path> links = new HashMap<>();
  private final Map<Path, String> files = new HashMap<>();
  private Set<Integer> ports = Set.of(DEFAULT_PORT);

  /** {@return this disk with a link at {@code at} to {@code target}, both absolute} */
  FakeGuardDisk link(String at, String target) {
    links.put(Path.of(at), Path.of(target));
    return this;
  }

  /** {@return this disk with a regular file at {@code at} holding {@code text}} */
  FakeGuardDisk file(String at, String text) {
    files.put(Path.of(at), text);
    return this;
  }

  /** {@return this disk with the gateway listening on {@code ports}} */
  FakeGuardDisk ports(Integer... ports) {
    this.ports = Set.of(ports);
    return this;
  }

  @Override
  public Path real(Path path) {
    return real(path, 0);
  }

  /** {@code path} with its links followed, 40 at the most (the kernel's ELOOP), as it is after. */
  private Path real(Path path, int hops) {
    Path at = path.getRoot();
    for (int i = 0; i < path.getNameCount(); i++) {
      String name = path.getName(i).toString();
      if (name.equals("..")) {
        at = at.getParent() == null ? at : at.getParent();
        continue;
      }
      Path next = at.resolve(name);
      Path target = links.get(next);
      if (target != null && hops < 40) {
        next = real(next.getParent().resolve(target), ++hops);
      }
      at = next;
    }
    return at.normalize();
  }

  @Override
  public Optional<String> text(Path file, int maxChars) {
    String text = files.get(real(file));
    return text == null
        ? Optional.empty()
        : Optional.of(text.length() > maxChars ? text.substring(0, maxChars) : text);
  }

  @Override
  public Set<Integer> gatewayPorts() {
    return ports;
  }
}
