package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which database a {@code databases} rule's program speaks to (issue 80 round 8, decision 129): a
 * shared one unless everything it names is this machine's, a local container's or says staging or
 * test. Production's hosts often carry no "prod" in their name ({@code pg-main.db.internal}, {@code
 * mysql-main-01.dc1.acme.net}), so a host named and not local or a test's is shared, and so is a
 * database given by a variable the guard cannot read ({@code "$DATABASE_URL"}); a client given no
 * host at the command's top level speaks to this machine's.
 */
final class DatabaseTargets {
  private DatabaseTargets() {}

  /** The programs of the trade: clients, HA control planes, online schema and load tools. */
  static final Set<String> TOOLS =
      NameSet.of(
          "psql",
          "pgcli",
          "mysql",
          "mariadb",
          "mycli",
          "mysqlsh",
          "usql",
          "sqlcmd",
          "bcp",
          "invoke-sqlcmd",
          "Invoke-Sqlcmd",
          "sqlplus",
          "cockroach",
          "clickhouse-client",
          "mongosh",
          "mongo",
          "redis-cli",
          "valkey-cli",
          "keydb-cli",
          "cqlsh",
          "nodetool",
          "patronictl",
          "orchestrator-client",
          "orchestrator",
          "vtctldclient",
          "vtctlclient",
          "vtctl",
          "gh-ost",
          "pt-online-schema-change",
          "pt-table-sync",
          "pt-archiver",
          "pt-slave-restart",
          "pt-replica-restart",
          "mysqlslap",
          "pgbench",
          "sysbench",
          "vacuumdb",
          "reindexdb",
          "clusterdb",
          "pg_ctl",
          "pg_ctlcluster",
          "repmgr",
          "pg_archivecleanup",
          "wal-g",
          "barman",
          "pg_recvlogical",
          "galera_new_cluster",
          "atlas",
          "aws",
          "gcloud",
          "az",
          "doctl",
          "cbt",
          "bq",
          "snowsql",
          "redis-benchmark",
          "cassandra-stress",
          "maxctrl",
          "pt-kill",
          "mongorestore",
          "curl",
          "wget",
          "http",
          "https",
          "xh",
          "mysqld_safe",
          "mysqld",
          "mariadbd");

  /** The clients that speak to this machine's server when given no host. */
  private static final Set<String> LOCAL_BY_DEFAULT =
      NameSet.of(
          "bcp",
          "psql",
          "pgcli",
          "mysql",
          "mariadb",
          "mycli",
          "mysqlsh",
          "mongosh",
          "mongo",
          "redis-cli",
          "valkey-cli",
          "keydb-cli",
          "cqlsh",
          "nodetool",
          "vacuumdb",
          "reindexdb",
          "clusterdb",
          "pgbench",
          "mysqlslap",
          "sysbench",
          "pg_ctl",
          "pg_ctlcluster",
          "pg_recvlogical",
          "pg_restore",
          "mongorestore",
          "usql",
          "mysqladmin",
          "mariadb-admin",
          "redis-benchmark",
          "cassandra-stress",
          "pt-kill");

  /** The interpreters whose inline code may open a database's connection. */
  private static final Set<String> INTERPRETERS =
      NameSet.of("python", "python3", "node", "nodejs", "ruby", "perl", "php", "deno", "bun");

  /** A host in a percona toolkit DSN ({@code D=shop,t=orders,h=mysql-01}). */
  private static final Pattern DSN_HOST = Pattern.compile("(?:^|,)h=([^,\\s]+)");

  /**
   * A host's name with a domain and a port, standing alone: {@code redis-1.cache.internal:6379}.
   */
  private static final Pattern HOST_AND_PORT =
      Pattern.compile("^[A-Za-z0-9_-]+(?:\\.[A-Za-z0-9_-]+)+:\\d{2,5}$");

  /** A sysbench host option: {@code --mysql-host=db-1}. */
  /** A libpq connection string's host ({@code "host=db-1.acme.net dbname=shop"}). */
  private static final Pattern CONNINFO_HOST =
      Pattern.compile("(?:^|\\s)host=([A-Za-z0-9_.-]+)(?=\\s|$)");

  private static final Pattern SYSBENCH_HOST = Pattern.compile("^--(?:mysql|pgsql)-host=(.+)$");

  /**
   * A host a piece of code connects to: {@code host="…"}, a URL's authority; and since decision 307
   * the drivers' own connection forms, which name a server in every trade alike: Oracle's {@code
   * dsn='banprod-scan.db.acme.edu/BANPROD'}, {@code makedsn('db-1', 1521, …)} and {@code
   * 'user/pw@db-1:1521/svc'}, a JDBC thin URL's {@code @//db-1}, Perl DBI's {@code
   * dbi:Oracle:BANPROD} (a TNS alias names a server; {@code dbi:SQLite:} is a file and {@code
   * dbi:Pg:dbname=…} with no {@code host=} this machine's socket), an ADO or ODBC string's {@code
   * Server=tcp:db-1} and {@code Data Source=db-1}; since decision 334 the server pymssql's and
   * pymysql's {@code connect('192.168.10.20', …)} take first (a milking robot's database, round
   * 75).
   */
  private static final Pattern CODE_HOST =
      Pattern.compile(
          "(?i)(?:\\bhost\\s*[=:]\\s*['\"]?|\"host\"\\s*:\\s*\"|://(?:[^@/\\s'\"]*@)?"
              + "|\\bdsn\\s*=\\s*['\"]|\\bmakedsn\\s*\\(\\s*['\"]"
              + "|\\bconnect\\s*\\(\\s*['\"][A-Za-z0-9_$]+/[^@'\"\\s/]+@(?://)?"
              + "|\\bjdbc:[a-z]+:(?:thin:)?(?:[^@'\"\\s]*)?@(?://)?"
              + "|\\bdbi:(?!SQLite)[A-Za-z]+:(?![A-Za-z_]+=)"
              + "|\\b(?:server|data\\s+source)\\s*=\\s*['\"]?(?:tcp:)?"
              + "|\\b(?:pymssql|pymysql|MySQLdb|_mssql)\\.connect\\s*\\(\\s*['\"]"
              + "(?=[A-Za-z0-9_.-]+['\"]))"
              + "([A-Za-z0-9_.-]+)");

  /** A database kept in a file, named where a server would be ({@code Data Source=app.db}). */
  private static final Pattern FILE_DATABASE =
      Pattern.compile("(?i).*\\.(?:db|sqlite3?|mdb|accdb|duckdb)$");

  /**
   * A variable code reads a database's address from ({@code os.environ["DATABASE_URL"]}); decision
   * 226: its name may hold digits ({@code HIS20_URL}, {@code CGS_DC1_DSN}) and end in a connection
   * string's name ({@code ESOMS_CONN}, {@code ERP_CONNECTION_STRING}); decision 310: or a
   * database's ({@code ENV_COMPLIANCE_DB}, {@code RECEIVALS_DATABASE}).
   */
  private static final Pattern CODE_VARIABLE =
      Pattern.compile(
          "(?i)(?:environ|getenv|process\\.env|ENV)\\W{0,4}[A-Z0-9_]*"
              + "(?:URL|URI|HOST|DSN|CONN(?:ECTION)?(?:_?STR(?:ING)?)?|_DB|_DATABASE)");

  /** Whether the program is one of the trade's or an interpreter. */
  static boolean ofTheTrade(Step step) {
    return ofTheTrade(step.program());
  }

  /** {@return whether a program of this name is of the database trade} */
  static boolean ofTheTrade(String program) {
    return TOOLS.contains(program)
        || LakeEngines.PROGRAMS.contains(program) // decision 229
        || INTERPRETERS.contains(program);
  }

  /** Whether the program is an interpreter. */
  static boolean interpreter(Step step) {
    return interpreter(step.program());
  }

  /**
   * {@return whether a program of this name is one of the interpreters {@link #interpreter} reads}
   */
  static boolean interpreter(String program) {
    return INTERPRETERS.contains(program);
  }

  /**
   * Whether the program speaks to a shared database: production named, or a host not this machine's
   * nor a test's, or a variable's address, or a control plane with no test name.
   */
  static boolean shared(Scan scan, Step step) {
    if (Environments.production(scan, step) || AttachedDatabases.remote(step)) {
      return true; // duckdb -c "ATTACH '$BILLING_DATABASE_URL' AS b (TYPE postgres); …" (d. 292)
    }
    if (Environments.localTestData(scan, step) || speaksToItsContainer(scan, step)) {
      return false;
    }
    if (interpreter(step)) {
      String code = InterpreterCode.of(step);
      // DATABASE_URL=postgresql://…@localhost python seed.py: the variable given this machine
      return code != null
          && codeShared(code)
          && !CallEnvironment.givenLocalHost(scan, step)
          && !CallEnvironment.givenTestValues(scan, step);
    }
    List<String> hosts = hostsOf(step);
    if (!hosts.isEmpty()) {
      boolean local = true;
      for (String host : hosts) {
        if (!localOrTest(host)) {
          return true;
        }
        local &= Environments.localHost(host);
      }
      return local && Tunnels.opens(scan); // localhost at a tunnel's end (decision 178)
    }
    if (namesTestPlace(step)) {
      return false;
    }
    if (LakeEngines.sparkGivenCluster(step)) {
      return true; // spark-sql --properties-file conf/spark/lake-euw1.conf (decision 229)
    }
    return !((LOCAL_BY_DEFAULT.contains(step.program())
            || LakeEngines.LOCAL_BY_DEFAULT.contains(step.program()))
        && step.invocation().via().isEmpty()
        && !step.invocation().wrappers().contains("sudo")
        && !hostFromEnvironment(scan));
  }

  /**
   * Whether a client speaks to this machine's own server: local test data, a local container, every
   * host it names this machine's ({@code psql -h localhost -p 5433}, a developer's CDC sandbox), or
   * none named at the command's top level. A replica or slot there is no copy the company keeps
   * (round 8's must-allow {@code pg_drop_replication_slot} on localhost was denied by {@code
   * copies.replica-overwritten}).
   */
  static boolean thisMachinesServer(Scan scan, Step step) {
    if (Environments.production(scan, step)) {
      return false;
    }
    if (Environments.localTestData(scan, step) || speaksToItsContainer(scan, step)) {
      return true;
    }
    List<String> hosts = hostsOf(step);
    if (hosts.isEmpty()) {
      return step.invocation().via().isEmpty()
          && !step.invocation().wrappers().contains("sudo")
          && !hostFromEnvironment(scan)
          && !Tunnels.opens(scan);
    }
    for (String host : hosts) {
      if (!Environments.localHost(host)) {
        return false;
      }
    }
    return !Tunnels.opens(scan);
  }

  /**
   * Whether inline code connects to a host not this machine's nor a test's, or by a variable whose
   * own name is not a test's ({@code os.environ["MILKQ_DATABASE_URL"]} updating {@code
   * test_results} is shared: decision 249).
   */
  static boolean codeShared(String code) {
    Matcher m = PatternLiterals.matcher(CODE_HOST, code);
    while (m.find()) {
      if (!localOrTest(m.group(1)) && !PatternLiterals.matches(FILE_DATABASE, m.group(1))) {
        return true;
      }
    }
    Matcher variable = PatternLiterals.matcher(CODE_VARIABLE, code);
    boolean local = code.contains("localhost") || code.contains("127.0.0.1");
    while (!local && variable.find()) {
      if (!Environments.testName(variable.group())) {
        return true; // the variable's own name says test or not: a test_results table does not
      }
    }
    return PatternLiterals.finds(CLOUD_CATALOG, code) && !Environments.testName(code);
  }

  /**
   * A table catalog that is always another machine's, named in code (decision 229): PyIceberg's
   * {@code load_catalog('lake', **{'type': 'glue'})}, boto3's {@code client('glue')}.
   */
  private static final Pattern CLOUD_CATALOG =
      Pattern.compile(
          "(?i)['\"]type['\"]\\s*[:=]\\s*['\"](?:glue|dynamodb)['\"]|\\bGlueCatalog\\b"
              + "|\\bclient\\s*\\(\\s*['\"]glue['\"]");

  /** Whether a host is this machine's, a compose service's, or says staging or test. */
  static boolean localOrTest(String host) {
    if (host.equals("?")) {
      return false;
    }
    return Environments.localHost(host)
        || Environments.composeService(host)
        || Environments.stagingHost(host);
  }

  /**
   * The hosts any client names: its options' and URLs' ({@link Environments#hosts}) and a bare
   * {@code host:port} ({@code redis-cli --cluster check db-1.acme.net:6379}); a list to add to.
   */
  static List<String> namedHosts(Step step) {
    List<String> hosts = new ArrayList<>(Environments.hosts(step));
    for (Word word : step.args()) {
      if (PatternLiterals.matches(HOST_AND_PORT, word.text())) {
        hosts.add(Environments.host(word.text()));
      }
    }
    return hosts;
  }

  /** The hosts a program names: its options' and URLs', a DSN's {@code h=}, cqlsh's first word. */
  static List<String> hostsOf(Step step) {
    List<String> hosts = namedHosts(step);
    List<Word> args = step.args();
    for (Word word : args) {
      Matcher m = PatternLiterals.matcher(DSN_HOST, word.text());
      while (m.find()) {
        hosts.add(m.group(1));
      }
      Matcher conninfo = PatternLiterals.matcher(CONNINFO_HOST, word.text());
      if (conninfo.find()) {
        hosts.add(conninfo.group(1)); // psql "host=ledger-db.acme.net dbname=ledger"
      }
    }
    for (String arg : step.invocation().args()) {
      Matcher m = PatternLiterals.matcher(SYSBENCH_HOST, arg);
      if (m.matches()) {
        hosts.add(Environments.host(m.group(1)));
      }
    }
    String node =
        step.program().equals("cassandra-stress") ? DatabaseTools.value(step, "-node", null) : null;
    if (node != null) {
      for (String host : node.split(",")) {
        hosts.add(Environments.host(host));
      }
    }
    String server = serverOption(step);
    if (server != null) {
      hosts.add(server);
    }
    if (step.program().equals("cqlsh")) {
      for (Word word : args) {
        String t = word.text();
        if (!t.startsWith("-")) {
          if (t.contains(".") && !t.contains(" ") || t.equals("localhost")) {
            hosts.add(t);
          }
          break;
        }
      }
    }
    return hosts;
  }

  /**
   * Whether a word of the program (an identifier, a path, a host: no spaces) says staging or test
   * and none says production: {@code patronictl -c staging.yml switchover orders-staging}.
   */
  static boolean namesTestPlace(Step step) {
    boolean sqlcmd = step.program().equals("sqlcmd");
    String before = "";
    for (Word word : step.args()) {
      String t = ConnectionWords.place(word.text());
      boolean file = ConnectionWords.scriptFile(t, sqlcmd ? before : "");
      before = t;
      if (t.length() <= 200
          && !t.contains(" ")
          && !t.contains("(")
          && !t.contains("=")
          && !file // a script's path names no place: -i ./local/close.sql (decision 178)
          && !t.startsWith("/dev/") // /dev/stdin: a device, no development place (decision 176)
          && Environments.stagingHost(t.toLowerCase(Locale.ROOT))) {
        return true;
      }
    }
    return false;
  }

  /** The parts of a variable's name that say it holds a test's or staging's address. */
  private static final java.util.Set<String> TEST_VARIABLE_PARTS =
      NameSet.of(
          "staging", "stage", "stg", "test", "testing", "dev", "local", "sandbox", "qa", "ci");

  /**
   * Whether the address comes from a variable whose name says test or staging ({@code
   * $STAGING_DATABASE_URL}, {@code $TEST_DB_URL}).
   */
  static boolean testVariable(Step step) {
    for (Word word : step.args()) {
      String t = word.text();
      if (t.length() > 200) {
        continue;
      }
      Matcher m = FlowReading.VARIABLE.matcher(t);
      while (m.find()) {
        for (String part : m.group(1).toLowerCase(Locale.ROOT).split("_")) {
          if (TEST_VARIABLE_PARTS.contains(part)) {
            return true;
          }
        }
      }
    }
    return false;
  }

  private static boolean hostFromEnvironment(Scan scan) {
    String source = scan.source();
    return source != null
        && (source.contains("PGHOST")
            || source.contains("MYSQL_HOST")
            || source.contains("REDISCLI_")
            || source.contains("PGSERVICE")
            || ConnectionWords.outOfSight(source));
  }

  /**
   * Whether a client in a container speaks to the container's own server: it names no host that is
   * neither this machine's nor a test's. One that does speaks to that host ({@code docker run
   * mssql-tools sqlcmd -S jms-sql01.corp.local -Q "UPDATE …"}, decision 192). A host the guard
   * cannot know ({@code "$DATABASE_URL"}) is not counted: inside a compose service it is usually
   * the service's own.
   */
  private static boolean speaksToItsContainer(Scan scan, Step step) {
    return inLocalContainer(step) && !namesOther(step) && !givenOtherHost(scan);
  }

  /** A client's host given as an environment variable: {@code docker exec -e PGHOST=…}. */
  private static final Pattern HOST_VARIABLE =
      Pattern.compile(
          "\\b(?:PGHOST|MYSQL_HOST|MARIADB_HOST|SQLCMDSERVER|REDISCLI_HOST)=([^\\s'\";]{1,253})");

  /**
   * Whether the call gives the client another host in its environment ({@code docker exec -e
   * PGHOST=orders-db.acme-internal.net app-db psql …}, or {@code PGHOST=…} in the container's
   * {@code sh -c}): the container's client then speaks to that host (red team, decision 195).
   */
  private static boolean givenOtherHost(Scan scan) {
    String source = scan.source();
    if (source == null || source.length() > 65_536) {
      return false;
    }
    Matcher variable = HOST_VARIABLE.matcher(source);
    while (variable.find()) {
      if (!localOrTest(variable.group(1))) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether the client names a host the guard knows that is neither this machine's nor a test's.
   */
  private static boolean namesOther(Step step) {
    for (String host : hostsOf(step)) {
      if (!host.equals("?") && !localOrTest(host)) {
        return true;
      }
    }
    return false;
  }

  /** The SQL Server clients whose {@code -S} names the server: sqlcmd, bcp, osql, isql. */
  private static final Set<String> SERVER_BY_S = NameSet.of("sqlcmd", "bcp", "osql", "isql");

  /**
   * SQL Server's host as its clients name it (decision 192): sqlcmd's {@code -S
   * tcp:jms-sql01.corp.local,1433} or {@code -S host\INSTANCE}, PowerShell's {@code Invoke-Sqlcmd
   * -ServerInstance 'host'} (its parameter in any case); or {@code null}.
   */
  private static String serverOption(Step step) {
    String program = step.program();
    boolean cmdlet = program.equalsIgnoreCase("invoke-sqlcmd");
    if (!cmdlet && !SERVER_BY_S.contains(program)) {
      return null;
    }
    List<Word> args = step.args();
    for (int i = 0; i + 1 < args.size(); i++) {
      String text = args.get(i).text();
      if (cmdlet ? text.equalsIgnoreCase("-ServerInstance") : text.equals("-S")) {
        Word next = args.get(i + 1);
        if (!next.literal()) {
          return "?";
        }
        String value = next.text();
        value = value.regionMatches(true, 0, "tcp:", 0, 4) ? value.substring(4) : value;
        int end = value.length();
        for (char stop : new char[] {',', '\\'}) {
          int at = value.indexOf(stop);
          end = at >= 0 ? Math.min(end, at) : end;
        }
        String host = value.substring(0, end);
        return host.equals(".") || host.equalsIgnoreCase("(local)") ? "localhost" : host;
      }
    }
    return null;
  }

  /** A client run inside a container: {@code docker compose exec db psql}, a local one's. */
  static boolean inLocalContainer(Step step) {
    for (String wrapper : step.invocation().wrappers()) {
      if (wrapper.equals("docker")
          || wrapper.equals("podman")
          || wrapper.equals("docker-compose")) {
        return true;
      }
    }
    for (String via : step.invocation().via()) {
      if (via.contains("docker") || via.contains("compose") || via.contains("podman")) {
        return true;
      }
    }
    return false;
  }
}
