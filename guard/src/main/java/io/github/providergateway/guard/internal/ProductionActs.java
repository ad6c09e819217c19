package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A program aimed at production by name that does anything but read (decision 154, {@code
 * shapes.production-acts}, a shape tried after every family): {@code mopsctl --env prod halt},
 * {@code clrctl --env prod margin-call issue}, {@code python manage.py labs_mark_reviewed
 * --settings=vetpms.settings.production}. {@code shapes.acts-on-shared} asks when production is
 * named beside a verb it knows; a trade's own tool acts in its trade's words (halt, amend, disarm,
 * skip, republish, inject, issue), which no list can hold. Here the burden is turned: once the call
 * names production as the place it acts, its command words must say it reads ({@code list}, {@code
 * show}, {@code status}: {@code reads} in shape-words.json), or it is asked.
 *
 * <p>The scope is narrower than {@code shapes.acts-on-shared}'s: a program that is no local
 * developer's tool (an interpreter only through the script or module it runs, a coding agent
 * never), that no family of the book names (the family reads its acts: {@code argocd app set
 * shop-prod} stays that family's near-miss), no HTTP client (its method says whether it writes),
 * and neither a dry run nor a call that names a test or staging place too. Production named by a
 * bare flag ({@code license-checker --production}) is a kind of dependency, not a place. The
 * command words are the first literal words that are no option, no option's value ({@code --context
 * prod --fetch-cert}), no free text ({@code --reason "connectivity test"}) and no name of
 * production; after {@code --} they are the words of the command run there ({@code magento-cloud
 * ssh -e production -- php bin/magento indexer:status}). A read among them (a one-part word that
 * begins with one too: {@code showmigrations}), or an option named for a read standing as a flag
 * ({@code --describe}), reads; so does making a copy to keep ({@code create-db-snapshot}), and a
 * lone word that configures the tool itself ({@code set}, {@code use}). With no command word at
 * all, the program's or script's own name decides ({@code edi-send}). A program that only plans
 * unless told to apply ({@code octodns-sync} without {@code --doit}) does not act. Decision 157
 * (the red team of 154): a read told to act by a flag ({@code show --apply}), joined to an act in
 * one word ({@code get-and-reset}) or followed by an acting word ({@code view close}) acts; a short
 * option glued to its value names production ({@code -eprod}); and beside production a test word is
 * a place only where a place is named ({@link TestPlaceNamed}), not in a note or a data file.
 */
final class ProductionActs {
  private ProductionActs() {}

  /** Whether {@code step} is aimed at production by name and its command words hold no read. */
  static boolean acts(Scan scan, Step step) {
    return unreadActWhere(
        scan,
        step,
        (s, st) ->
            ProductionAims.aimedAtProduction(st.args()) || Environments.productionAround(s, st),
        true);
  }

  /** Where an act is aimed, read before its command words (most programs are aimed nowhere). */
  @FunctionalInterface
  interface Aim {
    /** Whether {@code step} of {@code scan} is aimed where its unread acts are asked. */
    boolean at(Scan scan, Step step);
  }

  /**
   * Whether {@code step} is a program that is no local tool and no family's, aimed as {@code aim}
   * says, whose command words hold no read: the reading this class makes for production, shared
   * with the aims of {@link GoAheadActs}. Where the aim names {@code production}, a flag that acts
   * makes a read act ({@code show --apply}) and a test word excuses only where it names a place
   * (decision 157); where it does not, the go-ahead flag is the aim itself ({@code list … --commit}
   * still lists), but another flag that acts makes a read act ({@code list --purge-closed
   * --confirm}); and a test word excuses only where it names a place for either aim (decision 165:
   * {@code --notes test} had excused a go-ahead).
   */
  static boolean unreadActWhere(Scan scan, Step step, Aim aim, boolean production) {
    String program = step.program();
    if (AgentFootprints.byName(program).isPresent() || ShapeWords.HTTP_CLIENTS.contains(program)) {
      return false;
    }
    List<Word> args = xargsFilled(step);
    String name = program;
    if (ScriptRun.runs(step)) {
      args = SharedActs.scriptArguments(args);
      if (args == null) {
        return false;
      }
      name = scriptName(step.args());
    } else if (ShapeWords.LOCAL.contains(program) || BookIndex.names(program)) {
      return false; // a program a family names is that family's to read (argocd app set)
    }
    // The aim first: most programs name none, and their command words need not be read.
    if (!aim.at(scan, step)) {
      return false;
    }
    if (ShapeWords.PLANS_BY_DEFAULT.contains(program)) {
      // octodns-sync plans unless told to apply
      if (!TerminalTyping.anyWord(args, ShapeWords.APPLY_FLAGS::contains)) {
        return false;
      }
    } else {
      int words = commandWords(args, production);
      if (words == READS && !committed(scan, args)
          || words == NONE
              && !namedForAct(name)
              // lot-scrap: a company's own tool named for a trade's act, not a script or module
              // (python -m payouts.reconcile compares) (decision 268)
              && !(UnnamedToolActs.endsInAct(ServiceVerbs.split(name))
                  && TradeToolCommands.companyTool(scan.source(), step))
              && !commandedByName(step, name)
              && !UnnamedToolActs.optionsAct(args)
              // rxdispense --patient 77102 --drug morphine: a company's tool commanded by its
              // name (decision 325)
              && (production || !TradeToolCommands.commandInName(scan.source(), step))) {
        return false;
      }
    }
    return !(ScriptRun.runs(step) ? SharedActs.dryRun(args) : DryRuns.inTool(args))
        && !TestEndpoints.in(step)
        && !(Environments.testName(program) && !(production && FixturesNamed.only(program)))
        && !TestPlaceNamed.besideProduction(step, args); // not --notes test (decision 165)
  }

  /**
   * The program's arguments, less a last option xargs gives its value ({@code … | xargs -n1 edc
   * queries close --query}: not the read option {@code --query}, decision 263).
   */
  private static List<Word> xargsFilled(Step step) {
    List<Word> args = step.args();
    List<String> via = step.invocation().via();
    if (!args.isEmpty()
        && !via.isEmpty()
        && via.get(via.size() - 1).equals("xargs")
        && args.get(args.size() - 1).text().startsWith("--")) {
      return args.subList(0, args.size() - 1);
    }
    return args;
  }

  /**
   * The project's own script whose command is its name, given only options (decision 163: {@code
   * python tools/ldar_import.py --survey 2024Q2 --commit}), unless the name reads or begins with a
   * developer's command ({@code build_batch.py}).
   */
  private static boolean commandedByName(Step step, String name) {
    return ProjectTools.own(step)
        && !ProjectToolActs.namedForRead(name)
        && !DevelopersCommand.named(name);
  }

  /**
   * The go-ahead options that say the command writes for real, which no read needs: a read word
   * beside one is cover ({@code rolloff pull --all-customers --dispatch-now --commit}, decision
   * 177). An option that only answers a question ({@code --yes}, {@code --force}) is not one.
   */
  private static final Set<String> COMMITTING =
      NameSet.of(
          "--commit",
          "--execute",
          "--apply",
          "--no-dry-run",
          "--for-real",
          "--go-live",
          "--submit",
          "--transmit", // a filing sent to its authority (decision 197)
          "--send",
          "--publish",
          "--disclose", // a report disclosed to the public (session 19)
          "--printer"); // labels, cheques, ballots printed on a named printer (round 61)

  /**
   * Whether {@code args} hold an option that says the command writes for real, not set off ({@code
   * --commit=false}), or say it otherwise: {@code --dry-run=false}, {@code --mode apply}, {@code
   * COMMIT=1} set for it (decision 178).
   */
  static boolean committed(Scan scan, List<Word> args) {
    for (Word word : args) {
      String text = word.text();
      int eq = text.indexOf('=');
      String option = eq > 0 ? text.substring(0, eq) : text;
      if (option.length() < 20
          && COMMITTING.contains(option.toLowerCase(Locale.ROOT))
          && !(eq > 0 && OFF.contains(text.substring(eq + 1).toLowerCase(Locale.ROOT)))) {
        return true;
      }
      if (eq < 0
          && text.startsWith("--")
          && text.length() < 40
          && ForeignActVerbs.sends(ServiceVerbs.split(text.substring(2)).get(0))) {
        return true; // export --monat 11 --uebermitteln: --submit in German (session 19)
      }
    }
    return GoAheadSaidOtherwise.toldToCommit(args)
        || CallEnvironment.commits(scan)
        || FinalisingOptions.afterCheck(args) // verify --accept-all (decision 257)
        || StateSetOnRead.told(args); // status --set SERVICEABLE (decision 274)
  }

  /** The words that are a setting's value, not a command: {@code config set x.check false}. */
  private static final Set<String> VALUES =
      NameSet.of("true", "false", "on", "off", "yes", "no", "none", "enabled", "disabled");

  /** A one-part word of a read's and a particle: {@code checkout}, {@code topup}. */
  private static boolean phrasalRead(String text) {
    for (String read : ShapeWords.READS) {
      if (read.length() >= 4
          && text.length() > read.length()
          && text.startsWith(read)
          && ReadCompounds.particle(text.substring(read.length()))) {
        return true;
      }
    }
    return false;
  }

  /** Whether a word is a setting's value ({@link #VALUES}). */
  static boolean settingValue(String text) {
    return VALUES.contains(text.toLowerCase(Locale.ROOT));
  }

  /** The values that set a committing option off: {@code --commit=false}. */
  private static final Set<String> OFF = NameSet.of("false", "0", "no", "off");

  /** Command words that write for real after a read's: {@code plan apply} (decision 178). */
  private static final Set<String> COMMITTING_WORDS = NameSet.of("apply", "commit", "execute");

  /** {@return whether {@code args} hold no command word and no read ({@link #commandWords})} */
  static boolean optionsOnly(List<Word> args) {
    return commandWords(args, false) == NONE;
  }

  /** {@return whether the command words of {@code args} hold a read ({@link #commandWords})} */
  static boolean reads(List<Word> args) {
    return commandWords(args, false) == READS;
  }

  /**
   * The endings that make a read's word the thing that reads ({@code analyzer}, {@code viewers}): a
   * noun, which a later command word acts on ({@code analyzer calibrate}).
   */
  private static final Set<String> AGENT_NOUNS = Set.of("r", "rs", "er", "ers", "or", "ors");

  /** {@link #commandWords}: a read among them. */
  private static final int READS = 0;

  /** {@link #commandWords}: none, only options and their values. */
  private static final int NONE = 1;

  /** {@link #commandWords}: some, none of them a read. */
  private static final int UNREAD = 2;

  /**
   * What the command words say: {@link #READS} when one of them, or an option, reads, or when they
   * only configure the tool ({@link #CONFIGURING}), {@link #NONE} when there are none, {@link
   * #UNREAD} else.
   */
  static int commandWords(List<Word> args, boolean production) {
    int taken = 0;
    boolean configures = true;
    boolean valueNext = false;
    boolean read = false;
    boolean acted = false;
    boolean namedRead = false;
    String readWord = null;
    boolean commandNext = false;
    boolean codeNext = false;
    boolean statementNext = false;
    boolean idsOnly = true;
    boolean verbBefore = false;
    for (int i = 0; i < args.size() && i < 2 * ShapeWords.SCAN; i++) {
      Word word = args.get(i);
      String text = word.text();
      boolean value = valueNext && !commandNext;
      boolean statementOption = statementNext || commandNext;
      statementNext = CommandOptions.statements(text);
      List<List<Word>> statements =
          word.literal()
                  && !read
                  && taken < ShapeWords.DEPTH
                  && (statementOption && taken == 0 || !value && idsOnly && taken > 0)
              ? CommandOptions.statementsOf(text)
              : null;
      if (statements != null) {
        // rancli -c 'cell status --cell X': the tool's own statements (decision 325)
        int said = READS;
        for (List<Word> statement : statements) {
          int words = commandWords(statement, production);
          if (words == UNREAD) {
            return UNREAD;
          }
          said = words == READS ? said : NONE;
        }
        read = said == READS;
        taken++;
        configures = false;
        valueNext = false;
        commandNext = false;
        continue;
      }
      valueNext = false;
      commandNext = CommandOptions.named(text);
      String given = CommandOptions.value(text);
      if (codeNext && CommandOptions.called(text) != null) {
        given = CommandOptions.called(text); // -runarg 'delMember(…)' (decision 307)
        value = false;
      }
      codeNext = CommandOptions.code(text);
      if (given != null) {
        text = given; // --cmd=UNBLIND: the command (decision 263)
      }
      if (text.equals("--")) {
        // The command run there: its words decide (ssh … -- php bin/magento status).
        taken = 0;
        configures = true;
        continue;
      }
      if (taken == 0 && !value && UnnamedToolActs.commandOption(text)) {
        // deadlinecommand -DeleteJob 5f1a, -GetJobs: a command given as an option (decision 243)
        List<String> parts = ServiceVerbs.split(text.substring(1));
        if (ShapeWords.READS.contains(parts.get(0))) {
          read = true; // -GetJobs; but -delete-show deletes a show
          continue;
        }
        if (UnnamedToolActs.optionVerb(text, parts.get(0))) {
          taken++;
          configures = false;
          valueNext = true;
          continue;
        }
      }
      if (text.startsWith("-")) {
        boolean flag = i + 1 == args.size() || args.get(i + 1).text().startsWith("-");
        if (flag && actingOption(text) && (production || !goAhead(text))) {
          return UNREAD; // show --apply, list --purge, status --fix: a read told to act (d. 157)
        }
        // kafka-consumer-groups --describe --group g; not --status OPEN, a filter; not --diff
        // beside --apply, which shows what it changes (decision 168)
        // master-code reset … --show: the act's outcome shown, no read (decision 277)
        read |=
            flag
                && readOption(text)
                && !acted
                && !TerminalTyping.anyWord(args, ProductionActs::goAhead);
        // set --env production points the tool; set --cvm-limit=100000 sets (decision 168)
        configures &= TestPlaceNamed.choosesPlace(text);
        // --segment EQ-MAIN: a value; --yes, --all: flags that take none
        valueNext =
            text.indexOf('=') < 0
                && !ShapeWords.ACTING_FLAGS.contains(text)
                && !ShapeWords.EVERYTHING.contains(text)
                && !LoneFlags.alone(text); // --verbose close (decision 325)
        continue;
      }
      if (value
          || taken >= ShapeWords.DEPTH
          || !word.literal()
          || text.isEmpty()
          || text.length() > 64
          || text.indexOf(' ') >= 0
          || Environments.namesProduction(text)) {
        continue;
      }
      taken++;
      idsOnly &=
          text.chars().anyMatch(Character::isDigit)
              || text.chars().noneMatch(Character::isLowerCase);
      if (read) {
        if (actingWord(text)
            || readWord != null
                && NounReads.nounRead(readWord)
                && (TradeVerbs.trade(text) // instrument log add (decision 248)
                    // health immunizations mark-compliant: a compound act after the noun (r. 61)
                    || NounReads.actOnNoun(text)
                    // report submit (decision 168), status set (decision 263)
                    || ShapeWords.SETTING_VERBS.contains(text.toLowerCase(Locale.ROOT)))
            || COMMITTING_WORDS.contains(text.toLowerCase(Locale.ROOT))
            || namedRead && Character.isLetter(text.charAt(0)) && !reads(text)
            // current-limit raise, test-result amend: a thing named by a read's word, then the
            // command (decision 325)
            || readWord != null
                && !verbBefore
                && !VALUES.contains(text.toLowerCase(Locale.ROOT))
                && ServiceVerbs.split(readWord).size() > 1
                && NounReads.nounRead(readWord)
                && Character.isLetter(text.charAt(0))
                && !reads(text)
                && !ShapeWords.EVERY_VALUES.contains(text)
                && !UnnamedToolActs.identifier(text)) {
          // alerts view close: a read word before the act (decision 157); reports amend: the
          // reports are what is amended (decision 164); report submit (decision 168)
          return UNREAD;
        }
        continue;
      }
      verbBefore |= readWord == null && TradeVerbs.verb(text.toLowerCase(Locale.ROOT));
      read =
          reads(text)
              || taken == 1 && statusRead(text, args)
              || acted && phrasalRead(text); // flags update checkout: its object (d. 325)
      acted |= !read && actingWord(text);
      readWord = read ? text : null;
      namedRead = read && NounReads.readsNamed(text);
      configures &= CONFIGURING.contains(text.toLowerCase(java.util.Locale.ROOT));
    }
    if (read) {
      return READS;
    }
    if (taken == 0) {
      return NONE;
    }
    // catalogctl set --env production: the tool's own setting; not set --param x --value 0 (d. 164)
    return configures && args.size() <= CONFIGURING_WORDS ? READS : UNREAD;
  }

  /**
   * A status read named noun first ({@code ./bin/zonar vehicle-status --route R-114}, decision
   * 251): the first command word, its last part {@code status} and none of its parts an act, and no
   * word or option of the command that sets a state ({@code bulk-status --status WITHDRAWN}, {@code
   * batch-status --set unrestricted}, {@code room-status set}, {@code --clear-aog}).
   */
  private static boolean statusRead(String text, List<Word> args) {
    List<String> parts = ServiceVerbs.split(text);
    if (parts.size() < 2
        || !parts.get(parts.size() - 1).equals("status")
        || parts.stream().anyMatch(ProductionActs::acting)) {
      return false;
    }
    for (int i = 0; i < args.size() && i < 2 * ShapeWords.SCAN; i++) {
      String word = args.get(i).text().toLowerCase(Locale.ROOT);
      if (word.equals("set") || STATE_SETTING.matcher(word).lookingAt()) {
        return false;
      }
    }
    return true;
  }

  /** The options that set a state: {@code --set}, {@code --status X}, {@code --clear-holds}. */
  private static final Pattern STATE_SETTING =
      Pattern.compile("--?(set|status|state|value|clear|mark|force|update)\\b");

  /** How many words a command that only configures the tool has at most: {@code set --env prod}. */
  private static final int CONFIGURING_WORDS = 3;

  /**
   * Command words that, alone, configure the tool itself rather than act through it: {@code set
   * --env production} chooses where it points.
   */
  private static final java.util.Set<String> CONFIGURING =
      NameSet.of("set", "use", "config", "configure", "login", "init", "context", "switch");

  /**
   * Whether a program (or the script it runs) is named for an act, where it is given no command
   * word: {@code ./bin/edi-send --type CUSCAR --env prod}, {@code python tools/ipaws_send.py --env
   * prod …}.
   */
  static boolean namedForAct(String name) {
    if (name.length() > 64) {
      return false;
    }
    for (String part : ServiceVerbs.split(name)) {
      if (acting(part) || ShapeWords.SENDS.contains(part)) {
        return true;
      }
    }
    return false;
  }

  /** The script's or module's own name: {@code tools/ipaws_send.py}'s {@code ipaws_send}. */
  static String scriptName(List<Word> args) {
    int start = ScriptRun.start(args);
    String first = start < 0 ? args.get(0).text() : args.get(start).text();
    if (first.equals("-m")) {
      String module = args.get(start + 1).text();
      return module.substring(module.lastIndexOf('.') + 1);
    }
    String file = first.substring(first.lastIndexOf('/') + 1);
    int dot = file.lastIndexOf('.');
    return dot > 0 ? file.substring(0, dot) : file;
  }

  /**
   * A command word that reads (a part of it, or the start of a word of one part: {@code
   * showmigrations}; a word of parts that ends in a listing and holds no act: {@code
   * subnet4-list}), or makes a copy to keep ({@code create-db-snapshot}).
   */
  private static boolean reads(String text) {
    List<String> parts = ServiceVerbs.split(text);
    if (UnnamedToolActs.verbFirst(parts) || ReadCompounds.acts(parts)) {
      return false; // set-status: a state set (decision 263); top-up, history-clear (d. 325)
    }
    int joined = connector(parts);
    if (joined > 0) {
      // get-and-reset, report-then-close: each command joined in the word must read (d. 157)
      return ShapeWords.READS.contains(parts.get(0))
          && joined + 1 < parts.size()
          && reads(String.join("-", parts.subList(joined + 1, parts.size())));
    }
    for (String part : SharedActs.commandParts(text)) {
      if (ShapeWords.READS.contains(part)) {
        return true;
      }
    }
    if (parts.size() > 1 && LISTING.contains(parts.get(parts.size() - 1))) {
      return parts.stream().noneMatch(ProductionActs::acting); // subnet4-list, package_show
    }
    if (parts.size() == 3
        && text.matches("[a-z]{2,20}_[a-z]{2,20}_[a-z]{2,20}")
        && ShapeWords.READS.contains(parts.get(1))
        && parts.stream().noneMatch(ProductionActs::acting)) {
      return true; // quota_list_quotas: a read between a noun and its noun (decision 244)
    }
    if (parts.size() == 1 && text.chars().noneMatch(c -> Character.isDigit(c))) {
      // checkin, checkout, topup: a verb of its own that begins with a read's (decisions 298,
      // 325); PLANT1, plant: a thing whose name begins with one (decision 325)
      for (String read : ShapeWords.READS) {
        String rest = parts.get(0).substring(Math.min(read.length(), parts.get(0).length()));
        if (read.length() >= 4
            && parts.get(0).startsWith(read)
            && (rest.length() >= 2 || rest.equals("s")) // reports; not plant
            && !ReadCompounds.particle(rest)
            && !AGENT_NOUNS.contains(rest)) {
          return true; // showmigrations, dumpdata, inspectdb: one word; not analyzer, a thing
        }
      }
    }
    return (parts.contains("create") || parts.contains("take"))
        && (parts.contains("snapshot") || parts.contains("backup"));
  }

  /**
   * The reads that end a command word of parts named noun first ({@code subnet4-list}, {@code
   * package_show}); a word ending in another read's name ({@code edr-dump}, {@code
   * serious-ill-health}) may name what is acted on.
   */
  private static final java.util.Set<String> LISTING =
      NameSet.of("list", "ls", "show", "get", "describe", "view", "info", "search", "query");

  /**
   * A part of a command word that acts: {@code verbs}, {@code settingVerbs}, {@code strongVerbs}.
   */
  private static boolean acting(String part) {
    return ShapeWords.VERBS.contains(part)
        || ShapeWords.SETTING_VERBS.contains(part)
        || ShapeWords.STRONG.contains(part);
  }

  /** Where a word's parts join two commands ({@code get-and-reset}), or {@code -1}. */
  private static int connector(List<String> parts) {
    for (int p = 1; p < parts.size(); p++) {
      String part = parts.get(p);
      if (part.equals("and") || part.equals("then")) {
        return p;
      }
    }
    return -1;
  }

  /**
   * A command word of one part, after a read among them, that acts ({@code alerts view close}): a
   * verb the shapes know, or one that moves a record's state ({@link ToolChanges#MOVES}). A word of
   * more parts ({@code show halt-history}) is the read's object.
   */
  private static boolean actingWord(String text) {
    List<String> parts = ServiceVerbs.split(text);
    if (parts.size() != 1) {
      return false;
    }
    String part = parts.get(0);
    return ShapeWords.VERBS.contains(part)
        || ShapeWords.STRONG.contains(part)
        || ToolChanges.MOVES.contains(part);
  }

  /**
   * A flag that makes a read act ({@code show --apply}, {@code list --purge}, {@code status
   * --fix}): one of {@code actingOptions} alone, or one whose first part destroys or sends; a flag
   * that names production ({@code --live}) says where, not what.
   */
  private static boolean actingOption(String text) {
    if (text.indexOf('=') >= 0 || text.length() > 40 || Environments.namesProduction(text)) {
      return false;
    }
    int start = text.startsWith("--") ? 2 : 1;
    List<String> parts = ServiceVerbs.split(text.substring(start));
    if (parts.isEmpty()) {
      return false;
    }
    return parts.size() == 1 && ShapeWords.ACTING_OPTIONS.contains(parts.get(0))
        || ShapeWords.STRONG.contains(parts.get(0))
        || ShapeWords.SENDS.contains(parts.get(0));
  }

  /**
   * A flag that is the go-ahead itself: where the aim is the go-ahead ({@link GoAheadActs}), {@code
   * list … --commit} still lists, but {@code list --purge-closed --confirm} acts (decision 165).
   */
  private static boolean goAhead(String text) {
    return ShapeWords.GO_LIVE.contains(text.toLowerCase(java.util.Locale.ROOT));
  }

  /** An option named for a read ({@code --describe}, {@code --fetch-cert}), taken as a flag. */
  private static boolean readOption(String text) {
    int eq = text.indexOf('=');
    int start = 0;
    while (start < text.length() && text.charAt(start) == '-') {
      start++;
    }
    String name = text.substring(start, eq > 0 ? eq : text.length());
    return !name.isEmpty() && ShapeWords.READS.contains(ServiceVerbs.split(name).get(0));
  }
}
