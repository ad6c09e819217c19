package io.github.providergateway.gateway.internal;

import io.github.providergateway.protocol.FilterRule;
import io.github.providergateway.protocol.HookRule;
import io.github.providergateway.protocol.ToolDefinition;
import io.github.providergateway.protocol.TransformRule;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a provider has declared for one session: tools, hook rules, transforms, ambient context
 * and stream filters. A binding holds one; an {@code "all"}-bound provider also keeps a template
 * that each newly readied session starts from. Loop only.
 */
final class Declared {

  /** Tools by name, in declaration order. */
  final Map<String, ToolDefinition> tools = new LinkedHashMap<>();
  /** {@code onPreToolUse} rules, in declaration order. */
  List<HookRule> hookRules = List.of();
  /** Transforms by section. */
  final Map<String, TransformRule> transforms = new LinkedHashMap<>();
  /** Ambient context, or {@code null}. */
  String context;
  /** Filters by stream name. */
  final Map<String, List<FilterRule>> filters = new LinkedHashMap<>();

  Declared copy() {
    Declared copy = new Declared();
    copy.tools.putAll(tools);
    copy.hookRules = hookRules;
    copy.transforms.putAll(transforms);
    copy.context = context;
    copy.filters.putAll(filters);
    return copy;
  }

  void setTools(List<ToolDefinition> list) {
    tools.clear();
    for (ToolDefinition tool : list) {
      tools.put(tool.name(), tool);
    }
  }
}
