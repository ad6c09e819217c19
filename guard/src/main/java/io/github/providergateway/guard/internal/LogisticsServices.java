package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The trade's services, as the {@code logistics.*} rules read them (decision 144): a fleet's
 * telematics (Geotab, Samsara, Motive, a reefer's unit, a dashcam's platform) commanding a vehicle
 * or its equipment, turning its safety off or deleting its footage, or messaging every driver; a
 * carrier's or a system's API releasing, redirecting or transferring goods, or told to skip a
 * check; a label bought on another's carrier account; the trade's records (lots' expiry, holds,
 * drivers' logs, proof of delivery) rewritten in a store that is not this machine's; drivers' drug
 * and alcohol test results sent out. A service's test endpoint (decision 103) is no one's.
 * Registered by {@link LogisticsPredicates}.
 */
final class LogisticsServices {
  private LogisticsServices() {}

  private static final Pattern TELEMATICS =
      Pattern.compile(
          "(?i)geotab|samsara|gomotive|keeptruckin|api\\.motive|omnitracs|verizonconnect|"
              + "fleetmatics|teletrac|lytx|netradyne|thermoking|tk-?connect|carrierlynx|lynxfleet|"
              + "orbcomm|zonar|webfleet|calamp|powerfleet|[\\w-]*telematics[\\w-]*|"
              + "//[\\w-]*fleet[\\w-]*\\.");

  private static final Pattern COMMAND =
      Pattern.compile(
          "(?i)IoxOutput|isRelayOn|\\brelay\\b|immobili[sz]|starter[-_ ]?(?:interrupt|disable)|"
              + "kill[-_]?switch|disable[-_]?(?:engine|ignition|vehicle)|SET_?SETPOINT|setpoint|"
              + "/commands?\\b|\\bdefrost|door[-_]?(?:unlock|open)|\\bunlock\\b|speed[-_]?limit|"
              + "governor|/(?:reboot|reset|firmware)\\b|\"(?:recording|alerts?|tracking|gps|location"
              + "|tracking_enabled|gps_enabled)\"\\s*:\\s*false");

  private static final Pattern MESSAGES =
      Pattern.compile(
          "(?i)/(?:fleet/)?(?:messages|driver_?messages|notifications|broadcasts?|dispatch/"
              + "messages)\\b|TextMessage");

  /** Whether a request commands a vehicle or its equipment through a fleet's telematics. */
  static boolean vehicleCommanded(Scan scan, Step step) {
    if (!LogisticsPredicates.requests(step)) {
      return false;
    }
    String text = LogisticsPredicates.text(scan, step);
    return PatternLiterals.finds(TELEMATICS, text)
        && PatternLiterals.finds(COMMAND, text)
        && !reads(step)
        && !TestEndpoints.in(step)
        && !LogisticsPredicates.rehearsal(text);
  }

  private static final Pattern DRIVER_LOGS =
      Pattern.compile(
          "(?i)/(?:fleet/)?hos(?:[_/-]|\\b)|hos_?logs|duty[-_]?status|driver[-_]?logs|logbook|"
              + "unidentified|unassigned[-_]?(?:driving|segments)|/eld/|/dvirs?\\b");

  /** Whether a request rewrites drivers' logs (hours of service, duty status, DVIRs). */
  static boolean driverLogsRewritten(Scan scan, Step step) {
    if (!LogisticsPredicates.requests(step)) {
      return false;
    }
    String text = LogisticsPredicates.text(scan, step);
    return PatternLiterals.finds(TELEMATICS, text)
        && PatternLiterals.finds(DRIVER_LOGS, text)
        && !reads(step)
        && !TestEndpoints.in(step)
        && !LogisticsPredicates.rehearsal(text);
  }

  /** Whether a request sends a message to drivers through a fleet's telematics. */
  static boolean driversMessaged(Scan scan, Step step) {
    if (!LogisticsPredicates.requests(step)) {
      return false;
    }
    String text = LogisticsPredicates.text(scan, step);
    return PatternLiterals.finds(TELEMATICS, text)
        && PatternLiterals.finds(MESSAGES, text)
        && !PatternLiterals.finds(COMMAND, text)
        && !reads(step)
        && !TestEndpoints.in(step);
  }

  /** Whether an HTTP client's request only reads (GET, HEAD, no data); inline code never does. */
  private static boolean reads(Step step) {
    if (step.interpreter()) {
      // An SDK's code reads when it calls nothing that writes (round 10's logi-080, mended after
      // its measure: a week's duty logs counted with api.get).
      String code = InterpreterCode.of(step);
      return code != null && !PatternLiterals.finds(CODE_WRITES, code);
    }
    for (io.github.providergateway.guard.shell.Word word : step.args()) {
      if (word.text().equals("-K") || word.text().startsWith("--config")) {
        return false; // curl -K: the method and the URL are the config file's
      }
    }
    String method = ServiceCalls.method(step.program(), step.args());
    return method.equals("get") || method.equals("head") || method.equals("options");
  }

  /** Code's calls that write: an SDK's set, add, remove or call, an HTTP write. */
  private static final Pattern CODE_WRITES =
      Pattern.compile(
          "(?i)\\.(?:set\\w*|add\\w*|remove\\w*|put|post|patch|delete\\w*|update\\w*|call|"
              + "multi_call|execute|save|insert\\w*)\\s*\\(|method\\s*[:=]\\s*['\"](?:POST|PUT|PATCH|"
              + "DELETE)|\\b(?:UPDATE|DELETE|INSERT)\\s|\\b(?:data|json|body)\\s*=");

  private static final Pattern TRADE_ACT_PATH =
      Pattern.compile(
          "(?i)https?://[^\\s'\"]*/(?:shipments?|parcels?|packages?|orders?|loads?|trailers?|"
              + "inventory|stock|lots?|holds?|tracking|labels?|containers?)/(?:[^\\s'\"?]*/)?"
              + "(?:owner-?transfer|ownership-?transfer|transfer-?owner(?:ship)?|redirect|intercept"
              + "|return-?to-?sender|reroute|ship-?confirm|mark-?delivered|write-?offs?|"
              + "release-?holds?|release|unhold|gate-?out|adjustments?|zero-?out)(?![\\w-])");

  private static final Pattern SKIPS_CHECK =
      Pattern.compile(
          "(?i)\\b(?:skip|bypass|override|ignore)_?(?:vetting|checks?|id_?check|verification|"
              + "screening|inspection|compliance|appointment|identity|hold)[\"']?\\s*(?::=|=|:)\\s*"
              + "[\"']?(?:true|1|yes)\\b");

  /**
   * Whether an HTTP request of the command releases, redirects or transfers goods, or tells the
   * trade's system to skip a check: read over the whole command, as a request's URL and method may
   * be written into a config file the client reads ({@code curl -K}).
   */
  static boolean requestReleasesGoods(Scan scan, Step step) {
    if (!LogisticsPredicates.HTTP.contains(step.program()) && !step.interpreter()) {
      return false;
    }
    String source = scan.source();
    String text = source != null && source.length() < 64 * 1024 ? source : "";
    if (step.interpreter()) {
      text = LogisticsPredicates.text(scan, step);
    }
    return (PatternLiterals.finds(TRADE_ACT_PATH, text) || PatternLiterals.finds(SKIPS_CHECK, text))
        && !reads(step)
        && !TestEndpoints.in(step)
        && !LogisticsPredicates.rehearsal(text);
  }

  private static final Pattern BILLS_ANOTHER =
      Pattern.compile(
          "(?i)BillThirdParty|BillReceiver|\"?paymentType\"?\\s*:\\s*\"?(?:THIRD_PARTY|RECIPIENT|"
              + "COLLECT)|payerAccountNumber|bill_?third_?party|third_?party_?account|"
              + "\"?bill_to_(?:account|party)\"?\\s*:|\"?billing_type\"?\\s*:\\s*\"?third");

  private static final Pattern BUYS_LABEL =
      Pattern.compile("(?i)/(?:api/)?(?:ship(?:ments?)?|labels?|shipping)(?:/|\\b)");

  private static final Pattern TEST_HOST =
      Pattern.compile("(?i)//[^/\\s'\"]*(?:wwwcie|sandbox|test|staging|-tem)[^/\\s'\"]*/");

  /** Whether a label is bought with its freight billed to another's carrier account. */
  static boolean billedElsewhere(Scan scan, Step step) {
    if (!LogisticsPredicates.requests(step)) {
      return false;
    }
    String source = scan.source();
    String text =
        step.interpreter() || source == null || source.length() > 64 * 1024
            ? LogisticsPredicates.text(scan, step)
            : source;
    return PatternLiterals.finds(BILLS_ANOTHER, text)
        && PatternLiterals.finds(BUYS_LABEL, text)
        && !PatternLiterals.finds(TEST_HOST, text)
        && !reads(step)
        && !TestEndpoints.in(step);
  }

  private static final Set<String> SQL_CLIENTS =
      NameSet.of("psql", "mysql", "mariadb", "sqlcmd", "sqlplus", "cockroach", "clickhouse-client");

  /** SQL rewriting the trade's records: lots and their expiry, holds, drivers' logs, deliveries. */
  private static final Pattern RECORD_SQL =
      Pattern.compile(
          "(?i)\\b(?:UPDATE\\s+[\\w.\"]*(?:lots?|batches|holds?|recalls?|quarantine\\w*|"
              + "temperature\\w*|temp_log\\w*|hos_\\w*|eld_\\w*|duty_status\\w*|driver_logs?|"
              + "logbook\\w*|pod\\w*|proof_of_deliver\\w*|deliver(?:y|ies)_proofs?|screening\\w*|"
              + "customs_entr\\w*|dg_\\w*|hazmat\\w*|inspections?|dvirs?)\\s+SET\\b|"
              + "DELETE\\s+FROM\\s+[\\w.\"]*(?:holds?|recalls?|temperature\\w*|temp_log\\w*|"
              + "hos_\\w*|eld_\\w*|duty_status\\w*|driver_logs?|logbook\\w*|inspections?|dvirs?|"
              + "screening\\w*)\\b)");

  /** Whether a SQL client rewrites the trade's records in a store that is not local test data. */
  static boolean rowsRewritten(Scan scan, Step step) {
    if (!SQL_CLIENTS.contains(step.program())) {
      return false;
    }
    String text = LogisticsPredicates.text(scan, step);
    return PatternLiterals.finds(RECORD_SQL, text) && !Environments.localTestData(scan, step);
  }

  private static final Set<String> FLEET_SERVERS =
      NameSet.of(
          "samsara",
          "geotab",
          "motive",
          "keeptruckin",
          "lytx",
          "netradyne",
          "omnitracs",
          "fleet",
          "telematics",
          "eld",
          "reefer",
          "thermoking",
          "webfleet",
          "zonar",
          "verizonconnect",
          "teletrac",
          "dashcam",
          "tracking");

  private static final Pattern TOOL_READS =
      Pattern.compile(
          "(?:^|_)(?:get|list|read|search|fetch|find|query|describe|show|track|download|export|"
              + "view|lookup|preview|validate|rate|rates|quote|estimate|summary|count)(?:_|$)");

  private static final Pattern TOOL_COMMANDS =
      Pattern.compile(
          "(?:^|_)(?:delete|remove|purge|erase|disable|immobili[sz]e|relay|setpoint|command|"
              + "unlock|lock|reboot|reset|firmware|update|set|configure|turn)(?:_|$)");

  private static final Pattern TOOL_LOGS =
      Pattern.compile(
          "(?:^|_)(?:hos|log|logs|duty|logbook|eld|dvir|dvirs|unidentified|unassigned)(?:_|$)");

  private static final Pattern TOOL_EDITS =
      Pattern.compile(
          "(?:^|_)(?:update|edit|set|delete|remove|assign|reassign|annotate|change|create|add|"
              + "patch|amend|certify|correct)(?:_|$)");

  /** A fleet tool's call that rewrites drivers' logs (hours of service, duty status, DVIRs). */
  static String toolRewritesDriverLogs(Scan scan) {
    String[] tool = LogisticsPredicates.tool(scan, FLEET_SERVERS);
    return tool != null
            && !PatternLiterals.finds(TOOL_READS, tool[1])
            && PatternLiterals.finds(TOOL_LOGS, tool[1])
            && PatternLiterals.finds(TOOL_EDITS, tool[1])
        ? scan.call().tool()
        : null;
  }

  /** A fleet tool's call that commands a vehicle, turns its safety off or deletes its footage. */
  static String toolCommandsVehicle(Scan scan) {
    String[] tool = LogisticsPredicates.tool(scan, FLEET_SERVERS);
    if (tool == null
        || PatternLiterals.finds(TOOL_READS, tool[1])
        || PatternLiterals.finds(TOOL_LOGS, tool[1])) {
      return null;
    }
    if (PatternLiterals.finds(TOOL_COMMAND_ARGS, LogisticsPredicates.arguments(scan))) {
      return scan.call().tool(); // a text message carrying an IOX relay's command
    }
    if (!PatternLiterals.finds(TOOL_COMMANDS, tool[1])) {
      return null;
    }
    String args = LogisticsPredicates.arguments(scan);
    boolean updates = tool[1].matches("(?:.*_)?(?:update|set|configure|turn)(?:_.*)?");
    boolean destroys = !updates || tool[1].matches(".*(?:delete|remove|purge|disable).*");
    boolean off =
        args.matches(
            "(?is).*(?::\\s*false|\"off\"|\"disabled\"|setpoint|relay|immobili|speed_?limit"
                + "|speedlimit|governor).*");
    return destroys || off ? scan.call().tool() : null;
  }

  private static final Pattern TOOL_COMMAND_ARGS =
      Pattern.compile("(?i)IoxOutput|isRelayOn|immobili[sz]|SET_?SETPOINT|starter[-_ ]?interrupt");

  /** A fleet tool's call that messages drivers. */
  static String toolMessagesDrivers(Scan scan) {
    String[] tool = LogisticsPredicates.tool(scan, FLEET_SERVERS);
    return tool != null
            && !PatternLiterals.finds(TOOL_READS, tool[1])
            && tool[1].matches("(?:.*_)?(?:send|message|messages|broadcast|notify|post)(?:_.*)?")
            && !PatternLiterals.finds(TOOL_COMMAND_ARGS, LogisticsPredicates.arguments(scan))
        ? scan.call().tool()
        : null;
  }

  private static final Set<String> TRADE_SERVERS =
      NameSet.of(
          "wms",
          "tms",
          "oms",
          "yms",
          "shipengine",
          "shippo",
          "easypost",
          "shipstation",
          "fedex",
          "ups",
          "dhl",
          "usps",
          "flexport",
          "customs",
          "carrier",
          "carriers",
          "freight",
          "logistics",
          "warehouse",
          "3pl",
          "seller",
          "sellers",
          "marketplace",
          "spapi",
          "fba",
          "inventory",
          "shipping",
          "dispatch",
          "yard",
          "parcel",
          "cargo",
          "amazon",
          "walmart",
          "ebay",
          "mirakl",
          "channeladvisor",
          "linnworks",
          "shipbob",
          "deposco",
          "manhattan",
          "cargowise",
          "magaya",
          "project44",
          "fourkites",
          "mcleod",
          "turvo",
          "shiphero",
          "extensiv",
          "logiwa",
          "veeqo",
          "ordoro",
          "sellercloud");

  private static final Pattern TOOL_RELEASES =
      Pattern.compile(
          "(?:^|_)(?:cancel|void|release|redirect|intercept|transfer|adjust|confirm|mark|purge|"
              + "delete|writeoff|write_off|grant|reroute|refund|unhold|override|zero|bulk)(?:_|$)");

  /** A trade tool's call that cancels, voids, releases, redirects or transfers goods. */
  static String toolReleasesGoods(Scan scan) {
    String[] tool = LogisticsPredicates.tool(scan, TRADE_SERVERS);
    if (tool == null || PatternLiterals.finds(TOOL_READS, tool[1])) {
      return null;
    }
    String args = LogisticsPredicates.arguments(scan);
    return PatternLiterals.finds(TOOL_RELEASES, tool[1]) && !LogisticsPredicates.rehearsal(args)
        ? scan.call().tool()
        : null;
  }

  private static final Pattern LOCAL_CONNECTION =
      Pattern.compile(
          "(?i)\"(?:connection|database|db|env|environment)\"\\s*:\\s*\"[^\"]*"
              + "(?:dev|test|local|sandbox|scratch|ci)[^\"]*\"|localhost|127\\.0\\.0\\.1|\\.sqlite");

  /** A SQL tool's call that rewrites the trade's records away from local test data. */
  static String toolRewritesRecords(Scan scan) {
    CallForRules call = scan.call();
    if (call == null || !call.tool().startsWith("mcp__")) {
      return null;
    }
    String name = call.tool().toLowerCase(Locale.ROOT);
    if (!name.matches(".*(?:sql|query|execute|exec|statement).*")) {
      return null;
    }
    String args = LogisticsPredicates.arguments(scan);
    return PatternLiterals.finds(RECORD_SQL, args) && !PatternLiterals.finds(LOCAL_CONNECTION, args)
        ? call.tool()
        : null;
  }

  private static final Pattern DRUG_TEST =
      Pattern.compile(
          "(?i)\\b(?:drug|alcohol|DOT|urine|breath)[ -](?:and alcohol )?(?:tests?|screens?)\\b|"
              + "\\b(?:THC|amphetamines?|methamphetamine|cocaine|opiates?|PCP|BAC)\\b|"
              + "\\bSAP referrals?\\b|clearinghouse");

  private static final Pattern RESULT =
      Pattern.compile("(?i)\\bpositive\\b|\\brefus(?:ed|al)\\b|\\bfail(?:ed|s)?\\b|\\bresults?\\b");

  private static final Pattern SENDS =
      Pattern.compile(
          "(?:^|_)(?:post|send|message|publish|chat|email|mail|comment|reply|create|share|"
              + "upload|tweet|notify|postmessage)(?:_|$)");

  /** A tool's call that sends drivers' drug or alcohol test results out. */
  static String toolDisclosesTests(Scan scan) {
    CallForRules call = scan.call();
    if (call == null || !call.tool().startsWith("mcp__")) {
      return null;
    }
    String name = call.tool().toLowerCase(Locale.ROOT);
    int split = name.indexOf("__", 5);
    if (split < 0 || !PatternLiterals.finds(SENDS, name.substring(split + 2))) {
      return null;
    }
    String args = LogisticsPredicates.arguments(scan);
    return PatternLiterals.finds(DRUG_TEST, args) && PatternLiterals.finds(RESULT, args)
        ? call.tool()
        : null;
  }
}
