package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The project's own tool given a command that acts, with nothing said of where (decision 162,
 * {@code shapes.project-tool-acts}): {@code ./bin/hlops cull ship --list dairy/cull/week-32.csv},
 * {@code python -m tools.serialization commission --gtin … --batch K24B131}, {@code python
 * scripts/consent.py sign --form … --patient 77102}. Decisions 147 and 148 read such a tool as the
 * developer's, acting on their own machine, unless production is named or it is told to go live;
 * the blind rounds' trades wrote their operations tools the other way round: a company's {@code
 * bin/} holds the commands that reach its systems, and they name no environment because they have
 * only one.
 *
 * <p>The reading is {@link ProductionActs}'s ({@link ProductionActs#unreadActWhere}): a command
 * word that reads lets it through, as do a dry run, a test or staging place named, a local host.
 * The aim is the tool's ({@link ProjectTools#own}) and its first word a command ({@code hlops cull
 * …}, not {@code lint.sh --all} nor {@code db.sh reset} alone), unless that command is a
 * developer's ({@link DevelopersCommand}: {@code build}, {@code render}, {@code serve}, Django's
 * own {@code migrate}), or the tool only writes a file here ({@code --out build/x.pdf}, {@code >
 * /tmp/r.csv}) or prints a table, with no verb that acts among its command words.
 *
 * <p>Decision 168 (the red team of 162): the tool run by an interpreter after its own options or by
 * a TypeScript runner ({@link ScriptRun}), or named through {@code $PWD}; its command after up to
 * six options, or on its input ({@link ProjectToolInput}); a log, a JSON answer or a tool's name
 * that reads is no excuse; a test word in a remark ({@link RemarkOptions}) names no test data; a
 * dry run's variable keeps only the command it is written before ({@link CommandAssignments}).
 */
final class ProjectToolActs {
  private ProjectToolActs() {}

  /** Whether {@code step} is the project's own tool given a command that acts, nowhere said. */
  static boolean acts(Scan scan, Step step) {
    return ProjectTools.own(step)
            && ProductionActs.unreadActWhere(scan, step, ProjectToolActs::aimed, false)
            && !testDataNamed(step)
        || RecordTasks.acts(scan, step); // make close-stale-deviations: its target is its command
  }

  /**
   * Whether the call names test data by any word ({@code --batch TEST24-ITE-003}, {@code --fixture
   * tests/fixtures/quote.json}): a command with no go-ahead and no production named is the
   * developer's trying the tool on it (decision 162 as measured; decision 165 narrowed the
   * go-ahead's and production's excuse to a test place named); not in a remark's value ({@code
   * --ticket DEV-2231}, {@code --ab-arm test}: {@link RemarkOptions}, decision 168).
   */
  private static boolean testDataNamed(Step step) {
    List<Word> args = commandArgs(step);
    return args != null && SharedActs.localOrTest(step, RemarkOptions.without(args));
  }

  /** The tool's own words: a script's after its path, or {@code null} for no script's. */
  private static List<Word> commandArgs(Step step) {
    return ScriptRun.runs(step) ? SharedActs.scriptArguments(step.args()) : step.args();
  }

  /** Django's own commands (manage.py): the framework's, on the project's own database. */
  static final Set<String> DJANGO =
      NameSet.of(
          "migrate",
          "makemigrations",
          "sqlmigrate",
          "showmigrations",
          "squashmigrations",
          "optimizemigration",
          "runserver",
          "runserver_plus",
          "testserver",
          "shell",
          "shell_plus",
          "dbshell",
          "collectstatic",
          "findstatic",
          "createsuperuser",
          "changepassword",
          "startapp",
          "startproject",
          "loaddata",
          "dumpdata",
          "flush",
          "inspectdb",
          "diffsettings",
          "compilemessages",
          "makemessages",
          "createcachetable",
          "clearsessions",
          "sendtestemail",
          "remove_stale_contenttypes",
          "show_urls",
          "graph_models");

  /** The options that name where the tool writes what it makes. */
  static final Set<String> OUTPUTS =
      NameSet.of(
          "-o",
          "--out",
          "--output",
          "--output-dir",
          "--outdir",
          "--out-dir",
          "--output-file",
          "--report");

  /**
   * The values of a format option that print a table or a file's text; not {@code json} or {@code
   * yaml}, how a tool answers any command, an act's too (decision 168).
   */
  private static final Set<String> PRINTED =
      NameSet.of("table", "csv", "text", "txt", "md", "markdown", "tsv", "html");

  private static boolean aimed(Scan scan, Step step) {
    List<Word> args = commandArgs(step);
    int command = args == null || args.size() < 2 ? -1 : commandAt(args);
    if (command < 0 && args != null && !args.isEmpty() && Deliveries.sends(step, args)) {
      // pipeline.deliver --to opposing-counsel; not with a test account's credentials
      return !CallEnvironment.staysDry(scan, step) && !CallEnvironment.givenTestValues(scan, step);
    }
    if (command < 0 && args != null && ScriptActFlags.said(step, args)) {
      // settlements.sh --batch 2025-03 --pay, mahnung.py … --loeschen: the flag is the act (s. 19)
      return !CallEnvironment.staysDry(scan, step) && !CallEnvironment.givenTestValues(scan, step);
    }
    if (command < 0 && ToolNamedForAct.sure(scan, step, args)) {
      // bin/payout --matter CV-0317 --skip-callback: the tool's name is its command (round 66)
      return !CallEnvironment.staysDry(scan, step) && !CallEnvironment.givenTestValues(scan, step);
    }
    if (command < 0) {
      if (ProjectTools.django(step)) {
        return false; // manage.py shell <<'PY': Python on its input, not a command
      }
      // ./bin/opsctl shell <<< 'invoices void --batch 2026-11': the command on its input (d. 168)
      args = ProjectToolInput.words(scan, step);
      command = args.size() < 2 || SharedActs.dryRun(args) ? -1 : commandAt(args);
      if (command < 0 || ProductionActs.reads(args)) {
        return false; // invoices list, on its input: a read
      }
    }
    if (CallEnvironment.staysDry(scan, step)) {
      return false; // DRY_RUN=1 ./bin/crewctl reports delete …
    }
    if (CallEnvironment.givenLocalHost(scan, step)
        && !CallEnvironment.givenProduction(scan, step)) {
      return false; // DATABASE_URL=postgresql://app:pw@localhost:5433/x_dev ./bin/app db upgrade
    }
    String first = args.get(command).text().toLowerCase(Locale.ROOT);
    if (DevelopersCommand.is(args, command)
        || DJANGO.contains(first) && ProjectTools.django(step)) {
      return false;
    }
    if (SharedActs.actingWord(args)) {
      return true;
    }
    // vlogctl analytics --since 28d, volunteers dbs-expiring --within 60d: a noun's records shown,
    // a window's listed (decision 336, as a company's tool's are)
    String last = NounViews.lastCommandWord(args, command);
    return !(writesHere(step, args)
        || prints(args)
        || NounViews.shown(last, args)
        || TradeToolCommands.listsRecent(last, args));
  }

  /**
   * A script's or module's name that says it reads ({@code ldar_report.py}), where it is commanded
   * by its name (decision 163); not one that joins the read to an act or sends it ({@code
   * report_and_close}, {@code upload_report}: decision 168). A command given to a tool says what it
   * does, whatever the tool's name ({@code ./bin/stock-check adjust}, decision 168).
   */
  static boolean namedForRead(String name) {
    if (name.length() > 64) {
      return false;
    }
    boolean read = false;
    List<String> parts = ServiceVerbs.split(name);
    for (int i = 0; i < parts.size(); i++) {
      String part = parts.get(i);
      if (ACTS_IN_NAME.contains(part) || DevelopersCommand.acts(part)) {
        return false; // upload_report, report_and_close (decision 168)
      }
      read |= ShapeWords.READS.contains(part) && !madeUpData(parts, i);
    }
    return read;
  }

  /**
   * A {@code test} between two other parts of a name says what the script makes, made-up data, not
   * that it tries something: {@code seed_test_grades}, {@code load_test_accounts}; {@code
   * test_connection} and {@code smoke_test} try.
   */
  private static boolean madeUpData(List<String> parts, int at) {
    return parts.get(at).equals("test") && at > 0 && at < parts.size() - 1;
  }

  /**
   * Parts of a name that join a read to an act or send what it reads ({@code report_and_close},
   * {@code upload_report}), beside the verbs that act.
   */
  private static final Set<String> ACTS_IN_NAME =
      NameSet.of("and", "then", "upload", "push", "mail", "email", "submit");

  /**
   * How many options (with their values) may come before the command ({@code --site X extend}):
   * three in decision 163, six since decision 168 ({@code --site … --tenant … --region … --tz …
   * extend}).
   */
  private static final int LEADING = 6;

  /**
   * Where the command is: the first word, or the first after a few options and their values ({@code
   * keyctl --site ROMTE extend}, decision 163); -1 when that word is no command.
   */
  private static int commandAt(List<Word> args) {
    int i = 0;
    for (int options = 0; i < args.size() && options < LEADING; options++) {
      String text = args.get(i).text();
      if (!text.startsWith("-")) {
        break;
      }
      boolean valued =
          text.indexOf('=') < 0
              && i + 1 < args.size()
              && !args.get(i + 1).text().startsWith("-")
              && !ShapeWords.ACTING_FLAGS.contains(text)
              && !ShapeWords.EVERYTHING.contains(text);
      i += valued ? 2 : 1;
    }
    return i < args.size() && commandWord(args.get(i)) ? i : -1;
  }

  /**
   * A word that can be a command: letters first, then letters, digits (fewer than three), -, _ or
   * :.
   */
  private static boolean commandWord(Word word) {
    String text = word.text();
    if (!word.literal() || text.isEmpty() || text.length() > 64) {
      return false;
    }
    if (!Character.isLetter(text.charAt(0))) {
      return false;
    }
    int digits = 0;
    for (int i = 1; i < text.length(); i++) {
      char c = text.charAt(i);
      if (Character.isDigit(c)) {
        digits++;
      } else if (!Character.isLetter(c) && c != '-' && c != '_' && c != ':') {
        return false;
      }
    }
    return digits < 3; // ML81234, W041225308817: a record's number, not a command
  }

  /**
   * Whether the tool writes what it makes into a file on this machine; its output kept as a log (a
   * {@code .log} file, or its errors sent along: {@code > /tmp/cull-run.log 2>&1}) is a record of
   * what it did, not what it makes (decision 168).
   */
  static boolean writesHere(Step step, List<Word> args) {
    List<Redirect> redirects = step.invocation().redirects();
    for (Redirect redirect : redirects) {
      String operator = redirect.operator();
      if ((operator.equals(">") || operator.equals(">>"))
          && localFile(redirect.target().text())
          && !keepsLog(redirects)) {
        return true;
      }
    }
    return optionValue(args, OUTPUTS, ProjectToolActs::localFile);
  }

  private static boolean keepsLog(List<Redirect> redirects) {
    for (Redirect redirect : redirects) {
      String operator = redirect.operator();
      if (operator.equals(">&")
          || operator.startsWith("&>")
          || redirect.target().text().endsWith(".log")) {
        return true;
      }
    }
    return false;
  }

  /**
   * A path on this machine: relative (with a folder or an extension), or under /tmp; no device, no
   * URL, no remote copy.
   */
  private static boolean localFile(String path) {
    if (path.isEmpty() || path.contains("://") || path.startsWith("/dev/")) {
      return false;
    }
    if (path.indexOf('/') < 0 && path.indexOf('.') < 0) {
      return false; // --out 100: a value, not a file
    }
    int colon = path.indexOf(':');
    if (colon > 0 && path.indexOf('/') > colon) {
      return false; // host:/path
    }
    return !path.startsWith("/") || path.startsWith("/tmp/");
  }

  /** The options that choose how the tool prints its answer. */
  private static final Set<String> FORMATS = NameSet.of("--format", "--output-format");

  /** Whether the tool is told to print its answer as a table or a file's text. */
  private static boolean prints(List<Word> args) {
    return optionValue(args, FORMATS, value -> PRINTED.contains(value.toLowerCase(Locale.ROOT)));
  }

  /**
   * Whether an option of {@code names} is given a value that {@code holds}, as {@code --out x} or
   * {@code --out=x}.
   */
  private static boolean optionValue(List<Word> args, Set<String> names, Predicate<String> holds) {
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      int eq = text.indexOf('=');
      if (eq > 0
          ? names.contains(text.substring(0, eq)) && holds.test(text.substring(eq + 1))
          : names.contains(text) && i + 1 < args.size() && holds.test(args.get(i + 1).text())) {
        return true;
      }
    }
    return false;
  }
}
