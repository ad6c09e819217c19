package io.github.providergateway.app.agents;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.agent.hook.AgentDialect;
import io.github.providergateway.agent.hook.AgentDialects;
import io.github.providergateway.agent.hook.AgentKind;
import io.github.providergateway.app.home.ShellWords;
import io.github.providergateway.host.client.HomeSettings;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;

/**
 * What a person pastes into an agent's settings to use the gateway ({@code gateway mcp
 * --print-config}): the MCP server entry and the pre-tool-use hook, with this machine's absolute
 * paths. The command is the {@code gateway} launcher script when the app was started through it
 * ({@code GATEWAY_LAUNCHER}), else {@code java -jar} of this jar.
 */
public final class AgentConfig {

  /**
   * What {@code --print-config} prints the set-up for: an agent, by its dialect's id; {@link
   * #VSCODE}; or {@link #HTTP}, any client of the HTTP front door.
   *
   * @param word the word on the command line
   */
  public record Target(String word) {

    // Constants, not the targets' words: the compact constructor reads them while VSCODE and HTTP
    // are being made.
    private static final String VSCODE_WORD = "vscode";
    private static final String HTTP_WORD = "http";

    /** VS Code's MCP client. */
    public static final Target VSCODE = new Target(VSCODE_WORD);

    /** Any client of the HTTP front door, with a token issued for it. */
    public static final Target HTTP = new Target(HTTP_WORD);

    /**
     * A target by its word.
     *
     * @throws IllegalArgumentException when {@code word} names none: an agent's id, vscode or http
     */
    public Target {
      if (!words().contains(word)) {
        throw new IllegalArgumentException(AgentNames.noneOf("agent or client", words(), word));
      }
    }

    /** {@return every word {@code --print-config} takes: the agents', then vscode and http} */
    static List<String> words() {
      List<String> words = new ArrayList<>(AgentDialects.ids());
      words.add(VSCODE_WORD);
      words.add(HTTP_WORD);
      return words;
    }

    /**
     * {@return the target {@code word} names}
     *
     * @throws IllegalArgumentException when it names none
     */
    public static Target of(String word) {
      return new Target(word);
    }

    @Override
    public String toString() {
      return word;
    }
  }

  /** Every word {@code --print-config} takes, for its help ({@code ${COMPLETION-CANDIDATES}}). */
  public static final class Targets implements Iterable<String> {

    /** Made by picocli. */
    public Targets() {}

    @Override
    public Iterator<String> iterator() {
      return Target.words().iterator();
    }
  }

  /** {@code --print-config}'s word as its target; picocli's "expected one of" when it is none. */
  public static final class ToTarget implements CommandLine.ITypeConverter<Target> {

    /** Made by picocli. */
    public ToTarget() {}

    @Override
    public Target convert(String word) {
      if (!Target.words().contains(word)) {
        throw new AgentNames.Unknown("agent or client", Target.words(), word);
      }
      return Target.of(word);
    }
  }

  /**
   * What an HTTP client needs: the front door's URL, the client's name and its token, just issued.
   *
   * @param url {@code http://127.0.0.1:<port>/mcp}
   * @param client the name the token was issued for
   * @param token the token; printed once, never stored
   * @param tokenFile where the gateway keeps its hash
   */
  public record HttpAccess(URI url, String client, String token, Path tokenFile) {}

  /**
   * What Claude Code's HTTP hook needs: the hook's URL, the client's name and its hook token.
   *
   * @param url {@code http://127.0.0.1:<port>/hooks/claude}
   * @param client the name the token was issued for
   * @param token the token; printed once, never stored
   * @param tokenFile where the gateway keeps its hash
   * @param replaced whether the client had a token before, which stops working now
   */
  record HookAccess(URI url, String client, String token, Path tokenFile, boolean replaced) {}

  /** The environment variable Claude Code's HTTP hook reads its token from. */
  static final String HOOK_TOKEN_VARIABLE = "PROVIDER_GATEWAY_HOOK_TOKEN";

  /**
   * The environment variable the printed {@code .mcp.json} names for the MCP token: a committed
   * file holds the name, the person's profile the token.
   */
  static final String TOKEN_VARIABLE = "PROVIDER_GATEWAY_MCP_TOKEN";

  static final String SERVER_NAME = "provider-gateway";
  private static final ObjectMapper JSON = new ObjectMapper();

  /** The command line that starts the app, before its arguments. */
  private final List<String> launcher;

  /**
   * {@code --home DIR} when the person named a home, and {@code --port N} when the home's gateway
   * listens on another port than 9400: what every command printed passes, so that a gateway it
   * starts takes that port even in a home that has no settings yet.
   */
  private final List<String> homeArgs;

  /** For {@link Target#HTTP}: the access just issued; else null. */
  private final HttpAccess http;

  /** The home the person named, or null. */
  private final Path home;

  /** The home's port. */
  private final int port;

  AgentConfig(List<String> launcher, Path home) {
    this(launcher, home, HomeSettings.DEFAULT_PORT, null);
  }

  private AgentConfig(List<String> launcher, Path home, int port, HttpAccess http) {
    this.launcher = List.copyOf(launcher);
    List<String> args = new ArrayList<>();
    if (home != null) {
      args.addAll(List.of("--home", home.toString()));
    }
    if (port != HomeSettings.DEFAULT_PORT) {
      args.addAll(List.of("--port", Integer.toString(port)));
    }
    this.homeArgs = List.copyOf(args);
    this.http = http;
    this.home = home;
    this.port = port;
  }

  /** The same set-up, able to print {@link Target#HTTP} with {@code access}. */
  public AgentConfig withHttp(HttpAccess access) {
    return new AgentConfig(launcher, home, port, access);
  }

  /**
   * The set-up for this machine: the launcher script when the app runs through it, else {@code java
   * -jar}.
   *
   * @param home the home the person named, or null for the default one
   * @param port the home's port: named in the commands when it is not 9400
   */
  public static AgentConfig forThisMachine(Map<String, String> env, Path home, int port) {
    String script = env.get("GATEWAY_LAUNCHER");
    if (script != null && Files.isExecutable(Path.of(script))) {
      return new AgentConfig(
          List.of(Path.of(script).toAbsolutePath().toString()), home, port, null);
    }
    return new AgentConfig(List.of(javaCommand(), "-jar", thisJar()), home, port, null);
  }

  private static String javaCommand() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  private static String thisJar() {
    try {
      return Path.of(AgentConfig.class.getProtectionDomain().getCodeSource().getLocation().toURI())
          .toString();
    } catch (URISyntaxException | RuntimeException e) {
      return "provider-gateway.jar";
    }
  }

  /** {@return what a person pastes into {@code agent}'s settings} */
  public String snippet(Target target) {
    if (target.equals(Target.VSCODE)) {
      return vscode();
    }
    if (target.equals(Target.HTTP)) {
      return http();
    }
    // A coding agent's is its settings class's.
    return AgentSettingsRegistry.byId(target.word()).orElseThrow().mcpSnippet(this);
  }

  /**
   * {@code gateway hook --print-config <agent>} for an agent whose hook needs no token (all but
   * Claude Code's HTTP hook): the dialect's comments, then its settings with the command hook.
   */
  String printedHooks(AgentDialect dialect) {
    List<String> lines = new ArrayList<>(dialect.hookSettingsComments());
    lines.add(pretty(dialect.hookSettings(hookCommand(dialect.id()))));
    lines.add("");
    return String.join("\n", lines);
  }

  /** {@code text} as a TOML basic string. */
  static String tomlBasicString(String text) {
    try {
      return JSON.writeValueAsString(text); // JSON's escapes are TOML's for a basic string
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  private String vscode() {
    ObjectNode mcp = JSON.createObjectNode();
    mcp.putObject("servers").set(SERVER_NAME, stdioServer("stdio"));
    return String.join(
        "\n",
        "# VS Code: save as .vscode/mcp.json in the workspace (or merge into it)",
        pretty(mcp),
        "");
  }

  /** The HTTP front door for Claude Code, VS Code and any Streamable HTTP client (decision 36). */
  private String http() {
    if (http == null) {
      throw new IllegalStateException("the http set-up needs a token: withHttp first");
    }
    ObjectNode headers = JSON.createObjectNode().put("Authorization", "Bearer " + http.token());
    ObjectNode vscode = JSON.createObjectNode();
    vscode.putObject("servers").set(SERVER_NAME, httpServer("http", headers));
    ObjectNode generic = JSON.createObjectNode().put("url", http.url().toString());
    generic.set("headers", headers.deepCopy());
    return String.join(
        "\n",
        "# The provider gateway's MCP front door over Streamable HTTP, for the client '"
            + http.client()
            + "'.",
        "# Its token was issued now and is shown only this once: the gateway keeps only its SHA-256, in",
        "# " + http.tokenFile() + ". Issuing again for the same name replaces it.",
        "# Revoke it with: "
            + shellLine("mcp", "--revoke", http.client())
            + " (or delete its entry from that file).",
        "# A gateway must be running on this port: the console ("
            + shellLine()
            + "), or the shared one",
        "# ("
            + shellLine("--detached", "--idle-exit-grace", "12h")
            + "); stdio agents start that one themselves.",
        "",
        "# Claude Code, for you alone (--scope user keeps it in ~/.claude.json, out of every"
            + " repository):",
        "claude mcp add --scope user --transport http "
            + SERVER_NAME
            + " "
            + http.url()
            + " --header "
            + ShellWords.quote("Authorization: Bearer " + http.token()),
        "",
        "# A project's .mcp.json is committed: never the token itself there. Claude Code expands"
            + " ${...}",
        "# from the environment, so export "
            + TOKEN_VARIABLE
            + "=<the token above> in your shell's profile and put:",
        pretty(claudeFromEnvironment()),
        "",
        "# VS Code: in your user configuration (MCP: Open User Configuration), not the"
            + " workspace's .vscode/mcp.json,",
        "# which is committed:",
        pretty(vscode),
        "",
        "# Any other MCP client that speaks Streamable HTTP: this URL, with this header on every request",
        pretty(generic),
        "");
  }

  /** Claude Code's {@code .mcp.json} entry with the token named from the environment. */
  private ObjectNode claudeFromEnvironment() {
    ObjectNode headers =
        JSON.createObjectNode().put("Authorization", "Bearer ${" + TOKEN_VARIABLE + "}");
    ObjectNode mcp = JSON.createObjectNode();
    mcp.putObject("mcpServers").set(SERVER_NAME, httpServer("http", headers));
    return mcp;
  }

  private ObjectNode httpServer(String type, ObjectNode headers) {
    ObjectNode server = JSON.createObjectNode();
    server.put("type", type);
    server.put("url", http.url().toString());
    server.set("headers", headers.deepCopy());
    return server;
  }

  /** {@return {@code {"mcpServers": {"provider-gateway": server}}}, as printed} */
  static String mcpServers(ObjectNode server) {
    ObjectNode mcp = JSON.createObjectNode();
    mcp.putObject("mcpServers").set(SERVER_NAME, server);
    return pretty(mcp);
  }

  /** The MCP server entry that starts {@code gateway mcp}, of {@code type} (none when null). */
  ObjectNode stdioServer(String type) {
    ObjectNode server = JSON.createObjectNode();
    if (type != null) {
      server.put("type", type);
    }
    server.put("command", launcher.get(0));
    ArrayNode args = server.putArray("args");
    launcher.subList(1, launcher.size()).forEach(args::add);
    args.add("mcp");
    homeArgs.forEach(args::add);
    return server;
  }

  /**
   * The command hook for {@code agent}, and what answers should the gateway's program not run at
   * all (its clone or installation gone), in that agent's own terms (decision 61). Claude Code and
   * Copilot CLI run a call whose hook fails, and the launcher itself always answers and exits 0, so
   * a deny is printed only when it could not. Gemini CLI and Codex block only on exit code 2 (any
   * other failure lets the call run), so every failure becomes exit 2 with the reason on stderr.
   * Cursor's hook entry says {@code failClosed} itself.
   */
  String hookCommand(String agent) {
    String reason =
        "the provider gateway hook could not run ("
            + String.join(" ", launcher)
            + " is missing or broken): its gates cannot be checked, so the call is denied;"
            + " reinstall the gateway, or remove this hook";
    AgentDialect dialect =
        AgentDialects.byId(agent)
            .orElseThrow(() -> new IllegalArgumentException("no agent named '" + agent + "'"));
    if (dialect.deniesByExitCode()) {
      // These agents block on exit code 2 with the reason on stderr: the launcher's own deny
      // exits 2 (its reason already on stderr), anything else it exits with is a failure.
      // Through /bin/sh: Codex runs a hook with the person's $SHELL, and fish, say, has no { }.
      return "/bin/sh -c "
          + ShellWords.quote(
              shellLine("hook", agent)
                  + " || { s=$?; [ $s -eq 2 ] || printf '%s\\n' "
                  + ShellWords.quote(reason)
                  + " >&2; exit 2; }");
    }
    return shellLine("hook", agent)
        + " || printf '%s\\n' "
        + ShellWords.quote(dialect.denyAnswer(reason));
  }

  /**
   * The matcher {@code agent}'s dialect gives its hook at {@code event} (null: every tool).
   *
   * @throws IllegalStateException when the dialect has no hook at that event
   */
  static String matcher(AgentKind agent, String event) {
    return agent.dialect().hookEntries().stream()
        .filter(entry -> entry.event().equals(event))
        .findFirst()
        .orElseThrow(() -> new IllegalStateException(agent.word() + " has no " + event + " hook"))
        .matcher();
  }

  /** The launcher and {@code words} as one shell command line, each word quoted when it must be. */
  String shellLine(String... words) {
    List<String> line = new ArrayList<>(launcher);
    line.addAll(List.of(words));
    line.addAll(homeArgs);
    return String.join(" ", line.stream().map(ShellWords::quote).toList());
  }

  static String pretty(ObjectNode node) {
    try {
      return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(node);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }
}
