package io.github.providergateway.protocol;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * {@code hello}: register as a provider and bind to a session. A {@code hello} on a bound
 * connection rebinds it.
 *
 * <pre>{@code
 * {"type":"hello","name":"my-provider","protocolVersion":2,"session":"abc123",
 *  "tools":[{"name":"greet","description":"Say hello","parameters":{"type":"object"}}]}
 * }</pre>
 *
 * @param name the provider's stable identity (with {@code instance})
 * @param protocolVersion the protocol version the provider speaks; the gateway supports {@value
 *     #PROTOCOL_VERSION}
 * @param session the session to bind to, {@link SessionSelector.All} for every session, or {@code
 *     null} to let the gateway choose (spawned and in-process providers)
 * @param instance tells apart several providers sharing {@code name} (e.g. browser tabs)
 * @param reconnectToken from an earlier {@code hello.ack}, to take back an identity
 * @param startupContext text added to the session's start context ({@code startup_context})
 * @param metadata provider-specific information shown for routing (a JSON object)
 * @param tools the provider's tools
 * @param hooks hook rules and transforms
 * @param subscribe session event types to receive as {@code session.event}
 * @param context ambient context added to every prompt
 * @param concurrency a limit on calls in flight
 * @param extensions the protocol extensions the provider speaks, by wire name ({@link
 *     ProtocolExtension}); names unknown to the gateway are left out of its answer
 */
public record Hello(
    String name,
    int protocolVersion,
    SessionSelector session,
    String instance,
    String reconnectToken,
    String startupContext,
    JsonNode metadata,
    List<ToolDefinition> tools,
    Hooks hooks,
    List<String> subscribe,
    String context,
    Concurrency concurrency,
    List<String> extensions)
    implements ProviderMessage {

  /** The only protocol version this library speaks. */
  public static final int PROTOCOL_VERSION = 2;

  /**
   * The grammar of provider names, instances and tool names (docs/decisions, decision 24): 1 to 128
   * of {@code A-Z a-z 0-9 _ . -}, the set agent hosts accept for tool names; {@code .} and {@code
   * ..} alone are no provider name. The gateway refuses a {@code hello} with a name outside it
   * ({@link ErrorCode#INVALID_JSON}), and the Java provider's builder before it connects.
   */
  public static final String NAME_GRAMMAR = "[A-Za-z0-9_.-]{1,128}";

  private static final Pattern NAME_PATTERN = Pattern.compile(NAME_GRAMMAR);

  /**
   * Whether {@code name} fits {@link #NAME_GRAMMAR}.
   *
   * @param name a provider, instance or tool name; null fits nothing
   * @return whether the gateway accepts it as a tool name or instance
   */
  public static boolean fitsNameGrammar(String name) {
    return name != null && NAME_PATTERN.matcher(name).matches();
  }

  /**
   * The names the gateway itself signs with, which no provider may take ({@link #isReservedName}):
   * {@code gateway} (the {@code source} of its own timeline lines, such as pairing codes, and the
   * provider of its meta-tools), {@code provider-gateway} (its name to MCP peers and telemetry),
   * and the channels a person answers questions on ({@code console}, {@code host}, {@code status
   * page}).
   */
  public static final List<String> RESERVED_NAMES =
      List.of("gateway", "provider-gateway", "console", "host", "status-page");

  /**
   * Whether {@code name} is one of {@code names} as a person would read it, as {@link
   * #isReservedName} reads it: a gateway that reserves more names for itself (the reference app's
   * built-in {@code guard}) checks them so.
   *
   * @param name a provider name; not null
   * @param names names in lower case, with {@code -} for a separator
   * @return whether a person would read {@code name} as one of them
   */
  public static boolean readsAs(String name, java.util.Collection<String> names) {
    return names.contains(asRead(name));
  }

  /**
   * Whether {@code name} is one of the {@link #RESERVED_NAMES} as a person would read it: in any
   * case, with {@code _}, {@code .} or a space for {@code -}, and with surrounding white space and
   * {@linkplain VisibleText#isHidden hidden characters} left out ({@code " Gateway"}, {@code
   * "Provider_Gateway"}, {@code gateway} with a zero-width space in it). A gateway refuses such a
   * {@code hello} with {@link ErrorCode#UNAUTHORIZED}; the connection stays open for a {@code
   * hello} with another name. A look-alike in other letters ({@code gatevvay}) is not reserved:
   * hosts mark which lines are a provider's.
   *
   * @param name a provider name; not null
   * @return whether a provider may not take it
   */
  public static boolean isReservedName(String name) {
    return RESERVED_NAMES.contains(asRead(name));
  }

  /**
   * A name as a person reads it: hidden characters and surrounding blanks left out, {@code _},
   * {@code .} and blanks read as {@code -}, in lower case.
   */
  private static String asRead(String name) {
    StringBuilder visible = new StringBuilder(name.length());
    name.codePoints().filter(c -> !VisibleText.isHidden(c)).forEach(visible::appendCodePoint);
    StringBuilder read = new StringBuilder(visible.length());
    visible
        .toString()
        .strip()
        .codePoints()
        .map(c -> c == '_' || c == '.' || Character.isWhitespace(c) ? '-' : c)
        .forEach(read::appendCodePoint);
    return read.toString().toLowerCase(Locale.ROOT);
  }

  /**
   * Checks the required fields and copies the collections.
   *
   * @param name the provider's stable identity (with {@code instance})
   * @param protocolVersion the protocol version the provider speaks; the gateway supports {@value
   *     #PROTOCOL_VERSION}
   * @param session the session to bind to, {@link SessionSelector.All} for every session, or {@code
   *     null} to let the gateway choose (spawned and in-process providers)
   * @param instance tells apart several providers sharing {@code name} (e.g. browser tabs)
   * @param reconnectToken from an earlier {@code hello.ack}, to take back an identity
   * @param startupContext text added to the session's start context ({@code startup_context})
   * @param metadata provider-specific information shown for routing (a JSON object)
   * @param tools the provider's tools; copied
   * @param hooks hook rules and transforms
   * @param subscribe session event types to receive as {@code session.event}; copied
   * @param context ambient context added to every prompt
   * @param concurrency a limit on calls in flight
   * @param extensions the protocol extensions the provider speaks, by wire name; copied
   * @throws NullPointerException when {@code name} is null
   * @throws IllegalArgumentException when {@code name} is empty, or {@code subscribe} or {@code
   *     extensions} holds an empty string, or {@code instance} is empty, or {@code metadata} is not
   *     a JSON object
   */
  public Hello {
    Require.nonEmpty(name, "name");
    if (instance != null) {
      Require.nonEmpty(instance, "instance");
    }
    if (metadata != null && !metadata.isObject()) {
      throw new IllegalArgumentException("metadata must be a JSON object");
    }
    tools = Require.copyOrNull(tools);
    subscribe = Require.copyOrNull(subscribe);
    Require.noEmptyStrings(subscribe, "subscribe");
    extensions = Require.copyOrNull(extensions);
    Require.noEmptyStrings(extensions, "extensions");
  }

  /**
   * Whether the provider says it speaks {@code extension}.
   *
   * @param extension the extension
   * @return whether {@code extensions} lists its wire name
   */
  public boolean speaks(ProtocolExtension extension) {
    return extensions != null && extensions.contains(extension.wireName());
  }

  /**
   * Starts a {@code hello} for provider {@code name} at the current protocol version.
   *
   * @param name the provider's stable identity
   * @return a new builder
   */
  public static Builder builder(String name) {
    return new Builder(name);
  }

  /** {@return the tools, or an empty list when absent} */
  public List<ToolDefinition> toolsOrEmpty() {
    return tools == null ? List.of() : tools;
  }

  /** {@return the hooks, or {@link Hooks#none()} when absent} */
  public Hooks hooksOrNone() {
    return hooks == null ? Hooks.none() : hooks;
  }

  /** {@return a copy of this {@code hello} to edit} */
  public Builder toBuilder() {
    Builder b = new Builder(name);
    b.protocolVersion = protocolVersion;
    b.session = session;
    b.instance = instance;
    b.reconnectToken = reconnectToken;
    b.startupContext = startupContext;
    b.metadata = metadata;
    b.tools = tools;
    b.hooks = hooks;
    b.subscribe = subscribe;
    b.context = context;
    b.concurrency = concurrency;
    b.extensions = extensions;
    return b;
  }

  @Override
  public ProviderMessageType type() {
    return ProviderMessageType.HELLO;
  }

  /** Hides the reconnect token, a credential. */
  @Override
  public String toString() {
    return "Hello[name="
        + name
        + ", instance="
        + instance
        + ", session="
        + session
        + ", protocolVersion="
        + protocolVersion
        + ", tools="
        + (tools == null ? 0 : tools.size())
        + (reconnectToken == null ? "" : ", reconnectToken=<redacted>")
        + "]";
  }

  /** Builds a {@link Hello}; every field but the name is optional. */
  public static final class Builder {
    private final String name;
    private int protocolVersion = PROTOCOL_VERSION;
    private SessionSelector session;
    private String instance;
    private String reconnectToken;
    private String startupContext;
    private JsonNode metadata;
    private List<ToolDefinition> tools;
    private Hooks hooks;
    private List<String> subscribe;
    private String context;
    private Concurrency concurrency;
    private List<String> extensions;

    private Builder(String name) {
      this.name = name;
    }

    /**
     * The protocol version the provider speaks (default {@value #PROTOCOL_VERSION}).
     *
     * @param protocolVersion the version
     * @return this builder
     */
    public Builder protocolVersion(int protocolVersion) {
      this.protocolVersion = protocolVersion;
      return this;
    }

    /**
     * Binds to the session with this id.
     *
     * @param sessionId the session's id; {@code null} lets the gateway choose
     * @return this builder
     */
    public Builder session(String sessionId) {
      this.session = sessionId == null ? null : SessionSelector.of(sessionId);
      return this;
    }

    /**
     * The session to bind to, named or {@code "all"}.
     *
     * @param session the selector; {@code null} lets the gateway choose
     * @return this builder
     */
    public Builder session(SessionSelector session) {
      this.session = session;
      return this;
    }

    /**
     * Binds to every session ({@code "all"}); internal trust only.
     *
     * @return this builder
     */
    public Builder allSessions() {
      this.session = SessionSelector.All.INSTANCE;
      return this;
    }

    /**
     * Tells this provider apart from others sharing its name (e.g. browser tabs).
     *
     * @param instance the instance id; {@code null} for none
     * @return this builder
     */
    public Builder instance(String instance) {
      this.instance = instance;
      return this;
    }

    /**
     * Takes back an identity from an earlier connection.
     *
     * @param reconnectToken the token an earlier {@code hello.ack} gave; {@code null} for none
     * @return this builder
     */
    public Builder reconnectToken(String reconnectToken) {
      this.reconnectToken = reconnectToken;
      return this;
    }

    /**
     * Text added once to the session's start context.
     *
     * @param startupContext the text; {@code null} for none
     * @return this builder
     */
    public Builder startupContext(String startupContext) {
      this.startupContext = startupContext;
      return this;
    }

    /**
     * Provider-specific information shown for routing.
     *
     * @param metadata a JSON object; {@code null} for none
     * @return this builder
     */
    public Builder metadata(JsonNode metadata) {
      this.metadata = metadata;
      return this;
    }

    /**
     * The provider's tools.
     *
     * @param tools the tools, replacing any given before; {@code null} for none
     * @return this builder
     */
    public Builder tools(List<ToolDefinition> tools) {
      this.tools = tools;
      return this;
    }

    /**
     * The provider's tools.
     *
     * @param tools the tools, replacing any given before
     * @return this builder
     */
    public Builder tools(ToolDefinition... tools) {
      this.tools = List.of(tools);
      return this;
    }

    /**
     * Hook rules and transforms.
     *
     * @param hooks the hooks; {@code null} for none
     * @return this builder
     */
    public Builder hooks(Hooks hooks) {
      this.hooks = hooks;
      return this;
    }

    /**
     * Session event types to receive as {@code session.event}.
     *
     * @param subscribe the types; {@code null} for none
     * @return this builder
     */
    public Builder subscribe(List<String> subscribe) {
      this.subscribe = subscribe;
      return this;
    }

    /**
     * Ambient context added to every prompt.
     *
     * @param context the text; {@code null} for none
     * @return this builder
     */
    public Builder context(String context) {
      this.context = context;
      return this;
    }

    /**
     * A limit on calls in flight.
     *
     * @param concurrency the limit; {@code null} for none
     * @return this builder
     */
    public Builder concurrency(Concurrency concurrency) {
      this.concurrency = concurrency;
      return this;
    }

    /**
     * The protocol extensions the provider speaks, by wire name ({@link ProtocolExtension}).
     *
     * @param extensions the names; {@code null} for none (the spec's behaviour)
     * @return this builder
     */
    public Builder extensions(List<String> extensions) {
      this.extensions = extensions;
      return this;
    }

    /**
     * The protocol extensions the provider speaks.
     *
     * @param extensions the extensions, replacing any given before
     * @return this builder
     */
    public Builder extensions(ProtocolExtension... extensions) {
      List<String> names = new java.util.ArrayList<>();
      for (ProtocolExtension extension : extensions) {
        names.add(extension.wireName());
      }
      this.extensions = names;
      return this;
    }

    /**
     * The {@code hello}.
     *
     * @return the message
     * @throws IllegalArgumentException when a field breaks the message's rules (see {@link Hello})
     */
    public Hello build() {
      return new Hello(
          name,
          protocolVersion,
          session,
          instance,
          reconnectToken,
          startupContext,
          metadata,
          tools,
          hooks,
          subscribe,
          context,
          concurrency,
          extensions);
    }
  }
}
