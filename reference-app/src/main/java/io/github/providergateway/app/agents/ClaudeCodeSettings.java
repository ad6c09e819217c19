package io.github.providergateway.app.agents;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.agent.hook.AgentDialect;
import io.github.providergateway.agent.hook.AgentKind;
import io.github.providergateway.app.home.BoundedCommand;
import io.github.providergateway.app.home.SettingsEdit;
import io.github.providergateway.loop.base.OwnerOnlyFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Claude Code's set-up: its hook in {@code settings.json} before its tools and after them (the
 * command hook, or for 2.1.295 and later in the user's settings the HTTP hook the running gateway
 * answers), its MCP servers in {@code ~/.claude.json} or the project's {@code .mcp.json}, and
 * {@code disableAllHooks}.
 */
final class ClaudeCodeSettings extends AgentSettings {

  /** Claude Code 2.1.295 and later block a call whose HTTP hook failed ({@code onFailure}). */
  static final String HTTP_HOOK_SINCE = "2.1.295";

  /**
   * Claude Code's tools of every kind: its own shell, edits, writes, notebooks and reads, and every
   * MCP tool (the gateway's own, and those of servers Claude reaches directly, which only this hook
   * guards), as its dialect names them.
   */
  static final String MATCHER = AgentConfig.matcher(AgentKind.CLAUDE, "PreToolUse");

  @Override
  public AgentKind kind() {
    return AgentKind.CLAUDE;
  }

  @Override
  public AgentLayouts.Plan plan(
      AgentLayouts layouts,
      Path project,
      AgentLayouts.HttpHook http,
      AgentLayouts.Earlier earlier,
      AgentLayouts.McpHttp mcpHttp) {
    AgentConfig config = layouts.config();
    List<SettingsEdit> edits = new ArrayList<>();
    ObjectNode hook = JsonNodeFactory.instance.objectNode();
    boolean secret = false;
    if (http != null && project == null) {
      hook.put("type", "http").put("url", http.url().toString());
      hook.putObject("headers").put("Authorization", "Bearer " + http.token());
      hook.put("timeout", (int) AgentDialect.HOOK_TIMEOUT.toSeconds()).put("onFailure", "block");
      secret = true;
    } else {
      hook.put("type", "command")
          .put("command", config.hookCommand("claude"))
          .put("timeout", (int) AgentDialect.HOOK_TIMEOUT.toSeconds());
    }
    Path configDir = configDir(layouts);
    Path settings =
        project == null
            ? configDir.resolve("settings.json")
            : project.resolve(".claude").resolve("settings.json");
    List<SettingsEdit.Addition> additions = new ArrayList<>();
    // The hook before its tools, and the same hook after them (PostToolUse), which tells the
    // gateway that a call ran: one that Claude asked its person about and they allowed.
    for (AgentDialect.HookEntry entry : kind().dialect().hookEntries()) {
      ObjectNode group = JsonNodeFactory.instance.objectNode().put("matcher", entry.matcher());
      group.putArray("hooks").add(hook.deepCopy());
      additions.add(new SettingsEdit.Element(List.of("hooks", entry.event()), group));
    }
    List<String> notes = new ArrayList<>();
    List<SettingsEdit.Addition> sandbox = project == null ? sandbox(layouts, notes) : List.of();
    additions.addAll(sandbox);
    edits.add(new SettingsEdit(settings, SettingsEdit.Format.json, additions, secret));
    // User scope: Claude Code keeps user MCP servers in ~/.claude.json (claude mcp add --scope
    // user); project scope: .mcp.json at the project's root.
    Path mcp =
        project == null
            ? (layouts.env().containsKey("CLAUDE_CONFIG_DIR") ? configDir : layouts.userHome())
                .resolve(".claude.json")
            : project.resolve(".mcp.json");
    // Claude Code 2.1.332 writes ~/.claude.json owner-only and keeps a file's mode when it rewrites
    // it (checked): the token stays readable by the person alone.
    edits.add(
        mcpHttp != null
            ? AgentLayouts.mcpMember(mcp, AgentLayouts.httpServer(mcpHttp, "http", "url"), true)
            : AgentLayouts.mcpMember(mcp, config.stdioServer("stdio"), false));
    if (secret) {
      notes.add(
          "Claude Code's calls run only while a gateway answers at "
              + http.url()
              + ": the MCP server entry starts the home's shared gateway with Claude. The token is"
              + " in "
              + settings
              + ", now readable by you alone. On a machine other people log in to, use"
              + " --command-hook: while no gateway listens there, another user could.");
    }
    if (project != null) {
      notes.add(
          "The project's files are committed: they get the command hook, and no token. The MCP"
              + " server in .mcp.json asks each person once whether to use it.");
    }
    return new AgentLayouts.Plan(edits, notes, sandbox);
  }

  /**
   * Claude Code's own sandbox in the user's settings, as the home's policy sets it (issue 64): each
   * member of its {@code sandbox} object, so that {@code --remove} takes back exactly these, and a
   * member the person set otherwise is refused by name rather than overwritten; or the note that
   * says why none is written.
   */
  private List<SettingsEdit.Addition> sandbox(AgentLayouts layouts, List<String> notes) {
    SandboxChoice.Outcome sandbox = layouts.sandbox().of(kind().dialect());
    if (sandbox.settings() == null) {
      if (sandbox.note() != null) {
        notes.add("Claude Code: " + sandbox.note());
      }
      return List.of();
    }
    List<SettingsEdit.Addition> additions = new ArrayList<>();
    sandbox
        .settings()
        .fields()
        .forEachRemaining(
            member ->
                additions.add(
                    new SettingsEdit.Member(
                        List.of("sandbox"), member.getKey(), member.getValue())));
    notes.add(
        "Claude Code's own sandbox is on (sandbox in its settings): every command of its shell runs"
            + " in it, writing only in the project, the temporary folders and the build caches,"
            + " reading none of the gateway's home and the credential files, and reaching loopback"
            + (sandbox.settings().at("/network/strictAllowlist").asBoolean()
                ? " and the allowed domains only"
                : " and, once you say yes, other hosts (none in claude -p, where nobody can)")
            + ". A sandbox that cannot start stops Claude (failIfUnavailable), and no command runs"
            + " outside it (allowUnsandboxedCommands: false). It still asks you before commands as"
            + " it did (autoAllowBashIfSandboxed: false). Leave it out with --no-sandbox."
            + layouts.sandbox().missingWritable()
            + layouts.sandbox().exposures()
            + " On Linux it blocks every Unix socket, ssh-agent's too: push over ssh yourself, or"
            + " over https.");
    return additions;
  }

  static Path configDir(AgentLayouts layouts) {
    return layouts.envDir("CLAUDE_CONFIG_DIR", layouts.userHome().resolve(".claude"));
  }

  @Override
  public String mcpSnippet(AgentConfig config) {
    ObjectNode server = config.stdioServer("stdio");
    String mcp = AgentConfig.mcpServers(server);
    return String.join(
        "\n",
        "# Claude Code: add the MCP server (add --scope project to share it through .mcp.json)",
        "claude mcp add " + AgentConfig.SERVER_NAME + " -- " + config.shellLine("mcp"),
        "",
        "# or put this in .mcp.json at the project root:",
        mcp,
        "",
        "# Gates for Claude's own tools: merge into ~/.claude/settings.json or .claude/settings.json",
        "# (or, on Claude Code 2.1.295 or later, the HTTP hook: "
            + config.shellLine("hook", "--print-config", "claude")
            + ")",
        AgentConfig.pretty(kind().dialect().hookSettings(config.hookCommand("claude"))),
        "");
  }

  @Override
  public boolean takesHttpHook() {
    return true;
  }

  /**
   * {@code gateway hook --print-config claude}: Claude Code's HTTP hook with the token just issued,
   * fail closed, and the command hook for older Claude Code.
   */
  @Override
  public String httpHookSnippet(AgentConfig config, AgentConfig.HookAccess access) {
    ObjectNode hook = JsonNodeFactory.instance.objectNode();
    hook.put("type", "http");
    hook.put("url", access.url().toString());
    hook.putObject("headers").put("Authorization", "Bearer $" + AgentConfig.HOOK_TOKEN_VARIABLE);
    hook.putArray("allowedEnvVars").add(AgentConfig.HOOK_TOKEN_VARIABLE);
    hook.put("timeout", (int) AgentDialect.HOOK_TIMEOUT.toSeconds());
    hook.put("onFailure", "block");
    return String.join(
        "\n",
        "# Claude Code 2.1.295 or later: the running gateway answers Claude's PreToolUse hook itself,",
        "# over HTTP on its port, in milliseconds. \"onFailure\": \"block\" makes a failed request (no",
        "# gateway running, a revoked token, a time-out) block the call: fail closed.",
        "# The token below was issued now for the client '"
            + access.client()
            + "' and is shown only this once: the",
        "# gateway keeps only its SHA-256, in " + access.tokenFile() + ".",
        "# Revoke it with: "
            + config.shellLine("hook", "--revoke", access.client())
            + "; issuing again replaces it.",
        access.replaced()
            ? "# It REPLACES the token '"
                + access.client()
                + "' had: a Claude Code still sending the old one now gets 401,\n"
                + "# which blocks its calls (before 2.1.295: lets them run). Use --client NAME for a second one."
            : "# (--client NAME issues another, for a second machine account or settings file.)",
        "",
        "# 1. Where Claude Code is started from (your shell's profile, e.g. ~/.bashrc or ~/.zshrc):",
        "export " + AgentConfig.HOOK_TOKEN_VARIABLE + "=" + access.token(),
        "",
        "# 2. Merge into ~/.claude/settings.json (or .claude/settings.local.json; not into a file you commit):",
        AgentConfig.pretty(settingsWith(hook)),
        "",
        "# A gateway must be running on this port: the MCP server entry ("
            + config.shellLine("mcp", "--print-config", "claude")
            + ")",
        "# starts the shared one with Claude, or run the console (" + config.shellLine() + ").",
        "",
        "# On a machine other people can log in to, use the command hook below instead: while no gateway",
        "# listens on "
            + access.url().getHost()
            + ":"
            + access.url().getPort()
            + " (stopped, not started yet, killed), another user could listen there, get",
        "# the token and answer Claude's hook as they like, even \"allow\" with a command of their own.",
        "# Claude Code before 2.1.295 runs a call whose HTTP hook failed: use the command hook there too.",
        "# It asks the running gateway through a socket in your home (no JVM while a gateway runs), and",
        "# while none runs follows the gateway's record of fail-closed gates (docs/agents.md):",
        AgentConfig.pretty(kind().dialect().hookSettings(config.hookCommand("claude"))),
        "");
  }

  /**
   * Claude Code's settings with {@code hook} (its HTTP hook) where its command hook would go:
   * before its tools and after them.
   */
  private ObjectNode settingsWith(ObjectNode hook) {
    ObjectNode settings = kind().dialect().hookSettings("");
    settings
        .path("hooks")
        .forEach(event -> event.forEach(g -> ((ObjectNode) g).putArray("hooks").add(hook)));
    return settings;
  }

  @Override
  public String precedence() {
    return "project .claude/settings.local.json > project .claude/settings.json > user"
        + " ~/.claude/settings.json (Claude Code's settings precedence, code.claude.com/docs"
        + "/en/settings); the hooks of every file run, and disableAllHooks is read from the"
        + " highest file that sets it";
  }

  /** Claude Code: local project settings above the shared ones, above the user's. */
  @Override
  public List<Path> filesAbove(Path project) {
    return List.of(project.resolve(".claude").resolve("settings.local.json"));
  }

  @Override
  public HookTrustCheck.Trust trust(
      HookTrustCheck check,
      Path project,
      List<AgentHooks.Hook> hooks,
      List<AgentHooks.Read> reads) {
    return new HookTrustCheck.Trust(
        true, "nothing needed: Claude Code runs the hooks of its settings");
  }

  @Override
  public ObjectNode canaryInput(String event, String command, String folder) {
    return CanaryRun.claudeLayout(folder, "PreToolUse", "Bash", command);
  }

  @Override
  public CanaryRun.Result canaryAnswer(JsonNode answer, String text) {
    return CanaryRun.permission(
        answer.path("hookSpecificOutput"), "permissionDecision", "permissionDecisionReason", text);
  }

  /** Claude Code's {@code disableAllHooks}, from the highest file that sets it. */
  @Override
  public Optional<DoctorProblem> hooksTurnedOff(List<AgentHooks.Read> reads) {
    for (AgentHooks.Read read : reads) {
      var value = read.root().get("disableAllHooks");
      if (value != null && value.isBoolean()) {
        return value.asBoolean()
            ? Optional.of(
                new DoctorProblem(
                    "hooks turned off (disableAllHooks)",
                    "disableAllHooks is true in " + read.file() + ": Claude Code runs no hook"))
            : Optional.empty();
      }
    }
    return Optional.empty();
  }

  /** An HTTP hook for a Claude Code that runs a call whose HTTP hook failed. */
  @Override
  public Optional<DoctorProblem> hookProblem(AgentHooks.Hook hook, AgentVersion version) {
    if (hook.url() == null || version.atLeast(HTTP_HOOK_SINCE)) {
      return Optional.empty();
    }
    return Optional.of(
        new DoctorProblem(
            "HTTP hook too new for this Claude Code: run 'gateway setup claude'",
            "the HTTP hook in "
                + hook.file()
                + ": Claude Code before "
                + HTTP_HOOK_SINCE
                + " runs a call whose HTTP hook failed; run 'gateway setup claude' again for"
                + " the command hook"));
  }

  /** Setup's sandbox in Claude's settings: the members of its {@code sandbox} object. */
  @Override
  boolean isSandbox(Path file, SettingsEdit.Addition addition) {
    return addition instanceof SettingsEdit.Member member
        && member.path().equals(List.of("sandbox"));
  }

  /**
   * Claude Code's managed layer on Linux (checked in the 2.1.332 binary): {@code
   * /etc/claude-code/managed-settings.json} with the gateway's command hooks and {@code
   * allowManagedHooksOnly}, which makes Claude run the managed file's hooks alone; and {@code
   * managed-mcp.json} beside it with the MCP server, printed only: where that file is present it
   * has "exclusive control over MCP servers" (every user's and project's is ignored), an
   * organisation's choice. The settings' own {@code managedMcpServers} takes only "http" and "sse"
   * servers with no {@code ${VAR}}, so it cannot carry the per-user token the gateway's HTTP front
   * door needs.
   */
  @Override
  Optional<ManagedLayer> managedLayer(AgentConfig config, Path launcher, ManagedPlaces places) {
    Path folder = places.etc("claude-code");
    List<SettingsEdit.Addition> settings = new ArrayList<>();
    settings.add(
        new SettingsEdit.Member(
            List.of(), MANAGED_HOOKS_ONLY, JsonNodeFactory.instance.booleanNode(true)));
    settings.addAll(
        ManagedLayer.hookElements(kind().dialect().hookSettings(config.hookCommand("claude"))));
    SettingsEdit mcp =
        AgentLayouts.mcpMember(
            folder.resolve("managed-mcp.json"), config.stdioServer("stdio"), false);
    return Optional.of(
        new ManagedLayer(
            List.of(
                new SettingsEdit(
                    folder.resolve("managed-settings.json"),
                    SettingsEdit.Format.json,
                    settings,
                    false)),
            List.of(mcp),
            MANAGED_HOOKS_ONLY,
            "managed-settings.json wins over every other settings file, and with "
                + MANAGED_HOOKS_ONLY
                + " true Claude Code runs its hooks alone: the hooks of the user's and the"
                + " projects' settings and of plugins are ignored, a user-level gateway hook"
                + " (gateway setup claude) included. A managed-mcp.json, where present, has"
                + " exclusive control over MCP servers: a user's provider-gateway entry is ignored"
                + " then.",
            List.of(
                "managed-mcp.json is printed, not written: where it is present Claude Code uses"
                    + " its MCP servers alone and ignores every user's and project's. Place it"
                    + " when the organisation wants that; else each developer's 'gateway setup"
                    + " claude' adds the MCP server to their own settings.")));
  }

  /** The key of Claude Code's managed settings that ignores every hook but the managed file's. */
  static final String MANAGED_HOOKS_ONLY = "allowManagedHooksOnly";

  /** Claude Code's managed settings on Linux: they bind, and win over every other file. */
  static final Path CLAUDE_MANAGED = Path.of("/etc/claude-code/managed-settings.json");

  /**
   * Claude Code's sandbox as it reads it (issue 64): {@code sandbox.enabled} from the highest file
   * that sets it, the lists of every file merged, and the canary through {@code srt} with them.
   */
  @Override
  Optional<SandboxFinding> sandbox(SandboxDoctor doctor, Path project, boolean setUp) {
    List<Path> files =
        List.of(
            CLAUDE_MANAGED,
            project.resolve(".claude/settings.local.json"),
            project.resolve(".claude/settings.json"),
            configDir(doctor.layouts()).resolve("settings.json"));
    Boolean enabled = null;
    Path source = null;
    boolean strict = false;
    Set<String> write = new LinkedHashSet<>();
    Set<String> denyRead = new LinkedHashSet<>();
    Set<String> domains = new LinkedHashSet<>();
    List<String> lines = new ArrayList<>();
    for (Path file : files) {
      JsonNode sandbox = SandboxDoctor.json(file, lines).path("sandbox");
      if (enabled == null && sandbox.path("enabled").isBoolean()) {
        enabled = sandbox.path("enabled").asBoolean();
        source = file;
      }
      // Claude merges the lists of every scope; a boolean is the highest scope's.
      SandboxDoctor.texts(sandbox.at("/filesystem/allowWrite"), write);
      SandboxDoctor.texts(sandbox.at("/filesystem/denyRead"), denyRead);
      SandboxDoctor.texts(sandbox.at("/network/allowedDomains"), domains);
      strict |= sandbox.at("/network/strictAllowlist").asBoolean(false);
    }
    boolean on = Boolean.TRUE.equals(enabled);
    String decided =
        source == null
            ? "no settings file turns it on"
            : "sandbox.enabled " + enabled + " in " + source;
    lines.add(0, (on ? "on" : "OFF") + ": " + decided);
    lines.add("may write: the project, " + SandboxDoctor.listed(write));
    lines.add("may not read: " + SandboxDoctor.listed(denyRead));
    lines.add(
        "may reach: "
            + SandboxDoctor.listed(domains)
            + (strict ? ", and nothing else" : ", others asked"));
    lines.add(doctor.programs(this));
    DoctorProblem problem = null;
    if (setUp && !on) {
      problem =
          new DoctorProblem(
              "sandbox turned off",
              "its sandbox, which gateway setup turned on, is off: " + decided);
    }
    SandboxWritable writable = SandboxWritable.of(write, doctor.layouts().userHome());
    if (on && doctor.canary() != null) {
      Optional<Path> srt = BoundedCommand.onPath("srt", doctor.layouts().env());
      if (srt.isEmpty()) {
        lines.add(
            "canary: not run: srt is not on the PATH (npm install -g"
                + " @anthropic-ai/sandbox-runtime; it needs rg)");
      } else {
        problem =
            SandboxDoctor.ran(
                runThroughSrt(doctor.canary(), srt.get(), project, write, denyRead, domains),
                writable,
                lines,
                problem);
      }
    }
    return Optional.of(new SandboxFinding(on, decided, lines, problem, writable));
  }

  /** The canary through {@code srt} with the effective lists as its settings. */
  private static SandboxCanary.Outcome runThroughSrt(
      SandboxCanary canary,
      Path srt,
      Path project,
      Set<String> write,
      Set<String> denyRead,
      Set<String> domains) {
    ObjectNode settings = JsonNodeFactory.instance.objectNode();
    ObjectNode filesystem = settings.putObject("filesystem");
    filesystem.putArray("allowWrite").add(project.toString());
    write.forEach(filesystem.withArray("allowWrite")::add);
    denyRead.forEach(filesystem.putArray("denyRead")::add);
    filesystem.putArray("denyWrite");
    ObjectNode network = settings.putObject("network");
    network.putArray("allowedDomains");
    // srt 0.0.83 takes an IPv6 address only in brackets ("[::1]"); Claude's settings say "::1".
    domains.forEach(
        d ->
            network
                .withArray("allowedDomains")
                .add(
                    d.indexOf(':') != d.lastIndexOf(':') && !d.startsWith("[")
                        ? "[" + d + "]"
                        : d));
    network.putArray("deniedDomains");
    Path file = null;
    try {
      file = Files.createTempFile("provider-gateway-srt-", ".json");
      OwnerOnlyFiles.replace(file, settings.toString().getBytes(StandardCharsets.UTF_8));
      return canary.run(List.of(srt.toString(), "--settings", file.toString(), "-c"), true);
    } catch (IOException e) {
      return SandboxCanary.Outcome.failed("srt's settings: " + e);
    } finally {
      if (file != null) {
        try {
          Files.deleteIfExists(file);
        } catch (IOException e) {
          // A temporary file of the canary's lists, no secret in it.
        }
      }
    }
  }

  /** Claude Code's documented default for a command hook: 600 s. */
  @Override
  Duration defaultHookTimeout() {
    return Duration.ofSeconds(600);
  }

  /** Its HTTP hook with {@code "onFailure": "block"} blocks the call; anything else runs it. */
  @Override
  String onHookTimeout(AgentHooks.Hook hook) {
    return "http".equals(hook.handler().path("type").asText())
            && "block".equals(hook.handler().path("onFailure").asText())
        ? "blocks the call (onFailure is block)"
        : "runs the call";
  }
}
