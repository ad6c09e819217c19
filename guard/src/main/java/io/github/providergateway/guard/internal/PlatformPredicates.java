package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The predicates of the {@code platforms.*} rules (platforms.json, decision 103): the data
 * platforms, CRMs and marketing audiences a growth team works in, acted on in production. Which
 * org, connection, target or dataset a tool works on ({@code sf --target-org}, {@code snowsql -c},
 * {@code dbt --target}, {@code bq}'s dataset) is read against the shared notion of production and
 * test data ({@link Environments}); the SQL a warehouse client is handed ({@link
 * ProductionPredicates#sqlOf}) for a share to another account or a warehouse left running large;
 * inline code for rows written to production in a loop, customers' data handed to a model's API,
 * and e-mail addresses harvested from pages fetched.
 */
final class PlatformPredicates {
  private PlatformPredicates() {}

  /** Adds the predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put(
        "platform-names-another-target", (scan, step, read) -> named(scan, step) == Named.OTHER);
    named.put("platform-names-no-target", (scan, step, read) -> named(scan, step) == Named.NONE);
    named.put("dbt-production-target", (scan, step, read) -> dbtProduction(scan, step));
    named.put(
        "apex-destroys-in-another-org",
        (scan, step, read) -> apexDestroys(scan, step) && named(scan, step) == Named.OTHER);
    named.put(
        "apex-destroys-in-the-default-org",
        (scan, step, read) -> apexDestroys(scan, step) && named(scan, step) == Named.NONE);
    named.put(
        "warehouse-shares-out",
        (scan, step, read) -> anySql(scan, step, PlatformPredicates::sharesOut));
    named.put(
        "warehouse-spends", (scan, step, read) -> anySql(scan, step, PlatformPredicates::spends));
    named.put(
        "code-destroys-crm-records",
        (scan, step, read) -> {
          String code = InterpreterCode.of(step);
          return code != null && codeDestroysCrmRecords(code);
        });
    named.put(
        "code-writes-production-rows-in-a-loop",
        (scan, step, read) -> {
          String code = InterpreterCode.of(step);
          return code != null && writesProductionRowsInALoop(code);
        });
  }

  /**
   * Whether dbt builds in production: the target it is given names production ({@code --target
   * prod}), or, given none, the call names production. A target given that does not ({@code
   * --target ci}) decides alone: a slim CI build defers to production's manifest ({@code --defer
   * --state ./prod-artifacts}) and reads it, writing only the CI schema (decision 230).
   */
  private static boolean dbtProduction(Scan scan, Step step) {
    List<Word> args = step.args();
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if ((text.equals("-t") || text.equals("--target")) && i + 1 < args.size()) {
        Word target = args.get(i + 1);
        return !target.literal() || Environments.namesProduction(target.text());
      }
      if (text.startsWith("--target=")) {
        return Environments.namesProduction(text.substring("--target=".length()));
      }
    }
    return Environments.production(scan, step);
  }

  /** The most of a text (code, SQL, a request) the predicates read. */
  static final int MAX_READ = 16384;

  /** {@return the text's first {@link #MAX_READ} characters, lower case} */
  static String lowered(String text) {
    return (text.length() > MAX_READ ? text.substring(0, MAX_READ) : text).toLowerCase(Locale.ROOT);
  }

  private static boolean anySql(Scan scan, Step step, java.util.function.Predicate<String> test) {
    for (String text : ProductionPredicates.sqlOf(scan, step)) {
      if (test.test(text)) {
        return true;
      }
    }
    return false;
  }

  // -- the target a tool works on -------------------------------------------------------------

  /** Options naming the org, connection, target or project a platform's tool works on. */
  private static final Set<String> TARGET_OPTIONS =
      NameSet.of(
          "--target-org",
          "-o",
          "-u",
          "--targetusername",
          "-c",
          "--connection",
          "--target",
          "-t",
          "--profile",
          "--project_id",
          "--dataset_id",
          "--account",
          "-a");

  /** What a platform's tool names as what it works on. */
  enum Named {
    /** nothing: it works on its default (the org or target configured), which no one can say */
    NONE,
    /** a test's: scratch, dev, sandbox, CI; or staging's (uat, qa, staging) */
    TEST,
    /** another: production, or a name that says nothing of tests */
    OTHER
  }

  /**
   * What the tool works on: the org, connection, target, dataset or table it names ({@code
   * --target-org growth-scratch}, {@code snowsql -c dev}, {@code dbt --target ci}, {@code bq rm -t
   * acme:scratch.tmp}) read against the notion of production and tests; a call that names
   * production anywhere ({@code cd envs/prod}, {@code DBT_TARGET=prod}) works on another's.
   */
  static Named named(Scan scan, Step step) {
    List<Word> args = step.args();
    boolean test = false;
    boolean any = false;
    boolean bq = step.program().equals("bq");
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i).text();
      String value = null;
      if (TARGET_OPTIONS.contains(a) && i + 1 < args.size()) {
        value = args.get(i + 1).text();
      } else if (a.startsWith("--") && a.contains("=")) {
        String option = a.substring(0, a.indexOf('='));
        if (TARGET_OPTIONS.contains(option)) {
          value = a.substring(a.indexOf('=') + 1);
        }
      } else if (bq && !a.startsWith("-") && (a.indexOf(':') > 0 || a.indexOf('.') > 0)) {
        value = a; // a dataset or table: project:dataset.table
      }
      if (value == null) {
        continue;
      }
      if (Environments.namesProduction(value)) {
        return Named.OTHER;
      }
      any = true;
      // a Salesforce sandbox's user name ends with the sandbox's (ada@acme.com.uat), a staging
      // connection says so: neither is production, nor another's
      test |= Environments.testName(value) || Environments.stagingHost(value);
    }
    if (Environments.production(scan, step)) {
      return Named.OTHER;
    }
    return test ? Named.TEST : any ? Named.OTHER : Named.NONE;
  }

  // -- anonymous Apex ------------------------------------------------------------------------

  /**
   * Whether anonymous Apex run against an org deletes records: the code given by a file the same
   * command writes ({@code printf 'delete […];' > /tmp/p.apex && sf apex run -f /tmp/p.apex}) or a
   * here-document, holding a {@code delete} statement, {@code Database.delete} or an emptied
   * recycle bin. Code the guard cannot read is no claim.
   */
  static boolean apexDestroys(Scan scan, Step step) {
    String code = apexCode(scan, step);
    if (code == null) {
      return false;
    }
    String c = lowered(code);
    return c.contains("delete [")
        || c.contains("delete[")
        || c.contains("database.delete")
        || c.contains("emptyrecyclebin")
        || PatternLiterals.finds(APEX_DELETE, c);
  }

  /** Apex's delete statement of a list: {@code delete stale;}. */
  private static final java.util.regex.Pattern APEX_DELETE =
      java.util.regex.Pattern.compile("\\bdelete\\s+[a-z_][a-z0-9_]*\\s*;");

  private static String apexCode(Scan scan, Step step) {
    for (Redirect redirect : step.invocation().redirects()) {
      if (redirect.body() != null) {
        return redirect.body();
      }
    }
    String file = null;
    List<Word> args = step.args();
    for (int i = 0; i + 1 < args.size(); i++) {
      String a = args.get(i).text();
      if (a.equals("-f") || a.equals("--file") || a.equals("--apexcodefile")) {
        file = args.get(i + 1).text();
      }
    }
    if (file == null) {
      return printedBefore(scan, step); // echo '…' | sf apex run -o prod
    }
    for (Step other : scan.steps()) {
      if (other == step) {
        continue;
      }
      for (Redirect redirect : other.invocation().redirects()) {
        if (redirect.writes() && redirect.target().text().equals(file)) {
          if (other.program().equals("cat")) {
            for (Redirect input : other.invocation().redirects()) {
              if (input.body() != null) {
                return input.body();
              }
            }
          }
          StringBuilder printed = new StringBuilder();
          for (Word word : other.args()) {
            printed.append(word.text()).append(' ');
          }
          return printed.toString();
        }
      }
    }
    return null;
  }

  /** What an echo or printf earlier in the command prints, the code piped in; or null. */
  private static String printedBefore(Scan scan, Step step) {
    for (Step other : scan.steps()) {
      if (other == step) {
        return null;
      }
      if ((other.program().equals("echo") || other.program().equals("printf"))
          && other.invocation().redirects().isEmpty()) {
        StringBuilder printed = new StringBuilder();
        for (Word word : other.args()) {
          printed.append(word.text()).append(' ');
        }
        return printed.toString();
      }
    }
    return null;
  }

  // -- a warehouse's SQL ---------------------------------------------------------------------

  /**
   * SQL that shares data with another account or organisation: Snowflake's {@code ALTER SHARE …
   * ADD|SET ACCOUNTS}, {@code GRANT … TO SHARE}, a database replicated or a listing published to
   * other accounts, Databricks' {@code GRANT … TO RECIPIENT}.
   */
  static boolean sharesOut(String text) {
    String flat = flat(text);
    return flat.contains("ALTERSHARE")
            && (flat.contains("ADDACCOUNTS") || flat.contains("SETACCOUNTS"))
        || flat.contains("TOSHARE")
        || flat.contains("TORECIPIENT")
        || flat.contains("TOACCOUNTS")
        || flat.contains("CREATELISTING") && flat.contains("PUBLISH");
  }

  /** Sizes whose every hour costs hundreds of credits: 2X-Large and above. */
  private static final List<String> LARGE_SIZES =
      List.of(
          "X2LARGE",
          "XXLARGE",
          "2X-LARGE",
          "X3LARGE",
          "XXXLARGE",
          "3X-LARGE",
          "X4LARGE",
          "4X-LARGE",
          "X5LARGE",
          "5X-LARGE",
          "X6LARGE",
          "6X-LARGE");

  /**
   * SQL that leaves a warehouse spending: created or altered to 2X-Large or above, never to suspend
   * ({@code AUTO_SUSPEND = 0} or {@code NULL}), or with more than three clusters.
   */
  static boolean spends(String text) {
    String flat = flat(text);
    if (!flat.contains("WAREHOUSE")
        || !(flat.contains("ALTERWAREHOUSE")
            || flat.contains("CREATEWAREHOUSE")
            || flat.contains("CREATEORREPLACEWAREHOUSE"))) {
      return false;
    }
    int size = flat.indexOf("WAREHOUSE_SIZE=");
    if (size >= 0) {
      String value = flat.substring(size + "WAREHOUSE_SIZE=".length()).replace("'", "");
      for (String large : LARGE_SIZES) {
        if (value.startsWith(large)) {
          return true;
        }
      }
    }
    int suspend = flat.indexOf("AUTO_SUSPEND=0");
    int after = suspend + "AUTO_SUSPEND=0".length();
    if (suspend >= 0 && (after >= flat.length() || !Character.isDigit(flat.charAt(after)))
        || flat.contains("AUTO_SUSPEND=NULL")) {
      return true;
    }
    int clusters = flat.indexOf("MAX_CLUSTER_COUNT=");
    if (clusters >= 0) {
      int from = clusters + "MAX_CLUSTER_COUNT=".length();
      int end = from;
      while (end < flat.length() && end < from + 3 && Character.isDigit(flat.charAt(end))) {
        end++;
      }
      return end > from && Integer.parseInt(flat.substring(from, end)) > 3;
    }
    return false;
  }

  private static String flat(String text) {
    String t = text.length() > MAX_READ ? text.substring(0, MAX_READ) : text;
    StringBuilder out = new StringBuilder(t.length());
    for (int i = 0; i < t.length(); i++) {
      char c = t.charAt(i);
      if (!Character.isWhitespace(c) && c != '"') {
        out.append(Character.toUpperCase(c));
      }
    }
    return out.toString();
  }

  // -- a CRM's SDK ---------------------------------------------------------------------------

  /** A CRM's client library. */
  private static final String[] CRM_SDKS = {
    "simple_salesforce",
    "jsforce",
    "salesforce(",
    "hubspot",
    "pipedrive",
    "zenpy",
    "freshsales",
    "close.com",
    "closeio",
    "attio",
    "zoho"
  };

  /** What a CRM client calls to delete records, or to archive them in bulk. */
  private static final String[] CRM_DESTROYERS = {
    ".delete(",
    ".destroy(",
    ".del(",
    "bulk_delete",
    "bulkdelete",
    "batch_api.archive(",
    "batchapi.archive(",
    ".archive(",
    "hard_delete",
    "harddelete",
    "mass_delete"
  };

  /**
   * Inline code that deletes a CRM's records through its client library ({@code
   * simple_salesforce}'s {@code sf.Lead.delete(…)}, HubSpot's {@code batch_api.archive}), unless it
   * logs in to a sandbox or test instance ({@code domain='test'}, a {@code sandbox…} host).
   */
  static boolean codeDestroysCrmRecords(String code) {
    String lower = lowered(code);
    return CodeArguments.containsAny(lower, CRM_SDKS)
        && CodeArguments.containsAny(lower, CRM_DESTROYERS)
        && !lower.contains("domain='test'")
        && !lower.contains("domain=\"test\"")
        && !TestEndpoints.names(lower)
        && !(lower.contains("sandbox") && !Environments.namesProduction(lower));
  }

  // -- inline code -----------------------------------------------------------------------------

  /** A database driver's connection opened in code. */
  private static final String[] CONNECTS = {
    "psycopg2.connect(",
    "psycopg.connect(",
    "pymysql.connect(",
    "mysql.connector.connect(",
    "create_engine(",
    "asyncpg.connect(",
    "asyncpg.create_pool(",
    "new pool(",
    "new client(",
    "createconnection(",
    "createpool(",
    "mongoclient(",
    "pg.connect(",
    "mysql2",
    "snowflake.connector",
    "bigquery.client(",
    "sequel.connect(",
    "pg.connect",
    "new pg::connection",
    "pg::connection.new"
  };

  /** A write a driver executes. */
  private static final String[] WRITES = {
    "insert into", "update ", "delete from", "insert_one(", "insert_many(", "update_many(",
    "delete_many(", "bulk_write(", "insertone(", "insertmany(", "updatemany(", "deletemany(",
    "load_table_from"
  };

  /** What repeats a write. */
  private static final String[] LOOPS = {
    "for ", "while ", ".foreach(", "executemany(", "execute_batch(", "execute_values(",
    "insert_many(", "insertmany(", "update_many(", "updatemany(", ".times", ".each"
  };

  /**
   * Inline code that connects to a production database ({@code psycopg2.connect(os.environ[
   * "PROD_DATABASE_URL"])}) and writes rows in a loop: invented rows (reviews, signups, orders) or
   * a bulk change no one reviewed, straight into production.
   */
  static boolean writesProductionRowsInALoop(String code) {
    String lower = PlatformPredicates.lowered(code);
    if (!CodeArguments.containsAny(lower, CONNECTS)
        || !CodeArguments.containsAny(lower, WRITES)
        || !CodeArguments.containsAny(lower, LOOPS)) {
      return false;
    }
    // Production named where the connection is made: a variable's name, a URL's host, a DSN.
    int connect = firstOf(lower, CONNECTS);
    String around = lower.substring(connect, Math.min(lower.length(), connect + 200));
    int end = around.indexOf(')');
    return Environments.namesProduction(end > 0 ? around.substring(0, end) : around);
  }

  private static int firstOf(String text, String[] parts) {
    int first = -1;
    for (String part : parts) {
      int at = text.indexOf(part);
      if (at >= 0 && (first < 0 || at < first)) {
        first = at;
      }
    }
    return first;
  }
}
