package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import io.github.providergateway.guard.shell.internal.Runners;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A company's own tool given a command that says nothing of reading (decision 262, {@code
 * shapes.unnamed-tool-acts}): {@code berthctl unit roll --all}, {@code venirectl pool draw --size
 * 1200}, {@code clientreg share --to partner:x}. Forty-four blind rounds showed that a trade's
 * verbs are its own ({@code roll}, {@code draw}, {@code share}, {@code endorse}) and that a list of
 * them learned from one trade reaches almost nothing of the next, while reads are few and alike in
 * every trade ({@code show}, {@code list}, {@code status}). So the burden turns: a program no
 * public distribution ships ({@link PublicPrograms}), run by its own name, is the company's, and
 * reaches the company's systems; its command asks unless a word of it reads ({@code
 * shape-words.json}'s {@code reads}) or only works a thing out here ({@link #COMPUTES}: {@code
 * rates simulate}, {@code garnish calc}, {@code report build --out build/x.pdf}). {@link
 * UnnamedToolActs} weighs the words.
 */
final class TradeToolCommands {
  private TradeToolCommands() {}

  /**
   * Whether {@code step} runs a company's tool by its name: not a public program, not a file of the
   * project ({@code tools/x.py}, {@code app.jar}, {@code pySim-prog.py}), not a package or module a
   * runner fetched or built ({@code python -m etl.match}, {@code npx newman}, {@code java -jar},
   * {@code cargo run}), not an environment modules' shell function ({@code module load}).
   */
  static boolean companyTool(String source, Step step) {
    String program = step.program();
    List<Word> words = step.invocation().words();
    if (words.isEmpty()
        || program.isEmpty()
        || program.length() > 64
        || program.indexOf('.') >= 0
        || !nameAsWritten(words.get(0).text(), program)
        || SHELL_FUNCTIONS.contains(program)
        || byRunner(step.invocation().via())
        || Runners.of(program) != null
        || namedForRead(program)
        || deviceOutputFilter(step)
        || definedHere(source, program) && !expanded(step.invocation().via(), program)) {
      return false;
    }
    return !PublicPrograms.known(program);
  }

  /**
   * Whether {@code step} is a company's tool given options only, whose name is its command
   * (decision 325: {@code rxdispense --patient 77102 --drug morphine}, {@code gatectl --gate 4
   * --state open}): the guess of decision 262 reads the name as it reads a command word, so a name
   * that computes or views ({@code rates-sim}, {@code crew-roster}) or a test's name does not act;
   * the caller has found no command word and no option that reads.
   */
  static boolean commandInName(String source, Step step) {
    if (step.args().isEmpty()
        || UnnamedToolPlaces.imageRun(step) // an image's command word, read as its program
        || !companyTool(source, step)) {
      return false;
    }
    String program = step.program();
    if (Environments.testName(program) || ShapeWords.TEST_WORDS.contains(program)) {
      return false; // anvil --fork-url …: a local test chain
    }
    for (String part : ServiceVerbs.split(program)) {
      if (COMPUTES.contains(part) || VIEWS.contains(part)) {
        return false;
      }
    }
    return givesItsObjects(step.args());
  }

  /**
   * Whether a tool's options name what its command acts on as a company's tool names them: its
   * first word a long option, two long options or more given values, none of them a read's word
   * ({@code -o status}) nor this machine ({@code --destination=localhost:5000/app}). A public
   * tool's short options ({@code bjobs -u all}, {@code autorep -J X -q}) and a tool told only where
   * ({@code opsctl --env prod}) stay their readings'.
   */
  private static boolean givesItsObjects(List<Word> args) {
    if (!args.get(0).text().startsWith("--")) {
      return false;
    }
    int given = 0;
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if (!text.startsWith("--")) {
        continue;
      }
      int eq = text.indexOf('=');
      String value =
          eq > 0
              ? text.substring(eq + 1)
              : i + 1 < args.size() && !args.get(i + 1).text().startsWith("-")
                  ? args.get(i + 1).text()
                  : null;
      if (value == null) {
        continue;
      }
      String lower = value.toLowerCase(java.util.Locale.ROOT);
      if (value.indexOf('/') >= 0 // subconv --in subs/x.stl --out out/x.ttml: files worked on
          || ShapeWords.READS.contains(lower)
          || lower.contains("localhost")
          || lower.contains("127.0.0.1")
          || Environments.testName(value)) {
        return false;
      }
      given++;
    }
    return given >= 2;
  }

  /**
   * A program whose name reads ({@code list_members}, {@code svcinfo}, {@code pgstat}): a part of
   * it is a read's word, or a one-part name ends in one of {@link #NAME_READS} ({@code stowplan} is
   * a plan's tool, not a plan).
   */
  private static boolean namedForRead(String program) {
    if (STORAGE_SCALE_READS.matcher(program).matches()) {
      return true;
    }
    List<String> parts = ServiceVerbs.split(program);
    for (String part : parts) {
      if (ShapeWords.READS.contains(part)) {
        return true;
      }
    }
    if (parts.size() == 1) {
      String name = parts.get(0);
      for (String read : NAME_READS) {
        if (name.length() > read.length() + 1 && name.endsWith(read)) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * IBM Storage Scale's reads, named by a prefix and a read run together (session 18, round 75's
   * {@code mmlsquota -j proj_kovacs gpfs01}): its writes are {@code shared.cluster-administered}'s.
   */
  private static final Pattern STORAGE_SCALE_READS =
      Pattern.compile("mm(?:ls\\w+|repquota|df|health|getstate|diag)");

  /**
   * The reads a one-part program's name ends in: {@code svcinfo}, {@code pgstat}, {@code lslist}.
   */
  private static final List<String> NAME_READS =
      List.of("info", "stat", "stats", "list", "show", "view", "query");

  /**
   * A network device's output filter, carried by ssh after its read ({@code show running-config |
   * section monitor}, {@code | include}, {@code | display set}): the device's, not a tool.
   */
  private static boolean deviceOutputFilter(Step step) {
    return step.invocation().via().contains("ssh") && OUTPUT_FILTERS.contains(step.program());
  }

  /** The output filters of network devices' shells (IOS, NX-OS, EOS, Junos). */
  private static final Set<String> OUTPUT_FILTERS =
      NameSet.of("section", "include", "exclude", "begin", "count", "display", "except", "last");

  /**
   * Whether the invocation is what an alias or a function of the program's own name runs ({@code
   * berthctl() { command berthctl "$@"; }}, {@code alias berthctl='berthctl --site a'}): the tool
   * itself, reached through its wrapper, not the wrapper's call.
   */
  private static boolean expanded(List<String> via, String program) {
    return via.contains("function " + program) || via.contains("alias " + program);
  }

  /**
   * Whether the command defines the program itself, as an alias or a function ({@code alias ll='ls
   * -la'; ll src}, {@code fix() { …; }; fix a b}): its body is read where it is defined.
   */
  private static boolean definedHere(String source, String program) {
    if (source == null || source.indexOf(program) == source.lastIndexOf(program)) {
      return false;
    }
    String name = Pattern.quote(program);
    return Pattern.compile(
            "(?:^|[\\s;&|(])(?:alias\\s+(?:-\\S+\\s+)*"
                + name
                + "=|function\\s+"
                + name
                + "\\b|"
                + name
                + "\\s*\\(\\s*\\))")
        .matcher(source)
        .find();
  }

  /**
   * Whether the program's word, less its folder, is its name: not {@code tool.exe}, nor a jar or a
   * module a runner named ({@code java -jar synth.jar}).
   */
  private static boolean nameAsWritten(String written, String program) {
    return written.substring(written.lastIndexOf('/') + 1).equals(program);
  }

  /** Environment modules' (Lmod's) commands, shell functions on every cluster: none is a tool. */
  private static final Set<String> SHELL_FUNCTIONS = NameSet.of("module", "ml");

  /**
   * The runners whose program is a package they fetch or a program the project builds: what they
   * run is public or the project's own ({@link ProjectToolActs}).
   */
  private static final Set<String> RUNNERS =
      NameSet.of(
          "python -m",
          "java",
          "npx",
          "bunx",
          "pnpx",
          "uvx",
          "pipx",
          "cargo",
          "go",
          "dotnet",
          "dnx",
          "deno",
          "npm",
          "pnpm",
          "yarn",
          "bun",
          "uv",
          "poetry");

  private static boolean byRunner(List<String> via) {
    for (String reached : via) {
      if (RUNNERS.contains(reached)) {
        return true;
      }
    }
    return false;
  }

  /**
   * The command words whose tool only works a thing out and reports it here: a simulation, a
   * calculation, a build of a draft, a score, a lookup. Every trade has such commands, and their
   * words are alike across trades, as reads are.
   */
  private static final Set<String> COMPUTES =
      NameSet.of(
          "build",
          "render",
          "simulate",
          "simulation",
          "sim",
          "calc",
          "calculate",
          "compute",
          "eval",
          "evaluate",
          "score",
          "detect",
          "scan",
          "lookup",
          "summary",
          "summarize",
          "summarise",
          "measure",
          "usage",
          "forecast",
          "quote",
          "draft",
          "trace",
          "match",
          "predict",
          "dryrun",
          "package",
          // decision 263: a file parsed
          "parse",
          // decision 301: a rule tried on past events (fraudctl rules backtest)
          "backtest",
          // decision 304: a recorder's file decoded to a local CSV
          "decode",
          // decision 325: a plan's feasibility, a link's budget worked out
          "feasibility",
          "budget",
          // decision 334: an address or a key derived from a public key (kx-addrgen derive)
          "derive");

  /**
   * Whether a part of a command word only works a thing out: {@code simulate} of {@code rates
   * simulate}.
   */
  static boolean computes(String part) {
    return COMPUTES.contains(part);
  }

  /**
   * The command words that name a view of a trade's records over time or people ({@code emctl trend
   * --room X --from …}, {@code crewdispatch roster --shift …}, {@code stabctl schedule --upcoming
   * 60d}): like reads, few and alike in every trade (round 61).
   */
  private static final Set<String> VIEWS =
      NameSet.of(
          "trend",
          "trends",
          "chart",
          "charts",
          "graph",
          "plot",
          "timeline",
          "overview",
          "dashboard",
          "roster",
          "rosters",
          "rota",
          "calendar",
          "agenda",
          "schedule",
          "schedules",
          // decision 334: a standing read (kx-wallet balances, hsmctl quota --tenant x)
          "balance",
          "balances",
          "holdings",
          "quota",
          "quotas");

  /**
   * Whether a command's last word names a view ({@link #VIEWS}) that is no verb ({@code trend}, not
   * {@code calendar shift}), and no option widens it to fields it leaves out ({@code
   * --include-home-address}, {@code --with-family}): such a view is an export of chosen records.
   */
  static boolean views(String last, List<Word> args) {
    return last != null
        && VIEWS.contains(last)
        && !TradeVerbs.verb(last)
        && !widened(args)
        && !BareFlags.mode(args); // balances --sweep (decision 334)
  }

  /**
   * Whether a command's last word names a view ({@link #VIEWS}: {@code schedule}, which also acts)
   * and an option gives it a window ({@code --upcoming 60d}): the view is listed.
   */
  static boolean viewOfTime(String last, List<Word> args) {
    return last != null && VIEWS.contains(last) && windowed(args) && !widened(args);
  }

  /** Whether an option adds fields to what is shown: {@code --include-…}, {@code --with-…}. */
  private static boolean widened(List<Word> args) {
    for (String name : LongOptions.names(args)) {
      if (name.startsWith("include-") || name.startsWith("with-")) {
        return true;
      }
    }
    return false;
  }

  /** The options that ask for what happened in a recent time ({@code --since 30m}). */
  private static final Set<String> WINDOWS =
      NameSet.of(
          "--upcoming",
          "--next",
          "--ahead",
          "--horizon",
          "--since",
          "--within",
          "--last",
          "--lookback",
          "--past",
          "--window",
          "--minutes",
          "--hours",
          "--days",
          "--weeks");

  /** A window's length or start: {@code 30m}, {@code 24h}, {@code 7d}, {@code 2024-06-01}. */
  private static final Pattern WINDOW =
      Pattern.compile(
          "(?i)\\d{1,5}(?:\\.\\d+)?\\s?(?:s|secs?|seconds?|m|mins?|minutes?|h|hrs?|hours?|d|days?"
              + "|w|wks?|weeks?|mo|months?)?|\\d{4}-\\d{2}-\\d{2}(?:[t ][0-9:.]+z?)?"
              + "|today|yesterday");

  /**
   * Whether a company tool's command lists a recent time's records: its last command word a plural
   * noun ({@code positions}, {@code units}; {@code unit roll} and {@code refunds issue} end in
   * their act) and an option a window with its length or start ({@code --since 30m}, {@code
   * --last=24h}, {@code --days 7}) (decision 265), or a word of what falls due ({@code calib due
   * --days 30}: decision 298) or a view ({@code schedule --upcoming 60d}: round 61).
   *
   * @param last the command's last word, or {@code null} for none
   * @param args the program's words after its name
   * @return whether it lists
   */
  static boolean listsRecent(String last, List<Word> args) {
    return last != null
        && (last.length() > 3 && last.endsWith("s") && !last.endsWith("ss")
            || fallsDue(last)
            || VIEWS.contains(last) && !widened(args)) // schedule --upcoming 60d (round 61)
        && windowed(args);
  }

  /**
   * Whether a command word lists what falls due: a word of {@link #FALLING_DUE}, or a compound
   * whose last part is one and whose first names a thing ({@code dbs-expiring}, round 64); {@code
   * extend-due} extends a due date.
   */
  private static boolean fallsDue(String word) {
    if (FALLING_DUE.contains(word)) {
      return true;
    }
    List<String> parts = ServiceVerbs.split(word);
    String last = parts.isEmpty() ? word : parts.get(parts.size() - 1);
    return parts.size() >= 2
        && !last.equals("due")
        && !TradeVerbs.verb(parts.get(0))
        && FALLING_DUE.contains(last);
  }

  /** The words that list what falls due in a window ({@code calib due --days 30}: decision 298). */
  private static final Set<String> FALLING_DUE =
      NameSet.of("due", "overdue", "upcoming", "expiring", "lapsing");

  /** Whether an option of {@code args} is a window with its length or start. */
  private static boolean windowed(List<Word> args) {
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      int equals = text.indexOf('=');
      String name = equals < 0 ? text : text.substring(0, equals);
      if (!WINDOWS.contains(name)) {
        continue;
      }
      String value =
          equals >= 0
              ? text.substring(equals + 1)
              : i + 1 < args.size() ? args.get(i + 1).text() : "";
      if (value.length() <= 40 && PatternLiterals.matches(WINDOW, value)) {
        return true;
      }
    }
    return false;
  }
}
