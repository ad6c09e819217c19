package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.guard.internal.RuleSpec.Example;
import io.github.providergateway.guard.internal.RuleSpec.Examples;
import io.github.providergateway.guard.internal.RuleSpec.Match;
import io.github.providergateway.guard.internal.RuleSpec.When;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The built-in rules as data: one file a family under {@code rules/} beside this class's package
 * ({@code guard/src/main/resources/io/github/providergateway/guard/rules/}), listed in order by
 * {@code families.json}, read once. Each rule is one spec ({@link RuleSpec}): id, decision per
 * preset, the reason and the safer alternative, how it matches, examples, sources. A file that does
 * not read fails the class's initialisation, and with it every guard: a book half read would be a
 * guard without some of its rules. The examples, which only tests read, are passed over then and
 * read when first asked ({@link BookFiles}).
 *
 * <p>A rule's {@code session} condition (the flow rules, {@code {"after": "untrusted"|"secret",
 * "then": "send"}}) is on what the session took in before the call; its examples give the earlier
 * calls in {@code before}. Two fields are reserved for later layers and refused while nothing reads
 * them, so a rule cannot claim a condition the guard ignores: {@code sandbox} (what an agent's
 * sandbox enforces of it) and {@code layer} (an organisation's rules above the person's).
 */
public final class RuleBook {
  private static final Set<String> RULE_FIELDS =
      NameSet.of(
          "id",
          "catastrophic",
          "presets",
          "why",
          "instead",
          "match",
          "code",
          "no-session",
          "examples",
          "sources",
          "replaces",
          "session");
  private static final Set<String> RESERVED = NameSet.of("sandbox", "layer");
  private static final Set<String> EXAMPLE_FIELDS =
      NameSet.of("command", "tool", "path", "cwd", "preset", "session", "hints", "args", "before");

  private static final Set<String> WHEN_FIELDS =
      NameSet.of(
          "program",
          "subcommand",
          "next",
          "then",
          "values",
          "any",
          "also",
          "none",
          "positionals",
          "word",
          "no-word",
          "where",
          "order",
          "call",
          "unread",
          "anywhere",
          "late",
          "reads",
          "writes",
          "deletes",
          "changes",
          "secret");

  /** The parts of a when clause that make it a clause over files ({@link RuleSpec.Files}). */
  private static final List<String> FILE_PARTS =
      List.of("reads", "writes", "deletes", "changes", "secret");

  /** What each flow rule's {@code session} condition says the session took in before: by id. */
  private static final Map<String, String> SESSION_AFTER = new LinkedHashMap<>();

  private static final Map<String, RuleSpec> SPECS;

  /** The book's files, read by the specs at load and by the examples when a test asks. */
  private static final BookFiles FILES = new BookFiles(new ObjectMapper());

  /** The examples of each family read so far, by rule id ({@link #examplesOf}). */
  private static final Map<String, Map<String, Examples>> EXAMPLES = new ConcurrentHashMap<>();

  /** The specs in the book's order, the list {@link #specs} gives. */
  private static final List<RuleSpec> SPEC_LIST;

  private static final List<String> FAMILIES;

  /** The rules that took over each retired id ({@code "replaces"}), in the book's order. */
  private static final Map<String, List<BuiltinRule>> REPLACED;

  static {
    // The digest the build wrote from this book (decision 329), else the book's JSON read now.
    BookDigest.Book book = BookDigest.built(RuleBook::examplesFrom);
    if (book == null) {
      book = fromFiles(FILES.familiesWithoutExamples());
    }
    Map<String, RuleSpec> specs = new LinkedHashMap<>();
    for (RuleSpec spec : book.specs()) {
      if (specs.put(spec.rule().id(), spec) != null) {
        throw new IllegalStateException("two rules are " + spec.rule().id());
      }
    }
    List<String> families = book.families();
    SESSION_AFTER.putAll(book.sessions());
    SPECS = Collections.unmodifiableMap(specs);
    SPEC_LIST = List.copyOf(specs.values());
    FAMILIES = List.copyOf(families);
    Map<String, List<BuiltinRule>> replaced = new LinkedHashMap<>();
    for (RuleSpec spec : specs.values()) {
      for (String old : spec.replaces()) {
        if (specs.containsKey(old)) {
          // An id is either a rule or retired: an allow list naming it must mean one thing.
          throw new IllegalStateException(spec.rule().id() + " replaces " + old + ", still a rule");
        }
        replaced.computeIfAbsent(old, o -> new ArrayList<>()).add(spec.rule());
      }
    }
    replaced.replaceAll((old, rules) -> List.copyOf(rules));
    REPLACED = Collections.unmodifiableMap(replaced);
  }

  private RuleBook() {}

  /**
   * The book read from its families' JSON, each rule checked as {@link #spec} checks it: what the
   * build digests ({@link BookDigest}), and what a guard reads where its classes hold no digest.
   *
   * @param files each family's file without its examples, by family name, in the book's order
   * @return the book
   */
  static BookDigest.Book fromFiles(Map<String, JsonNode> files) {
    List<String> families = new ArrayList<>();
    List<RuleSpec> specs = new ArrayList<>();
    Map<String, String> sessions = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> family : files.entrySet()) {
      String name = family.getKey();
      families.add(name);
      JsonNode file = family.getValue();
      if (!name.equals(file.path("family").asText())) {
        throw new IllegalStateException(name + ".json: its family is not " + name);
      }
      for (JsonNode rule : file.path("rules")) {
        RuleSpec spec = spec(name, rule);
        specs.add(spec);
        JsonNode session = rule.get("session");
        if (session != null) {
          sessions.put(spec.rule().id(), session.get("after").asText());
        }
      }
    }
    return new BookDigest.Book(List.copyOf(families), List.copyOf(specs), sessions);
  }

  /** Where a rule's examples are found: its family's file, read whole when a test first asks. */
  private static java.util.function.Supplier<Examples> examplesFrom(String family, String id) {
    return () -> examplesOf(family).get(id);
  }

  /**
   * The rule of an id, for the family that finds it.
   *
   * @param id the id
   * @return the rule
   * @throws IllegalStateException when the book has no such rule
   */
  public static BuiltinRule rule(String id) {
    RuleSpec spec = SPECS.get(id);
    if (spec == null) {
      throw new IllegalStateException("the rule book has no rule " + id);
    }
    return spec.rule();
  }

  /**
   * The rules whose spec names a family class's code as what finds them.
   *
   * @param code the class's simple name ({@code FileRules})
   * @return the rules, in the book's order; empty for none
   */
  public static List<BuiltinRule> foundBy(String code) {
    List<BuiltinRule> out = new ArrayList<>();
    for (RuleSpec spec : SPECS.values()) {
      if (code.equals(spec.matches().code())) {
        out.add(spec.rule());
      }
    }
    return out;
  }

  /**
   * {@return every rule's spec, by family in the book's order} One list, not a copy a call: the
   * catalogue asks for it some thirty times as the first guard starts.
   */
  public static List<RuleSpec> specs() {
    return SPEC_LIST;
  }

  /**
   * The spec of an id.
   *
   * @param id the id
   * @return its spec
   * @throws IllegalStateException when the book has no such rule
   */
  static RuleSpec specOf(String id) {
    RuleSpec spec = SPECS.get(id);
    if (spec == null) {
      throw new IllegalStateException(id + " is not in the rule book");
    }
    return spec;
  }

  /**
   * The rules that took over a retired id: a person's allow list written before the rename still
   * names it, and must go on allowing what it allowed.
   *
   * @param id an id that is no rule of the book any more ({@code system.publish})
   * @return the rules whose spec says they replace it, in the book's order; empty for none
   */
  public static List<BuiltinRule> replacing(String id) {
    return REPLACED.getOrDefault(id, List.of());
  }

  /**
   * What a flow rule's {@code session} condition says the session took in before the call.
   *
   * @param id a flow rule's id
   * @return {@code untrusted} or {@code secret}
   * @throws IllegalStateException when the rule has no session condition
   */
  public static String sessionAfter(String id) {
    String after = SESSION_AFTER.get(id);
    if (after == null) {
      throw new IllegalStateException(id + " has no session condition");
    }
    return after;
  }

  /** {@return the families, in the book's order} */
  public static List<String> families() {
    return FAMILIES;
  }

  /**
   * A family's examples, by rule id: its file read whole, once, when a test first asks (no decision
   * reads them).
   */
  private static Map<String, Examples> examplesOf(String family) {
    return EXAMPLES.computeIfAbsent(
        family,
        name -> {
          Map<String, Examples> byId = new LinkedHashMap<>();
          JsonNode file = FILES.whole(name + ".json");
          for (JsonNode rule : file.path("rules")) {
            String id = rule.path("id").asText();
            byId.put(id, examples(id, rule.path("examples")));
          }
          return Collections.unmodifiableMap(byId);
        });
  }

  static RuleSpec spec(String family, JsonNode rule) {
    String id = text(rule, "id", null);
    if (id == null || !id.startsWith(family + ".")) {
      throw new IllegalStateException(family + ".json: a rule's id must start with " + family);
    }
    for (Iterator<String> names = rule.fieldNames(); names.hasNext(); ) {
      String field = names.next();
      if (RESERVED.contains(field)) {
        throw new IllegalStateException(
            id + ": '" + field + "' is reserved for a later layer and not read yet");
      }
      if (!RULE_FIELDS.contains(field)) {
        throw new IllegalStateException(id + ": unknown field '" + field + "'");
      }
    }
    String why = text(rule, "why", id);
    String instead = text(rule, "instead", null);
    BuiltinRule builtin =
        rule.path("catastrophic").asBoolean(false)
            ? BuiltinRule.catastrophic(id, family, why, instead)
            : BuiltinRule.of(id, family, actions(id, rule.path("presets")), why, instead);
    JsonNode session = rule.get("session");
    if (session != null) {
      String after = text(session, "after", null);
      if (!"untrusted".equals(after) && !"secret".equals(after)
          || !"send".equals(text(session, "then", null))
          || session.size() != 2) {
        throw new IllegalStateException(
            id + ": session is {\"after\": \"untrusted\" or \"secret\", \"then\": \"send\"}");
      }
    }
    String noSession = text(rule, "no-session", null);
    if ("deny".equals(noSession)) {
      builtin = builtin.denyingWithoutSession();
    } else if (noSession != null) {
      throw new IllegalStateException(id + ": no-session is deny, or absent");
    }
    JsonNode examples = rule.get("examples");
    Examples given = examples == null ? null : examples(id, examples);
    return new RuleSpec(
        builtin,
        match(id, rule),
        given != null ? () -> given : examplesFrom(family, id),
        text(rule, "sources", null),
        texts(id, rule.path("replaces")));
  }

  private static String actions(String id, JsonNode presets) {
    StringBuilder actions = new StringBuilder();
    for (String preset : List.of("standard", "strict", "paranoid")) {
      actions.append(
          switch (presets.path(preset).asText("")) {
            case "deny" -> 'D';
            case "ask" -> 'A';
            case "off" -> '-';
            default ->
                throw new IllegalStateException(
                    id + ": presets." + preset + " is deny, ask or off");
          });
    }
    return actions.toString();
  }

  private static Match match(String id, JsonNode rule) {
    JsonNode match = rule.get("match");
    String code = text(rule, "code", null);
    if ((match == null) == (code == null)) {
      throw new IllegalStateException(id + ": a rule has a 'match' or names its 'code', not both");
    }
    if (code != null) {
      return new Match(code, List.of(), List.of(), List.of());
    }
    List<String> commands = texts(id, match.path("commands"));
    List<When> when = new ArrayList<>();
    for (JsonNode clause : match.path("when")) {
      when.add(when(id, clause));
    }
    if (commands.isEmpty() == when.isEmpty()) {
      throw new IllegalStateException(id + ": match has its commands or its when clauses");
    }
    List<String> unless = texts(id, match.path("unless"));
    if (!when.isEmpty()) {
      if (!unless.isEmpty()) {
        throw new IllegalStateException(id + ": unless goes with commands, not with when");
      }
      return new Match(null, commands, unless, when);
    }
    return new Match(null, commands, unless, List.of());
  }

  private static When when(String id, JsonNode clause) {
    for (Iterator<String> names = clause.fieldNames(); names.hasNext(); ) {
      String field = names.next();
      if (!WHEN_FIELDS.contains(field)) {
        throw new IllegalStateException(id + ": a when clause's unknown field '" + field + "'");
      }
    }
    String where = text(clause, "where", null);
    RuleSpec.Files files = files(id, clause);
    List<String> programs = oneOrMore(id, clause.path("program"));
    boolean call = clause.path("call").asBoolean(false);
    List<String> unread = oneOrMore(id, clause.path("unread"));
    int kinds =
        (programs.isEmpty() && files == null ? 0 : 1) + (call ? 1 : 0) + (unread.isEmpty() ? 0 : 1);
    if (kinds == 0) {
      throw new IllegalStateException(id + ": a when clause names its program");
    }
    if (kinds > 1) {
      throw new IllegalStateException(id + ": a when clause names one of program, call and unread");
    }
    if (call && (where == null || clause.size() != 2)) {
      throw new IllegalStateException(id + ": a clause on the call has its where and no more");
    }
    for (Iterator<String> names = clause.fieldNames(); !unread.isEmpty() && names.hasNext(); ) {
      String field = names.next();
      if (!Set.of("unread", "where", "order").contains(field)) {
        throw new IllegalStateException(id + ": a clause on what was not read has no " + field);
      }
    }
    return new When(
        files != null && programs.isEmpty() ? List.of("*") : programs,
        oneOrMore(id, clause.path("subcommand")),
        oneOrMore(id, clause.path("next")),
        oneOrMore(id, clause.path("then")),
        texts(id, clause.path("values")),
        texts(id, clause.path("any")),
        texts(id, clause.path("also")),
        texts(id, clause.path("none")),
        clause.path("positionals").asInt(0),
        oneOrMore(id, clause.path("word")),
        oneOrMore(id, clause.path("no-word")),
        where,
        clause.path("order").asInt(0),
        call,
        unread,
        clause.path("anywhere").asBoolean(false),
        clause.path("late").asBoolean(false),
        files);
  }

  /**
   * The files part of a when clause ({@code "writes": {"place": "system-folder"}}), or {@code null}
   * for a clause over a program alone. Such a clause gives the files part and at most the programs
   * that access them: a subcommand's parts read a program, not a file.
   */
  private static RuleSpec.Files files(String id, JsonNode clause) {
    RuleSpec.Files files = null;
    for (String kind : FILE_PARTS) {
      JsonNode part = clause.get(kind);
      if (part == null) {
        continue;
      }
      if (files != null) {
        throw new IllegalStateException(id + ": a when clause has one of " + FILE_PARTS);
      }
      for (Iterator<String> names = part.fieldNames(); names.hasNext(); ) {
        String field = names.next();
        if (!List.of("place", "places", "metadata", "shell-writes").contains(field)) {
          throw new IllegalStateException(
              id + ": " + kind + " has a place or places, and metadata, not " + field);
        }
      }
      String place = text(part, "place", null);
      List<String> places = texts(id, part.path("places"));
      if ((place == null) == places.isEmpty()) {
        throw new IllegalStateException(id + ": " + kind + " names a place or lists places");
      }
      files =
          new RuleSpec.Files(
              kind,
              place,
              places,
              part.path("metadata").asBoolean(true),
              part.path("shell-writes").asBoolean(true));
    }
    if (files != null) {
      for (Iterator<String> names = clause.fieldNames(); names.hasNext(); ) {
        String field = names.next();
        if (!FILE_PARTS.contains(field) && !field.equals("program") && !field.equals("order")) {
          throw new IllegalStateException(
              id + ": a when clause over files gives no '" + field + "'");
        }
      }
    }
    return files;
  }

  /** A text, or a list of them. */
  private static List<String> oneOrMore(String id, JsonNode node) {
    return node.isTextual() ? List.of(node.asText()) : texts(id, node);
  }

  private static Examples examples(String id, JsonNode examples) {
    return new Examples(
        exampleList(id, examples.path("deny")),
        exampleList(id, examples.path("ask")),
        exampleList(id, examples.path("allow")));
  }

  private static List<Example> exampleList(String id, JsonNode list) {
    List<Example> out = new ArrayList<>();
    for (JsonNode example : list) {
      if (example.isTextual()) {
        out.add(new Example("shell", example.asText(), null, null, true, null));
        continue;
      }
      for (Iterator<String> names = example.fieldNames(); names.hasNext(); ) {
        String field = names.next();
        if (!EXAMPLE_FIELDS.contains(field)) {
          throw new IllegalStateException(id + ": an example's unknown field '" + field + "'");
        }
      }
      String command = text(example, "command", null);
      String tool = text(example, "tool", null);
      tool = tool == null && command != null ? "shell" : tool;
      String what = command != null ? command : text(example, "path", null);
      JsonNode hints = example.get("hints");
      JsonNode args = example.get("args");
      if (tool == null || what == null && hints == null && args == null) {
        throw new IllegalStateException(
            id + ": an example has a command, a tool and a path, or a tool and its hints");
      }
      out.add(
          new Example(
              tool,
              what,
              text(example, "cwd", null),
              text(example, "preset", null),
              example.path("session").asBoolean(true),
              hints == null ? null : hints(hints),
              args == null ? null : args.deepCopy(),
              exampleList(id, example.path("before"))));
    }
    return out;
  }

  /**
   * A provider's tool's declared hints: {@code destructive}, {@code readOnly}, {@code openWorld},
   * {@code trust}.
   */
  private static CallForRules.Hints hints(JsonNode hints) {
    return new CallForRules.Hints(
        hints.has("destructive") ? hints.get("destructive").asBoolean() : null,
        hints.has("readOnly") ? hints.get("readOnly").asBoolean() : null,
        hints.has("openWorld") ? hints.get("openWorld").asBoolean() : null,
        hints.has("provider") ? hints.get("provider").asText() : "example",
        hints.has("trust") ? hints.get("trust").asText() : null);
  }

  private static List<String> texts(String id, JsonNode list) {
    List<String> out = new ArrayList<>();
    for (JsonNode item : list) {
      if (!item.isTextual()) {
        throw new IllegalStateException(id + ": a list holds something not a text: " + item);
      }
      out.add(item.asText());
    }
    return out;
  }

  private static String text(JsonNode node, String field, String requiredBy) {
    JsonNode value = node.get(field);
    if (value == null || value.isNull()) {
      if (requiredBy != null) {
        throw new IllegalStateException(requiredBy + ": '" + field + "' is required");
      }
      return null;
    }
    return value.asText();
  }
}
