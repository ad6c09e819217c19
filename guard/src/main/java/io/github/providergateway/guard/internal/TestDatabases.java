package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A test database on this machine, which test suites drop and create again as a matter of course
 * ({@code dropdb --if-exists app_test && createdb app_test}, Rails' and Django's test databases):
 * its name says it is a test's ({@code app_test}, {@code test_app}, {@code test}), and no host
 * other than this machine is named. Any other database's drop stays {@code db.drop}.
 */
final class TestDatabases {
  private static final Pattern TEST_NAME =
      Pattern.compile("(?i)test|test_[a-z0-9_]+|[a-z0-9_-]+[_-]test(?:_\\d+)?");

  private TestDatabases() {}

  /** A connection URL: {@code postgres://user:pw@host:port/name?…}, {@code mysql://…}. */
  private static final Pattern URL =
      Pattern.compile(
          "(?:postgres|postgresql|mysql|mariadb)://(?:[^@/]*@)?(\\[[^]]*]|[^:/?]*)(?::\\d+)?/([^?]+).*");

  /**
   * {@return whether {@code step}, psql or mysql, speaks to a test database of this machine only}:
   * by a URL ({@code psql postgresql://…@localhost:5432/app_test}) or by its host and database
   * options, every host named being this machine and the database a test's.
   */
  static boolean isLocalTestClient(Scan scan, Step step) {
    String program = step.program();
    if (program.equals("sqlcmd")) {
      return localTestSqlServer(step);
    }
    if (!program.equals("psql")
        && !program.equals("mysql")
        && !program.equals("mariadb")
        && !program.equals("pg_restore")) {
      return false;
    }
    Argv argv =
        Argv.of(
            step.args(),
            "hpUdDcefPu",
            "host",
            "port",
            "username",
            "dbname",
            "database",
            "execute",
            "command");
    String host = argv.value('h') != null ? argv.value('h') : argv.value("host");
    String name =
        argv.value('d') != null
            ? argv.value('d')
            : argv.value("dbname") != null
                ? argv.value("dbname")
                : argv.value('D') != null ? argv.value('D') : argv.value("database");
    for (Word word : argv.positionals()) {
      String text = word.text();
      java.util.regex.Matcher url = URL.matcher(text);
      if (!word.literal()) {
        return false; // $DATABASE_URL: a database the guard cannot know
      } else if (url.matches()) {
        host = url.group(1).isEmpty() ? host : url.group(1).replace("[", "").replace("]", "");
        name = url.group(2);
        String query = text.indexOf('?') >= 0 ? text.substring(text.indexOf('?') + 1) : "";
        for (String pair : query.split("&")) {
          // libpq's query parameters win over the URL's own host and name.
          if (pair.startsWith("host=") || pair.startsWith("hostaddr=")) {
            host = pair.substring(pair.indexOf('=') + 1);
          } else if (pair.startsWith("dbname=")) {
            name = pair.substring(7);
          } else if (pair.startsWith("service=")) {
            return false; // a service file's entry: a database the guard cannot know
          }
        }
      } else if (text.indexOf('=') > 0) {
        // A libpq connection string: "host=db dbname=app user=ci"; only its keys say anything.
        for (String pair : text.trim().split("\\s+")) {
          if (pair.startsWith("host=") || pair.startsWith("hostaddr=")) {
            host = pair.substring(pair.indexOf('=') + 1);
          } else if (pair.startsWith("dbname=")) {
            name = pair.substring(7);
          } else if (pair.startsWith("service=")) {
            return false;
          }
        }
      } else if (name == null) {
        name = text;
      }
    }
    if (connectionElsewhere(scan)) {
      return false; // PGHOST=db.prod psql -d app_test: the variables name the server
    }
    if (name == null || MAINTENANCE.contains(name)) {
      // mysql -e 'DROP DATABASE IF EXISTS app_test; CREATE …'; psql …/postgres -c 'DROP DATABASE
      // app_test': the server's own database is where a database is dropped from (decision 173)
      name = createdOrDropped(argv);
    }
    // The shared notion (decision 92): a development database (app_dev) is a test's too, and a
    // docker-compose service (db, postgres) is this machine's.
    return (host == null
            || Environments.localHost(host)
            || Environments.composeService(host)
            || host.startsWith("/"))
        && name != null
        && (PatternLiterals.matches(TEST_NAME, name) || Environments.testName(name));
  }

  /** A server's own databases, connected to for dropping or creating another. */
  private static final Set<String> MAINTENANCE =
      NameSet.of("postgres", "template1", "mysql", "master");

  /**
   * SQL Server's client on this machine's server and a test's database: {@code sqlcmd -S
   * localhost,1433 -d VISTAHO_DEV} ({@code -S [tcp:]host[\\instance][,port]}).
   */
  private static boolean localTestSqlServer(Step step) {
    Argv argv = Argv.of(step.args(), "SdUPQqi", "server", "database");
    String server = argv.value('S');
    String name = argv.value('d');
    if (name == null || MAINTENANCE.contains(name)) {
      // sqlcmd -S localhost -Q "DROP DATABASE IF EXISTS app_test; CREATE DATABASE app_test": on
      // the server's own database, as psql's and mysql's are read (decision 201)
      name = createdOrDropped(argv.value('Q') != null ? argv.value('Q') : argv.value('q'));
    }
    if (server == null || name == null) {
      return false;
    }
    String host = server.replaceFirst("^(?i)tcp:", "").replaceFirst("[\\\\,].*$", "");
    return (Environments.localHost(host) || host.equals(".") || host.equals("(local)"))
        && (PatternLiterals.matches(TEST_NAME, name) || Environments.testName(name));
  }

  /**
   * Whether the command assigns a variable the client takes its server or database from, to
   * anything but this machine and a test database: {@code PGHOST=10.0.3.17 psql -d app_test} speaks
   * to that server, {@code PGSERVICE=prod psql} to a service file's entry.
   */
  private static boolean connectionElsewhere(Scan scan) {
    String source = scan.source();
    if (source == null || source.indexOf('=') < 0) {
      return false;
    }
    for (String variable :
        List.of("PGHOST", "PGHOSTADDR", "MYSQL_HOST", "PGSERVICE", "PGSERVICEFILE", "PGDATABASE")) {
      for (String value : Environments.assignedValues(source, variable)) {
        boolean local =
            switch (variable) {
              case "PGHOST", "PGHOSTADDR", "MYSQL_HOST" ->
                  Environments.localHost(value) || value.startsWith("/");
              case "PGDATABASE" ->
                  PatternLiterals.matches(TEST_NAME, value) || Environments.testName(value);
              default -> false;
            };
        if (!local) {
          return true;
        }
      }
    }
    return false;
  }

  /** A statement that drops or creates one database: its name in group 1. */
  private static final Pattern DATABASE_STATEMENT =
      Pattern.compile(
          "(?i)\\s*(?:DROP|CREATE)\\s+(?:DATABASE|SCHEMA)\\s+(?:IF\\s+(?:NOT\\s+)?EXISTS\\s+)?"
              + "[`\"\\[]?(\\w+)[`\"\\]]?(?:\\s+(?:DEFAULT\\s+)?(?:CHARACTER\\s+SET|CHARSET|COLLATE|ENCODING)"
              + "\\s*=?\\s*'?[\\w-]+'?)*\\s*");

  /**
   * The database a client's statements (its {@code -e} or {@code -c}) drop and create, when they do
   * nothing else and name one database: the test suite's {@code DROP DATABASE IF EXISTS app_test;
   * CREATE DATABASE app_test}; else {@code null}.
   */
  private static String createdOrDropped(Argv argv) {
    String sql = argv.value('e') != null ? argv.value('e') : argv.value('c');
    if (sql == null) {
      sql = argv.value("execute") != null ? argv.value("execute") : argv.value("command");
    }
    return createdOrDropped(sql);
  }

  /**
   * The one database {@code sql} drops or creates and nothing else ({@code DROP DATABASE IF EXISTS
   * app_test; CREATE DATABASE app_test}), or null.
   */
  private static String createdOrDropped(String sql) {
    if (sql == null || sql.length() > 1024) {
      return null;
    }
    String name = null;
    for (String statement : sql.split(";")) {
      if (statement.isBlank()) {
        continue;
      }
      java.util.regex.Matcher m = DATABASE_STATEMENT.matcher(statement);
      if (!m.matches() || name != null && !name.equals(m.group(1))) {
        return null; // anything else, or two databases: not one test's
      }
      name = m.group(1);
    }
    return name;
  }

  /** {@return whether {@code step}, a {@code dropdb}, drops a test database of this machine} */
  static boolean isLocalTestDatabase(Step step) {
    Argv argv = Argv.of(step.args(), "hpUd", "host", "port", "username", "maintenance-db");
    String host = argv.value('h') != null ? argv.value('h') : argv.value("host");
    if (host != null
        && !Environments.localHost(host)
        && !Environments.composeService(host)
        && !host.startsWith("/")) {
      return false; // a server elsewhere; a socket's folder is this machine
    }
    List<Word> names = argv.positionals();
    return names.size() == 1
        && names.get(0).literal()
        && (PatternLiterals.matches(TEST_NAME, names.get(0).text())
            || Environments.testName(names.get(0).text()));
  }

  /** A connection URL in code: its host in group 1, its database in group 2. */
  private static final Pattern URL_IN_CODE =
      Pattern.compile(
          "(?:postgres|postgresql|mysql|mariadb)(?:\\+\\w{1,20})?://(?:[^@/\\s'\"]{0,200}@)?"
              + "(\\[[^]\\s]{0,100}]|[^:/?\\s'\"]{0,200})(?::\\d{1,5})?/([\\w-]{1,100})");

  /**
   * {@return whether inline code (a test suite's {@code conftest.py}) names the databases it speaks
   * to and every one is a test database of this machine}: {@code
   * psycopg2.connect("postgresql://postgres@localhost:5432/shop_test")} truncating its tables is
   * the suite's clean start. Code that names none, or one elsewhere, is not.
   */
  static boolean codeSpeaksToLocalTestsOnly(String code) {
    java.util.regex.Matcher url = URL_IN_CODE.matcher(code);
    boolean any = false;
    while (url.find()) {
      String host = url.group(1);
      String name = url.group(2);
      boolean local =
          host.isEmpty() || Environments.localHost(host) || Environments.composeService(host);
      if (!local || !(PatternLiterals.matches(TEST_NAME, name) || Environments.testName(name))) {
        return false;
      }
      any = true;
    }
    return any;
  }

  /** A store's URL in code (Redis, MongoDB, a queue, a cache): its host in group 1. */
  private static final Pattern STORE_URL_IN_CODE =
      Pattern.compile(
          "(?:rediss?|redis\\+sentinel|mongodb(?:\\+srv)?|amqps?|nats|memcached?)://"
              + "(?:[^@/\\s'\"]{0,200}@)?(\\[[^]\\s]{0,100}]|[^:/?,\\s'\"]{0,200})");

  /** A client's host given by name in code: {@code host='localhost'}, {@code host: "127.0.0.1"}. */
  private static final Pattern HOST_IN_CODE =
      Pattern.compile("\\bhost\\s{0,3}[=:]\\s{0,3}[\"']([^\"'\\s]{1,200})[\"']");

  /** A URL or a host read from the environment: the store may be any. */
  private static final Pattern HOST_FROM_ENVIRONMENT =
      Pattern.compile(
          "(?i)(?:environ|getenv|process\\.env|ENV\\[|ENV\\.fetch)[^\\n]{0,40}(?:URL|HOST|DSN|URI)");

  /**
   * {@return whether code names the stores it speaks to (a Redis, a MongoDB, a queue by its URL or
   * its {@code host=}) and every one is this machine's, the environment naming none}: as {@code
   * redis-cli -u redis://localhost:6379/15 flushdb} is local test data on the command line
   * (decision 92), {@code redis.from_url("redis://localhost:6379/15").flushdb()} is in code. Asked
   * of a store's own losses (a flush, a {@code dropDatabase()}), not of SQL's, whose test data is a
   * database's name ({@link #codeSpeaksToLocalTestsOnly}).
   */
  static boolean storesOnThisMachineOnly(String code) {
    if (code.indexOf("://") < 0 && code.indexOf("host") < 0) {
      return false; // most code names no store: no pattern tried
    }
    boolean any = false;
    for (Pattern pattern : List.of(STORE_URL_IN_CODE, HOST_IN_CODE)) {
      java.util.regex.Matcher m = pattern.matcher(code);
      while (m.find()) {
        String host = m.group(1);
        if (!Environments.localHost(host) && !Environments.composeService(host)) {
          return false;
        }
        any = true;
      }
    }
    return any && !PatternLiterals.finds(HOST_FROM_ENVIRONMENT, code);
  }
}
