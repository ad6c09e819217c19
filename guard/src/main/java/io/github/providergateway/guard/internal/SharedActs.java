package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.guard.shell.Word;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
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
 * shape-words.json. Found after every other rule (the catalogue's last family).
 */
final class SharedActs {
  static final String RESOURCE = "/io/github/providergateway/guard/rules/shape-words.json";

  /** The longest inline code or word read: longer ones are read only so far. */
  private static final int READ = 8192;

  private static final int DEPTH;
  private static final int SCAN;
  private static final Set<String> VERBS;
  private static final Set<String> READS;
  private static final Set<String> ACTING_FLAGS;
  private static final Set<String> DRY_RUNS;
  private static final Set<String> EVERYTHING;
  private static final Set<String> METHODS;
  private static final Set<String> HTTP_CLIENTS;
  private static final Set<String> REMOTE_SHELLS;
  private static final Set<String> REMOTE_VERBS;
  private static final Set<String> REMOTE_READS;
  private static final Set<String> READ_MODULES;
  private static final Set<String> CODE_VERBS;
  private static final List<String> STORES;
  private static final Set<String> LOCAL;
  private static final Set<String> STRONG;
  private static final Set<String> SENDS;
  private static final List<String> SENDING_NAMES;
  private static final Set<String> EXTENSIONS;
  private static final Set<String> PRODUCTION;
  private static final Set<String> TEST_WORDS;
  private static final List<String> CLOUD_SDKS;
  private static final List<String> FORGES;
  private static final Set<String> NO_CONFIRM;
  private static final Set<String> SQL_WRITES;

  static {
    JsonNode book;
    try (InputStream in = SharedActs.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException("the guard's rule book has no shape-words.json");
      }
      book = new ObjectMapper().readTree(in);
    } catch (IOException e) {
      throw new UncheckedIOException("shape-words.json does not read", e);
    }
    DEPTH = book.path("depth").asInt(4);
    SCAN = book.path("scan").asInt(10);
    VERBS = set(book, "verbs");
    READS = set(book, "reads");
    ACTING_FLAGS = set(book, "actingFlags");
    DRY_RUNS = set(book, "dryRuns");
    EVERYTHING = set(book, "everything");
    METHODS = set(book, "methods");
    HTTP_CLIENTS = set(book, "httpClients");
    REMOTE_SHELLS = set(book, "remoteShells");
    REMOTE_VERBS = set(book, "remoteVerbs");
    REMOTE_READS = set(book, "remoteReadWords");
    READ_MODULES = set(book, "readModules");
    CODE_VERBS = set(book, "codeVerbs");
    STORES = strings(book, "stores");
    LOCAL = set(book, "local");
    STRONG = set(book, "strongVerbs");
    SENDS = set(book, "sendingOptions");
    SENDING_NAMES = strings(book, "sendingNames");
    EXTENSIONS = set(book, "fileExtensions");
    PRODUCTION = set(book, "productionWords");
    TEST_WORDS = set(book, "testWords");
    CLOUD_SDKS = strings(book, "cloudSdks");
    FORGES = strings(book, "forgeHosts");
    NO_CONFIRM = set(book, "noConfirm");
    SQL_WRITES = set(book, "sqlWrites");
    if (VERBS.isEmpty() || LOCAL.isEmpty()) {
      throw new IllegalStateException("shape-words.json names no verbs or no local programs");
    }
  }

  private SharedActs() {}

  private static Set<String> set(JsonNode book, String field) {
    return Set.copyOf(strings(book, field));
  }

  static List<String> strings(JsonNode book, String field) {
    JsonNode list = book.get(field);
    if (list == null || !list.isArray() || list.isEmpty()) {
      throw new IllegalStateException("shape-words.json has no list " + field);
    }
    List<String> out = new java.util.ArrayList<>();
    for (JsonNode item : list) {
      out.add(item.asText());
    }
    return List.copyOf(out);
  }

  /**
   * Adds the predicates.
   *
   * @param named the predicates by name
   */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put("shape-acts-on-shared", (scan, step, read) -> actsOnShared(scan, step));
    named.put("shape-remote-shell-acts", (scan, step, read) -> remoteShellActs(step));
    named.put("shape-code-acts-on-shared", (scan, step, read) -> codeActsOnShared(step));
  }

  /** A program no local tool: an acting verb, flag or HTTP write on something shared. */
  static boolean actsOnShared(Scan scan, Step step) {
    String program = step.program();
    boolean http = HTTP_CLIENTS.contains(program);
    List<Word> args = step.args();
    if (step.interpreter()) {
      args = scriptArguments(args); // python manage.py purge_documents --settings=…production
      if (args == null) {
        return false;
      }
    } else if (!http && LOCAL.contains(program)) {
      // a local tool: only a statement that changes production's rows (psql "$PROD_URL" -c UPDATE)
      return sqlWrite(args) && !dryRun(args) && production(scan, step, args);
    }
    List<Word> words = step.invocation().words();
    if (words.isEmpty() || words.get(0).text().contains("/") && !step.interpreter()) {
      return false; // the project's own script (./bin/x)
    }
    if (dryRun(args) || TestEndpoints.in(step) || Environments.testName(program)) {
      return false; // solana-test-validator, a test endpoint
    }
    if (http) {
      return httpWrite(program, args) && httpShared(scan, step, args);
    }
    if (localOrTest(step, args)) {
      return false;
    }
    boolean production = production(scan, step, args);
    if (strongVerb(args) && (production || remoteNamed(step))) {
      return true; // typesense-cli collections drop products --host search.acme.com
    }
    if (!production) {
      // no production named: an act that carries a credential's variable (a key of the service's)
      return credential(args) && (acts(args) || sendingName(program) && hostNamed(args, step));
    }
    // production named: a statement, a destroy it is told not to confirm, an acting verb or flag
    return sqlWrite(args) || unconfirmedDestroy(args) || acts(args);
  }

  private static boolean production(Scan scan, Step step, List<Word> args) {
    if (Environments.production(scan, step)) {
      return true;
    }
    for (Word word : args) {
      String text = word.text();
      if (EVERYTHING.contains(text)
          || text.length() < 128 && PRODUCTION.contains(text.toLowerCase(Locale.ROOT))) {
        return true; // --url mainnet-beta, --all
      }
    }
    return false;
  }

  private static boolean credential(List<Word> args) {
    for (Word word : args) {
      if (credential(word.text())) {
        return true;
      }
    }
    return false;
  }

  private static boolean remoteNamed(Step step) {
    for (String host : Environments.hosts(step)) {
      if (!host.equals("?") && host.contains(".") && otherMachine(host)) {
        return true;
      }
    }
    return false;
  }

  /**
   * The words after a script an interpreter runs ({@code python x.py …}) or a module ({@code python
   * -m espefuse …}), or {@code null}.
   */
  private static List<Word> scriptArguments(List<Word> args) {
    if (args.isEmpty()) {
      return null;
    }
    String first = args.get(0).text();
    if (first.equals("-m") && args.size() > 2) {
      return LOCAL.contains(args.get(1).text()) ? null : args.subList(2, args.size());
    }
    int dot = first.lastIndexOf('.');
    if (first.startsWith("-") || dot < 0 || !SCRIPTS.contains(first.substring(dot + 1))) {
      return null;
    }
    return args.subList(1, args.size());
  }

  private static final Set<String> SCRIPTS =
      Set.of("py", "js", "mjs", "cjs", "ts", "rb", "php", "pl");

  /**
   * A destroying verb (a command word's or an option's part: luksErase, --delete-secret-keys) with
   * a flag that answers its question before it is asked (-y, --yes, --batch-mode, -f).
   */
  static boolean unconfirmedDestroy(List<Word> args) {
    boolean unconfirmed = false;
    boolean destroys = false;
    for (int i = 0; i < args.size() && i < 2 * SCAN; i++) {
      Word word = args.get(i);
      String text = word.text();
      if (!word.literal() || text.length() > 64) {
        continue;
      }
      if (NO_CONFIRM.contains(text)
          || text.length() <= 4
              && text.startsWith("-")
              && !text.startsWith("--")
              && (text.indexOf('y') > 0 || text.indexOf('f') > 0)
              && text.chars().allMatch(Character::isLetter)) {
        unconfirmed = true;
        continue;
      }
      for (String part : ServiceVerbs.split(text.startsWith("--") ? text.substring(2) : text)) {
        if (STRONG.contains(part)) {
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
      String keyword = text.substring(0, end).toUpperCase(Locale.ROOT);
      if (SQL_WRITES.contains(keyword) && end < text.length() && text.charAt(end) == ' ') {
        return true;
      }
    }
    return false;
  }

  private static boolean strongVerb(List<Word> args) {
    int taken = 0;
    boolean strong = false;
    for (int i = 0; i < args.size() && i < SCAN && taken < DEPTH; i++) {
      Word word = args.get(i);
      String text = word.text();
      if (text.equals("--")) {
        break;
      }
      if (text.startsWith("-") || !word.literal() || text.isEmpty() || text.length() > 64) {
        continue;
      }
      taken++;
      for (String part : commandParts(text)) {
        if (READS.contains(part)) {
          return false;
        }
        strong |= STRONG.contains(part);
      }
    }
    return strong;
  }

  /** The project's forge's or a package registry's host: their writes are the forge families'. */
  private static boolean forge(String host) {
    String h = host.toLowerCase(Locale.ROOT);
    for (String forge : FORGES) {
      if (h.equals(forge) || h.endsWith("." + forge)) {
        return true;
      }
    }
    return false;
  }

  /** A host of this machine's, or a word naming test data (scratch, /tmp/borg-test, dev). */
  static boolean localOrTest(Step step, List<Word> args) {
    for (String host : Environments.hosts(step)) {
      if (Environments.localHost(host)) {
        return true;
      }
    }
    for (Word word : args) {
      String text = word.text();
      if (text.length() < 128
          && (Environments.testName(text)
              || TEST_WORDS.contains(text)
              || Environments.stagingHost(text))) {
        return true;
      }
      if (text.length() < 128 && text.toLowerCase(Locale.ROOT).contains("backup")) {
        return true; // a copy made to keep: the safe side of an act
      }
      if (text.length() < 128 && text.indexOf('.') > 0) {
        String last = text.substring(text.lastIndexOf('.') + 1);
        if (TEST_WORDS.contains(last)) {
          return true; // com.acme.shop.debug
        }
      }
    }
    return false;
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

  static boolean dryRun(List<Word> args) {
    for (Word word : args) {
      String text = word.text();
      if (DRY_RUNS.contains(text)
          || text.startsWith("--dry-run=")
          || text.startsWith("--dry_run=")) {
        return true;
      }
    }
    return false;
  }

  static boolean acts(List<Word> args) {
    int taken = 0;
    boolean verb = false;
    for (int i = 0; i < args.size() && i < SCAN && taken < DEPTH; i++) {
      Word word = args.get(i);
      String text = word.text();
      if (text.equals("--")) {
        break;
      }
      if (text.startsWith("-") || !word.literal() || text.isEmpty() || text.length() > 64) {
        continue;
      }
      taken++;
      for (String part : commandParts(text)) {
        if (READS.contains(part)) {
          return false; // list, get, describe, validate: a read, wherever among the words
        }
        verb |= VERBS.contains(part);
      }
    }
    if (verb) {
      return true;
    }
    for (Word word : args) {
      String text = word.text();
      int eq = text.indexOf('=');
      String option = eq > 0 ? text.substring(0, eq) : text;
      if (ACTING_FLAGS.contains(option)) {
        return true;
      }
      if (option.startsWith("--") && option.length() < 40) {
        String first = ServiceVerbs.split(option.substring(2)).get(0);
        if (STRONG.contains(first) || SENDS.contains(first)) {
          return true; // --send, --delete-data, --purge
        }
      }
    }
    return false;
  }

  /** A command word's verbs: its first part, and the first after each colon (sites:delete). */
  private static List<String> commandParts(String text) {
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
    for (String stem : SENDING_NAMES) {
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
        && !Environments.stagingHost(host)
        && !host.endsWith(".local")
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
        && !EXTENSIONS.contains(last.toLowerCase(Locale.ROOT))
        && text.chars().allMatch(c -> c == '.' || c == '-' || Character.isLetterOrDigit(c));
  }

  /**
   * An HTTP client's write: PUT, PATCH or DELETE, or a POST (a method, a body, an upload) to a path
   * one of whose segments destroys ({@code /zones/Z/purge}, {@code /lifecycle/deactivate}); a POST
   * that creates, sends or asks (a completion, a search, a message) is the other families' to read.
   */
  static boolean httpWrite(String program, List<Word> args) {
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
          && METHODS.contains(text)
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
    return post && !get && destroyingPath(args);
  }

  private static boolean destroyingPath(List<Word> args) {
    for (Word word : args) {
      String text = word.text();
      int scheme = text.indexOf("://");
      if (scheme < 0 || text.length() > 2048) {
        continue;
      }
      int path = text.indexOf('/', scheme + 3);
      if (path < 0) {
        continue;
      }
      int query = text.indexOf('?', path);
      String rest = text.substring(path + 1, query < 0 ? text.length() : query);
      if (text.contains("cache")) {
        continue; // a cache's purge: what it held is fetched again
      }
      for (String segment : rest.split("/")) {
        boolean strong = false;
        boolean read = false;
        for (String part : ServiceVerbs.split(segment)) {
          strong |= STRONG.contains(part);
          read |= READS.contains(part);
        }
        if (strong && !read) {
          return true;
        }
      }
    }
    return false;
  }

  private static boolean shared(Scan scan, Step step, List<Word> args, boolean http) {
    if (Environments.production(scan, step)) {
      return true;
    }
    for (Word word : args) {
      String text = word.text();
      if (text.length() < 128 && PRODUCTION.contains(text.toLowerCase(Locale.ROOT))) {
        return true; // --url mainnet-beta, --network mainnet
      }
      if (EVERYTHING.contains(text) || credential(text)) {
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
          && !host.endsWith(".local")
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
        FlowReading.VARIABLE.matcher(text.length() > READ ? text.substring(0, READ) : text);
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
        && !host.endsWith(".local");
  }

  /** {@code ssh host 'sudo systemctl stop x'}, {@code ansible all -b -m reboot}. */
  static boolean remoteShellActs(Step step) {
    String program = step.program();
    List<Word> args = step.args();
    if (program.equals("ansible")) {
      return ansibleActs(args);
    }
    if (!REMOTE_SHELLS.contains(program)) {
      return false;
    }
    String host = null;
    StringBuilder remote = new StringBuilder();
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if (host == null) {
        if (text.startsWith("-")) {
          if (text.length() == 2 && "bcDEeFIiJLlmOopQRSWw".indexOf(text.charAt(1)) >= 0) {
            i++; // the option's value
          }
          continue;
        }
        host = text;
        continue;
      }
      remote.append(text).append(' ');
    }
    if (host == null || remote.isEmpty()) {
      return false; // a login or a tunnel: other rules read those
    }
    String h = host.substring(host.lastIndexOf('@') + 1);
    if (Environments.localHost(h) || h.endsWith(".local") || Environments.stagingHost(h)) {
      return false;
    }
    String command = remote.length() > READ ? remote.substring(0, READ) : remote.toString();
    if (DeviceCliReads.reads(command)) {
      return false; // a router's show ip bgp summary (decision 122)
    }
    boolean acting = false;
    for (String token : command.split("[\\s;|&'\"()`]+")) {
      if (token.isEmpty()) {
        continue;
      }
      String lower = token.toLowerCase(Locale.ROOT);
      if (REMOTE_VERBS.contains(lower)
          || VERBS.contains(lower) && !REMOTE_READS.contains(lower)
          || lower.equals("update")
          || lower.equals("delete")) {
        acting = true;
      }
    }
    if (!acting && !DeviceCliReads.deviceActs(command)) {
      return false;
    }
    // sudo systemctl status x, psql -c 'select …': a read on the host
    for (String token : command.split("[\\s;|&'\"()`]+")) {
      String lower = token.toLowerCase(Locale.ROOT);
      if (lower.equals("status") || lower.equals("select") || lower.equals("list")) {
        return hasWriteWord(command);
      }
    }
    return true;
  }

  private static boolean hasWriteWord(String command) {
    for (String token : command.split("[\\s;|&'\"()`]+")) {
      String lower = token.toLowerCase(Locale.ROOT);
      if (VERBS.contains(lower) && !lower.equals("set") && !REMOTE_READS.contains(lower)) {
        return true;
      }
    }
    return false;
  }

  private static boolean ansibleActs(List<Word> args) {
    String module = "command";
    boolean become = false;
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if ((text.equals("-m") || text.equals("--module-name")) && i + 1 < args.size()) {
        module = args.get(i + 1).text();
        module = module.substring(module.lastIndexOf('.') + 1);
      } else if (text.equals("-b") || text.equals("--become")) {
        become = true;
      } else if (text.equals("--check") || text.equals("-C")) {
        return false;
      }
    }
    if (READ_MODULES.contains(module)) {
      return false;
    }
    return become || !module.equals("command") && !module.equals("shell");
  }

  /** Inline code that calls an acting method of a client, on something shared. */
  static boolean codeActsOnShared(Step step) {
    String code = sharedCode(step, List.of());
    return code != null && (actingCall(code) || writeMethod(code) || sqlWriteIn(code));
  }

  /**
   * An interpreter's inline code (its first 8 KiB) that reaches something shared: it names
   * production, reads a credential from the environment, names a host not this machine's, an object
   * store, a cloud's SDK or one of {@code clients}; a test endpoint or a local host and it does
   * not. {@code null} for none.
   */
  static String sharedCode(Step step, List<String> clients) {
    if (!step.interpreter()) {
      return null;
    }
    String whole = InterpreterCode.of(step);
    if (whole == null) {
      return null;
    }
    String code = whole.length() > READ ? whole.substring(0, READ) : whole;
    if (TestEndpoints.names(code) || code.contains("'test'") || code.contains("\"test\"")) {
      return null; // a test endpoint, domain='test'
    }
    boolean local = code.contains("localhost") || code.contains("127.0.0.1");
    boolean production = Environments.namesProduction(code);
    if (local && !production) {
      return null;
    }
    boolean shared =
        production
            || secretFromEnvironment(code)
            || remoteHost(code)
            || store(code)
            || cloudSdk(code)
            || clients.stream().anyMatch(code::contains);
    return shared ? code : null;
  }

  /** A statement that changes rows, quoted in the code: {@code execute('DELETE FROM orders')}. */
  static boolean sqlWriteIn(String code) {
    for (int i = 0; i < code.length(); i++) {
      char c = code.charAt(i);
      if (c != '\'' && c != '"') {
        continue;
      }
      int end = i + 1;
      while (end < code.length() && end < i + 17 && Character.isLetter(code.charAt(end))) {
        end++;
      }
      if (end < code.length()
          && code.charAt(end) == ' '
          && SQL_WRITES.contains(code.substring(i + 1, end).toUpperCase(Locale.ROOT))) {
        return true;
      }
    }
    return false;
  }

  /**
   * A request's changing method written in the code: {@code method: 'PUT'}, {@code
   * method="DELETE"}.
   */
  private static boolean writeMethod(String code) {
    for (int at = code.indexOf("method"); at >= 0; at = code.indexOf("method", at + 6)) {
      int from = at + 6;
      int to = Math.min(code.length(), from + 12);
      String after = code.substring(from, to).toUpperCase(Locale.ROOT);
      for (String method : METHODS) {
        if (method.equals("POST")) {
          continue; // a POST sends or creates: the flows and the sending families read those
        }
        int found = after.indexOf(method);
        if (found >= 0 && found <= 4) {
          return true;
        }
      }
    }
    return false;
  }

  private static boolean cloudSdk(String code) {
    for (String sdk : CLOUD_SDKS) {
      if (code.contains(sdk)) {
        return true;
      }
    }
    return false;
  }

  private static boolean actingCall(String code) {
    for (int dot = code.indexOf('.'); dot >= 0; dot = code.indexOf('.', dot + 1)) {
      int end = dot + 1;
      while (end < code.length() && Character.isJavaIdentifierPart(code.charAt(end))) {
        end++;
      }
      if (end == dot + 1 || end >= code.length() || code.charAt(end) != '(') {
        continue;
      }
      String name = code.substring(dot + 1, end);
      List<String> parts = ServiceVerbs.split(name);
      String first = parts.get(0);
      if (READS.contains(first)) {
        continue;
      }
      if (CODE_VERBS.contains(first) || CODE_VERBS.contains(name.toLowerCase(Locale.ROOT))) {
        return true;
      }
    }
    return false;
  }

  private static boolean secretFromEnvironment(String code) {
    for (String reader : new String[] {"environ", "getenv", "process.env", "ENV[", "Bun.env"}) {
      for (int at = code.indexOf(reader); at >= 0; at = code.indexOf(reader, at + 1)) {
        int end = Math.min(code.length(), at + reader.length() + 48);
        String after = code.substring(at + reader.length(), end);
        int start = 0;
        while (start < after.length() && !Character.isLetter(after.charAt(start))) {
          start++;
        }
        int stop = start;
        while (stop < after.length() && Character.isJavaIdentifierPart(after.charAt(stop))) {
          stop++;
        }
        if (stop > start && SecretNames.secret(after.substring(start, stop))) {
          return true;
        }
      }
    }
    return false;
  }

  private static boolean remoteHost(String code) {
    for (int at = code.indexOf("://"); at >= 0; at = code.indexOf("://", at + 3)) {
      int start = at;
      while (start > 0 && Character.isLetter(code.charAt(start - 1))) {
        start--;
      }
      String scheme = code.substring(start, at).toLowerCase(Locale.ROOT);
      if (!scheme.startsWith("http") && !scheme.equals("wss") && !scheme.startsWith("mqtt")) {
        continue;
      }
      String host = Environments.host(code.substring(start, Math.min(code.length(), at + 256)));
      int quote = indexOfAny(host, "'\"` ");
      if (quote >= 0) {
        host = host.substring(0, quote);
      }
      if (!Environments.localHost(host) && !Environments.stagingHost(host)) {
        return true;
      }
    }
    int hostname = code.indexOf("hostname=");
    return hostname >= 0 && !code.startsWith("'localhost'", hostname + 9);
  }

  private static int indexOfAny(String text, String chars) {
    for (int i = 0; i < text.length(); i++) {
      if (chars.indexOf(text.charAt(i)) >= 0) {
        return i;
      }
    }
    return -1;
  }

  static boolean store(String code) {
    for (String store : STORES) {
      if (code.contains(store)) {
        return true;
      }
    }
    return false;
  }
}
