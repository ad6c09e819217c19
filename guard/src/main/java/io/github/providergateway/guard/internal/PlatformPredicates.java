package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.Word;
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
    named.put("platform-not-test-target", (scan, step, read) -> !testTarget(scan, step));
    named.put(
        "apex-destroys-outside-tests",
        (scan, step, read) -> apexDestroys(scan, step) && !testTarget(scan, step));
    named.put(
        "warehouse-shares-out",
        (scan, step, read) -> anySql(scan, step, PlatformPredicates::sharesOut));
    named.put(
        "warehouse-spends", (scan, step, read) -> anySql(scan, step, PlatformPredicates::spends));
    named.put(
        "code-writes-production-rows-in-a-loop",
        (scan, step, read) -> {
          String code = InterpreterCode.of(step);
          return code != null && writesProductionRowsInALoop(code);
        });
    named.put(
        "code-gives-personal-data-to-ai",
        (scan, step, read) -> {
          String code = InterpreterCode.of(step);
          return code != null && givesPersonalDataToAi(code);
        });
    named.put("harvests-addresses", PlatformPredicates::harvestsAddresses);
    named.put(
        "code-erases-consent-records",
        (scan, step, read) -> {
          String code = InterpreterCode.of(step);
          return code != null && erasesConsentRecords(code);
        });
    named.put("resubscribes-the-unsubscribed", PlatformPredicates::resubscribes);
    named.put("imports-unconsented-contacts", PlatformPredicates::importsUnconsented);
    named.put("search-index-overwrites-production", PlatformPredicates::indexOverwritesProduction);
    named.put(
        "code-destroys-production-index",
        (scan, step, read) -> {
          String code = InterpreterCode.of(step);
          return code != null && codeDestroysProductionIndex(code);
        });
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
      Set.of(
          "--target-org",
          "-o",
          "-u",
          "--targetusername",
          "--target-dev-hub",
          "-c",
          "--connection",
          "--target",
          "-t",
          "--profile",
          "--project_id",
          "--dataset_id",
          "--account",
          "-a");

  /**
   * Whether the tool works on test data only: the org, connection, target, dataset or table it
   * names says test, development, scratch, sandbox or CI ({@code --target-org growth-scratch},
   * {@code snowsql -c dev}, {@code dbt --target ci}, {@code bq rm -t acme:scratch.tmp}), and
   * nothing of the call names production. A tool naming nothing works on its default, which no one
   * can say is a test's.
   */
  static boolean testTarget(Scan scan, Step step) {
    List<Word> args = step.args();
    boolean test = false;
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
      } else if (step.program().equals("bq") && !a.startsWith("-") && a.indexOf(':') > 0
          || step.program().equals("bq") && !a.startsWith("-") && a.indexOf('.') > 0) {
        value = a; // a dataset or table: project:dataset.table
      }
      if (value == null) {
        continue;
      }
      if (Environments.namesProduction(value)) {
        return false;
      }
      test |= Environments.testName(value);
    }
    return test && !Environments.production(scan, step);
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
    String c = code.length() > 16384 ? code.substring(0, 16384) : code;
    c = c.toLowerCase(Locale.ROOT);
    return c.contains("delete [")
        || c.contains("delete[")
        || c.contains("database.delete")
        || c.contains("emptyrecyclebin")
        || APEX_DELETE.matcher(c).find();
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
      return null;
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
    String t = text.length() > 16384 ? text.substring(0, 16384) : text;
    StringBuilder out = new StringBuilder(t.length());
    for (int i = 0; i < t.length(); i++) {
      char c = t.charAt(i);
      if (!Character.isWhitespace(c) && c != '"') {
        out.append(Character.toUpperCase(c));
      }
    }
    return out.toString();
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
    String c = code.length() > 16384 ? code.substring(0, 16384) : code;
    String lower = c.toLowerCase(Locale.ROOT);
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

  /** A model provider's SDK or API called in code. */
  private static final String[] AI_CALLS = {
    "openai",
    "anthropic",
    "chat.completions",
    "messages.create",
    "generate_content",
    "generativeai",
    "google.genai",
    "mistralai",
    "cohere.",
    "groq",
    "responses.create",
    "api.openai.com",
    "api.anthropic.com",
    "generativelanguage.googleapis.com",
    "bedrock-runtime",
    "litellm",
    "together.ai",
    "api.together",
    "replicate."
  };

  /** A model served on this machine: handing it data keeps the data here. */
  private static final String[] LOCAL_MODEL = {
    "localhost", "127.0.0.1", "ollama", "base_url=\"http://0", "lmstudio"
  };

  /**
   * Inline code that reads a file of people's data ({@code exports/customers_full.csv}) and calls a
   * model provider's API with it ({@code OpenAI().chat.completions.create}): customers' data handed
   * to a processor no one contracted (decision 93's data export).
   */
  static boolean givesPersonalDataToAi(String code) {
    String c = code.length() > 16384 ? code.substring(0, 16384) : code;
    String lower = c.toLowerCase(Locale.ROOT);
    if (!CodeArguments.containsAny(lower, AI_CALLS)
        || CodeArguments.containsAny(lower, LOCAL_MODEL)) {
      return false;
    }
    for (String reader :
        new String[] {"open(", "read_csv(", "readfilesync(", "readfile(", "file.read("}) {
      for (int at = lower.indexOf(reader); at >= 0; at = lower.indexOf(reader, at + 1)) {
        int end = Math.min(lower.length(), at + reader.length() + 200);
        int close = lower.indexOf(')', at);
        String path =
            lower.substring(at + reader.length(), close > at ? Math.min(close, end) : end);
        if (PersonalData.names(path)) {
          return true;
        }
      }
    }
    return false;
  }

  // -- addresses harvested -------------------------------------------------------------------

  /** An e-mail address's pattern: a character class or repetition, then {@code @}, then another. */
  private static final java.util.regex.Pattern ADDRESS_PATTERN =
      java.util.regex.Pattern.compile("[\\]+*)]\\s{0,2}@\\s{0,2}[\\[(\\\\]");

  /** Programs that fetch pages from another machine. */
  private static final Set<String> FETCHERS =
      Set.of("wget", "curl", "httrack", "lynx", "w3m", "aria2c", "wget2", "http", "xh");

  /**
   * Whether the program pulls e-mail addresses out of pages fetched from another machine: a grep of
   * an address's pattern in a command that also fetches pages ({@code wget -r … && grep -rhoE
   * '[A-Za-z0-9._%+-]+@…'}), or inline code that requests pages and finds addresses in them ({@code
   * re.findall(r"[\w.+-]+@[\w-]+…", requests.get(…).text)}). A grep of the project's own files or
   * logs fetches nothing.
   */
  static boolean harvestsAddresses(Scan scan, Step step, Where.Read read) {
    String program = step.program();
    if (step.interpreter()) {
      String code = InterpreterCode.of(step);
      if (code == null) {
        return false;
      }
      String c = code.length() > 16384 ? code.substring(0, 16384) : code;
      String lower = c.toLowerCase(Locale.ROOT);
      return (lower.contains("requests.get(")
              || lower.contains("urlopen(")
              || lower.contains("fetch(")
              || lower.contains("httpx.get(")
              || lower.contains("session.get("))
          && Hosts.firstElsewhere(lower) != null
          && ADDRESS_PATTERN.matcher(c).find();
    }
    if (!program.equals("grep")
        && !program.equals("egrep")
        && !program.equals("rg")
        && !program.equals("ggrep")) {
      return false;
    }
    boolean pattern = false;
    for (Word word : step.args()) {
      String t = word.text();
      if (t.length() < 1024 && ADDRESS_PATTERN.matcher(t).find()) {
        pattern = true;
        break;
      }
    }
    if (!pattern) {
      return false;
    }
    for (Step other : scan.steps()) {
      if (other != step && FETCHERS.contains(other.program())) {
        for (Word word : other.args()) {
          String t = word.text();
          if ((t.startsWith("http://") || t.startsWith("https://"))
              && Hosts.of(t) != null
              && !Environments.localHost(Hosts.of(t))) {
            return true;
          }
        }
      }
    }
    return false;
  }

  // -- consent records -------------------------------------------------------------------------

  /**
   * A marketing platform's SDK method that erases or lifts a consent record: a member deleted for
   * good (Mailchimp's archive keeps the opt-out, its permanent delete does not), a suppression,
   * bounce or unsubscribe removed (SendGrid, Klaviyo, Braze, Customer.io).
   */
  private static final String[] CONSENT_ERASERS = {
    "delete_list_member_permanent",
    "deletelistmemberpermanent",
    "suppressions.delete",
    "suppression.delete",
    "unsubscribes.delete",
    "bounces.delete",
    "spam_reports.delete",
    "delete_suppression",
    "remove_suppression",
    "deletesuppression",
    "removesuppression",
    "unsuppress",
    "global_._(",
    "delete_global_suppression",
    "bounce/remove",
    "spam/remove"
  };

  /** Whether inline code erases or lifts a marketing platform's consent records. */
  static boolean erasesConsentRecords(String code) {
    String c = code.length() > 16384 ? code.substring(0, 16384) : code;
    String lower = c.toLowerCase(Locale.ROOT);
    if (!CodeArguments.containsAny(lower, CONSENT_ERASERS)) {
      return false;
    }
    // global_._(email).delete(): SendGrid's own spelling of a suppression removed
    return !lower.contains("global_._(") || lower.contains(".delete(");
  }

  /** A status written back to subscribed. */
  private static final java.util.regex.Pattern SUBSCRIBED =
      java.util.regex.Pattern.compile(
          "status[\"']?\\s{0,3}[:=]\\s{0,3}[\"']subscribed[\"']"
              + "|subscri(?:be|ption)[a-z_-]{0,30}(?:bulk|create|jobs)|bulk_subscribe|subscribe_profiles");

  /**
   * Whether the program subscribes again people who unsubscribed: code or a request that reads the
   * unsubscribed (a member list filtered to them, an export of them) and writes a subscribed status
   * or a subscription job: their withdrawn consent overridden.
   */
  static boolean resubscribes(Scan scan, Step step, Where.Read read) {
    String text;
    if (step.interpreter()) {
      text = InterpreterCode.of(step);
    } else if (httpClient(step.program())) {
      StringBuilder words = new StringBuilder();
      for (Word word : step.args()) {
        words.append(word.text()).append(' ');
        if (words.length() > 16384) {
          break;
        }
      }
      text = words.toString();
    } else {
      return false;
    }
    if (text == null) {
      return false;
    }
    String lower =
        (text.length() > 16384 ? text.substring(0, 16384) : text).toLowerCase(Locale.ROOT);
    return lower.contains("unsubscribed") && SUBSCRIBED.matcher(lower).find();
  }

  private static boolean httpClient(String program) {
    return switch (program) {
      case "curl", "wget", "http", "https", "xh", "curlie" -> true;
      default -> false;
    };
  }

  // -- contacts without consent ----------------------------------------------------------------

  /** What a list's file is called when its people never opted in. */
  private static final String[] UNCONSENTED = {
    "scraped",
    "scrape",
    "purchased",
    "bought",
    "cold_leads",
    "cold-leads",
    "coldleads",
    "harvested",
    "rented_list",
    "leadlist_purchased"
  };

  /** What inline code calls to send a list. */
  private static final String[] CODE_SENDS = {
    ".post(", ".put(", ".patch(", "method", "create", "import", "add_", "upsert"
  };

  /** What a marketing platform calls the people it mails. */
  private static final String[] AUDIENCE = {
    "contacts", "members", "subscribers", "/lists", "profiles", "audience", "recipients", "/imports"
  };

  /**
   * Whether a request or inline code adds people from a list whose name says they never opted in
   * ({@code --data @/tmp/scraped_leads.json}, {@code data/cold_leads.txt}) to a platform's
   * contacts, members, subscribers or audience.
   */
  static boolean importsUnconsented(Scan scan, Step step, Where.Read read) {
    String text;
    if (step.interpreter()) {
      text = InterpreterCode.of(step);
    } else if (httpClient(step.program())) {
      String method = ServiceCalls.method(step.program(), step.args());
      if (method.equals("get") || method.equals("head") || method.equals("options")) {
        return false; // a read of the list
      }
      StringBuilder words = new StringBuilder();
      for (Word word : step.args()) {
        words.append(word.text()).append(' ');
        if (words.length() > 16384) {
          break;
        }
      }
      text = words.toString();
    } else {
      return false;
    }
    if (text == null) {
      return false;
    }
    String lower =
        (text.length() > 16384 ? text.substring(0, 16384) : text).toLowerCase(Locale.ROOT);
    if (step.interpreter() && !CodeArguments.containsAny(lower, CODE_SENDS)) {
      return false;
    }
    return CodeArguments.containsAny(lower, UNCONSENTED)
        && CodeArguments.containsAny(lower, AUDIENCE)
        && Hosts.firstElsewhere(lower) != null;
  }

  // -- search indices --------------------------------------------------------------------------

  /**
   * Whether a search platform's command line overwrites or removes a production index: {@code
   * algolia indices copy|move <source> <prod destination>}, {@code algolia indices delete|clear
   * <prod>}, rules or synonyms imported over a production index's with the existing ones cleared.
   */
  static boolean indexOverwritesProduction(Scan scan, Step step, Where.Read read) {
    List<String> positionals = new java.util.ArrayList<>();
    boolean clears = false;
    for (Word word : step.args()) {
      String t = word.text();
      if (t.startsWith("-")) {
        clears |=
            t.startsWith("--clear-existing")
                || t.startsWith("--replace-existing")
                || t.equals("-c")
                || t.equals("-r");
      } else {
        positionals.add(t);
      }
    }
    if (positionals.size() < 3) {
      return false;
    }
    String noun = positionals.get(0);
    String verb = positionals.get(1);
    List<String> indices = positionals.subList(2, positionals.size());
    if (noun.equals("indices") || noun.equals("index")) {
      switch (verb) {
        case "copy", "move", "cp", "mv" -> {
          return indices.size() >= 2 && Environments.namesProduction(indices.get(1));
        }
        case "delete", "clear", "rm" -> {
          return Environments.namesProduction(indices.get(0));
        }
        default -> {
          return false;
        }
      }
    }
    if ((noun.equals("rules") || noun.equals("synonyms")) && verb.equals("import")) {
      return clears && Environments.namesProduction(indices.get(0));
    }
    if ((noun.equals("rules") || noun.equals("synonyms") || noun.equals("objects"))
        && (verb.equals("delete") || verb.equals("clear"))) {
      return Environments.namesProduction(indices.get(0));
    }
    return false;
  }

  /** A search client's method that removes or replaces an index's records, rules or synonyms. */
  private static final String[] INDEX_DESTROYERS = {
    ".delete(",
    ".clearobjects(",
    ".replaceallobjects(",
    ".deleteby(",
    ".clearrules(",
    ".clearsynonyms(",
    ".delete_index(",
    ".clear_objects(",
    ".replace_all_objects(",
    ".delete_by(",
    ".deleteindex(",
    ".indices.delete(",
    ".delete_all_documents(",
    ".deletealldocuments("
  };

  /**
   * Whether inline code removes or replaces a production search index: a client's index named for
   * production ({@code initIndex('prod_products')}, {@code index('products_production')}) and a
   * method that deletes, clears or replaces its records.
   */
  static boolean codeDestroysProductionIndex(String code) {
    String c = code.length() > 16384 ? code.substring(0, 16384) : code;
    String lower = c.toLowerCase(Locale.ROOT);
    if (!CodeArguments.containsAny(lower, INDEX_DESTROYERS)) {
      return false;
    }
    for (String opener :
        new String[] {"initindex(", "init_index(", ".index(", "searchsingleindex(", "index="}) {
      for (int at = lower.indexOf(opener); at >= 0; at = lower.indexOf(opener, at + 1)) {
        int end = lower.indexOf(')', at);
        String name =
            lower.substring(
                at + opener.length(),
                end > at
                    ? Math.min(end, at + opener.length() + 120)
                    : Math.min(lower.length(), at + opener.length() + 120));
        if (Environments.namesProduction(name)) {
          return true;
        }
      }
    }
    return false;
  }
}
