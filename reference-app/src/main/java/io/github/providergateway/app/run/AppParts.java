package io.github.providergateway.app.run;

import io.github.providergateway.agent.guard.SessionFlows;
import io.github.providergateway.agent.hook.AgentKind;
import io.github.providergateway.agent.hook.AwayQuestions;
import io.github.providergateway.agent.hook.HookEndpoint;
import io.github.providergateway.agent.hook.HookRoute;
import io.github.providergateway.agent.mcp.McpHttpFrontDoor;
import io.github.providergateway.agent.person.AgentSideCheck;
import io.github.providergateway.agent.tokens.ClientTokens;
import io.github.providergateway.app.audit.AwayStatus;
import io.github.providergateway.app.export.AuditExports;
import io.github.providergateway.app.guard.FlowNotes;
import io.github.providergateway.app.guard.GuardPolicy;
import io.github.providergateway.app.guard.OrgPolicy;
import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.host.DecisionLog;
import io.github.providergateway.host.HostService;
import io.github.providergateway.host.api.HostErrorCode;
import io.github.providergateway.host.api.HostException;
import io.github.providergateway.host.api.PersonCheck;
import io.github.providergateway.loop.Backend;
import io.github.providergateway.loop.Scheduler;
import io.github.providergateway.status.StatusPage;
import io.github.providergateway.transport.ws.WebSocketServer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Supplier;

/**
 * How the app builds each part of its gateway, every one with the app's one backend ({@link
 * AppBackend}): the engine on the home, the host side as the mode wants it, the status page, the
 * MCP front door on HTTP, and the server with its routes. {@link RunningGateway} decides the order
 * they start in and closes them again; what each is configured with is here, in one place.
 */
final class AppParts {

  /** Nobody is left to wait for when the idle exit fires: providers get this long. */
  static final Duration IDLE_EXIT_DEADLINE = Duration.ofSeconds(2);

  /**
   * Event streams the server holds at once: status pages, and for each MCP session over HTTP its
   * GET stream and its answers in progress (docs/security.md, the arithmetic).
   */
  static final int MAX_EVENT_STREAMS = 64;

  /**
   * Of those, the status page's own: its viewers (and their Allow/Deny for gates' questions) are
   * served while MCP clients hold all the others (issue 35).
   */
  static final int STATUS_PAGE_EVENT_STREAMS = 8;

  private final AppOptions options;
  private final AppBackend backend;

  /**
   * The parts of a gateway for {@code options}, each on {@code backend}.
   *
   * @param options the command line, defaults applied
   * @param backend the app's one backend; closed by whoever made it, after every part
   */
  AppParts(AppOptions options, AppBackend backend) {
    this.options = options;
    this.backend = backend;
  }

  /** {@return the scheduler of the app's own timers: the one every part shares} */
  Scheduler timers() {
    return backend.scheduler();
  }

  /**
   * {@return the engine, running, on the home and with the audit settings of the options, with
   * {@code guard} as its policy asked on {@code guardDecisions}}
   *
   * @throws java.io.UncheckedIOException or {@link IllegalStateException} when the home is unusable
   */
  Gateway gateway(GuardPolicy guard, java.util.concurrent.Executor guardDecisions) {
    return Gateway.builder()
        .backend(backend)
        .home(options.home())
        .auditArguments(options.auditArgs())
        // The built-in guard's name: a provider over a socket named so would read as the guard.
        .inProcessOnlyNames(List.of(GuardPolicy.NAME))
        // The guard (decision 77): every call meets it first.
        .policy(GuardPolicy.NAME, guard, guardDecisions)
        // The person away (decisions 321, 322): the gateway's own questions (the MCP front door's,
        // a console's) are denies kept for their return, as the hooks' are.
        .personAbsence(AwayQuestions.of(options.home(), backend.clock()))
        .build();
  }

  /**
   * {@return each agent's word ({@code claude}) and its name for a person ({@code Claude Code}), in
   * {@link AgentKind}'s order: the status page's names for the agents (decision 88), its dialects',
   * which are the guard's agents.json rows}
   */
  static Map<String, String> agentNames() {
    Map<String, String> names = new LinkedHashMap<>();
    for (AgentKind agent : AgentKind.values()) {
      names.put(agent.word(), agent.displayName());
    }
    return names;
  }

  /**
   * {@return the status page of {@code gateway}, served on the server's port, with what the guard
   * remembers of each session under it}
   */
  StatusPage statusPage(
      Gateway gateway,
      DecisionLog decisions,
      SessionFlows flows,
      AuditExports exports,
      OrgPolicy policy,
      AwayStatus away) {
    return StatusPage.builder(gateway, timers())
        .decisionLog(decisions)
        .personCheck(personCheck())
        .agentNames(agentNames())
        .sessionNotes(id -> FlowNotes.of(flows, id))
        .gatewayNotes(
            () -> {
              // The person away first (decision 321), then the organisation's policy (version,
              // age, source), then where the audit goes.
              List<String> notes = new ArrayList<>();
              away.line().ifPresent(notes::add);
              notes.addAll(policy.statusLines());
              notes.addAll(exports.summary());
              return notes;
            })
        .build();
  }

  /**
   * {@return the person away as the status page says it (decision 321), from now: it hears the held
   * calls, reads the hook's spool, and counts once, on an executor {@code closer} releases, the
   * trail's from before this gateway started}
   */
  AwayStatus awayStatus(ReverseCloser closer) {
    Executor reads = backend.ioExecutor("held-calls");
    closer.add(() -> Backend.release(reads));
    return new AwayStatus(
        options.home(), options.logDir(), backend.clock(), backend.clock().instant(), reads);
  }

  /**
   * {@return who may act for the person (issue 75, decision 82)}: no process on a coding agent's
   * side may answer the person's questions, take a status page's link, release held gates or stop
   * the gateway, whatever token or cookie it holds.
   */
  PersonCheck personCheck() {
    return AgentSideCheck.system();
  }

  /**
   * {@return MCP for agents that speak only HTTP, on the server's port, for the clients whose
   * tokens {@code gateway mcp --print-config http} issued (architecture, decision 36)}
   */
  McpHttpFrontDoor mcpHttp(Gateway gateway) {
    return McpHttpFrontDoor.builder(gateway, ClientTokens.mcpHttp(options.home()))
        .backend(backend)
        .personCheck(personCheck())
        .version(Version.text())
        .build();
  }

  /**
   * {@return the host side's builder as every mode has it} {@code reloads} gives the project's
   * providers once attached, or is null without {@code --config}. The detached gateway and a
   * console's let the person's hosts stop them ({@code gateway stop}, completing {@code
   * stopRequested}); only the detached one exits by itself when idle.
   */
  HostService.Builder hostService(
      Gateway gateway,
      CompletableFuture<Duration> stopRequested,
      Supplier<ProjectProviders> reloads) {
    HostService.Builder hosts =
        HostService.builder(gateway)
            .backend(backend)
            .personCheck(personCheck())
            .defaultPromptSections(DefaultPrompt.sections());
    if (reloads != null) {
      hosts.providerReloads(
          name -> {
            ProjectProviders attached = reloads.get();
            return attached != null
                ? attached.reload(name)
                : CompletableFuture.failedFuture(
                    new HostException(HostErrorCode.GATEWAY_CLOSED, "the gateway is starting"));
          });
    }
    if (options.detached() && options.idleExitGrace() != null) {
      // Null: --idle-exit-grace never, the service manager's gateway, there until stopped.
      hosts.idleExit(options.idleExitGrace(), () -> stopRequested.complete(IDLE_EXIT_DEADLINE));
    }
    if (!options.rpc()) {
      // The detached gateway and a console's take the person's stop (issue 77); an --rpc one is
      // its program's, which stops it by ending its input.
      hosts.onShutdown(stopRequested::complete);
    }
    return hosts;
  }

  /**
   * {@return the server on the options' port, not yet listening} Providers at {@code /}, hosts at
   * {@code /host}, the status page, MCP over HTTP and the HTTP hooks.
   */
  WebSocketServer server(
      Gateway gateway,
      HostService hosts,
      StatusPage statusPage,
      McpHttpFrontDoor mcpHttp,
      HookEndpoint hookEndpoint) {
    return WebSocketServer.builder(gateway)
        .backend(backend)
        .port(options.port())
        .hosts(hosts)
        .route(StatusPage.PATH, StatusPage.MAX_BODY_BYTES, statusPage.route())
        .route(McpHttpFrontDoor.PATH, mcpHttp.maxBodyBytes(), mcpHttp.route())
        .route(
            HookRoute.PATH,
            HookRoute.MAX_BODY_BYTES,
            new HookRoute(hookEndpoint, ClientTokens.hooks(options.home())).route())
        // The status page's viewers, and each MCP session's GET stream and answers in progress.
        .maxEventStreams(MAX_EVENT_STREAMS)
        // The person's window on the gateway (and its Allow/Deny) opens whatever MCP clients hold.
        .reserveEventStreams(StatusPage.PATH, STATUS_PAGE_EVENT_STREAMS)
        .build();
  }
}
