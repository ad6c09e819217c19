package io.github.providergateway.app.home;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.federation.McpServerConfig;
import io.github.providergateway.guard.GuardSettings;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.json.ProtocolCodec;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A project's providers, as its config file declares them (host RPC: Project providers):
 *
 * <pre>{@code
 * { "providers": [ { "name": "ci", "command": ["node", "ci.mjs"], "cwd": ".", "env": {"K": "V"}, "session": "first" },
 *                  { "name": "greet", "transport": "stdio", "command": ["python3", "greet.py"] },
 *                  { "name": "fs", "mcp": "stdio", "command": ["npx", "-y", "@modelcontextprotocol/server-filesystem", "."] },
 *                  { "name": "remote", "mcp": "http", "url": "http://127.0.0.1:3001/mcp", "toolPrefix": "remote_" } ] }
 * }</pre>
 *
 * <p>An entry with {@code "transport": "stdio"} is a provider that speaks the provider interface as
 * JSON lines on its stdin and stdout instead of connecting over WebSocket (module transport-stdio);
 * {@code "websocket"}, the default, is the other.
 *
 * <p>An entry with {@code "mcp"} is an MCP server the gateway federates (module mcp-federation):
 * {@code "stdio"} starts {@code command} and speaks MCP over its stdin/stdout; {@code "http"}
 * reaches {@code url} (https, or http on loopback). {@code toolPrefix} goes before each of its tool
 * names. With {@code "session": "project"} (this gateway's extension, decisions 69 and 72) an MCP
 * server or a WebSocket provider runs once per project and that project's sessions share it (a
 * {@code "transport": "stdio"} provider cannot); without, as the host RPC says, each session gets
 * its own run ({@code "first"}: only the first session). {@value ProjectPlaceholder#PLACEHOLDER} in
 * an entry's command, {@code cwd} or environment is the folder of the session's project ({@link
 * ProjectPlaceholder}).
 *
 * <p>Beside {@code "providers"}, a {@code "guard"} object configures the guard every home runs
 * (issue 44, docs/guard.md): {@code {"preset": "strict", "rules": [...], "allow": [...]}}, the
 * person's own settings ({@link GuardSettings#personal}); without one, the standard preset. A file
 * with a {@code "guard"} object and no {@code "providers"} configures the guard alone.
 *
 * <p>A bad entry does not spoil the file: it is left out, and {@link #problems()} says which file,
 * entry and field are wrong, so the gateway can report it and still start the rest. So is a bad
 * entry of the guard's object ({@code <file>: guard: ...}).
 *
 * @param file the config file, absolute
 * @param providers the valid entries, in file order
 * @param problems one line per problem found, naming file, entry and field; empty when all is well
 * @param brokenNames the names of the entries left out for a problem, where a name could be read: a
 *     reload leaves such an entry as it runs rather than stop it for a half-typed edit
 * @param guard the guard's settings, the standard preset when the file has no {@code "guard"}
 */
public record ProjectConfig(
    Path file,
    List<Entry> providers,
    List<String> problems,
    Set<String> brokenNames,
    GuardSettings guard) {

  /**
   * The built-in guard's name ({@code GuardPolicy.NAME} in the guard room, which this bottom room
   * does not import): the audit trail records its answers under it, so no entry may take it.
   */
  static final String BUILT_IN_GUARD = "guard";

  /** Where a problem of the {@code "guard"} object is, after the file's name. */
  public static final String GUARD_PROBLEM = ": guard: ";

  public ProjectConfig {
    requireNonNull(file, "file");
    providers = List.copyOf(providers);
    problems = List.copyOf(problems);
    brokenNames = Set.copyOf(brokenNames);
    requireNonNull(guard, "guard");
  }

  /** A config whose every problem is the file's own, or none, with the guard's defaults. */
  public ProjectConfig(Path file, List<Entry> providers, List<String> problems) {
    this(file, providers, problems, Set.of(), GuardSettings.defaults());
  }

  /** The entry named {@code name}, if the config has a valid one. */
  public Optional<Entry> entry(String name) {
    return providers.stream().filter(entry -> entry.name().equals(name)).findFirst();
  }

  /** When a provider is started. */
  public enum SessionMode {
    /** Once, for the first session that starts. */
    FIRST,
    /** Once for every session that starts, bound to it. */
    EACH,
    /**
     * Once for each project, shared by the sessions of that project: MCP servers ({@code
     * SharedMcpServers} in the app, decision 69) and providers that connect over WebSocket ({@code
     * SharedProviders}, decision 72), an extension of the host RPC's config.
     */
    PROJECT
  }

  /**
   * One provider to spawn.
   *
   * @param name its name; its log is {@code <home>/logs/<name>.log}
   * @param command the program and its arguments
   * @param cwd where it runs (a relative {@code cwd} is resolved against the config file's folder)
   * @param env variables added to its environment
   * @param session when it is started
   * @param mcp whether it is an MCP server, and how it is reached
   * @param url an http MCP server's endpoint, else null
   * @param toolPrefix what goes before an MCP server's tool names
   * @param maxConcurrentCalls an MCP server's concurrency limit, 0 for none
   * @param transport how a provider speaks to the gateway ({@link Transport#WEBSOCKET} for MCP
   *     servers)
   * @param watch more of its files for {@code --watch} (relative to {@code cwd}): a file, or a
   *     directory and what is below it; besides the files its command names
   * @param allowSampling whether an MCP server's {@code sampling/createMessage} during a call goes
   *     to the agent's client ({@code "allowSampling": true}, decision 133); false by default. Only
   *     this file, the person's, sets it: the agent cannot write it ({@code guard.self})
   */
  public record Entry(
      String name,
      List<String> command,
      Path cwd,
      Map<String, String> env,
      SessionMode session,
      Mcp mcp,
      URI url,
      String toolPrefix,
      int maxConcurrentCalls,
      Transport transport,
      List<String> watch,
      boolean allowSampling) {
    public Entry {
      requireNonNull(name, "name");
      command = List.copyOf(command);
      requireNonNull(cwd, "cwd");
      env = Collections.unmodifiableMap(new LinkedHashMap<>(env));
      requireNonNull(session, "session");
      requireNonNull(mcp, "mcp");
      toolPrefix = toolPrefix == null ? "" : toolPrefix;
      requireNonNull(transport, "transport");
      watch = List.copyOf(watch);
    }

    /** A provider the gateway spawns, speaking the provider interface over WebSocket. */
    public Entry(
        String name, List<String> command, Path cwd, Map<String, String> env, SessionMode session) {
      this(
          name,
          command,
          cwd,
          env,
          session,
          Mcp.NONE,
          null,
          "",
          0,
          Transport.WEBSOCKET,
          List.of(),
          false);
    }

    /** How the gateway reaches this entry's MCP server: it is one when not {@link Mcp#NONE}. */
    /**
     * {@return whether it runs for every session (its own or its project's), not the first only}
     */
    public boolean forEverySession() {
      return session != SessionMode.FIRST;
    }

    public McpServerConfig mcpServer() {
      McpServerConfig server =
          mcp == Mcp.HTTP
              ? McpServerConfig.http(name, url)
              : McpServerConfig.stdio(name, command).withCwd(cwd).withEnv(env);
      return server
          .withToolPrefix(toolPrefix)
          .withMaxConcurrentCalls(maxConcurrentCalls)
          .withAllowSampling(allowSampling);
    }
  }

  /** How a provider entry speaks the provider interface ({@code "transport"}). */
  public enum Transport {
    /** It connects back over WebSocket with the spawn token in {@code TAP_PROVIDER_TOKEN}. */
    WEBSOCKET,
    /** JSON lines on its stdin and stdout; authenticated by having been spawned. */
    STDIO
  }

  /** Whether an entry is an MCP server, and how it is reached ({@code "mcp"}). */
  public enum Mcp {
    /** Not one: a provider speaking the provider interface. */
    NONE,
    /** Started by the gateway, MCP over its stdin and stdout. */
    STDIO,
    /** Reached at its {@code url} over Streamable HTTP. */
    HTTP
  }

  /**
   * Why the file as a whole cannot be used (unreadable, not JSON, not an object with a {@code
   * providers} array), or null when it can (its entries may still have problems of their own). A
   * gateway refuses to start with such a file rather than run without the providers it names.
   */
  public String fileProblem() {
    return providers.isEmpty()
            && problems.size() == 1
            && !problems.get(0).contains(": providers[")
            && !problems.get(0).contains(GUARD_PROBLEM)
        ? problems.get(0)
        : null;
  }

  /**
   * The names of the entries of {@code home}'s configuration (the file its settings name) that
   * start a provider for every session, as its gateway would start them; empty with no
   * configuration; null when the settings or the configuration cannot be read, which a hook with no
   * gateway takes as "not known" (decision 76).
   */
  public static java.util.Set<String> startedForEverySession(Path home) {
    Path file;
    try {
      file = io.github.providergateway.host.client.HomeSettings.read(home).config();
    } catch (java.io.IOException e) {
      return null;
    }
    if (file == null) {
      return java.util.Set.of();
    }
    ProjectConfig config = load(file);
    return config.fileProblem() != null ? null : config.startedForEverySession();
  }

  /** {@return the names of the entries that start a provider for every session} */
  public java.util.Set<String> startedForEverySession() {
    return providers().stream()
        .filter(Entry::forEverySession)
        .map(Entry::name)
        .collect(java.util.stream.Collectors.toUnmodifiableSet());
  }

  /** Reads {@code file}; problems are reported in the result, never thrown. */
  public static ProjectConfig load(Path file) {
    Path absolute = file.toAbsolutePath().normalize();
    String text;
    try {
      text = Files.readString(absolute);
    } catch (IOException e) {
      return new ProjectConfig(
          absolute, List.of(), List.of(absolute + ": cannot be read (" + e + ")"));
    }
    return parse(absolute, text);
  }

  /** Parses the JSON {@code text} of config file {@code file}. */
  public static ProjectConfig parse(Path file, String text) {
    Path absolute = file.toAbsolutePath().normalize();
    List<String> problems = new ArrayList<>();
    Set<String> broken = new LinkedHashSet<>();
    List<Entry> entries = new ArrayList<>();
    JsonNode root;
    try {
      root = ProtocolCodec.create().parseJson(text);
    } catch (IllegalArgumentException e) {
      return new ProjectConfig(absolute, List.of(), List.of(absolute + ": " + JsonBreak.at(text)));
    }
    JsonNode providers = root.path("providers");
    JsonNode guardObject = root.path("guard");
    boolean guardAlone = root.isObject() && providers.isMissingNode() && guardObject.isObject();
    if (!root.isObject() || (!providers.isArray() && !guardAlone)) {
      return new ProjectConfig(
          absolute,
          List.of(),
          List.of(absolute + ": must be an object with a \"providers\" array"));
    }
    GuardSettings guard = GuardSettings.defaults();
    if (!guardObject.isMissingNode()) {
      if (guardObject.isObject()) {
        try {
          guard = GuardSettings.personal(guardObject);
          guard.problems().forEach(problem -> problems.add(absolute + GUARD_PROBLEM + problem));
        } catch (IllegalArgumentException e) {
          problems.add(absolute + GUARD_PROBLEM + e.getMessage() + "; the standard preset applies");
        }
      } else {
        problems.add(
            absolute
                + GUARD_PROBLEM
                + "must be an object ({\"preset\": \"standard\", \"rules\": [...]}); the standard"
                + " preset applies");
      }
    }
    Path folder = absolute.getParent();
    for (int i = 0; i < providers.size(); i++) {
      JsonNode entry = providers.get(i);
      String where = absolute + ": providers[" + i + "]";
      if (entry.path("name").isTextual()) {
        where += " (\"" + entry.get("name").textValue() + "\")";
      }
      String problem = problemWith(entry);
      if (problem != null) {
        problems.add(where + ": " + problem);
        if (entry.path("name").isTextual()) {
          broken.add(entry.get("name").textValue());
        }
        continue;
      }
      entries.add(entryOf(entry, folder));
    }
    return new ProjectConfig(absolute, entries, problems, broken, guard);
  }

  private static String problemWith(JsonNode entry) {
    if (!entry.isObject()) {
      return "must be an object";
    }
    JsonNode name = entry.get("name");
    if (name == null || !name.isTextual() || name.textValue().isBlank()) {
      return "field \"name\" must be a non-empty string";
    }
    if (!name.textValue().matches("[A-Za-z0-9._-]+")) {
      return "field \"name\" may hold only letters, digits, '.', '-' and '_' (it names the log file)";
    }
    if (Hello.isReservedName(name.textValue())) {
      // An MCP server's entry name is its provider name; any entry's names it in the gateway's own
      // lines.
      return "field \"name\" may not be \""
          + name.textValue()
          + "\": it is reserved for the gateway itself ("
          + String.join(", ", Hello.RESERVED_NAMES)
          + ", in any case)";
    }
    if (Hello.readsAs(name.textValue(), List.of(BUILT_IN_GUARD))) {
      return "field \"name\" may not be \""
          + name.textValue()
          + "\": it is the built-in guard's (configure the guard under \"guard\" in the home's"
          + " settings instead)";
    }
    JsonNode mcp = entry.get("mcp");
    if (mcp != null
        && !mcp.isNull()
        && !("stdio".equals(mcp.textValue()) || "http".equals(mcp.textValue()))) {
      return "field \"mcp\" must be \"stdio\" or \"http\"";
    }
    JsonNode transport = entry.get("transport");
    if (transport != null && !transport.isNull()) {
      if (!("stdio".equals(transport.textValue()) || "websocket".equals(transport.textValue()))) {
        return "field \"transport\" must be \"stdio\" or \"websocket\"";
      }
      if (mcp != null && !mcp.isNull()) {
        return "field \"transport\" is for providers; an MCP server is reached as its \"mcp\" field says";
      }
    }
    JsonNode limit = entry.get("maxConcurrentCalls");
    if (limit != null
        && !limit.isNull()
        && !(limit.canConvertToInt() && limit.isIntegralNumber() && limit.intValue() >= 0)) {
      return "field \"maxConcurrentCalls\" must be a whole number, 0 or more";
    }
    JsonNode sampling = entry.get("allowSampling");
    if (sampling != null && !sampling.isNull() && !sampling.isBoolean()) {
      return "field \"allowSampling\" must be true or false (whether the person lets this MCP server"
          + " ask the agent's model, decision 133)";
    }
    if (sampling != null && sampling.asBoolean() && (mcp == null || mcp.isNull())) {
      return "field \"allowSampling\" is for an MCP server (an entry with \"mcp\"): a provider"
          + " cannot ask the agent's model";
    }
    JsonNode prefix = entry.get("toolPrefix");
    if (prefix != null && !prefix.isNull() && !prefix.isTextual()) {
      return "field \"toolPrefix\" must be a string";
    }
    if (mcp != null && "http".equals(mcp.textValue())) {
      return problemWithUrl(entry);
    }
    JsonNode command = entry.get("command");
    if (command == null || !command.isArray() || command.isEmpty()) {
      return "field \"command\" must be a non-empty array of strings";
    }
    for (JsonNode part : command) {
      if (!part.isTextual()) {
        return "field \"command\" must be a non-empty array of strings";
      }
    }
    JsonNode cwd = entry.get("cwd");
    if (cwd != null && !cwd.isNull() && !cwd.isTextual()) {
      return "field \"cwd\" must be a string";
    }
    JsonNode env = entry.get("env");
    if (env != null && !env.isNull()) {
      if (!env.isObject()) {
        return "field \"env\" must be an object of strings";
      }
      for (Map.Entry<String, JsonNode> variable : env.properties()) {
        if (!variable.getValue().isTextual()) {
          return "field \"env\" must be an object of strings (\""
              + variable.getKey()
              + "\" is not)";
        }
      }
    }
    JsonNode watch = entry.get("watch");
    if (watch != null && !watch.isNull()) {
      if (!watch.isArray()) {
        return "field \"watch\" must be an array of paths (relative to \"cwd\")";
      }
      for (JsonNode path : watch) {
        if (!path.isTextual() || path.textValue().isEmpty()) {
          return "field \"watch\" must be an array of paths (relative to \"cwd\")";
        }
      }
    }
    JsonNode session = entry.get("session");
    if (session != null && !session.isNull() && !session.isTextual()) {
      return "field \"session\" must be a string (\"first\", \"project\", or any other value for"
          + " each session)";
    }
    if (session != null
        && "project".equals(session.asText())
        && "stdio".equals(entry.path("transport").asText(""))) {
      return "\"session\": \"project\" shares a provider that connects over WebSocket, or an MCP"
          + " server, among a project's sessions; a \"transport\": \"stdio\" provider's one"
          + " channel serves one session: run it for the \"first\" session or for each";
    }
    return null;
  }

  /** An http MCP server's entry: a {@code url} the gateway may use, and no {@code command}. */
  private static String problemWithUrl(JsonNode entry) {
    if (entry.has("command")) {
      return "an \"mcp\": \"http\" server is reached at its \"url\"; it has no \"command\"";
    }
    JsonNode url = entry.get("url");
    if (url == null || !url.isTextual()) {
      return "field \"url\" must be a string (an \"mcp\": \"http\" server's endpoint)";
    }
    try {
      McpServerConfig.http(entry.get("name").textValue(), new URI(url.textValue()));
      return null;
    } catch (URISyntaxException | IllegalArgumentException e) {
      return "field \"url\": " + e.getMessage();
    }
  }

  private static Entry entryOf(JsonNode entry, Path folder) {
    List<String> command = new ArrayList<>();
    if (entry.path("command").isArray()) {
      entry.get("command").forEach(part -> command.add(part.textValue()));
    }
    Path cwd = folder;
    if (entry.path("cwd").isTextual()) {
      String text = entry.get("cwd").textValue();
      // ${project} is the session's project, replaced when the entry starts: not under the folder.
      cwd =
          text.startsWith(ProjectPlaceholder.PLACEHOLDER)
              ? Path.of(text)
              : folder.resolve(text).normalize();
    }
    Map<String, String> env = new LinkedHashMap<>();
    if (entry.path("env").isObject()) {
      entry.get("env").properties().forEach(v -> env.put(v.getKey(), v.getValue().textValue()));
    }
    Mcp mcp =
        switch (entry.path("mcp").asText("")) {
          case "stdio" -> Mcp.STDIO;
          case "http" -> Mcp.HTTP;
          default -> Mcp.NONE;
        };
    // "project" is this gateway's extension (decision 69); the spec's default is each session.
    SessionMode mode =
        switch (entry.path("session").asText("each")) {
          case "first" -> SessionMode.FIRST;
          case "project" -> SessionMode.PROJECT;
          default -> SessionMode.EACH;
        };
    URI url = mcp == Mcp.HTTP ? URI.create(entry.get("url").textValue()) : null;
    Transport transport =
        "stdio".equals(entry.path("transport").asText("")) ? Transport.STDIO : Transport.WEBSOCKET;
    List<String> watch = new ArrayList<>();
    entry.path("watch").forEach(path -> watch.add(path.textValue()));
    return new Entry(
        entry.get("name").textValue(),
        command,
        cwd,
        env,
        mode,
        mcp,
        url,
        entry.path("toolPrefix").asText(""),
        entry.path("maxConcurrentCalls").asInt(0),
        transport,
        watch,
        entry.path("allowSampling").asBoolean(false));
  }
}
