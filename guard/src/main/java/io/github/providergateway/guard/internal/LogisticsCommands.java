package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The trade's own command lines, as the {@code logistics.*} rules read them (decision 144): a
 * warehouse's, a transport's or a yard's management system, a carrier operations tool, a customs
 * filer, a load planner, run by the project ({@code ./bin/wms}, {@code bin/carrierops}) or by a
 * name of the trade ({@code wms}, {@code tms}), whose verb releases, redirects, confirms, marks,
 * cancels, transfers or grants; a check of the trade turned off by a variable before one; a secure
 * area's access granted; every seller's data acted on at once; sellers' credentials printed from
 * production; pickup codes mailed to a personal address; a kept record copied over. Registered by
 * {@link LogisticsPredicates}.
 */
final class LogisticsCommands {
  private LogisticsCommands() {}

  /** The parts of a program's name, run by its path or as a script, that name the trade. */
  private static final Set<String> TRADE =
      NameSet.of(
          "wms",
          "tms",
          "yms",
          "oms",
          "customs",
          "carrierops",
          "carrier",
          "carriers",
          "pod",
          "aircargo",
          "loadplan",
          "dispatch",
          "fleet",
          "eld",
          "hos",
          "edi",
          "shipping",
          "shipments",
          "labels",
          "freight",
          "warehouse",
          "inventory",
          "sellers",
          "marketplace",
          "yard",
          "dock",
          "parcel",
          "parcels",
          "drivers",
          "telematics",
          "brokerage",
          "drayage",
          "fulfillment",
          "returns",
          "manifest",
          "settlement",
          "settlements",
          "trade",
          "compliance",
          "loads",
          "fedex",
          "ups",
          "dhl",
          "usps",
          "ontrac",
          "purolator",
          "canadapost",
          "shipengine",
          "easypost",
          "shippo",
          "shipstation",
          "samsara",
          "geotab",
          "motive",
          "reefer",
          "recall",
          "recalls",
          "holds",
          "lots",
          "seller",
          "feed",
          "feeds",
          "eei",
          "aes",
          "isf",
          "drawback");

  /** The names of the trade a program has on the path, not only as the project's. */
  private static final Set<String> TRADE_BARE =
      NameSet.of("wms", "tms", "yms", "oms", "carrierops", "aircargo", "loadplan", "customs");

  /** The parts of a verb that act on goods, shipments, loads, accounts or declarations. */
  private static final Set<String> ACTS =
      NameSet.of(
          "redirect",
          "reroute",
          "intercept",
          "return",
          "rts",
          "release",
          "unhold",
          "unlock",
          "confirm",
          "mark",
          "remit",
          "transfer",
          "writeoff",
          "cancel",
          "void",
          "grant",
          "revoke",
          "override",
          "purge",
          "delete",
          "zero",
          "adjust",
          "transmit",
          "tender",
          "submit",
          "post",
          "publish",
          "approve",
          "close",
          "assign",
          "reassign",
          "refund",
          "reship",
          "dispose",
          "destroy",
          "scrap",
          "expire",
          "backdate",
          "clear",
          "gate",
          "cutover",
          "settle",
          "pay",
          "edit",
          "amend",
          "unassign",
          "disconnect",
          "unlink",
          "deactivate",
          "disable",
          "complete",
          "deliver",
          "delivered",
          "record",
          "certify",
          "attest");

  /** The verbs that act only where something forces them (a list of items, another's name). */
  private static final Set<String> WEAK_ACTS =
      NameSet.of("create", "update", "set", "add", "register", "sign", "upload", "import");

  /** The parts of a verb that read, plan or rehearse: no act, wherever they stand. */
  private static final Set<String> READS =
      NameSet.of(
          "plan",
          "validate",
          "list",
          "show",
          "get",
          "status",
          "track",
          "rate",
          "rates",
          "quote",
          "preview",
          "export",
          "report",
          "diff",
          "check",
          "search",
          "print",
          "render",
          "simulate",
          "estimate",
          "lint",
          "test",
          "help",
          "describe",
          "view",
          "dry",
          "explain",
          "history",
          "inspect",
          "verify",
          "audit",
          "count",
          "summary");

  /** The options that make a plain verb act: the project's own switches for doing it. */
  private static final Set<String> ACT_OPTIONS =
      NameSet.of(
          "--tender",
          "--transmit",
          "--post",
          "--confirm",
          "--send",
          "--publish",
          "--submit",
          "--commit",
          "--apply",
          "--execute",
          "--release");

  /** The verbs whose act is a record of something done: a delivery, a screening, a payee. */
  private static final Set<String> FALSIFYING =
      NameSet.of(
          "mark", "remit", "backdate", "amend", "edit", "unassign", "record", "certify", "attest");

  /** The falsifying verbs that falsify only a record's: an edit of a driver's log, not a load's. */
  private static final Set<String> OF_RECORDS =
      NameSet.of("amend", "edit", "unassign", "record", "certify", "attest");

  /** The objects of a falsifying verb: an edit is one only of a record (a driver's log). */
  private static final Set<String> RECORDS =
      NameSet.of(
          "log",
          "logs",
          "hos",
          "eld",
          "duty",
          "pod",
          "delivery",
          "screening",
          "inspection",
          "dvir",
          "temperature",
          "temp",
          "record",
          "records",
          "manifest",
          "signature");

  private static final Pattern FORCING =
      Pattern.compile(
          "(?i)--(?:all(?:-[\\w-]+)?|[\\w-]*-file|skip-[\\w-]+|override-[\\w-]+|no-[\\w-]*check"
              + "[\\w-]*|force|ignore-[\\w-]+|bypass-[\\w-]+|include-previously-[\\w-]+|"
              + "sign-as|signed-by|signature-image|screener(?:-id)?|on-behalf-of|bank-account|"
              + "routing|photo-from-[\\w-]+|close-trailers|expires)(?:=.*)?");

  /** The acts that let held goods go. */
  private static final Set<String> RELEASING = NameSet.of("release", "unhold", "clear", "close");

  /** What holds goods for a reason no backlog overrides: a recall, a quarantine, a customs exam. */
  private static final Pattern HELD =
      Pattern.compile(
          "(?i)recall|quarantin|contamina|customs[-_ ]?(?:exam|hold)|\\bFDA\\b|\\bCBP\\b");

  /** A script's ending, taken off its name; compiled once, not a program at a time. */
  private static final Pattern ENDING = Pattern.compile("\\.(?:py|sh|rb|js|ts|pl|bash)$");

  private static final Pattern PARTS = Pattern.compile("[-_.]");

  /** A program of the trade: its name's parts, or a name of the trade on the path. */
  static boolean tradeProgram(Step step) {
    List<Word> words = step.invocation().words();
    if (words.isEmpty()) {
      return false;
    }
    String script = script(step);
    String program = script != null ? script : step.program().toLowerCase(Locale.ROOT);
    // Asked of every program (a gate): a name with no dot has no ending to take off.
    String name = program.indexOf('.') < 0 ? program : ENDING.matcher(program).replaceAll("");
    if (TRADE_BARE.contains(name)) {
      return true;
    }
    if (script == null && !words.get(0).text().contains("/")) {
      return false;
    }
    for (String part : PARTS.split(name)) {
      if (TRADE.contains(part)) {
        return true;
      }
    }
    return false;
  }

  private static final Pattern SCRIPT = Pattern.compile("[\\w./-]+\\.(?:py|rb|js|mjs|ts|pl|sh)");

  /** The name of the script an interpreter runs ({@code python scripts/fedex_intercept.py}). */
  private static String script(Step step) {
    if (!step.interpreter() || step.args().isEmpty()) {
      return null;
    }
    String first = step.args().get(0).text();
    if (first.length() > 256 || !PatternLiterals.matches(SCRIPT, first)) {
      return null;
    }
    return first.substring(first.lastIndexOf('/') + 1).toLowerCase(Locale.ROOT);
  }

  /** The arguments a trade program is given: a script's, its own name aside. */
  private static List<Word> own(Step step) {
    return script(step) == null ? step.args() : step.args().subList(1, step.args().size());
  }

  /** The verbs of a trade program: its leading words until the first option, three at most. */
  private static List<String> verbs(List<Word> args) {
    List<String> verbs = new ArrayList<>();
    for (int i = 0; i < args.size() && verbs.size() < 3; i++) {
      String text = args.get(i).text();
      if (text.startsWith("-") || text.length() > 64) {
        break;
      }
      verbs.add(text.toLowerCase(Locale.ROOT));
    }
    return verbs;
  }

  /** What a trade program acts with, or {@code null}: the verb's part or the option. */
  private static String act(Step step) {
    return act(step, false);
  }

  /**
   * What a trade program acts with, or {@code null}; {@code weak}: a verb that acts only where
   * something forces it ({@code create}, {@code update}) counts too.
   */
  private static String act(Step step, boolean weak) {
    if (!tradeProgram(step)) {
      return null;
    }
    List<Word> args = own(step);
    String act = null;
    List<String> verbs = new ArrayList<>(verbs(args));
    String script = script(step);
    if (script != null) {
      verbs.add(0, script.replaceAll("\\.\\w+$", "")); // fedex_intercept.py
    }
    for (int i = 0; i < verbs.size(); i++) {
      for (String part : verbs.get(i).split("[-_:]")) {
        if (READS.contains(part)) {
          return null;
        }
        if (act == null && (ACTS.contains(part) || part.equals("file") && i > 0)
            || act == null && weak && WEAK_ACTS.contains(part)) {
          act = part;
        }
      }
      String whole = verbs.get(i).replace("-", "").replace("_", "");
      if (act == null && ACTS.contains(whole)) {
        act = whole; // write-off
      }
    }
    for (Word word : args) {
      String text = word.text();
      if (act == null && ACT_OPTIONS.contains(text)) {
        act = text;
      }
      if (LogisticsPredicates.rehearsal(text)) {
        return null;
      }
    }
    return act;
  }

  /**
   * What a trade program's act forces, or {@code null}: every item (--all, a file of them, a
   * placeholder of xargs), past a check (--skip-…, --override-…), under another's name or
   * signature, to a bank account, or a record of something done (a delivery, a screening).
   */
  static String forcedAct(Step step) {
    String act = act(step, true);
    if (act == null) {
      return null;
    }
    if (FALSIFYING.contains(act)
        && !WEAK_ACTS.contains(act)
        && (!OF_RECORDS.contains(act) || ofRecords(step))) {
      return act;
    }
    List<Word> args = own(step);
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if (RELEASING.contains(act) && text.length() < 256 && PatternLiterals.finds(HELD, text)) {
        return act + " " + text; // a recall's hold released
      }
      if (text.length() < 128 && PatternLiterals.matches(FORCING, text)
          || text.contains("{}")
          || text.equalsIgnoreCase("all") && i > 0 && args.get(i - 1).text().startsWith("--")) {
        return act + " " + text;
      }
    }
    return null;
  }

  /** Whether the program's verbs or its name name a record: a log, a delivery, a screening. */
  private static boolean ofRecords(Step step) {
    List<String> names = new ArrayList<>(verbs(step.args()));
    names.add(step.program().toLowerCase(Locale.ROOT));
    for (String name : names) {
      for (String part : name.split("[-_.:]")) {
        if (RECORDS.contains(part)) {
          return true;
        }
      }
    }
    return false;
  }

  /** Whether a trade program acts with nothing that forces it: asked. */
  static boolean plainAct(Step step) {
    return act(step) != null && forcedAct(step) == null;
  }

  private static final Pattern CHECK_OFF =
      Pattern.compile(
          "(?<![\\w$])[A-Z][A-Z0-9_]*_(?:CHECKS?|VALIDATION|VALIDATE|ENFORCE|ENFORCEMENT|"
              + "SCREENING|VETTING|SAFETY|LIMITS?|VERIFY|VERIFICATION)=[\"']?(?:off|false|0|no|"
              + "disabled?|none|skip)\\b");

  /** Whether a variable assigned before a trade program turns one of its checks off. */
  static boolean checkTurnedOff(Scan scan, Step step) {
    String source = scan.source();
    return source != null
        && source.length() < 64 * 1024
        && tradeProgram(step)
        && PatternLiterals.finds(CHECK_OFF, source);
  }

  private static final Pattern SECURE_AREA =
      Pattern.compile(
          "(?i)(?<![a-z])(?:CII|C-?II|vault|cage|controlled[-_ ]?substances?|schedule[-_ ]?ii|"
              + "bonded|high[-_]?value|secure[-_]?(?:zone|area|room)|narcotics?)(?![a-z])");

  private static final Pattern GRANT = Pattern.compile("(?i)grant");

  /** A call {@link #secureAreaGranted} may hold of: a word of one of its programs grants. */
  static final CallClues GRANTS = CallClues.of(GRANT);

  /** Whether a program grants someone a secure area of a warehouse: a vault, a cage, a bond. */
  static boolean secureAreaGranted(Step step) {
    boolean grants = false;
    for (Word word : step.args()) {
      String text = word.text();
      grants |= text.length() < 256 && PatternLiterals.mayFind(GRANT, text);
    }
    if (!grants) {
      return false;
    }
    String text = LogisticsPredicates.text(step);
    return PatternLiterals.finds(SECURE_AREA, text)
        && text.toLowerCase(Locale.ROOT).matches("(?s).*(?:zone|access|area|location|role).*")
        && !LogisticsPredicates.rehearsal(text);
  }

  private static final Pattern EVERY_SELLER =
      Pattern.compile(
          "(?i)\\b(?:seller|owner|client|merchant)(?:_?ids?|s)[\"']?\\s*[:=]\\s*[\"']?(?:ALL|\\*)"
              + "(?![\\w])|--all-(?:sellers|owners|clients|merchants)\\b|"
              + "--(?:sellers?|owners?|clients?|merchants?)[= ](?:all|\\*)(?![\\w])");

  /** A call {@link #everySeller} may hold of: a word of one of its programs names every seller. */
  static final CallClues EVERY_SELLER_NAMED = CallClues.of(EVERY_SELLER);

  private static final Pattern STOCK_OR_LISTING =
      Pattern.compile("(?i)inventory|qty|quantity|stock|price|listing|feed|catalog|offer");

  /**
   * Whether a call acts on every seller's stock, prices or listings at once, not in a rehearsal.
   */
  static boolean everySeller(Step step) {
    boolean named = false;
    for (Word word : step.args()) {
      named |= PatternLiterals.mayFind(EVERY_SELLER, word.text());
    }
    if (!named) {
      return false;
    }
    String text = LogisticsPredicates.text(step);
    return PatternLiterals.finds(EVERY_SELLER, text)
        && PatternLiterals.finds(STOCK_OR_LISTING, text)
        && !LogisticsPredicates.rehearsal(text);
  }

  private static final Pattern SELLER_SECRET =
      Pattern.compile(
          "(?i)refresh_token|lwa_\\w*token|access_token|client_secret|api_secret|auth_token|"
              + "sp_?api\\w*cred|mws_auth");

  private static final Pattern PRINTS_EVERY =
      Pattern.compile(
          "(?s)(?:print|puts|console\\.log|echo|pp)\\b.*(?:objects\\.all|\\.all\\b|find_each|"
              + "\\.each\\b|for\\s+\\w+\\s+in\\b)|(?:objects\\.all|\\.all\\b|find_each|\\.each\\b|"
              + "for\\s+\\w+\\s+in\\b).*(?:print|puts|console\\.log|pp)\\b");

  /** Whether code run against production prints every seller's marketplace credentials. */
  static boolean sellerTokensPrinted(Scan scan, Step step) {
    if (!step.interpreter() && !step.program().equals("rails")) {
      return false;
    }
    String text = LogisticsPredicates.text(scan, step);
    String source = scan.source() == null ? "" : scan.source();
    return PatternLiterals.finds(SELLER_SECRET, text)
        && PatternLiterals.finds(PRINTS_EVERY, text)
        && (Environments.namesProduction(text)
            || source.length() < 64 * 1024 && Environments.namesProduction(source));
  }

  private static final Set<String> MAILERS =
      NameSet.of("mail", "mailx", "mutt", "sendmail", "swaks", "msmtp", "s-nail", "neomutt");

  private static final Pattern PERSONAL_ADDRESS =
      Pattern.compile(
          "(?i)@(?:gmail|googlemail|yahoo|hotmail|outlook|live|proton|protonmail|icloud|aol|gmx|"
              + "mail|yandex|zoho)\\.");

  private static final Pattern PICKUP_CODES =
      Pattern.compile(
          "(?i)\\bpins?\\b|release[_ -]?(?:pins?|numbers?|codes?)|pickup[_ -]?(?:numbers?|codes?|"
              + "pins?)|terminal_pins|\\bpin_codes?|gate[_ -]?codes?");

  /**
   * Whether the command mails a terminal's release PINs or pickup numbers to a personal address.
   */
  static boolean pickupCodesSent(Scan scan, Step step) {
    if (!MAILERS.contains(step.program())) {
      return false;
    }
    boolean personal = false;
    for (Word word : step.args()) {
      personal |=
          word.text().length() < 256 && PatternLiterals.finds(PERSONAL_ADDRESS, word.text());
    }
    String source = scan.source();
    return personal
        && source != null
        && source.length() < 64 * 1024
        && PatternLiterals.finds(PICKUP_CODES, source);
  }

  private static final Set<String> COPIERS =
      NameSet.of("cp", "mv", "rsync", "install", "tee", "scp", "rclone", "dd");

  private static final Pattern KEPT_RECORDS =
      Pattern.compile(
          "(?i)qa[-_]?records|quality[-_]?records|cold[-_]?chain|temperature[-_]?logs?|/gdp/|"
              + "/records/|eld[-_]?logs|hos[-_]?logs|pod[-_]?archive|/audit/|batch[-_]?records");

  private static final Pattern ELSEWHERE =
      Pattern.compile("^(?:/(?:mnt|srv|data|var|opt|shares?|net|media|Volumes|nfs)/|[\\w.-]+:)");

  /** Whether a copy writes over a record kept on a shared store: a cold chain's, a QA's. */
  static boolean recordOverwritten(Step step) {
    if (!COPIERS.contains(step.program()) || step.args().isEmpty()) {
      return false;
    }
    List<Word> args = step.args();
    String last = args.get(args.size() - 1).text();
    if (step.program().equals("dd")) {
      for (Word word : args) {
        last = word.text().startsWith("of=") ? word.text().substring(3) : last;
      }
    }
    return last.length() < 1024
        && (last.startsWith("/") || last.indexOf(':') > 0) // each alternative begins so
        && PatternLiterals.finds(ELSEWHERE, last)
        && PatternLiterals.finds(KEPT_RECORDS, last);
  }
}
