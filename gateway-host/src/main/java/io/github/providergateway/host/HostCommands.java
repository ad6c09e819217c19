package io.github.providergateway.host;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.host.api.AuditFilter;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.HostErrorCode;
import io.github.providergateway.host.api.HostException;
import io.github.providergateway.host.api.PersonCheck;
import io.github.providergateway.host.api.ProgressListener;
import io.github.providergateway.host.api.SessionSpec;
import io.github.providergateway.host.api.ToolOutcome;
import io.github.providergateway.host.protocol.AnswerQuestion;
import io.github.providergateway.host.protocol.AskMcpFeature;
import io.github.providergateway.host.protocol.CallProgress;
import io.github.providergateway.host.protocol.CallTool;
import io.github.providergateway.host.protocol.CancelCall;
import io.github.providergateway.host.protocol.EmitEvent;
import io.github.providergateway.host.protocol.EndSession;
import io.github.providergateway.host.protocol.HostCommand;
import io.github.providergateway.host.protocol.HostReply;
import io.github.providergateway.host.protocol.HostWire;
import io.github.providergateway.host.protocol.IdleSession;
import io.github.providergateway.host.protocol.InterruptSession;
import io.github.providergateway.host.protocol.ListTools;
import io.github.providergateway.host.protocol.PreToolUse;
import io.github.providergateway.host.protocol.QueryAudit;
import io.github.providergateway.host.protocol.QueryStreams;
import io.github.providergateway.host.protocol.ReleaseHeldGates;
import io.github.providergateway.host.protocol.ReloadProviders;
import io.github.providergateway.host.protocol.RpcErrorCode;
import io.github.providergateway.host.protocol.RunPrompt;
import io.github.providergateway.host.protocol.SettleSession;
import io.github.providergateway.host.protocol.Shutdown;
import io.github.providergateway.host.protocol.StartSession;
import io.github.providergateway.loop.base.DaemonThreads;
import io.github.providergateway.protocol.ToolErrorCode;
import java.lang.System.Logger.Level;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The host operations of spec/host-rpc.md, shared by every carrier: runs each command (other than
 * {@code host.auth}) as its {@link Gateway} call and turns the outcome into the reply's fields or
 * its refusal. Loop only: commands arrive there, and the gateway completes its futures there.
 */
final class HostCommands {
  private static final System.Logger LOG = System.getLogger(HostCommands.class.getName());
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  /**
   * Where the person's commands' checks read the process table, off the loop (issue 75): one
   * thread, at most 64 waiting; one more is refused, and so is its command.
   */
  private static final Executor CHECKS = DaemonThreads.single("host-person-check", 64);

  private final Gateway gateway;
  private final HostRegistry registry;
  private final HostEvents events;

  /** Stops the gateway with a deadline, or null when hosts may not ({@code shutdown} refused). */
  private final Consumer<Duration> onShutdown;

  /** The sections {@code prompt} runs on when the command gives none (R-RPC-20). */
  private final Map<String, String> defaultPromptSections;

  /** What {@code audit.query} answers from, or null when the gateway keeps no audit trail. */
  private final DecisionLog decisionLog;

  /**
   * Issues {@code status.link}'s one-time links, or null when the gateway serves no status page.
   */
  private final Supplier<URI> statusLinks;

  /** Serves {@code providers.reload}, or null when the gateway spawns no project providers. */
  private final ProviderReloads providerReloads;

  /** Serves {@code gates.held} and {@code gates.release}, or null when none is kept. */
  private final HeldGates heldGates;

  /** Who may send the person's commands (issue 75). */
  private final PersonCheck personCheck;

  HostCommands(
      Gateway gateway,
      HostRegistry registry,
      HostEvents events,
      Consumer<Duration> onShutdown,
      Map<String, String> defaultPromptSections,
      DecisionLog decisionLog,
      Supplier<URI> statusLinks,
      ProviderReloads providerReloads,
      HeldGates heldGates,
      PersonCheck personCheck) {
    this.heldGates = heldGates;
    this.personCheck = personCheck;
    this.decisionLog = decisionLog;
    this.statusLinks = statusLinks;
    this.providerReloads = providerReloads;
    this.gateway = gateway;
    this.registry = registry;
    this.events = events;
    this.onShutdown = onShutdown;
    this.defaultPromptSections = defaultPromptSections;
  }

  /** Runs {@code command} for {@code link}; the reply goes back on the link's connection. */
  void run(HostLink link, HostCommand command) {
    CompletableFuture<ObjectNode> result;
    VirtualMachineError jvmFailure = null;
    try {
      result = execute(link, command);
    } catch (RuntimeException | Error e) {
      // An Error too (code that no longer loads because the jar was rewritten under the JVM, or
      // a bug): the host still gets its reply, INTERNAL, and the error is logged with it. Only
      // the JVM's own failures go on up to the loop afterwards, as it lets them.
      result = CompletableFuture.failedFuture(e);
      if (e instanceof VirtualMachineError failing) {
        jvmFailure = failing;
      }
    }
    result.whenComplete(
        (fields, error) -> {
          link.connection.send(
              error == null ? new HostReply.Ok(command.id(), fields) : refusal(command, error));
          if (error == null && command instanceof Shutdown shutdown) {
            onShutdown.accept(deadline(shutdown.deadline()));
          }
        });
    if (jvmFailure != null) {
      throw jvmFailure;
    }
  }

  /** The reply's fields for {@code command}, or its refusal: one method a command. */
  private CompletableFuture<ObjectNode> execute(HostLink link, HostCommand command) {
    return switch (command.type()) {
      case SESSION_START -> startSession(link, (StartSession) command);
      case SESSION_IDLE ->
          gateway.idle(((IdleSession) command).sessionId()).thenApply(done -> fields());
      case SESSION_END -> endSession((EndSession) command);
      case SESSION_INTERRUPT ->
          gateway.interrupt(((InterruptSession) command).sessionId()).thenApply(done -> fields());
      case SESSIONS_LIST ->
          gateway.sessions().thenApply(sessions -> list("sessions", sessions, HostWire::session));
      case TOOLS_LIST ->
          gateway
              .tools(((ListTools) command).sessionId())
              .thenApply(tools -> list("tools", tools, HostWire::tool));
      case SESSION_SETTLE ->
          gateway
              .providersSettled(((SettleSession) command).sessionId())
              .thenApply(done -> fields());
      case TOOL_CALL -> callTool(link, (CallTool) command);
      case TOOL_CANCEL -> cancelCall(link, (CancelCall) command);
      case HOOK_PRE_TOOL_USE -> preToolUse((PreToolUse) command);
      case PROMPT -> prompt((RunPrompt) command);
      case EVENT -> emit((EmitEvent) command);
      case STREAM_QUERY -> queryStreams((QueryStreams) command);
      case PROVIDERS_LIST ->
          gateway
              .providers()
              .thenApply(providers -> list("providers", providers, HostWire::provider));
      case AUDIT_QUERY -> queryAudit((QueryAudit) command);
      case STATUS_LINK -> asThePerson(link, "a link to the status page", this::statusLink);
      case PROVIDERS_RELOAD -> reloadProviders((ReloadProviders) command);
      case GATES_HELD -> heldGates();
      case GATES_RELEASE ->
          asThePerson(
              link,
              "releasing held gates",
              () -> releaseHeldGates(link, (ReleaseHeldGates) command));
      case GATE_ANSWER -> answerQuestion(link, (AnswerQuestion) command);
      case MCP_FEATURE -> mcpFeature((AskMcpFeature) command);
      case SHUTDOWN -> asThePerson(link, "stopping the gateway", this::shutdown);
      case HOST_AUTH, HOST_CHALLENGE ->
          throw new IllegalStateException(
              command.type().wireName() + " is handled before dispatch");
    };
  }

  // ---- sessions ----

  /** The session's federated MCP servers' answer, as {@code result} (decision 123). */
  private CompletableFuture<ObjectNode> mcpFeature(AskMcpFeature ask) {
    return gateway
        .mcpFeature(ask.sessionId(), ask.method(), ask.params())
        .thenApply(
            result -> {
              ObjectNode fields = fields();
              fields.set("result", result);
              return fields;
            });
  }

  private CompletableFuture<ObjectNode> startSession(HostLink link, StartSession start) {
    HostRegistry.Owner owner = link.owner();
    SessionSpec spec =
        new SessionSpec(
            start.label(),
            start.cwd(),
            start.foreground(),
            start.hostTools() == null ? Set.of() : Set.copyOf(start.hostTools()),
            start.openedBy());
    return gateway
        .startSession(spec, events.router(owner, start.wantsStreamUpdates(), start.wantsAsks()))
        .thenApply(
            session -> {
              registry.adopt(owner, session.id());
              return fields().put("sessionId", session.id());
            });
  }

  private CompletableFuture<ObjectNode> endSession(EndSession end) {
    // Replied only once teardown is over (R-RPC-12): the future completes then.
    return gateway
        .endSession(end.sessionId(), deadline(end.deadline()))
        .thenApply(done -> fields());
  }

  // ---- calls, hooks, prompts, events ----

  private CompletableFuture<ObjectNode> callTool(HostLink link, CallTool call) {
    ProgressListener progress =
        call.wantsProgress() && call.id() != null
            ? message ->
                link.connection.send(new CallProgress(call.sessionId(), call.id(), message))
            : ProgressListener.NONE;
    CompletableFuture<CallResult> result =
        gateway.callTool(call.sessionId(), call.tool(), call.args(), call.timeout(), progress);
    if (call.id() != null) {
      link.callStarted(call.id(), result);
    }
    return result
        .exceptionally(error -> cancelledByHost(call, error))
        .thenApply(HostWire::callResult);
  }

  private static CompletableFuture<ObjectNode> cancelCall(HostLink link, CancelCall cancel) {
    if (!link.cancelCalls(cancel.callId())) {
      return CompletableFuture.failedFuture(
          new Refused(
              RpcErrorCode.UNKNOWN_CALL,
              "this host has no tool.call with id " + cancel.callId() + " in flight"));
    }
    return CompletableFuture.completedFuture(fields());
  }

  private CompletableFuture<ObjectNode> preToolUse(PreToolUse pre) {
    return gateway
        .preToolUse(pre.sessionId(), pre.tool(), pre.args(), pre.asksItself())
        .thenApply(decision -> (ObjectNode) fields().set("decision", HostWire.decision(decision)));
  }

  private CompletableFuture<ObjectNode> prompt(RunPrompt prompt) {
    Map<String, String> sections =
        prompt.sections() == null ? defaultPromptSections : prompt.sections();
    return gateway.onPrompt(prompt.sessionId(), sections).thenApply(HostWire::prompt);
  }

  private CompletableFuture<ObjectNode> emit(EmitEvent event) {
    return gateway.emit(event.sessionId(), event.event(), event.data()).thenApply(done -> fields());
  }

  private CompletableFuture<ObjectNode> queryStreams(QueryStreams query) {
    // The host is not held to the providers' cap of 100 (R-RPC-23); without "last", all.
    int last = query.last() == null ? Integer.MAX_VALUE : query.last();
    return gateway
        .queryStreams(query.sessionId(), query.streams(), last)
        .thenApply(history -> (ObjectNode) fields().set("streams", HostWire.streams(history)));
  }

  /**
   * The person's answer to a question (extension {@code gate.ask}). A host answers a question about
   * a session it owns as its session's own channel: the agent's MCP server relaying its client's
   * form, which is the agent's own prompt to its person (decision 82). Any other question is the
   * person's to answer on the gateway's channels, and a host answers it only as the person ({@link
   * #asThePerson}).
   */
  private CompletableFuture<ObjectNode> answerQuestion(HostLink link, AnswerQuestion answer) {
    Supplier<CompletableFuture<ObjectNode>> decide =
        () ->
            gateway
                .answerQuestion(answer.askId(), answer.allow(), answer.answeredBy())
                .thenApply(decided -> fields().put("decided", decided));
    return gateway
        .asks()
        .questions()
        .thenComposeAsync(
            open -> {
              boolean own =
                  open.stream()
                      .anyMatch(
                          question ->
                              question.askId().equals(answer.askId())
                                  && registry.owns(link.owner(), question.sessionId()));
              return own
                  ? asThe(PersonCheck.Act.SESSION_CHANNEL, link, "answering the question", decide)
                  : asThePerson(link, "answering the question", decide);
            },
            gateway.loop());
  }

  /**
   * Runs {@code act} when the host's process may act for the person ({@link PersonCheck}): the far
   * end of its socket, or this process for a connection on its own input. Else {@code
   * UNAUTHORIZED}, saying what was refused and why. The check of a peer reads the process table off
   * the loop, that of this process on it; each is asked once a connection; {@code act} runs on the
   * loop.
   */
  private CompletableFuture<ObjectNode> asThePerson(
      HostLink link, String what, Supplier<CompletableFuture<ObjectNode>> act) {
    return asThe(PersonCheck.Act.PERSON, link, what, act);
  }

  /** Why this process may not do {@code act}: a check that throws refuses. */
  private Optional<String> thisProcessRefusal(PersonCheck.Act act) {
    try {
      Optional<String> refusal = personCheck.refusalOfThisProcess(act);
      return refusal == null ? Optional.of("who asks could not be told") : refusal;
    } catch (RuntimeException e) {
      return Optional.of("who asks could not be told (" + e + ")");
    }
  }

  /** As {@link #asThePerson}, for {@code act}: the person's, or a session's own channel's. */
  private CompletableFuture<ObjectNode> asThe(
      PersonCheck.Act act,
      HostLink link,
      String what,
      Supplier<CompletableFuture<ObjectNode>> then) {
    CompletableFuture<Optional<String>> refusal;
    Optional<String> known = link.personRefusal(act);
    if (known != null) {
      refusal = CompletableFuture.completedFuture(known);
    } else if (link.connection.remoteAddress().isPresent()) {
      refusal =
          PersonCheck.refusalOfPeerAsync(
              personCheck,
              link.connection.remoteAddress().get(),
              link.connection.localAddress().orElse(null),
              act,
              CHECKS);
    } else {
      // This process's own: read here, on the loop, once a connection (a few files of /proc, its
      // own and its ancestors'), so that a command read before the input ended is answered before
      // the gateway stops for that end (`echo '{"cmd":"gates.release"…}' | gateway --rpc`): off the
      // loop its answer came after the loop had stopped, and the reply was lost.
      refusal = CompletableFuture.completedFuture(thisProcessRefusal(act));
    }
    return refusal.thenComposeAsync(
        refused -> {
          link.personRefusal(act, refused);
          if (refused.isPresent()) {
            LOG.log(
                Level.WARNING,
                "{0}: {1} refused: {2}",
                link.connection.describe(),
                what,
                refused.get());
            return CompletableFuture.failedFuture(
                new Refused(
                    RpcErrorCode.UNAUTHORIZED,
                    what
                        + " is the person's, and "
                        + refused.get()
                        + " (issue 75, docs/security.md, \"Only the person answers\")"));
          }
          return then.get();
        },
        gateway.loop());
  }

  // ---- what a gateway may be built without: refused UNAUTHORIZED then ----

  private CompletableFuture<ObjectNode> queryAudit(QueryAudit query) {
    if (decisionLog == null) {
      return notServed("this gateway keeps no audit trail (HostService.Builder.decisionLog)");
    }
    AuditFilter filter =
        new AuditFilter(
            query.sessionId(),
            query.provider(),
            query.tool(),
            query.kind(),
            query.callId(),
            query.since(),
            query.limit() == null ? 100 : query.limit());
    return CompletableFuture.completedFuture(
        list("decisions", decisionLog.query(filter), AuditJson::decision));
  }

  private CompletableFuture<ObjectNode> statusLink() {
    if (statusLinks == null) {
      return notServed("this gateway serves no status page (HostService.Builder.statusLinks)");
    }
    return CompletableFuture.completedFuture(fields().put("url", statusLinks.get().toString()));
  }

  private CompletableFuture<ObjectNode> reloadProviders(ReloadProviders reload) {
    if (providerReloads == null) {
      return notServed("this gateway has no project config to reload (--config)");
    }
    // The reload completes on the spawner's thread; the reply goes out on the loop, as all do.
    return onLoop(providerReloads.reload(reload.name()), HostWire::reloadReport);
  }

  private CompletableFuture<ObjectNode> heldGates() {
    if (heldGates == null) {
      return noRecordOfGates();
    }
    return onLoop(heldGates.held(), gates -> list("gates", gates, HostWire::heldGate));
  }

  private CompletableFuture<ObjectNode> releaseHeldGates(HostLink link, ReleaseHeldGates release) {
    if (heldGates == null) {
      return noRecordOfGates();
    }
    return onLoop(
        heldGates.release(release.provider(), release.gateId(), release.project()),
        released -> {
          if (!released.isEmpty()) {
            // A person retired a fail-closed rule: the log says who asked, beside the record's own
            // account of it.
            LOG.log(
                Level.INFO, "{0} released held gates: {1}", link.connection.describe(), released);
          }
          return list("released", released, HostWire::heldGate);
        });
  }

  private CompletableFuture<ObjectNode> shutdown() {
    if (onShutdown == null) {
      return notServed("this gateway is stopped by whoever started it, not by its hosts");
    }
    // Replied first (see run): the connection goes down with the gateway.
    return CompletableFuture.completedFuture(fields());
  }

  /** A command for something this gateway was built without. */
  private static CompletableFuture<ObjectNode> notServed(String why) {
    return CompletableFuture.failedFuture(new Refused(RpcErrorCode.UNAUTHORIZED, why));
  }

  /**
   * The reply's fields from {@code result}, which completes on any thread (a reloader's, a record's
   * of gates), made on the loop: the reply goes out there, as all do.
   */
  private <T> CompletableFuture<ObjectNode> onLoop(
      CompletableFuture<T> result, Function<T, ObjectNode> shape) {
    CompletableFuture<ObjectNode> reply = new CompletableFuture<>();
    result.whenCompleteAsync(
        (value, error) -> {
          if (error != null) {
            reply.completeExceptionally(error);
            return;
          }
          try {
            reply.complete(shape.apply(value));
          } catch (RuntimeException e) {
            reply.completeExceptionally(e); // a null answer, say: the host still hears INTERNAL
          }
        },
        gateway.loop());
    return reply;
  }

  /** {@code gates.held} and {@code gates.release} on a gateway built without a record of gates. */
  private static CompletableFuture<ObjectNode> noRecordOfGates() {
    return notServed(
        "this gateway keeps no record of gates, so none is held (HostService.Builder.heldGates)");
  }

  /**
   * The outcome of a {@code tool.call} its host cancelled with {@code tool.cancel}: the gateway
   * ended it {@code CANCELLED} (the cancelled future no longer carries that outcome, so it is
   * written here as the gateway words it). Any other failure stays one.
   */
  private static CallResult cancelledByHost(CallTool call, Throwable error) {
    Throwable cause =
        error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
    if (!(cause instanceof CancellationException)) {
      throw error instanceof CompletionException completion
          ? completion
          : new CompletionException(error);
    }
    return new CallResult(
        ToolOutcome.failure(
            ToolErrorCode.CANCELLED, "Tool '" + call.tool() + "' cancelled: interrupted"),
        List.of());
  }

  private Duration deadline(Duration deadline) {
    return deadline == null ? gateway.limits().calls().defaultShutdownDeadline() : deadline;
  }

  private static ObjectNode fields() {
    return NODES.objectNode();
  }

  private static <T> ObjectNode list(String field, List<T> items, Function<T, ObjectNode> shape) {
    ObjectNode fields = fields();
    ArrayNode array = fields.putArray(field);
    items.forEach(item -> array.add(shape.apply(item)));
    return fields;
  }

  /** What a failed future means: refused requests keep their code; anything else is a bug. */
  private static HostReply.Failed refusal(HostCommand command, Throwable error) {
    Throwable cause = error;
    while ((cause instanceof CompletionException || cause instanceof ExecutionException)
        && cause.getCause() != null) {
      cause = cause.getCause();
    }
    if (cause instanceof Refused refused) {
      return HostReply.failed(command.id(), refused.code, refused.getMessage());
    }
    if (cause instanceof HostException refused) {
      return HostReply.failed(command.id(), code(refused.code()), refused.getMessage());
    }
    String name = command.type().wireName();
    LOG.log(Level.ERROR, name + " failed unexpectedly", cause);
    return HostReply.failed(command.id(), RpcErrorCode.INTERNAL, name + " failed: " + cause);
  }

  private static RpcErrorCode code(HostErrorCode code) {
    return switch (code) {
      case INVALID_SESSION -> RpcErrorCode.INVALID_SESSION;
      case INVALID_ARGUMENT -> RpcErrorCode.INVALID_ARGUMENT;
      case INVALID_CONFIG -> RpcErrorCode.INVALID_CONFIG;
      case GATEWAY_CLOSED -> RpcErrorCode.GATEWAY_CLOSED;
      case INTERNAL -> RpcErrorCode.INTERNAL;
    };
  }

  /** A command the host side itself refuses. */
  private static final class Refused extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final RpcErrorCode code;

    Refused(RpcErrorCode code, String message) {
      super(message, null, false, false);
      this.code = code;
    }
  }
}
