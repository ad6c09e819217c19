package io.github.providergateway.host.client;

import java.io.File;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The default {@link GatewayClient.Starter}: runs the reference app as a detached process ({@code
 * --detached}), in a session of its own where {@code setsid} exists, reading {@code /dev/null} and
 * appending its output to {@code <home>/logs/gateway.log} (owner-only, like its directory).
 */
final class DetachedGatewayStarter implements GatewayClient.Starter {
  private static final String MAIN = "io.github.providergateway.app.Main";

  /** The {@code ./gateway} launcher's JVM options (docs/performance.md explains each). */
  static final List<String> JVM_OPTIONS =
      List.of(
          "-XX:+UseSerialGC",
          "-Xms16m",
          "-Xmx512m",
          "-Xss512k",
          "-Xlog:disable",
          "-Xlog:all=warning:stderr");

  /** The command before the app's arguments, or null for this JVM's java, class path and main. */
  private final List<String> command;
  private final List<String> extraArgs;

  DetachedGatewayStarter(List<String> command, List<String> extraArgs) {
    this.command = command;
    this.extraArgs = extraArgs;
  }

  @Override
  public void start(Path home, int port) throws IOException {
    List<String> line = new ArrayList<>();
    Path setsid = Path.of("/usr/bin/setsid");
    if (Files.isExecutable(setsid)) {
      line.add(setsid.toString()); // its own session: closing the terminal does not stop it
    }
    if (command != null) {
      line.addAll(command);
    } else {
      String classPath = System.getProperty("java.class.path");
      line.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
      line.addAll(JVM_OPTIONS);
      classDataArchive(classPath).ifPresent(archive -> line.add("-XX:SharedArchiveFile=" + archive));
      line.add("-cp");
      line.add(classPath);
      line.add(MAIN);
    }
    line.addAll(List.of("--detached", "--home", home.toString(), "--port", Integer.toString(port)));
    line.addAll(extraArgs);
    Path logs = home.resolve("logs");
    ownerOnlyDirectories(logs);
    Path log = logs.resolve("gateway.log");
    if (!Files.exists(log) && log.getFileSystem().supportedFileAttributeViews().contains("posix")) {
      try {
        Files.createFile(log, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
      } catch (FileAlreadyExistsException raced) {
        // Another host's start made it first.
      }
    }
    new ProcessBuilder(line)
        .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
        .redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
        .start();
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

  /** Creates {@code dir} and its missing parents readable by the owner only (rwx------). */
  private static void ownerOnlyDirectories(Path dir) throws IOException {
    if (Files.isDirectory(dir)) {
      return;
    }
    if (dir.getFileSystem().supportedFileAttributeViews().contains("posix")) {
      Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
    } else {
      Files.createDirectories(dir);
    }
  }
}
