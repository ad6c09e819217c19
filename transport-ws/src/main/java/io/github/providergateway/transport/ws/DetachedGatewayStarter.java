package io.github.providergateway.transport.ws;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;

/**
 * The default {@link GatewayClient.Starter}: runs the reference app as a detached process ({@code
 * --detached}), in a session of its own where {@code setsid} exists, reading {@code /dev/null} and
 * appending its output to {@code <home>/logs/gateway.log} (owner-only, like its directory).
 */
final class DetachedGatewayStarter implements GatewayClient.Starter {
  private static final String MAIN = "io.github.providergateway.app.Main";

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
      line.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
      line.addAll(List.of("-XX:+UseSerialGC", "-Xss512k", "-XX:TieredStopAtLevel=1"));
      line.add("-cp");
      line.add(System.getProperty("java.class.path"));
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
