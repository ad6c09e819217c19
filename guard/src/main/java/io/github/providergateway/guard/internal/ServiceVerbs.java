package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.ServiceLexicon.Fleet;
import io.github.providergateway.guard.internal.ServiceLexicon.Phrase;
import io.github.providergateway.guard.internal.ServiceLexicon.Service;
import io.github.providergateway.guard.internal.ServiceLexicon.VerbClass;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What a service's command line does, read by its verb (decision 94) with the lexicon {@link
 * ServiceLexicon}: the predicates the {@code services.*} rules ask ({@code service-destroys},
 * {@code service-turns-off}, {@code service-spends}, {@code service-publishes}, {@code
 * service-exports}). A program no row names costs one lookup; a row's program is read a word at a
 * time over its first words: no pattern, nothing from the disk.
 */
final class ServiceVerbs {
  private ServiceVerbs() {}

  /** Adds the predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    for (String name : List.of("destroys", "turns-off", "spends", "publishes", "exports")) {
      named.put(
          "service-" + name,
          PredicateGate.SERVICE_PROGRAM.around((scan, step, read) -> is(name, scan, step)));
      named.put(
          "service-code-" + name,
          (scan, step, read) -> ServiceLibraryCalls.codeIs(name, scan, step));
    }
  }

  /** The rules' names for the lexicon's classes: releases are published, as publishes are. */
  static String ruleOf(String verbClass) {
    return verbClass.equals("releases") ? "publishes" : verbClass;
  }

  /** {@return whether a row of the lexicon names the program: else no service predicate holds} */
  static boolean names(Step step) {
    return names(step.program());
  }

  /** {@return whether the lexicon has a row for a program of this name} */
  static boolean names(String program) {
    return ServiceLexicon.LEXICON.byProgram().containsKey(program);
  }

  private static boolean is(String name, Scan scan, Step step) {
    Service service = ServiceLexicon.LEXICON.byProgram().get(step.program());
    if (service == null) {
      return false; // most programs: one lookup
    }
    // The five rules ask of the same program in turn: read it once. The last program read and
    // its class (or null), {Step, String}, are kept in the call's scan: nothing outlives the call.
    Object[] last = scan.once("ServiceVerbs", call -> new Object[2]);
    String found;
    if (last[0] == step) {
      found = (String) last[1];
    } else {
      found = classOf(service, scan, step);
      last[0] = step;
      last[1] = found;
    }
    return found != null && ruleOf(found).equals(name);
  }

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
    for (int i = 0; i < words.size(); i++) {
      String word = words.get(i);
      if (ServiceLexicon.LEXICON.unless().contains(word)
          || word.startsWith("--dry-run=") && !word.endsWith("=false")
          || validatesOnly(word, i + 1 < words.size() ? words.get(i + 1) : "")) {
        return null;
      }
    }
    if (RunnerTargets.gradleOnlyBuilds(step)) {
      return null; // ./gradlew assembleLiveRelease: a variant built, nothing released (d. 232)
    }
    if (OwnJobs.only(step.program(), words)) {
      return null; // scancel -u $USER: the person's own jobs (decision 232)
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
        if (ServiceLexicon.LEXICON.reads().contains(own.get(0))) {
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
            for (String part : split(name)) {
              if (!service.except().contains(part)) {
                parts.add(part);
              }
            }
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
   * Whether one of the text's parts ({@link #split}) is one of the names: with no part made where
   * the text is in lower-case ASCII, as most words are (asked of the first words of every program).
   *
   * @param text the word
   * @param names the names
   * @return whether a part is one
   */
  static boolean anyPartIn(String text, Set<String> names) {
    if (!lowerAscii(text)) {
      List<String> parts = split(text);
      for (int p = 0; p < parts.size(); p++) {
        if (names.contains(parts.get(p))) {
          return true;
        }
      }
      return false;
    }
    int start = 0;
    boolean any = false;
    for (int i = 0; i <= text.length(); i++) {
      char c = i == text.length() ? '-' : text.charAt(i);
      if (c != '-' && c != '_' && c != ':' && c != '.') {
        continue;
      }
      if (i > start) {
        if (NameSet.holdsPart(names, text, start, i)) {
          return true;
        }
        any = true;
      }
      start = i + 1;
    }
    return !any && names.contains(""); // split's one empty part, where it finds none
  }

  /** Whether the text has no upper-case letter and nothing past ASCII: its parts are as written. */
  private static boolean lowerAscii(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c >= 128 || c >= 'A' && c <= 'Z') {
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

  /**
   * Whether an option asks the service only to check what it would do: fastlane supply's {@code
   * --validate_only true} (Play checks the edit and discards it), not given {@code false}.
   */
  static boolean validatesOnly(String word, String next) {
    if (word.equals("--validate_only") || word.equals("--validate-only")) {
      return !next.equals("false") && !next.equals("0");
    }
    return word.equals("--validate_only=true") || word.equals("--validate-only=true");
  }

  private static boolean localValue(String value) {
    if (value.contains("..")) {
      return false; // /tmp/../home/…: not under /tmp
    }
    if (value.startsWith("sqlite:") || value.startsWith("file:") || value.startsWith("./")) {
      return true; // a store in a file of this machine: mlflow's sqlite:///mlruns.db (decision 232)
    }
    return value.startsWith("/tmp/")
        || Environments.localCluster(value)
        || !value.startsWith("/") && Environments.localHost(Environments.host(value));
  }
}
