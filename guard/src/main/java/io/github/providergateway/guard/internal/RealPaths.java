package io.github.providergateway.guard.internal;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * The targets of one call as they are on the disk (issue 75): a path whose folders hold a link
 * ({@code cl -> ~/.claude}, {@code gh -> <gateway home>}) is judged by the guard's own ground rules
 * at its real path as well as at the path as written. Each distinct path is asked of the disk once,
 * and at most {@link #MAX_PATHS} of them a call: a command that names more is denied as unreadable,
 * never judged in part. With no disk ({@link DiskView#none}) nothing is asked and no target has a
 * real path of its own.
 */
final class RealPaths {
  /** The most distinct paths a call's reading asks the disk for. */
  static final int MAX_PATHS = 4_096;

  private final Places places;

  /** Each path asked, to its real path. This call's own. */
  private final Map<Path, Path> real = new HashMap<>();

  /** Each target asked, to its target on the disk, or to itself where it has none. */
  private final Map<Target, Target> targets = new IdentityHashMap<>();

  /** The targets made here, to the real path they stand for: a hit on one says so. */
  private final Map<Target, Path> made = new IdentityHashMap<>();

  RealPaths(Places places) {
    this.places = places;
  }

  /**
   * The target {@code target} is on the disk.
   *
   * @param target a target of the call
   * @return the target at its real path, or {@code null} when that is the path as written (or the
   *     guard has no disk, or the path is unknown)
   * @throws Unreadable past {@link #MAX_PATHS} distinct paths
   */
  Target of(Target target) {
    if (places.disk().none() || target.path() == null) {
      return null;
    }
    Target known = targets.get(target);
    if (known == null) {
      known = onDisk(target);
      targets.put(target, known);
    }
    return known == target ? null : known;
  }

  /**
   * {@return the real path of {@code path}, asked of the disk once a call; {@code path} itself with
   * no disk}
   *
   * @throws Unreadable past {@link #MAX_PATHS} distinct paths
   */
  Path real(Path path) {
    if (places.disk().none()) {
      return path;
    }
    Path known = real.get(path);
    if (known == null) {
      if (real.size() >= MAX_PATHS) {
        throw new Unreadable(
            "the command names more than "
                + MAX_PATHS
                + " paths, more than the guard follows on the disk");
      }
      known = places.disk().real(path);
      real.put(path, known == null ? path : known);
    }
    return known == null ? path : known;
  }

  /** {@return the real path {@code target} stands for when this made it, else {@code null}} */
  Path madeFor(Target target) {
    return made.isEmpty() ? null : made.get(target);
  }

  private Target onDisk(Target target) {
    Path path = target.path();
    Path at = real(places.asWritten(target));
    if (at.equals(path)) {
      return target;
    }
    String glob =
        target.glob() == null ? null : at + target.glob().substring(path.toString().length());
    Target onDisk = new Target(target.raw(), at, target.contents(), glob);
    made.put(onDisk, at);
    return onDisk;
  }
}
