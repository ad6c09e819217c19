package io.github.providergateway.gateway.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.protocol.FilterRule;
import io.github.providergateway.protocol.HookRule;
import io.github.providergateway.protocol.ToolDefinition;
import io.github.providergateway.protocol.TransformRule;
import io.github.providergateway.protocol.json.JsonHeap;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a provider has declared for one session: tools, hook rules, transforms, ambient context and
 * stream filters. A binding holds one; an {@code "all"}-bound provider also keeps a template that
 * each newly readied session starts from. Loop only.
 */
final class Declared {

  /** Tools by name, in declaration order. */
  final Map<String, ToolDefinition> tools = new LinkedHashMap<>();

  /**
   * The tools' compiled argument schemas, by tool name, as calls first need them; emptied whenever
   * the tools change.
   */
  final Map<String, ArgsSchema> schemas = new HashMap<>();

  /** {@code onPreToolUse} rules, in declaration order. */
  List<HookRule> hookRules = List.of();

  /** Transforms by section. */
  final Map<String, TransformRule> transforms = new LinkedHashMap<>();

  /** Ambient context, or {@code null}. */
  String context;

  /** Filters by stream name. */
  final Map<String, List<FilterRule>> filters = new LinkedHashMap<>();

  /**
   * The estimated heap of what the provider's {@code hello} carried besides declarations and the
   * gateway keeps while it is bound ({@code metadata}, {@code startup_context}, {@code subscribe}):
   * counted here so that the declarations budget bounds it too.
   */
  long carriedBytes;

  Declared copy() {
    Declared copy = new Declared();
    copy.tools.putAll(tools);
    copy.hookRules = hookRules;
    copy.transforms.putAll(transforms);
    copy.context = context;
    copy.filters.putAll(filters);
    copy.carriedBytes = carriedBytes;
    return copy;
  }

  /**
   * The estimated heap of these declarations ({@link JsonHeap} for trees, two bytes a character for
   * text), deliberately high: what {@code Limits.maxDeclaredBytes*} bound.
   */
  long estimatedBytes() {
    long bytes = OBJECT + carriedBytes;
    for (ToolDefinition tool : tools.values()) {
      bytes +=
          OBJECT + text(tool.name()) + text(tool.description()) + JsonHeap.of(tool.parameters());
    }
    for (HookRule rule : hookRules) {
      bytes += OBJECT + text(rule.reason()) + text(rule.content()) + text(rule.gateId());
      if (rule.match() != null) {
        bytes +=
            OBJECT
                + text(rule.match().tool())
                + text(rule.match().args())
                + text(rule.match().provider())
                + text(rule.match().file());
      }
    }
    for (Map.Entry<String, TransformRule> transform : transforms.entrySet()) {
      bytes += OBJECT + text(transform.getKey()) + text(transform.getValue().content());
    }
    bytes += text(context);
    for (Map.Entry<String, List<FilterRule>> filter : filters.entrySet()) {
      bytes += OBJECT + text(filter.getKey());
      for (FilterRule rule : filter.getValue()) {
        bytes += OBJECT + text(rule.match());
      }
    }
    return bytes;
  }

  /** An object with its header, fields and the slot that holds it. */
  private static final long OBJECT = 64;

  private static long text(String text) {
    return text == null ? 0 : JsonHeap.TEXT_OVERHEAD + 2L * text.length();
  }

  /**
   * The estimated heap of what a {@code hello} carries besides declarations; see {@link
   * #carriedBytes}.
   */
  static long carried(JsonNode metadata, String startupContext, Collection<String> subscribe) {
    long bytes = JsonHeap.of(metadata) + text(startupContext);
    for (String type : subscribe) {
      bytes += text(type);
    }
    return bytes;
  }

  void setTools(List<ToolDefinition> list) {
    tools.clear();
    schemas.clear();
    for (ToolDefinition tool : list) {
      tools.put(tool.name(), tool);
    }
  }
}
