package io.github.providergateway.app.agents;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.agent.hook.AgentKind;
import io.github.providergateway.agent.tokens.ClientTokens;
import io.github.providergateway.app.AppRun;
import io.github.providergateway.app.cli.ExitCodes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 46, "a window that costs almost nothing": {@code gateway setup <agent>} writes the MCP
 * server as Streamable HTTP on the running gateway's {@code /mcp} (each agent's own format, with
 * {@code Authorization: Bearer <token>}) when asked ({@code --mcp http}) or when {@code gateway
 * service} keeps the home's gateway running; the token is of the agent's kind, in a file only the
 * person can read; {@code --remove} takes the entry back and revokes the token. Run in-process with
 * every home in temporary directories, as {@link SetupCommandTest}.
 */
class SetupMcpHttpTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern URL = Pattern.compile("http://127\\.0\\.0\\.1:\\d+/mcp");
  private static final Pattern BEARER = Pattern.compile("Bearer (mcp-[A-Za-z0-9_-]+)");

  @TempDir Path dir;

  private Path userHome;
  private Path gatewayHome;
  private Map<String, String> env;
  private String out;
  private String err;

  @BeforeEach
  void directories() throws IOException {
    userHome = Files.createDirectories(dir.resolve("home"));
    gatewayHome = dir.resolve("gateway-home");
    Path bin = Files.createDirectories(dir.resolve("bin"));
    env = new HashMap<>();
    env.put("HOME", userHome.toString());
    env.put("PATH", bin.toString());
    env.put("CODEX_HOME", dir.resolve("codex-home").toString());
  }

  /** Every agent's set-up, in the dialects' order. */
  static List<AgentSettings> agents() {
    return AgentSettingsRegistry.all();
  }

  @ParameterizedTest
  @MethodSource("agents")
  void httpWritesTheAgentsOwnHttpFormWithATokenOfItsKindOwnerOnlyAndRemoveRevokesIt(
      AgentSettings agent) throws IOException {
    assertThat(setup(agent.id(), "--mcp", "http")).as(err).isZero();

    Path file = mcpFile(agent);
    String token = httpEntry(agent, file);
    assertThat(Files.getPosixFilePermissions(file))
        .as("the file with the token")
        .isEqualTo(PosixFilePermissions.fromString("rw-------"));
    assertThat(ClientTokens.mcpHttp(gatewayHome).clientOf(token))
        .contains(
            new ClientTokens.Client(
                "setup-" + agent.id(), ClientTokens.sha256(token), ClientTokens.Kind.AGENT));
    assertThat(out).contains("the MCP server over HTTP at", "as --mcp http asks");

    // Run again: the same token, nothing changed.
    byte[] first = Files.readAllBytes(file);
    assertThat(setup(agent.id(), "--mcp", "http")).as(err).isZero();
    assertThat(Files.readAllBytes(file)).isEqualTo(first);

    assertThat(setup(agent.id(), "--remove")).as(err).isZero();

    assertThat(Files.exists(file) ? Files.readString(file) : "")
        .doesNotContain("provider-gateway")
        .doesNotContain(token);
    assertThat(ClientTokens.mcpHttp(gatewayHome).clientOf(token)).as("revoked").isEmpty();
    assertThat(out).contains("revoked the MCP token of 'setup-" + agent.id() + "'");
  }

  @Test
  void autoWritesHttpWhenTheHomesServiceIsInstalledAndRunning() throws IOException {
    try (ServiceStandIn service = ServiceStandIn.install(env, gatewayHome, true)) {
      assertThat(setup("gemini")).as(err).isZero();
    }

    httpEntry(
        AgentSettingsRegistry.of(AgentKind.GEMINI),
        mcpFile(AgentSettingsRegistry.of(AgentKind.GEMINI)));
    assertThat(out).contains("kept running by 'gateway service'");
  }

  /**
   * Issue 62: a unit that could not be started (no user manager) keeps nothing running, and an HTTP
   * server entry would leave the agent with no server once the gateway stops.
   */
  @Test
  void autoWritesTheCommandWhenTheServiceIsInstalledButNothingRuns() throws IOException {
    try (ServiceStandIn service = ServiceStandIn.install(env, gatewayHome, false)) {
      assertThat(setup("gemini")).as(err).isZero();
    }

    assertThat(geminiServer().path("args").toString()).contains("\"mcp\"");
    assertThat(out).doesNotContain("kept running by 'gateway service'");
  }

  @Test
  void autoWithoutTheServiceWritesTheCommandAndSaysHowToGetLightWindows() throws IOException {
    assertThat(setup("gemini")).as(err).isZero();

    JsonNode server = geminiServer();
    assertThat(server.path("args").toString()).contains("\"mcp\"");
    assertThat(server.has("httpUrl")).isFalse();
    // Issue 77: the window is no JVM any more (the launcher's bridge, decision 79).
    assertThat(out)
        .contains(
            "  the MCP server as the command 'gateway mcp' (through the launcher, a small shell"
                + " bridge per window to the running gateway, which it starts when none runs): for no"
                + " process per window at all, keep the gateway running with '")
        .contains("service install", "' and run setup again, or pass --mcp http")
        .doesNotContain("one JVM per window");
    assertThat(gatewayHome.resolve(ClientTokens.MCP_HTTP_FILE)).doesNotExist();
  }

  @Test
  void stdioWritesTheCommandEvenWithTheServiceInstalled() throws IOException {
    ServiceStandIn.install(env, gatewayHome, false).close();

    assertThat(setup("gemini", "--mcp", "stdio")).as(err).isZero();

    assertThat(geminiServer().path("args").toString()).contains("\"mcp\"");
  }

  @Test
  void goingBackToStdioRevokesTheTokenNoFileHoldsAnyMore() throws IOException {
    assertThat(setup("cursor", "--mcp", "http")).as(err).isZero();
    String token =
        httpEntry(
            AgentSettingsRegistry.of(AgentKind.CURSOR),
            mcpFile(AgentSettingsRegistry.of(AgentKind.CURSOR)));

    assertThat(setup("cursor", "--mcp", "stdio")).as(err).isZero();

    assertThat(Files.readString(mcpFile(AgentSettingsRegistry.of(AgentKind.CURSOR))))
        .doesNotContain(token);
    assertThat(ClientTokens.mcpHttp(gatewayHome).clientOf(token)).isEmpty();
  }

  @Test
  void aProjectNeverGetsTheHttpForm() throws IOException {
    Path project = Files.createDirectories(dir.resolve("project"));

    assertThat(setup("gemini", "--project", "--dir", project.toString(), "--mcp", "http"))
        .isEqualTo(ExitCodes.USAGE);
    assertThat(err).contains("--mcp http goes with the user's settings");
  }

  @Test
  void theDoctorRecognisesBothFormsAndATokenTheGatewayNoLongerAdmits() throws IOException {
    Path project = Files.createDirectories(dir.resolve("project"));
    assertThat(setup("gemini", "--mcp", "stdio")).as(err).isZero();
    assertThat(setup("claude", "--mcp", "http")).as(err).isZero();
    String token =
        httpEntry(
            AgentSettingsRegistry.of(AgentKind.CLAUDE),
            mcpFile(AgentSettingsRegistry.of(AgentKind.CLAUDE)));

    assertThat(
            file(doctor(project), "gemini", mcpFile(AgentSettingsRegistry.of(AgentKind.GEMINI)))
                .path("mcpTransport")
                .asText())
        .isEqualTo("stdio");
    JsonNode claude = agent(doctor(project), "claude");
    assertThat(
            file(claude, mcpFile(AgentSettingsRegistry.of(AgentKind.CLAUDE)))
                .path("mcpTransport")
                .asText())
        .isEqualTo("http");
    assertThat(claude.path("problems").toString()).doesNotContain("MCP server in");

    ClientTokens.mcpHttp(gatewayHome).revoke("setup-claude");

    assertThat(agent(doctor(project), "claude").path("problems").toString())
        .contains("carries a token this home's gateway does not admit")
        .doesNotContain(token);
  }

  // ---- the parts ----

  private JsonNode doctor(Path project) throws IOException {
    List<String> line =
        List.of("doctor", "--json", "--dir", project.toString(), "--home", gatewayHome.toString());
    AppRun run = AppRun.of(line, env);
    return JSON.readTree(run.out());
  }

  private static JsonNode agent(JsonNode doctor, String name) {
    for (JsonNode agent : doctor.path("agents")) {
      if (agent.path("agent").asText().equals(name)) {
        return agent;
      }
    }
    throw new AssertionError("no " + name + " in " + doctor);
  }

  private static JsonNode file(JsonNode doctor, String agent, Path file) {
    return file(agent(doctor, agent), file);
  }

  private static JsonNode file(JsonNode agent, Path file) {
    for (JsonNode one : agent.path("files")) {
      if (one.path("file").asText().equals(file.toString())) {
        return one;
      }
    }
    throw new AssertionError("no " + file + " in " + agent);
  }

  private int setup(String... args) {
    List<String> line = new ArrayList<>(List.of("setup"));
    line.addAll(List.of(args));
    line.addAll(List.of("--home", gatewayHome.toString()));
    AppRun run = AppRun.of(line, env);
    out = run.out();
    err = run.err();
    return run.exit();
  }

  /** Where {@code agent} keeps its user MCP servers. */
  private Path mcpFile(AgentSettings agent) {
    return switch (agent.kind()) {
      case CLAUDE -> userHome.resolve(".claude.json");
      case COPILOT -> userHome.resolve(".copilot/mcp-config.json");
      case GEMINI -> userHome.resolve(".gemini/settings.json");
      case CODEX -> dir.resolve("codex-home/config.toml");
      case CURSOR -> userHome.resolve(".cursor/mcp.json");
    };
  }

  /**
   * The HTTP entry in {@code file}, checked against the agent's own format (its docs; Claude Code's
   * as {@code claude mcp add --transport http} writes it); returns its token.
   */
  private static String httpEntry(AgentSettings agent, Path file) throws IOException {
    String authorization;
    if (agent.kind() == AgentKind.CODEX) {
      String text = Files.readString(file);
      assertThat(text).contains("[mcp_servers.provider-gateway]");
      Matcher url = Pattern.compile("(?m)^url = \"(.*)\"$").matcher(text);
      assertThat(url.find()).as(text).isTrue();
      assertThat(url.group(1)).matches(URL);
      Matcher headers =
          Pattern.compile("(?m)^http_headers = \\{ \"Authorization\" = \"(.*)\" }$").matcher(text);
      assertThat(headers.find()).as(text).isTrue();
      assertThat(text).doesNotContain("command = ");
      authorization = headers.group(1);
    } else {
      JsonNode server = JSON.readTree(file.toFile()).path("mcpServers").path("provider-gateway");
      String urlKey = agent.kind() == AgentKind.GEMINI ? "httpUrl" : "url";
      assertThat(server.path(urlKey).asText()).as(server.toString()).matches(URL);
      assertThat(server.has("command")).isFalse();
      switch (agent.kind()) {
        case CLAUDE, COPILOT -> assertThat(server.path("type").asText()).isEqualTo("http");
        default -> assertThat(server.has("type")).isFalse();
      }
      if (agent.kind() == AgentKind.COPILOT) {
        assertThat(server.path("tools").toString()).isEqualTo("[\"*\"]");
      }
      authorization = server.path("headers").path("Authorization").asText();
    }
    Matcher bearer = BEARER.matcher(authorization);
    assertThat(bearer.matches()).as(authorization).isTrue();
    return bearer.group(1);
  }

  private JsonNode geminiServer() throws IOException {
    return JSON.readTree(mcpFile(AgentSettingsRegistry.of(AgentKind.GEMINI)).toFile())
        .path("mcpServers")
        .path("provider-gateway");
  }
}
