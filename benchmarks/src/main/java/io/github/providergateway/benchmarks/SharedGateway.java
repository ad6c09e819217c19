package io.github.providergateway.benchmarks;

import io.github.providergateway.host.client.GatewayClient;
import io.github.providergateway.host.client.GatewayHome;
import io.github.providergateway.protocol.SessionInfo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A home's shared gateway as the MCP scenarios run it: the reference app's jar started {@code
 * --detached} (no terminal, a free port), found through the home's {@code gateway.port}, and
 * stopped through a host's {@code gateway.shutdown}.
 */
final class SharedGateway {

  static final String MAIN = "io.github.providergateway.app.Main";

  private SharedGateway() {}

  /**
   * Starts the shared gateway of {@code home} from {@code jar} with {@code jvm}; its output to
   * {@code log}.
   */
  static Process start(List<String> jvm, Path jar, Path home, Path log) throws IOException {
    List<String> command = new ArrayList<>(java(jvm));
    command.addAll(
        List.of(
            "-cp",
            jar.toString(),
            MAIN,
            "--detached",
            "--home",
            home.toString(),
            "--port",
            "0",
            "--idle-exit-grace",
            "10m"));
    return new ProcessBuilder(command)
        .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
        .redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
        .start();
  }

  /** Waits for the home's {@code gateway.port}, which the gateway writes once it listens. */
  static int awaitPort(Path home, Process gateway) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (System.nanoTime() < deadline) {
      try {
        String text =
            Files.readString(home.resolve(GatewayHome.PORT_FILE), StandardCharsets.UTF_8).strip();
        if (!text.isEmpty()) {
          return Integer.parseInt(text);
        }
      } catch (NoSuchFileException | NumberFormatException notYet) {
        // not written yet, or written half
      }
      if (gateway != null && !gateway.isAlive()) {
        throw new IllegalStateException(
            "the shared gateway exited (" + gateway.exitValue() + "); see its log");
      }
      Thread.sleep(20);
    }
    throw new IllegalStateException("no " + GatewayHome.PORT_FILE + " in " + home + " after 30 s");
  }

  /** Asks the gateway to stop, and closes the host connection that asked. */
  static void stop(GatewayClient client) {
    try {
      client.shutdownGateway(Duration.ofSeconds(2)).get(10, TimeUnit.SECONDS);
    } catch (Exception e) {
      System.err.println("[load] the shared gateway did not accept shutdown: " + e);
    } finally {
      client.close();
    }
  }

  /**
   * Ends what a run started, each part that was: the gateway (asked through {@code client}), its
   * process, the providers, and the home.
   */
  static void tearDown(GatewayClient client, Process gateway, NodeProviders providers, Path home)
      throws IOException, InterruptedException {
    if (client != null) {
      stop(client);
    }
    if (gateway != null) {
      awaitExit(gateway.toHandle());
    }
    if (providers != null) {
      providers.close();
    }
    LoadDriver.deleteTree(home);
  }

  /** Waits for {@code process} to exit; after 20 s it is killed. */
  static void awaitExit(ProcessHandle process) throws InterruptedException {
    try {
      process.onExit().get(20, TimeUnit.SECONDS);
    } catch (Exception e) {
      process.destroy();
      Thread.sleep(2000);
      process.destroyForcibly();
    }
  }

  /** The gateway id of the session an MCP client named {@code label} started. */
  static String awaitSession(GatewayClient client, String label) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (System.nanoTime() < deadline) {
      for (SessionInfo session : client.sessions().get(10, TimeUnit.SECONDS)) {
        if (label.equals(session.label())) {
          return session.id();
        }
      }
      Thread.sleep(20);
    }
    throw new IllegalStateException("no session labelled " + label + " started");
  }

  /**
   * Runs the app's command {@code args} from {@code jar} with {@code jvm}'s options, as a person
   * runs it to set up a client ({@code mcp --print-config http}, {@code hook --print-config
   * claude}), and returns the first group of {@code token} in what it printed.
   */
  static String printed(List<String> jvm, Path jar, List<String> args, Pattern token)
      throws Exception {
    List<String> command = new ArrayList<>(java(jvm));
    command.addAll(List.of("-cp", jar.toString(), MAIN));
    command.addAll(args);
    Process print = new ProcessBuilder(command).redirectErrorStream(true).start();
    String printed = new String(print.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!print.waitFor(60, TimeUnit.SECONDS) || print.exitValue() != 0) {
      throw new IllegalStateException(String.join(" ", args) + " failed: " + printed);
    }
    Matcher found = token.matcher(printed);
    if (!found.find()) {
      throw new IllegalStateException(String.join(" ", args) + " printed no token: " + printed);
    }
    return found.group(1);
  }

  /** This JVM's java with {@code jvm}'s options. */
  static List<String> java(List<String> jvm) {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(jvm);
    return command;
  }
}
