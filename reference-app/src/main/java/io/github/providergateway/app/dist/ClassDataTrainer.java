package io.github.providergateway.app.dist;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Trains a copy's class-data archive (or, on Java 25, its ahead-of-time cache: {@link
 * ClassDataCache}) beside a start, never before it (issue 76: a start that trained first took 22-44
 * s on a busy 2-core machine and its caller gave up at 15 s). The gateway starts without the cache
 * and the next start uses it.
 *
 * <p>The training is a process of its own ({@code train-class-data.sh}, beside this class, which
 * the launchers run too): in a session of its own ({@code setsid}) at the lowest priority ({@code
 * nice -n 19}), it runs the app in {@code --rpc} mode on a scratch home, {@code
 * <dir>/training.<pid>}, with the option that writes the cache to a draft, {@code <cache>.<pid>};
 * it renames the draft into place and removes the draft, the JDK's {@code .config} and the scratch
 * home as it ends, stopped or not; past {@link #DEADLINE} it stops itself. One training per cache
 * at a time: its lock is the folder {@code <cache>.training} holding its pid, which a dead training
 * does not hold ({@link TrainingLeftovers#held}). What a SIGKILL leaves is removed at the next
 * start ({@link TrainingLeftovers#clean}).
 */
public final class ClassDataTrainer {

  /** The longest a training may run, at its low priority on a busy machine, before it stops. */
  public static final Duration DEADLINE = Duration.ofMinutes(10);

  /** The script that runs a training, beside this class. */
  private static final String SCRIPT = "train-class-data.sh";

  private static final String MAIN_CLASS = "io.github.providergateway.app.Main";

  private final TrainingLeftovers leftovers;

  ClassDataTrainer(TrainingLeftovers leftovers) {
    this.leftovers = leftovers;
  }

  /** {@return the trainer of this machine} */
  public static ClassDataTrainer ofThisMachine() {
    return new ClassDataTrainer(TrainingLeftovers.ofThisMachine());
  }

  /** {@return the lock of {@code cache}'s training: a folder beside it} */
  public static Path lockOf(Path cache) {
    return cache.resolveSibling(cache.getFileName() + ".training");
  }

  /**
   * Starts the training of {@code copy}'s cache in the background and returns at once, unless the
   * cache is there or another training of it runs. What trainings that are gone left in the copy's
   * folder is removed first.
   *
   * @param java the {@code java} the gateway runs on (the cache is this runtime's alone)
   * @param options the gateway's JVM options: a cache made with others may be refused
   * @return the training's process, or null when none was started
   * @throws IOException when the training cannot be started (the gateway runs without its cache)
   */
  public Process trainBeside(String java, Path copy, List<String> options) throws IOException {
    Path dir = copy.toAbsolutePath().getParent();
    leftovers.clean(dir, Path.of(System.getProperty("java.io.tmpdir")));
    ClassDataCache kind = ClassDataCache.ofThisRuntime();
    Path cache = RuntimeCopy.archiveOf(copy, kind);
    if (Files.exists(cache)) {
      return null;
    }
    Path lock = lockOf(cache);
    if (!take(lock)) {
      return null;
    }
    try {
      Process training =
          new ProcessBuilder(commandLine(java, copy, cache, kind, options))
              .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.DISCARD)
              .start();
      Files.writeString(lock.resolve("pid"), Long.toString(training.pid()));
      return training;
    } catch (IOException | RuntimeException e) {
      TrainingLeftovers.deleteTree(lock);
      throw e;
    }
  }

  /**
   * Takes {@code lock}: made now, or taken over from a training that is gone. {@return whether it
   * is this start's}
   */
  private boolean take(Path lock) throws IOException {
    for (int attempt = 0; attempt < 2; attempt++) {
      try {
        Files.createDirectory(lock);
        return true;
      } catch (FileAlreadyExistsException there) {
        if (leftovers.held(lock)) {
          return false;
        }
        TrainingLeftovers.deleteTree(lock); // a dead training's: taken over
      }
    }
    return false;
  }

  /** What runs a training: the script under {@code setsid} and {@code nice} where they exist. */
  static List<String> commandLine(
      String java, Path copy, Path cache, ClassDataCache kind, List<String> options)
      throws IOException {
    List<String> line = new ArrayList<>();
    for (String tool : List.of("/usr/bin/setsid", "/usr/bin/nice")) {
      if (Files.isExecutable(Path.of(tool))) {
        line.add(tool);
        if (tool.endsWith("nice")) {
          line.addAll(List.of("-n", "19"));
        }
      }
    }
    line.addAll(
        List.of(
            "/bin/sh",
            "-c",
            script(),
            SCRIPT,
            java,
            copy.toString(),
            cache.toString(),
            kind.makeOption(Path.of("")),
            Long.toString(DEADLINE.toSeconds()),
            MAIN_CLASS,
            "main"));
    line.addAll(options);
    return line;
  }

  private static String script() throws IOException {
    try (InputStream in = ClassDataTrainer.class.getResourceAsStream(SCRIPT)) {
      if (in == null) {
        throw new IOException(SCRIPT + " is missing beside " + ClassDataTrainer.class.getName());
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
