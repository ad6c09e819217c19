package io.github.providergateway.provider;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.protocol.Concurrency;
import io.github.providergateway.protocol.ErrorMessage;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HookMatch;
import io.github.providergateway.protocol.HookRule;
import io.github.providergateway.protocol.ProtocolExtension;
import io.github.providergateway.protocol.SessionEvent;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.protocol.SessionLifecycle;
import io.github.providergateway.protocol.SessionSelector;
import io.github.providergateway.protocol.ToolDefinition;
import io.github.providergateway.protocol.TransformRule;
import io.github.providergateway.provider.internal.HandlerCheck;
import io.github.providergateway.provider.internal.NameCheck;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
 * <p>Beyond tools, a provider may declare {@code onPreToolUse} hook rules (with a {@link
 * GateHandler} for each {@code gate} id), system-prompt transforms (with a {@link TransformHandler}
 * for each {@code callback} section), ambient and startup context, and the session events it
 * subscribes to. What the gateway allows depends on the trust level: internal (in-process) and
 * project providers may use all of it; external (paired) providers only tools, pushes, static
 * {@code append} transforms and tool events (spec: Provider capabilities).
 *
 * <p>Callbacks run on the provider's executor, one at a time, in the order the gateway's messages
 * arrived; an exception thrown by one is logged and does not stop the runtime.
 *
 * <p>A final class built only through {@link #builder}, not a record: a new option is a new builder
 * method, and no caller's code breaks when one is added.
 */
public final class JavaProvider {

  private static final System.Logger LOG = System.getLogger(JavaProvider.class.getName());

  private final String name;
  private final String instance;
  private final SessionSelector session;
  private final List<ProviderTool> tools;
  private final JsonNode metadata;
  private final Concurrency concurrency;
  private final List<HookRule> hookRules;
  private final Map<String, TransformRule> transforms;
  private final Map<String, GateHandler> gates;
  private final Map<String, TransformHandler> transformHandlers;
  private final String context;
  private final String startupContext;
  private final List<String> subscribe;
  private final Set<ProtocolExtension> extensions;
  private final Consumer<SessionLifecycle> onLifecycle;
  private final Consumer<List<SessionInfo>> onSessions;
  private final Consumer<SessionEvent> onEvent;
  private final Consumer<ErrorMessage> onError;
  private final ShutdownHandler onShutdown;

  private JavaProvider(Builder b) {
    this.name = requireNonNull(b.name, "name");
    NameCheck.checkProvider(name, b.instance);
    this.instance = b.instance;
    this.session = b.session;
    this.tools = List.copyOf(b.tools);
    NameCheck.checkToolNames(tools.stream().map(ProviderTool::name).toList());
    if (b.metadata != null && !b.metadata.isObject()) {
      throw new IllegalArgumentException("metadata must be a JSON object");
    }
    this.metadata = b.metadata;
    this.concurrency = b.concurrency;
    this.hookRules = List.copyOf(b.hookRules);
    this.transforms = Collections.unmodifiableMap(new LinkedHashMap<>(b.transforms));
    this.gates = Map.copyOf(b.gates);
    this.transformHandlers = Map.copyOf(b.transformHandlers);
    HandlerCheck.check(hookRules, transforms, gates.keySet(), transformHandlers.keySet());
    this.context = b.context;
    this.startupContext = b.startupContext;
    this.subscribe = List.copyOf(b.subscribe);
    this.extensions = Collections.unmodifiableSet(EnumSet.copyOf(b.extensions));
    this.onLifecycle = b.onLifecycle;
    this.onSessions = b.onSessions;
    this.onEvent = b.onEvent;
    this.onError = b.onError;
    this.onShutdown = b.onShutdown;
  }

  /** {@return the provider's stable identity ({@code hello.name})} */
  public String name() {
    return name;
  }

  /** {@return the instance id that tells apart providers sharing {@link #name}, or {@code null}} */
  public String instance() {
    return instance;
  }

  /**
   * {@return the session to bind to}; {@code null} lets the gateway choose (see {@link
   * Builder#session(String)}).
   */
  public SessionSelector session() {
    return session;
  }

  /** {@return the tools, by unique name} */
  public List<ProviderTool> tools() {
    return tools;
  }

  /** {@return the provider information shown to the host (a JSON object), or {@code null}} */
  public JsonNode metadata() {
    return metadata;
  }

  /** {@return a limit on calls in flight, or {@code null}} */
  public Concurrency concurrency() {
    return concurrency;
  }

  /** {@return {@code onPreToolUse} rules, in evaluation order} */
  public List<HookRule> hookRules() {
    return hookRules;
  }

  /** {@return the static transforms: system-prompt section → transform, in declaration order} */
  public Map<String, TransformRule> transforms() {
    return transforms;
  }

  /** {@return {@code gateId} → the handler that decides it; every {@code gate} rule has one} */
  public Map<String, GateHandler> gates() {
    return gates;
  }

  /** {@return the callback transforms' handlers: section → handler} */
  public Map<String, TransformHandler> transformHandlers() {
    return transformHandlers;
  }

  /** {@return the ambient context added to every prompt, or {@code null}} */
  public String context() {
    return context;
  }

  /** {@return the text added to the session's start context, or {@code null}} */
  public String startupContext() {
    return startupContext;
  }

  /** {@return the session event types to receive ({@code user.message}, ...)} */
  public List<String> subscribe() {
    return subscribe;
  }

  /** {@return the protocol extensions its {@code hello} says it speaks, in declaration order} */
  public Set<ProtocolExtension> extensions() {
    return extensions;
  }

  /**
   * {@return the callback called with every {@code session.lifecycle} ({@code started}, {@code
   * idle}, ...)}
   */
  public Consumer<SessionLifecycle> onLifecycle() {
    return onLifecycle;
  }

  /**
   * {@return the callback called with every session list ({@code sessions}, {@code
   * sessions.updated})}
   */
  public Consumer<List<SessionInfo>> onSessions() {
    return onSessions;
  }

  /** {@return the callback called with every {@code session.event} of a subscribed type} */
  public Consumer<SessionEvent> onEvent() {
    return onEvent;
  }

  /** {@return the callback called with every {@code error} the gateway sends} */
  public Consumer<ErrorMessage> onError() {
    return onError;
  }

  /** {@return the cleanup run before {@code shutdown.ready}} */
  public ShutdownHandler onShutdown() {
    return onShutdown;
  }

  /**
   * Starts describing a provider named {@code name}; everything else is optional.
   *
   * @param name the provider's stable identity ({@code hello.name})
   * @return a new builder
   */
  public static Builder builder(String name) {
    return new Builder(name);
  }

  /** Builds a {@link JavaProvider}. */
  public static final class Builder {
    private final String name;
    private String instance;
    private SessionSelector session;
    private final List<ProviderTool> tools = new ArrayList<>();
    private JsonNode metadata;
    private Concurrency concurrency;
    private final List<HookRule> hookRules = new ArrayList<>();
    private final Map<String, TransformRule> transforms = new LinkedHashMap<>();
    private final Map<String, GateHandler> gates = new LinkedHashMap<>();
    private final Map<String, TransformHandler> transformHandlers = new LinkedHashMap<>();
    private String context;
    private String startupContext;
    private final List<String> subscribe = new ArrayList<>();
    private final EnumSet<ProtocolExtension> extensions = EnumSet.noneOf(ProtocolExtension.class);
    private Consumer<SessionLifecycle> onLifecycle = event -> {};
    private Consumer<List<SessionInfo>> onSessions = sessions -> {};
    private Consumer<SessionEvent> onEvent = event -> {};
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

    /**
     * Tells this provider apart from others with the same name (e.g. browser tabs).
     *
     * @param instance the instance id; {@code null} for none
     * @return this builder
     */
    public Builder instance(String instance) {
      this.instance = instance;
      return this;
    }

    /**
     * Binds to the session with id {@code sessionId}, or, over WebSocket, to the one session whose
     * label it is. Without this (or {@link #allSessions()}) the session is chosen from the
     * gateway's list as the examples choose it (docs/java-provider.md, "Which session"): the one
     * {@code TAP_SESSION} names by id or label (the gateway sets it for providers it starts), else
     * the one whose cwd holds the JVM's working directory (the longest), else the only one; the
     * runtime logs which and why. When none can be chosen the {@code hello} names no session and
     * the gateway chooses: an in-process provider's home session, a spawned or paired provider's
     * own. For the gateway token it cannot (it answers {@code INVALID_SESSION}, which is not given
     * to {@code onError}): the runtime then waits, unbound, for a session list it can choose from,
     * and never guesses "the first" of several, which may be another agent's. A session named here
     * (or an in-process home session) that the gateway does not have is refused with {@code
     * INVALID_SESSION}, which fails {@link ProviderSession#bound()} and ends the provider.
     *
     * @param sessionId the session's id or label; {@code null} to choose as above
     * @return this builder
     */
    public Builder session(String sessionId) {
      this.session = sessionId == null ? null : SessionSelector.of(sessionId);
      return this;
    }

    /**
     * Binds to every session ({@code "all"}, internal trust only). The runtime sends {@code
     * session.ready} for each session that starts later.
     *
     * @return this builder
     */
    public Builder allSessions() {
      this.session = SessionSelector.All.INSTANCE;
      return this;
    }

    /**
     * Adds a tool; names must be unique.
     *
     * @param definition what the gateway is told about the tool
     * @param handler runs its calls
     * @return this builder
     */
    public Builder tool(ToolDefinition definition, ToolHandler handler) {
      tools.add(new ProviderTool(definition, handler));
      return this;
    }

    /**
     * Adds a tool; names must be unique.
     *
     * @param tool the tool and its handler
     * @return this builder
     */
    public Builder tool(ProviderTool tool) {
      tools.add(requireNonNull(tool, "tool"));
      return this;
    }

    /**
     * Provider information for the host's routing decisions (a JSON object).
     *
     * @param metadata the object; {@code null} for none
     * @return this builder
     */
    public Builder metadata(JsonNode metadata) {
      this.metadata = metadata;
      return this;
    }

    /**
     * A limit on this provider's calls in flight; the gateway queues the rest.
     *
     * @param concurrency the limit; {@code null} for none
     * @return this builder
     */
    public Builder concurrency(Concurrency concurrency) {
      this.concurrency = concurrency;
      return this;
    }

    /**
     * Adds an {@code onPreToolUse} rule ({@code deny}, {@code context} or {@code gate}); rules are
     * evaluated in the order added. A {@code gate} rule needs a {@link #gateHandler} for its id.
     *
     * @param rule the rule
     * @return this builder
     */
    public Builder onPreToolUse(HookRule rule) {
      hookRules.add(requireNonNull(rule, "rule"));
      return this;
    }

    /**
     * Gates tool calls matching {@code match}: before each, {@code handler} decides (a {@code gate}
     * rule with id {@code gateId}, plus its handler). Fails closed: see {@link GateHandler}.
     *
     * @param match which calls the gate sees
     * @param gateId the gate's id, unique among this provider's gates
     * @param handler decides each check
     * @return this builder
     */
    public Builder gate(HookMatch match, String gateId, GateHandler handler) {
      gateHandler(gateId, handler);
      return onPreToolUse(HookRule.gate(match, gateId));
    }

    /**
     * The handler for gate {@code gateId}, for rules given with {@link #onPreToolUse} or later with
     * {@link ProviderSession#updateHooks}.
     *
     * @param gateId the gate's id
     * @param handler decides each check
     * @return this builder
     */
    public Builder gateHandler(String gateId, GateHandler handler) {
      requireNonNull(gateId, "gateId");
      gates.put(gateId, requireNonNull(handler, "handler"));
      return this;
    }

    /**
     * A static transform of system-prompt section {@code section} ({@code append}, {@code prepend},
     * {@code replace}); a {@code callback} rule needs a {@link #transformHandler}.
     *
     * @param section the section's name
     * @param rule the transform
     * @return this builder
     */
    public Builder transform(String section, TransformRule rule) {
      transforms.put(requireNonNull(section, "section"), requireNonNull(rule, "rule"));
      return this;
    }

    /**
     * A {@code callback} transform of {@code section}: at each prompt {@code handler} rewrites it.
     *
     * @param section the section's name
     * @param handler computes the section's new text
     * @return this builder
     */
    public Builder transform(String section, TransformHandler handler) {
      transformHandler(section, handler);
      return transform(section, TransformRule.callback());
    }

    /**
     * The handler of {@code section}'s {@code callback} transform, for one declared later with
     * {@link ProviderSession#updateHooks}.
     *
     * @param section the section's name
     * @param handler computes the section's new text
     * @return this builder
     */
    public Builder transformHandler(String section, TransformHandler handler) {
      requireNonNull(section, "section");
      transformHandlers.put(section, requireNonNull(handler, "handler"));
      return this;
    }

    /**
     * Ambient context added to every prompt (change it with {@link ProviderSession#updateContext}).
     *
     * @param context the text; {@code null} for none
     * @return this builder
     */
    public Builder context(String context) {
      this.context = context;
      return this;
    }

    /**
     * Text added once to the session's start context ({@code startup_context}).
     *
     * @param startupContext the text; {@code null} for none
     * @return this builder
     */
    public Builder startupContext(String startupContext) {
      this.startupContext = startupContext;
      return this;
    }

    /**
     * Subscribes to session events (names in {@code SessionEvents}); they arrive at {@link
     * #onEvent}.
     *
     * @param events the event types, added to those given before
     * @return this builder
     */
    public Builder subscribe(String... events) {
      for (String event : events) {
        subscribe.add(requireNonNull(event, "event"));
      }
      return this;
    }

    /**
     * Says in {@code hello} that the provider speaks {@code extension}, an opt-in beyond the spec
     * (docs/hooks.md). {@link ProtocolExtension#GATE_ARGS} lets gate handlers answer {@link
     * GateVerdict#rewrite}, {@link ProtocolExtension#GATE_ASK} {@link GateVerdict#ask}; the gateway
     * names in {@code hello.ack} what it accepted ({@link ProviderSession#bound()}).
     *
     * @param extension the extension, added to those given before
     * @return this builder
     */
    public Builder extension(ProtocolExtension extension) {
      extensions.add(requireNonNull(extension, "extension"));
      return this;
    }

    /**
     * Called with every {@code session.event} of a subscribed type.
     *
     * @param onEvent the callback, on the provider's executor
     * @return this builder
     */
    public Builder onEvent(Consumer<SessionEvent> onEvent) {
      this.onEvent = requireNonNull(onEvent, "onEvent");
      return this;
    }

    /**
     * Called for every {@code session.lifecycle}, before the runtime's own handling.
     *
     * @param onLifecycle the callback, on the provider's executor
     * @return this builder
     */
    public Builder onLifecycle(Consumer<SessionLifecycle> onLifecycle) {
      this.onLifecycle = requireNonNull(onLifecycle, "onLifecycle");
      return this;
    }

    /**
     * Called with every session list the gateway sends.
     *
     * @param onSessions the callback, on the provider's executor
     * @return this builder
     */
    public Builder onSessions(Consumer<List<SessionInfo>> onSessions) {
      this.onSessions = requireNonNull(onSessions, "onSessions");
      return this;
    }

    /**
     * Called with every {@code error} (default: logged at WARNING).
     *
     * @param onError the callback, on the provider's executor
     * @return this builder
     */
    public Builder onError(Consumer<ErrorMessage> onError) {
      this.onError = requireNonNull(onError, "onError");
      return this;
    }

    /**
     * Cleanup before {@code shutdown.ready} when a bound session ends (default: none, ready at
     * once).
     *
     * @param onShutdown the cleanup
     * @return this builder
     */
    public Builder onShutdown(ShutdownHandler onShutdown) {
      this.onShutdown = requireNonNull(onShutdown, "onShutdown");
      return this;
    }

    /**
     * The provider, to run with a transport.
     *
     * @return a new provider
     * @throws IllegalArgumentException when the name, the instance or a tool's name is outside the
     *     grammar the gateway enforces ({@link Hello#NAME_GRAMMAR}; the message states it), the
     *     name is one the gateway reserves ({@link Hello#isReservedName}), two tools share a name,
     *     metadata is not a JSON object, or a {@code gate} rule or {@code callback} transform has
     *     no handler
     */
    public JavaProvider build() {
      return new JavaProvider(this);
    }
  }
}
