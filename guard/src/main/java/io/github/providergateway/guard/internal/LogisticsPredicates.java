package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What the book's {@code logistics.*} rules ask in code (issue 80, decision 144): customs and
 * dangerous-goods declarations falsified, the controls of a fleet's plans loosened, vehicles and
 * their equipment commanded, goods released, redirected or marked, carriers' accounts billed,
 * records rewritten, drivers' records disclosed and sellers' data crossed.
 *
 * <p>This class registers the names and holds what they share; the knowledge is {@link
 * LogisticsConfigs}' (settings that loosen a control), {@link LogisticsRewrites}' (files and
 * substitutions that falsify a declaration), {@link LogisticsCommands}' (the trade's own command
 * lines) and {@link LogisticsServices}' (the trade's services reached over HTTP, by inline code and
 * by MCP tools). None reads the disk.
 */
final class LogisticsPredicates {
  private LogisticsPredicates() {}

  /** Adds the predicates of the whole call under their names. */
  static void addCallsTo(Map<String, Where.CallPredicate> named) {
    named.put("logistics-edit-falsifies-declaration", LogisticsRewrites::editFalsifies);
    named.put("logistics-edit-loosens-controls", LogisticsConfigs::editLoosens);
    named.put("logistics-edit-crosses-sellers", LogisticsRewrites::editCrossesSellers);
    named.put("logistics-tool-commands-vehicle", LogisticsServices::toolCommandsVehicle);
    named.put("logistics-tool-messages-drivers", LogisticsServices::toolMessagesDrivers);
    named.put("logistics-tool-releases-goods", LogisticsServices::toolReleasesGoods);
    named.put("logistics-tool-rewrites-records", LogisticsServices::toolRewritesRecords);
    named.put("logistics-tool-rewrites-driver-logs", LogisticsServices::toolRewritesDriverLogs);
    named.put("logistics-tool-discloses-driver-tests", LogisticsServices::toolDisclosesTests);
  }

  /** Adds the predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put(
        "logistics-substitution-falsifies",
        (scan, step, read) -> LogisticsRewrites.substitutionFalsifies(step));
    named.put(
        "logistics-substitution-loosens",
        (scan, step, read) -> LogisticsRewrites.substitutionLoosens(step));
    named.put(
        "logistics-check-turned-off",
        PredicateGate.TRADE_PROGRAM.around(
            (scan, step, read) -> LogisticsCommands.checkTurnedOff(scan, step)));
    named.put(
        "logistics-goods-released",
        PredicateGate.TRADE_PROGRAM.around(
            (scan, step, read) -> LogisticsCommands.forcedAct(step) != null));
    named.put(
        "logistics-operations-act",
        PredicateGate.TRADE_PROGRAM.around((scan, step, read) -> LogisticsCommands.plainAct(step)));
    named.put(
        "logistics-secure-area-granted",
        LogisticsCommands.GRANTS.around(
            (scan, step, read) -> LogisticsCommands.secureAreaGranted(step)));
    named.put(
        "logistics-every-seller",
        LogisticsCommands.EVERY_SELLER_NAMED.around(
            (scan, step, read) -> LogisticsCommands.everySeller(step)));
    named.put(
        "logistics-seller-tokens-printed",
        (scan, step, read) -> LogisticsCommands.sellerTokensPrinted(scan, step));
    named.put(
        "logistics-pickup-codes-sent",
        (scan, step, read) -> LogisticsCommands.pickupCodesSent(scan, step));
    named.put(
        "logistics-record-overwritten",
        (scan, step, read) -> LogisticsCommands.recordOverwritten(step));
    named.put(
        "logistics-vehicle-commanded",
        (scan, step, read) -> LogisticsServices.vehicleCommanded(scan, step));
    named.put(
        "logistics-drivers-messaged",
        (scan, step, read) -> LogisticsServices.driversMessaged(scan, step));
    named.put(
        "logistics-request-releases-goods",
        (scan, step, read) -> LogisticsServices.requestReleasesGoods(scan, step));
    named.put(
        "logistics-billed-elsewhere",
        (scan, step, read) -> LogisticsServices.billedElsewhere(scan, step));
    named.put(
        "logistics-driver-logs-rewritten",
        (scan, step, read) -> LogisticsServices.driverLogsRewritten(scan, step));
    named.put(
        "logistics-rows-rewritten",
        (scan, step, read) -> LogisticsServices.rowsRewritten(scan, step));
  }

  private static final int MOST = 64 * 1024;

  /**
   * The program's words and its inline code as one text, read once a call for each program the
   * family's predicates ask it of (an HTTP client, an interpreter).
   */
  static String text(Scan scan, Step step) {
    Map<Step, String> read =
        scan.once("LogisticsPredicates.text", s -> new java.util.IdentityHashMap<>());
    return read.computeIfAbsent(step, LogisticsPredicates::text);
  }

  /**
   * The program's words, its inline code and its here-documents as one text ({@link
   * ProgramText#of}); empty when too long to read.
   */
  static String text(Step step) {
    return ProgramText.of(step);
  }

  /** The programs that send an HTTP request. */
  static final Set<String> HTTP = NameSet.of("curl", "wget", "http", "https", "xh", "xhs");

  /** Whether the program sends requests: an HTTP client or an interpreter given code. */
  static boolean requests(Step step) {
    return HTTP.contains(step.program()) || step.interpreter();
  }

  /**
   * The MCP tool's server's words and its own name, lower case, when the call is an MCP tool's
   * whose server has one of these words; otherwise {@code null}.
   */
  static String[] tool(Scan scan, Set<String> servers) {
    CallForRules call = scan.call();
    if (call == null || !call.tool().startsWith("mcp__")) {
      return null;
    }
    String tool = call.tool().toLowerCase(Locale.ROOT);
    int split = tool.indexOf("__", 5);
    if (split < 0) {
      return null;
    }
    for (String word : tool.substring(5, split).split("[_\\-.]")) {
      if (servers.contains(word)) {
        return new String[] {word, tool.substring(split + 2)};
      }
    }
    return null;
  }

  /** The MCP call's arguments as text, or empty. */
  static String arguments(Scan scan) {
    JsonNode args = scan.call() == null ? null : scan.call().args();
    String text = args == null ? "" : args.toString();
    return text.length() > MOST ? "" : text;
  }

  /** Whether the text says it is a dry run, a preview, a validation or a test. */
  static boolean rehearsal(String text) {
    return PatternLiterals.finds(REHEARSAL, text);
  }

  private static final java.util.regex.Pattern REHEARSAL =
      java.util.regex.Pattern.compile(
          "(?i)--(?:dry-?run|preview|validate(?:-only)?|simulate|plan-only|what-?if|noop|sandbox|"
              + "test(?:-mode)?|help)"
              + "\\b|\\bdry_?run[\"']?\\s*[:=]\\s*[\"']?true|--env[= ](?:dev|test|sandbox|local)");
}
