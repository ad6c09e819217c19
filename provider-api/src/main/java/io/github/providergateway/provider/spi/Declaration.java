package io.github.providergateway.provider.spi;

import io.github.providergateway.protocol.ContextUpdate;
import io.github.providergateway.protocol.FilterRule;
import io.github.providergateway.protocol.FilterSet;
import io.github.providergateway.protocol.HookRule;
import io.github.providergateway.protocol.Hooks;
import io.github.providergateway.protocol.HooksUpdate;
import io.github.providergateway.protocol.ProviderMessage;
import io.github.providergateway.protocol.ToolDefinition;
import io.github.providergateway.protocol.ToolsUpdate;
import io.github.providergateway.protocol.TransformRule;
import io.github.providergateway.provider.JavaProvider;
import io.github.providergateway.provider.ProviderTool;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Everything a provider declares that it can change while connected: tools, hook rules, transforms,
 * ambient context and stream filters. An immutable value; each {@link Change} (one per update
 * message) yields the next one, so "what the gateway will have" is the confirmed value with the
 * pending changes applied in order.
 *
 * @param context the ambient context; {@code null} for none (an empty update clears it)
 * @param filters own stream name → its rules, never empty lists
 */
record Declaration(
    List<ProviderTool> tools,
    List<HookRule> hookRules,
    Map<String, TransformRule> transforms,
    String context,
    Map<String, List<FilterRule>> filters) {

  Declaration {
    tools = List.copyOf(tools);
    hookRules = List.copyOf(hookRules);
    transforms = Collections.unmodifiableMap(new LinkedHashMap<>(transforms));
    context = context == null || context.isEmpty() ? null : context;
    filters = Collections.unmodifiableMap(new LinkedHashMap<>(filters));
  }

  /** What {@code provider} declares before any update. */
  static Declaration of(JavaProvider provider) {
    return new Declaration(
        provider.tools(),
        provider.hookRules(),
        provider.transforms(),
        provider.context(),
        Map.of());
  }

  /** Whether there is any hook rule or transform to declare. */
  boolean hasHooks() {
    return !hookRules.isEmpty() || !transforms.isEmpty();
  }

  /**
   * The rules and transforms as {@code hello.hooks}: both present, so they replace whatever was
   * restored.
   */
  Hooks hooks() {
    Map<String, Optional<TransformRule>> wire = new LinkedHashMap<>();
    transforms.forEach((section, rule) -> wire.put(section, Optional.of(rule)));
    return new Hooks(hookRules, wire);
  }

  List<ToolDefinition> toolDefinitions() {
    List<ToolDefinition> definitions = new ArrayList<>();
    for (ProviderTool tool : tools) {
      definitions.add(tool.definition());
    }
    return definitions;
  }

  /** One update the provider asked for. */
  sealed interface Change {

    /** The declaration after this change. */
    Declaration applyTo(Declaration before);

    /** The update message, carrying {@code requestId}. */
    ProviderMessage message(String requestId);

    /** Whether a {@code hello} declares it (filters have no place in {@code hello}). */
    boolean carriedByHello();
  }

  /** {@code tools.update}: the whole new list. */
  record ToolsChange(List<ProviderTool> tools) implements Change {
    ToolsChange {
      tools = List.copyOf(tools);
    }

    @Override
    public Declaration applyTo(Declaration d) {
      return new Declaration(tools, d.hookRules, d.transforms, d.context, d.filters);
    }

    @Override
    public ProviderMessage message(String requestId) {
      List<ToolDefinition> definitions = new ArrayList<>();
      for (ProviderTool tool : tools) {
        definitions.add(tool.definition());
      }
      return ToolsUpdate.replaceAll(definitions).withRequestId(requestId);
    }

    @Override
    public boolean carriedByHello() {
      return true;
    }
  }

  /** {@code hooks.update}: rules replace the list when present; transforms merge by section. */
  record HooksChange(Hooks hooks) implements Change {
    @Override
    public Declaration applyTo(Declaration d) {
      List<HookRule> rules = hooks.onPreToolUse() != null ? hooks.onPreToolUse() : d.hookRules;
      Map<String, TransformRule> transforms = new LinkedHashMap<>(d.transforms);
      if (hooks.transforms() != null) {
        hooks
            .transforms()
            .forEach(
                (section, rule) -> {
                  if (rule.isPresent()) {
                    transforms.put(section, rule.get());
                  } else {
                    transforms.remove(section);
                  }
                });
      }
      return new Declaration(d.tools, rules, transforms, d.context, d.filters);
    }

    @Override
    public ProviderMessage message(String requestId) {
      return new HooksUpdate(requestId, null, hooks);
    }

    @Override
    public boolean carriedByHello() {
      return true;
    }
  }

  /** {@code context.update}; an empty text clears the context. */
  record ContextChange(String context) implements Change {
    @Override
    public Declaration applyTo(Declaration d) {
      return new Declaration(d.tools, d.hookRules, d.transforms, context, d.filters);
    }

    @Override
    public ProviderMessage message(String requestId) {
      return new ContextUpdate(requestId, null, context);
    }

    @Override
    public boolean carriedByHello() {
      return true;
    }
  }

  /** {@code filter.set} on one own stream; no rules removes its filter. */
  record FilterChange(String stream, List<FilterRule> rules) implements Change {
    FilterChange {
      rules = List.copyOf(rules);
    }

    @Override
    public Declaration applyTo(Declaration d) {
      Map<String, List<FilterRule>> filters = new LinkedHashMap<>(d.filters);
      if (rules.isEmpty()) {
        filters.remove(stream);
      } else {
        filters.put(stream, rules);
      }
      return new Declaration(d.tools, d.hookRules, d.transforms, d.context, filters);
    }

    @Override
    public ProviderMessage message(String requestId) {
      return new FilterSet(requestId, null, stream, rules);
    }

    @Override
    public boolean carriedByHello() {
      return false;
    }
  }
}
