package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.guard.shell.Word;
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
 * The service command lines' verb lexicon (decision 94): the book's {@code
 * rules/service-verbs.json}, read once, and the predicates the {@code services.*} rules ask of it
 * ({@code service-destroys}, {@code service-turns-off}, {@code service-spends}, {@code
 * service-publishes}, {@code service-exports}). A program no row names costs one lookup; a row's
 * program is read a word at a time over its first words: no pattern, nothing from the disk.
 */
final class ServiceVerbs {
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
      Set.of(
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

  private static final Lexicon LEXICON;

  static {
    try (InputStream in = ServiceVerbs.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException("the guard's rule book has no service-verbs.json");
      }
      LEXICON = read(new ObjectMapper().readTree(in));
    } catch (IOException e) {
      throw new UncheckedIOException("service-verbs.json does not read", e);
    }
  }

  private ServiceVerbs() {}

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

  private static List<Phrase> phrases(JsonNode list) {
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

  /** Adds the predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    for (String name : List.of("destroys", "turns-off", "spends", "publishes", "exports")) {
      named.put("service-" + name, (scan, step, read) -> is(name, scan, step));
      named.put("service-code-" + name, (scan, step, read) -> codeIs(name, scan, step));
    }
  }

  private static boolean codeIs(String name, Scan scan, Step step) {
    Object[] last = lastCode;
    String found;
    if (last != null && last[0] == step && last[1] == scan) {
      found = (String) last[2];
    } else {
      String code = InterpreterCode.of(step);
      found = code == null ? null : classOfCode(code, scan, step);
      lastCode = new Object[] {step, scan, found};
    }
    return found != null && ruleOf(found).equals(name);
  }

  /** The last interpreter read for a library's calls, its call, and their class: as lastStep. */
  private static volatile Object[] lastCode;

  /** How many method calls of one inline code are read: past them, the rest is not. */
  private static final int CALLS_READ = 512;

  /**
   * The class of inline code's calls to a service's library, or {@code null}: the first call (a
   * method's name after a dot, before a parenthesis) one of whose library's phrases it meets, the
   * phrase's parts among the name's, its words with = in the code (blanks aside, lower-cased);
   * unless the class counts only in production and nothing names it, or the code talks to an
   * emulator ({@code FIREBASE_AUTH_EMULATOR_HOST}).
   */
  static String classOfCode(String code, Scan scan, Step step) {
    String flat = null;
    List<String> names = null;
    for (Sdk sdk : LEXICON.sdks()) {
      if (!holdsAnchor(code, sdk.anchors())) {
        continue;
      }
      if (names == null) {
        names = calls(code);
        flat = code.replace(" ", "").toLowerCase(Locale.ROOT);
      }
      Service service = sdk.service();
      for (String name : names) {
        List<String> parts = new ArrayList<>(split(name));
        if (LEXICON.reads().contains(parts.get(0))) {
          continue;
        }
        parts.removeAll(service.except());
        for (VerbClass verbClass : service.classes()) {
          if (meetsCall(verbClass.phrases(), parts, flat)) {
            boolean production = service.production() || verbClass.production();
            String source = scan.source();
            if (production && !Environments.production(scan, step)
                || code.contains("_EMULATOR_HOST")
                || source != null && source.contains("_EMULATOR_HOST=")) {
              return null;
            }
            return verbClass.name();
          }
        }
      }
    }
    return null;
  }

  private static boolean holdsAnchor(String code, List<String> anchors) {
    for (String anchor : anchors) {
      if (code.contains(anchor)) {
        return true;
      }
    }
    return false;
  }

  private static boolean meetsCall(List<Phrase> phrases, List<String> parts, String flat) {
    for (Phrase phrase : phrases) {
      if (phrase.options().isEmpty()
          && !phrase.parts().isEmpty()
          && parts.containsAll(phrase.parts())) {
        boolean words = true;
        for (String word : phrase.words()) {
          words &= flat.contains(word);
        }
        if (words) {
          return true;
        }
      }
    }
    return false;
  }

  /** The names of the methods the code calls: {@code .name(} or {@code .name (}, in its order. */
  static List<String> calls(String code) {
    List<String> names = new ArrayList<>();
    for (int dot = code.indexOf('.'); dot >= 0 && names.size() < CALLS_READ; ) {
      int end = dot + 1;
      while (end < code.length()
          && (Character.isLetterOrDigit(code.charAt(end)) || code.charAt(end) == '_')) {
        end++;
      }
      int paren = end;
      while (paren < code.length() && code.charAt(paren) == ' ') {
        paren++;
      }
      if (end > dot + 1 && paren < code.length() && code.charAt(paren) == '(') {
        names.add(code.substring(dot + 1, end));
      }
      dot = code.indexOf('.', end > dot + 1 ? end : dot + 1);
    }
    return names;
  }

  /** The rules' names for the lexicon's classes: releases are published, as publishes are. */
  private static String ruleOf(String verbClass) {
    return verbClass.equals("releases") ? "publishes" : verbClass;
  }

  private static boolean is(String name, Scan scan, Step step) {
    Service service = LEXICON.byProgram().get(step.program());
    if (service == null) {
      return false; // most programs: one lookup
    }
    Object[] last = lastStep; // the five rules ask of the same program in turn: read it once
    String found;
    if (last != null && last[0] == step && last[1] == scan) {
      found = (String) last[2];
    } else {
      found = classOf(service, scan, step);
      lastStep = new Object[] {step, scan, found};
    }
    return found != null && ruleOf(found).equals(name);
  }

  /** The last program read, its call, and its class (or null): {Step, Scan, String}. */
  private static volatile Object[] lastStep;

  /**
   * The class of a service's call, or {@code null}: the first class one of whose phrases it meets,
   * or spending where it counts a fleet, unless it reads, is a dry run or help, works on local test
   * data, or its class counts only in production and nothing of the call names it.
   */
  static String classOf(Service service, Scan scan, Step step) {
    List<Word> args = step.args();
    List<String> parts = commandParts(service, args);
    if (parts == null) {
      return null;
    }
    List<String> words = new ArrayList<>(args.size());
    for (Word word : args) {
      String text = word.text();
      if (text.equals("--")) {
        break; // what follows is no option of the program's
      }
      words.add(text.toLowerCase(Locale.ROOT));
    }
    for (String word : words) {
      if (LEXICON.unless().contains(word)
          || word.startsWith("--dry-run=") && !word.endsWith("=false")) {
        return null;
      }
    }
    if (!service.soft().isEmpty() && service.soft().contains(commandWords(service, args))) {
      return null; // a delete the service takes back (vault kv delete: kv undelete)
    }
    String found = null;
    boolean production = service.production();
    for (VerbClass verbClass : service.classes()) {
      if (meets(verbClass.phrases(), parts, words)) {
        found = verbClass.name();
        production |= verbClass.production();
        break;
      }
    }
    if (found == null && countsFleet(service, words)) {
      found = "spends";
    }
    if (found == null
        || production && !Environments.production(scan, step)
        || local(service, scan, step, words)) {
      return null;
    }
    return found;
  }

  /**
   * The parts of the command words where the verb stands, or {@code null} where it is no command of
   * the row's (a {@code first} word missing, a skipped group, a read).
   */
  private static List<String> commandParts(Service service, List<Word> args) {
    List<String> parts = new ArrayList<>();
    boolean firstSeen = service.first().isEmpty();
    int taken = 0;
    for (int i = 0; i < args.size() && taken < service.depth(); i++) {
      Word word = args.get(i);
      String text = word.text();
      if (text.equals("--")) {
        break;
      }
      if (text.startsWith("-")) {
        String name = undashed(text);
        if (!name.contains("=") && service.values().contains(name)) {
          i++; // the option's value
        }
        continue;
      }
      if (!firstSeen) {
        String base = text.substring(text.lastIndexOf('/') + 1);
        if (!service.first().contains(base)) {
          return null;
        }
        firstSeen = true;
        continue;
      }
      if (!word.literal() || !commandWord(text)) {
        // A path, an assignment, a value the guard cannot know: the verb came before, or is the
        // path's where the service's API names it (vault write sys/seal, transit/keys/k/trim).
        if (word.literal()) {
          pathVerbs(service, text, parts);
        }
        break;
      }
      List<String> own = split(text);
      if (taken >= service.groups()) {
        if (taken == service.groups() && service.skip().contains(own.get(0))) {
          return null;
        }
        if (LEXICON.reads().contains(own.get(0))) {
          return null;
        }
        for (String part : own) {
          if (!service.except().contains(part)) {
            parts.add(part);
          }
        }
      }
      taken++;
    }
    return firstSeen ? parts : null;
  }

  /**
   * Adds the verb parts of a path under one of the row's prefixes: its first three names after the
   * prefix ({@code sys/seal}, {@code sys/leases/revoke-prefix/aws}, {@code
   * transit/keys/payments/trim}, {@code auth/token/revoke-orphan}).
   */
  private static void pathVerbs(Service service, String path, List<String> parts) {
    for (String prefix : service.paths()) {
      if (path.startsWith(prefix)) {
        int names = 0;
        int start = prefix.length();
        while (start < path.length() && names < 3) {
          int slash = path.indexOf('/', start);
          String name = path.substring(start, slash < 0 ? path.length() : slash);
          if (commandWord(name)) {
            parts.addAll(split(name));
          }
          names++;
          start = slash < 0 ? path.length() : slash + 1;
        }
        return;
      }
    }
  }

  /** The command words where the verb stands, as written, lower-cased and joined by blanks. */
  private static String commandWords(Service service, List<Word> args) {
    StringBuilder words = new StringBuilder();
    int taken = 0;
    for (int i = 0; i < args.size() && taken < service.depth(); i++) {
      String text = args.get(i).text();
      if (text.startsWith("-")) {
        if (!text.contains("=") && service.values().contains(undashed(text))) {
          i++;
        }
        continue;
      }
      if (!commandWord(text)) {
        break;
      }
      words.append(taken == 0 ? "" : " ").append(text.toLowerCase(Locale.ROOT));
      taken++;
    }
    return words.toString();
  }

  /** A word made of letters, digits and {@code - _ : .}, starting with a letter. */
  private static boolean commandWord(String text) {
    if (text.isEmpty() || !Character.isLetter(text.charAt(0))) {
      return false;
    }
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (!(Character.isLetterOrDigit(c) || c == '-' || c == '_' || c == ':' || c == '.')) {
        return false;
      }
    }
    return true;
  }

  /**
   * A command word's parts: split at {@code - _ : .} and where a lower-case letter meets an upper.
   */
  static List<String> split(String text) {
    List<String> parts = new ArrayList<>();
    int start = 0;
    for (int i = 0; i <= text.length(); i++) {
      boolean end = i == text.length();
      char c = end ? ' ' : text.charAt(i);
      boolean cut =
          end
              || c == '-'
              || c == '_'
              || c == ':'
              || c == '.'
              || i > start && Character.isUpperCase(c) && Character.isLowerCase(text.charAt(i - 1));
      if (cut) {
        if (i > start) {
          parts.add(text.substring(start, i).toLowerCase(Locale.ROOT));
        }
        start = Character.isUpperCase(c) ? i : i + 1;
      }
    }
    return parts.isEmpty() ? List.of("") : parts;
  }

  private static boolean meets(List<Phrase> phrases, List<String> parts, List<String> words) {
    for (Phrase phrase : phrases) {
      if (parts.containsAll(phrase.parts())
          && words.containsAll(phrase.words())
          && hasOptions(phrase.options(), words)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether every option is given: {@code --all} as {@code --all} or {@code --all=…}, {@code -c}
   * also in a cluster ({@code -cf}), and an option with its value ({@code --sync-policy=none}) as
   * one word or as two.
   */
  private static boolean hasOptions(List<String> options, List<String> words) {
    for (String option : options) {
      boolean given = false;
      int eq = option.indexOf('=');
      for (int i = 0; i < words.size() && !given; i++) {
        String word = words.get(i);
        given =
            eq > 0
                ? word.equals(option)
                    || i + 1 < words.size()
                        && word.equals(option.substring(0, eq))
                        && words.get(i + 1).equals(option.substring(eq + 1))
                : word.equals(option)
                    || word.startsWith(option + "=")
                    || option.length() == 2
                        && !option.equals("--")
                        && word.startsWith(option)
                        && !word.startsWith("--");
      }
      if (!given) {
        return false;
      }
    }
    return true;
  }

  /** Whether one of the row's fleet options counts more machines or jobs than its size. */
  private static boolean countsFleet(Service service, List<String> words) {
    for (Fleet fleet : service.fleet()) {
      if (!fleet.with().isEmpty() && !holdsOne(words, fleet.with())) {
        continue;
      }
      for (int i = 0; i < words.size(); i++) {
        String word = words.get(i);
        if (!word.startsWith("-")) {
          continue;
        }
        String name = undashed(word);
        String value = null;
        int eq = name.indexOf('=');
        if (eq > 0 && fleet.options().contains(name.substring(0, eq))) {
          value = name.substring(eq + 1);
        } else if (fleet.options().contains(name) && i + 1 < words.size()) {
          value = words.get(i + 1);
        }
        if (value != null && size(value) > fleet.over()) {
          return true;
        }
      }
    }
    return false;
  }

  private static boolean holdsOne(List<String> words, List<String> parts) {
    for (String word : words) {
      for (String part : parts) {
        if (word.contains(part)) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * How many a count says: a number ({@code 32}), or the size of a range or of ranges ({@code
   * 0-4999}, {@code 1-100,200-300:2%50}: the step and the limit aside); {@code -1} for what is not.
   */
  static long size(String value) {
    int cut = value.indexOf('%');
    String list = cut >= 0 ? value.substring(0, cut) : value;
    long total = 0;
    for (String item : list.split(",", 64)) {
      int colon = item.indexOf(':');
      String range = colon >= 0 ? item.substring(0, colon) : item;
      int dash = range.indexOf('-', 1);
      try {
        if (dash > 0) {
          long low = Long.parseLong(range.substring(0, dash));
          long high = Long.parseLong(range.substring(dash + 1));
          total += Math.max(0, high - low + 1);
        } else if (!range.isEmpty()) {
          total += Long.parseLong(range);
        }
      } catch (NumberFormatException e) {
        return -1; // not a count: a name, a variable the guard cannot know
      }
    }
    return total;
  }

  /**
   * Whether the call works on local test data: a store of this machine only ({@link
   * Environments#localTestData}), a row's target option whose value is this machine's (a local
   * host, a local cluster, a path under {@code /tmp}), or its address variable assigned such a
   * value in the command ({@code VAULT_ADDR=http://127.0.0.1:8200}).
   */
  private static boolean local(Service service, Scan scan, Step step, List<String> words) {
    if (Environments.localTestData(scan, step)) {
      return true;
    }
    boolean targeted = false;
    for (int i = 0; i < words.size(); i++) {
      String word = words.get(i);
      if (!word.startsWith("-")) {
        continue;
      }
      String name = undashed(word);
      int eq = name.indexOf('=');
      String value = null;
      if (eq > 0 && service.targets().contains(name.substring(0, eq))) {
        value = name.substring(eq + 1);
      } else if (service.targets().contains(name) && i + 1 < words.size()) {
        value = words.get(i + 1);
      }
      if (value != null) {
        if (!localValue(value)) {
          return false; // one target elsewhere: given twice, a program may take either
        }
        targeted = true;
      }
    }
    if (targeted) {
      return true;
    }
    String source = scan.source();
    if (source != null) {
      for (String variable : service.address()) {
        if (assignedOnlyHere(source, variable)) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * Whether the command assigns a variable ({@code VAULT_ADDR=…}, {@code export VAULT_ADDR=…}) and
   * every value it assigns it is this machine's: one remote value anywhere, and the call is not
   * local test data.
   */
  private static boolean assignedOnlyHere(String source, String variable) {
    String assignment = variable + "=";
    boolean assigned = false;
    for (int at = source.indexOf(assignment); at >= 0; at = source.indexOf(assignment, at + 1)) {
      char before = at == 0 ? ' ' : source.charAt(at - 1);
      if (!(Character.isWhitespace(before) || ";&|(".indexOf(before) >= 0)) {
        continue; // another variable's name ending in this one's: X_VAULT_ADDR=
      }
      int start = at + assignment.length();
      int end = start;
      while (end < source.length()
          && !Character.isWhitespace(source.charAt(end))
          && ";&|)".indexOf(source.charAt(end)) < 0) {
        end++;
      }
      String value = source.substring(start, end).replace("\"", "").replace("'", "");
      if (!localValue(value)) {
        return false;
      }
      assigned = true;
    }
    return assigned;
  }

  /** An option's name: its word without the leading dashes. */
  private static String undashed(String word) {
    int i = 0;
    while (i < word.length() && word.charAt(i) == '-') {
      i++;
    }
    return word.substring(i);
  }

  private static boolean localValue(String value) {
    if (value.contains("..")) {
      return false; // /tmp/../home/…: not under /tmp
    }
    return value.startsWith("/tmp/")
        || Environments.localCluster(value)
        || !value.startsWith("/") && Environments.localHost(Environments.host(value));
  }
}
