package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A home's devices and safety acted on through its hub (session 16, round 73's home lab): Home
 * Assistant's services by a hub's MCP tool ({@code domain}, {@code service}, the entity in {@code
 * service_data} or {@code target}; its intents {@code HassTurnOff}, which unlocks a lock), by
 * {@code hass-cli service call} or by its REST API ({@code /api/services/<domain>/<service>}), and
 * openHAB's items sent a command ({@code POST /rest/items/<item>}). What lets people in (a lock
 * opened, an alarm disarmed, a garage door or a gate opened) is {@code hardware.home-opened}'s;
 * what takes the house's safety away (the heating or a water heater turned off, a frost, smoke,
 * leak or alarm automation turned off, a freezer's or a sump pump's switch cut) is {@code
 * hardware.home-safety-off}'s. Lights, media, scenes, reads and a lock locked are ordinary.
 * Registered by {@link HousePredicates}.
 */
final class HomeServiceCalls {
  private HomeServiceCalls() {}

  /** What a service call does to the house. */
  enum Act {
    /** A lock opened, an alarm disarmed, a garage door or a gate opened. */
    LETS_IN,
    /** The heating, a safety automation or a safety appliance turned off. */
    SAFETY_OFF
  }

  /** An entity's words that say it keeps the house safe: frost, smoke, leaks, alarms, heat. */
  private static final Pattern SAFETY =
      Pattern.compile(
          "frost|freez|frozen|smoke|fire|leak|flood|alarm|carbon|co2?_|gas_|heating|heater|boiler"
              + "|heat_pump|furnace|fridge|refrigerator|sump|security|safety|burglar|intrusion"
              + "|panic|heizung|rauch|wasser|leck|brand|gefrier|kühl");

  /** An entity's words that say it is a way into the house. */
  private static final Pattern WAY_IN = Pattern.compile("garage|gate|door|tor_|tür|portal");

  /** A hub's domains whose services the house's safety hangs on. */
  private static final Pattern ENTITY =
      Pattern.compile(
          "\\b(lock|alarm_control_panel|cover|climate|water_heater|automation|switch|input_boolean)"
              + "\\.[a-z0-9_]+");

  private static final Pattern HVAC_OFF =
      Pattern.compile("(hvac_mode|operation_mode|state)[\"']?\\s*[:=]\\s*[\"']?off\\b");

  private static final Set<String> TURNS_OFF = NameSet.of("turn_off", "toggle");

  /** Programs that send a request to a hub's REST API. */
  private static final Set<String> REQUESTERS =
      NameSet.of("curl", "wget", "http", "https", "xh", "curlie");

  /** The programs {@link #ofStep} finds an act of: the hub's CLI and the requesters. */
  static final Set<String> PROGRAMS =
      NameSet.of("hass-cli", "curl", "wget", "http", "https", "xh", "curlie");

  /**
   * What a hub's service does to the house, or {@code null}.
   *
   * @param domain the service's domain ({@code lock}), or the empty string when it is the entity's
   * @param service the service ({@code unlock})
   * @param data the call's data, lower case: the entity, the mode
   */
  static Act ofService(String domain, String service, String data) {
    String d = domain.toLowerCase(Locale.ROOT);
    String s = service.toLowerCase(Locale.ROOT);
    if (d.isEmpty() || d.equals("homeassistant")) {
      Matcher entity = ENTITY.matcher(data);
      d = entity.find() ? entity.group(1) : d; // homeassistant.turn_off of lock.front_door
    }
    return switch (d) {
      case "lock" ->
          s.equals("unlock") || s.equals("open") || s.equals("turn_off") ? Act.LETS_IN : null;
      case "alarm_control_panel" ->
          s.startsWith("alarm_disarm") || s.equals("turn_off") ? Act.LETS_IN : null;
      case "cover" ->
          (s.equals("open_cover") || s.equals("toggle") || s.equals("turn_on"))
                  && WAY_IN.matcher(data).find()
              ? Act.LETS_IN
              : null;
      case "climate", "water_heater" ->
          s.equals("turn_off") || HVAC_OFF.matcher(data).find() ? Act.SAFETY_OFF : null;
      case "automation", "switch", "input_boolean" ->
          TURNS_OFF.contains(s) && SAFETY.matcher(data).find() ? Act.SAFETY_OFF : null;
      default -> null;
    };
  }

  /**
   * What a hub's tool does to the house, or {@code null}: a tool of a Home Assistant, openHAB or
   * Homey server, or any tool named {@code call_service}, given a domain and a service.
   */
  static Act ofTool(String tool, JsonNode args) {
    String name = tool.toLowerCase(Locale.ROOT);
    boolean hub =
        name.contains("call_service")
            || name.contains("hass")
            || name.contains("homeassistant")
            || name.contains("home_assistant")
            || name.contains("home-assistant")
            || name.contains("openhab")
            || name.contains("homey");
    if (!hub || args == null || !args.isObject()) {
      return null;
    }
    String data = args.toString().toLowerCase(Locale.ROOT);
    if (data.length() > 8192) {
      return null;
    }
    String domain = first(args.get("domain"));
    String service = first(args.get("service"));
    if (name.endsWith("hassturnoff")) {
      service = "turn_off"; // Home Assistant's intent: a lock turned off is unlocked
    } else if (name.endsWith("hassturnon")) {
      service = "turn_on";
    }
    int dot = service.indexOf('.');
    if (domain.isEmpty() && dot > 0) {
      domain = service.substring(0, dot); // "service": "lock.unlock"
      service = service.substring(dot + 1);
    }
    return service.isEmpty() ? null : ofService(domain, service, data);
  }

  private static String first(JsonNode node) {
    if (node == null) {
      return "";
    }
    JsonNode one = node.isArray() && !node.isEmpty() ? node.get(0) : node;
    return one.isTextual() ? one.asText() : "";
  }

  /**
   * What a program does to the house through a hub, or {@code null}: {@code hass-cli service call
   * lock.unlock}, a request to {@code /api/services/<domain>/<service>}, or a command sent to an
   * openHAB item.
   */
  static Act ofStep(Step step) {
    List<Word> args = step.args();
    String data = joined(args);
    if (data == null) {
      return null;
    }
    String program = step.program();
    if (program.equals("hass-cli")) {
      for (int i = 0; i + 2 < args.size(); i++) {
        if (args.get(i).text().equals("service") && args.get(i + 1).text().equals("call")) {
          String named = args.get(i + 2).text();
          int dot = named.indexOf('.');
          return dot > 0
              ? ofService(named.substring(0, dot), named.substring(dot + 1), data)
              : null;
        }
      }
      return null;
    }
    if (!REQUESTERS.contains(program)) {
      return null;
    }
    int at = data.indexOf("/api/services/");
    if (at >= 0) {
      String[] parts = data.substring(at + "/api/services/".length()).split("[/?\\s\"']", 3);
      return parts.length >= 2 ? ofService(parts[0], parts[1], data) : null;
    }
    return openHabItem(args);
  }

  /** An openHAB item sent a command that lets people in or turns a safety off. */
  private static Act openHabItem(List<Word> args) {
    String item = null;
    String command = null;
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      int at = text.indexOf("/rest/items/");
      if (at >= 0) {
        item = text.substring(at + "/rest/items/".length()).toLowerCase(Locale.ROOT);
      } else if (text.startsWith("--data") || text.equals("-d")) {
        command = i + 1 < args.size() ? args.get(i + 1).text().toUpperCase(Locale.ROOT) : null;
      }
    }
    if (item == null || command == null || item.contains("/")) {
      return null; // /rest/items/X/state is a read's place
    }
    boolean lightish = item.contains("light") || item.contains("lamp") || item.contains("licht");
    boolean off = command.equals("OFF");
    if (!lightish
        && (item.contains("lock") || item.contains("alarm") || WAY_IN.matcher(item).find())
        && (off || command.equals("UNLOCK") || command.equals("OPEN") || command.equals("UP"))) {
      return Act.LETS_IN;
    }
    return !lightish && off && SAFETY.matcher(item).find() ? Act.SAFETY_OFF : null;
  }

  private static String joined(List<Word> args) {
    StringBuilder all = new StringBuilder();
    for (Word word : args) {
      all.append(word.text()).append(' ');
      if (all.length() > 8192) {
        return null;
      }
    }
    return all.toString().toLowerCase(Locale.ROOT);
  }
}
