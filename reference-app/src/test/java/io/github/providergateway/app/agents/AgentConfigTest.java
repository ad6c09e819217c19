package io.github.providergateway.app.agents;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.agent.tokens.ClientTokens;
import io.github.providergateway.app.Main;
import io.github.providergateway.app.home.ShellWords;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code gateway mcp --print-config}: the snippets people paste into their agents' settings. */
@Tag("process")
public class AgentConfigTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final List<String> JAVA =
      List.of("/opt/jdk/bin/java", "-jar", "/opt/pg/provider-gateway.jar");

  /** The JSON documents of a snippet: every run of lines from a line "{" to the line "}". */
  public static List<JsonNode> jsonParts(String snippet) throws Exception {
    List<JsonNode> parts = new ArrayList<>();
    StringBuilder part = null;
    for (String line : snippet.lines().toList()) {
      if (line.equals("{")) {
        part = new StringBuilder();
      }
      if (part != null) {
        part.append(line).append('\n');
        if (line.equals("}")) {
          parts.add(JSON.readTree(part.toString()));
          part = null;
        }
      }
    }
    return parts;
  }

  /** A target is one of the words {@code --print-config} takes, however it is made. */
  @Test
  void aTargetIsAnAgentsIdOrVscodeOrHttpAndNothingElse() {
    assertThat(new AgentConfig.Target("claude")).isEqualTo(AgentConfig.Target.of("claude"));
    assertThat(new AgentConfig.Target("http")).isEqualTo(AgentConfig.Target.HTTP);
    assertThat(AgentConfig.Target.VSCODE.word()).isEqualTo("vscode");
    assertThatThrownBy(() -> new AgentConfig.Target("claud"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("claud");
    assertThatThrownBy(() -> AgentConfig.Target.of(null))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void claudeGetsAnMcpServerAndAPreToolUseHookAsValidJson() throws Exception {
    String snippet = new AgentConfig(JAVA, null).snippet(AgentConfig.Target.of("claude"));

    List<JsonNode> parts = jsonParts(snippet);
    assertThat(parts).hasSize(2);
    JsonNode server = parts.get(0).path("mcpServers").path("provider-gateway");
    assertThat(server.path("type").asText()).isEqualTo("stdio");
    assertThat(server.path("command").asText()).isEqualTo("/opt/jdk/bin/java");
    assertThat(JSON.convertValue(server.path("args"), List.class))
        .containsExactly("-jar", "/opt/pg/provider-gateway.jar", "mcp");
    JsonNode hook = parts.get(1).path("hooks").path("PreToolUse").path(0).path("hooks").path(0);
    assertThat(hook.path("command").asText())
        .startsWith("/opt/jdk/bin/java -jar /opt/pg/provider-gateway.jar hook claude || printf ");
    assertThat(snippet)
        .contains(
            "claude mcp add provider-gateway -- /opt/jdk/bin/java -jar /opt/pg/provider-gateway.jar mcp");
  }

  @Test
  void copilotGetsAllToolsAndAHookFile() throws Exception {
    List<JsonNode> parts =
        jsonParts(new AgentConfig(JAVA, null).snippet(AgentConfig.Target.of("copilot")));

    JsonNode server = parts.get(0).path("mcpServers").path("provider-gateway");
    assertThat(server.path("type").asText()).isEqualTo("local");
    assertThat(server.path("tools").path(0).asText()).isEqualTo("*");
    JsonNode hook = parts.get(1).path("hooks").path("preToolUse").path(0);
    assertThat(parts.get(1).path("version").asInt()).isEqualTo(1);
    assertThat(hook.path("bash").asText()).contains(" hook copilot || printf ");
  }

  /**
   * Issue 43, "not installed": the installed command hook whose program is gone (a clone deleted)
   * still answers deny, in each agent's shape, since both agents run a call whose hook fails.
   */
  @Test
  void theCommandHookDeniesWhenTheGatewaysProgramIsGone(@TempDir Path gone) throws Exception {
    AgentConfig config = new AgentConfig(List.of(gone.resolve("gateway").toString()), null);
    String claude =
        jsonParts(config.snippet(AgentConfig.Target.of("claude")))
            .get(1)
            .at("/hooks/PreToolUse/0/hooks/0/command")
            .asText();
    String copilot =
        jsonParts(config.snippet(AgentConfig.Target.of("copilot")))
            .get(1)
            .at("/hooks/preToolUse/0/bash")
            .asText();

    JsonNode claudeSays = JSON.readTree(shell("sh", claude));
    JsonNode copilotSays = JSON.readTree(shell("bash", copilot));

    assertThat(claudeSays.at("/hookSpecificOutput/permissionDecision").asText()).isEqualTo("deny");
    assertThat(claudeSays.at("/hookSpecificOutput/permissionDecisionReason").asText())
        .contains("is missing or broken");
    assertThat(copilotSays.path("permissionDecision").asText()).isEqualTo("deny");
  }

  /** Runs {@code command} as the agent does, with a hook's input on stdin; {@return its stdout} */
  /**
   * Issue 45: Gemini CLI and Codex block a call only on exit code 2, so the installed hook turns
   * every failure into 2 with a reason on stderr: the gateway's program gone, or broken (exit 1),
   * while the adapter's own 2 and 0 pass as they are.
   */
  @Test
  void geminiAndCodexHooksExitTwoWhateverFails(@TempDir Path dir) throws Exception {
    Path gone = dir.resolve("gone/gateway");
    for (String agent : List.of("gemini", "codex")) {
      String command = new AgentConfig(List.of(gone.toString()), null).hookCommand(agent);
      Process missing = runIn("bash", command);
      assertThat(missing.waitFor()).as(agent).isEqualTo(2);
      assertThat(new String(missing.getErrorStream().readAllBytes(), StandardCharsets.UTF_8))
          .contains("is missing or broken");
    }
    for (int exit : new int[] {0, 1, 2}) {
      Path launcher = dir.resolve("exit" + exit);
      Files.writeString(launcher, "#!/bin/sh\nexit " + exit + "\n");
      Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwx------"));
      Process ran =
          runIn("sh", new AgentConfig(List.of(launcher.toString()), null).hookCommand("codex"));
      assertThat(ran.waitFor()).isEqualTo(exit == 0 ? 0 : 2);
      String stderr = new String(ran.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(stderr.contains("is missing or broken")).isEqualTo(exit == 1);
    }
  }

  private static Process runIn(String shell, String command) throws Exception {
    Process process = new ProcessBuilder(shell, "-c", command).start();
    process.getOutputStream().close();
    assertThat(process.waitFor(30, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
    return process;
  }

  private static String shell(String shell, String command) throws Exception {
    Process process =
        new ProcessBuilder(shell, "-c", command)
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
    try (java.io.OutputStream in = process.getOutputStream()) {
      in.write(
          "{\"cwd\":\"/x\",\"tool_name\":\"Bash\"}"
              .getBytes(java.nio.charset.StandardCharsets.UTF_8));
    } catch (java.io.IOException notRead) {
      // A program that is not there reads nothing, as when the agent writes to it.
    }
    String out =
        new String(
            process.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    assertThat(process.waitFor(30, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
    return out;
  }

  @Test
  void vscodeGetsAServersEntry() throws Exception {
    List<JsonNode> parts =
        jsonParts(new AgentConfig(JAVA, null).snippet(AgentConfig.Target.of("vscode")));

    assertThat(parts)
        .singleElement()
        .satisfies(
            mcp ->
                assertThat(mcp.path("servers").path("provider-gateway").path("command").asText())
                    .isEqualTo("/opt/jdk/bin/java"));
  }

  @Test
  void aNamedHomeIsPassedToTheServerAndTheHook() throws Exception {
    String snippet =
        new AgentConfig(JAVA, Path.of("/srv/gw home")).snippet(AgentConfig.Target.of("claude"));

    List<JsonNode> parts = jsonParts(snippet);
    assertThat(
            JSON.convertValue(
                parts.get(0).path("mcpServers").path("provider-gateway").path("args"), List.class))
        .as("args are words, not shell: no quoting")
        .containsExactly("-jar", "/opt/pg/provider-gateway.jar", "mcp", "--home", "/srv/gw home");
    assertThat(
            parts
                .get(1)
                .path("hooks")
                .path("PreToolUse")
                .path(0)
                .path("hooks")
                .path(0)
                .path("command")
                .asText())
        .contains(" hook claude --home '/srv/gw home' || printf ");
    assertThat(snippet).contains(" mcp --home '/srv/gw home'");
  }

  @Test
  void noHomeNamedMeansNoHomeArgument() {
    assertThat(new AgentConfig(JAVA, null).snippet(AgentConfig.Target.of("claude")))
        .doesNotContain("--home");
  }

  @Test
  void pathsWithSpacesOrQuotesAreShellQuotedInCommandLines() throws Exception {
    AgentConfig config = new AgentConfig(List.of("/Users/Ann Lee/pg/gateway"), null);

    List<JsonNode> parts = jsonParts(config.snippet(AgentConfig.Target.of("copilot")));
    assertThat(parts.get(0).path("mcpServers").path("provider-gateway").path("command").asText())
        .isEqualTo("/Users/Ann Lee/pg/gateway");
    assertThat(parts.get(1).path("hooks").path("preToolUse").path(0).path("bash").asText())
        .startsWith("'/Users/Ann Lee/pg/gateway' hook copilot || printf ");
    assertThat(ShellWords.quote("it's")).isEqualTo("'it'\\''s'");
    assertThat(ShellWords.quote("/plain/path-1.0_x")).isEqualTo("/plain/path-1.0_x");
  }

  @Test
  void theCommandIsAbsolute(@TempDir Path dir) throws Exception {
    Path script = Files.createFile(dir.resolve("gateway"));
    script.toFile().setExecutable(true);

    JsonNode viaScript =
        jsonParts(
                AgentConfig.forThisMachine(
                        Map.of("GATEWAY_LAUNCHER", script.toString()), null, 9400)
                    .snippet(AgentConfig.Target.of("vscode")))
            .get(0);
    JsonNode viaJava =
        jsonParts(
                AgentConfig.forThisMachine(Map.of(), null, 9400)
                    .snippet(AgentConfig.Target.of("vscode")))
            .get(0);

    assertThat(viaScript.path("servers").path("provider-gateway").path("command").asText())
        .isEqualTo(script.toAbsolutePath().toString());
    String java = viaJava.path("servers").path("provider-gateway").path("command").asText();
    assertThat(Path.of(java)).isAbsolute();
    assertThat(
            Path.of(viaJava.path("servers").path("provider-gateway").path("args").path(1).asText()))
        .isAbsolute();
  }

  @Test
  void theHttpSetUpGivesTheUrlAndTheBearerHeaderForClaudeVsCodeAndAnyClient() throws Exception {
    AgentConfig.HttpAccess access =
        new AgentConfig.HttpAccess(
            java.net.URI.create("http://127.0.0.1:9400/mcp"),
            "claude",
            "mcp-secret",
            Path.of("/h/mcp-http-clients.json"));
    String snippet =
        new AgentConfig(JAVA, null).withHttp(access).snippet(AgentConfig.Target.of("http"));

    List<JsonNode> parts = jsonParts(snippet);
    assertThat(parts).hasSize(3);
    JsonNode claude = parts.get(0).path("mcpServers").path("provider-gateway");
    assertThat(claude.path("type").asText()).isEqualTo("http");
    assertThat(claude.path("url").asText()).isEqualTo("http://127.0.0.1:9400/mcp");
    assertThat(claude.path("headers").path("Authorization").asText())
        .as("a project's .mcp.json is committed: the token is named, not written")
        .isEqualTo("Bearer ${PROVIDER_GATEWAY_MCP_TOKEN}");
    assertThat(parts.get(1).path("servers").path("provider-gateway").path("url").asText())
        .isEqualTo("http://127.0.0.1:9400/mcp");
    assertThat(parts.get(2).path("headers").path("Authorization").asText())
        .isEqualTo("Bearer mcp-secret");
    assertThat(snippet)
        .contains(
            "claude mcp add --scope user --transport http provider-gateway http://127.0.0.1:9400/mcp --header 'Authorization: Bearer mcp-secret'")
        .contains("/opt/jdk/bin/java -jar /opt/pg/provider-gateway.jar mcp --revoke claude");
  }

  @Test
  void printConfigHttpIssuesATokenKeptOnlyAsItsHashAndRevokeTakesItBack(@TempDir Path home)
      throws Exception {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
    java.io.PrintStream errors =
        new java.io.PrintStream(err, true, java.nio.charset.StandardCharsets.UTF_8);
    int issued =
        Main.run(
            new String[] {
              "mcp",
              "--home",
              home.toString(),
              "--port",
              "9555",
              "--print-config",
              "http",
              "--client",
              "vscode"
            },
            java.io.InputStream.nullInputStream(),
            out,
            errors,
            Map.of());

    assertThat(issued).as("stderr: %s", err).isZero();
    List<JsonNode> parts = jsonParts(out.toString(java.nio.charset.StandardCharsets.UTF_8));
    String token =
        parts.get(2).path("headers").path("Authorization").asText().substring("Bearer ".length());
    assertThat(parts.get(2).path("url").asText()).isEqualTo("http://127.0.0.1:9555/mcp");
    // Issue 62: no advice puts the token in a committed file; .mcp.json names it from the
    // environment, and the command line keeps it in the user's own settings.
    String printed = out.toString(java.nio.charset.StandardCharsets.UTF_8);
    assertThat(parts.get(0).at("/mcpServers/provider-gateway/headers/Authorization").asText())
        .isEqualTo("Bearer ${PROVIDER_GATEWAY_MCP_TOKEN}");
    assertThat(printed)
        .contains("claude mcp add --scope user")
        .doesNotContain("project root", "save as .vscode/mcp.json");
    String file = Files.readString(home.resolve(ClientTokens.MCP_HTTP_FILE));
    assertThat(file).contains("\"vscode\"").doesNotContain(token);

    assertThat(
            Main.run(
                new String[] {"mcp", "--home", home.toString(), "--revoke", "vscode"},
                java.io.InputStream.nullInputStream(),
                out,
                errors,
                Map.of()))
        .isZero();
    assertThat(Files.readString(home.resolve(ClientTokens.MCP_HTTP_FILE))).doesNotContain("vscode");
    assertThat(
            Main.run(
                new String[] {"mcp", "--home", home.toString(), "--revoke", "vscode"},
                java.io.InputStream.nullInputStream(),
                out,
                errors,
                Map.of()))
        .isEqualTo(2);
    assertThat(
            Main.run(
                new String[] {
                  "mcp",
                  "--home",
                  home.toString(),
                  "--print-config",
                  "http",
                  "--client",
                  "no spaces"
                },
                java.io.InputStream.nullInputStream(),
                out,
                errors,
                Map.of()))
        .isEqualTo(2);
  }

  /**
   * Runs {@code gateway ARGS} in this JVM; returns its exit code, what it printed and its stderr.
   */
  private static String[] run(String... args) {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
    int code =
        Main.run(
            args,
            java.io.InputStream.nullInputStream(),
            out,
            new java.io.PrintStream(err, true, java.nio.charset.StandardCharsets.UTF_8),
            Map.of());
    return new String[] {
      Integer.toString(code),
      out.toString(java.nio.charset.StandardCharsets.UTF_8),
      err.toString(java.nio.charset.StandardCharsets.UTF_8)
    };
  }

  /**
   * Issue 43, row 5: a home whose gateway listens on 9477 (its settings say so, or its running
   * gateway's port file) is reached there by every set-up printed for it, with no {@code --port}
   * given: the HTTP hook's URL, the MCP server's and the command hook's commands.
   */
  @Test
  void everySetUpPrintedForAHomeNamesTheHomesPortWithoutBeingToldIt(@TempDir Path home)
      throws Exception {
    new io.github.providergateway.host.client.HomeSettings(9477, null, false).write(home);

    String[] hook = run("hook", "--home", home.toString(), "--print-config", "claude");
    String[] mcp = run("mcp", "--home", home.toString(), "--print-config", "claude");
    String[] copilot = run("hook", "--home", home.toString(), "--print-config", "copilot");

    assertThat(hook[0]).as("stderr: %s", hook[2]).isEqualTo("0");
    assertThat(hook[1]).contains("http://127.0.0.1:9477/hooks/claude").doesNotContain(":9400");
    assertThat(hook[1]).contains("hook claude --home " + home + " --port 9477");
    // The default port in any form a config writes it; not the bare digits, which a temporary
    // home's random name may hold (a clean clone's verify, 2026-12-04: /tmp/junit-97397940091…).
    assertThat(mcp[1])
        .contains("mcp --home " + home + " --port 9477")
        .doesNotContain("--port 9400", ":9400", "\"9400\"");
    assertThat(copilot[1]).contains("hook copilot --home " + home + " --port 9477");

    Files.writeString(home.resolve("gateway.port"), "9611\n");
    String[] running = run("hook", "--home", home.toString(), "--print-config", "claude");
    assertThat(running[1])
        .as("a running gateway's port file says where it listens now")
        .contains("http://127.0.0.1:9611/hooks/claude");
  }

  /** Issue 33: Claude Code's HTTP hook, fail closed, with a hook token kept only as its hash. */
  @Test
  void hookPrintConfigClaudeIssuesAHookTokenAndPrintsTheHttpHookFailClosedAndTheCommandHook(
      @TempDir Path home) throws Exception {
    String[] printed =
        run("hook", "--home", home.toString(), "--port", "9555", "--print-config", "claude");

    assertThat(printed[0]).as("stderr: %s", printed[2]).isEqualTo("0");
    String token =
        printed[1]
            .lines()
            .filter(line -> line.startsWith("export PROVIDER_GATEWAY_HOOK_TOKEN="))
            .findFirst()
            .orElseThrow()
            .substring("export PROVIDER_GATEWAY_HOOK_TOKEN=".length());
    assertThat(token).startsWith("hook-");
    List<JsonNode> parts = jsonParts(printed[1]);
    assertThat(parts).hasSize(2);
    JsonNode http = parts.get(0).path("hooks").path("PreToolUse").get(0);
    assertThat(http.path("matcher").asText())
        .isEqualTo(
            "Bash|Edit|MultiEdit|Write|NotebookEdit|Read|NotebookRead|Grep|Glob|LS|WebFetch"
                + "|WebSearch|mcp__.*");
    // The same HTTP hook after Claude's tools: the gateway hears which calls ran.
    assertThat(parts.get(0).path("hooks").path("PostToolUse").get(0)).isEqualTo(http);
    JsonNode hook = http.path("hooks").get(0);
    assertThat(hook.path("type").asText()).isEqualTo("http");
    assertThat(hook.path("url").asText()).isEqualTo("http://127.0.0.1:9555/hooks/claude");
    assertThat(hook.path("headers").path("Authorization").asText())
        .isEqualTo("Bearer $PROVIDER_GATEWAY_HOOK_TOKEN");
    assertThat(hook.path("allowedEnvVars").get(0).asText())
        .isEqualTo("PROVIDER_GATEWAY_HOOK_TOKEN");
    assertThat(hook.path("onFailure").asText()).as("fail closed").isEqualTo("block");
    JsonNode command = parts.get(1).path("hooks").path("PreToolUse").get(0).path("hooks").get(0);
    assertThat(command.path("type").asText()).isEqualTo("command");
    assertThat(command.path("command").asText())
        .as("a home with no port of its own yet: the command names the one given")
        .contains(" hook claude --home " + home + " --port 9555 || printf ");
    assertThat(Files.readString(home.resolve(ClientTokens.HOOKS_FILE)))
        .contains("\"claude\"")
        .doesNotContain(token);
    assertThat(ClientTokens.hooks(home).clientOf(token))
        .map(ClientTokens.Client::name)
        .contains("claude");
    assertThat(ClientTokens.mcpHttp(home).clientOf(token))
        .as("a hook token is no MCP client's")
        .isEmpty();

    assertThat(run("hook", "--home", home.toString(), "--revoke", "claude")[0]).isEqualTo("0");
    assertThat(ClientTokens.hooks(home).clientOf(token)).isEmpty();
    String[] again = run("hook", "--home", home.toString(), "--revoke", "claude");
    assertThat(again[0]).isEqualTo("2");
    assertThat(again[2]).contains("no client named 'claude' has a hook token");
  }

  @Test
  void hookPrintConfigCopilotPrintsTheCommandHookAndOtherAgentsAreRefused(@TempDir Path home)
      throws Exception {
    String[] copilot = run("hook", "--home", home.toString(), "--print-config", "copilot");
    String[] vscode = run("hook", "--home", home.toString(), "--print-config", "vscode");
    String[] badName =
        run("hook", "--home", home.toString(), "--print-config", "claude", "--client", "no spaces");

    assertThat(copilot[0]).isEqualTo("0");
    JsonNode hook = jsonParts(copilot[1]).get(0).path("hooks").path("preToolUse").get(0);
    assertThat(hook.path("bash").asText()).contains(" hook copilot --home " + home + " || printf ");
    assertThat(vscode[0]).isEqualTo("2");
    assertThat(vscode[2]).contains("takes claude, copilot, gemini, codex or cursor");
    assertThat(badName[0]).isEqualTo("2");
    assertThat(badName[2]).contains("--client must be");
    assertThat(home.resolve(ClientTokens.HOOKS_FILE)).doesNotExist();
  }

  /**
   * Issue 45: each agent's hook set-up, with the command line that denies in that agent's own way
   * should the gateway's program not run (exit 2 for Gemini CLI and Codex, Cursor's deny JSON).
   */
  @Test
  void hookPrintConfigPrintsGeminisCodexsAndCursorsHooks(@TempDir Path home) throws Exception {
    String[] gemini = run("hook", "--home", home.toString(), "--print-config", "gemini");
    String[] codex = run("hook", "--home", home.toString(), "--print-config", "codex");
    String[] cursor = run("hook", "--home", home.toString(), "--print-config", "cursor");

    assertThat(gemini[0]).isEqualTo("0");
    JsonNode geminiHook = jsonParts(gemini[1]).get(0).path("hooks").path("BeforeTool").get(0);
    assertThat(geminiHook.path("matcher").asText()).contains("run_shell_command", "write_file");
    assertThat(geminiHook.path("hooks").get(0).path("command").asText())
        .startsWith("/bin/sh -c ")
        .contains(" hook gemini --home " + home + " || { s=$?; [ $s -eq 2 ] || printf ")
        .endsWith(" >&2; exit 2; }'");
    assertThat(geminiHook.path("hooks").get(0).path("timeout").asInt()).isEqualTo(60000);
    assertThat(codex[0]).isEqualTo("0");
    JsonNode codexHook = jsonParts(codex[1]).get(0).path("hooks").path("PreToolUse").get(0);
    assertThat(codexHook.has("matcher")).as("before every tool, as setup writes it").isFalse();
    assertThat(codexHook.path("hooks").get(0).path("command").asText())
        .contains(" hook codex --home " + home + " || {");
    assertThat(cursor[0]).isEqualTo("0");
    JsonNode cursorHooks = jsonParts(cursor[1]).get(0).path("hooks");
    for (String event :
        List.of("beforeShellExecution", "beforeMCPExecution", "beforeReadFile", "preToolUse")) {
      JsonNode hook = cursorHooks.path(event).get(0);
      assertThat(hook.path("failClosed").asBoolean()).as(event).isTrue();
      assertThat(hook.path("command").asText())
          .contains(" hook cursor --home " + home + " || printf ")
          .contains("\"permission\":\"deny\"");
    }
  }

  /**
   * Issue 45: the command line installed for Gemini CLI and Codex denies in their way (exit 2, the
   * reason on stderr) when the launcher cannot run at all, and passes the launcher's own deny (exit
   * 2) on unchanged; run by a real shell, as the agents run it.
   */
  @Test
  void theInstalledGeminiAndCodexHooksExitTwoWhenTheLauncherCannotRun(@TempDir Path dir)
      throws Exception {
    Path denying = dir.resolve("denying");
    java.nio.file.Files.writeString(denying, "#!/bin/sh\necho 'CI is red' >&2\nexit 2\n");
    java.nio.file.Files.setPosixFilePermissions(
        denying, java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
    for (String agent : List.of("gemini", "codex")) {
      String[] gone =
          shell(new AgentConfig(List.of(dir.resolve("gone/gateway").toString()), null), agent);
      String[] denied = shell(new AgentConfig(List.of(denying.toString()), null), agent);

      assertThat(gone[0]).as(agent).isEqualTo("2");
      assertThat(gone[1]).isEmpty();
      assertThat(gone[2]).contains("the provider gateway hook could not run");
      assertThat(denied[0]).isEqualTo("2");
      assertThat(denied[2]).isEqualTo("CI is red\n");
    }
  }

  /** Runs {@code agent}'s installed hook command in {@code /bin/sh}: exit code, stdout, stderr. */
  private static String[] shell(AgentConfig config, String agent) throws Exception {
    Process process = new ProcessBuilder("/bin/sh", "-c", config.hookCommand(agent)).start();
    process.getOutputStream().close();
    java.util.concurrent.CompletableFuture<byte[]> err =
        java.util.concurrent.CompletableFuture.supplyAsync(
            () -> {
              try {
                return process.getErrorStream().readAllBytes();
              } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
              }
            });
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(30, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
    return new String[] {
      Integer.toString(process.exitValue()), out, new String(err.join(), StandardCharsets.UTF_8)
    };
  }

  /** Issue 34: "Unmatched argument at index 1: 'gemini'" named the parser, not the problem. */
  @Test
  void aCommandTheAppDoesNotHaveIsNamedWithTheOnesItHas() {
    String[] gemini = run("hook", "aider");
    String[] bogus = run("bogus");

    assertThat(gemini[0]).isEqualTo("2");
    assertThat(gemini[2])
        .contains(
            "gateway hook: no command 'aider': it takes claude, copilot, gemini, codex, cursor")
        .contains("Try 'gateway hook --help'");
    assertThat(bogus[2])
        .contains(
            "gateway: no command 'bogus': it takes attach, status, stop, audit, gates, mcp, hook");
  }
}
