package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * What the rules call production and local test data (decision 92), one notion for every family:
 * the book's {@code rules/environments.json}, read once. The {@code db.*}, {@code infra.*} and
 * {@code production.*} rules ask it through {@link #production(Scan, Step)} and {@link
 * #localTestData(Scan, Step)} (the predicates {@code production-target} and {@code
 * local-test-data}), so that a call is never both. Every test here reads words already split by the
 * parse, a character at a time: no pattern, nothing read from the disk after the first guard.
 */
final class Environments {
  static final String RESOURCE = "/io/github/providergateway/guard/rules/environments.json";

  private static final Set<String> PRODUCTION_NAMES;
  private static final Set<String> NOT_PREFIXES;
  private static final Set<String> LOCAL_HOSTS;
  private static final Set<String> COMPOSE_SERVICES;
  private static final Set<String> TEST_NAMES;
  private static final List<String> LOCAL_CLUSTERS;
  private static final Set<String> ENVIRONMENT_VARIABLES;
  private static final Set<String> STAGING_NAMES;
  private static final List<Service> SERVICES;

  /**
   * A production side effect over HTTP: a request to one of {@code hosts} (any host where empty)
   * whose path holds one of {@code paths}, by one of {@code methods}, with a word holding one of
   * {@code also} (where given), and none holding one of {@code unless}.
   *
   * @param name the predicate's name after {@code service-}
   * @param hosts host names (a URL's host ends with one)
   * @param paths parts of a path
   * @param methods HTTP methods, upper case
   * @param also words one of which the request holds, or none
   * @param unless words that make the request not this service's (a test key)
   * @param production whether the request counts only where the call names production (the
   *     predicate is then {@code production-service-<name>})
   */
  record Service(
      String name,
      List<String> hosts,
      List<String> paths,
      List<String> methods,
      List<String> also,
      List<String> unless,
      boolean production) {}

  static {
    JsonNode book;
    try (InputStream in = Environments.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException("the guard's rule book has no environments.json");
      }
      book = new ObjectMapper().readTree(in);
    } catch (IOException e) {
      throw new UncheckedIOException("environments.json does not read", e);
    }
    PRODUCTION_NAMES = Set.copyOf(strings(book, "productionNames"));
    NOT_PREFIXES = Set.copyOf(strings(book, "notPrefixes"));
    LOCAL_HOSTS = Set.copyOf(strings(book, "localHosts"));
    COMPOSE_SERVICES = Set.copyOf(strings(book, "composeServices"));
    TEST_NAMES = Set.copyOf(strings(book, "testNames"));
    LOCAL_CLUSTERS = strings(book, "localClusters");
    Set<String> variables = new java.util.HashSet<>();
    for (JsonNode name : book.path("environmentVariables")) {
      variables.add(name.asText()); // upper case, as assigned
    }
    ENVIRONMENT_VARIABLES = Set.copyOf(variables);
    STAGING_NAMES = Set.copyOf(strings(book, "stagingNames"));
    List<Service> services = new ArrayList<>();
    for (JsonNode row : book.path("services")) {
      services.add(
          new Service(
              row.path("name").asText(),
              optional(row, "hosts"),
              strings(row, "paths"),
              strings(row, "methods"),
              optional(row, "also"),
              optional(row, "unless"),
              row.path("production").asBoolean(false)));
    }
    if (services.isEmpty()) {
      throw new IllegalStateException("environments.json has no services");
    }
    SERVICES = List.copyOf(services);
  }

  /** {@return the production side effects over HTTP, in the file's order} */
  static List<Service> services() {
    return SERVICES;
  }

  private static List<String> optional(JsonNode row, String field) {
    JsonNode list = row.get(field);
    return list == null || list.isEmpty() ? List.of() : strings(row, field);
  }

  private Environments() {}

  static List<String> strings(JsonNode book, String field) {
    JsonNode list = book.get(field);
    if (list == null || !list.isArray() || list.isEmpty()) {
      throw new IllegalStateException("environments.json has no list " + field);
    }
    List<String> out = new ArrayList<>();
    for (JsonNode item : list) {
      out.add(item.asText().toLowerCase(Locale.ROOT));
    }
    return List.copyOf(out);
  }

  /**
   * Whether a text names production: one of its parts (split at what is neither a letter nor a
   * digit, between letters and digits, and where camel case starts a word) is a production name not
   * right after a "not" prefix.
   */
  static boolean namesProduction(String text) {
    return namedByName(text) || ProductionTiers.names(text);
  }

  /** Whether a part of the text is one of production's names, its tiers ({@code p1}) aside. */
  static boolean namedByName(String text) {
    return hasPart(text, PRODUCTION_NAMES, true);
  }

  /**
   * Whether a written file is a test's or CI's own by its name or a folder of the project it is in
   * ({@code docker-compose.test.yml}, {@code ci/mysql/ci.cnf}, {@code tests/fixtures/db.conf}):
   * settings there configure a throwaway server, not a shared one. A path outside the project is
   * read by its name alone.
   *
   * @param file the file's path as the call names it
   * @param project the session's project, or null
   */
  static boolean testFile(String file, java.nio.file.Path project) {
    String shown = file;
    if (project != null && file.startsWith(project + "/")) {
      shown = file.substring(project.toString().length() + 1);
    } else if (file.indexOf('/') >= 0) {
      shown = file.substring(file.lastIndexOf('/') + 1);
    }
    return shown.length() < 512 && testName(shown);
  }

  /** Whether a name says test or development by a part ({@code /dev/…} not: decision 305). */
  static boolean testName(String name) {
    return hasPart(name.startsWith("/dev/") ? name.substring(5) : name, TEST_NAMES, false);
  }

  private static boolean hasPart(String text, Set<String> names, boolean negatable) {
    String previous = "";
    int start = -1;
    for (int i = 0; i <= text.length(); i++) {
      char c = i < text.length() ? text.charAt(i) : ' ';
      boolean part = Character.isLetterOrDigit(c);
      boolean split =
          start >= 0
              && (!part
                  || Character.isDigit(c) != Character.isDigit(text.charAt(start))
                  // production's names read camel case too ($ShopProdUrl); a test's do not,
                  // where a part read wrongly would call production data a test's.
                  || negatable
                      && Character.isUpperCase(c)
                      && Character.isLowerCase(text.charAt(i - 1)));
      if (split) {
        String word = text.substring(start, i).toLowerCase(Locale.ROOT);
        if (names.contains(word) && !(negatable && NOT_PREFIXES.contains(previous))) {
          return true;
        }
        previous = word;
        start = -1;
      }
      if (part && start < 0) {
        start = i;
      }
    }
    return false;
  }

  /** Whether a host's name says staging or development (not its company's .local: d. 176). */
  static boolean stagingHost(String host) {
    String named = OtherHosts.withoutCompanyDomain(host);
    return hasPart(named, STAGING_NAMES, false) && !namesProduction(named);
  }

  /** Whether a variable names a framework's environment ({@code RAILS_ENV}), as the book lists. */
  static boolean environmentVariable(String name) {
    return ENVIRONMENT_VARIABLES.contains(name);
  }

  /** Whether a host is this machine. */
  static boolean localHost(String host) {
    String h = host.toLowerCase(Locale.ROOT);
    return LOCAL_HOSTS.contains(h) || loopbackAddress(h) || Hosts.localName(h);
  }

  /** {@code 127.0.0.1} and the rest of 127/8 as an address, not a name that begins so. */
  private static boolean loopbackAddress(String host) {
    String[] parts = host.split("\\.", -1);
    if (parts.length != 4 || !parts[0].equals("127")) {
      return false;
    }
    for (String part : parts) {
      if (part.isEmpty() || part.length() > 3 || !part.chars().allMatch(Character::isDigit)) {
        return false;
      }
    }
    return true;
  }

  /**
   * Whether a host is a docker-compose service's name ({@code db}, {@code postgres}): this
   * machine's for a database with a test name only, since a name of one label may also be found
   * through a search domain.
   */
  static boolean composeService(String host) {
    return COMPOSE_SERVICES.contains(host.toLowerCase(Locale.ROOT));
  }

  /** Whether a Kubernetes context is a cluster on this machine (kind, minikube, k3d, …). */
  static boolean localCluster(String context) {
    String c = context.toLowerCase(Locale.ROOT);
    for (String start : LOCAL_CLUSTERS) {
      if (c.startsWith(start)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether the call names production for this program: one of its words (as the program gets it or
   * as the command wrote it: {@code "$PROD_DATABASE_URL"}), a variable assigned in the command
   * ({@code RAILS_ENV=production}) or a folder it changes to ({@code cd envs/prod}).
   */
  static boolean production(Scan scan, Step step) {
    return ProductionTiers.wordsName(step.args()) || productionAround(scan, step);
  }

  /**
   * Whether the call names production around the program rather than in its words: a folder it
   * changes to, a container it runs in, a variable the command assigns.
   */
  static boolean productionAround(Scan scan, Step step) {
    for (Path cwd : step.cwds()) {
      Path name = cwd == null ? null : cwd.getFileName(); // after cd $X: a folder nobody knows
      if (name != null && namesProduction(name.toString())) {
        return true;
      }
    }
    if (!step.invocation().via().isEmpty() && byItsContainer(scan, step)) {
      return true;
    }
    String source = scan.source();
    if (source == null) {
      return false; // a file's content: no command text around it
    }
    // The same call asks once per program: read its text once a call.
    return scan.<Boolean>once(
        "Environments.source", call -> assignsOrEntersProduction(call.source()));
  }

  /**
   * Whether the program runs inside a container or a pod that the command names for production:
   * {@code docker exec shop-prod-db psql …}, {@code kubectl --context prod-eu exec … -- psql}.
   */
  private static boolean byItsContainer(Scan scan, Step step) {
    String via = step.invocation().via().get(0);
    int blank = via.indexOf(' ');
    String outer = blank > 0 ? via.substring(0, blank) : via;
    for (Step other : scan.steps()) {
      if (other != step && other.program().equals(outer) && other.invocation().via().isEmpty()) {
        String option = "";
        for (Word word : other.args()) {
          if (namesProduction(word.text()) && !ProductionAims.noPlace(option, word.text())) {
            return true; // not python -m pipeline.send --volume TEST-PROD-001 (decision 216)
          }
          option = word.text() != null && word.text().startsWith("-") ? word.text() : "";
        }
      }
    }
    return false;
  }

  /**
   * Whether the command's text assigns a variable a production value ({@code
   * DJANGO_SETTINGS_MODULE=shop.settings.production}) or one fetched from production's secrets, or
   * changes to a production folder ({@code cd terraform/envs/prod}).
   */
  static boolean assignsOrEntersProduction(String source) {
    boolean afterCd = false;
    for (String token : CommandTokens.of(source)) {
      // As the shell hands the value on: RAILS_ENV=pro""duction, RAILS_ENV=pro\duction. Only a
      // folder after cd or an assignment (an = in the token) is read: most tokens are neither.
      if (afterCd || token.indexOf('=') >= 0) {
        String value = token.replace("\"", "").replace("'", "").replace("\\", "");
        if (afterCd && namesProduction(value) || assignment(value) && namesProduction(value)) {
          return true;
        }
      }
      // A folder changed to, or a file of variables read in: . ./config/env/production.env
      afterCd =
          token.equals("cd")
              || token.equals("pushd")
              || token.equals("source")
              || token.equals(".");
    }
    return FetchedValues.fromProduction(source); // DATABASE_URL=$(aws ssm … /prod/db) (d. 285)
  }

  /**
   * The values the command's text assigns {@code variable} ({@code PGHOST=10.0.3.17 psql …}), each
   * as the shell hands it on (quotes taken off), in order; a longer name that ends the same ({@code
   * MY_PGHOST=…}) is another variable.
   *
   * @param source the command's text
   * @param variable the variable's name
   * @return the values, empty for none
   */
  static List<String> assignedValues(String source, String variable) {
    List<String> values = new ArrayList<>(0);
    for (int at = source.indexOf(variable + "=");
        at >= 0;
        at = source.indexOf(variable + "=", at + 1)) {
      if (at > 0
          && (Character.isLetterOrDigit(source.charAt(at - 1)) || source.charAt(at - 1) == '_')) {
        continue;
      }
      int start = at + variable.length() + 1;
      int end = start;
      while (end < source.length()
          && !Character.isWhitespace(source.charAt(end))
          && ";&|)".indexOf(source.charAt(end)) < 0) {
        end++;
      }
      values.add(source.substring(start, end).replace("\"", "").replace("'", ""));
    }
    return values;
  }

  /** {@code NAME=value}: an upper-case variable's name before the first {@code =}. */
  static boolean assignment(String token) {
    int eq = token.indexOf('=');
    if (eq <= 0) {
      return false;
    }
    for (int i = 0; i < eq; i++) {
      char c = token.charAt(i);
      if (!(c >= 'A' && c <= 'Z' || c == '_' || i > 0 && c >= '0' && c <= '9')) {
        return false;
      }
    }
    return true;
  }

  /**
   * Whether the program works on local test data only, and nothing of the call names production: a
   * local cluster's context (kubectl, helm), a SQLite file of the project or {@code /tmp}, a SQL
   * client on this machine's test or development database, or a store (Redis, a search index, a
   * queue) whose every host named is this machine's.
   */
  static boolean localTestData(Scan scan, Step step) {
    // Where the program works first (most calls: a remote host, no claim), production after.
    return localPlace(scan, step) && !production(scan, step) && !Tunnels.opens(scan);
  }

  private static boolean localPlace(Scan scan, Step step) {
    String program = step.program();
    switch (program) {
      case "kubectl", "oc", "kubecolor", "helm" -> {
        String context =
            Argv.of(step.args(), "n", "context", "kube-context", "namespace").value("context");
        String helm = Argv.of(step.args(), "n", "kube-context", "namespace").value("kube-context");
        String named = context != null ? context : helm;
        return named != null && localCluster(named);
      }
      case "sqlite3", "sqlite", "litecli" -> {
        for (Word word : step.args()) {
          String t = word.text();
          if (!t.startsWith("-")) {
            // A file of the project or /tmp whose name says test or development (test.db,
            // db/development.sqlite3); the project's app.db may be the only copy of its data.
            return word.literal()
                && !t.contains("..")
                && (t.startsWith("/tmp/") || !t.startsWith("/") && !t.startsWith("~"))
                && testName(t);
          }
        }
        return false;
      }
      case "psql", "mysql", "mariadb", "pg_restore", "sqlcmd" -> {
        return TestDatabases.isLocalTestClient(scan, step);
      }
      case "twilio" -> {
        // Twilio's test credentials answer only calls from its magic numbers: nothing is sent.
        return TelephonyActs.magicNumbers(step.invocation().args());
      }
      case "restic", "borg", "kopia" -> {
        return BackupRepositories.localTest(scan, step);
      }
      case "supabase" -> {
        // supabase db reset works on the local stack unless --linked or --db-url says otherwise;
        // its other commands (projects delete, secrets, functions deploy) speak to the platform.
        List<String> args = step.invocation().args();
        String command = "";
        for (String arg : args) {
          if (arg.startsWith("--linked") || arg.startsWith("--db-url")) {
            return false;
          }
          if (command.isEmpty() && !arg.startsWith("-")) {
            command = arg;
          }
        }
        return LOCAL_SUPABASE.contains(command);
      }
      case "rails",
          "rake",
          "bundle",
          "python",
          "python3",
          "pypy3",
          "manage.py",
          "django-admin",
          "php",
          "artisan",
          "mix",
          "flyway",
          "liquibase",
          "sequelize",
          "sequelize-cli",
          "prisma",
          "knex",
          "dotnet",
          "alembic",
          "dbmate" -> {
        return FrameworkEnvironments.testEnvironment(scan, step);
      }
      default -> {
        List<String> hosts = hosts(step);
        if (hosts.isEmpty()) {
          return false;
        }
        for (Word word : step.args()) {
          String t = word.text();
          if (t.contains("/_all") || t.endsWith("/*") || t.endsWith("/_all")) {
            return false; // every index or key of the store: not one test's data
          }
        }
        for (String host : hosts) {
          if (!localHost(host)) {
            return false;
          }
        }
        return true;
      }
    }
  }

  /** Supabase's commands that work on the local stack (the others speak to the platform). */
  private static final Set<String> LOCAL_SUPABASE =
      NameSet.of("db", "migration", "start", "stop", "status", "seed", "test");

  /** Options whose value is a host, or a host and port, or a URL. */
  private static final Set<String> HOST_OPTIONS =
      NameSet.of(
          "-h",
          "--host",
          "--hostname",
          "--bootstrap-server",
          "--bootstrap-servers",
          "--brokers",
          "--server",
          "--url",
          "--endpoint-url",
          "--endpoint",
          "--uri");

  /**
   * The hosts a program is given: each URL's ({@code scheme://[user@]host[:port]/…}) and each host
   * option's ({@code -h 127.0.0.1}, {@code --bootstrap-server localhost:9092}). A word the guard
   * cannot know ({@code $URL}) is a host that is not this machine's.
   */
  static List<String> hosts(Step step) {
    List<String> hosts = new ArrayList<>();
    List<Word> args = step.args();
    for (int i = 0; i < args.size(); i++) {
      Word word = args.get(i);
      String text = word.text();
      String value = null;
      int eq = text.indexOf('=');
      if (text.startsWith("--") && eq > 0 && HOST_OPTIONS.contains(text.substring(0, eq))) {
        value = text.substring(eq + 1);
      } else if (HOST_OPTIONS.contains(text) && i + 1 < args.size()) {
        Word next = args.get(++i);
        value = next.literal() ? next.text() : "?";
      } else if (text.contains("://")) {
        value = word.literal() || PlainHosts.inUrl(text) ? text : "?";
      } else if (text.startsWith("localhost:") || text.startsWith("127.0.0.1:")) {
        value = text; // curl localhost:9200/index
      } else if (!word.literal() && !text.startsWith("-") && !text.startsWith("~/")) {
        value = "?"; // curl "$ES_URL/orders": a host the guard cannot know; ~/x.dump a path
      }
      if (value != null) {
        if (value.equals("?")) {
          hosts.add(value);
        } else {
          hosts.addAll(hostsOf(value));
        }
      }
    }
    return hosts;
  }

  /** The host of a URL or of {@code host:port}. */
  /**
   * Every host a value names: each of a list ({@code localhost:9092,kafka-1:9092}, a MongoDB seed
   * list {@code mongodb://a:27017,b:27017/db}) and a URL's {@code host=} or {@code hostaddr=} query
   * parameters, which libpq takes over the URL's own host.
   *
   * @param value an option's value or a URL
   * @return the hosts, the first as {@link #host} reads it
   */
  static List<String> hostsOf(String value) {
    String rest = value.contains("://") ? value.substring(value.indexOf("://") + 3) : value;
    int slash = rest.indexOf('/');
    String authority = slash >= 0 ? rest.substring(0, slash) : rest;
    List<String> hosts = new ArrayList<>();
    String scheme = value.contains("://") ? value.substring(0, value.indexOf("://") + 3) : "";
    String[] parts = authority.split(",");
    for (int i = 0; i < parts.length; i++) {
      String part = parts[i];
      if (i == 1 && parts.length == 2 && part.matches("\\d{1,5}")) {
        continue; // SQL Server's host,port: sqlcmd -S localhost,1433
      }
      if (!part.isEmpty()) {
        hosts.add(host(scheme + (i == 0 ? part.replaceFirst("^(?i)tcp:", "") : part)));
      }
    }
    int query = value.indexOf('?');
    if (query >= 0) {
      for (String pair : value.substring(query + 1).split("[&;]")) {
        if (pair.startsWith("host=") || pair.startsWith("hostaddr=")) {
          for (String h : pair.substring(pair.indexOf('=') + 1).split(",")) {
            hosts.add(host(h));
          }
        }
      }
    }
    return hosts.isEmpty() ? List.of(host(value)) : hosts;
  }

  static String host(String value) {
    String rest = value.contains("://") ? value.substring(value.indexOf("://") + 3) : value;
    int end = rest.length();
    for (char stop : new char[] {'/', '?', '#', ',', ';'}) {
      int at = rest.indexOf(stop);
      if (at >= 0 && at < end) {
        end = at;
      }
    }
    rest = rest.substring(0, end);
    rest = rest.substring(rest.lastIndexOf('@') + 1);
    if (rest.startsWith("[")) {
      int close = rest.indexOf(']');
      return close > 0 ? rest.substring(1, close) : rest;
    }
    int colon = rest.indexOf(':');
    String host = colon >= 0 && rest.indexOf(':', colon + 1) < 0 ? rest.substring(0, colon) : rest;
    while (host.endsWith(".")) {
      host = host.substring(0, host.length() - 1); // api.stripe.com. is api.stripe.com, fully named
    }
    return host;
  }
}
