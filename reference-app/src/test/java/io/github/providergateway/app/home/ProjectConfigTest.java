package io.github.providergateway.app.home;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The project config file (host RPC: Project providers). */
class ProjectConfigTest {

  @TempDir Path dir;

  private ProjectConfig parse(String json) {
    return ProjectConfig.parse(dir.resolve("tap.config.json"), json);
  }

  @Test
  void aValidEntryIsReadWithItsCommandCwdEnvAndSessionMode() {
    ProjectConfig config =
        parse(
            """
        { "providers": [ { "name": "ci", "command": ["node", "ci.mjs"], "cwd": "tools", "env": {"K": "V"}, "session": "first" },
                         { "name": "lint", "command": ["./lint.sh"] } ] }""");

    assertThat(config.problems()).isEmpty();
    ProjectConfig.Entry ci = config.providers().get(0);
    assertThat(ci.command()).containsExactly("node", "ci.mjs");
    assertThat(ci.cwd()).isEqualTo(dir.resolve("tools").toAbsolutePath());
    assertThat(ci.env()).isEqualTo(Map.of("K", "V"));
    assertThat(ci.session()).isEqualTo(ProjectConfig.SessionMode.FIRST);
    ProjectConfig.Entry lint = config.providers().get(1);
    assertThat(lint.cwd()).as("the config's folder by default").isEqualTo(dir.toAbsolutePath());
    assertThat(lint.session()).isEqualTo(ProjectConfig.SessionMode.EACH);
  }

  @Test
  void mcpEntriesAreReadAsStdioOrHttpServersWithTheirToolPrefix() {
    ProjectConfig config =
        parse(
            """
        { "providers": [ { "name": "fs", "mcp": "stdio", "command": ["npx", "-y", "@modelcontextprotocol/server-filesystem", "."], "cwd": "work", "maxConcurrentCalls": 2 },
                         { "name": "remote", "mcp": "http", "url": "http://127.0.0.1:3001/mcp", "toolPrefix": "remote_" } ] }""");

    assertThat(config.problems()).isEmpty();
    ProjectConfig.Entry fs = config.providers().get(0);
    assertThat(fs.mcp()).isEqualTo(ProjectConfig.Mcp.STDIO);
    assertThat(fs.mcpServer().command())
        .containsExactly("npx", "-y", "@modelcontextprotocol/server-filesystem", ".");
    assertThat(fs.mcpServer().cwd()).isEqualTo(dir.resolve("work").toAbsolutePath());
    assertThat(fs.mcpServer().maxConcurrentCalls()).isEqualTo(2);
    ProjectConfig.Entry remote = config.providers().get(1);
    assertThat(remote.mcp()).isEqualTo(ProjectConfig.Mcp.HTTP);
    assertThat(remote.mcpServer().url()).hasToString("http://127.0.0.1:3001/mcp");
    assertThat(remote.mcpServer().toolPrefix()).isEqualTo("remote_");
  }

  @Test
  void allowSamplingIsAnMcpServersBooleanFalseUnlessTheEntrySaysTrue() {
    ProjectConfig config =
        parse(
            """
        { "providers": [ { "name": "asker", "mcp": "stdio", "command": ["srv"], "allowSampling": true },
                         { "name": "quiet", "mcp": "http", "url": "http://127.0.0.1:3001/mcp" },
                         { "name": "said", "mcp": "stdio", "command": ["srv"], "allowSampling": "true" },
                         { "name": "one", "mcp": "stdio", "command": ["srv"], "allowSampling": 1 },
                         { "name": "ws", "command": ["node", "p.mjs"], "allowSampling": true } ] }""");

    assertThat(config.providers())
        .extracting(ProjectConfig.Entry::name)
        .containsExactly("asker", "quiet");
    assertThat(config.entry("asker").orElseThrow().mcpServer().allowSampling()).isTrue();
    assertThat(config.entry("quiet").orElseThrow().mcpServer().allowSampling()).isFalse();
    assertThat(config.problems()).hasSize(3);
    assertThat(config.problems().get(0))
        .contains("(\"said\"): field \"allowSampling\" must be true or false");
    assertThat(config.problems().get(1))
        .contains("(\"one\"): field \"allowSampling\" must be true or false");
    assertThat(config.problems().get(2))
        .contains("(\"ws\"): field \"allowSampling\" is for an MCP server");
  }

  @Test
  void aTransportOfStdioIsReadAndWebSocketIsTheDefault() {
    ProjectConfig config =
        parse(
            """
        { "providers": [ { "name": "greeter", "transport": "stdio", "command": ["python3", "greet.py"] },
                         { "name": "ci", "transport": "websocket", "command": ["node", "ci.mjs"] },
                         { "name": "lint", "command": ["./lint.sh"] } ] }""");

    assertThat(config.problems()).isEmpty();
    assertThat(config.providers())
        .extracting(ProjectConfig.Entry::transport)
        .containsExactly(
            ProjectConfig.Transport.STDIO,
            ProjectConfig.Transport.WEBSOCKET,
            ProjectConfig.Transport.WEBSOCKET);
  }

  @Test
  void aTransportThatCannotWorkIsReportedAndTheOthersStillLoad() {
    ProjectConfig config =
        parse(
            """
        { "providers": [ { "name": "pipe", "transport": "pipe", "command": ["x"] },
                         { "name": "both", "transport": "stdio", "mcp": "stdio", "command": ["srv"] },
                         { "name": "ok", "transport": "stdio", "command": ["ok"] } ] }""");

    assertThat(config.providers()).extracting(ProjectConfig.Entry::name).containsExactly("ok");
    assertThat(config.problems())
        .satisfiesExactly(
            problem ->
                assertThat(problem)
                    .contains("(\"pipe\")")
                    .contains("\"transport\" must be \"stdio\" or \"websocket\""),
            problem ->
                assertThat(problem)
                    .contains("(\"both\")")
                    .contains("\"transport\" is for providers"));
  }

  @Test
  void anMcpEntryThatCannotWorkIsReportedAndTheOthersStillLoad() {
    ProjectConfig config =
        parse(
            """
        { "providers": [ { "name": "ok", "mcp": "stdio", "command": ["srv"] },
                         { "name": "kind", "mcp": "sse", "url": "http://127.0.0.1:1/sse" },
                         { "name": "plain", "mcp": "http", "url": "http://example.com/mcp" },
                         { "name": "both", "mcp": "http", "url": "https://example.com/mcp", "command": ["x"] },
                         { "name": "nourl", "mcp": "http" },
                         { "name": "nocmd", "mcp": "stdio" },
                         { "name": "greedy", "mcp": "stdio", "command": ["srv"], "maxConcurrentCalls": -1 } ] }""");

    assertThat(config.providers()).extracting(ProjectConfig.Entry::name).containsExactly("ok");
    assertThat(config.problems()).hasSize(6);
    assertThat(config.problems().get(0))
        .endsWith("(\"kind\"): field \"mcp\" must be \"stdio\" or \"http\"");
    assertThat(config.problems().get(1))
        .contains("(\"plain\"): field \"url\": ")
        .contains("plain http only on a loopback address");
    assertThat(config.problems().get(2)).contains("(\"both\"): ").contains("has no \"command\"");
    assertThat(config.problems().get(3)).contains("(\"nourl\"): field \"url\" must be a string");
    assertThat(config.problems().get(4))
        .contains("(\"nocmd\"): field \"command\" must be a non-empty array");
    assertThat(config.problems().get(5))
        .contains("(\"greedy\"): field \"maxConcurrentCalls\" must be a whole number, 0 or more");
  }

  /**
   * A config named by a relative path still gives absolute folders: the process may chdir later.
   */
  @Test
  void aRelativeCwdIsResolvedAgainstTheConfigsFolderEvenWhenTheConfigPathIsRelative() {
    Path relative =
        Path.of("").toAbsolutePath().relativize(dir.resolve("tap.config.json").toAbsolutePath());

    ProjectConfig config =
        ProjectConfig.parse(
            relative,
            """
        { "providers": [ { "name": "ci", "command": ["x"], "cwd": "tools" }, { "name": "lint", "command": ["y"] } ] }""");

    assertThat(config.providers().get(0).cwd()).isEqualTo(dir.resolve("tools").toAbsolutePath());
    assertThat(config.providers().get(1).cwd()).isEqualTo(dir.toAbsolutePath());
  }

  @Test
  void aBadEntryIsReportedByFileEntryAndFieldAndTheOthersStillLoad() {
    ProjectConfig config =
        parse(
            """
        { "providers": [ { "name": "ok", "command": ["true"] },
                         { "name": "broken", "command": "node ci.mjs" },
                         { "command": ["x"] },
                         { "name": "envy", "command": ["x"], "env": {"N": 1} } ] }""");

    assertThat(config.providers()).extracting(ProjectConfig.Entry::name).containsExactly("ok");
    assertThat(config.problems()).hasSize(3);
    assertThat(config.problems().get(0))
        .contains("tap.config.json")
        .contains("providers[1]")
        .contains("\"broken\"")
        .contains("\"command\"");
    assertThat(config.problems().get(1)).contains("providers[2]").contains("\"name\"");
    assertThat(config.problems().get(2)).contains("\"envy\"").contains("\"env\"").contains("\"N\"");
  }

  @Test
  void notJsonIsOneProblemNamingTheFile() {
    ProjectConfig config = parse("{ providers: ");

    assertThat(config.providers()).isEmpty();
    assertThat(config.problems()).singleElement().asString().contains("tap.config.json");
  }

  @Test
  void aMissingFileIsAProblemNotAnException() {
    ProjectConfig config = ProjectConfig.load(dir.resolve("absent.json"));

    assertThat(config.problems())
        .singleElement()
        .asString()
        .contains("absent.json")
        .contains("cannot be read");
  }

  @Test
  void aNameThatCannotNameALogFileIsRefused() throws Exception {
    Files.writeString(
        dir.resolve("c.json"), "{\"providers\":[{\"name\":\"../etc\",\"command\":[\"x\"]}]}");

    ProjectConfig config = ProjectConfig.load(dir.resolve("c.json"));

    assertThat(config.providers()).isEmpty();
    assertThat(config.problems()).singleElement().asString().contains("\"name\"");
    assertThat(List.of(config.file())).containsExactly(dir.resolve("c.json").toAbsolutePath());
  }

  /**
   * Issue 32, finding 7: an MCP server's entry name is its provider name, and so its lines' source.
   */
  @Test
  void aNameTheGatewaySignsWithIsRefusedInAnyCaseAndTheOthersStillLoad() {
    ProjectConfig config =
        parse(
            "{\"providers\":["
                + "{\"name\":\"gateway\",\"mcp\":\"stdio\",\"command\":[\"x\"]},"
                + "{\"name\":\"Console\",\"command\":[\"x\"]},"
                + "{\"name\":\"Guard\",\"command\":[\"x\"]},"
                + "{\"name\":\"gateway-ci\",\"command\":[\"x\"]}]}");

    assertThat(config.providers())
        .extracting(ProjectConfig.Entry::name)
        .containsExactly("gateway-ci");
    assertThat(config.problems())
        .satisfiesExactly(
            gateway -> assertThat(gateway).contains("(\"gateway\")", "reserved for the gateway"),
            console -> assertThat(console).contains("(\"Console\")", "reserved for the gateway"),
            guard -> assertThat(guard).contains("(\"Guard\")", "the built-in guard's"));
  }

  /**
   * The bottom room names the built-in guard itself (it imports no room): it is the guard room's
   * {@code GuardPolicy.NAME}, so that an entry cannot take the guard's name.
   */
  @Test
  void theReservedGuardNameIsTheGuardPolicysName() {
    assertThat(ProjectConfig.BUILT_IN_GUARD)
        .isEqualTo(io.github.providergateway.app.guard.GuardPolicy.NAME);
  }

  /** Issue 44: the guard's object beside the providers. */
  @Test
  void aGuardObjectBesideTheProvidersIsThePersonsGuardSettings() {
    ProjectConfig config =
        parse(
            """
        { "providers": [ { "name": "lint", "command": ["./lint.sh"] } ],
          "guard": { "preset": "strict" } }""");

    assertThat(config.problems()).isEmpty();
    assertThat(config.guard().preset())
        .isEqualTo(io.github.providergateway.guard.GuardPreset.STRICT);
    assertThat(config.providers()).hasSize(1);
  }

  @Test
  void withoutAGuardObjectTheStandardPresetApplies() {
    ProjectConfig config = parse("{ \"providers\": [] }");

    assertThat(config.guard()).isEqualTo(io.github.providergateway.guard.GuardSettings.defaults());
  }

  @Test
  void aFileWithAGuardObjectAndNoProvidersConfiguresTheGuardAlone() {
    ProjectConfig config = parse("{ \"guard\": { \"preset\": \"paranoid\" } }");

    assertThat(config.fileProblem()).isNull();
    assertThat(config.providers()).isEmpty();
    assertThat(config.guard().preset())
        .isEqualTo(io.github.providergateway.guard.GuardPreset.PARANOID);
  }

  @Test
  void aBadGuardObjectIsAProblemOfItsOwnNotOfTheFile() {
    ProjectConfig notAnObject = parse("{ \"providers\": [], \"guard\": \"off\" }");
    ProjectConfig unknownPreset =
        parse("{ \"providers\": [], \"guard\": { \"preset\": \"lenient\" } }");

    assertThat(notAnObject.problems())
        .singleElement()
        .asString()
        .contains(ProjectConfig.GUARD_PROBLEM, "must be an object");
    assertThat(notAnObject.fileProblem()).isNull();
    assertThat(notAnObject.guard())
        .isEqualTo(io.github.providergateway.guard.GuardSettings.defaults());
    assertThat(unknownPreset.problems())
        .singleElement()
        .asString()
        .contains(ProjectConfig.GUARD_PROBLEM, "lenient");
    assertThat(unknownPreset.fileProblem()).isNull();
  }
}
