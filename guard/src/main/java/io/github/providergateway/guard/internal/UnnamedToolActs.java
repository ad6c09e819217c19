package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.BooleanSupplier;

/**
 * A program the guard knows nothing of, given a command that changes something, with nothing said
 * of where (decision 234, {@code shapes.unnamed-tool-acts}): {@code kmes lot hold-release --lot
 * K24-1183}, {@code nofctl notam cancel A1234/26}, {@code ocppctl change-availability --site a1
 * --type Inoperative}. The blind rounds' trades bring tools the guard cannot know, and their verbs
 * are the trade's: decision 159 asked about such a tool only when told to go ahead or given another
 * machine; decision 162 asked about the project's own tool given any command. A tool installed on
 * the person's machine that no family names and that is no developer's is the trade's, and its
 * command that acts reaches the trade's systems as the project's own does. Since decision 269 the
 * rule denies where the words name the act ({@link #acts}); a company's tool whose command is read
 * as acting only by decision 262's guess is {@code shapes.company-tool-command}'s ({@link
 * #commandGuessed}), which asks.
 *
 * <p>The reading is {@link ProductionActs}'s ({@link ProductionActs#unreadActWhere}): a read among
 * the command words, a dry run, a test or staging place named lets it through. The aim is a command
 * word one of whose parts acts ({@code verbs}, {@code settingVerbs} in shape-words.json, and the
 * trade verbs below: {@code hold-release}, {@code change-availability}), none of whose parts reads;
 * a file's name among the words is no command ({@code cal_release.hex}). Let through as well: a
 * program run in a container on this machine, a site alias, a folder changed to, a variable or a
 * word that names a test's or staging's place or this machine. A script run by an interpreter and
 * the project's own tool are {@link ProjectToolActs}'s; a program whose verbs act on this machine
 * (acting-verbs.json's {@code local}: {@code goreleaser}, {@code tccutil}), a service the lexicon
 * reads ({@code vault}, {@code argocd}: the {@code services.*} rules weigh its verbs), a developer
 * tool's subcommand program ({@code dotnet-ef}) and a PowerShell cmdlet ({@code
 * Update-MpSignature}) are their families'.
 */
final class UnnamedToolActs {
  private UnnamedToolActs() {}

  /**
   * Whether {@code step} is an unnamed program whose words name its act, nowhere said (decisions
   * 235 and 269): a verb among its command words or options, or its name's ({@code lot-scrap}).
   */
  static boolean acts(Scan scan, Step step) {
    return unnamed(scan, step)
        && ProductionActs.unreadActWhere(scan, step, UnnamedToolActs::aimedByItsWords, false)
        && !SharedActs.localOrTest(step, RemarkOptions.without(step.args()));
  }

  /**
   * Whether {@code step} is a company's own tool given a command read as acting only since it
   * neither reads nor works a thing out (decision 262's reading, {@code
   * shapes.company-tool-command}): {@code crewctl roster swap}, whose verb the guard cannot know.
   * Its words name no act, so it is asked, not denied as {@link #acts} is (decision 269).
   */
  static boolean commandGuessed(Scan scan, Step step) {
    return unnamed(scan, step)
        && ProductionActs.unreadActWhere(scan, step, UnnamedToolActs::aimedByGuessAlone, false)
        && !SharedActs.localOrTest(step, RemarkOptions.without(step.args()));
  }

  private static boolean aimedByItsWords(Scan scan, Step step) {
    return (acting(step.args(), () -> false) || namedForItsAct(step.program(), step.args()))
        && aimedHere(scan, step);
  }

  /**
   * Whether {@code step}'s program is one no family names and no developer's, run on this machine
   * by its name: a trade's tool ({@link UnnamedToolExports} reads its exports too).
   */
  static boolean unnamed(Scan scan, Step step) {
    return unnamedName(step.program())
        && !(UnnamedToolPlaces.relativePath(step)
            || UnnamedToolPlaces.carriedElsewhere(step)
            || ScriptRun.runs(step)
            || ProjectTools.own(step)
            || DatabaseTargets.inLocalContainer(step) && !UnnamedToolPlaces.imageRun(step)
            || UnnamedToolPlaces.testFolder(step)
            || LocalEmulatorClients.onThisMachine(scan, step)); // awslocal: the emulator's
  }

  /**
   * Whether a program of this name may be one no family names ({@link #unnamed}, read of the name
   * alone): the programs its predicates can hold of ({@link ProgramNames}), so that the book tries
   * them on no other program of a long command.
   */
  static boolean unnamedName(String program) {
    return !(ShapeWords.REMOTE_SHELLS.contains(program)
        || program.equals("fab")
        || program.startsWith("-")
        || program.indexOf('/') >= 0
        || ActingVerbs.localProgram(program)
        || ServiceVerbs.names(program)
        || ProgramKind.of(program) != 0
        || DeveloperNames.subcommand(program)
        || DeveloperNames.cmdlet(program)
        || ShapeWords.READS.contains(program)
        || NOT_PROGRAMS.contains(program));
  }

  /**
   * Whether a company's tool is aimed at its systems by decision 262's guess alone: no verb among
   * its words or in its name ({@link #aimedByItsWords} would read that), a command that neither
   * reads nor works a thing out.
   */
  private static boolean aimedByGuessAlone(Scan scan, Step step) {
    List<Word> args = step.args();
    return !acting(args, () -> false)
        && !namedForItsAct(step.program(), args)
        && !InitialledWords.reads(step.program()) // mmlsquota, a status read (decision 334)
        && !DraftsMadeHere.made(step, args) // proof --out /tmp/proof.pdf (decision 336)
        && acting(
            args,
            () ->
                ProductionActs.optionsOnly(args)
                    ? TradeToolCommands.commandInName(scan.source(), step) // d. 325
                    : TradeToolCommands.companyTool(scan.source(), step))
        && aimedHere(scan, step);
  }

  /** Whether nothing says the command stays dry or works on a test's, staging's or this place. */
  private static boolean aimedHere(Scan scan, Step step) {
    return !UnnamedToolPlaces.placeNamed(step.args())
        && !UnnamedToolPlaces.onRehearsalHost(scan, step)
        && !CallEnvironment.staysDry(scan, step)
        && !CallEnvironment.givenTestValues(scan, step)
        && !PlaceVariables.trial(scan, step) // TP_ENV=staging tms reboot … (decision 336)
        && !CallEnvironment.givenLocalHost(scan, step);
  }

  /**
   * Whether the first command words hold a verb that acts, in any part of a compound word ({@code
   * hold-release}, {@code change-availability}), the last of them that reads or acts acting ({@code
   * instrument log add}, not {@code deploy status}); a file's name and an option's value are
   * skipped. A company's tool ({@link TradeToolCommands#companyTool}) acts by any command word that
   * begins with a letter, unless one of them reads or works a thing out (decision 262).
   */
  private static boolean acting(List<Word> args, BooleanSupplier companyTool) {
    int taken = 0;
    boolean acts = false;
    boolean read = false;
    boolean noun = false;
    boolean value = false;
    boolean named = false;
    boolean computes = false;
    boolean commandNext = false;
    boolean codeNext = false;
    boolean statementNext = false;
    boolean idsOnly = true;
    boolean compoundNoun = false;
    boolean lastComputes = false;
    boolean positional = false;
    String last = null;
    String lastNamed = null;
    for (int i = 0; i < args.size() && i < ShapeWords.SCAN && taken < ShapeWords.DEPTH; i++) {
      Word word = args.get(i);
      String text = word.text();
      if (text.equals("--")) {
        break;
      }
      // --cmd=UNBLIND, --action close: the command given as an option's value (decision 263)
      String given = CommandOptions.value(text);
      if (codeNext && CommandOptions.called(text) != null) {
        given = CommandOptions.called(text); // -runarg 'delMember(…)' (decision 307)
      }
      boolean isValue = value && !commandNext;
      boolean statementOption = statementNext;
      commandNext = CommandOptions.named(text);
      codeNext = CommandOptions.code(text);
      statementNext = CommandOptions.statements(text);
      // rancli -c 'cell lock --cell X', scadacli PLANT1 'write PUMP3.RUN 0': the tool's own
      // statements, each read as a command line (decision 325)
      List<List<Word>> statements =
          word.literal()
                  && given == null
                  && (statementOption && taken == 0 || !isValue && idsOnly && taken > 0)
              ? CommandOptions.statementsOf(text)
              : null;
      if (statements != null) {
        boolean allRead = true;
        for (List<Word> statement : statements) {
          if (acting(statement, () -> false)) {
            return true; // only by its words: originate, a verb no one knows, is not guessed
          }
          allRead &= ProductionActs.reads(statement);
        }
        taken++;
        positional = true;
        read |= allRead;
        acts &= !allRead;
        value = false;
        continue;
      }
      if (given != null) {
        text = given;
        isValue = false;
      }
      if (!isValue && taken == 0 && commandOption(text)) {
        // deadlinecommand -DeleteJob, cueadmin -delete-show: the command given as an option
        List<String> parts = ServiceVerbs.split(text.substring(1));
        if (ShapeWords.READS.contains(parts.get(0))) {
          return false; // -GetJobs; but -delete-show deletes a show
        }
        acts |= optionVerb(text, parts.get(0));
      }
      // --site kf2, --flags not-need-init,startup-clear: an option's value, not a command
      value =
          given == null
              && text.startsWith("-")
              && text.indexOf('=') < 0
              && !ShapeWords.ACTING_FLAGS.contains(text)
              && !ShapeWords.EVERYTHING.contains(text)
              && !LoneFlags.alone(text); // --verbose close: the command (decision 325)
      positional |= !isValue && !text.startsWith("-") && !text.isEmpty();
      if (isValue
          || text.startsWith("-")
          || !word.literal()
          || text.isEmpty()
          || text.length() > 64
          || text.indexOf(' ') >= 0
          || fileName(text)) {
        continue;
      }
      taken++;
      last = text;
      lastNamed = identifier(text) ? lastNamed : text; // trend VWP-14: the view, then its thing
      named |= Character.isLetter(text.charAt(0)); // seff 4812337: an id, no command
      idsOnly &= identifier(text);
      String reads = null;
      boolean wordActs = false;
      // authcode reset contoso-health.com: a domain is a thing named, and its parts are no
      // command words (its "health" read as a read let the reset through; decision 336)
      List<String> split = domainName(text) ? List.of(text) : ServiceVerbs.split(text);
      for (String part : split) {
        if (part.equals("cache") || part.equals("caches")) {
          return false; // wp cache flush: what a cache holds is made again (decision 244)
        }
        // lmstat reads, lmremove acts: initials and a verb in one word (decision 334)
        reads = ShapeWords.READS.contains(part) || InitialledWords.reads(part) ? text : reads;
        wordActs |= TradeVerbs.verb(part) || InitialledWords.acts(part);
        computes |= text.indexOf('=') < 0 && TradeToolCommands.computes(part); // package_id=x
      }
      // link-budget, dispatch simulate: the last command word works a thing out (decision 325)
      lastComputes =
          text.indexOf('=') < 0
              && TradeToolCommands.computes(split.get(split.size() - 1))
              && !(split.size() > 1 && coreVerb(split.get(0))); // set-trust-score sets
      wordActs &= !lastComputes;
      if (reads != null && (verbFirst(split) || ReadCompounds.acts(split))) {
        reads = null; // set-status, clear-log: a state or a record set (decision 263); top-up,
        // history-clear: a read's word that acts (decision 325)
      }
      // After a read that names a thing, the next act is the command (decision 248): instrument
      // log add, age-check bypass act; deploy status reads; help delete, explain rm still read.
      if (reads != null) {
        read = true;
        noun = NounReads.nounRead(reads);
        compoundNoun = noun && split.size() > 1;
        acts = false;
      } else if (wordActs && (!read || noun)) {
        read = false;
        acts = true;
      } else if (compoundNoun
          && !acts
          && Character.isLetter(text.charAt(0))
          && !ProductionActs.settingValue(text)
          && !identifier(text)
          && !ShapeWords.EVERY_VALUES.contains(text)) {
        read = false; // current-limit raise, test-result amend: the thing, then its act (d. 325)
        compoundNoun = false;
      }
    }
    // A company's tool: any command that neither reads nor works a thing out (decision 262), nor
    // is a noun given a recent window (decision 265: positions --since 30m lists them)
    // (asked last: the list of public programs is looked at only when the words leave it open)
    // An acting option acts after a read too: report sla … --publish-to-customers (decision 277)
    return optionsAct(args)
        || !positional && companyTool.getAsBoolean() && !ProductionActs.reads(args)
        || !read
            && (acts
                    && !lastComputes
                    && !TradeToolCommands.viewOfTime(last, args) // schedule --upcoming 60d
                || named
                    && !computes
                    && !TradeToolCommands.views(last, args) // trend, roster (round 61)
                    && !TradeToolCommands.views(lastNamed, args) // piezo trend VWP-14 (s. 15)
                    && !TradeToolCommands.listsRecent(last, args)
                    && !NounViews.shown(last, args) // analytics --since 28d (decision 336)
                    && companyTool.getAsBoolean())
        || FinalisingOptions.in(args)
        || StateSetOnRead.told(args); // status N734ZQ --set SERVICEABLE (decision 274)
  }

  /**
   * Whether a program's options act, whatever its command words (decision 246): a long option that
   * destroys, sends or goes past a check ({@link #actingOption}), or a short option given a power's
   * off ({@code pmpower -l port07 -o off}); not where a path among them is a test's data.
   */
  static boolean optionsAct(List<Word> args) {
    boolean acts = false;
    for (int i = 0; i < args.size() && i < OPTIONS_READ; i++) {
      String text = args.get(i).text();
      if (text.equals("--")) {
        break;
      }
      if (!args.get(i).literal()) {
        continue;
      }
      if (text.indexOf('/') > 0 && RecordsCopiedOut.nobodys(text)) {
        return false; // --input tests/fixtures/ap_run_sample.csv: a test's data
      }
      acts |=
          actingOption(text)
              || text.length() == 2
                  && text.charAt(0) == '-'
                  && i + 1 < args.size()
                  && POWER_VALUES.contains(args.get(i + 1).text())
              || protectionOff(text, i + 1 < args.size() ? args.get(i + 1).text() : "");
    }
    return acts;
  }

  /** The first words of an option that goes without what follows. */
  private static final Set<String> GOES_WITHOUT =
      NameSet.of("skip", "no", "ignore", "without", "disable", "omit");

  /** What a person or a check gives before an act: a confirmation, a verification, a review. */
  private static final Set<String> CHECKED_STEPS =
      NameSet.of(
          "confirmation",
          "confirm",
          "verification",
          "verify",
          "validation",
          "validate",
          "approval",
          "approvals",
          "review",
          "check",
          "checks",
          "signature",
          "auth",
          "authentication",
          "mfa",
          "otp",
          "consent",
          "audit");

  /**
   * Whether an option's words go without a check or a person's step (decision 305: {@code
   * --skip-confirmation-code}, {@code --no-approval}, {@code --ignore-checks}).
   */
  static boolean skipsACheck(List<String> parts) {
    if (parts.size() < 2 || !GOES_WITHOUT.contains(parts.get(0))) {
      return false;
    }
    for (int i = 1; i < parts.size(); i++) {
      if (CHECKED_STEPS.contains(parts.get(i))) {
        return true;
      }
    }
    return false;
  }

  /** The words of an option that names a protection: {@code --obstacle-detection}. */
  private static final Set<String> PROTECTIONS =
      NameSet.of(
          "detection",
          "protection",
          "interlock",
          "interlocks",
          "safety",
          "guard",
          "alarm",
          "alarms",
          "failsafe",
          "watchdog",
          "lockout",
          "verification",
          "screening");

  /** The values that turn an option's protection off. */
  private static final Set<String> OFF_VALUES =
      NameSet.of("off", "false", "disabled", "disable", "none", "0", "no", "bypass");

  /**
   * Whether a long option that names a protection is given a value that turns it off (decision 304:
   * {@code lxctl config --crossing LX-0417 --obstacle-detection off}), as {@code
   * --obstacle-detection=off} or with its value next.
   */
  static boolean protectionOff(String text, String next) {
    if (!text.startsWith("--") || text.length() > 64) {
      return false;
    }
    int eq = text.indexOf('=');
    String option = eq > 0 ? text.substring(2, eq) : text.substring(2);
    String value = eq > 0 ? text.substring(eq + 1) : next;
    if (!OFF_VALUES.contains(value.toLowerCase(java.util.Locale.ROOT))) {
      return false;
    }
    for (String part : ServiceVerbs.split(option)) {
      if (PROTECTIONS.contains(part)) {
        return true;
      }
    }
    return false;
  }

  /** What a tool writes on this machine, whose overwriting is its own business. */
  private static final Set<String> OUTPUTS =
      NameSet.of(
          "dest",
          "destination",
          "output",
          "outputs",
          "out",
          "dist",
          "build",
          "cache",
          "tmp",
          "temp",
          "artifacts",
          "existing");

  /** How many words a program's options are read in. */
  private static final int OPTIONS_READ = 32;

  /** An option's value that powers a thing down: {@code -o off}, {@code --action shutdown}. */
  private static final Set<String> POWER_VALUES =
      NameSet.of("off", "poweroff", "power-off", "shutdown", "powercycle", "power-cycle");

  /**
   * Whether a long option acts (decision 246): its first part destroys or sends ({@code
   * --delete-day}, {@code --send-to-vendor}, {@code --disable-forensic-marking-picture}), or it
   * goes past a check or a person ({@code --override}, {@code --bypass-review}, {@code
   * --auto-accept}). A go-ahead alone ({@code --force}, {@code -y}) is no act: a local tool's
   * overwrite, or another option's letter.
   */
  private static boolean actingOption(String text) {
    int eq = text.indexOf('=');
    String option = eq > 0 ? text.substring(0, eq) : text;
    if (!option.startsWith("--") || option.length() > 40) {
      return false;
    }
    List<String> parts = ServiceVerbs.split(option.substring(2));
    String first = parts.get(0);
    if (parts.size() > 1 && OUTPUTS.contains(parts.get(parts.size() - 1))) {
      return false; // web-ext build --overwrite-dest: the tool's own output here
    }
    return ShapeWords.STRONG.contains(first)
        || ShapeWords.SENDS.contains(first)
        || first.equals("override")
        || first.equals("bypass")
        || skipsACheck(parts) // --skip-confirmation-code (decision 305)
        || first.equals("restore") // --restore north_gateway_backup_2022.gwbk (decision 298)
        || first.equals("printer") && parts.size() == 1 // labelctl print … --printer LINE4 (r. 61)
        || first.equals("auto") && parts.size() > 1 && TradeVerbs.verb(parts.get(1))
        || ForeignActVerbs.sendsOrDestroys(first); // --senden, --loeschen (session 19)
  }

  /**
   * Whether a command option's first word acts: any verb written in capitals ({@code -SetLicense}),
   * a kebab option's only where its verb is no setting's ({@code -delete-show}, not qemu's {@code
   * -enable-kvm}).
   */
  static boolean optionVerb(String option, String first) {
    return Character.isUpperCase(option.charAt(1))
        ? TradeVerbs.verb(first)
        : ShapeWords.VERBS.contains(first) || TradeVerbs.trade(first);
  }

  /**
   * Whether a compound command word begins with an act and reads only a record it acts on ({@code
   * set-status}, {@code clear-log}, {@code reset-counts}): the word acts (decision 263); {@code
   * get-status} and {@code update-check} read.
   */
  static boolean verbFirst(List<String> parts) {
    if (parts.size() < 2
        || ShapeWords.READS.contains(parts.get(0))
        || !TradeVerbs.verb(parts.get(0))) {
      return false;
    }
    for (String part : parts) {
      if (ShapeWords.READS.contains(part) && !ACTED_ON_READS.contains(part)) {
        return false;
      }
    }
    return true;
  }

  /** The reads a verb before them acts on: a state, a record, a count. */
  private static final Set<String> ACTED_ON_READS =
      NameSet.of("status", "log", "logs", "report", "reports", "history", "count", "counts");

  /**
   * A program named for its act and given no command word (decision 253: {@code mirth-reprocess
   * --channel COURT_ORDERS_IN --from 2025-01-01}): its name's last part a verb, none a read.
   */
  private static boolean namedForItsAct(String program, List<Word> args) {
    List<String> parts = ServiceVerbs.split(program);
    if (program.length() > 64 || parts.stream().anyMatch(ShapeWords.READS::contains)) {
      return false;
    }
    if (!args.isEmpty() && !args.get(0).text().startsWith("-")) {
      return false; // a command word: the words say what it does
    }
    return endsInAct(parts);
  }

  /**
   * Whether a name's parts ({@link ServiceVerbs#split}), two or more, end in a verb that acts
   * ({@link TradeVerbs#verb}, the trades' too): {@code mirth-reprocess}, {@code lot-scrap}, {@code
   * consist-edit}.
   */
  static boolean endsInAct(List<String> parts) {
    return parts.size() >= 2 && TradeVerbs.verb(parts.get(parts.size() - 1));
  }

  /**
   * A single-dash option of two words or more that names a command ({@code -DeleteJob}, {@code
   * -SuspendJobs}, {@code -delete-show}): some trades' tools take their command so (decision 243).
   */
  static boolean commandOption(String text) {
    return text.length() > 4
        && text.length() <= 64
        && text.charAt(0) == '-'
        && Character.isLetter(text.charAt(1))
        && text.indexOf('=') < 0
        && ServiceVerbs.split(text.substring(1)).size() >= 2;
  }

  /** A verb of the shapes' own lists ({@code set}, {@code delete}), not a trade's alone. */
  private static boolean coreVerb(String part) {
    return ShapeWords.VERBS.contains(part)
        || ShapeWords.SETTING_VERBS.contains(part)
        || ShapeWords.STRONG.contains(part);
  }

  /** A word that names a thing by its id: {@code PLANT1}, {@code BSC-12}, {@code 4479001}. */
  static boolean identifier(String text) {
    return text.chars().anyMatch(Character::isDigit)
        || text.chars().noneMatch(Character::isLowerCase);
  }

  /** A path or a file's name ({@code cal_release.hex}, {@code snippets/amf_tac_add.xml}). */
  private static boolean fileName(String text) {
    if (text.indexOf('/') >= 0) {
      return true;
    }
    int dot = text.lastIndexOf('.');
    if (dot <= 0) {
      return false;
    }
    return ShapeWords.EXTENSIONS.contains(text.substring(dot + 1).toLowerCase(Locale.ROOT));
  }

  /** Whether a word is a domain's name by its last label ({@code user.delete} stays a word). */
  private static boolean domainName(String text) {
    int dot = text.lastIndexOf('.');
    return dot > 0 && DOMAIN_ENDINGS.contains(text.substring(dot + 1).toLowerCase(Locale.ROOT));
  }

  /** The last labels of the domains a command is given most. */
  private static final Set<String> DOMAIN_ENDINGS =
      NameSet.of(
          "com", "net", "org", "io", "co", "uk", "de", "fr", "nl", "eu", "us", "ca", "au", "info",
          "biz", "dev", "app", "cloud", "ai", "me", "tv", "gov", "edu", "health", "shop", "online");

  /**
   * Words of code that reach the shell's reading as programs when a script's text is read as
   * commands ({@code from pymodbus.client import ModbusTcpClient}): none is a program.
   */
  private static final Set<String> NOT_PROGRAMS =
      NameSet.of("from", "import", "def", "class", "return", "print", "use", "require", "my");
}
