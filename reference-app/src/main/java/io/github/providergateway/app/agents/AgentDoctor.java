package io.github.providergateway.app.agents;

import io.github.providergateway.agent.hook.AgentDialect;
import io.github.providergateway.app.home.SetupLedger;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Examines one agent for {@code gateway doctor}: its version, the settings files that hold the
 * gateway ({@link AgentPlaces}, {@link AgentHooks}) and what {@code gateway setup} recorded, its
 * matchers ({@link MatcherCoverage}), its trust ({@link HookTrustCheck}), whether each hook names
 * this home ({@link HookReach}) and the canary through each ({@link CanaryRun}, recorded by {@link
 * CanaryAudit} when the gateway did not deny it).
 */
final class AgentDoctor {

  /**
   * How long an agent's {@code --version} takes on a quiet machine at most. One that takes longer
   * is slow, not missing: the doctor waits for it as long as the agent waits for its hooks ({@link
   * AgentHookTimeout}), and only past that says it never answered (issue 76: Gemini CLI "not
   * installed" when its --version took 5.9 s of the 3 the doctor gave it).
   */
  static final Duration VERSION_USUAL = Duration.ofSeconds(3);

  private final Map<String, String> env;
  private final Path home;
  private final Path project;
  private final AgentPlaces places;
  private final SetupLedger ledger;
  private final HookTrustCheck trust;
  private final HookReach reach;
  private final HookReach.Reach gateway;
  private final CanaryRun canary;
  private final CanaryAudit audit;
  private final String canaryCommand;
  private final SandboxDoctor sandbox;

  /** Times the agent's version check and each canary, to say a slow one is slow. */
  private final Clock clock;

  /**
   * @param home the gateway's home, whose front-door tokens an MCP entry over HTTP must carry
   * @param ledger the home's setup ledger, or null when it could not be read
   * @param gateway whether the home's gateway runs ({@link HookReach#gateway})
   * @param canaryCommand this run's canary ({@code HookCanary.command})
   * @param sandbox examines the agents' own sandboxes
   * @param clock times the version checks and the canaries
   */
  AgentDoctor(
      Map<String, String> env,
      Path home,
      Path project,
      AgentPlaces places,
      SetupLedger ledger,
      HookTrustCheck trust,
      HookReach reach,
      HookReach.Reach gateway,
      CanaryRun canary,
      CanaryAudit audit,
      String canaryCommand,
      SandboxDoctor sandbox,
      Clock clock) {
    this.env = env;
    this.home = home;
    this.project = project;
    this.places = places;
    this.ledger = ledger;
    this.trust = trust;
    this.reach = reach;
    this.gateway = gateway;
    this.canary = canary;
    this.audit = audit;
    this.canaryCommand = canaryCommand;
    this.sandbox = sandbox;
    this.clock = clock;
  }

  /** Examines {@code agent}. */
  AgentReport examine(AgentSettings agent) {
    List<DoctorProblem> problems = new ArrayList<>();
    List<AgentHooks.Read> reads = new ArrayList<>();
    try {
      for (AgentPlaces.Place place : places.of(agent, project)) {
        reads.add(AgentHooks.read(agent.id(), place.file(), place.scope()));
      }
    } catch (IOException | RuntimeException e) {
      problems.add(
          new DoctorProblem(
              "settings cannot be read", "its settings files cannot be listed: " + e.getMessage()));
    }
    List<String> recorded = new ArrayList<>();
    if (ledger != null) {
      ledger.all().stream()
          .filter(s -> s.agent().equals(agent.id()))
          .forEach(s -> recorded.add(s.describe()));
    }
    List<AgentHooks.Hook> hooks = new ArrayList<>();
    List<AgentReport.FileFinding> files = new ArrayList<>();
    Path wins = null;
    for (AgentHooks.Read read : reads) {
      if (read.problem() != null) {
        problems.add(
            new DoctorProblem(
                "settings cannot be read", read.file() + " cannot be read: " + read.problem()));
      }
      hooks.addAll(read.hooks());
      if (read.mcpServer() || !read.hooks().isEmpty()) {
        files.add(
            new AgentReport.FileFinding(
                read.file(),
                read.scope(),
                read.mcpServer(),
                read.hooks().size(),
                read.mcp() != null && read.mcp().http()));
      }
      if (read.mcp() != null && read.mcp().http()) {
        mcpOverHttp(agent, read).ifPresent(problems::add);
      }
      if (wins == null && !read.hooks().isEmpty()) {
        wins = read.file();
      }
    }
    // Its --version gets as long as the agent gives its hooks: a slow machine is slow, not missing.
    // At most the 60 s setup writes: an agent's default of 600 s (Claude Code, Codex) would hold
    // the doctor ten minutes on a --version that hangs.
    AgentHookTimeout patience = AgentHookTimeout.of(agent, hooks);
    List<String> slow = new ArrayList<>();
    Instant asked = clock.instant();
    Duration versionWait =
        patience.timeout().compareTo(AgentDialect.HOOK_TIMEOUT) < 0
            ? patience.timeout()
            : AgentDialect.HOOK_TIMEOUT;
    AgentVersion version = AgentVersion.probe(agent.binary(), env, versionWait);
    if (version.version() != null) {
      patience
          .slow(
              agent.binary() + " --version",
              Duration.between(asked, clock.instant()),
              VERSION_USUAL)
          .ifPresent(slow::add);
    }
    // The after-tool hooks gate nothing: they are checked for being there (and trusted), apart.
    List<AgentHooks.Hook> afterTool = hooks.stream().filter(AgentDoctor::afterTool).toList();
    hooks.removeAll(afterTool);
    boolean configExists = reads.stream().anyMatch(AgentHooks.Read::exists);
    boolean examined =
        !files.isEmpty()
            || !recorded.isEmpty()
            || (agent.examinedByItsFiles() ? configExists : version.path() != null);
    if (!examined) {
      return new AgentReport(
          agent,
          version,
          false,
          List.of(),
          List.of(),
          null,
          null,
          List.of(),
          null,
          List.of(),
          List.of(),
          null,
          List.copyOf(slow));
    }
    if (hooks.isEmpty()) {
      problems.add(
          new DoctorProblem(
              "no hook: run 'gateway setup " + agent + "'",
              "no hook of the gateway in its settings: its own tools are not gated (run 'gateway"
                  + " setup "
                  + agent
                  + "')"));
    }
    agent.hooksTurnedOff(reads).ifPresent(problems::add);
    List<String> uncovered = MatcherCoverage.uncovered(agent, hooks);
    if (!hooks.isEmpty() && !uncovered.isEmpty()) {
      problems.add(
          new DoctorProblem(
              "hook misses " + String.join(", ", uncovered) + ": run 'gateway setup " + agent + "'",
              "no hook of the gateway runs before " + String.join(", ", uncovered)));
    }
    HookTrustCheck.Trust trusted = trust.check(agent, project, hooks, reads);
    if (!trusted.trusted()) {
      problems.add(new DoctorProblem(trusted.brief(), trusted.detail()));
    }
    if (!hooks.isEmpty() && !gateway.ok()) {
      // The gateway line says how to start it: the agent's line only says what stops it.
      problems.add(new DoctorProblem("gateway not running", gateway.detail()));
    }
    List<AgentReport.HookFinding> findings = new ArrayList<>();
    Map<String, CanaryRun.Result> ran = new HashMap<>();
    for (AgentHooks.Hook hook : hooks) {
      HookReach.Reach reaches = reach.of(agent.id(), hook);
      if (!reaches.ok()) {
        problems.add(
            new DoctorProblem(
                "hook runs another gateway: run 'gateway setup " + agent + "' with this home",
                "the hook in " + hook.file() + ": " + reaches.detail()));
      }
      agent.hookProblem(hook, version).ifPresent(problems::add);
      AgentHookTimeout.problem(agent, hook).ifPresent(problems::add);
      // One canary per distinct hook: the same command in two events answers the same (Cursor's
      // gets it as a shell call whatever its event).
      String key = hook.url() != null ? hook.url() : hook.command();
      CanaryRun.Result result = ran.get(key);
      if (result == null) {
        AgentHookTimeout waits = AgentHookTimeout.of(agent, hook);
        Instant sent = clock.instant();
        result = canary.run(agent, hook, canaryCommand, waits.timeout());
        if (result.outcome() != CanaryRun.Outcome.NO_ANSWER) {
          waits
              .slow(
                  "the canary through the hook in " + hook.file(),
                  Duration.between(sent, clock.instant()),
                  CanaryRun.USUAL)
              .ifPresent(slow::add);
        }
        ran.put(key, result);
        audit.record(agent, hook.file(), canaryCommand, result);
      }
      if (result.outcome() != CanaryRun.Outcome.DENIED_BY_CANARY) {
        boolean allowed = result.outcome() == CanaryRun.Outcome.ALLOWED;
        problems.add(
            new DoctorProblem(
                "canary: " + result.outcome().words + (allowed ? ": NOT guarded" : ""),
                "the canary through the hook in "
                    + hook.file()
                    + ": "
                    + result.outcome().words
                    + (allowed ? ": NOT guarded" : "")
                    + " ("
                    + result.detail()
                    + ")"));
      }
      findings.add(new AgentReport.HookFinding(hook, reaches, result));
    }
    SandboxFinding box =
        sandbox
            .examine(
                agent,
                project,
                ledger != null
                    && ledger.all().stream()
                        .anyMatch(s -> s.agent().equals(agent.id()) && AgentSetup.holdsSandbox(s)))
            .orElse(null);
    if (box != null && box.problem() != null) {
      problems.add(box.problem());
    }
    return new AgentReport(
        agent,
        version,
        true,
        files,
        recorded,
        agent.precedence(),
        wins,
        uncovered,
        trusted,
        findings,
        problems,
        box,
        notes(
            slow, trusted.trusted() ? afterToolNotes(agent, hooks, afterTool, reads) : List.of()));
  }

  /** The slow answers' notes, then the others. */
  private static List<String> notes(List<String> slow, List<String> others) {
    List<String> all = new ArrayList<>(slow);
    all.addAll(others);
    return List.copyOf(all);
  }

  /** Whether {@code hook} runs after a call ran ({@code PostToolUse}, {@code AfterTool}). */
  private static boolean afterTool(AgentHooks.Hook hook) {
    return new AgentDialect.HookEntry(hook.event(), hook.matcher()).afterTool();
  }

  /**
   * What is missing of the after-tool hook where setup writes one (Claude Code, Codex, Gemini CLI):
   * none, or (Codex) none it runs. A finding, not a failure of the gates: without it the gateway
   * counts every call it asked about as run, which only makes a flow rule ask again. Looked for
   * only where the agent runs its before-tool hook: else the problem says what to do for both.
   */
  private List<String> afterToolNotes(
      AgentSettings agent,
      List<AgentHooks.Hook> before,
      List<AgentHooks.Hook> after,
      List<AgentHooks.Read> reads) {
    boolean written = agent.dialect().hookEntries().stream().anyMatch(e -> e.afterTool());
    if (!written || before.isEmpty()) {
      return List.of(); // none setup writes, or no hook at all (a problem of its own)
    }
    String refresh = "; 'gateway setup --refresh' adds it";
    if (after.isEmpty()) {
      return List.of(NO_AFTER_TOOL_HOOK + refresh);
    }
    // Each event setup writes: Claude Code reports a call that failed at its own event.
    List<String> missing =
        agent.dialect().hookEntries().stream()
            .filter(AgentDialect.HookEntry::afterTool)
            .map(AgentDialect.HookEntry::event)
            .filter(event -> after.stream().noneMatch(hook -> hook.event().equals(event)))
            .toList();
    if (!missing.isEmpty()) {
      return List.of(
          "no after-tool hook at "
              + String.join(", ", missing)
              + ": the gateway counts the calls it asked about that it hears nothing of as run"
              + refresh);
    }
    HookTrustCheck.Trust trusted = trust.check(agent, project, after, reads);
    if (!trusted.trusted()) {
      return List.of(
          "after-tool hook not run ("
              + trusted.brief()
              + "): the gateway counts every call it asked about as run"
              + refresh);
    }
    return List.of();
  }

  /** The doctor's note for an agent whose after-tool hook is missing. */
  static final String NO_AFTER_TOOL_HOOK =
      "no after-tool hook: the gateway counts every call it asked about as run";

  /**
   * What is wrong with an MCP server entry over HTTP: a token the home's gateway does not take as
   * this agent's (revoked, issued anew, another home's, or a client's), or none; the agent's
   * windows then get 401 and no tools.
   */
  private java.util.Optional<DoctorProblem> mcpOverHttp(AgentSettings agent, AgentHooks.Read read) {
    String token = read.mcp().token();
    if (token == null) {
      return java.util.Optional.of(
          new DoctorProblem(
              "MCP server has no token: run 'gateway setup " + agent + "'",
              "the MCP server in "
                  + read.file()
                  + " is over HTTP without a bearer token: the gateway answers it 401 (run"
                  + " 'gateway setup "
                  + agent
                  + "' again)"));
    }
    java.util.Optional<io.github.providergateway.agent.tokens.ClientTokens.Client> client;
    try {
      client = io.github.providergateway.agent.tokens.ClientTokens.mcpHttp(home).clientOf(token);
    } catch (RuntimeException e) {
      client = java.util.Optional.empty();
    }
    if (client.isEmpty()) {
      return java.util.Optional.of(
          new DoctorProblem(
              "MCP server's token not admitted: run 'gateway setup " + agent + "'",
              "the MCP server in "
                  + read.file()
                  + " carries a token this home's gateway does not admit (revoked, replaced or"
                  + " another home's): its windows get no tools; run 'gateway setup "
                  + agent
                  + "' again"));
    }
    if (client.get().kind() != io.github.providergateway.agent.tokens.ClientTokens.Kind.AGENT) {
      return java.util.Optional.of(
          new DoctorProblem(
              "MCP server carries a client's token: run 'gateway setup " + agent + "'",
              "the MCP server in "
                  + read.file()
                  + " carries the token of the front-door client '"
                  + client.get().name()
                  + "': its sessions are not "
                  + agent
                  + "'s own, so no hook takes them for the agent's; run 'gateway setup "
                  + agent
                  + "' for a token of the agent's kind"));
    }
    return java.util.Optional.empty();
  }
}
