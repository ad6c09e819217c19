package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the book's {@code plant.*} rules ask in code (issue 80, decision 139): a plant's controllers
 * stopped or their logic replaced, safety functions bypassed, the limits of robots and aircraft
 * loosened, vehicles commanded, historians and batch records erased or falsified, and commands to
 * the plant by indirection (a capture replayed, a client's certificate trusted).
 *
 * <p>The plant is what a call reaches that is not this machine: an address or a host that is not
 * loopback, a serial line, a listening port open to every address. A simulator is this machine's:
 * {@code 127.0.0.1}, {@code localhost}, SITL, a name saying {@code sim}. Every predicate reads the
 * program's words, its inline code and its here-documents; none reads the disk.
 *
 * <p>This class registers the names and holds what they share; the knowledge is {@link
 * PlantControllers}' (controllers, their logic, their firmware), {@link PlantVehicles}' (robots,
 * fleets, aircraft), {@link PlantSafety}'s (safety functions, limits, trust) and {@link
 * PlantRecords}' (historians, batch records, signatures).
 */
final class PlantPredicates {
  private PlantPredicates() {}

  /** Adds the predicates of the whole call under their names. */
  static void addCallsTo(Map<String, Where.CallPredicate> named) {
    named.put("plant-tool-moves-vehicle", PlantVehicles::toolMoves);
    named.put("plant-tool-writes-controller", PlantControllers::toolWrites);
    named.put(
        "plant-tool-downloads-to-device", DeviceDownloads.SENT.around(DeviceDownloads::found));
    named.put("plant-fetch-writes-tag", PlantPredicates::fetchWritesTag);
    named.put("plant-fetch-erases-history", PlantRecords::fetchErases);
    named.put("plant-edit-forces-safety", PlantSafety::editForcesSafety);
    named.put("plant-edit-loosens-limits", PlantSafety::editLoosensLimits);
  }

  /** A fetch tool's GET of a SCADA's tag write on the site's network, with its value. */
  private static String fetchWritesTag(Scan scan) {
    String url = FetchActs.fetchedUrl(scan);
    String found = url == null ? null : FetchWrites.found(url);
    return found != null && FetchWrites.tagWrite(found) && !simulated(url) ? found : null;
  }

  /** Adds the predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put("plant-controller-stopped", (scan, step, read) -> PlantControllers.stopped(step));
    named.put("plant-logic-replaced", (scan, step, read) -> PlantControllers.logicReplaced(step));
    named.put(
        "plant-flashed-over-air", (scan, step, read) -> PlantControllers.flashedOverAir(step));
    named.put("plant-ethercat-writes", (scan, step, read) -> PlantControllers.ethercatWrites(step));
    named.put(
        "plant-aircraft-safety-off", (scan, step, read) -> PlantVehicles.aircraftSafetyOff(step));
    named.put(
        "plant-ros-action-moves",
        (scan, step, read) -> PlantVehicles.rosActionMoves(step.args(), scan.source()));
    named.put("plant-vehicle-commanded", (scan, step, read) -> PlantVehicles.commanded(scan, step));
    named.put("plant-safety-bypassed", (scan, step, read) -> PlantSafety.bypassed(scan, step));
    named.put("plant-limits-loosened", (scan, step, read) -> PlantSafety.limitsLoosened(step));
    named.put("plant-trust-granted", (scan, step, read) -> PlantSafety.trustGranted(step));
    named.put("plant-traffic-replayed", (scan, step, read) -> PlantSafety.trafficReplayed(step));
    named.put("plant-history-erased", (scan, step, read) -> PlantRecords.historyErased(step));
    named.put(
        "plant-quality-rest-rewritten", (scan, step, read) -> PlantRecords.restRewrites(step));
    named.put("plant-scada-tag-write", (scan, step, read) -> PlantControllers.scadaTagWrite(step));
    named.put(
        "plant-signs-as",
        PredicateGate.LONG_OPTION.around(
            PlantRecords.SIGNS_AS_NAMED.around(
                (scan, step, read) -> PlantRecords.signsAs(step.args()))));
    named.put(
        "plant-quality-rows-rewritten", (scan, step, read) -> PlantRecords.rowsRewritten(step));
  }

  private static final int MOST = 64 * 1024;

  /** What the plant's predicates read of a program ({@link ProgramText#of}). */
  static String text(Step step) {
    return ProgramText.of(step);
  }

  private static final Pattern IPV4 = Pattern.compile("(?<![\\d.])\\d{1,3}(?:\\.\\d{1,3}){3}");

  private static final Pattern HOSTS =
      Pattern.compile(
          "(?i)(?:\\b[a-z][a-z0-9+.-]*://|\\b(?:tcp|udp|udpin|udpout|tcpin|serial):|[\\w.-]+@)"
              + "\\[?([a-z0-9][a-z0-9_.-]*)");

  /** A host's name standing alone, in a domain a site's network uses. */
  private static final Pattern NAMED_HOSTS =
      Pattern.compile(
          "(?i)(?<![\\w./$-])[a-z0-9][a-z0-9-]*(?:\\.[a-z0-9-]+)*\\.(?:local|lan|internal|intranet"
              + "|corp|home|plant|site|factory|mill|works|com|net|org|io)(?![\\w.-])");

  private static final Pattern SERIAL =
      Pattern.compile("/dev/(?:tty(?:USB|ACM|S|AMA|THS)\\d|serial/|rfcomm)|\\bCOM\\d+\\b");

  /**
   * Whether the text reaches the plant: an address or a URL's, a link's or an account's host that
   * is not this machine, or a serial line; {@code 0.0.0.0}, every address a listener takes, is the
   * plant too (an aircraft's telemetry arrives there).
   */
  static boolean reachesPlant(String text) {
    if (text.isEmpty()) {
      return false;
    }
    Matcher address = IPV4.matcher(text);
    while (address.find()) {
      if (!address.group().startsWith("127.")) {
        return true;
      }
    }
    Matcher host = HOSTS.matcher(text);
    while (host.find()) {
      String name = host.group(1).toLowerCase(Locale.ROOT);
      if (name.indexOf('.') > 0 && !PatternLiterals.matches(IPV4, name) && !local(name)) {
        return true; // historian01.plant.local, amr-07.plant.local
      }
      if (name.indexOf('.') < 0 && !local(name) && host.group().contains("@")) {
        return true; // ops@scada-gw01
      }
    }
    Matcher named = NAMED_HOSTS.matcher(text);
    while (named.find()) {
      if (!local(named.group().toLowerCase(Locale.ROOT))) {
        return true; // LogixDriver('plc-paint.plant.local'), -h mes-db.plant.local
      }
    }
    return PatternLiterals.finds(SERIAL, text) || PatternLiterals.finds(PLACEHOLDER, text);
  }

  /** A link whose host is filled in later: xargs' {@code {}}, a variable. */
  private static final Pattern PLACEHOLDER =
      Pattern.compile(
          "(?i)\\b(?:tcp|udp|udpin|udpout|tcpin):(?://)?(?:\\{\\}|\\$)|://(?:\\{\\}|\\$\\{?\\w*HOST)");

  /** Whether a host is this machine's or a simulator's. */
  static boolean local(String host) {
    return host.equals("localhost")
        || host.startsWith("127.")
        || host.equals("::1")
        || host.endsWith(".localhost")
        || Environments.localHost(host);
  }

  private static final Pattern SIMULATED =
      Pattern.compile(
          "(?i)(?<![a-z])(?:sitl|sim|simulat\\w*|gazebo|gz_\\w+|ursim|webots|isaac_sim|"
              + "use_sim_time|mock|fake_hardware|plcsim|openplc-sim|modbus-sim)(?![a-z])");

  /** Whether the text says it drives a simulator: SITL, Gazebo, URSim, use_sim_time, a mock. */
  static boolean simulated(String text) {
    return PatternLiterals.finds(SIMULATED, text);
  }

  /** Whether the text reaches the plant and says nothing of a simulator. */
  static boolean live(String text) {
    return reachesPlant(text) && !simulated(text);
  }

  /**
   * The arguments of an MCP tool's call, as text, when its server's name has one of these words
   * ({@code mcp__ros2__…}, {@code mcp__plant-opcua__…}), its own name matches the verbs and the
   * arguments name no simulator; otherwise {@code null}.
   */
  static String toolArguments(Scan scan, java.util.Set<String> servers, Pattern verbs) {
    CallForRules call = scan.call();
    if (call == null || !call.tool().startsWith("mcp__")) {
      return null;
    }
    String tool = call.tool();
    int split = tool.indexOf("__", 5);
    if (split < 0 || !verbs.matcher(tool.substring(split + 2)).matches()) {
      return null;
    }
    boolean named = false;
    for (String word : tool.substring(5, split).toLowerCase(Locale.ROOT).split("[_\\-.]")) {
      named |= servers.contains(word);
    }
    String text = call.args() == null ? "" : call.args().toString();
    return !named || text.length() > MOST || simulated(text) ? null : text;
  }

  /** The positionals of a program, options and the values of {@code valued} aside. */
  static List<String> positionals(List<Word> args, java.util.Set<String> valued) {
    return HardwarePredicates.positionals(args, valued);
  }
}
