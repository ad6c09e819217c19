package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The service verbs' lexicon (decision 94) as data: the book's {@code rules/service-verbs.json},
 * read once, each row checked (an unknown field or class, a program named twice, fails the first
 * guard). {@link ServiceVerbs} reads a program by it, {@link ServiceLibraryCalls} inline code.
 */
final class ServiceLexicon {
  static final String RESOURCE = "/io/github/providergateway/guard/rules/service-verbs.json";

  /** A phrase: parts among the command words' parts, options among the program's, words with =. */
  record Phrase(List<String> parts, List<String> options, List<String> words) {}

  /** A class of verbs: its name, its phrases, whether it counts only where production is named. */
  record VerbClass(String name, List<Phrase> phrases, boolean production) {}

  /**
   * A count of machines or jobs: these options' number (or range's size) over {@code over}, where a
   * word of the program holds one of {@code with} (a GPU machine type), if any is given.
   */
  record Fleet(Set<String> options, long over, List<String> with) {}

  /** A service's row: where its verb stands, which classes its verbs are of, what is local. */
  record Service(
      int depth,
      int groups,
      Set<String> values,
      Set<String> first,
      List<VerbClass> classes,
      Set<String> except,
      Set<String> skip,
      List<String> soft,
      boolean production,
      List<Fleet> fleet,
      List<String> paths,
      Set<String> targets,
      List<String> address) {}

  /** The lexicon: each program's row, the words that read, the options that make a dry run. */
  record Lexicon(
      Map<String, Service> byProgram, List<Sdk> sdks, Set<String> reads, Set<String> unless) {}

  /**
   * A service's library as inline code calls it: the words that say the code uses it ({@code
   * boto3}, {@code huggingface_hub}), and its row, whose phrases are read from the names of the
   * methods the code calls ({@code .purchase_reserved_instances_offering(}, {@code .deleteUsers(}).
   */
  record Sdk(List<String> anchors, Service service) {}

  /** A row's fields: anything else is a mistake the first guard refuses. */
  private static final Set<String> ROW_FIELDS =
      NameSet.of(
          "programs",
          "depth",
          "groups",
          "values",
          "first",
          "only",
          "verbs",
          "add",
          "except",
          "skip",
          "soft",
          "production",
          "fleet",
          "paths",
          "targets",
          "address",
          "anchors");

  /** The book's lexicon, read at the first guard. */
  static final Lexicon LEXICON;

  static {
    try (InputStream in = ServiceLexicon.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException("the guard's rule book has no service-verbs.json");
      }
      LEXICON = read(new ObjectMapper().readTree(in));
    } catch (IOException e) {
      throw new UncheckedIOException("service-verbs.json does not read", e);
    }
  }

  private ServiceLexicon() {}

  /**
   * Reads a lexicon, refusing what it cannot mean: no classes, a row's unknown field or class, a
   * program named twice, a row without programs.
   *
   * @param book the lexicon's JSON
   * @return the lexicon
   */
  static Lexicon read(JsonNode book) {
    Map<String, VerbClass> common = new LinkedHashMap<>();
    for (JsonNode row : book.path("classes")) {
      String name = row.path("name").asText();
      common.put(
          name,
          new VerbClass(name, phrases(row.path("phrases")), row.path("production").asBoolean()));
    }
    if (common.isEmpty()) {
      throw new IllegalStateException("service-verbs.json has no classes");
    }
    long fleetSize = book.path("fleetSize").asLong(16);
    Map<String, Service> byProgram = new HashMap<>();
    for (JsonNode row : book.path("services")) {
      Service service = service(row, common, fleetSize);
      List<String> programs = texts(row.path("programs"));
      if (programs.isEmpty()) {
        throw new IllegalStateException("service-verbs.json: a row names no program: " + row);
      }
      for (String program : programs) {
        if (byProgram.put(program, service) != null) {
          throw new IllegalStateException("service-verbs.json names " + program + " twice");
        }
      }
    }
    List<Sdk> sdks = new ArrayList<>();
    for (JsonNode row : book.path("sdks")) {
      List<String> anchors = texts(row.path("anchors"));
      if (anchors.isEmpty()) {
        throw new IllegalStateException("service-verbs.json: an sdk names no anchor: " + row);
      }
      sdks.add(new Sdk(anchors, service(row, common, fleetSize)));
    }
    return new Lexicon(
        Map.copyOf(byProgram),
        List.copyOf(sdks),
        Set.copyOf(texts(book.path("reads"))),
        Set.copyOf(texts(book.path("unless"))));
  }

  private static Service service(JsonNode row, Map<String, VerbClass> common, long fleetSize) {
    for (java.util.Iterator<String> names = row.fieldNames(); names.hasNext(); ) {
      String field = names.next();
      if (!ROW_FIELDS.contains(field)) {
        throw new IllegalStateException(
            "service-verbs.json: a row's unknown field '" + field + "': " + row.path("programs"));
      }
    }
    JsonNode verbs = row.get("verbs");
    JsonNode only = row.get("only");
    Set<String> kept = only == null ? common.keySet() : Set.copyOf(texts(only));
    JsonNode own = verbs != null ? verbs : row.path("add");
    Set<String> named = new java.util.HashSet<>(kept);
    own.fieldNames().forEachRemaining(named::add);
    for (String name : named) {
      if (!common.containsKey(name)) {
        throw new IllegalStateException(
            "service-verbs.json: no class '" + name + "': " + row.path("programs"));
      }
    }
    List<VerbClass> classes = new ArrayList<>();
    for (VerbClass verbClass : common.values()) {
      List<Phrase> phrases = new ArrayList<>();
      if (verbs == null && kept.contains(verbClass.name())) {
        phrases.addAll(verbClass.phrases());
      }
      phrases.addAll(phrases(own.path(verbClass.name())));
      if (!phrases.isEmpty()) {
        classes.add(new VerbClass(verbClass.name(), List.copyOf(phrases), verbClass.production()));
      }
    }
    List<Fleet> fleet = new ArrayList<>();
    for (JsonNode count : row.path("fleet")) {
      fleet.add(
          new Fleet(
              Set.copyOf(texts(count.path("options"))),
              count.path("over").asLong(fleetSize),
              texts(count.path("with"))));
    }
    return new Service(
        row.path("depth").asInt(2),
        row.path("groups").asInt(0),
        Set.copyOf(texts(row.path("values"))),
        Set.copyOf(texts(row.path("first"))),
        List.copyOf(classes),
        Set.copyOf(texts(row.path("except"))),
        Set.copyOf(texts(row.path("skip"))),
        texts(row.path("soft")),
        row.path("production").asBoolean(),
        List.copyOf(fleet),
        texts(row.path("paths")),
        Set.copyOf(texts(row.path("targets"))),
        texts(row.path("address")));
  }

  static List<Phrase> phrases(JsonNode list) {
    List<Phrase> out = new ArrayList<>();
    for (JsonNode phrase : list) {
      List<String> parts = new ArrayList<>();
      List<String> options = new ArrayList<>();
      List<String> words = new ArrayList<>();
      for (String element : phrase.asText().toLowerCase(Locale.ROOT).split(" ")) {
        if (element.startsWith("-")) {
          options.add(element);
        } else if (element.contains("=")) {
          words.add(element);
        } else {
          parts.add(element);
        }
      }
      out.add(new Phrase(List.copyOf(parts), List.copyOf(options), List.copyOf(words)));
    }
    return out;
  }

  private static List<String> texts(JsonNode list) {
    List<String> out = new ArrayList<>();
    for (JsonNode item : list) {
      out.add(item.asText());
    }
    return List.copyOf(out);
  }
}
