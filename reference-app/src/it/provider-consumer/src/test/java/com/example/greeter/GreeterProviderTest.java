package com.example.greeter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs the provider this project built against the reference gateway (its uber jar as published,
 * {@code reference-app} with the classifier {@code all}, in {@code --rpc} mode on a free port,
 * spec/host-rpc.md): once on the class path, finding its token in the token
 * file, and once on the module path, with the token in {@code TAP_PROVIDER_TOKEN}. Each time the
 * host calls the provider's tool and gets its answer. And the provider needs nothing at run time
 * but the slim client's dependencies.
 */
class GreeterProviderTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration WAIT = Duration.ofSeconds(30);

  /** What a provider may pull in at run time: the slim client's dependencies, nothing more. */
  private static final Set<String> SLIM =
      Set.of(
          "io.github.providergateway:provider-client",
          "io.github.providergateway:provider-api",
          "io.github.providergateway:protocol-api",
          "io.github.providergateway:loop",
          "com.fasterxml.jackson.core:jackson-databind",
          "com.fasterxml.jackson.core:jackson-core",
          "com.fasterxml.jackson.core:jackson-annotations");

  @TempDir static Path temp;

  private static Path copilotHome;
  private static Process gateway;
  private static Writer toGateway;
  private static final BlockingQueue<JsonNode> fromGateway = new LinkedBlockingQueue<>();
  private static String url;
  private static Path tokenFile;
  private static String sessionId;
  private static int nextId;

  @BeforeAll
  static void startGatewayAndSession() throws Exception {
    copilotHome = temp.resolve("copilot");
    Path home = copilotHome.resolve("extensions").resolve("tap");
    Files.createDirectories(
        home, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
    gateway =
        new ProcessBuilder(
                java(), "-jar", property("gateway.jar"), "--rpc", "--port", "0",
                "--home", home.toString())
            .redirectError(temp.resolve("gateway.log").toFile())
            .start();
    toGateway = new OutputStreamWriter(gateway.getOutputStream(), StandardCharsets.UTF_8);
    Thread reader = new Thread(GreeterProviderTest::readGateway, "gateway-stdout");
    reader.setDaemon(true);
    reader.start();

    JsonNode started = next(line -> line.path("event").asText().equals("gateway.started"));
    url = started.path("url").asText();
    tokenFile = Path.of(started.path("tokenFile").asText());
    sessionId = request(command("session.start")).path("sessionId").asText();
  }

  @AfterAll
  static void stopGateway() throws Exception {
    if (gateway != null) {
      toGateway.close(); // the gateway ends its sessions and exits when its input closes
      assertTrue(gateway.waitFor(WAIT.toSeconds(), TimeUnit.SECONDS), "gateway stopped");
      assertEquals(0, gateway.exitValue());
    }
  }

  @Test
  void onTheClassPathItFindsTheTokenFileAndAnswers() throws Exception {
    List<String> command = List.of(java(), "-cp", providerPath(), GreeterProvider.class.getName());
    // No TAP_PROVIDER_TOKEN: the token comes from the token file under COPILOT_HOME.
    String answer = runAndCall(command, Map.of("COPILOT_HOME", copilotHome.toString()));

    assertEquals("Hello, Ada, from the class path", answer);
  }

  @Test
  void onTheModulePathItTakesTheTokenFromTheEnvironmentAndAnswers() throws Exception {
    List<String> command =
        List.of(
            java(),
            "--module-path",
            providerPath(),
            "--module",
            "com.example.greeter/" + GreeterProvider.class.getName());
    String token = Files.readString(tokenFile).strip();
    // The token file is out of reach: the token must come from TAP_PROVIDER_TOKEN.
    String nowhere = temp.resolve("nowhere").toString();
    String answer =
        runAndCall(command, Map.of("TAP_PROVIDER_TOKEN", token, "COPILOT_HOME", nowhere));

    assertEquals("Hello, Ada, from the module path", answer);
  }

  @Test
  void atRunTimeTheProviderNeedsOnlyTheSlimClientsDependencies() throws IOException {
    Set<String> resolved = new TreeSet<>();
    Matcher artifact =
        Pattern.compile("(?m)^\\s+([\\w.-]+):([\\w.-]+):jar:[^:\\s]+:(compile|runtime)")
            .matcher(Files.readString(Path.of(property("provider.runtimeDependencies"))));
    while (artifact.find()) {
      resolved.add(artifact.group(1) + ":" + artifact.group(2));
    }
    resolved.add("io.github.providergateway:provider-client"); // the project's one dependency

    assertEquals(new TreeSet<>(SLIM), resolved);
    long bytes = 0;
    String[] jars = runtimeClasspath().split(File.pathSeparator);
    for (String jar : jars) {
      bytes += Files.size(Path.of(jar));
    }
    System.out.printf("a provider's run-time class path: %d jars, %d bytes%n", jars.length, bytes);
  }

  // ---- the provider ----

  /**
   * Starts the provider with {@code command} and {@code environment} (on top of the gateway's URL),
   * calls its tool once it has registered it, and ends it by closing its input.
   *
   * @return the tool's answer
   */
  private static String runAndCall(List<String> command, Map<String, String> environment)
      throws Exception {
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    builder.environment().remove("TAP_PROVIDER_TOKEN");
    builder.environment().put("TAP_GATEWAY_URL", url);
    builder.environment().putAll(environment);
    Path log = Files.createTempFile(temp, "provider", ".log");
    Process provider = builder.redirectOutput(log.toFile()).start();
    try {
      next(
          line ->
              line.path("event").asText().equals("tools.changed")
                  && line.path("tools").toString().contains("\"greet\""));
      ObjectNode call = command("tool.call").put("sessionId", sessionId).put("tool", "greet");
      call.putObject("args").put("name", "Ada");
      JsonNode outcome = request(call).path("outcome");
      assertEquals("success", outcome.path("status").asText(), () -> outcome + "\n" + read(log));

      provider.getOutputStream().close(); // it says goodbye and exits
      assertTrue(provider.waitFor(WAIT.toSeconds(), TimeUnit.SECONDS), "provider exited");
      assertEquals(0, provider.exitValue(), () -> read(log));
      next(line -> line.path("event").asText().equals("provider.disconnected"));
      return outcome.path("data").asText();
    } finally {
      provider.destroyForcibly();
    }
  }

  /** target/classes and the run-time class path: the class path, or the module path. */
  private static String providerPath() throws IOException {
    return property("provider.classes") + File.pathSeparator + runtimeClasspath();
  }

  private static String runtimeClasspath() throws IOException {
    return Files.readString(Path.of(property("provider.runtimeClasspath"))).strip();
  }

  // ---- the gateway's host RPC ----

  private static ObjectNode command(String name) {
    return JSON.createObjectNode().put("id", ++nextId).put("cmd", name);
  }

  /** Sends a command and returns its reply, which must be ok. */
  private static JsonNode request(ObjectNode command) throws Exception {
    toGateway.write(command.toString() + "\n");
    toGateway.flush();
    int id = command.path("id").asInt();
    JsonNode reply = next(line -> line.has("ok") && line.path("id").asInt() == id);
    assertTrue(reply.path("ok").asBoolean(), reply::toString);
    return reply;
  }

  /** The next line from the gateway that matches, skipping the others; fails after WAIT. */
  private static JsonNode next(Predicate<JsonNode> wanted) throws Exception {
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (true) {
      JsonNode line = fromGateway.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
      assertNotNull(
          line,
          () -> "nothing as expected from the gateway within " + WAIT + "; its log:\n"
              + read(temp.resolve("gateway.log")));
      if (wanted.test(line)) {
        return line;
      }
    }
  }

  private static void readGateway() {
    try (BufferedReader lines =
        new BufferedReader(new InputStreamReader(gateway.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = lines.readLine()) != null) {
        fromGateway.add(JSON.readTree(line));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  private static String property(String name) {
    String value = System.getProperty(name);
    assertNotNull(value, name + " is set by the pom");
    return value;
  }

  private static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      return "(" + e + ")";
    }
  }
}
