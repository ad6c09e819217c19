package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.guard.internal.ServiceLexicon.Phrase;
import io.github.providergateway.guard.internal.ServiceLexicon.Service;
import io.github.providergateway.guard.internal.ServiceLexicon.VerbClass;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Acting verbs of any service (decision 98): what a program that no row of the service lexicon
 * names, and that acts on no machine but a service's, does by its verb, read with the lexicon's
 * classes ({@link ServiceLexicon}); the classes of a row's call the {@code services.*} rules leave
 * (a rotation, a grant); and inline code's calls on a client of an imported library that is neither
 * the standard library nor a local one. The predicates of the {@code verbs.*} rules. A program of
 * {@code acting-verbs.json}'s {@code local} list, or of a kind other rules read, costs one lookup.
 */
final class ActingVerbs {
  static final String RESOURCE = "/io/github/providergateway/guard/rules/acting-verbs.json";

  /** What a call was found to do: its class, and what it names. */
  record Found(String verbClass, boolean weak, boolean shared, boolean production) {}

  private static final Set<String> LOCAL;
  private static final Set<String> WEAK;
  private static final Set<String> EVERYTHING;
  private static final Set<String> SHARED_OPTIONS;
  private static final Set<String> STDLIB;
  private static final Set<String> LOCAL_LIBRARIES;
  private static final List<VerbClass> CLASSES;
  private static final int DEPTH;
  private static final int SCAN;

  static {
    JsonNode book;
    try (InputStream in = ActingVerbs.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException("the guard's rule book has no acting-verbs.json");
      }
      book = new ObjectMapper().readTree(in);
    } catch (IOException e) {
      throw new UncheckedIOException("acting-verbs.json does not read", e);
    }
    LOCAL = NameSet.copyOf(strings(book, "local"));
    WEAK = NameSet.copyOf(strings(book, "weak"));
    EVERYTHING = NameSet.copyOf(strings(book, "everything"));
    SHARED_OPTIONS = NameSet.copyOf(strings(book, "sharedOptions"));
    STDLIB = NameSet.copyOf(strings(book, "stdlib"));
    LOCAL_LIBRARIES = NameSet.copyOf(strings(book, "localLibraries"));
    DEPTH = book.path("depth").asInt(2);
    SCAN = book.path("scan").asInt(8);
    try (InputStream in = ActingVerbs.class.getResourceAsStream(ServiceLexicon.RESOURCE)) {
      CLASSES = classes(book, new ObjectMapper().readTree(in));
    } catch (IOException e) {
      throw new UncheckedIOException("service-verbs.json does not read", e);
    }
  }

  private ActingVerbs() {}

  /**
   * The lexicon's classes this reading uses, in the reading's order, each phrase with a verb (an
   * option alone is a row's knowledge: {@code --public} of one service is nothing of another's). A
   * class the lexicon lacks, or none at all, is refused: a reading that finds nothing would let
   * every service's verb through.
   *
   * @param acting {@code acting-verbs.json}
   * @param lexicon {@code service-verbs.json}
   * @return the classes
   */
  static List<VerbClass> classes(JsonNode acting, JsonNode lexicon) {
    Map<String, VerbClass> byName = new java.util.HashMap<>();
    for (JsonNode row : lexicon.path("classes")) {
      String name = row.path("name").asText();
      byName.put(name, new VerbClass(name, ServiceLexicon.phrases(row.path("phrases")), false));
    }
    List<VerbClass> classes = new ArrayList<>();
    for (String name : strings(acting, "classes")) {
      VerbClass verbClass = byName.get(name);
      if (verbClass == null) {
        throw new IllegalStateException(
            "acting-verbs.json: no class '" + name + "' in the lexicon");
      }
      List<Phrase> phrases = new ArrayList<>();
      for (Phrase phrase : verbClass.phrases()) {
        if (!phrase.parts().isEmpty()) {
          phrases.add(phrase);
        }
      }
      classes.add(new VerbClass(name, List.copyOf(phrases), false));
    }
    if (classes.isEmpty() || !byName.containsKey("destroys")) {
      throw new IllegalStateException("acting-verbs.json reads no class of the lexicon");
    }
    return List.copyOf(classes);
  }

  /** Adds the predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put(
        "acting-destroys-shared",
        PredicateGate.ACTING_VERB.around(
            (scan, step, read) -> {
              Found found = found(scan, step);
              return found != null && found.verbClass().equals("destroys") && found.shared();
            }));
    named.put(
        "acting-destroys",
        PredicateGate.ACTING_VERB.around(
            (scan, step, read) -> {
              Found found = found(scan, step);
              return found != null
                  && found.verbClass().equals("destroys")
                  && !found.shared()
                  && !found.weak();
            }));
    named.put(
        "acting-turns-off-production",
        PredicateGate.ACTING_VERB.around(
            (scan, step, read) -> {
              Found found = found(scan, step);
              return found != null && turnsOff(found) && found.production();
            }));
    named.put(
        "acting-turns-off",
        PredicateGate.ACTING_VERB.around(
            (scan, step, read) -> {
              Found found = found(scan, step);
              return found != null
                  && turnsOff(found)
                  && !found.production()
                  && !stagedOrTested(step); // decision 308: --env staging circuit-breaker disable
            }));
    named.put(
        "acting-grants",
        PredicateGate.ACTING_VERB.around(
            (scan, step, read) -> {
              Found found = found(scan, step);
              return found != null
                  && (found.verbClass().equals("grants")
                      || found.verbClass().equals("publishes")
                      || found.verbClass().equals("spends"))
                  && !stagedOrTested(step); // decision 308: --env staging liveops publish
            }));
    named.put(
        "acting-code-destroys",
        (scan, step, read) -> "destroys".equals(ActingCode.classOf(scan, step)));
    named.put(
        "acting-code-acts",
        (scan, step, read) -> {
          String found = ActingCode.classOf(scan, step);
          return found != null && !found.equals("destroys");
        });
  }

  /**
   * Whether the command's environment option names a test's or staging's place ({@code --env
   * staging}): an asked act there is the place's purpose (decision 308, round 54's ordinary work).
   * Only the option is read: a signer {@code qa.bot} or a list {@code /dev/null} names no place.
   */
  static boolean stagedOrTested(Step step) {
    return stagedOrTested(step.args());
  }

  /** Whether an environment option among {@code args} names a test's or staging's place. */
  static boolean stagedOrTested(List<Word> args) {
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      int eq = text.indexOf('=');
      String option = eq > 0 ? text.substring(0, eq) : text;
      if (!PLACE_OPTIONS.contains(option)) {
        continue;
      }
      String value =
          eq > 0 ? text.substring(eq + 1) : i + 1 < args.size() ? args.get(i + 1).text() : "";
      if (!Environments.namesProduction(value)
          && (Environments.testName(value) || Environments.stagingHost(value))) {
        return true;
      }
    }
    return false;
  }

  /** The options that name the environment a command acts in. */
  private static final Set<String> PLACE_OPTIONS =
      NameSet.of("--env", "--environment", "-e", "--stage", "--target-env", "--tier");

  private static boolean turnsOff(Found found) {
    return found.verbClass().equals("turns-off") || found.verbClass().equals("rotates");
  }

  /**
   * The last program of a call read, and what it was found to do: {Step, Found}, kept in the call's
   * scan ({@link Scan#once}) and filled again for each program. Every program of a long command is
   * asked ({@link PredicateGate#ACTING_VERB}): an array made for each was garbage, and one kept
   * beyond its call kept the whole call reachable into the next decision.
   */
  static Found found(Scan scan, Step step) {
    Object[] last = scan.once("ActingVerbs", call -> new Object[2]);
    if (last[0] == step) { // the rules ask of the same program in turn: read it once
      return (Found) last[1];
    }
    Found found = read(scan, step);
    last[0] = step;
    last[1] = found;
    return found;
  }

  private static Found read(Scan scan, Step step) {
    String program = step.program();
    Service row = ServiceLexicon.LEXICON.byProgram().get(program);
    if (row != null) {
      // A service the lexicon names: its row reads it; the classes the services.* rules leave.
      String verbClass = ServiceVerbs.classOf(row, scan, step);
      if ("rotates".equals(verbClass) || "grants".equals(verbClass)) {
        return new Found(verbClass, false, false, Environments.production(scan, step));
      }
      if (verbClass == null && pointedElsewhere(row, scan)) {
        // A delete the row's own verbs leave (mlflow experiments delete: a soft delete in the
        // local ./mlruns), on the service's server the command points it at: asked about.
        Found generic = generic(scan, step);
        if (generic != null && generic.verbClass().equals("destroys") && !generic.weak()) {
          return new Found("destroys", false, false, generic.production());
        }
      }
      return null;
    }
    // A program the book's other families name is theirs to decide: a pattern's is not read here
    // (the patterns are tried after every clause, and this family's rule would be found before the
    // pattern's own), a clause's only for a destroy on a shared target, which no rule allows on
    // purpose. The rest of their verbs are read last, where no rule matched (UnjudgedVerbs).
    if (LOCAL.contains(program)
        || BookNamedPrograms.inAPattern(program)
        || step.kinds() != 0
        || step.interpreter()) {
      return null; // most programs: one lookup
    }
    if (LocalEmulatorClients.onThisMachine(scan, step)) {
      return null; // awslocal s3 rm …: the emulator's bucket on this machine (decision 336)
    }
    if (ownScript(step)) {
      return null; // the project's own script (./bin/x, scripts/x.sh), git's own extensions
    }
    Found found = verbOf(scan, step);
    if (found != null && BookNamedPrograms.inAClause(program)) {
      return found.verbClass().equals("destroys") && found.shared() ? found : null;
    }
    return found;
  }

  /**
   * A program the book's other families name, read as an unknown program is (decision 136): its
   * verb, what it names and whether it is shared, or {@code null} for any other program, and for
   * one the reading leaves alone whoever names it (of {@code local}, a row's, of a kind, run by a
   * path), for one a clause names whole, and for a subcommand the book names ({@code cast send}:
   * its family judged it). Whether the book's rules matched it is the caller's ({@link
   * UnjudgedVerbs}).
   */
  static Found ofNamed(Scan scan, Step step) {
    String program = step.program();
    if (!BookNamedPrograms.named(program)
        || BookNamedPrograms.judgedByTheBook(program, firstCommandWord(step))
        || LOCAL.contains(program)
        || ServiceLexicon.LEXICON.byProgram().containsKey(program)
        || step.kinds() != 0
        || step.interpreter()
        || ownScript(step)) {
      return null;
    }
    return verbOf(scan, step);
  }

  /**
   * {@return whether {@link #ofNamed} reads a program of this name at all: one the book names, not
   * a local tool, with no row of the service lexicon and of no kind}
   */
  static boolean readsNamed(String program) {
    return BookNamedPrograms.named(program)
        && !LOCAL.contains(program)
        && !ServiceLexicon.LEXICON.byProgram().containsKey(program)
        && ProgramKind.of(program) == 0
        && !ProgramKind.isInterpreter(program);
  }

  /** The first of a program's words that can be a command's, among its first {@code scan}. */
  private static String firstCommandWord(Step step) {
    List<Word> args = step.args();
    for (int i = 0; i < args.size() && i < SCAN; i++) {
      Word word = args.get(i);
      if (word.literal() && !word.text().startsWith("-") && commandWord(word.text())) {
        return word.text();
      }
    }
    return "";
  }

  /** The verb read, unless what it acts on is named as test or development data. */
  private static Found verbOf(Scan scan, Step step) {
    Found found = generic(scan, step);
    if (found != null && !found.shared() && namesTestData(step)) {
      return null; // garden delete env local, planetscale branch delete shop dev-login
    }
    return found;
  }

  /** A program run by its path (the project's own), a dotted name, or one of git's extensions. */
  private static boolean ownScript(Step step) {
    List<Word> words = step.invocation().words();
    String program = step.program();
    return words.isEmpty()
        || words.get(0).text().contains("/")
        || program.contains(".")
        || program.startsWith("git-");
  }

  /**
   * {@return whether the program is one decision 98 reads by its verbs as a service's: no row, not
   * of {@code local}, not the book's, of no kind, not run by a path} (the project's admin tool on
   * the PATH, {@link ProjectCommands})
   */
  static boolean unknown(Step step) {
    String program = step.program();
    if (ServiceLexicon.LEXICON.byProgram().containsKey(program)
        || LOCAL.contains(program)
        || BookNamedPrograms.named(program)
        || step.kinds() != 0
        || step.interpreter()) {
      return false;
    }
    return !ownScript(step);
  }

  /** Whether the command assigns one of the row's address variables a host not this machine's. */
  private static boolean pointedElsewhere(Service row, Scan scan) {
    String source = scan.source();
    if (source == null || row.address().isEmpty()) {
      return false;
    }
    for (String variable : row.address()) {
      for (String value : Environments.assignedValues(source, variable)) {
        if (value.contains("://") && !Environments.localHost(Environments.host(value))) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * An unknown program's verb: its first {@code depth} command words (letters, digits, {@code - _
   * :}, a letter first) among its first {@code scan} words, the options and what precedes the first
   * command word aside; a command word that reads makes it none.
   */
  private static Found generic(Scan scan, Step step) {
    List<Word> args = step.args();
    List<String> firsts = new ArrayList<>(DEPTH);
    List<String> parts = new ArrayList<>();
    int taken = 0;
    for (int i = 0; i < args.size() && i < SCAN && taken < DEPTH; i++) {
      Word word = args.get(i);
      String text = word.text();
      if (text.equals("--")) {
        break;
      }
      if (text.startsWith("-")) {
        continue;
      }
      if (!word.literal() || !commandWord(text)) {
        if (taken > 0) {
          break; // the resource the verb acts on
        }
        continue; // an option's value
      }
      List<String> own = ServiceVerbs.split(text);
      if (ServiceLexicon.LEXICON.reads().contains(own.get(0))) {
        return null;
      }
      taken++;
      firsts.add(own.get(0));
      for (int colon = text.indexOf(':'); colon >= 0; colon = text.indexOf(':', colon + 1)) {
        List<String> after = ServiceVerbs.split(text.substring(colon + 1));
        if (ServiceLexicon.LEXICON.reads().contains(after.get(0))) {
          return null; // sites:list
        }
        firsts.add(after.get(0)); // sites:delete, apps:destroy: the verb after the topic
      }
      parts.addAll(own);
    }
    if (firsts.isEmpty()) {
      return null;
    }
    String found = null;
    boolean weak = false;
    for (VerbClass verbClass : CLASSES) {
      for (Phrase phrase : verbClass.phrases()) {
        List<String> needed = phrase.parts();
        boolean meets =
            needed.size() == 1 ? firsts.contains(needed.get(0)) : parts.containsAll(needed);
        if (meets && hasOptions(phrase.options(), args)) {
          found = verbClass.name();
          weak = needed.size() == 1 && WEAK.contains(needed.get(0));
          break;
        }
      }
      if (found != null) {
        break;
      }
    }
    if (found == null || found.equals("destroys") && purgesOne(args)) {
      return null;
    }
    // wp cache flush, cache clear: what a cache holds is made again (decision 244)
    weak |= found.equals("destroys") && (parts.contains("cache") || parts.contains("caches"));
    for (Word word : args) {
      String text = word.text().toLowerCase(Locale.ROOT);
      if (ServiceLexicon.LEXICON.unless().contains(text)
          || text.startsWith("--dry-run=") && !text.endsWith("=false")) {
        return null;
      }
    }
    if (Environments.localTestData(scan, step)) {
      return null;
    }
    boolean production = Environments.production(scan, step);
    return new Found(found, weak, production || shared(step), production);
  }

  /**
   * Whether a CDN's purge names one URL or one key (fastly purge --url): the cache fetches it again
   * from the origin, the routine after a correction (decision 142); a purge of everything is
   * production.cdn-purge's.
   */
  static boolean purgesOne(List<Word> args) {
    boolean purge = false;
    boolean one = false;
    for (Word word : args) {
      String text = word.text();
      purge |= text.equals("purge");
      if (text.equals("--all") || text.equals("-a")) {
        return false;
      }
      one |=
          text.equals("--url")
              || text.startsWith("--url=")
              || text.equals("--key")
              || text.startsWith("--key=");
    }
    return purge && one;
  }

  /**
   * Whether the call names a shared target: a host not this machine's (a URL, a host option), an
   * option naming a zone, a domain, a registry or the like, or every resource ({@code --all}).
   */
  private static boolean shared(Step step) {
    for (String host : Environments.hosts(step)) {
      if (!host.equals("?") && !Environments.localHost(host)) {
        return true;
      }
    }
    List<Word> args = step.args();
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if (EVERYTHING.contains(text)) {
        return true;
      }
      if (!text.startsWith("-")) {
        if (remoteReference(text)) {
          return true; // registry.acme.io/shop:old, github.com/acme/shop
        }
        continue;
      }
      String name = text.replaceFirst("^-+", "");
      int eq = name.indexOf('=');
      String value = null;
      if (eq > 0) {
        value = SHARED_OPTIONS.contains(name.substring(0, eq)) ? name.substring(eq + 1) : null;
      } else if (SHARED_OPTIONS.contains(name) && i + 1 < args.size()) {
        value = args.get(i + 1).text();
      }
      if (value != null && !value.isEmpty() && !Environments.localHost(Environments.host(value))) {
        return true;
      }
    }
    return false;
  }

  /** Whether a word the program is given, an option aside, names test or development data. */
  private static boolean namesTestData(Step step) {
    for (Word word : step.args()) {
      if (word.literal() && !word.text().startsWith("-") && Environments.testName(word.text())) {
        return true;
      }
    }
    return false;
  }

  /** A host's name and a path on it: a dotted name before the first slash, not this machine's. */
  private static boolean remoteReference(String text) {
    int slash = text.indexOf('/');
    if (slash <= 0 || text.startsWith(".") || text.contains("://")) {
      return false;
    }
    String host = text.substring(0, slash);
    int dot = host.lastIndexOf('.');
    return dot > 0
        && dot < host.length() - 1
        && Character.isLetter(host.charAt(host.length() - 1))
        && !Environments.localHost(Environments.host(host));
  }

  private static boolean hasOptions(List<String> options, List<Word> args) {
    for (String option : options) {
      boolean given = false;
      for (Word word : args) {
        String text = word.text().toLowerCase(Locale.ROOT);
        given |= text.equals(option) || text.startsWith(option + "=");
      }
      if (!given) {
        return false;
      }
    }
    return true;
  }

  /** A word of letters, digits and {@code - _ :}, a letter first: a command's word, no name. */
  private static boolean commandWord(String text) {
    if (text.isEmpty() || !Character.isLetter(text.charAt(0)) || text.length() > 40) {
      return false;
    }
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (!(Character.isLetterOrDigit(c) || c == '-' || c == '_' || c == ':')) {
        return false;
      }
    }
    return true;
  }

  /** Whether a program is one whose verbs act on this machine (the book's {@code local}). */
  static boolean localProgram(String program) {
    return LOCAL.contains(program);
  }

  /** Whether a module (its first name) is one whose calls act on this machine. */
  static boolean localModule(String module) {
    return STDLIB.contains(module) || LOCAL_LIBRARIES.contains(module);
  }

  /** A list of the book's, as written; a list missing or empty is refused. */
  private static List<String> strings(JsonNode book, String field) {
    JsonNode list = book.get(field);
    if (list == null || !list.isArray() || list.isEmpty()) {
      throw new IllegalStateException("acting-verbs.json has no list " + field);
    }
    List<String> out = new ArrayList<>();
    for (JsonNode item : list) {
      out.add(item.asText());
    }
    return List.copyOf(out);
  }

  /** Whether a destroying verb counts only where a shared target is named. */
  static boolean weak(String verb) {
    return WEAK.contains(verb);
  }

  /** The classes the inline code's reading uses, in order. */
  static List<VerbClass> classes() {
    return CLASSES;
  }
}
