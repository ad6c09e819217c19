package io.github.providergateway.app.dist;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.OptionalLong;
import java.util.function.LongPredicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * What class-data trainings stopped half-way left in a folder of copies (issue 76: five 53 MB
 * drafts and scratch homes with token headers after twenty minutes of starts that gave up): a
 * training's draft {@code <cache>.<pid>}, the JDK's {@code <draft>.config}, its gateway's home
 * {@code training.<pid>}, and its lock {@code <cache>.training}. Each names the pid of the training
 * that writes it ({@link ClassDataTrainer}); a training removes its own files as it ends, and what
 * a SIGKILL left is removed here, at the next start, once that pid is gone or the file is older
 * than {@link #STALE}, so a pid taken by another process since does not keep it forever.
 */
public final class TrainingLeftovers {

  /**
   * How old a training's file may be while its pid lives: past its own deadline ({@link
   * ClassDataTrainer#DEADLINE}) and then some, it is a dead training's whatever that pid is now.
   */
  static final Duration STALE = ClassDataTrainer.DEADLINE.plusMinutes(5);

  private static final Pattern DRAFT =
      Pattern.compile(
          "provider-gateway-[0-9a-zA-Z-]+\\.(?:jsa|aot)\\.([0-9]+)(?:\\.config)?|training\\.([0-9]+)");

  /** The scratch homes of trainings before issue 76, in the temporary folder. */
  private static final String OLD_SCRATCH = "provider-gateway-training-";

  private final Clock clock;

  /** Whether a process of that pid runs. */
  private final LongPredicate alive;

  TrainingLeftovers(Clock clock, LongPredicate alive) {
    this.clock = clock;
    this.alive = alive;
  }

  /** {@return the cleaner of this machine: its clock and its processes} */
  public static TrainingLeftovers ofThisMachine() {
    return new TrainingLeftovers(
        Clock.systemUTC(), pid -> ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false));
  }

  /**
   * Removes from {@code dir} the drafts and scratch homes of trainings that are gone, and the
   * scratch homes earlier versions made in {@code tmp} ({@code provider-gateway-training-*}, owned
   * by this user) once older than {@link #STALE}. Failures are left for the next start.
   */
  public void clean(Path dir, Path tmp) {
    forEachIn(
        dir,
        file -> {
          Matcher named = DRAFT.matcher(file.getFileName().toString());
          if (named.matches()) {
            long pid = Long.parseLong(named.group(1) != null ? named.group(1) : named.group(2));
            if (!alive.test(pid) || olderThanStale(file)) {
              deleteTree(file);
            }
          }
        });
    forEachIn(
        tmp,
        file -> {
          if (file.getFileName().toString().startsWith(OLD_SCRATCH)
              && Files.isDirectory(file, LinkOption.NOFOLLOW_LINKS)
              && ownedByMe(file)
              && olderThanStale(file)) {
            deleteTree(file);
          }
        });
  }

  /**
   * The pid a training's lock names ({@code <lock>/pid}), when that training is still there: its
   * process lives and the lock is younger than {@link #STALE}; a lock without a pid yet counts as
   * held for a minute, the time its starter takes to write it.
   */
  boolean held(Path lock) {
    if (!Files.isDirectory(lock, LinkOption.NOFOLLOW_LINKS)) {
      return false;
    }
    if (olderThanStale(lock)) {
      return false;
    }
    OptionalLong pid = pidIn(lock);
    if (pid.isEmpty()) {
      return !olderThan(lock, Duration.ofMinutes(1));
    }
    return alive.test(pid.getAsLong());
  }

  /** The pid written in {@code <lock>/pid}, if any. */
  static OptionalLong pidIn(Path lock) {
    try {
      return OptionalLong.of(Long.parseLong(Files.readString(lock.resolve("pid")).strip()));
    } catch (IOException | NumberFormatException none) {
      return OptionalLong.empty();
    }
  }

  private boolean olderThanStale(Path file) {
    return olderThan(file, STALE);
  }

  private boolean olderThan(Path file, Duration age) {
    try {
      Instant modified = Files.getLastModifiedTime(file, LinkOption.NOFOLLOW_LINKS).toInstant();
      return modified.plus(age).isBefore(clock.instant());
    } catch (IOException gone) {
      return false;
    }
  }

  private static boolean ownedByMe(Path file) {
    try {
      return Files.getOwner(file, LinkOption.NOFOLLOW_LINKS)
          .getName()
          .equals(System.getProperty("user.name"));
    } catch (IOException | UnsupportedOperationException unknown) {
      return false;
    }
  }

  private interface FileAction {
    void on(Path file) throws IOException;
  }

  private static void forEachIn(Path dir, FileAction action) {
    if (dir == null || !Files.isDirectory(dir)) {
      return;
    }
    try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
      for (Path file : files) {
        try {
          action.on(file);
        } catch (IOException e) {
          // Left for the next start.
        }
      }
    } catch (IOException e) {
      // Unreadable: nothing to clean here now.
    }
  }

  /** Deletes {@code root} and, when it is a folder (not a link), everything in it. */
  static void deleteTree(Path root) throws IOException {
    if (!Files.isDirectory(root, LinkOption.NOFOLLOW_LINKS)) {
      Files.deleteIfExists(root);
      return;
    }
    try (Stream<Path> files = Files.walk(root)) {
      for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(file);
      }
    }
  }
}
