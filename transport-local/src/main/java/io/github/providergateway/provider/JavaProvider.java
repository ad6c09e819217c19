package io.github.providergateway.provider;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.protocol.Concurrency;
import io.github.providergateway.protocol.ErrorMessage;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.protocol.SessionLifecycle;
import io.github.providergateway.protocol.SessionSelector;
import io.github.providergateway.protocol.ToolDefinition;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * What a Java provider is: its identity, where it binds, its tools and its callbacks. Immutable;
 * the same value can be connected any number of times, over either transport.
 *
 * <pre>{@code
 * JavaProvider provider = JavaProvider.builder("greeter")
 *     .tool(ToolDefinition.of("greet", "Say hello", schema),
 *         (args, call) -> CompletableFuture.completedFuture(TextNode.valueOf("Hello")))
 *     .onError(error -> log.warn(error.message()))
 *     .build();
 * }</pre>
 *
 * <p>Callbacks run on the provider's executor, one at a time, in the order the gateway's messages
 * arrived; an exception thrown by one is logged and does not stop the runtime.
 *
 * @param name the provider's stable identity ({@code hello.name})
 * @param instance tells apart providers sharing {@code name}, or {@code null}
 * @param session the session to bind to; {@code null} lets the gateway choose (see {@link
 *     Builder#session(String)})
 * @param tools the tools, by unique name
 * @param metadata provider information shown to the host (a JSON object), or {@code null}
 * @param concurrency a limit on calls in flight, or {@code null}
 * @param onLifecycle every {@code session.lifecycle} ({@code started}, {@code idle}, {@code
 *     shutdown.pending})
 * @param onSessions every session list ({@code sessions}, {@code sessions.updated})
 * @param onError every {@code error} the gateway sends
 * @param onShutdown cleanup before {@code shutdown.ready}
 */
public record JavaProvider(
    String name,
    String instance,
    SessionSelector session,
    List<ProviderTool> tools,
    JsonNode metadata,
    Concurrency concurrency,
    Consumer<SessionLifecycle> onLifecycle,
    Consumer<List<SessionInfo>> onSessions,
    Consumer<ErrorMessage> onError,
    ShutdownHandler onShutdown) {

  private static final System.Logger LOG = System.getLogger(JavaProvider.class.getName());

  public JavaProvider {
    requireNonNull(name, "name");
    if (name.isEmpty()) {
      throw new IllegalArgumentException("name must not be empty");
    }
    if (instance != null && instance.isEmpty()) {
      throw new IllegalArgumentException("instance must not be empty; use null for none");
    }
    tools = List.copyOf(tools);
    checkUniqueNames(tools);
    if (metadata != null && !metadata.isObject()) {
      throw new IllegalArgumentException("metadata must be a JSON object");
    }
    requireNonNull(onLifecycle, "onLifecycle");
    requireNonNull(onSessions, "onSessions");
    requireNonNull(onError, "onError");
    requireNonNull(onShutdown, "onShutdown");
  }

  /** Starts describing a provider named {@code name}; everything else is optional. */
  public static Builder builder(String name) {
    return new Builder(name);
  }

  /** Fails when two tools share a name: the gateway could not tell their calls apart. */
  static void checkUniqueNames(List<ProviderTool> tools) {
    Set<String> names = new HashSet<>();
    for (ProviderTool tool : tools) {
      if (!names.add(tool.name())) {
        throw new IllegalArgumentException("two tools are named '" + tool.name() + "'");
      }
    }
  }

  /** Builds a {@link JavaProvider}. */
  public static final class Builder {
    private final String name;
    private String instance;
    private SessionSelector session;
    private final List<ProviderTool> tools = new ArrayList<>();
    private JsonNode metadata;
    private Concurrency concurrency;
    private Consumer<SessionLifecycle> onLifecycle = event -> {};
    private Consumer<List<SessionInfo>> onSessions = sessions -> {};
    private Consumer<ErrorMessage> onError =
        error ->
            LOG.log(
                Level.WARNING,
                "gateway error {0}: {1} (replyTo {2})",
                error.codeText(),
                error.message(),
                error.replyTo());
    private ShutdownHandler onShutdown = shutdown -> CompletableFuture.completedFuture(null);

    private Builder(String name) {
      this.name = name;
    }

    /** Tells this provider apart from others with the same name (e.g. browser tabs). */
    public Builder instance(String instance) {
      this.instance = instance;
      return this;
    }

    /**
     * Binds to the session with id {@code sessionId}. Without this (or {@link #allSessions()}) the
     * {@code hello} names no session and the gateway chooses: an in-process provider's home
     * session, or a spawned provider's own session. When the gateway has no choice to make for this
     * connection (it answers {@code INVALID_SESSION}, e.g. for the gateway token), the runtime
     * binds to the first active session instead, and that first refusal is not given to {@code
     * onError}.
     */
    public Builder session(String sessionId) {
      this.session = sessionId == null ? null : SessionSelector.of(sessionId);
      return this;
    }

    /**
     * Binds to every session ({@code "all"}, internal trust only). The runtime sends {@code
     * session.ready} for each session that starts later.
     */
    public Builder allSessions() {
      this.session = SessionSelector.All.INSTANCE;
      return this;
    }

    /** Adds a tool; names must be unique. */
    public Builder tool(ToolDefinition definition, ToolHandler handler) {
      tools.add(new ProviderTool(definition, handler));
      return this;
    }

    /** Adds a tool; names must be unique. */
    public Builder tool(ProviderTool tool) {
      tools.add(requireNonNull(tool, "tool"));
      return this;
    }

    /** Provider information for the host's routing decisions (a JSON object). */
    public Builder metadata(JsonNode metadata) {
      this.metadata = metadata;
      return this;
    }

    /** A limit on this provider's calls in flight; the gateway queues the rest. */
    public Builder concurrency(Concurrency concurrency) {
      this.concurrency = concurrency;
      return this;
    }

    /** Called for every {@code session.lifecycle}, before the runtime's own handling. */
    public Builder onLifecycle(Consumer<SessionLifecycle> onLifecycle) {
      this.onLifecycle = requireNonNull(onLifecycle, "onLifecycle");
      return this;
    }

    /** Called with every session list the gateway sends. */
    public Builder onSessions(Consumer<List<SessionInfo>> onSessions) {
      this.onSessions = requireNonNull(onSessions, "onSessions");
      return this;
    }

    /** Called with every {@code error} (default: logged at WARNING). */
    public Builder onError(Consumer<ErrorMessage> onError) {
      this.onError = requireNonNull(onError, "onError");
      return this;
    }

    /**
     * Cleanup before {@code shutdown.ready} when a bound session ends (default: none, ready at
     * once).
     */
    public Builder onShutdown(ShutdownHandler onShutdown) {
      this.onShutdown = requireNonNull(onShutdown, "onShutdown");
      return this;
    }

    public JavaProvider build() {
      return new JavaProvider(
          name,
          instance,
          session,
          tools,
          metadata,
          concurrency,
          onLifecycle,
          onSessions,
          onError,
          onShutdown);
    }
  }
}
