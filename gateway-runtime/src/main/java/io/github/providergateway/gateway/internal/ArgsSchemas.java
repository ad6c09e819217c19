package io.github.providergateway.gateway.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaException;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.SpecificationVersion;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.ToolDefinition;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Deque;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Tools' argument schemas (docs/decisions, decision 28): each tool's {@code parameters} is checked
 * to be a JSON Schema when the tool is registered, and compiled once, so that a call's {@code args}
 * can be checked against it before any hook, gate or provider sees the call.
 *
 * <ul>
 *   <li>The dialect is the one the schema's {@code $schema} names (draft 4, 6, 7, 2019-09,
 *       2020-12), else 2020-12, which MCP specifies. A schema that its dialect's meta-schema
 *       refuses, whose pattern does not compile, or that names an unknown {@code $schema} is
 *       refused at registration with {@code INVALID_JSON}.
 *   <li>Nothing is ever fetched: a {@code $ref} may point only inside the schema ({@code #...}).
 *       Any other reference makes the schema invalid; no connection is opened and no file is read,
 *       and the validator is also built not to fetch.
 *   <li>Patterns run under the regex guard ({@link GuardedPatterns}), charged to the provider.
 * </ul>
 *
 * Verdicts are cached by schema content (least recently used evicted, {@value #MAX_CACHED}
 * schemas): providers of one kind declare the same schemas, and a meta-schema check costs about 25
 * µs. Loop only.
 */
final class ArgsSchemas {

  /** Schemas whose verdict (compiled schema or refusal) is kept. */
  static final int MAX_CACHED = 512;

  /** Keywords that say nothing about which objects are accepted. */
  private static final Set<String> ANNOTATIONS =
      Set.of("$schema", "$id", "$comment", "title", "description", "examples", "default");

  /** Keywords whose value is a reference to another schema. */
  private static final List<String> REFERENCES = List.of("$ref", "$dynamicRef", "$recursiveRef");

  private static final String DEFAULT_DIALECT = SpecificationVersion.DRAFT_2020_12.getDialectId();

  /** Validates schemas against their meta-schemas: fixed, trusted patterns, so no guard. */
  private final SchemaRegistry metaSchemas =
      SchemaRegistry.withDefaultDialect(
          SpecificationVersion.DRAFT_2020_12,
          builder -> builder.schemaLoader(loader -> loader.fetchRemoteResources(false)));

  /** Compiles providers' schemas: nothing fetched, patterns guarded. */
  private final SchemaRegistry toolSchemas;

  private final GuardedPatterns patterns;
  private final Map<JsonNode, Verdict> verdicts = new LinkedHashMap<>(64, 0.75f, true);

  ArgsSchemas(RegexGuard regex) {
    this.patterns = new GuardedPatterns(regex);
    SchemaRegistryConfig config =
        SchemaRegistryConfig.builder().regularExpressionFactory(patterns).build();
    this.toolSchemas =
        SchemaRegistry.withDefaultDialect(
            SpecificationVersion.DRAFT_2020_12,
            builder ->
                builder
                    .schemaRegistryConfig(config)
                    .schemaLoader(loader -> loader.fetchRemoteResources(false)));
  }

  /**
   * Refuses {@code tools} if one's {@code parameters} is not a usable JSON Schema.
   *
   * @throws ProtocolViolation {@code INVALID_JSON}, naming the tool and what is wrong
   */
  void check(Collection<ToolDefinition> tools, String sessionId) {
    for (ToolDefinition tool : tools) {
      Verdict verdict = verdict(tool.parameters());
      if (verdict.problem != null) {
        throw new ProtocolViolation(
            ErrorCode.INVALID_JSON,
            "Tool '" + tool.name() + "': parameters is not a valid JSON Schema: " + verdict.problem,
            sessionId);
      }
    }
  }

  /**
   * The compiled schema of {@code tool}; {@link ArgsSchema#ANY} for one registration refused, which
   * cannot be bound (callers cache the result per binding).
   */
  ArgsSchema compiled(ToolDefinition tool) {
    Verdict verdict = verdict(tool.parameters());
    return verdict.schema != null ? verdict.schema : ArgsSchema.ANY;
  }

  /** Runs {@code schema} over {@code args}, its patterns charged to {@code regexOwner}. */
  List<Error> validate(Schema schema, JsonNode args, RegexGuard.Allowance regexOwner) {
    patterns.begin(regexOwner);
    try {
      return schema.validate(args);
    } finally {
      patterns.end();
    }
  }

  private Verdict verdict(JsonNode parameters) {
    Verdict cached = verdicts.get(parameters);
    if (cached != null) {
      return cached;
    }
    Verdict verdict = judge(parameters);
    verdicts.put(parameters, verdict);
    if (verdicts.size() > MAX_CACHED) {
      Iterator<JsonNode> eldest = verdicts.keySet().iterator();
      eldest.next();
      eldest.remove();
    }
    return verdict;
  }

  private Verdict judge(JsonNode parameters) {
    if (acceptsAnyObject(parameters)) {
      return new Verdict(ArgsSchema.ANY, null);
    }
    String outside = referenceOutside(parameters);
    if (outside != null) {
      return new Verdict(
          null, "a reference may point only inside the schema (\"#...\"), not to " + outside);
    }
    JsonNode dialect = parameters.get("$schema");
    String dialectId =
        dialect != null && dialect.isTextual() ? dialect.textValue() : DEFAULT_DIALECT;
    try {
      Schema meta = metaSchemas.getSchema(SchemaLocation.of(dialectId));
      List<Error> errors = meta.validate(parameters);
      if (!errors.isEmpty()) {
        return new Verdict(null, ArgsSchema.describe(errors));
      }
      return new Verdict(
          new ArgsSchema(toolSchemas.getSchema(parameters), this, PlainObjectSchema.of(parameters)),
          null);
    } catch (SchemaException | IllegalArgumentException | IllegalStateException unusable) {
      // An unknown $schema, a $ref outside the schema, a pattern that does not compile.
      Throwable cause = unusable.getCause() != null ? unusable.getCause() : unusable;
      return new Verdict(null, String.valueOf(cause.getMessage()));
    }
  }

  /**
   * The first {@code $ref} (or {@code $dynamicRef}, {@code $recursiveRef}) that does not start with
   * {@code #}, or null. The validator resolves references lazily, at the first call that reaches
   * them; refusing them here makes a schema that would need a URL or a file fail at registration,
   * where the provider hears why, not at a call.
   */
  private static String referenceOutside(JsonNode schema) {
    Deque<JsonNode> pending = new ArrayDeque<>();
    pending.push(schema);
    while (!pending.isEmpty()) {
      JsonNode node = pending.pop();
      if (node.isObject()) {
        for (String keyword : REFERENCES) {
          JsonNode ref = node.get(keyword);
          if (ref != null && !(ref.isTextual() && ref.textValue().startsWith("#"))) {
            return ref.toString();
          }
        }
      }
      if (node.isContainerNode()) {
        node.elements().forEachRemaining(pending::push);
      }
    }
    return null;
  }

  /** {@code {}} or {@code {"type": "object"}}, with annotations at most: nothing to check. */
  private static boolean acceptsAnyObject(JsonNode parameters) {
    for (Iterator<Map.Entry<String, JsonNode>> fields = parameters.fields(); fields.hasNext(); ) {
      Map.Entry<String, JsonNode> field = fields.next();
      boolean objectType =
          field.getKey().equals("type") && "object".equals(field.getValue().textValue());
      boolean properties =
          field.getKey().equals("properties")
              && field.getValue().isObject()
              && field.getValue().isEmpty();
      if (!objectType && !properties && !ANNOTATIONS.contains(field.getKey())) {
        return false;
      }
    }
    return true;
  }

  /** A compiled schema, or why there is none. */
  private record Verdict(ArgsSchema schema, String problem) {}
}
