package io.github.providergateway.guard.shell.programs;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The deletes inline code of any language makes through a store's client, read as the store's own
 * command line making them (issue 80: a delete through a library is the CLI's delete): a Redis
 * client's {@code delete}, {@code del}, {@code unlink}, {@code flushdb} as {@code redis-cli -u
 * ADDRESS del KEY}; a MongoDB client's {@code drop_collection}, {@code drop()}, {@code delete_many}
 * as {@code mongosh ADDRESS --eval 'db.C.drop()'}; a query builder's or an ORM's {@code .del()},
 * {@code .delete()}, {@code destroy_all}, {@code deleteMany} as {@code psql ADDRESS -c 'DELETE FROM
 * T WHERE …'} (or {@code sqlite3 FILE …} for a file's database); a DNS dynamic update's {@code
 * delete} or {@code rr_del} as {@code nsupdate}'s {@code update delete}.
 *
 * <p>The address is the one the code gives its client (a URL, an environment variable, a host), and
 * where it gives none but loads the project's configuration ({@code dotenv}, Rails' environment,
 * Django's settings, a Prisma client), the project's configured database, {@code "$DATABASE_URL"};
 * a test's configuration named ({@code .env.test}, {@code NODE_ENV=test}) or no address at all
 * leaves the command on this machine, as the CLI given none is. The rules then decide the command
 * as they decide the CLI's: a store of this machine or a test's let through, a shared one's delete
 * asked or denied.
 */
final class CodeStoreDeletes {
  private CodeStoreDeletes() {}

  private static final int BOUND = 16 * 1024;

  private static final String LIT = "(\"(?:[^\"\\\\]|\\\\.)*\"|'[^']*')";

  private static final Pattern REDIS = Pattern.compile("(?i)\\b(?:io)?redis\\b");

  private static final Pattern REDIS_DELETE =
      Pattern.compile("(?i)\\.\\s*(delete|del|unlink|flushdb|flushall|flush_db|flush_all)\\s*\\(");

  private static final Pattern REDIS_PATTERN =
      Pattern.compile(
          "(?:scan_iter|keys|scan_each|scanStream|scanIterator|scan)\\s*\\(\\s*\\{?\\s*"
              + "(?:match\\s*[:=]\\s*)?"
              + LIT);

  private static final Pattern MONGO =
      Pattern.compile(
          "(?i)\\bpymongo\\b|MongoClient|mongoose|\\bmongodb\\b|Mongo::Client|\\bmotor\\b");

  private static final Pattern MONGO_DELETE =
      Pattern.compile(
          "(?:drop_collection|dropCollection)\\s*\\(\\s*"
              + LIT
              + "|(?:drop_database|dropDatabase)\\s*\\("
              + "|(?:collection\\(\\s*|\\[\\s*)"
              + LIT
              + "\\s*[)\\]]\\s*\\.\\s*(drop|delete_many|deleteMany|remove)\\s*\\("
              + "|\\b([A-Za-z_]\\w*)\\s*\\.\\s*(drop|delete_many|deleteMany|remove)\\s*\\(");

  /** Where code speaks SQL through a library: a query builder, an ORM, a driver. */
  private static final Pattern SQL =
      Pattern.compile(
          "(?i)knex|sequelize|prisma|sqlalchemy|create_engine|session\\.query|\\.objects\\."
              + "|django|activerecord|config/environment|typeorm|getrepository|peewee|\\bsequel\\b"
              + "|psycopg|\\bpg\\b|mysql|sqlite|drizzle|objection|\\bdb\\b|models|dotenv");

  /** An ORM's or a query builder's delete of what a query chose. */
  private static final Pattern SQL_DELETE =
      Pattern.compile(
          "(\\)|\\b[A-Za-z_]\\w*)\\s*\\.\\s*(del|delete|destroy|destroy_all|delete_all|destroyAll"
              + "|deleteMany|delete_many|truncate|drop_all|dropTable|drop_table)\\b\\s*(\\()?");

  /**
   * A table named by a call of the chain: {@code knex('users')}, {@code db('t')}, {@code …)('t')}.
   */
  private static final Pattern CHAIN_TABLE =
      Pattern.compile("(\\b[A-Za-z_]\\w*|\\))\\s*\\(\\s*" + LIT + "\\s*\\)");

  /** Calls of a chain whose literal names no table. */
  private static final Set<String> NO_TABLE =
      Set.of(
          "require",
          "import",
          "config",
          "where",
          "andWhere",
          "orWhere",
          "whereIn",
          "filter",
          "filter_by",
          "exclude",
          "get",
          "env",
          "getenv",
          "environ",
          "using",
          "connection");

  private static final Pattern CHAIN_MODEL =
      Pattern.compile(
          "\\b([A-Z]\\w*)\\s*\\.\\s*(?:objects|where|filter|query|destroy|delete|find|all|scoped)"
              + "|query\\(\\s*([A-Z]\\w*)|Repository\\(\\s*([A-Z]\\w*)"
              + "|\\.(\\w+)\\s*\\.\\s*(?:deleteMany|delete_many|delete|destroy)\\b");

  private static final Pattern CHOOSES = Pattern.compile("(?i)where|filter|find_by|\\bfilter_by");

  private static final Pattern SQLITE_FILE =
      Pattern.compile(
          "sqlite:///+([^'\"\\s]+)|sqlite3?\\.connect\\(\\s*['\"]([^'\"]+)['\"]"
              + "|filename\\s*:\\s*['\"]([^'\"]+)['\"]|Database\\(\\s*['\"]([^'\"]+\\.(?:db|sqlite3?))['\"]");

  /** Code that loads the project's configuration, and with it the database it is set to. */
  private static final Pattern PROJECT_CONFIGURATION =
      Pattern.compile(
          "dotenv|config/environment|django\\.setup|DJANGO_SETTINGS_MODULE|PrismaClient"
              + "|require\\(\\s*['\"]\\.{1,2}/|from\\s+app\\b|create_app\\(");

  private static final Pattern TEST_CONFIGURATION =
      Pattern.compile(
          "(?i)\\.env\\.test|test\\.env|\\.env\\.(?:local|development|dev)\\b"
              + "|(?:NODE_ENV|RAILS_ENV|APP_ENV|FLASK_ENV)\\W{1,4}(?:test|development|dev)\\b"
              + "|settings\\.test|settings_test|:memory:");

  /** A variable named for a test's, a development's or this machine's database. */
  private static final Pattern TEST_VARIABLE =
      Pattern.compile("(?i)^\"\\$(?:\\w*_)?(?:TEST|TESTING|DEV|LOCAL|CI)(?:_\\w*)?\"$");

  private static final Pattern DNS_UPDATE =
      Pattern.compile("dns\\.update|Net::DNS::Update|DnsUpdate|dns_update");

  private static final Pattern DNS_DELETE =
      Pattern.compile("\\.delete\\(\\s*" + LIT + "(?:\\s*,\\s*" + LIT + ")?|rr_del\\(\\s*" + LIT);

  private static final Pattern DNS_SERVER =
      Pattern.compile(
          "(?:\\b(?:tcp|udp|tls|https)\\([^,()]+,\\s*|nameservers?\\s*(?:=>|=)\\s*\\[?\\s*"
              + "|server\\s*=\\s*)"
              + LIT);

  private static final Pattern DNS_ZONE = Pattern.compile("Update(?:->new)?\\(\\s*" + LIT);

  private static final Pattern LITERAL = Pattern.compile(LIT);

  /** {@return the store commands {@code code}'s deletes stand for, as shell text} */
  static List<String> of(String code) {
    String c = code.length() > BOUND ? code.substring(0, BOUND) : code;
    if (c.indexOf('(') < 0 && !c.contains("destroy_all") && !c.contains("delete_all")) {
      return List.of();
    }
    Set<String> found = new LinkedHashSet<>();
    boolean redis = REDIS.matcher(c).find();
    boolean mongo = MONGO.matcher(c).find();
    boolean sql = SQL.matcher(c).find() && !c.contains("boto3");
    if (redis || mongo || sql) { // most inline code speaks to no store: its names are not read
      CodeAddresses addresses = new CodeAddresses(c);
      if (redis) {
        redis(c, addresses, found);
      }
      if (mongo) {
        mongo(c, addresses, found);
      }
      if (sql) {
        sql(c, addresses, found);
      }
    }
    if (DNS_UPDATE.matcher(c).find()) {
      dns(c, found);
    }
    return List.copyOf(found);
  }

  private static void redis(String c, CodeAddresses addresses, Set<String> found) {
    Matcher delete = REDIS_DELETE.matcher(c);
    while (delete.find() && found.size() < 8) {
      String call = delete.group(1).toLowerCase(java.util.Locale.ROOT).replace("_", "");
      String target = target(addresses, "redis");
      if (target == null && addresses.host() != null) {
        target = "-h " + CodeAddresses.quoted(addresses.host());
      }
      String cli =
          "redis-cli"
              + (target == null ? "" : target.startsWith("-h") ? " " + target : " -u " + target);
      if (call.startsWith("flush")) {
        found.add(cli + " " + call);
        continue;
      }
      int open = delete.end() - 1;
      String arguments = c.substring(open + 1, CodeAddresses.callEnd(c, open));
      Matcher key = LITERAL.matcher(arguments);
      Matcher pattern = REDIS_PATTERN.matcher(c);
      String name =
          key.find() ? unquote(key.group()) : pattern.find() ? unquote(pattern.group(1)) : "*";
      found.add(cli + " del " + CodeAddresses.quoted(name));
    }
  }

  private static void mongo(String c, CodeAddresses addresses, Set<String> found) {
    Matcher delete = MONGO_DELETE.matcher(c);
    String target = target(addresses, "mongo");
    String cli = "mongosh" + (target == null ? "" : " " + target) + " --eval ";
    while (delete.find() && found.size() < 8) {
      String eval;
      if (delete.group(1) != null) {
        eval = "db." + unquote(delete.group(1)) + ".drop()";
      } else if (delete.group(2) != null) {
        eval = "db." + unquote(delete.group(2)) + "." + verb(delete.group(3)) + "";
      } else if (delete.group(4) != null) {
        eval = "db." + delete.group(4) + "." + verb(delete.group(5));
      } else {
        eval = "db.dropDatabase()";
      }
      found.add(cli + CodeAddresses.quoted(eval));
    }
  }

  private static String verb(String call) {
    return call.equals("drop") ? "drop()" : "deleteMany({})";
  }

  private static void sql(String c, CodeAddresses addresses, Set<String> found) {
    Matcher delete = SQL_DELETE.matcher(c);
    while (delete.find() && found.size() < 8) {
      String verb = delete.group(2);
      boolean called = delete.group(3) != null;
      boolean chained = delete.group(1).equals(")");
      boolean model = Character.isUpperCase(delete.group(1).charAt(0));
      if ((verb.equals("del") || verb.equals("delete") || verb.equals("destroy"))
          && !(called && (chained || model))) {
        continue; // map.delete(k), session.delete(obj): one thing, or no query's
      }
      String database = database(c, addresses);
      if (database == null) {
        return;
      }
      String chain = chain(c, delete.end(1));
      String table = table(chain, c.substring(delete.start(), delete.end()));
      String sql;
      if (verb.equals("truncate")) {
        sql = "TRUNCATE " + table;
      } else if (verb.startsWith("drop")) {
        sql = "DROP TABLE " + table;
      } else {
        sql = "DELETE FROM " + table + where(chain, c, delete.end());
      }
      found.add(database + CodeAddresses.quoted(sql));
    }
  }

  /** The client command of the database the code's SQL goes to, ending before the SQL; or null. */
  private static String database(String c, CodeAddresses addresses) {
    if (TEST_CONFIGURATION.matcher(c).find()) {
      return null;
    }
    Matcher file = SQLITE_FILE.matcher(c);
    if (file.find()) {
      for (int g = 1; g <= file.groupCount(); g++) {
        String name = file.group(g);
        if (name != null && (name.indexOf('{') >= 0 || name.indexOf('$') >= 0)) {
          return null; // sqlite:///{db}: a file whose name the code makes, a test's tmp_path's
        }
        if (name != null) {
          return "sqlite3 " + CodeAddresses.quoted(name) + " ";
        }
      }
    }
    String target = target(addresses, "sql");
    if (target != null && TEST_VARIABLE.matcher(target).find()) {
      return null; // os.environ['TEST_DATABASE_URL']: a test's database, by its name
    }
    if (target != null) {
      return "psql " + target + " -c ";
    }
    if (PROJECT_CONFIGURATION.matcher(c).find()) {
      return "psql \"$DATABASE_URL\" -c ";
    }
    return null;
  }

  /** The chain of calls that ends at {@code end}: back to its statement's start. */
  private static String chain(String c, int end) {
    int start = end;
    int depth = 0;
    while (start > 0 && end - start < 600) {
      char ch = c.charAt(start - 1);
      if (ch == ')' || ch == ']') {
        depth++;
      } else if (ch == '(' || ch == '[') {
        if (depth == 0) {
          break;
        }
        depth--;
      } else if (depth == 0 && (ch == ';' || ch == '\n' || ch == '=' || ch == '{' || ch == '|')) {
        break;
      }
      start--;
    }
    return c.substring(start, end);
  }

  private static String table(String chain, String call) {
    Matcher literal = CHAIN_TABLE.matcher(chain);
    while (literal.find()) {
      String table = unquote(literal.group(2));
      if (!NO_TABLE.contains(literal.group(1)) && table.matches("[A-Za-z_][\\w.]*")) {
        return table;
      }
    }
    Matcher model = CHAIN_MODEL.matcher(chain + call);
    while (model.find()) {
      for (int g = 1; g <= model.groupCount(); g++) {
        if (model.group(g) != null && !model.group(g).equals("objects")) {
          return model.group(g);
        }
      }
    }
    return "records";
  }

  /** A WHERE of the chain's conditions, where it chooses rows; else nothing. */
  private static String where(String chain, String c, int after) {
    int open = c.indexOf('(', after - 1);
    String own =
        open >= 0 && open < after + 1 ? c.substring(open, CodeAddresses.callEnd(c, open)) : "";
    if (!CHOOSES.matcher(chain).find() && !CHOOSES.matcher(own).find()) {
      return "";
    }
    StringBuilder condition = new StringBuilder();
    String chosen = chain + own;
    Matcher chooses = CHOOSES.matcher(chosen);
    Matcher literal = LITERAL.matcher(chooses.find() ? chosen.substring(chooses.start()) : "");
    while (literal.find() && condition.length() < 200) {
      condition.append(condition.length() == 0 ? "" : " ").append(unquote(literal.group()));
    }
    return " WHERE " + (condition.length() == 0 ? "chosen" : condition.toString().replace("'", ""));
  }

  private static void dns(String c, Set<String> found) {
    Matcher delete = DNS_DELETE.matcher(c);
    StringBuilder updates = new StringBuilder();
    while (delete.find()) {
      String record =
          delete.group(3) != null
              ? unquote(delete.group(3))
              : unquote(delete.group(1))
                  + (delete.group(2) == null ? "" : " " + unquote(delete.group(2)));
      updates.append("update delete ").append(record).append('\n');
    }
    if (updates.length() == 0) {
      return;
    }
    Matcher server = DNS_SERVER.matcher(c);
    Matcher zone = DNS_ZONE.matcher(c);
    String batch =
        (server.find() ? "server " + unquote(server.group(1)) + "\n" : "")
            + (zone.find() ? "zone " + unquote(zone.group(1)) + "\n" : "")
            + updates
            + "send\n";
    found.add("nsupdate <<'NSUPDATE'\n" + batch + "NSUPDATE");
  }

  /**
   * The address the code gives a client of {@code store}, as the CLI's word: a URL of the store's
   * scheme, or an environment variable; null for none, or a web address.
   */
  private static String target(CodeAddresses addresses, String store) {
    String address = addresses.any();
    if (address == null) {
      return null;
    }
    if (address.startsWith("\"")) {
      return address; // "$X": a variable, whatever it holds
    }
    String lower = address.toLowerCase(java.util.Locale.ROOT);
    boolean fits =
        switch (store) {
          case "redis" -> lower.startsWith("'redis");
          case "mongo" -> lower.startsWith("'mongodb");
          default -> lower.startsWith("'postgres") || lower.startsWith("'mysql");
        };
    return fits ? address : null;
  }

  private static String unquote(String quoted) {
    return quoted.length() >= 2 ? quoted.substring(1, quoted.length() - 1) : quoted;
  }
}
