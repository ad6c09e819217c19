package io.github.providergateway.app.agents;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.agent.hook.AgentDialect;
import io.github.providergateway.agent.hook.AgentKind;
import io.github.providergateway.app.home.BoundedCommand;
import io.github.providergateway.app.home.SettingsEdit;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Codex CLI's set-up: its hook in {@code hooks.json} (no matcher: before every tool, and after
 * every tool to tell the gateway that a call ran), its MCP server as a TOML table in {@code
 * config.toml}, and both hooks' trust in the user's {@code config.toml}, without which Codex skips
 * them silently.
 */
final class CodexSettings extends AgentSettings {

  @Override
  public AgentKind kind() {
    return AgentKind.CODEX;
  }

  @Override
  public AgentLayouts.Plan plan(
      AgentLayouts layouts,
      Path project,
      AgentLayouts.HttpHook http,
      AgentLayouts.Earlier earlier,
      AgentLayouts.McpHttp mcpHttp)
      throws IOException {
    Path codexHome = project == null ? codexHome(layouts) : project.resolve(".codex");
    ObjectNode hook = JsonNodeFactory.instance.objectNode();
    hook.put("type", "command")
        .put("command", layouts.config().hookCommand("codex"))
        .put("timeout", (int) AgentDialect.HOOK_TIMEOUT.toSeconds());
    // No matcher: the hook runs before every tool, its shell, apply_patch and MCP tools alike; and
    // the same hook after every tool (PostToolUse), which tells the gateway that a call ran.
    List<SettingsEdit.Element> elements = new ArrayList<>();
    for (AgentDialect.HookEntry entry : kind().dialect().hookEntries()) {
      ObjectNode group = JsonNodeFactory.instance.objectNode();
      group.putArray("hooks").add(hook.deepCopy());
      elements.add(new SettingsEdit.Element(List.of("hooks", entry.event()), group));
    }
    List<SettingsEdit> edits = new ArrayList<>();
    Path hooksJson = codexHome.resolve("hooks.json");
    SettingsEdit hooks =
        new SettingsEdit(
            hooksJson,
            SettingsEdit.Format.json,
            List.<SettingsEdit.Addition>copyOf(elements),
            false);
    edits.add(hooks);
    List<String> notes = new ArrayList<>();
    // Codex skips a hook nobody trusted, silently: setup trusts the ones it installs, in the user's
    // config.toml, each under the key of its event and the place it takes in hooks.json.
    Path userConfig = userConfig(layouts);
    byte[] current = SettingsFiles.read(hooksJson);
    byte[] config = SettingsFiles.read(userConfig);
    StringBuilder trusts = new StringBuilder();
    List<String> headers = new ArrayList<>();
    for (SettingsEdit.Element element : elements) {
      String event = element.path().get(1);
      int place = SettingsMerge.indexAfterApply(hooks, current, earlier.in(hooksJson), element);
      String table = place < 0 ? "" : CodexHookTrust.table(hooksJson, event, place, hook);
      String header = table.lines().findFirst().orElse("");
      boolean ours =
          earlier.in(userConfig).stream()
              .anyMatch(a -> a instanceof SettingsEdit.Block b && b.text().contains(header));
      if (!table.isEmpty()
          && !ours
          && config != null
          && new String(config, StandardCharsets.UTF_8)
              .lines()
              .anyMatch(l -> l.strip().equals(header))) {
        notes.add(
            "Codex already keeps a trust state for this hook ("
                + header
                + " in "
                + userConfig
                + "): setup leaves it. If Codex says 'Hooks need review', trust the provider"
                + " gateway's hook there.");
        table = "";
      }
      if (!table.isEmpty()) {
        trusts.append(table);
        headers.add(header);
      }
    }
    String trust = trusts.toString();
    String mcp = mcpHttp != null ? httpBlock(mcpHttp) : stdioBlock(layouts.config());
    List<SettingsEdit.Addition> sandbox = List.of();
    if (project == null) {
      sandbox = sandbox(layouts, userConfig, notes);
      List<SettingsEdit.Addition> blocks = new ArrayList<>();
      blocks.add(new SettingsEdit.Block(mcp + trust));
      blocks.addAll(sandbox);
      edits.add(new SettingsEdit(userConfig, SettingsEdit.Format.toml, blocks, mcpHttp != null));
    } else {
      edits.add(
          new SettingsEdit(
              codexHome.resolve("config.toml"),
              SettingsEdit.Format.toml,
              List.of(new SettingsEdit.Block(mcp)),
              false));
      if (!trust.isEmpty()) {
        edits.add(
            new SettingsEdit(
                userConfig,
                SettingsEdit.Format.toml,
                List.of(new SettingsEdit.Block(blockHeader() + trust)),
                false));
      }
      notes.add(
          "Codex reads "
              + codexHome
              + " only in a project you trusted: answer its question when it starts there.");
    }
    if (!trust.isEmpty()) {
      notes.add(
          "Codex runs only hooks it was told to trust: setup trusted "
              + (headers.size() == 1 ? "this one" : "these")
              + " in "
              + userConfig
              + " ("
              + String.join(", ", headers)
              + "). Codex ties that to the hook's exact command, its event and its place in"
              + " hooks.json: if any changes (another hook put before it), run setup again, or"
              + " trust it when Codex says 'Hooks need review'.");
    }
    return new AgentLayouts.Plan(edits, notes, sandbox);
  }

  /**
   * Codex's own sandbox in the user's {@code config.toml}, as the home's policy sets it (issue 64):
   * one block before the file's first table, {@code default_permissions} (a key of the file's root)
   * and the profile's tables, so that {@code --remove} takes back exactly it; or the note that says
   * why none is written.
   */
  private List<SettingsEdit.Addition> sandbox(
      AgentLayouts layouts, Path userConfig, List<String> notes) throws IOException {
    byte[] config = SettingsFiles.read(userConfig);
    String mode =
        config == null
            ? null
            : SettingsMerge.rootValue(new String(config, StandardCharsets.UTF_8), SANDBOX_MODE);
    if (layouts.sandbox().wanted() && mode != null) {
      // Codex runs the profile rather than the person's sandbox_mode (tried with codex sandbox):
      // that
      // would tighten (or loosen) what the person chose without asking.
      notes.add(
          "Codex: your "
              + userConfig
              + " sets "
              + SANDBOX_MODE
              + " = "
              + mode
              + ", which the gateway's sandbox (a permission profile) would replace: setup leaves"
              + " your sandbox as it is. Remove that line and run setup again to turn the"
              + " gateway's on, or pass --no-sandbox.");
      return List.of();
    }
    if (layouts.sandbox().wanted()) {
      // Codex's own check needs its home: it refuses to start where CODEX_HOME does not exist.
      // Setup makes it anyway, for hooks.json.
      Files.createDirectories(userConfig.getParent());
    }
    SandboxChoice.Outcome sandbox = layouts.sandbox().of(kind().dialect());
    if (sandbox.settings() == null) {
      if (sandbox.note() != null) {
        notes.add("Codex: " + sandbox.note());
      }
      return List.of();
    }
    String profile = sandbox.settings().path("profile").asText();
    StringBuilder toml =
        new StringBuilder(
            "# Codex's sandbox, from the gateway's policy: added by 'gateway setup codex';"
                + " 'gateway setup codex --remove' takes it back.\n");
    toml.append(DEFAULT_PERMISSIONS).append(" = ").append(AgentLayouts.tomlString(profile));
    toml.append("\n\n[permissions.").append(profile).append(".filesystem]\n");
    sandbox
        .settings()
        .path("filesystem")
        .fields()
        .forEachRemaining(
            entry ->
                toml.append(AgentLayouts.tomlString(entry.getKey()))
                    .append(" = ")
                    .append(AgentLayouts.tomlString(entry.getValue().asText()))
                    .append('\n'));
    boolean network = sandbox.settings().at("/network/enabled").asBoolean();
    toml.append("\n[permissions.").append(profile).append(".network]\n");
    toml.append("enabled = ").append(network).append("\n\n");
    notes.add(
        "Codex's own sandbox is on (the permission profile '"
            + profile
            + "', its default_permissions in config.toml): every command of its shell runs in it,"
            + " writing only in the project, the temporary folders and the build caches, and"
            + " reading none of the gateway's home and the credential files"
            + (network
                ? ""
                : "; with no network at all, loopback included: Codex's sandbox does not limit"
                    + " by domain, so the allow-list mode turns its network off")
            + ". A --sandbox or -c sandbox_mode=... given to codex replaces the profile for that"
            + " run. Leave it out with --no-sandbox."
            + layouts.sandbox().missingWritable()
            + layouts.sandbox().exposures()
            + layouts.sandbox().sshAgent());
    return List.of(new SettingsEdit.Block(toml.toString(), true));
  }

  /**
   * Codex's managed layer on Linux (checked against the 0.169.0 binary: its app server lists these
   * hooks with {@code "trustStatus": "managed"}, {@code "source": "system"}): {@code
   * /etc/codex/requirements.toml} with {@code allow_managed_hooks_only} (a key of the requirements
   * alone) and the hooks as inline {@code [[hooks.EVENT]]} tables, whose {@code [hooks]
   * managed_dir} must be an absolute folder that exists (else Codex skips them, with a warning):
   * the launcher's. Requirements cannot declare an MCP server (their {@code mcp_servers} only
   * allows servers by identity), so it goes into the system config layer, {@code
   * /etc/codex/config.toml}.
   */
  @Override
  Optional<ManagedLayer> managedLayer(AgentConfig config, Path launcher, ManagedPlaces places) {
    Path folder = places.etc("codex");
    StringBuilder hooks = new StringBuilder(managedHeader());
    hooks
        .append("[hooks]\nmanaged_dir = ")
        .append(AgentLayouts.tomlString(launcher.getParent().toString()))
        .append('\n');
    for (AgentDialect.HookEntry entry : kind().dialect().hookEntries()) {
      hooks.append("\n[[hooks.").append(entry.event()).append("]]\n");
      if (entry.matcher() != null) {
        hooks.append("matcher = ").append(AgentLayouts.tomlString(entry.matcher())).append('\n');
      }
      hooks.append("[[hooks.").append(entry.event()).append(".hooks]]\n");
      hooks
          .append("type = \"command\"\ncommand = ")
          .append(AgentLayouts.tomlString(config.hookCommand("codex")))
          .append("\ntimeout = ")
          .append(AgentDialect.HOOK_TIMEOUT.toSeconds())
          .append('\n');
    }
    SettingsEdit requirements =
        new SettingsEdit(
            folder.resolve("requirements.toml"),
            SettingsEdit.Format.toml,
            List.of(
                new SettingsEdit.Block(managedHeader() + MANAGED_HOOKS_ONLY + " = true\n", true),
                new SettingsEdit.Block(hooks.toString())),
            false);
    SettingsEdit system =
        new SettingsEdit(
            folder.resolve("config.toml"),
            SettingsEdit.Format.toml,
            List.of(
                new SettingsEdit.Block(stdioBlock(config).replace(blockHeader(), managedHeader()))),
            false);
    return Optional.of(
        new ManagedLayer(
            List.of(requirements, system),
            List.of(),
            MANAGED_HOOKS_ONLY,
            "requirements.toml binds: its hooks are managed (trusted by policy; no person can"
                + " review them away), and with "
                + MANAGED_HOOKS_ONLY
                + " = true Codex skips the hooks of the user's and the projects' hooks.json and"
                + " [hooks], a user-level gateway hook (gateway setup codex) included."
                + " /etc/codex/config.toml is the system layer, below the user's config.toml: a"
                + " user's own [mcp_servers.provider-gateway] replaces its entry.",
            List.of(
                "Codex skips requirements hooks whose managed_dir does not exist: it names the"
                    + " launcher's folder, "
                    + launcher.getParent()
                    + ".")));
  }

  /** The key of Codex's requirements that skips every hook but the managed ones. */
  static final String MANAGED_HOOKS_ONLY = "allow_managed_hooks_only";

  private static String managedHeader() {
    return "\n# Added by 'gateway setup codex --managed --write'; 'gateway setup codex --managed"
        + " --remove' takes it back.\n";
  }

  /** The permission profile setup writes: {@code CodexSandbox.PROFILE} of the agents' module. */
  static final String PROFILE = "provider-gateway";

  /** The key of {@code config.toml}'s root that sets Codex's older kind of sandbox. */
  private static final String SANDBOX_MODE = "sandbox_mode";

  /** The key of the root of {@code config.toml} that names the profile Codex runs with. */
  private static final String DEFAULT_PERMISSIONS = "default_permissions";

  /** Setup's sandbox in Codex's {@code config.toml}: the block of its permission profile. */
  @Override
  boolean isSandbox(Path file, SettingsEdit.Addition addition) {
    return addition instanceof SettingsEdit.Block block
        && block.top()
        && block.text().contains(DEFAULT_PERMISSIONS + " = ");
  }

  static Path codexHome(AgentLayouts layouts) {
    return layouts.envDir("CODEX_HOME", layouts.userHome().resolve(".codex"));
  }

  /** {@return Codex's user {@code config.toml}, where it keeps its hooks' trust} */
  static Path userConfig(AgentLayouts layouts) {
    return codexHome(layouts).resolve("config.toml");
  }

  /**
   * Codex's {@code [mcp_servers.provider-gateway]} table over Streamable HTTP: {@code url} and a
   * static {@code http_headers} (Codex refuses an inline {@code bearer_token}; {@code
   * bearer_token_env_var} would need the person's environment), marked as setup's.
   */
  private static String httpBlock(AgentLayouts.McpHttp mcp) {
    return blockHeader()
        + "[mcp_servers."
        + AgentConfig.SERVER_NAME
        + "]\n"
        + "url = "
        + AgentLayouts.tomlString(mcp.url().toString())
        + "\nhttp_headers = { \"Authorization\" = "
        + AgentLayouts.tomlString(mcp.authorization())
        + " }\n"
        + APPROVE_TOOLS
        + STARTUP_TIMEOUT;
  }

  /**
   * The line that lets Codex call the gateway's tools without asking (issue 77): under a permission
   * profile, headless Codex ({@code codex exec}, approval policy {@code never}) otherwise refuses
   * every MCP call ("MCP tool call requires approval, but approval policy is never"; 0.169.0 and
   * 0.171.0 alike, tried). Codex's question is not the gate: the gateway's hook still decides each
   * call ({@code PreToolUse} sees MCP tools too), and so does the gateway itself. Codex takes
   * {@code auto}, {@code prompt}, {@code writes} or {@code approve} here; a Codex that does not
   * know the key ignores it with a warning (0.169.0 does so for any unknown key of the table).
   */
  static final String APPROVE_TOOLS = "default_tools_approval_mode = \"approve\"\n";

  /**
   * How long Codex waits for the window's start ({@code initialize}, the first {@code tools/list})
   * before it gives the server up for the session. Its default, 10 s, is short of a busy machine's
   * window (a fresh gateway's first took 15-17 s on 2 cores at load 10-16; docs/performance.md).
   * 120 s is the window's own bounds end to end, so that the window answers first: the gateway's
   * start it waits for ({@code DetachedGatewayStarter.START_WAIT}, 60 s), then its {@code
   * initialize} and {@code tools/list} ({@code GATEWAY_BRIDGE_TIMEOUT}, 30 s each).
   */
  static final Duration STARTUP = Duration.ofSeconds(120);

  /** The line of setup's {@code [mcp_servers.provider-gateway]} that says {@link #STARTUP}. */
  static final String STARTUP_TIMEOUT = "startup_timeout_sec = " + STARTUP.toSeconds() + "\n";

  /** Codex's {@code [mcp_servers.provider-gateway]} table, marked as setup's. */
  private static String stdioBlock(AgentConfig config) {
    ObjectNode server = config.stdioServer(null);
    StringBuilder args = new StringBuilder();
    server
        .path("args")
        .forEach(
            a ->
                args.append(args.length() == 0 ? "" : ", ")
                    .append(AgentLayouts.tomlString(a.asText())));
    return blockHeader()
        + "[mcp_servers."
        + AgentConfig.SERVER_NAME
        + "]\n"
        + "command = "
        + AgentLayouts.tomlString(server.path("command").asText())
        + "\nargs = ["
        + args
        + "]\n"
        + APPROVE_TOOLS
        + STARTUP_TIMEOUT;
  }

  private static String blockHeader() {
    return "\n# Added by 'gateway setup codex'; 'gateway setup codex --remove' takes it back.\n";
  }

  @Override
  public String mcpSnippet(AgentConfig config) {
    ObjectNode server = config.stdioServer(null);
    List<String> args = new ArrayList<>();
    server.path("args").forEach(a -> args.add(AgentConfig.tomlBasicString(a.asText())));
    return String.join(
        "\n",
        "# Codex CLI: add to $CODEX_HOME/config.toml (~/.codex/config.toml)",
        "[mcp_servers." + AgentConfig.SERVER_NAME + "]",
        "command = " + AgentConfig.tomlBasicString(server.path("command").asText()),
        "args = [" + String.join(", ", args) + "]",
        APPROVE_TOOLS.strip(),
        STARTUP_TIMEOUT.strip(),
        "",
        config.printedHooks(kind().dialect()));
  }

  @Override
  public String precedence() {
    return "project .codex/ (in a trusted project) and $CODEX_HOME: the hooks of both hooks.json"
        + " files run (Codex hooks documentation); its trust is kept in $CODEX_HOME/config.toml";
  }

  @Override
  public HookTrustCheck.Trust trust(
      HookTrustCheck check,
      Path project,
      List<AgentHooks.Hook> hooks,
      List<AgentHooks.Read> reads) {
    return check.codex(hooks);
  }

  @Override
  public boolean trustKeptInFile() {
    return true;
  }

  @Override
  public ObjectNode canaryInput(String event, String command, String folder) {
    ObjectNode in = JsonNodeFactory.instance.objectNode();
    in.put("session_id", "gateway-doctor");
    in.put("turn_id", "gateway-doctor");
    in.put("cwd", folder);
    in.put("hook_event_name", "PreToolUse");
    in.put("tool_name", "Bash");
    in.putObject("tool_input").put("command", command);
    return in;
  }

  /**
   * Codex blocks on a deny, or the older {@code "decision": "block"}, and runs a call whose deny
   * gives no reason; it refuses {@code ask}, so that is no block.
   */
  @Override
  public CanaryRun.Result canaryAnswer(JsonNode answer, String text) {
    JsonNode specific = answer.path("hookSpecificOutput");
    String decision = specific.path("permissionDecision").asText("");
    String reason = specific.path("permissionDecisionReason").asText("");
    if (answer.path("decision").asText().equals("block")) {
      decision = "deny";
      reason = answer.path("reason").asText("");
    }
    boolean blocks = decision.equals("deny");
    if (blocks && reason.isBlank()) {
      return new CanaryRun.Result(
          CanaryRun.Outcome.ALLOWED, "a deny without a reason, which Codex runs");
    }
    return CanaryRun.decided(blocks, reason, text);
  }

  /**
   * Codex's sandbox as it reads it (issue 64): the profile {@code default_permissions} names, else
   * {@code sandbox_mode}, of the project's {@code config.toml} before the user's, and the canary
   * through {@code codex sandbox}.
   */
  @Override
  Optional<SandboxFinding> sandbox(SandboxDoctor doctor, Path project, boolean setUp) {
    List<Path> files =
        List.of(
            project.resolve(".codex/config.toml"),
            codexHome(doctor.layouts()).resolve("config.toml"));
    String profile = null;
    String mode = null;
    Path source = null;
    String text = "";
    for (Path file : files) {
      String content = SandboxDoctor.toml(file);
      String p = SettingsMerge.rootValue(content, "default_permissions");
      String m = SettingsMerge.rootValue(content, "sandbox_mode");
      if (p != null || m != null) {
        profile = p;
        mode = m;
        source = file;
        text = content;
        break;
      }
    }
    String name = profile == null ? null : profile.replace("\"", "");
    boolean ours = PROFILE.equals(name);
    String decided =
        source == null
            ? "no config.toml names a sandbox (Codex's default: read-only in exec, asks in the TUI)"
            : profile != null
                ? "the permission profile " + profile + " of " + source
                : "sandbox_mode " + mode + " in " + source;
    boolean on = profile != null || mode != null && !mode.contains("danger-full-access");
    List<String> lines = new ArrayList<>();
    lines.add((on ? "on" : "OFF") + ": " + decided);
    List<String> write = new ArrayList<>();
    if (name != null) {
      List<String> none = new ArrayList<>();
      for (String[] entry : SandboxDoctor.profileEntries(text, name)) {
        (entry[1].equals("write")
                ? write
                : entry[1].equals("none") ? none : new ArrayList<String>())
            .add(entry[0]);
      }
      lines.add("may write: " + SandboxDoctor.listed(write));
      lines.add("may not read: " + SandboxDoctor.listed(none));
    }
    DoctorProblem leftBehind =
        ours ? CodexProfileCheck.check(text, doctor.layouts().userHome(), project, lines) : null;
    lines.add(
        "command-line flags replace it for one run: --sandbox, -c sandbox_mode=...,"
            + " --dangerously-bypass-approvals-and-sandbox");
    lines.add(doctor.programs(this));
    DoctorProblem problem = null;
    if (setUp && !ours) {
      problem =
          new DoctorProblem(
              "sandbox replaced",
              "its sandbox, the profile gateway setup wrote, is not the one Codex runs: "
                  + decided);
    }
    if (problem == null) {
      problem = leftBehind;
    }
    SandboxWritable writable = SandboxWritable.of(write, doctor.layouts().userHome());
    if (on && doctor.canary() != null) {
      Optional<Path> codex = BoundedCommand.onPath("codex", doctor.layouts().env());
      if (codex.isEmpty()) {
        lines.add("canary: not run: codex is not on the PATH");
      } else {
        problem =
            SandboxDoctor.ran(
                doctor.canary().run(List.of(codex.get().toString(), "sandbox", "--"), false),
                writable,
                lines,
                problem);
      }
    }
    return Optional.of(new SandboxFinding(on, decided, lines, problem, writable));
  }

  /**
   * Codex's hooks feature turned off in a {@code config.toml} it reads ({@code [features] hooks =
   * false}, the older {@code codex_hooks}, or {@code features.hooks = false}): Codex then runs no
   * hook (seen with 0.171.0; a project's file counts once the project is trusted). Issue 75.
   */
  @Override
  Optional<DoctorProblem> hooksTurnedOff(List<AgentHooks.Read> reads) {
    for (AgentHooks.Read read : reads) {
      if (!read.exists() || !read.file().getFileName().toString().endsWith(".toml")) {
        continue;
      }
      String text;
      try {
        byte[] content = SettingsFiles.read(read.file());
        text = content == null ? "" : new String(content, java.nio.charset.StandardCharsets.UTF_8);
      } catch (java.io.IOException e) {
        continue; // the doctor says a file cannot be read
      }
      String table = "";
      for (String line : text.lines().map(String::strip).toList()) {
        if (line.startsWith("[")) {
          table = line;
          continue;
        }
        String setting = line.replace(" ", "");
        boolean off =
            table.equals("[features]")
                    && (setting.startsWith("hooks=false")
                        || setting.startsWith("codex_hooks=false"))
                || table.isEmpty()
                    && (setting.startsWith("features.hooks=false")
                        || setting.startsWith("features.codex_hooks=false"));
        if (off) {
          return Optional.of(
              new DoctorProblem(
                  "hooks turned off ([features] hooks = false)",
                  "the hooks feature is off in " + read.file() + ": Codex runs no hook"));
        }
      }
    }
    return Optional.empty();
  }

  /** Codex's home, which {@link #plan} makes for its sandbox check (issue 77: recorded as made). */
  @Override
  List<Path> foldersPlanMakes(AgentLayouts layouts, Path project) {
    return project == null ? List.of(codexHome(layouts)) : List.of();
  }

  /** Codex's documented default: 600 s for most hooks. */
  @Override
  Duration defaultHookTimeout() {
    return Duration.ofSeconds(600);
  }
}
