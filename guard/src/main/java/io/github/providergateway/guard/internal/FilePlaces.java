package io.github.providergateway.guard.internal;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Where a file a clause is about lies ({@link RuleSpec.Files}): a named place, whose meaning is
 * Java ({@code system-folder}, {@code outside-project}), or the paths the book lists ({@code
 * ~/.bashrc}, {@code ~/.bashrc.d/**}: {@link PlaceGlobs}). Made once a clause; each call asks it of
 * each file.
 */
abstract class FilePlaces {
  /** A named place: whether a file the call accesses lies there. */
  @FunctionalInterface
  interface Named {
    /**
     * Whether the file lies there.
     *
     * @param scan the call
     * @param access the file, and what the call does to it
     * @return whether it does
     */
    boolean holds(Scan scan, Access access);
  }

  /** The folders below which a file is a system file (with the root's own name, as written). */
  private static final List<String> SYSTEM_FOLDERS =
      List.of("etc", "usr", "boot", "bin", "sbin", "lib", "lib32", "lib64", "System", "Library");

  private static final Map<String, Named> NAMED;

  static {
    Map<String, Named> named = new LinkedHashMap<>();
    named.put("system-folder", (scan, access) -> inSystemFolder(access.target().path()));
    named.put(
        "outside-project",
        (scan, access) -> {
          Path path = access.target().path();
          if (underDevices(path)) {
            return false; // a disk has its own rule, and /dev/null and its kin are no files
          }
          Place place = scan.place(access.target());
          return place != Place.INSIDE && place != Place.TEMP && place != Place.PROJECT;
        });
    named.put(
        "deployed-folder",
        (scan, access) -> {
          Place place = scan.place(access.target());
          return place != Place.INSIDE
              && place != Place.TEMP
              && place != Place.PROJECT
              && DeployedFolders.holds(access.target().path())
              && !DeployedFolders.builtCopied(access.invocation())
              && !DeployedFolders.leavesFilesAsTheyAre(access);
        });
    named.put("persons-own-file-changed", PersonsOwnFiles::changed);
    PersistPredicates.addPlacesTo(named);
    Map.Entry<String, Named> key = KeyFiles.place();
    named.put(key.getKey(), key.getValue());
    NAMED = Collections.unmodifiableMap(named);
  }

  /** {@return every named place's name} */
  static Set<String> names() {
    return NAMED.keySet();
  }

  /**
   * The places of a clause.
   *
   * @param files the clause's files part
   * @return its test
   * @throws IllegalStateException when it names a place no code knows
   */
  static FilePlaces of(RuleSpec.Files files) {
    if (files.place() == null) {
      return new Listed(files.places());
    }
    Named named = NAMED.get(files.place());
    if (named == null) {
      throw new IllegalStateException("no place is named " + files.place());
    }
    return new FilePlaces() {
      @Override
      boolean holds(Scan scan, Access access) {
        return named.holds(scan, access);
      }
    };
  }

  /**
   * The paths a rule's clauses over files list, as one place: where another reading asks the same
   * question of a path ({@code git config --file ~/.gitconfig} is {@code persist.git-global}'s).
   *
   * @param id the rule
   * @return its listed paths
   * @throws IllegalStateException when it lists none
   */
  static FilePlaces listedBy(String id) {
    List<String> paths = new ArrayList<>();
    for (RuleSpec spec : RuleBook.specs()) {
      if (spec.rule().id().equals(id)) {
        for (RuleSpec.When when : spec.matches().when()) {
          paths.addAll(when.files() == null ? List.of() : when.files().places());
        }
      }
    }
    if (paths.isEmpty()) {
      throw new IllegalStateException(id + " lists no path");
    }
    return new Listed(paths);
  }

  /**
   * Whether a path lies in the places this lists.
   *
   * @param home the call's home
   * @param path the path, or {@code null}
   * @return whether it does; {@code false} for a named place
   */
  boolean lists(Path home, Path path) {
    return false;
  }

  /**
   * Whether a file the call accesses lies in these places.
   *
   * @param scan the call
   * @param access the file, and what the call does to it
   * @return whether it does
   */
  abstract boolean holds(Scan scan, Access access);

  /** Whether a path is below {@code /dev}: a device, never a file the rules read. */
  private static boolean underDevices(Path path) {
    return path != null && path.getNameCount() > 1 && path.startsWith(Places.DEVICES);
  }

  /**
   * Whether a path of two names or more lies in a folder of {@link #SYSTEM_FOLDERS}, read from its
   * text: its first name as a path would be a new path and a new string per file written.
   */
  static boolean inSystemFolder(Path file) {
    if (file == null || file.getNameCount() < 2) {
      return false;
    }
    if (!file.isAbsolute()) {
      return SYSTEM_FOLDERS.contains(file.getName(0).toString());
    }
    String path = file.toString(); // kept by the path once made
    for (int i = 0; i < SYSTEM_FOLDERS.size(); i++) {
      String folder = SYSTEM_FOLDERS.get(i);
      int end = 1 + folder.length();
      if (path.length() > end && path.charAt(end) == '/' && path.startsWith(folder, 1)) {
        return true;
      }
    }
    return false;
  }

  /** The paths a clause lists ({@link PlaceGlobs}). */
  private static final class Listed extends FilePlaces {
    private final PlaceGlobs globs;

    Listed(List<String> written) {
      this.globs = new PlaceGlobs(written);
    }

    @Override
    boolean holds(Scan scan, Access access) {
      return globs.holds(scan.places().home(), access.target().path());
    }

    @Override
    boolean lists(Path home, Path path) {
      return globs.holds(home, path);
    }
  }
}
