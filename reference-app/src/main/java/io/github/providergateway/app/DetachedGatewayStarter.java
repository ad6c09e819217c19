package io.github.providergateway.app;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.host.client.GatewayClient;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Starts the reference app as the shared gateway of a home ({@code --detached}), from this JVM's
 * class path: the {@link GatewayClient.Starter} for a JVM host that has the reference app on its
 * class path.
 *
 * <pre>{@code
 * GatewayClient.connectOrStart(home, GatewayClient.Launch.of(DetachedGatewayStarter.fromClassPath()))
 * }</pre>
 *
 * <p>It runs {@code java <options> -cp <class path> io.github.providergateway.app.Main --detached
 * --home <home> --port <port>} with this JVM's {@code java}, the {@code ./gateway} launcher's JVM
 * options (the app's {@code jvm.options}, the one file the launcher reads too) and, when the class
 * path is the launcher's jar, its class-data archive; in a session of its own where {@code setsid}
 * exists, reading {@code /dev/null}, with its output appended to {@code <home>/logs/gateway.log}
 * (owner-only, like its directory). It returns without waiting for the gateway.
 */
public final class DetachedGatewayStarter implements GatewayClient.Starter {

  /** The launcher's JVM options, one a line, beside this class in the jar. */
  private static final String JVM_OPTIONS_RESOURCE = "jvm.options";

  /** Arguments after the ones every detached gateway gets. */
  private final List<String> extraArgs;

  private DetachedGatewayStarter(List<String> extraArgs) {
    this.extraArgs = extraArgs;
  }

  /** Runs the app's {@code Main} from this JVM's class path. */
  public static DetachedGatewayStarter fromClassPath() {
    return new DetachedGatewayStarter(List.of());
  }

  /** This starter with more arguments for the gateway, e.g. {@code --idle-exit-grace 5s}. */
  public DetachedGatewayStarter withArgs(List<String> args) {
    List<String> all = new ArrayList<>(extraArgs);
    all.addAll(requireNonNull(args, "args"));
    return new DetachedGatewayStarter(List.copyOf(all));
  }

  @Override
  public void start(Path home, int port) throws IOException {
    Path log = DetachedHost.createLogFile(home.resolve("logs"));
    new ProcessBuilder(commandLine(home, port))
        .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
        .redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
        .start();
  }

  /** What {@link #start} runs. */
  List<String> commandLine(Path home, int port) {
    List<String> line = new ArrayList<>();
    Path setsid = Path.of("/usr/bin/setsid");
    if (Files.isExecutable(setsid)) {
      line.add(setsid.toString()); // its own session: closing the terminal does not stop it
    }
    String classPath = System.getProperty("java.class.path");
    line.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    line.addAll(jvmOptions());
    classDataArchive(classPath).ifPresent(archive -> line.add("-XX:SharedArchiveFile=" + archive));
    line.add("-cp");
    line.add(classPath);
    line.add(Main.class.getName());
    line.addAll(List.of("--detached", "--home", home.toString(), "--port", Integer.toString(port)));
    line.addAll(extraArgs);
    return line;
  }

  /**
   * The launcher's JVM options (docs/performance.md explains each): the lines of {@code
   * jvm.options}, less blank ones and {@code #} comments, as {@code ./gateway} reads them.
   */
  static List<String> jvmOptions() {
    try (InputStream in = DetachedGatewayStarter.class.getResourceAsStream(JVM_OPTIONS_RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException(JVM_OPTIONS_RESOURCE + " is missing beside " + DetachedGatewayStarter.class.getName());
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8)
          .lines()
          .map(String::strip)
          .filter(line -> !line.isEmpty() && !line.startsWith("#"))
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The launcher's class-data archive beside a one-jar class path ({@code provider-gateway.jsa}
   * beside {@code provider-gateway.jar}), if it exists and is not older than the jar: a stale
   * one would be refused by the JVM anyway.
   */
  static Optional<Path> classDataArchive(String classPath) {
    if (classPath == null || !classPath.endsWith(".jar") || classPath.contains(File.pathSeparator)) {
      return Optional.empty();
    }
    Path jar = Path.of(classPath);
    Path archive = jar.resolveSibling(jar.getFileName().toString().replaceFirst("\\.jar$", ".jsa"));
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
