package io.github.providergateway.agent.mcp;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.agent.internal.UserHome;
import io.github.providergateway.host.api.HostApi;
import io.github.providergateway.host.client.GatewayClient;
import io.github.providergateway.host.client.GatewayClientListener;
import io.github.providergateway.loop.Backend;
import io.github.providergateway.loop.Scheduler;
import io.github.providergateway.loop.base.Durations;
import io.modelcontextprotocol.server.McpAsyncServer;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;

/**
 * {@code gateway mcp}: an MCP server on a pair of streams (the process's stdin/stdout) for one
 * agent session, joined to the machine's shared gateway as a host.
 *
 * <pre>{@code
 * McpFrontDoor door = McpFrontDoor.builder()
 *     .gateway(() -> GatewayClient.connectOrStart(home, launch))   // connected in the background
 *     .streams(System.in, System.out)
 *     .build();
 * door.run();   // returns when stdin ends and the gateway session has ended
 * }</pre>
 *
 * <p>The agent sees the session's provider tools (names as the session has them, {@code parameters}
 * as {@code inputSchema}) and {@code notifications/tools/list_changed} whenever they change; {@code
 * tools/call} runs the gateway's whole call path (pre-tool rules and gates, limits, timeouts,
 * multi-instance routing); {@code tool.progress} becomes {@code notifications/progress} and {@code
 * notifications/cancelled} cancels the call; {@code surface} pushes and the session timeline become
 * {@code notifications/message}, {@code inject} pushes ride on the next tool result as a marked
 * block; streams are resources; the prompt {@value AgentSession#CONTEXT_PROMPT} gives the
 * providers' current context. docs/agents.md tells the agent's side.
 *
 * <p>Nothing but MCP goes to the output stream; logs go through {@code System.Logger}.
 */
public final class McpFrontDoor {

  private static final System.Logger LOG = System.getLogger(McpFrontDoor.class.getName());

  /**
   * How long after a failed attempt to join the gateway the window tries again (each attempt itself
   * waits for a gateway it starts, up to the launch's start timeout).
   */
  static final Duration REJOIN_EVERY = Duration.ofSeconds(5);

  /** The server's name in {@code initialize}. */
  public static final String SERVER_NAME = "provider-gateway";

  static final String INSTRUCTIONS =
      String.join(
          "\n",
          "Tools of this server come from providers connected to the provider gateway (a browser tab,"
              + " a CI watcher, an issue tracker...), and the gateway checks each call against its"
              + " providers' rules and gates first.",
          "- A result marked \""
              + ToolResults.DENIED_PREFIX.trim()
              + "\" was blocked by a provider's"
              + " rule: tell the user the reason; do not try to get around it.",
          "- A text block starting \""
              + ToolResults.REWRITTEN_PREFIX.trim()
              + "\" gives the arguments"
              + " a provider's gate replaced yours with (a secret redacted, a flag added): that call ran,"
              + " with those.",
          "- A text block starting \""
              + PushedEvents.HEADER
              + "\" carries news the providers pushed"
              + " since your last tool call (CI results, page changes...): take it into account.",
          "- The tool list changes as providers connect and leave.",
          "- The prompt '"
              + AgentSession.CONTEXT_PROMPT
              + "' gives the providers' current context;"
              + " resources gateway://streams/... are the events they pushed.");

  private final Callable<? extends HostApi> connect;
  private final InputStream in;
  private final OutputStream out;
  private final Path workingDirectory;
  private final String version;

  /** Where the scheduler of each {@link #run}'s own waits comes from. */
  private final Backend backend;

  /** How long a request may go unanswered before the window answers it with an error. */
  private final WindowBounds bounds;

  /** The session being served, once {@link #run} has started. */
  private volatile AgentSession session;

  private McpFrontDoor(Builder builder) {
    this.connect = requireNonNull(builder.connect, "gateway");
    this.in = requireNonNull(builder.in, "in");
    this.out = requireNonNull(builder.out, "out");
    this.workingDirectory = builder.workingDirectory;
    this.version = builder.version;
    this.backend = builder.backend;
    this.bounds = builder.bounds;
  }

  /**
   * Starts describing a front door; {@link Builder#gateway} and {@link Builder#streams} are
   * required.
   *
   * @return a new builder
   */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Serves MCP until the input ends, then ends the gateway session. The gateway is connected in the
   * background once {@code initialize} has been answered, so that answer comes at once.
   *
   * @throws InterruptedException if the calling thread is interrupted while serving
   */
  public void run() throws InterruptedException {
    // The gateway is joined once the agent has had its initialize answer (an agent spawns us at
    // every session start and waits for that answer): connecting beside it cost ~130 ms of it.
    CompletableFuture<HostApi> gateway = new CompletableFuture<>();
    Scheduler ownScheduler = backend.scheduler();
    Runnable connect = () -> join(gateway, ownScheduler);
    StdioTransport lines = new StdioTransport(in, out);
    AgentSession session =
        new AgentSession(
            gateway,
            connect,
            // The agent's project when it announces no root (architecture, decision 60).
            ProjectRoot.of(workingDirectory, UserHome.get()),
            null,
            true, // a session the gateway lost is started again: see AgentSession
            lines,
            ownScheduler);
    session.bound(bounds);
    // Both eras on the one pair of streams (decision 112): the modern one's requests are served
    // statelessly beside the legacy session, by the same gateway session.
    lines.serveModern(new ModernDoor(session, session, version));
    this.session = session;
    McpAsyncServer server = server(session, version);
    try {
      session.awaitClosed();
    } finally {
      server.close();
      gateway.thenAccept(McpFrontDoor::closeQuietly);
      Backend.release(ownScheduler);
    }
  }

  /**
   * The SDK server for one agent's connection, on {@code session}'s transport, joined to it: the
   * same server whatever carries the messages (stdio here, Streamable HTTP in {@link
   * McpHttpFrontDoor}).
   */
  static McpAsyncServer server(AgentSession session, String version) {
    McpAsyncServer server =
        McpServer.async(session.transport())
            .serverInfo(SERVER_NAME, version)
            .jsonMapper(Json.MCP)
            .instructions(INSTRUCTIONS)
            .strictToolNameValidation(false)
            // The gateway checks every call's arguments against the same schema and answers a
            // mismatch INVALID_ARGS before any gate or provider sees it; the SDK's second check
            // cost about 6 % of this process's CPU per call (docs/performance.md).
            .validateToolInputs(false)
            // A question to the person (elicitation/create) may wait as long as a gate lets it:
            // the SDK's 10 s would end it first. roots/list keeps its own 2 s.
            .requestTimeout(ElicitationChannel.ELICITATION_WAIT)
            .capabilities(
                McpSchema.ServerCapabilities.builder()
                    .tools(true)
                    .resources(true, true)
                    // Federated MCP servers' prompts come and go with them (decision 123).
                    .prompts(true)
                    .completions()
                    .logging()
                    .build())
            .prompts(
                new McpServerFeatures.AsyncPromptSpecification(
                    new McpSchema.Prompt(
                        AgentSession.CONTEXT_PROMPT,
                        AgentSession.CONTEXT_PROMPT_DESCRIPTION,
                        List.of()),
                    (exchange, request) -> session.contextPrompt()))
            .build();
    session.attach(server);
    return server;
  }

  /** The session being served, once {@link #run} has started; else null (tests). */
  AgentSession serving() {
    return session;
  }

  /**
   * Ends the gateway session as if the input had ended and waits up to {@code wait} for it (for a
   * process stopped by a signal); {@link #run} then returns. Safe from any thread, idempotent.
   *
   * @param wait how long to wait for the gateway session to end
   */
  public void stop(java.time.Duration wait) {
    AgentSession serving = session;
    if (serving == null) {
      return;
    }
    serving.closed();
    try {
      serving.awaitClosed(wait);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * Joins the gateway, completing {@code gateway}. While none answers (one that takes longer to
   * start than the connection waits, a port someone else holds), the session answers every request
   * at once with why ({@link AgentSession#gatewayNotYet}) and this tries again every {@link
   * #REJOIN_EVERY} for as long as the window is open: the agent cannot be told to start it again,
   * and an agent that stopped asking hears the lists changed once the gateway is joined.
   */
  private void join(CompletableFuture<HostApi> gateway, Scheduler scheduler) {
    AgentSession window = session;
    if (window.isClosing()) {
      gateway.completeExceptionally(new IllegalStateException("the window closed"));
      return;
    }
    CompletableFuture.supplyAsync(this::connectToGateway)
        .whenComplete(
            (api, failure) -> {
              if (failure == null) {
                hearRestarts(api, window);
                gateway.complete(api);
              } else if (window.isClosing()) {
                gateway.completeExceptionally(failure);
              } else {
                // The next try is scheduled before the agent can hear "not yet": whoever acts on
                // that answer (a test's clock) finds it scheduled.
                try {
                  scheduler.schedule(REJOIN_EVERY, () -> join(gateway, scheduler));
                } catch (RejectedExecutionException closedMeanwhile) {
                  gateway.completeExceptionally(failure);
                  return;
                }
                window.gatewayNotYet(failure);
              }
            });
  }

  /**
   * Has {@code window} hear of a gateway started again, when {@code api} is a client that
   * reconnects ({@link GatewayClient}): its session is then made again if the gateway lost it, and
   * the agent told its lists changed ({@link AgentSession#gatewayStartedAgain}).
   */
  private static void hearRestarts(HostApi api, AgentSession window) {
    if (api instanceof GatewayClient client) {
      client.addListener(
          new GatewayClientListener() {
            @Override
            public void reconnected(boolean freshGateway) {
              if (freshGateway) {
                window.gatewayStartedAgain();
              }
            }
          });
    }
  }

  private HostApi connectToGateway() {
    try {
      return connect.call();
    } catch (Exception e) {
      LOG.log(
          System.Logger.Level.ERROR,
          "gateway mcp: cannot reach the provider gateway: " + e.getMessage());
      throw new java.util.concurrent.CompletionException(e);
    }
  }

  private static void closeQuietly(HostApi gateway) {
    if (gateway instanceof AutoCloseable closeable) {
      try {
        closeable.close();
      } catch (Exception e) {
        LOG.log(System.Logger.Level.DEBUG, "gateway mcp: closing the gateway connection: " + e);
      }
    }
  }

  /** Builds a {@link McpFrontDoor}. */
  public static final class Builder {
    private Callable<? extends HostApi> connect;
    private InputStream in;
    private OutputStream out;
    private Path workingDirectory = Path.of("").toAbsolutePath();
    private String version = "dev";
    private Backend backend = Backend.system();
    private WindowBounds bounds = WindowBounds.DEFAULT;

    private Builder() {}

    /**
     * How long a request of the agent's may go unanswered (the gateway froze, say) before the
     * window answers it with an error itself (default: 30 s); a {@code tools/call}, which a gate
     * may hold while it asks the person, gets 900 s or this, whichever is longer. {@code gateway
     * mcp} takes it from {@code GATEWAY_BRIDGE_TIMEOUT}, as the shell window does.
     *
     * @param wait the bound, positive
     * @return this builder
     */
    public Builder answerWithin(Duration wait) {
      this.bounds = new WindowBounds(Durations.requirePositive(wait, "answerWithin"));
      return this;
    }

    /**
     * How to reach the gateway, e.g. {@code () -> GatewayClient.connectOrStart(home, launch)} or an
     * embedded {@code Gateway}. Called once, in the background; closed at the end when it is {@link
     * AutoCloseable}.
     *
     * @param connect returns the gateway to serve the agent from
     * @return this builder
     */
    public Builder gateway(Callable<? extends HostApi> connect) {
      this.connect = requireNonNull(connect, "connect");
      return this;
    }

    /**
     * The agent's side: MCP messages, one a line, in and out.
     *
     * @param in what the agent sends; its end ends the session
     * @param out where the server's messages go, and nothing else
     * @return this builder
     */
    public Builder streams(InputStream in, OutputStream out) {
      this.in = requireNonNull(in, "in");
      this.out = requireNonNull(out, "out");
      return this;
    }

    /**
     * The directory the agent started the server in (default: this process's): when the agent
     * offers no roots, the session's cwd is its project, the git top level of this directory, else
     * the directory itself ({@code ProjectRoot}).
     *
     * @param directory the directory, made absolute
     * @return this builder
     */
    public Builder workingDirectory(Path directory) {
      this.workingDirectory = directory.toAbsolutePath().normalize();
      return this;
    }

    /**
     * The version the server reports in {@code initialize} (default: {@code dev}).
     *
     * @param version the version string
     * @return this builder
     */
    public Builder version(String version) {
      this.version = requireNonNull(version, "version");
      return this;
    }

    /**
     * Where the front door's time comes from: each {@link McpFrontDoor#run} asks it for the
     * scheduler of its own waits, and releases that scheduler when it ends ({@link
     * Backend#release}). Tests pass the gateway's {@code ManualClock.backend()}. Default: {@link
     * Backend#system()}, a timer thread per run.
     *
     * @param backend the source of time
     * @return this builder
     */
    public Builder backend(Backend backend) {
      this.backend = requireNonNull(backend, "backend");
      return this;
    }

    /**
     * The front door; {@link McpFrontDoor#run} serves the agent.
     *
     * @return a new front door
     * @throws NullPointerException when the gateway or the streams were not given
     */
    public McpFrontDoor build() {
      return new McpFrontDoor(this);
    }
  }
}
