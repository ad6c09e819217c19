package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Codex CLI, the real binary, driven by a test: the version pinned in {@code
 * src/test/resources/agents/codex-cli/package.json} (0.171.0), installed from the npm registry
 * under {@code target/agents/} the first time a test needs it ({@link #installed()}, through {@link
 * NpmAgent}), and run as {@code codex exec} against a {@link ScriptedModel} of {@link
 * ScriptedModel.Dialect#RESPONSES} on loopback ({@link #exec}), Codex's model provider {@code
 * scripted} whose {@code base_url} is the endpoint.
 *
 * <p>Every run has a {@code HOME} and a {@code CODEX_HOME} of the test's ({@code <home>/.codex}),
 * so {@code config.toml} and {@code hooks.json} ({@link #writeHooks}) are the test's, never the
 * real home's; the machine's own {@code CODEX_*} and {@code OPENAI_*} variables are left out. Codex
 * runs an unmanaged hook only once a person trusted it ({@link #trustHooks}); an untrusted one is
 * skipped without a word, and the call runs.
 */
final class CodexCli {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String PACKAGE = "@openai/codex";
  private static final Duration APP_SERVER_WAIT = Duration.ofSeconds(30);

  private final Path binary;

  /**
   * The command its app server runs under, before the binary: empty, or a private mount namespace
   * that shows a test's managed files under /etc ({@link #underEtc}).
   */
  private final List<String> wrapper;

  private CodexCli(Path binary) {
    this(binary, List.of());
  }

  private CodexCli(Path binary, List<String> wrapper) {
    this.binary = binary;
    this.wrapper = List.copyOf(wrapper);
  }

  /**
   * This Codex with {@code upper}'s files over the machine's {@code /etc} (an overlay, in a mount
   * namespace of its own: the machine's /etc is never written, and no other process sees them), so
   * that it reads a test's {@code /etc/codex/requirements.toml}, which it has no variable to move.
   * Needs root (tests that use it assume it); {@code work} is the overlay's own empty folder.
   */
  CodexCli underEtc(Path upper, Path work) {
    return new CodexCli(binary, EtcOverlay.command(upper, work));
  }

  /**
   * The pinned Codex CLI, installed under {@code target/agents/} unless it is there already (about
   * 400 MB, 15 s). Skips the test when npm is not installed or cannot reach its registry.
   */
  static CodexCli installed() throws IOException, InterruptedException {
    return new CodexCli(NpmAgent.installed("codex-cli", PACKAGE, "codex").binary());
  }

  /** The installed binary. */
  Path binary() {
    return binary;
  }

  /** {@code home}'s {@code CODEX_HOME}: {@code <home>/.codex}. */
  static Path codexHome(Path home) {
    return home.resolve(".codex");
  }

  /**
   * Adds the MCP server {@code name} running {@code command} to {@code home}'s {@code config.toml},
   * as {@code codex mcp add NAME -- COMMAND…} writes it.
   */
  static void addMcpServer(Path home, String name, List<String> command) throws IOException {
    StringBuilder toml = new StringBuilder();
    toml.append("\n[mcp_servers.").append(name).append("]\n");
    toml.append("command = ").append(quote(command.get(0))).append('\n');
    toml.append("args = [")
        .append(
            command.subList(1, command.size()).stream()
                .map(CodexCli::quote)
                .collect(Collectors.joining(", ")))
        .append("]\n");
    // Required: Codex waits for it before the first turn (and refuses to start without it),
    // rather than offering the model no gateway tools until it connects in the background.
    toml.append("required = true\n");
    Path dir = Files.createDirectories(codexHome(home));
    Files.writeString(
        dir.resolve("config.toml"),
        toml.toString(),
        StandardOpenOption.CREATE,
        StandardOpenOption.APPEND);
  }

  /**
   * Makes {@code model} the model of every Codex run with {@code home}'s {@code config.toml} (the
   * keys of the file's root before what is there, its table after), so that a Codex the model's own
   * shell starts ({@code codex exec …}) talks to it too, as {@link #exec} gives it with {@code -c};
   * its key in the variable {@code SCRIPTED_MODEL_KEY}.
   */
  static void useModel(Path home, ScriptedModel model) throws IOException {
    Path file = Files.createDirectories(codexHome(home)).resolve("config.toml");
    String kept = Files.exists(file) ? Files.readString(file) : "";
    Files.writeString(
        file,
        "model = \"gpt-5\"\nmodel_provider = \"scripted\"\n\n"
            + kept
            + "\n[model_providers.scripted]\nname = \"scripted\"\nbase_url = "
            + quote(model.baseUrl() + "/v1")
            + "\nwire_api = \"responses\"\nenv_key = \"SCRIPTED_MODEL_KEY\"\n");
  }

  /** A TOML basic string: JSON's string syntax is TOML's for these characters. */
  private static String quote(String value) {
    try {
      return JSON.writeValueAsString(value);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * Writes {@code home}'s {@code hooks.json}: one {@code PreToolUse} group, {@code matcher}, whose
   * one command hook is {@code command} with a {@code timeoutSeconds} limit.
   */
  static void writeHooks(Path home, String matcher, String command, int timeoutSeconds)
      throws IOException {
    ObjectNode hooks = JSON.createObjectNode();
    ObjectNode group = hooks.putObject("hooks").putArray("PreToolUse").addObject();
    group.put("matcher", matcher);
    group
        .putArray("hooks")
        .addObject()
        .put("type", "command")
        .put("command", command)
        .put("timeout", timeoutSeconds);
    Path dir = Files.createDirectories(codexHome(home));
    Files.writeString(
        dir.resolve("hooks.json"), JSON.writerWithDefaultPrettyPrinter().writeValueAsString(hooks));
  }

  /**
   * Trusts every hook Codex finds for {@code project}, as a person does in Codex's hook review
   * ("Trust all and continue", or {@code /hooks}): Codex's own app server lists the hooks with the
   * hash of each as it is now ({@code hooks/list}), and its {@code trusted_hash} goes into the
   * user's {@code config.toml} under {@code [hooks.state."<key>"]} ({@code config/batchWrite}),
   * which is all the trust Codex keeps. A hook changed later is untrusted again. {@return the
   * hooks' keys it trusted}
   */
  List<String> trustHooks(Path project, Path home) throws IOException, InterruptedException {
    return withAppServer(
        project,
        home,
        (in, out, log) -> {
          JsonNode listed = listHooks(in, out, log, project, 2);
          ObjectNode states = JSON.createObjectNode();
          List<String> keys = new ArrayList<>();
          for (JsonNode entry : listed.path("data")) {
            for (JsonNode hook : entry.path("hooks")) {
              if (!hook.path("trustStatus").asText().equals("managed")) {
                states
                    .putObject(hook.path("key").asText())
                    .put("trusted_hash", hook.path("currentHash").asText());
                keys.add(hook.path("key").asText());
              }
            }
          }
          ObjectNode write = request(3, "config/batchWrite");
          ObjectNode edit = write.putObject("params").putArray("edits").addObject();
          edit.put("keyPath", "hooks.state").put("mergeStrategy", "upsert").set("value", states);
          send(in, write);
          answer(out, 3, log);
          JsonNode checked = listHooks(in, out, log, project, 4);
          assertThat(checked.findValues("trustStatus"))
              .as("Codex's hooks for %s after trusting them: %s", project, checked)
              .isNotEmpty()
              .allMatch(status -> status.asText().equals("trusted"));
          return keys;
        });
  }

  /**
   * The hooks Codex finds for {@code project}, as its own app server lists them ({@code
   * hooks/list}): each with its {@code key}, {@code eventName} and {@code trustStatus}, as Codex
   * would run it now. Nothing is written.
   */
  List<JsonNode> hooks(Path project, Path home) throws IOException, InterruptedException {
    return withAppServer(
        project,
        home,
        (in, out, log) -> {
          List<JsonNode> hooks = new ArrayList<>();
          for (JsonNode entry : listHooks(in, out, log, project, 2).path("data")) {
            entry.path("hooks").forEach(hooks::add);
          }
          return hooks;
        });
  }

  /** One conversation with Codex's app server, initialized. */
  private interface AppServerTalk<T> {
    T talk(OutputStream in, BufferedReader out, Path log) throws IOException;
  }

  private <T> T withAppServer(Path project, Path home, AppServerTalk<T> talk)
      throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(wrapper);
    command.addAll(List.of(binary.toString(), "app-server"));
    ProcessBuilder builder = new ProcessBuilder(command).directory(project.toFile());
    environment(builder.environment(), home);
    Path log = home.resolveSibling("codex-app-server.err");
    Process server = builder.redirectError(log.toFile()).start();
    try (OutputStream in = server.getOutputStream();
        BufferedReader out =
            new BufferedReader(
                new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8))) {
      ObjectNode initialize = request(1, "initialize");
      initialize
          .putObject("params")
          .putObject("clientInfo")
          .put("name", "provider-gateway-tests")
          .put("version", "1");
      send(in, initialize);
      send(in, JSON.createObjectNode().put("jsonrpc", "2.0").put("method", "initialized"));
      return talk.talk(in, out, log);
    } finally {
      server.destroy();
      if (!server.waitFor(10, TimeUnit.SECONDS)) {
        server.destroyForcibly();
      }
    }
  }

  private static JsonNode listHooks(
      OutputStream in, BufferedReader out, Path log, Path project, int id) throws IOException {
    ObjectNode list = request(id, "hooks/list");
    list.putObject("params").putArray("cwds").add(project.toString());
    send(in, list);
    return answer(out, id, log);
  }

  private static ObjectNode request(int id, String method) {
    return JSON.createObjectNode().put("jsonrpc", "2.0").put("id", id).put("method", method);
  }

  private static void send(OutputStream in, JsonNode message) throws IOException {
    in.write((JSON.writeValueAsString(message) + "\n").getBytes(StandardCharsets.UTF_8));
    in.flush();
  }

  /**
   * The result of the request {@code id}, skipping the server's notifications; fails on an error.
   */
  private static JsonNode answer(BufferedReader out, int id, Path log) throws IOException {
    CompletableFuture<JsonNode> reply =
        CompletableFuture.supplyAsync(
            () -> {
              try {
                for (String line = out.readLine(); line != null; line = out.readLine()) {
                  JsonNode message = JSON.readTree(line);
                  if (message.path("id").asInt(-1) == id) {
                    return message;
                  }
                }
                return null;
              } catch (IOException e) {
                throw new IllegalStateException(e);
              }
            });
    JsonNode message;
    try {
      message = reply.get(APP_SERVER_WAIT.toSeconds(), TimeUnit.SECONDS);
    } catch (Exception e) {
      reply.cancel(true);
      throw new AssertionError(
          "codex app-server gave no answer to request " + id + ": " + GuardedHome.read(log), e);
    }
    assertThat(message != null && message.has("result"))
        .as(
            "codex app-server's answer to request %s has a result: %s; its stderr: %s",
            id, message, GuardedHome.read(log))
        .isTrue();
    return message.get("result");
  }

  /**
   * Runs {@code codex exec --skip-git-repo-check --disable plugins ARGS… PROMPT} in {@code project}
   * with {@code home}'s {@code CODEX_HOME}, against {@code model}, to its end or for at most {@code
   * limit} (then it is killed, with everything it started that is still its descendant). The model
   * is Codex's provider {@code scripted}, given with {@code -c} as {@code config.toml} would give
   * it ({@code wire_api = "responses"}: Codex refuses chat completions). Without {@code --disable
   * plugins} Codex reaches out to the network at start.
   *
   * @param env more variables for Codex (and so for its hooks and MCP servers)
   */
  NpmAgent.Run exec(
      Path project,
      Path home,
      ScriptedModel model,
      Map<String, String> env,
      String prompt,
      List<String> args,
      Duration limit)
      throws IOException, InterruptedException {
    List<String> command =
        new ArrayList<>(
            List.of(binary.toString(), "exec", "--skip-git-repo-check", "--disable", "plugins"));
    command.addAll(List.of("-c", "model=\"gpt-5\"", "-c", "model_provider=\"scripted\""));
    command.add("-c");
    command.add(
        "model_providers.scripted={name=\"scripted\", base_url="
            + quote(model.baseUrl() + "/v1")
            + ", wire_api=\"responses\", env_key=\"SCRIPTED_MODEL_KEY\"}");
    command.addAll(args);
    command.add(prompt);
    ProcessBuilder builder = new ProcessBuilder(command).directory(project.toFile());
    Map<String, String> environment = builder.environment();
    environment(environment, home);
    environment.put("SCRIPTED_MODEL_KEY", "scripted-model-key");
    environment.putAll(env);
    return NpmAgent.run(
        builder, home.getParent(), "codex", limit, () -> GuardedHome.read(codexLog(home)));
  }

  /** Codex's file log, {@code <CODEX_HOME>/log/codex-tui.log}, where it writes one. */
  private static Path codexLog(Path home) {
    return codexHome(home).resolve("log/codex-tui.log");
  }

  /**
   * The test JVM's environment without the machine's Codex and OpenAI settings, in {@code home}.
   */
  private static void environment(Map<String, String> environment, Path home) {
    NpmAgent.withoutVariables(environment, "CODEX_", "OPENAI_");
    environment.put("HOME", home.toString());
    environment.put("CODEX_HOME", codexHome(home).toString());
  }
}
