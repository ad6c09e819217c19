package io.github.providergateway.gateway.internal;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.gateway.event.SessionHookRule;
import io.github.providergateway.host.api.HostTool;
import io.github.providergateway.loop.SerialExecutor;
import io.github.providergateway.protocol.Ack;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.HookRule;
import io.github.providergateway.protocol.Limits;
import io.github.providergateway.protocol.ToolDefinition;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Each session's provider tools: who serves which name, the conflict rules, the list the host
 * registers (multi-instance tools merged, meta-tools added), and the debounced registration itself
 * (core profile: Dynamic tool registration). Loop only.
 */
public final class ToolCatalog {

  /** Told after each flush, by session id (StartingProviders). */
  private java.util.function.Consumer<String> afterFlush = sessionId -> {};

  /** A batch is flushed at the latest after this many debounce windows, however busy. */
  private static final int MAX_WAIT_WINDOWS = 5;

  private final SerialExecutor loop;
  private final Timers timers;
  private final Limits limits;
  private final Outbox outbox;
  private final Listeners listener;
  private final ArgsSchemas schemas;

  ToolCatalog(
      SerialExecutor loop,
      Timers timers,
      Limits limits,
      Outbox outbox,
      Listeners listener,
      ArgsSchemas schemas) {
    this.loop = loop;
    this.schemas = schemas;
    this.timers = timers;
    this.limits = limits;
    this.outbox = outbox;
    this.listener = listener;
  }

  // ---- validation ----

  /**
   * Refuses {@code tools} for a provider named {@code providerName} in {@code session} when a name
   * is declared twice, belongs to another provider or to the host, or is reserved for a meta-tool
   * or names an MCP server's read (decision 131) (R-TOOL-09, R-TOOL-10, R-TOOL-12, R-TOOL-28), or
   * when one's {@code parameters} is not a JSON Schema (X-ENG-18). Instances of one provider name
   * may share names.
   *
   * @param self the provider's own binding there, whose current tools never conflict; or null
   */
  void checkTools(
      SessionState session, String providerName, Collection<ToolDefinition> tools, Binding self) {
    checkDistinct(session, tools);
    if (tools.size() > limits.registration().maxToolsPerProvider()) {
      throw new ProtocolViolation(
          ErrorCode.PAYLOAD_TOO_LARGE,
          "A provider may hold at most "
              + limits.registration().maxToolsPerProvider()
              + " tools; this would make "
              + tools.size(),
          session.id);
    }
    for (ToolDefinition tool : tools) {
      String name = tool.name();
      if (session.hostToolNames.contains(name)) {
        throw conflict(session, "Tool '" + name + "' is owned by the host");
      }
      for (Binding owner : session.owners(name)) {
        if (owner != self && !owner.provider.name.equals(providerName)) {
          throw conflict(
              session,
              "Tool '" + name + "' already registered by provider '" + owner.provider.name + "'");
        }
      }
      if (McpReads.READ_TOOL.equals(name) || McpReads.PROMPT_TOOL.equals(name)) {
        // The name an MCP server's read or prompt is checked and recorded by (decision 131): a
        // provider's tool of that name would share every read's rules and speak for it.
        throw conflict(
            session,
            "Tool '"
                + name
                + "' is reserved for the gateway: it names an MCP server's read to policies,"
                + " gates and the audit trail");
      }
      String reservedFor = reservedMetaToolOwner(session, name, providerName);
      if (reservedFor != null) {
        throw conflict(
            session,
            "Tool names starting with 'list_" + reservedFor + "' are reserved for the gateway");
      }
    }
    schemas.check(tools, session.id);
  }

  /** Refuses a list that declares one name twice. */
  static void checkDistinct(SessionState session, Collection<ToolDefinition> tools) {
    Set<String> seen = new HashSet<>();
    for (ToolDefinition tool : tools) {
      Names.checkTool("tool name", tool.name());
      if (!seen.add(tool.name())) {
        throw conflict(session, "Tool '" + tool.name() + "' is declared twice");
      }
    }
  }

  private static ProtocolViolation conflict(SessionState session, String message) {
    return new ProtocolViolation(ErrorCode.TOOL_CONFLICT, message, session.id);
  }

  /** The other provider whose meta-tool prefix {@code toolName} takes, or null. */
  private static String reservedMetaToolOwner(
      SessionState session, String toolName, String providerName) {
    if (!toolName.startsWith("list_")) {
      return null;
    }
    for (ProviderState other : session.bindings().keySet()) {
      if (!other.name.equals(providerName) && toolName.startsWith("list_" + other.name)) {
        return other.name;
      }
    }
    return null;
  }

  // ---- the index ----

  /** Registers {@code binding} in its session, last in registration order. */
  void add(Binding binding) {
    binding.session.add(binding);
    changed(binding.session);
    if (!binding.declared.hookRules.isEmpty()) {
      hookRulesChanged(binding.session);
    }
  }

  /** Removes {@code binding} and its tools from its session. */
  void remove(Binding binding) {
    if (binding.session.remove(binding)) {
      changed(binding.session);
      if (!binding.declared.hookRules.isEmpty()) {
        hookRulesChanged(binding.session);
      }
    }
  }

  /**
   * Tells the listeners the session's {@code onPreToolUse} rules as {@link HookEngine} would now
   * evaluate them: bindings in registration order, each one's rules in declaration order.
   */
  void hookRulesChanged(SessionState session) {
    List<SessionHookRule> rules = new ArrayList<>();
    for (Binding binding : session.bindings().values()) {
      for (HookRule rule : binding.declared.hookRules) {
        rules.add(new SessionHookRule(binding.provider.name, rule));
      }
    }
    listener.hookRulesChanged(session.id, List.copyOf(rules));
  }

  /** Replaces {@code binding}'s tools with {@code tools}. */
  void replaceTools(Binding binding, List<ToolDefinition> tools) {
    binding.session.replaceTools(binding, tools);
    changed(binding.session);
  }

  // ---- what the host registers ----

  /**
   * The session's tools as the host registers them: providers in registration order, each one's
   * tools in declaration order; a tool several instances share appears once, with a {@code target}
   * parameter naming the instances, and each multi-instance provider name gets a {@code
   * list_<name>_instances} meta-tool.
   */
  public List<HostTool> hostTools(SessionState session) {
    Map<String, HostTool> tools = new LinkedHashMap<>();
    Map<String, List<ProviderState>> instancesByName = new LinkedHashMap<>();
    for (Binding binding : session.bindings().values()) {
      if (binding.provider.instance != null) {
        instancesByName
            .computeIfAbsent(binding.provider.name, n -> new ArrayList<>())
            .add(binding.provider);
      }
    }
    for (Binding binding : session.bindings().values()) {
      for (ToolDefinition tool : binding.declared.tools.values()) {
        if (tools.containsKey(tool.name())) {
          continue;
        }
        List<Binding> owners = session.owners(tool.name());
        tools.put(
            tool.name(),
            owners.size() > 1
                ? MultiInstance.mergedTool(tool, owners)
                : new HostTool(
                    tool.name(),
                    tool.description(),
                    tool.parameters(),
                    binding.provider.name,
                    tool.annotations()));
      }
    }
    for (Map.Entry<String, List<ProviderState>> entry : instancesByName.entrySet()) {
      HostTool meta = MultiInstance.metaTool(entry.getKey());
      tools.putIfAbsent(meta.name(), meta);
    }
    // A restarting provider's tools stay listed until it is back (decision 34); a live provider's
    // tool of the same name comes first.
    for (Restarts.Held held : session.restarts.values()) {
      held.tools().forEach(tool -> tools.putIfAbsent(tool.name(), tool));
    }
    return List.copyOf(tools.values());
  }

  // ---- the debounced registration ----

  /**
   * Notes that {@code session}'s tools changed: the host hears of it once the changes stop for the
   * debounce window (200 ms), or at the latest {@value #MAX_WAIT_WINDOWS} windows after the first.
   */
  void changed(SessionState session) {
    if (session.isEnded()) {
      return;
    }
    Instant now = timers.now();
    Instant batchStart = session.registrationBatchStart(now);
    session.cancelRegistrationFlush();
    Duration window = limits.registration().registrationDebounce();
    Instant latest = batchStart.plus(window.multipliedBy(MAX_WAIT_WINDOWS));
    Duration untilLatest = Duration.between(now, latest);
    Duration delay = untilLatest.compareTo(window) < 0 ? untilLatest : window;
    session.registrationFlush(
        timers.after(delay.isNegative() ? Duration.ZERO : delay, () -> flush(session)));
  }

  /**
   * Registers the session's tools with the host if they changed, then acks waiting updates. While
   * the host restarts providers of the session nothing is registered: the restarts' end does it,
   * once (decision 34).
   */
  void flush(SessionState session) {
    flush(session, false);
  }

  /**
   * Registers the session's tools with the host, now: when they changed, or whatever they are when
   * {@code always} (the end of a restart: the host hears that it is over, once, even when the
   * provider came back with the same tools); then acks waiting updates.
   */
  void flush(SessionState session, boolean always) {
    loop.assertInLoop();
    session.registrationFlushed();
    try {
      register(session, always);
    } finally {
      afterFlush.accept(session.id);
    }
  }

  private void register(SessionState session, boolean always) {
    if (session.isEnded() || !session.restarts.isEmpty()) {
      return;
    }
    List<HostTool> tools = hostTools(session);
    if (session.registered(tools) || always) {
      session.host.registerTools(session.id, tools);
    }
    for (Binding binding : session.bindings().values()) {
      Binding.PendingAck ack = binding.takeToolsAck();
      if (ack != null) {
        outbox.send(binding.provider.conn, new Ack(ack.requestId(), session.id, ack.revision()));
      }
    }
  }

  /** Drops a pending flush and any restart's grace: the session is gone. */
  void cancel(SessionState session) {
    session.cancelRegistrationFlush();
    Restarts.cancel(session);
    afterFlush.accept(session.id);
  }

  /**
   * Told after each flush (and a session's end), by session id: who waits for a session to settle.
   */
  void afterFlush(java.util.function.Consumer<String> listener) {
    this.afterFlush = listener;
  }

  /** An empty JSON Schema object, for meta-tools. */
  static ObjectNode emptySchema() {
    ObjectNode schema = JsonNodeFactory.instance.objectNode();
    schema.put("type", "object");
    schema.putObject("properties");
    return schema;
  }
}
