package io.github.providergateway.app.detached;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.app.cli.RunningApp;
import io.github.providergateway.app.dist.ClassDataCache;
import io.github.providergateway.app.dist.ClassDataTrainer;
import io.github.providergateway.app.dist.RuntimeCopy;
import io.github.providergateway.app.service.InstalledService;
import io.github.providergateway.host.client.GatewayStarter;
import io.github.providergateway.transport.stdio.ProcessTree;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Starts the reference app as the shared gateway of a home ({@code --detached}), from this JVM's
 * class path: the {@link GatewayStarter} for a JVM host that has the reference app on its class
 * path.
 *
 * <pre>{@code
 * GatewayClient.connectOrStart(home, GatewayLaunch.of(DetachedGatewayStarter.fromClassPath()))
 * }</pre>
 *
 * <p>It runs {@code java <options> -cp <class path> io.github.providergateway.app.Main --detached
 * --home <home> --port <port>} with this JVM's {@code java} and the launcher's JVM options (the
 * app's {@code jvm.options}, the one file {@code ./gateway} reads too, or the installed archive's
 * beside its jar: {@link #jvmOptions(String)}); in a session of its own where {@code setsid}
 * exists, reading {@code /dev/null}, with its output appended to {@code <home>/logs/gateway.log}
 * (owner-only, like its directory). It returns without waiting for the gateway.
 *
 * <p>When the class path is one jar (the launcher's {@code provider-gateway.jar}), the gateway runs
 * from a private copy of it in {@code <home>/runtime} ({@link RuntimeCopy}), never from the jar
 * itself: the shared gateway outlives the host that started it, and a build rewriting the jar under
 * it would kill it at its next class load. The copy gets a class-data archive of its own (Java 25:
 * an ahead-of-time cache), which takes about 0.2 s, 40 %, off every later start. It is never made
 * before the gateway serves (issue 76: that took 22-44 s on a busy machine, past its caller's 15
 * s): the gateway starts without it, and a training beside it ({@link ClassDataTrainer}, at low
 * priority: a start, the calls a young gateway serves, {@code ClassDataTraining}, and a stop) makes
 * it for the next start. A class path of directories or of several entries (tests, embedders) is
 * run as it is, with no cache.
 */
public final class DetachedGatewayStarter implements GatewayStarter {

  /**
   * The launcher's JVM options, one a line, beside {@code Main} in the jar (the launchers and the
   * dist archive read the same file from there).
   */
  private static final String JVM_OPTIONS_FILE = "jvm.options";

  /** {@link #JVM_OPTIONS_FILE} as a resource of the app's jar. */
  private static final String JVM_OPTIONS_RESOURCE =
      "/io/github/providergateway/app/" + JVM_OPTIONS_FILE;

  /**
   * The line of an installed archive's {@code release} file that names it (make-dist writes it).
   */
  private static final String ARCHIVE_NAME = "NAME=\"provider-gateway\"";

  /**
   * How long whoever starts a detached gateway (a window, {@code --detached}) waits for it to
   * answer: longer than a start's worst case on a machine at load 4× its cores (a JVM's start, no
   * training in it: issue 76), and cut short at once when the gateway started exits before it
   * answers ({@code GatewayClient.connectOrStart}), so a broken start is not waited out.
   */
  public static final Duration START_WAIT = Duration.ofSeconds(60);

  /**
   * Set by the launchers ({@code ./gateway}, the archive's {@code bin/gateway}) for the JVM they
   * run: {@code --detached} through a launcher starts the shared gateway in the background and
   * returns, with or without a terminal (issue 76: from a script, cron or an agent's shell it ran
   * the gateway in the caller's foreground, tied to it). This starter removes it from the gateway
   * it starts, which is that gateway.
   */
  public static final String LAUNCHER_VARIABLE = "GATEWAY_VIA_LAUNCHER";

  /** The class path the app runs from here: this JVM's, or a test's jar. */
  private final String classPath;

  /** Arguments after the ones every detached gateway gets. */
  private final List<String> extraArgs;

  /** Where the user's service manager is looked for: this process's environment, or a test's. */
  private final Map<String, String> env;

  /** Trains a copy's start-up cache beside its gateway. */
  private final ClassDataTrainer trainer = ClassDataTrainer.ofThisMachine();

  private DetachedGatewayStarter(
      String classPath, List<String> extraArgs, Map<String, String> env) {
    this.classPath = classPath;
    this.extraArgs = extraArgs;
    this.env = env;
  }

  /** {@return a starter that runs the app's {@code Main} from this JVM's class path} */
  public static DetachedGatewayStarter fromClassPath() {
    return fromClassPath(System.getProperty("java.class.path"));
  }

  /** Runs the app's {@code Main} from {@code classPath} (tests: a jar of their own). */
  public static DetachedGatewayStarter fromClassPath(String classPath) {
    return new DetachedGatewayStarter(
        requireNonNull(classPath, "classPath"), List.of(), System.getenv());
  }

  /** This starter looking for the user's service manager in {@code env} (tests). */
  public DetachedGatewayStarter withEnvironment(Map<String, String> env) {
    return new DetachedGatewayStarter(classPath, extraArgs, Map.copyOf(env));
  }

  /**
   * This starter with more arguments for the gateway, e.g. {@code --idle-exit-grace 5s}.
   *
   * @param args appended to this starter's arguments
   * @return a new starter; this one is unchanged
   */
  public DetachedGatewayStarter withArgs(List<String> args) {
    List<String> all = new ArrayList<>(extraArgs);
    all.addAll(requireNonNull(args, "args"));
    return new DetachedGatewayStarter(classPath, List.copyOf(all), env);
  }

  /**
   * Starts the gateway and returns its process: {@code setsid} runs it in its own session without a
   * process of its own (it is not a group leader here), so the process is the gateway's JVM and its
   * exit is the gateway's.
   *
   * <p>When the home has the enabled service of {@code gateway service install} and the user's
   * service manager answers, the manager starts it instead and this returns null: a gateway started
   * here beside the service would hold the home, and the service's own, restarted after a crash,
   * would find it taken and be started again every few seconds for as long as hosts keep this one.
   * A starter given arguments of its own ({@code --detached} typed in a terminal, with its grace
   * and config) starts the gateway it was asked for.
   */
  @Override
  public Process start(Path home, int port) throws IOException {
    if (extraArgs.isEmpty()
        && InstalledService.startInstalled(home, env, System.getProperty("os.name"))) {
      return null;
    }
    Path log = DetachedHost.createLogFile(home.resolve("logs"));
    String runFrom = runFrom(home);
    ProcessBuilder builder =
        new ProcessBuilder(commandLine(home, port, runFrom))
            .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
    // The shared gateway outlives whoever started it, even a host that a gateway spawned as a
    // provider: it must not be ended as "everything that provider started" (ProcessTree).
    builder.environment().remove(ProcessTree.MARK_VARIABLE);
    // It is the gateway, not a person's --detached that starts one (LAUNCHER_VARIABLE).
    builder.environment().remove(LAUNCHER_VARIABLE);
    Process gateway = builder.start();
    // Issue 76: the gateway serves first; its start-up cache is trained after, for the next start.
    trainBeside(runFrom);
    return gateway;
  }

  /**
   * The class path the gateway of {@code home} runs from: for a one-jar class path, the jar's copy
   * in {@code <home>/runtime}, made if missing, the copies no gateway needs pruned; any other class
   * path as it is. Its cache is not made here: {@link #trainBeside}.
   */
  public String runFrom(Path home) throws IOException {
    Path jar = oneJar(classPath).orElse(null);
    if (jar == null || !RuntimeCopy.copyable(jar)) {
      return classPath;
    }
    Path dir = home.resolve(RuntimeCopy.DIR);
    Path copy = RuntimeCopy.install(jar, dir);
    Set<Path> keep = new HashSet<>(RuntimeCopy.inUse(home, dir));
    keep.add(copy);
    RuntimeCopy.prune(dir, keep);
    return copy.toString();
  }

  /**
   * Starts the training of the cache of {@code runFrom} (a copy that has none yet) beside the
   * gateway just started, at low priority ({@link ClassDataTrainer}); the next start uses it. A
   * training that cannot start costs only the cache.
   */
  private void trainBeside(String runFrom) {
    Optional<Path> copy = oneJar(runFrom).filter(jar -> !jar.toString().equals(classPath));
    if (copy.isEmpty()) {
      return;
    }
    try {
      trainer.trainBeside(java(), copy.get(), jvmOptions(classPath));
    } catch (IOException | RuntimeException e) {
      System.getLogger(DetachedGatewayStarter.class.getName())
          .log(System.Logger.Level.INFO, "no class-data training: {0}", e.toString());
    }
  }

  private static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  /** The jar of a class path that is one jar. */
  public static Optional<Path> oneJar(String classPath) {
    if (classPath.isEmpty()
        || !classPath.endsWith(".jar")
        || classPath.contains(File.pathSeparator)) {
      return Optional.empty();
    }
    return Optional.of(Path.of(classPath));
  }

  /** What {@link #start} runs, the app coming from {@code classPath}. */
  public List<String> commandLine(Path home, int port, String classPath) {
    List<String> line = new ArrayList<>();
    Path setsid = Path.of("/usr/bin/setsid");
    if (Files.isExecutable(setsid)) {
      line.add(setsid.toString()); // its own session: closing the terminal does not stop it
    }
    line.add(java());
    line.addAll(jvmOptions(this.classPath));
    classDataArchive(classPath)
        .ifPresent(archive -> line.add(ClassDataCache.ofThisRuntime().useOption(archive)));
    line.add("-cp");
    line.add(classPath);
    line.add(RunningApp.MAIN_CLASS);
    line.addAll(List.of("--detached", "--home", home.toString(), "--port", Integer.toString(port)));
    line.addAll(extraArgs);
    return line;
  }

  /**
   * The launcher's JVM options (docs/performance.md explains each): the lines of {@code
   * jvm.options}, less blank ones and {@code #} comments, as {@code ./gateway} reads them.
   */
  public static List<String> jvmOptions() {
    try (InputStream in = DetachedGatewayStarter.class.getResourceAsStream(JVM_OPTIONS_RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException(
            JVM_OPTIONS_RESOURCE
                + " is missing from the class path of "
                + DetachedGatewayStarter.class.getName());
      }
      return optionLines(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The JVM options of the app run from {@code classPath}: when that is the jar of an installed
   * archive ({@code <dist>/lib/provider-gateway.jar}, its {@code <dist>/release} naming
   * provider-gateway), those of the archive's {@code lib/jvm.options}, which its launcher reads
   * (make-dist adds its runtime's own there: docs/install.md); else {@link #jvmOptions()}. So a
   * gateway a host or the service starts from the archive runs as its launcher would start it, and
   * a jar elsewhere beside some other {@code jvm.options} is not run with that file's options.
   *
   * @param classPath the class path the app runs from
   * @return the options, one an element
   */
  public static List<String> jvmOptions(String classPath) {
    Optional<Path> archives = oneJar(classPath).flatMap(DetachedGatewayStarter::archiveOptions);
    if (archives.isEmpty()) {
      return jvmOptions();
    }
    try {
      return optionLines(Files.readString(archives.get()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The installed archive's {@code lib/jvm.options} when {@code jar} is that archive's. */
  private static Optional<Path> archiveOptions(Path jar) {
    Path lib = jar.toAbsolutePath().getParent();
    if (lib == null || lib.getParent() == null) {
      return Optional.empty();
    }
    Path options = lib.resolve(JVM_OPTIONS_FILE);
    Path release = lib.getParent().resolve("release");
    try {
      return Files.isRegularFile(options)
              && Files.isRegularFile(release)
              && Files.readString(release).lines().anyMatch(ARCHIVE_NAME::equals)
          ? Optional.of(options)
          : Optional.empty();
    } catch (IOException unreadable) {
      return Optional.empty();
    }
  }

  private static List<String> optionLines(String text) {
    return text.lines()
        .map(String::strip)
        .filter(line -> !line.isEmpty() && !line.startsWith("#"))
        .toList();
  }

  /**
   * The class-data archive or ahead-of-time cache of this runtime ({@link ClassDataCache}) beside a
   * one-jar class path ({@link RuntimeCopy#archiveOf}: {@code
   * provider-gateway-<hash>-<runtime>.jsa} or {@code .aot} beside a copy), if it exists and is not
   * older than the jar: a stale one would be refused by the JVM anyway.
   */
  public static Optional<Path> classDataArchive(String classPath) {
    Optional<Path> oneJar = classPath == null ? Optional.empty() : oneJar(classPath);
    if (oneJar.isEmpty()) {
      return Optional.empty();
    }
    Path jar = oneJar.get();
    Path archive = RuntimeCopy.archiveOf(jar);
    try {
      if (Files.isRegularFile(archive)
          && Files.getLastModifiedTime(archive).compareTo(Files.getLastModifiedTime(jar)) >= 0) {
        return Optional.of(archive);
      }
    } catch (IOException e) {
      // Unreadable: start without it.
    }
    return Optional.empty();
  }
}
