package io.github.providergateway.gateway.internal;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.host.api.HostTool;
import io.github.providergateway.protocol.ToolDefinition;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Multi-instance providers (spec: Multi-instance providers): several connections with one {@code
 * name} and different {@code instance}s share their tools. The host sees each shared tool once,
 * with an added {@code target} parameter listing the live instances, and a {@code
 * list_<name>_instances} meta-tool the gateway answers itself.
 */
final class MultiInstance {

  /** The injected parameter naming the instance to call. */
  static final String TARGET = "target";

  private MultiInstance() {}

  /** The name of the meta-tool listing the instances of provider {@code name}. */
  static String metaToolName(String name) {
    return "list_" + name + "_instances";
  }

  /** The meta-tool for provider {@code name}. */
  static HostTool metaTool(String name) {
    return new HostTool(
        metaToolName(name),
        "List connected " + name + " instances",
        ToolCatalog.emptySchema(),
        "gateway");
  }

  /** The provider name whose meta-tool {@code tool} is in {@code session}, or null. */
  static String metaToolProvider(SessionState session, String tool) {
    for (ProviderState provider : session.bindings().keySet()) {
      if (provider.instance != null && metaToolName(provider.name).equals(tool)) {
        return provider.name;
      }
    }
    return null;
  }

  /** The meta-tool's answer: each connected instance of {@code name}, with its metadata. */
  static ArrayNode listInstances(SessionState session, String name) {
    ArrayNode instances = JsonNodeFactory.instance.arrayNode();
    for (ProviderState provider : session.bindings().keySet()) {
      if (provider.instance != null && provider.name.equals(name)) {
        ObjectNode entry = instances.addObject();
        entry.put("instance", provider.instance);
        entry.put("providerId", provider.providerId);
        if (provider.metadata != null) {
          entry.set("metadata", provider.metadata);
        }
      }
    }
    return instances;
  }

  /** {@code tool} as the host sees it when {@code owners} (two or more instances) share it. */
  static HostTool mergedTool(ToolDefinition tool, List<Binding> owners) {
    ObjectNode parameters = tool.parameters().deepCopy();
    ObjectNode properties =
        parameters.get("properties") instanceof ObjectNode existing
            ? existing
            : parameters.putObject("properties");
    if (!parameters.has("type")) {
      parameters.put("type", "object");
    }
    ObjectNode target = properties.putObject(TARGET);
    target.put("type", "string");
    target.put("description", "Instance ID. Available: " + describe(owners));
    return new HostTool(
        tool.name(),
        tool.description(),
        parameters,
        owners.get(0).provider.name,
        tool.annotations());
  }

  /** {@code tab-a3f8 (Dashboard — MyApp), tab-b2c1 (Settings)}. */
  static String describe(List<Binding> owners) {
    return owners.stream()
        .map(b -> b.provider.instance + describeMetadata(b.provider))
        .collect(Collectors.joining(", "));
  }

  private static String describeMetadata(ProviderState provider) {
    if (provider.metadata == null || provider.metadata.isEmpty()) {
      return "";
    }
    StringBuilder text = new StringBuilder();
    for (String field : List.of("title", "label", "url")) {
      if (provider.metadata.path(field).isTextual()) {
        if (text.length() > 0) {
          text.append(" — ");
        }
        text.append(provider.metadata.get(field).textValue());
      }
    }
    return text.length() == 0 ? "" : " (" + text + ")";
  }
}
