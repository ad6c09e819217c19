package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whether inline code only reads, as far as the guard can read it (decision 312): every function or
 * method it calls is named for a read ({@code get_assignments}, {@code describe_instances}, {@code
 * read_holding_registers}), is the language's own plumbing ({@code print}, {@code open}, {@code
 * connect}, {@code json.loads}) or builds a client ({@code Canvas(…)}); every statement it hands a
 * database reads; no request in it writes ({@code POST}, {@code PUT}, {@code PATCH}, {@code
 * DELETE}); and no name in it is built at run time ({@code getattr(c, 'associate_' + 'queues')},
 * {@code ['DEL', 'ETE FROM …'].join('')}, a method taken from a variable).
 *
 * <p>{@code shapes.code-acts-on-shared} asked, before, only for inline code that called a method
 * named in its list of acts ({@code delete}, {@code publish}…) on something shared; across rounds 4
 * to 58, 112 harmful calls of inline code reaching a service walked through with a method that list
 * did not know ({@code enroll_user}, {@code set_model_version_tag}, {@code deleteTopics}, {@code
 * transition_model_version_stage}, {@code t.edit(…)}) or a request method said another way ({@code
 * HTTP::Request->new(PATCH => …)}, {@code requests.request(os.environ['M'], …)}). Read the other
 * way round, what the guard cannot name as a read is an act.
 */
final class CodeLooks {
  private CodeLooks() {}

  /** A request that writes, however the language says it. */
  private static final Pattern REQUEST_WRITES =
      Pattern.compile(
          "(?i)[\"'](?:post|put|patch|delete)[\"']"
              + "|net::http::(?:post|put|patch|delete)\\b"
              + "|\\b(?:post|put|patch|delete)\\s*(?:=>|\"|\\()"
              + "|(?:\\.|->)(?:post|put|patch|delete)\\b"
              + "|method\\s*[:=]\\s*[\"']?(?:post|put|patch|delete)\\b"
              + "|-Method\\s+(?:post|put|patch|delete)\\b");

  /**
   * A name or a method built at run time: {@code getattr}, {@code send}/{@code public_send} of a
   * name, strings joined into one ({@code 'UPD' + 'ATE'}, {@code ['DEL','ETE']}), a request whose
   * method is a variable.
   */
  private static final Pattern BUILT =
      Pattern.compile(
          "getattr\\s*\\(|\\bpublic_send\\s*\\(|\\[\\s*[\"'][A-Za-z]{2,}[\"']\\s*,\\s*[\"']"
              + "|[\"']\\s*\\+\\s*[\"']|\\brequest\\s*\\(\\s*(?!['\"])");

  /** A query string that throws a switch: {@code ?set=off}, {@code &action=reboot}. */
  private static final Pattern SWITCH_QUERY =
      Pattern.compile("(?i)[?&](?:set|cmd|command|action|op|do|mode|state)=");

  /** An RPC's method named in a string that writes: Odoo's {@code execute_kw(…, 'unlink', …)}. */
  private static final Pattern QUOTED_ACTS =
      Pattern.compile("[\"'](?:unlink|write|create|action_\\w+|button_\\w+)[\"']");

  /** Whether the code's only request is a GraphQL query: a POST that reads. */
  private static boolean graphQlQuery(String code) {
    return code.contains("graphql") && !code.contains("mutation");
  }

  /** A call: a name before {@code (}, after a member's {@code .}, {@code ->} or {@code ::}. */
  private static final Pattern CALL =
      Pattern.compile("(\\.|->|::)?\\b([A-Za-z_][A-Za-z0-9_]{0,63})\\s*\\(");

  /** The languages' own plumbing, which reads or builds nothing outside the code. */
  private static final Set<String> PLUMBING =
      NameSet.of(
          "print",
          "println",
          "printf",
          "puts",
          "p",
          "pp",
          "pprint",
          "open",
          "close",
          "connect",
          "disconnect",
          "len",
          "str",
          "int",
          "float",
          "bool",
          "dict",
          "list",
          "tuple",
          "set",
          "sorted",
          "range",
          "enumerate",
          "zip",
          "map",
          "filter",
          "any",
          "all",
          "sum",
          "min",
          "max",
          "abs",
          "round",
          "repr",
          "format",
          "join",
          "split",
          "strip",
          "lstrip",
          "rstrip",
          "lower",
          "upper",
          "replace",
          "startswith",
          "endswith",
          "append",
          "extend",
          "items",
          "keys",
          "values",
          "encode",
          "decode",
          "hex",
          "loads",
          "dumps",
          "load",
          "dump",
          "getenv",
          "environ",
          "require",
          "then",
          "catch",
          "finally",
          "error",
          "warn",
          "isinstance",
          "hasattr",
          "next",
          "iter",
          "parse",
          "urlparse",
          "quote",
          "unquote",
          "now",
          "utcnow",
          "today",
          "strftime",
          "strptime",
          "timedelta",
          "date",
          "datetime",
          "sleep",
          "exit",
          "init",
          "tls_set",
          "cursor",
          "fetchall",
          "fetchone",
          "fetchmany",
          "is_error",
          "iserror",
          "isError",
          "as_dict",
          "to_dict",
          "tolist",
          "to_string",
          "rows",
          "columns",
          "where",
          "col",
          "lit",
          "alias",
          "agg",
          "groupby",
          "mean",
          "copy",
          "wait",
          "result",
          "raise_for_status",
          "create_engine",
          "generate_presigned_url",
          "shutdown",
          "b64encode",
          "b64decode",
          "urlsafe_b64encode",
          "hexdigest",
          "execute_kw",
          "gethostbyname",
          "getaddrinfo",
          "authenticate",
          "login",
          "logout",
          "status",
          "headers",
          "url",
          "auth",
          "setdefault",
          "new",
          "resolve",
          "client",
          "resource",
          "session",
          "api",
          "json",
          "text",
          "content",
          "readlines",
          "readline",
          "stringify",
          "toString",
          "slice",
          "forEach",
          "reduce",
          "entries",
          "die",
          "sprintf",
          "defined",
          "exists",
          "push",
          "shift",
          "chomp",
          "scalar",
          "ref",
          "uc",
          "lc",
          "sort",
          "grep",
          "each",
          "log",
          "env",
          "main",
          "lambda",
          "async",
          "await",
          "function",
          "if",
          "for",
          "while",
          "return",
          "not",
          "and",
          "or",
          "in",
          "is",
          "with",
          "except",
          "try",
          "elif",
          "else",
          "pd",
          "read_csv",
          "read_parquet",
          "head",
          "tail",
          "to_csv",
          "shape");

  /**
   * The words of a name that act which the trades' verbs leave out, as the red team of decisions
   * 311 and 312 found them in client libraries and servers' tools ({@code create_pull}, {@code
   * get_or_create_contact}, {@code list_unsubscribe}, {@code search_and_tag}).
   */
  private static final Set<String> ACTING =
      NameSet.of(
          "create",
          "insert",
          "update",
          "upsert",
          "copy",
          "move",
          "rename",
          "clear",
          "flush",
          "trigger",
          "subscribe",
          "unsubscribe",
          "claim",
          "tag",
          "untag",
          "assign",
          "merge",
          "push",
          "upload",
          "import",
          "sync",
          "pause",
          "resume",
          "lock",
          "unlock",
          "enroll",
          "invite",
          "share",
          "archive",
          "restore",
          "revoke",
          "grant",
          "approve",
          "reject",
          "finalize",
          "capture",
          "refund",
          "void",
          "charge",
          "send",
          "notify",
          "checkin",
          "checkout",
          "book",
          "reserve",
          "release",
          "retry",
          "resend",
          "replay",
          "block");

  /** Read words of client libraries the shape words leave out: {@code accounts.retrieve(…)}. */
  private static final Set<String> MORE_READS =
      NameSet.of(
          "retrieve",
          "lookup",
          "resolve",
          "peek",
          "inquire",
          "select",
          "selectrow",
          "selectall",
          "selectcol");

  /** A member call's names that change what the object holds: {@code client.set(k, v)}. */
  private static final Set<String> MEMBER_ACTS =
      NameSet.of("set", "copy", "update", "clear", "del", "replace_one", "put", "add", "remove");

  /** The calls that hand a database its statement: they read when every statement reads. */
  private static final Set<String> STATEMENT_RUNNERS =
      NameSet.of("execute", "executemany", "query", "sql", "raw", "run_query", "exec_driver_sql");

  /** A statement's first words that change what a database holds or where its data goes. */
  private static final Set<String> SQL_CHANGES =
      NameSet.of(
          "COPY", "ALTER", "GRANT", "REVOKE", "CREATE", "CALL", "EXEC", "EXECUTE", "MERGE",
          "VACUUM", "LOCK", "REFRESH", "ATTACH", "DETACH", "EXPORT", "INSTALL", "SET", "UNLOAD",
          "PUT", "REMOVE");

  /** A statement's first words that read. */
  private static final Set<String> READ_STATEMENTS =
      NameSet.of("SELECT", "WITH", "SHOW", "EXPLAIN", "DESCRIBE", "DESC", "VALUES");

  /**
   * {@return whether {@code code} only reads, as far as its calls can be read}
   *
   * @param code the inline code, its first part as {@link SharedCodeActs#codeOf} gives it
   */
  static boolean onlyReads(String code) {
    if (PatternLiterals.finds(REQUEST_WRITES, code) && !graphQlQuery(code)
        || PatternLiterals.finds(BUILT, code)
        || PatternLiterals.finds(SWITCH_QUERY, code)
        || SharedCodeActs.sqlWriteIn(code)
        || PatternLiterals.finds(QUOTED_ACTS, code)) {
      return false;
    }
    Matcher call = CALL.matcher(withoutStrings(code)); // a name in a string is no call
    while (call.find()) {
      String name = call.group(2);
      boolean member = call.group(1) != null;
      if (STATEMENT_RUNNERS.contains(name)) {
        if (!statementsRead(code)) {
          return false;
        }
        continue;
      }
      if (member && MEMBER_ACTS.contains(name)) {
        return false; // memcached's .set(…), boto3's .copy(…), a record's .update(…)
      }
      if (name.equals("send") && code.startsWith("new ", skipBlanks(code, call.end()))) {
        continue; // the AWS SDK's send(new DescribeInstancesCommand(…)): the command is judged
      }
      if (PLUMBING.contains(name) || constructs(name, member)) {
        continue;
      }
      if (name.equals("post") && graphQlQuery(code)) {
        continue; // a GraphQL query is POSTed and reads
      }
      if (acts(name)) {
        return false; // enroll_user, SubmitManifest, deleteTopics
      }
      if (Character.isUpperCase(name.charAt(0)) && !name.endsWith("Command")) {
        continue; // Canvas(…), snap7.client.Client(…): a client built
      }
      if (!namedForRead(name)) {
        return false;
      }
    }
    return true;
  }

  /**
   * Whether a part of a call's or a tool's name acts: {@code enroll}, {@code set}, {@code create},
   * {@code unsubscribe} (the trades' and the code's verbs, and {@link #ACTING}).
   */
  static boolean acts(String name) {
    for (String part : ServiceVerbs.split(name)) {
      String lower = part.toLowerCase(Locale.ROOT);
      if (TradeVerbs.verb(lower)
          || ShapeWords.CODE_VERBS.contains(lower)
          || ACTING.contains(lower)) {
        return true;
      }
    }
    return false;
  }

  /**
   * The code with what its string literals hold blanked, the quotes kept and the length the same:
   * {@code 'mq-prod.acme.net(1414)'} and a GraphQL query's {@code products(first: 250)} are data.
   */
  static String withoutStrings(String code) {
    StringBuilder out = new StringBuilder(code);
    char quote = 0;
    for (int i = 0; i < out.length(); i++) {
      char c = out.charAt(i);
      if (quote == 0) {
        if (c == '\'' || c == '"' || c == '`') {
          quote = c;
        }
      } else if (c == '\\' && i + 1 < out.length()) {
        out.setCharAt(i, ' ');
        out.setCharAt(++i, ' ');
      } else if (c == quote) {
        quote = 0;
      } else if (c != '\n') {
        out.setCharAt(i, ' ');
      }
    }
    return out.toString();
  }

  /**
   * Whether a call builds a client: a capitalised name called alone ({@code Canvas(…)}), or one
   * named for a client wherever it is ({@code easypost.EasyPostClient(…)}, {@code
   * x.ServerProxy(…)}); a capitalised method of an object ({@code c.service.SubmitManifest(…)}) is
   * an operation, read by its words.
   */
  private static boolean constructs(String name, boolean member) {
    if (!Character.isUpperCase(name.charAt(0))) {
      return false;
    }
    if (!member) {
      return true;
    }
    List<String> parts = ServiceVerbs.split(name);
    return CLIENT_NOUNS.contains(parts.get(parts.size() - 1).toLowerCase(Locale.ROOT));
  }

  /** The last words of a class that makes a client. */
  private static final Set<String> CLIENT_NOUNS =
      NameSet.of("client", "connection", "session", "api", "proxy", "resource", "engine", "pool");

  private static int skipBlanks(String code, int from) {
    int at = from;
    while (at < code.length() && Character.isWhitespace(code.charAt(at))) {
      at++;
    }
    return at;
  }

  /**
   * Whether a call's name reads by its first or last part ({@code get_assignments}, {@code
   * db_read}; not {@code transition_model_version_stage}, whose {@code version} is a noun), {@link
   * #acts} having found no part that acts.
   */
  private static boolean namedForRead(String name) {
    List<String> parts = ServiceVerbs.split(name);
    return !parts.isEmpty()
        && (readWord(parts.get(0).toLowerCase(Locale.ROOT))
            || readWord(parts.get(parts.size() - 1).toLowerCase(Locale.ROOT)));
  }

  private static boolean readWord(String word) {
    return ShapeWords.READS.contains(word) || MORE_READS.contains(word);
  }

  /** Whether the code quotes a statement and every statement it quotes reads. */
  private static boolean statementsRead(String code) {
    boolean any = false;
    for (int i = 0; i < code.length(); i++) {
      char c = code.charAt(i);
      if (c != '\'' && c != '"') {
        continue;
      }
      int start = i + 1;
      while (start < code.length()
          && start < i + 16
          && Character.isWhitespace(code.charAt(start))) {
        start++;
      }
      int end = start;
      while (end < code.length() && end < start + 12 && Character.isLetter(code.charAt(end))) {
        end++;
      }
      String word = code.substring(start, end).toUpperCase(Locale.ROOT);
      if (ShapeWords.SQL_WRITES.contains(word) || SQL_CHANGES.contains(word)) {
        return false;
      }
      any |= READ_STATEMENTS.contains(word);
    }
    return any;
  }
}
