package io.github.providergateway.gateway.internal;

import io.github.providergateway.protocol.Ack;
import io.github.providergateway.protocol.ContextUpdate;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.FilterRule;
import io.github.providergateway.protocol.FilterSet;
import io.github.providergateway.protocol.HooksUpdate;
import io.github.providergateway.protocol.Limits;
import io.github.providergateway.protocol.StreamName;
import io.github.providergateway.protocol.ToolDefinition;
import io.github.providergateway.protocol.ToolsUpdate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The four state updates: {@code tools.update}, {@code hooks.update}, {@code context.update} and
 * {@code filter.set} (spec: Update acknowledgments). Each is checked against every session it
 * targets before any changes, so a refused update changes nothing. With a {@code requestId},
 * success is one {@code ack} per session with that session's new revision; a {@code tools.update}
 * is acked once the host has the new tools (after the registration debounce), the others at once.
 * Loop only.
 */
final class UpdateHandler {

  private final Limits limits;
  private final ToolCatalog catalog;
  private final DeclaredBudget declaredBudget;
  private final Outbox outbox;

  UpdateHandler(Limits limits, ToolCatalog catalog, DeclaredBudget declaredBudget, Outbox outbox) {
    this.limits = limits;
    this.catalog = catalog;
    this.declaredBudget = declaredBudget;
    this.outbox = outbox;
  }

  /** The bindings an update targets: one session if it names one, else every bound session. */
  private static List<Binding> targets(ProviderState provider, String sessionId) {
    if (sessionId != null) {
      Binding binding = provider.bindings().get(sessionId);
      return binding == null ? List.of() : List.of(binding);
    }
    return new ArrayList<>(provider.bindings().values());
  }

  void toolsUpdate(Conn conn, ToolsUpdate update) {
    ProviderState provider = conn.provider();
    List<Binding> targets = targets(provider, update.sessionId());
    Map<Binding, List<ToolDefinition>> next = new LinkedHashMap<>();
    for (Binding binding : targets) {
      List<ToolDefinition> tools = toolsAfter(binding.declared, update);
      catalog.checkTools(binding.session, provider.name, tools, binding);
      checkSize(conn, binding, candidate -> candidate.setTools(tools));
      next.put(binding, tools);
    }
    if (update.requestId() != null) {
      // One update of a type in flight per (provider, session) (spec: Update acknowledgments).
      for (Binding binding : targets) {
        if (binding.awaitsToolsAck()) {
          throw new ProtocolViolation(
              ErrorCode.RATE_LIMITED,
              "A tools.update for session " + binding.session.id + " is still awaiting its ack",
              binding.session.id);
        }
      }
    }
    if (update.sessionId() == null && provider.template != null) {
      provider.template.setTools(toolsAfter(provider.template, update));
    }
    next.forEach(
        (binding, tools) -> {
          catalog.replaceTools(binding, tools);
          binding.declaredChanged();
          long revision = binding.nextRevision();
          if (update.requestId() != null) {
            binding.awaitToolsAck(update.requestId(), revision);
          }
        });
  }

  /**
   * The tool list an update leaves: only {@code tools} replaces the whole list; with {@code remove}
   * it is a delta (design brief, decision 11).
   */
  private static List<ToolDefinition> toolsAfter(Declared declared, ToolsUpdate update) {
    if (!update.isDelta()) {
      return update.tools();
    }
    Map<String, ToolDefinition> tools = new LinkedHashMap<>(declared.tools);
    for (String name : update.remove()) {
      tools.remove(name);
    }
    if (update.tools() != null) {
      for (ToolDefinition tool : update.tools()) {
        tools.put(tool.name(), tool);
      }
    }
    return new ArrayList<>(tools.values());
  }

  void hooksUpdate(Conn conn, HooksUpdate update) {
    HookRules.check(update.hooks(), limits);
    ProviderState provider = conn.provider();
    List<Binding> targets = targets(provider, update.sessionId());
    for (Binding binding : targets) {
      checkTransformCount(binding.declared, update);
      checkSize(conn, binding, candidate -> applyHooks(candidate, update));
    }
    for (Binding binding : targets) {
      applyHooks(binding.declared, update);
      binding.declaredChanged();
      if (update.hooks().onPreToolUse() != null) {
        catalog.hookRulesChanged(binding.session);
      }
    }
    if (update.sessionId() == null && provider.template != null) {
      applyHooks(provider.template, update);
    }
    acknowledge(conn, update.requestId(), targets);
  }

  /**
   * Transforms merge, so without a bound a provider could add sections update after update: at most
   * {@code maxHookRulesPerProvider} transformed sections, like rules.
   */
  private void checkTransformCount(Declared declared, HooksUpdate update) {
    if (update.hooks().transforms() == null) {
      return;
    }
    Set<String> sections = new HashSet<>(declared.transforms.keySet());
    update
        .hooks()
        .transforms()
        .forEach(
            (section, rule) -> {
              if (rule.isPresent()) {
                sections.add(section);
              } else {
                sections.remove(section);
              }
            });
    if (sections.size() > limits.registration().maxHookRulesPerProvider()) {
      throw new ProtocolViolation(
          ErrorCode.PAYLOAD_TOO_LARGE,
          "A provider may transform at most "
              + limits.registration().maxHookRulesPerProvider()
              + " sections; this would make "
              + sections.size());
    }
  }

  /**
   * Rules replace the whole list when present; transforms merge by section (design brief, decision
   * 25).
   */
  /** Refuses an update that would make {@code binding}'s declarations too large. */
  private void checkSize(Conn conn, Binding binding, java.util.function.Consumer<Declared> change) {
    Declared candidate = binding.declared.copy();
    change.accept(candidate);
    declaredBudget.check(conn, binding.session.id, candidate, binding);
  }

  private static void applyHooks(Declared declared, HooksUpdate update) {
    if (update.hooks().onPreToolUse() != null) {
      declared.hookRules = update.hooks().onPreToolUse();
    }
    if (update.hooks().transforms() != null) {
      update
          .hooks()
          .transforms()
          .forEach(
              (section, rule) -> {
                if (rule.isPresent()) {
                  declared.transforms.put(section, rule.get());
                } else {
                  declared.transforms.remove(section);
                }
              });
    }
  }

  void contextUpdate(Conn conn, ContextUpdate update) {
    ProviderState provider = conn.provider();
    String context = update.context().isEmpty() ? null : update.context();
    List<Binding> targets = targets(provider, update.sessionId());
    for (Binding binding : targets) {
      checkSize(conn, binding, candidate -> candidate.context = context);
    }
    for (Binding binding : targets) {
      binding.declared.context = context;
      binding.declaredChanged();
    }
    if (update.sessionId() == null && provider.template != null) {
      provider.template.context = context;
    }
    acknowledge(conn, update.requestId(), targets);
  }

  void filterSet(Conn conn, FilterSet update) {
    ProviderState provider = conn.provider();
    Names.checkStream("stream", update.stream());
    StreamName stream =
        StreamName.parse(update.stream() == null ? provider.name : update.stream(), provider.name);
    if (!stream.isOwnedBy(provider.name)) {
      // filter.set only works on the provider's own streams (spec: Stream access control).
      throw new ProtocolViolation(
          ErrorCode.UNAUTHORIZED, "filter.set may only name your own streams, not " + stream);
    }
    if (update.rules().size() > limits.registration().maxFilterRules()) {
      throw new ProtocolViolation(
          ErrorCode.PAYLOAD_TOO_LARGE,
          "A filter may have at most "
              + limits.registration().maxFilterRules()
              + " rules, not "
              + update.rules().size());
    }
    for (int i = 0; i < update.rules().size(); i++) {
      HookRules.checkRegex(update.rules().get(i).match(), "rules[" + i + "].match");
    }
    List<FilterRule> rules = update.rules();
    List<Binding> targets = targets(provider, update.sessionId());
    for (Binding binding : targets) {
      // Filters need no stream to exist yet, so they are bounded like streams are.
      if (!rules.isEmpty()
          && !binding.declared.filters.containsKey(stream.stream())
          && binding.declared.filters.size() >= limits.registration().maxStreamsPerProvider()) {
        throw new ProtocolViolation(
            ErrorCode.PAYLOAD_TOO_LARGE,
            "A provider may filter at most "
                + limits.registration().maxStreamsPerProvider()
                + " streams",
            binding.session.id);
      }
    }
    for (Binding binding : targets) {
      checkSize(conn, binding, candidate -> setFilter(candidate, stream.stream(), rules));
    }
    for (Binding binding : targets) {
      setFilter(binding.declared, stream.stream(), rules);
      binding.declaredChanged();
    }
    if (update.sessionId() == null && provider.template != null) {
      setFilter(provider.template, stream.stream(), rules);
    }
    acknowledge(conn, update.requestId(), targets);
  }

  private static void setFilter(Declared declared, String stream, List<FilterRule> rules) {
    if (rules.isEmpty()) {
      declared.filters.remove(stream);
    } else {
      declared.filters.put(stream, rules);
    }
  }

  /** Advances each target's revision and acks it at once when the update carried a requestId. */
  private void acknowledge(Conn conn, String requestId, List<Binding> targets) {
    for (Binding binding : targets) {
      long revision = binding.nextRevision();
      if (requestId != null) {
        outbox.send(conn, new Ack(requestId, binding.session.id, revision));
      }
    }
  }
}
