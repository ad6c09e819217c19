package io.github.providergateway.app.run;

import io.github.providergateway.app.home.ProjectConfig;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What {@code --watch} watches for a config, and whose a changed path is (docs/reference-app.md,
 * Reloading):
 *
 * <ul>
 *   <li>the config file itself;
 *   <li>for each entry, <b>the files its command names</b>: each argument after the program that
 *       names an existing regular file (resolved against the entry's {@code cwd}: {@code
 *       provider.mjs}, {@code greet.py}), and the program itself when it is a relative path ({@code
 *       ./provider.sh}). A program found on the {@code PATH} ({@code node}, {@code npx}) is not the
 *       provider's;
 *   <li>and the paths of its {@code "watch"} list (relative to its {@code cwd}): a file, or a
 *       directory with what is below it, except {@code node_modules}, {@code .git}, {@code target}
 *       and hidden directories.
 * </ul>
 *
 * <p>Bounded: at most {@code maxDirectories} directories are watched in all (a {@code "watch"} of a
 * whole tree stops there, and {@link #leftOut()} says so). In a watched tree, editors' own files
 * (hidden ones, {@code *~}, {@code *.swp}, vim's {@code 4913}) are no change. Immutable.
 *
 * @param configFile the config file
 * @param files each watched file, absolute, and the entries it belongs to
 * @param trees each directory of a {@code "watch"} tree, absolute, and the entries it belongs to
 * @param leftOut directories of {@code "watch"} trees left out past the bound, or empty
 */
record WatchedFiles(
    Path configFile,
    Map<Path, Set<String>> files,
    Map<Path, Set<String>> trees,
    List<Path> leftOut) {

  /** How many directories {@code --watch} watches at the most. */
  static final int MAX_DIRECTORIES = 256;

  private static final Set<String> SKIPPED = Set.of("node_modules", ".git", "target");

  /** What a changed path means: the config file changed, and the files of these entries. */
  record Hit(boolean config, Set<String> entries) {
    static final Hit NONE = new Hit(false, Set.of());
  }

  WatchedFiles {
    files = Collections.unmodifiableMap(new LinkedHashMap<>(files));
    trees = Collections.unmodifiableMap(new LinkedHashMap<>(trees));
    leftOut = List.copyOf(leftOut);
  }

  /** What to watch for {@code config}, watching at most {@code maxDirectories} directories. */
  static WatchedFiles of(ProjectConfig config, int maxDirectories) {
    Map<Path, Set<String>> files = new LinkedHashMap<>();
    Map<Path, Set<String>> trees = new LinkedHashMap<>();
    List<Path> leftOut = new ArrayList<>();
    Set<Path> directories = new LinkedHashSet<>();
    directories.add(config.file().getParent());
    for (ProjectConfig.Entry entry : config.providers()) {
      for (Path file : namedFiles(entry)) {
        files.computeIfAbsent(file, f -> new LinkedHashSet<>()).add(entry.name());
        directories.add(file.getParent());
      }
    }
    for (ProjectConfig.Entry entry : config.providers()) {
      for (String watched : entry.watch()) {
        Path path = resolve(entry.cwd(), watched);
        if (path == null) {
          continue;
        }
        if (Files.isRegularFile(path)) {
          files.computeIfAbsent(path, f -> new LinkedHashSet<>()).add(entry.name());
          directories.add(path.getParent());
        } else if (Files.isDirectory(path)) {
          for (Path dir : tree(path, maxDirectories, directories, leftOut)) {
            trees.computeIfAbsent(dir, d -> new LinkedHashSet<>()).add(entry.name());
          }
        }
      }
    }
    return new WatchedFiles(config.file(), files, trees, leftOut);
  }

  /** The files {@code entry}'s command names (see the class comment). */
  static List<Path> namedFiles(ProjectConfig.Entry entry) {
    List<Path> named = new ArrayList<>();
    List<String> command = entry.command();
    for (int i = 0; i < command.size(); i++) {
      String part = command.get(i);
      boolean program = i == 0;
      if (program && (!part.contains("/") || Path.of(part).isAbsolute())) {
        continue; // found on the PATH, or a system program: not the provider's
      }
      Path path = resolve(entry.cwd(), part);
      if (path != null && Files.isRegularFile(path) && !named.contains(path)) {
        named.add(path);
      }
    }
    return named;
  }

  private static Path resolve(Path cwd, String text) {
    try {
      return cwd.resolve(text).toAbsolutePath().normalize();
    } catch (InvalidPathException notAPath) {
      return null;
    }
  }

  /**
   * {@code root} and the directories below it that are not skipped, while {@code directories}
   * (every directory watched so far) stays within {@code max}; the others go to {@code leftOut}.
   */
  private static List<Path> tree(Path root, int max, Set<Path> directories, List<Path> leftOut) {
    List<Path> found = new ArrayList<>();
    try {
      Files.walkFileTree(
          root,
          new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes) {
              String name = dir.getFileName() == null ? "" : dir.getFileName().toString();
              if (!dir.equals(root) && (SKIPPED.contains(name) || name.startsWith("."))) {
                return FileVisitResult.SKIP_SUBTREE;
              }
              if (!directories.contains(dir) && directories.size() >= max) {
                leftOut.add(dir);
                return FileVisitResult.SKIP_SUBTREE;
              }
              directories.add(dir);
              found.add(dir);
              return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) {
              return FileVisitResult.CONTINUE; // unreadable: not watched
            }
          });
    } catch (IOException e) {
      // walkFileTree reports failures to the visitor; nothing reaches here but a bug
      throw new java.io.UncheckedIOException(e);
    }
    return found;
  }

  /** The directories to register with the watch service. */
  Set<Path> directories() {
    Set<Path> directories = new LinkedHashSet<>();
    directories.add(configFile.getParent());
    files.keySet().forEach(file -> directories.add(file.getParent()));
    directories.addAll(trees.keySet());
    return directories;
  }

  /** Whose {@code changed}, in the watched directory {@code dir}, is. */
  Hit hit(Path dir, Path changed) {
    if (changed.equals(configFile)) {
      return new Hit(true, Set.of());
    }
    Set<String> entries = new LinkedHashSet<>(files.getOrDefault(changed, Set.of()));
    Set<String> ofTree = trees.get(dir);
    if (ofTree != null && !isEditorsOwn(changed.getFileName().toString())) {
      entries.addAll(ofTree);
    }
    return entries.isEmpty() ? Hit.NONE : new Hit(false, entries);
  }

  /**
   * Everything watched in {@code dir}: what its events were lost to an overflow may have changed.
   */
  Hit all(Path dir) {
    Set<String> entries = new LinkedHashSet<>(trees.getOrDefault(dir, Set.of()));
    files.forEach(
        (file, names) -> {
          if (file.getParent().equals(dir)) {
            entries.addAll(names);
          }
        });
    return new Hit(dir.equals(configFile.getParent()), entries);
  }

  /** An editor's swap, backup or probe file, not a change of the provider's. */
  private static boolean isEditorsOwn(String name) {
    return name.startsWith(".")
        || name.endsWith("~")
        || name.endsWith(".swp")
        || name.endsWith(".swx")
        || name.equals("4913");
  }
}
