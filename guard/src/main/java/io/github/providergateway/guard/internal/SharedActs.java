package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;

/**
 * The shapes.* rules' predicates (decision 113): an act on something shared, read from the shape of
 * a call and not from its kind, for the harms no family names yet. A program that is no local
 * developer's tool acts (an acting verb, flag or statement) where production is named, destroys on
 * a named host, or acts carrying a credential; an HTTP client writes (PUT, PATCH, DELETE, a POST to
 * a destroying path) to another host; a remote shell runs an acting command on its host; inline
 * code calls a destroying or publishing method of a client on something shared. The words are data:
 * shape-words.json ({@link ShapeWords}). This class reads a program's words; a remote shell's
 * command is {@link RemoteShellActs}'s, inline code {@link SharedCodeActs}'s. Found after every
 * other rule (the catalogue's last family).
 */
final class SharedActs {
  private SharedActs() {}

  /**
   * Adds the predicates.
   *
   * @param named the predicates by name
   */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put("shape-acts-on-shared", (scan, step, read) -> actsOnShared(scan, step));
    named.put(
        "shape-remote-shell-acts", (scan, step, read) -> RemoteShellActs.remoteShellActs(step));
    named.put("shape-fleet-acts", (scan, step, read) -> RemoteShellActs.fleetActs(step));
    named.put("shape-pod-command-acts", (scan, step, read) -> PodCommandActs.acts(scan, step));
    named.put(
        "shape-code-acts-on-shared", (scan, step, read) -> SharedCodeActs.codeActsOnShared(step));
    named.put(
        "shape-code-not-only-reads",
        (scan, step, read) ->
            !scan.ofScript()
                && (SharedCodeActs.typedCodeActs(step)
                    || GoAheadCalls.in(SharedCodeActs.codeOf(step))));
    named.put("shape-message-sent", (scan, step, read) -> BusSends.sends(scan, step));
    named.put("shape-message-sent-from-code", (scan, step, read) -> BusCode.sends(step));
    named.put("shape-production-acts", (scan, step, read) -> ProductionActs.acts(scan, step));
    named.put("shape-go-ahead-acts", (scan, step, read) -> GoAheadActs.acts(scan, step));
    named.put("shape-project-tool-acts", (scan, step, read) -> ProjectToolActs.acts(scan, step));
    named.put("shape-runner-at-production", (scan, step, read) -> RunnerTargets.aimed(scan, step));
  }

  /** A program no local tool: an acting verb, flag or HTTP write on something shared. */
  static boolean actsOnShared(Scan scan, Step step) {
    String program = step.program();
    if (AgentFootprints.byName(program).isPresent()) {
      return false; // codex exec --skip-git-repo-check: a coding agent is the agents' family's
    }
    boolean http = ShapeWords.HTTP_CLIENTS.contains(program);
    List<Word> args = step.args();
    if (step.interpreter()) {
      args = scriptArguments(args); // python manage.py purge_documents --settings=…production
      if (args == null) {
        return false;
      }
    } else if (!http && ShapeWords.LOCAL.contains(program)) {
      // a local tool: only a statement that changes production's rows (psql "$PROD_URL" -c UPDATE)
      return sqlWrite(args) && !dryRun(args) && production(scan, step, args);
    }
    List<Word> words = step.invocation().words();
    if (words.isEmpty()) {
      return false;
    }
    boolean projectScript = words.get(0).text().contains("/") && !step.interpreter();
    if (dryRun(args) || TestEndpoints.in(step) || Environments.testName(program)) {
      return false; // solana-test-validator, a test endpoint
    }
    if (http) {
      return httpWrite(program, args)
          && httpShared(scan, step, args)
          && !TestEnvironments.testsOnly(program, args); // a test key (d. 144), QA's env (232)
    }
    if (localOrTest(step, args) || ActingVerbs.purgesOne(args)) {
      return false; // a CDN's purge of one URL: the routine after a correction (decision 142)
    }
    int found = commandWords(args); // read once: every test below asks it
    boolean read = (found & READ_WORD) != 0;
    boolean acting = !read && (found & ACTING_WORD) != 0;
    if (!read && ActReach.waivesCheck(args)) {
      return true; // freightaudit approve --skip-match: an act told to skip its check (d. 147)
    }
    boolean production = production(scan, step, args);
    if ((projectScript || step.interpreter()) && acting && ActReach.toldToGoLive(scan, args)) {
      return true; // python -m crewctl.reports delete … --yes: told to go live (decision 148)
    }
    if (projectScript) {
      // the project's own script (./bin/x): an acting command word, not a flag alone, on
      // production or every one of something (decision 147)
      return acting && (production || ActReach.everything(args));
    }
    if (!read && (found & STRONG_WORD) != 0 && (production || remoteNamed(step))) {
      return true; // typesense-cli collections drop products --host search.acme.com
    }
    if (!production) {
      // no production named: an act that carries a credential's variable (a key of the service's)
      return credential(args)
          && (acts(found, args) || sendingName(program) && hostNamed(args, step));
    }
    // production named: a statement, a destroy it is told not to confirm, an acting verb or flag
    return sqlWrite(args) || unconfirmedDestroy(args) || acts(found, args);
  }

  private static boolean production(Scan scan, Step step, List<Word> args) {
    if (Environments.production(scan, step)) {
      return true;
    }
    for (Word word : args) {
      String text = word.text();
      if (ShapeWords.EVERYTHING.contains(text)
          || text.length() < 128 && ShapeWords.PRODUCTION.contains(text.toLowerCase(Locale.ROOT))) {
        return true; // --url mainnet-beta, --all
      }
    }
    return ActReach.everyOne(args);
  }

  private static boolean credential(List<Word> args) {
    for (Word word : args) {
      if (credential(word.text())) {
        return true;
      }
    }
    return false;
  }

  static boolean remoteNamed(Step step) {
    return anyOtherMachine(Environments.hosts(step)); // "?", a host not known, has no dot
  }

  /** Whether one of {@code hosts} is a dotted name or address of another machine. */
  static boolean anyOtherMachine(Iterable<String> hosts) {
    for (String host : hosts) {
      if (host.contains(".") && otherMachine(host)) {
        return true;
      }
    }
    return false;
  }

  /**
   * The words after a script an interpreter runs ({@code python x.py …}, {@code python3 -u
   * bin/hlops …}) or a module ({@code python -m espefuse …}), or {@code null}.
   */
  static List<Word> scriptArguments(List<Word> args) {
    int start = ScriptRun.start(args); // after the interpreter's own options (decision 168)
    if (start < 0) {
      return null;
    }
    if (args.get(start).text().equals("-m")) {
      return start + 2 < args.size() && !ShapeWords.LOCAL.contains(args.get(start + 1).text())
          ? args.subList(start + 2, args.size())
          : null;
    }
    return args.subList(start + 1, args.size());
  }

  /**
   * A destroying verb (a command word's or an option's part: luksErase, --delete-secret-keys) with
   * a flag that answers its question before it is asked (-y, --yes, --batch-mode, -f).
   */
  static boolean unconfirmedDestroy(List<Word> args) {
    boolean unconfirmed = false;
    boolean destroys = false;
    for (int i = 0; i < args.size() && i < 2 * ShapeWords.SCAN; i++) {
      Word word = args.get(i);
      String text = word.text();
      if (!word.literal() || text.length() > 64) {
        continue;
      }
      if (ShapeWords.NO_CONFIRM.contains(text)
          || text.length() <= 4
              && text.startsWith("-")
              && !text.startsWith("--")
              && (text.indexOf('y') > 0 || text.indexOf('f') > 0)
              && text.chars().allMatch(Character::isLetter)) {
        unconfirmed = true;
        continue;
      }
      for (String part : ServiceVerbs.split(text.startsWith("--") ? text.substring(2) : text)) {
        if (ShapeWords.STRONG.contains(part)) {
          destroys = true;
        }
      }
    }
    return unconfirmed && destroys;
  }

  /** A statement that changes what a database holds, as a program's argument. */
  private static boolean sqlWrite(List<Word> args) {
    for (Word word : args) {
      String text = word.text().stripLeading();
      if (text.length() < 6 || text.startsWith("-")) {
        continue;
      }
      int end = 0;
      while (end < text.length() && end < 16 && Character.isLetter(text.charAt(end))) {
        end++;
      }
      // The space after the letters first: most words have none, and need no keyword made.
      if (end < text.length()
          && text.charAt(end) == ' '
          && ShapeWords.SQL_WRITES.contains(text.substring(0, end).toUpperCase(Locale.ROOT))) {
        return true;
      }
    }
    return false;
  }

  /** The project's forge's or a package registry's host: their writes are the forge families'. */
  static boolean forge(String host) {
    String h = host.toLowerCase(Locale.ROOT);
    for (String forge : ShapeWords.FORGES) {
      if (h.equals(forge) || h.endsWith("." + forge)) {
        return true;
      }
    }
    return false;
  }

  /** A host of this machine's, or a word naming test data ({@link LocalOrTestWords}). */
  static boolean localOrTest(Step step, List<Word> args) {
    return LocalOrTestWords.named(step, args);
  }

  private static boolean httpShared(Scan scan, Step step, List<Word> args) {
    List<String> hosts = Environments.hosts(step);
    boolean elsewhere = false;
    for (String host : hosts) {
      if (host.equals("?")
          || !Environments.localHost(host) && !host.endsWith(".localhost") && !forge(host)) {
        elsewhere = true;
      }
    }
    return elsewhere && shared(scan, step, args, true);
  }

  /** Whether the words keep the program to a dry run ({@link DryRuns}). */
  static boolean dryRun(List<Word> args) {
    return DryRuns.in(args);
  }

  private static final int READ_WORD = 1;
  private static final int ACTING_WORD = 2;
  private static final int STRONG_WORD = 4;

  /**
   * What the first command words say: {@link #READ_WORD} for a read among them, {@link
   * #ACTING_WORD} for a part of {@code verbs}, {@link #STRONG_WORD} of {@code strongVerbs}, or of
   * {@code settingVerbs} (those of {@code compoundOnly} only inside a longer word: {@code
   * set-limits}, not {@code argocd app set}).
   */
  private static int commandWords(List<Word> args) {
    int taken = 0;
    int found = 0;
    for (int i = 0; i < args.size() && i < ShapeWords.SCAN && taken < ShapeWords.DEPTH; i++) {
      Word word = args.get(i);
      String text = word.text();
      if (text.equals("--")) {
        break;
      }
      if (text.startsWith("-") || !word.literal() || text.isEmpty() || text.length() > 64) {
        continue;
      }
      taken++;
      boolean compound = ServiceVerbs.split(text).size() > 1;
      for (String part : commandParts(text)) {
        if (ShapeWords.READS.contains(part)) {
          found |= READ_WORD; // list, get, describe, validate: a read, wherever among the words
          continue;
        }
        if (ShapeWords.STRONG.contains(part)) {
          found |= STRONG_WORD;
        }
        if (ShapeWords.VERBS.contains(part)
            || ShapeWords.SETTING_VERBS.contains(part)
                && (compound || !ShapeWords.COMPOUND_ONLY.contains(part))) {
          found |= ACTING_WORD;
        }
      }
    }
    return found;
  }

  /**
   * Whether the first command words hold a verb that acts ({@code verbs}, {@code settingVerbs}).
   */
  static boolean actingWord(List<Word> args) {
    int found = commandWords(args);
    return (found & READ_WORD) == 0 && (found & ACTING_WORD) != 0;
  }

  /**
   * Whether a program acts: an acting command word with no read among them, or, with no read, one
   * of {@code actingFlags} or an option whose first part destroys or sends.
   */
  static boolean acts(List<Word> args) {
    return acts(commandWords(args), args);
  }

  private static boolean acts(int found, List<Word> args) {
    if ((found & READ_WORD) != 0) {
      return false;
    }
    if ((found & ACTING_WORD) != 0) {
      return true;
    }
    for (Word word : args) {
      String text = word.text();
      int eq = text.indexOf('=');
      String option = eq > 0 ? text.substring(0, eq) : text;
      if (ShapeWords.ACTING_FLAGS.contains(option)) {
        return true;
      }
      if (option.startsWith("--") && option.length() < 40) {
        String first = ServiceVerbs.split(option.substring(2)).get(0);
        if (ShapeWords.STRONG.contains(first)
            || ShapeWords.SENDS.contains(first)
            || ForeignActVerbs.sendsOrDestroys(first)) {
          return true; // --send, --delete-data, --purge
        }
      }
    }
    return false;
  }

  /** A command word's verbs: its first part, and the first after each colon (sites:delete). */
  static List<String> commandParts(String text) {
    List<String> parts = new java.util.ArrayList<>(2);
    parts.add(ServiceVerbs.split(text).get(0));
    for (int colon = text.indexOf(':'); colon >= 0; colon = text.indexOf(':', colon + 1)) {
      parts.add(ServiceVerbs.split(text.substring(colon + 1)).get(0));
    }
    return parts;
  }

  /** A program whose name says it sends (mllp_send, storescu, mosquitto_pub, snmpset). */
  private static boolean sendingName(String program) {
    if (program.length() > 40) {
      return false;
    }
    for (String stem : ShapeWords.SENDING_NAMES) {
      if (program.contains(stem)) {
        return true;
      }
    }
    return false;
  }

  private static boolean hostNamed(List<Word> args, Step step) {
    List<String> positionals = new java.util.ArrayList<>();
    for (Word word : args) {
      if (!word.text().startsWith("-") && word.text().length() < 256) {
        positionals.add(word.text());
      }
    }
    for (String host : Environments.hosts(step)) {
      if (!host.equals("?") && otherMachine(host)) {
        return true;
      }
    }
    for (String text : positionals) {
      String host = text.substring(text.lastIndexOf('@') + 1);
      int colon = host.indexOf(':');
      if (colon > 0) {
        host = host.substring(0, colon);
      }
      if (hostLike(host) && otherMachine(host)) {
        return true;
      }
    }
    return false;
  }

  static boolean otherMachine(String host) {
    return !Environments.localHost(host)
        && !Environments.stagingHost(OtherHosts.withoutCompanyDomain(host))
        && !OtherHosts.linkLocalName(host)
        && !TestEndpoints.names(host);
  }

  /** A name with a dot whose last label is letters and no file's extension, or an address. */
  static boolean hostLike(String text) {
    if (text.isEmpty() || text.length() > 253 || text.contains("/") || text.indexOf('.') < 0) {
      return false;
    }
    String last = text.substring(text.lastIndexOf('.') + 1);
    if (last.chars().allMatch(Character::isDigit)) {
      return text.chars().allMatch(c -> c == '.' || Character.isDigit(c));
    }
    return last.length() >= 2
        && last.length() <= 12
        && last.chars().allMatch(Character::isLetter)
        && !ShapeWords.EXTENSIONS.contains(last.toLowerCase(Locale.ROOT))
        && text.chars().allMatch(c -> c == '.' || c == '-' || Character.isLetterOrDigit(c));
  }

  /**
   * An HTTP client's write: PUT, PATCH or DELETE, or a POST (a method, a body, an upload) to a path
   * one of whose segments destroys ({@code /zones/Z/purge}, {@code /lifecycle/deactivate}); a POST
   * that creates, sends or asks (a completion, a search, a message) is the other families' to read.
   */
  static boolean httpWrite(String program, List<Word> args) {
    return httpWrite(program, args, false);
  }

  /**
   * {@link #httpWrite(String, List)}, where {@code acting} also takes a POST to a path one of whose
   * segments acts at all ({@code /admin/shutdown}, {@code /commands/SA_STOP}) or is where its
   * operator changes it ({@code /admin/flags}, {@code /actuator/loggers}: decision 196), with or
   * without a scheme: a pod's own service, reached through its localhost (decision 189).
   */
  static boolean httpWrite(String program, List<Word> args, boolean acting) {
    boolean get = false;
    boolean post = false;
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      String next = i + 1 < args.size() ? args.get(i + 1).text() : "";
      String method = null;
      if (text.equals("-G") || text.equals("--get")) {
        get = true;
      } else if (text.equals("-X") || text.equals("--request") || text.equals("--method")) {
        method = next;
      } else if (text.startsWith("-X") && text.length() > 2 && text.charAt(2) != '-') {
        method = text.substring(2);
      } else if (text.startsWith("--request=") || text.startsWith("--method=")) {
        method = text.substring(text.indexOf('=') + 1);
      } else if (text.startsWith("--data") && !text.equals("--data-urlencode")
          || text.equals("--json")
          || text.startsWith("--form")
          || text.equals("--upload-file")
          || text.startsWith("--post-")
          || text.startsWith("--body-")
          || text.equals("-d")
          || text.equals("-F")
          || text.equals("-T")) {
        post = true;
      } else if (!text.startsWith("-")
          && ShapeWords.METHODS.contains(text)
          && !program.equals("curl")
          && !program.startsWith("wget")) {
        method = text; // http PUT …, xh DELETE …
      }
      if (method != null) {
        String upper = method.toUpperCase(Locale.ROOT);
        if (upper.equals("PUT") || upper.equals("PATCH") || upper.equals("DELETE")) {
          return true;
        }
        post |= upper.equals("POST");
        get |= upper.equals("GET") || upper.equals("HEAD");
      }
    }
    return post && !get && destroyingPath(args, acting);
  }

  private static boolean destroyingPath(List<Word> args, boolean acting) {
    for (Word word : args) {
      String text = word.text();
      int scheme = text.indexOf("://");
      int host; // where the URL's host begins
      if (scheme >= 0 && text.length() <= 2048) {
        host = scheme + 3;
      } else if (scheme < 0 && acting && HOST_PATH.matcher(text).lookingAt()) {
        host = 0; // localhost:8081/admin/flush: a URL without its scheme
      } else {
        continue;
      }
      int path = text.indexOf('/', host);
      if (path < 0) {
        continue;
      }
      int query = text.indexOf('?', path);
      String rest = text.substring(path + 1, query < 0 ? text.length() : query);
      if (text.contains("cache")) {
        continue; // a cache's purge: what it held is fetched again
      }
      if (ActionEndpoints.ends(rest) && !forge(Environments.host(text))) {
        // POST …/orders/123/cancel, …/feed/pause: the path's last word is the act; a forge's API
        // is its families' to read (an LFS lock's unlock, a merge request's approval)
        return true;
      }
      for (String segment : rest.split("/")) {
        boolean strong = false;
        boolean read = false;
        for (String part : ServiceVerbs.split(segment)) {
          strong |=
              ShapeWords.STRONG.contains(part)
                  || CALLS_OUT.contains(part) // POST …:8080/announce: every station told (d. 304)
                  || acting
                      && (ShapeWords.VERBS.contains(part)
                          || ShapeWords.SETTING_VERBS.contains(part)
                          || ShapeWords.ADMIN_PATHS.contains(part));
          read |= ShapeWords.READS.contains(part);
        }
        if (strong && !read) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * The words of an endpoint that calls out to people at once: an announcement, a broadcast, an
   * evacuation, an alarm or a page (decision 304).
   */
  private static final Set<String> CALLS_OUT =
      NameSet.of(
          "announce",
          "announcement",
          "announcements",
          "broadcast",
          "evacuate",
          "evacuation",
          "alarm",
          "siren",
          "page",
          "paging");

  /** A host, a port maybe, then a path: {@code localhost:8081/admin/…}, {@code 127.0.0.1/x}. */
  private static final java.util.regex.Pattern HOST_PATH =
      java.util.regex.Pattern.compile("[A-Za-z0-9.-]{1,253}(?::[0-9]{1,5})?/");

  private static boolean shared(Scan scan, Step step, List<Word> args, boolean http) {
    if (Environments.production(scan, step)) {
      return true;
    }
    for (Word word : args) {
      String text = word.text();
      if (text.length() < 128 && ShapeWords.PRODUCTION.contains(text.toLowerCase(Locale.ROOT))) {
        return true; // --url mainnet-beta, --network mainnet
      }
      if (ShapeWords.EVERYTHING.contains(text) || credential(text)) {
        return true;
      }
      if (text.regionMatches(true, 0, "authorization:", 0, 14)) {
        return true;
      }
      if (!text.startsWith("-") && userAtHost(text)) {
        return true;
      }
    }
    for (String host : Environments.hosts(step)) {
      if (host.equals("?")) {
        if (http) {
          return true; // curl -X POST "$HOOK_URL": a host the guard cannot know
        }
        continue;
      }
      if (!Environments.localHost(host)
          && !Environments.stagingHost(host)
          && !OtherHosts.linkLocalName(host)
          && !host.endsWith(".test")
          && host.contains(".")) {
        return true;
      }
    }
    return false;
  }

  static boolean credential(String text) {
    if (text.indexOf('$') < 0) {
      return false;
    }
    Matcher variable =
        FlowReading.VARIABLE.matcher(
            text.length() > ShapeWords.READ ? text.substring(0, ShapeWords.READ) : text);
    while (variable.find()) {
      if (SecretNames.secret(variable.group(1))) {
        return true;
      }
    }
    return false;
  }

  /** {@code user@host} or {@code user@host:path}: another machine, and not a mail address. */
  private static boolean userAtHost(String text) {
    int at = text.indexOf('@');
    if (at <= 0 || text.contains("://") || text.length() > 256) {
      return false;
    }
    String host = text.substring(at + 1);
    int colon = host.indexOf(':');
    if (colon < 0) {
      return false; // jdoe@acme.com: a mail address as often
    }
    host = host.substring(0, colon);
    return host.contains(".")
        && !Environments.localHost(host)
        && !Environments.stagingHost(host)
        && !OtherHosts.linkLocalName(host);
  }
}
