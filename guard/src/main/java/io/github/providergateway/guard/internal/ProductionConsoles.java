package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A console or a runner of arbitrary code started inside a production container (issue 80 round 6,
 * decision 105): {@code kubectl --context prod exec deploy/api -- bin/rails console}, {@code aws
 * ecs execute-command --cluster prod --command "python manage.py shell"}. What the console is then
 * told no one reads before it runs, with production's data and credentials; the container's
 * production is the exec's (its context, cluster or namespace), as the command inside names none.
 *
 * <p>Cost: the words of one program, once.
 */
final class ProductionConsoles {
  private ProductionConsoles() {}

  /** Consoles by their program's name: whatever they run is typed into them. */
  private static final Set<String> CONSOLES =
      NameSet.of(
          "irb", "pry", "iex", "tinker", "shell_plus", "dbshell", "remote_console", "console");

  /** A framework's command words that start a console or run code given to them. */
  private static final Set<String> CONSOLE_COMMANDS =
      NameSet.of(
          "console",
          "c",
          "runner",
          "r",
          "shell",
          "shell_plus",
          "dbshell",
          "runscript",
          "tinker",
          "remote",
          "remote_console",
          "rpc",
          "eval");

  /** The programs those command words are of. */
  private static final Set<String> FRAMEWORKS =
      NameSet.of(
          "rails",
          "manage.py",
          "django-admin",
          "artisan",
          "mix",
          "bundle",
          "php",
          "python",
          "python3");

  /** Interpreters given code inline (or none, reading it from their input). */
  private static final Set<String> INTERPRETERS =
      NameSet.of("python", "python3", "node", "ruby", "php", "perl", "bun", "deno");

  /** Adds the predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put(
        "production-exec-console",
        (scan, step, read) -> Environments.production(scan, step) && startsConsole(step.args()));
    named.put("production-runs-project-script", ProductionConsoles::runsProjectScript);
    named.put(
        "production-inline-project-act", (scan, step, read) -> InlineProjectActs.found(scan, step));
    named.put("production-runs-script-by-path", ProductionConsoles::runsScriptByItsPath);
    named.put(
        "console-sql-writes",
        (scan, step, read) -> Environments.production(scan, step) && sqlWrites(step.args()));
  }

  /**
   * The variables by which a framework's code is told its environment ({@code NODE_ENV} is not
   * among them: a build's and a local server's as often as production's), and a database's URL.
   */
  private static final Set<String> ENVIRONMENT_VARIABLES =
      NameSet.of(
          "RAILS_ENV",
          "RACK_ENV",
          "DJANGO_SETTINGS_MODULE",
          "DJANGO_ENV",
          "DJANGO_CONFIGURATION",
          "APP_ENV",
          "FLASK_ENV",
          "MIX_ENV",
          "ENVIRONMENT",
          "APP_ENVIRONMENT",
          "DATABASE_URL");

  /**
   * {@code RAILS_ENV=production ruby scripts/fix.rb}, {@code DATABASE_URL=$PROD_DATABASE_URL node
   * scripts/fix.js}: an interpreter runs a script of the project with a framework's environment, or
   * a database, the command names production: its code works with production's data, as a runner's
   * does. Inline code is not this (the {@code production.client-code} rule reads it).
   */
  private static boolean runsProjectScript(Scan scan, Step step, Where.Read read) {
    List<Word> rest = projectScriptWords(step);
    return rest != null
        && (productionAssigned(scan)
            || DjangoSettings.production(rest.subList(0, Math.min(rest.size(), 32))));
  }

  /**
   * Whether a program runs a script of the project, by an interpreter or by its relative path, and
   * says nothing of a dry run: code nobody read before it runs, with what its environment gives it
   * (decision 208, {@link ProductionEnvFiles}).
   */
  static boolean runsScript(Step step) {
    return projectScriptWords(step) != null || scriptByItsPath(step);
  }

  /**
   * The words after the script of the project an interpreter runs ({@code node scripts/fix.js
   * --all}: {@code --all}), or null where it runs none (inline code, a module, a path outside the
   * project) or its words say it changes nothing.
   */
  private static List<Word> projectScriptWords(Step step) {
    if (!INTERPRETERS.contains(step.program()) && !step.program().equals("python3")) {
      return null;
    }
    String script = null;
    List<Word> args = step.args();
    int at = 0;
    for (; at < args.size(); at++) {
      String text = args.get(at).text();
      if (text.startsWith("-")) {
        if (text.equals("-c") || text.equals("-e") || text.equals("-m") || text.equals("-r")) {
          return null; // inline code or a module
        }
        continue;
      }
      script = text;
      break;
    }
    if (script == null
        || script.startsWith("/")
        || script.startsWith("~")
        || script.startsWith("$")
        || !script.matches("[\\w./-]{1,200}\\.(?:py|rb|js|mjs|cjs|ts|php|exs|pl)")) {
      return null;
    }
    List<Word> rest = args.subList(at + 1, args.size());
    // manage.py cd_reconcile --report-only: the command says it changes nothing
    return DryRuns.in(rest) ? null : rest;
  }

  /**
   * {@code DJANGO_SETTINGS_MODULE=shop.settings.production ./manage.py merge_households …}: the
   * project's script run by its relative path, which its {@code #!} line hands to its interpreter,
   * read as {@link #runsProjectScript} reads it run by one.
   */
  private static boolean runsScriptByItsPath(Scan scan, Step step, Where.Read read) {
    return scriptByItsPath(step)
        && (productionAssigned(scan) || DjangoSettings.production(step.args()));
  }

  /** Whether a program is the project's script run by its relative path, with no dry run. */
  private static boolean scriptByItsPath(Step step) {
    List<Word> words = step.invocation().words();
    if (words.isEmpty() || !words.get(0).literal() || step.interpreter()) {
      return false;
    }
    String path = words.get(0).text();
    return path.indexOf('/') > 0
        && !path.startsWith("~")
        && path.matches("[\\w./-]{1,200}\\.(?:py|rb|js|mjs|cjs|ts|php|exs|pl)")
        && !DryRuns.in(step.args());
  }

  /**
   * Whether the command assigns a framework's environment, a database or a credential (a variable
   * named for a secret, decision 208) a value that names production: {@code STRIPE_SECRET_KEY=$(op
   * read op://Clients/shop/stripe-live-secret)}, {@code API_TOKEN=$PROD_API_TOKEN}.
   */
  /**
   * The command's assignments in effect ({@link FrameworkEnvironments#assignmentsInEffect}), read
   * once a call however many scripts and readers ask ({@link InlineProjectActs} too).
   *
   * @param scan the call, whose source is not null
   * @return the assignments, {@code NAME=value}
   */
  static List<String> assignments(Scan scan) {
    return scan.once(
        "ProductionConsoles.assignments",
        call -> FrameworkEnvironments.assignmentsInEffect(scan.source()));
  }

  private static boolean productionAssigned(Scan scan) {
    String source = scan.source();
    if (source == null) {
      return false;
    }
    for (String token : assignments(scan)) {
      int eq = token.indexOf('=');
      String name = token.substring(0, eq);
      String value = token.substring(eq + 1);
      if ((ENVIRONMENT_VARIABLES.contains(name) || SecretNames.secret(name))
          && Environments.namesProduction(value)) {
        return true;
      }
    }
    Matcher substituted = PatternLiterals.matcher(SUBSTITUTED, source);
    while (substituted.find()) {
      String command = substituted.group(2) != null ? substituted.group(2) : substituted.group(3);
      String name = substituted.group(1);
      if ((SecretNames.secret(name)
              || ENVIRONMENT_VARIABLES.contains(name)
              || PatternLiterals.finds(CONNECTION, name))
          && Environments.namesProduction(command)) {
        // STRIPE_SECRET_KEY=$(op read op://Clients/shop/stripe-live-secret); DATABASE_URL=$(aws
        // ssm get-parameter --name /harbor/live/db_url …) (decision 225)
        return true;
      }
    }
    return false;
  }

  /** A variable named for a database's address: {@code LEDGER_DB_URL}, {@code PG_DSN}. */
  private static final Pattern CONNECTION =
      Pattern.compile("(?i)(?:^|_)(?:DATABASE|DB)_?(?:URL|URI|DSN)$|(?:^|_)DSN$");

  /** A variable assigned what a command prints: {@code KEY=$(op read op://…)}, {@code KEY=`…`}. */
  private static final Pattern SUBSTITUTED =
      Pattern.compile(
          "([A-Za-z_][A-Za-z0-9_]{0,100})=\"?(?:\\$\\(([^()]{1,500})\\)|`([^`]{1,500})`)");

  /** The SQL statements that only read. */
  private static final Set<String> READS =
      NameSet.of("select", "with", "show", "explain", "\\d", "\\dt", "\\l", "table", "values");

  /**
   * Whether a console's {@code -c}/{@code --command} SQL ({@code heroku pg:psql -c "UPDATE …"})
   * holds a statement that does more than read; a {@code WITH} that writes is read as a read only
   * when no statement of it names a write.
   */
  static boolean sqlWrites(List<Word> args) {
    for (int i = 0; i + 1 < args.size(); i++) {
      String text = args.get(i).text();
      if (text.equals("-c") || text.equals("--command")) {
        String sql = args.get(i + 1).text();
        sql = sql.length() > 4096 ? sql.substring(0, 4096) : sql;
        for (String statement : sql.split(";")) {
          String[] first = statement.strip().split("\\s+", 2);
          String verb = first[0].toLowerCase(java.util.Locale.ROOT);
          if (!verb.isEmpty() && !READS.contains(verb)) {
            return true;
          }
          if (verb.equals("with")
              && statement
                  .toLowerCase(java.util.Locale.ROOT)
                  .matches("(?s).*\\b(?:insert|update|delete|truncate|drop|alter)\\b.*")) {
            return true;
          }
        }
      }
    }
    return false;
  }

  /** Whether the command after the exec's {@code --} (or its {@code --command}) is a console. */
  static boolean startsConsole(List<Word> args) {
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if (text.equals("--")) {
        return console(args.subList(i + 1, args.size()).stream().map(Word::text).toList());
      }
      if (text.equals("--command") && i + 1 < args.size()) {
        return commandLine(args.get(i + 1).text());
      }
      if (text.startsWith("--command=")) {
        return commandLine(text.substring(10));
      }
    }
    return false;
  }

  /** A command line given as one string: any of its commands ({@code cd app && bin/rails c}). */
  private static boolean commandLine(String line) {
    String bounded = line.length() > 1024 ? line.substring(0, 1024) : line;
    for (String command : bounded.split("&&|\\|\\||;")) {
      if (!command.isBlank() && console(List.of(command.strip().split("\\s+", 8)))) {
        return true;
      }
    }
    return false;
  }

  private static boolean console(List<String> words) {
    if (words.isEmpty()) {
      return false;
    }
    String first = words.get(0);
    String program = first.substring(first.lastIndexOf('/') + 1);
    if (CONSOLES.contains(program)) {
      return true;
    }
    if (INTERPRETERS.contains(program)) {
      if (words.size() == 1) {
        return true; // python: a console reading what is typed
      }
      String option = words.get(1);
      if (option.equals("-c")
          || option.equals("-e")
          || option.equals("-r")
          || option.equals("--eval")
          || option.equals("-i")) {
        return true;
      }
    }
    boolean framework = FRAMEWORKS.contains(program) || first.indexOf('/') >= 0;
    for (int i = 1; framework && i < words.size() && i < 4; i++) {
      if (CONSOLE_COMMANDS.contains(words.get(i))) {
        return true;
      }
    }
    return false;
  }
}
