package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What moves the physical world, as {@code hardware.actuates} and {@code hardware.set-point} read
 * it (decision 100): a PLC, a robot's controller or a field device stopped, moved or written (its
 * library, its port, its CLI, its HTTP API, a project's script), a door or an alarm, a modem cut
 * ({@link HardwareBuses} has the buses and radios). The lab's device is a host that is not this
 * machine; a simulator is loopback, {@code vcan*}. Registered by {@link HardwarePredicates}.
 */
final class HardwareActuations {
  private HardwareActuations() {}

  /** The ports of controllers that move things: Modbus, S7, EtherNet/IP, DNP3, BACnet, UR's. */
  private static final Set<String> CONTROLLER_PORTS =
      NameSet.of("502", "102", "44818", "20000", "47808", "29999", "30001", "30002", "30003");

  /** Library calls that stop, start or write a PLC or a field device. */
  private static final List<String> CONTROLLER_WRITES =
      List.of(
          "plc_stop",
          "plc_cold_start",
          "plc_hot_start",
          "write_area",
          "db_write",
          "mb_write",
          "eb_write",
          "ab_write",
          "write_multi_vars",
          "write_coil",
          "write_register",
          "write_single_coil",
          "write_single_register",
          "write_multiple_coils",
          "write_multiple_registers",
          "writeCoil",
          "writeRegister",
          "writeMultiple",
          "write_value",
          "writeItems",
          "moveJ(",
          "moveL(",
          "speedJ(",
          "servoJ(",
          "movej(",
          "movel(",
          "brakeRelease",
          "unlockProtectiveStop",
          "powerOn(",
          ".write('",
          "set_value(",
          "brake release",
          "unlock protective stop",
          // decision 139: pycomm3's and pylogix' tag writes, KukaVarProxy's, node-opcua's, IEC
          // 104's
          ".write(('",
          ".write((\"",
          ".Write(",
          ".write(\"$",
          ".write('$",
          ".transmit(",
          "writeSingleNode(",
          "session.write(",
          "s.write({",
          "writeVar(",
          "write_by_name(",
          "writeByName(",
          "DirectOperate",
          "SelectAndOperate",
          "send_direct_operate_command",
          "send_select_and_operate_command",
          "ControlObjectClient_operate",
          ".operate(");

  /** The libraries whose writes those are: a PLC's, Modbus', OPC UA's, a robot's. */
  private static final List<String> CONTROLLER_LIBRARIES =
      List.of(
          "snap7",
          "modbus",
          "Modbus",
          "opcua",
          "asyncua",
          "pycomm3",
          "pylogix",
          "cpppo",
          "BAC0",
          "nodes7",
          "rtde",
          "urx",
          "29999",
          "30002",
          "openshowvar",
          "c104",
          "pyads",
          "ads-client",
          "node-opcua",
          "iec104",
          "dnp3",
          "iec61850",
          "minimalmodbus");

  /** Words of a project's controller script's name. */
  private static final List<String> CONTROLLER_NAMES =
      List.of("plc", "modbus", "snap7", "s7", "robot", "scada", "hvac", "bacnet", "opcua", "cnc");

  /** Verbs a controller script is handed that move or stop the world. */
  private static final Set<String> CONTROLLER_VERBS =
      NameSet.of(
          "stop", "start", "run", "halt", "write", "set", "move", "release", "unlock", "open",
          "trip", "disarm", "estop", "reset");

  /** Home automation's services that let people in: an alarm disarmed, a lock or a door opened. */
  private static final List<String> UNLOCKS =
      List.of(
          "alarm_disarm",
          "lock.unlock",
          "lock/unlock",
          "lock.open",
          "lock/open",
          "cover.open_cover",
          "cover/open_cover");

  /** AT commands that cut a modem's radio or lock its SIM: the field unit's only link gone. */
  private static final List<String> MODEM_OFF =
      List.of("AT+CFUN=0", "AT+CFUN=4", "AT+CLCK=\"SC\",1", "AT+CLCK=SC,1", "AT+CPWD");

  private static final Pattern IPV4 = Pattern.compile("\\b\\d{1,3}(?:\\.\\d{1,3}){3}\\b");

  /**
   * Whether a PLC or a field device is stopped, started or written, away from this machine: its
   * library's write in inline code, a controller's port sent raw bytes, Modbus' command-line
   * writers handed values, a project's controller script told a verb.
   */
  static boolean controllerActs(Step step) {
    for (Redirect redirect : step.invocation().redirects()) {
      String target = redirect.target().text();
      if (redirect.writes() && (target.startsWith("/dev/tcp/") || target.startsWith("/dev/udp/"))) {
        String[] parts = target.split("/");
        if (parts.length >= 5
            && CONTROLLER_PORTS.contains(parts[4])
            && !HardwarePredicates.loopbackOrLocal(parts[3])) {
          return true; // printf '\x00\x01…' > /dev/tcp/10.20.0.10/502
        }
      }
    }
    String program = step.program();
    List<Word> args = step.args();
    switch (program) {
      case "nc", "ncat", "netcat", "socat", "telnet" -> {
        return sendsToPort(step, CONTROLLER_PORTS);
      }
      case "mbpoll", "modpoll" -> {
        List<String> positionals = HardwarePredicates.positionals(args, MBPOLL_VALUES);
        return positionals.size() >= 2 && !HardwarePredicates.loopbackOrLocal(positionals.get(0));
      }
      case "bacrd", "bacdcc" -> {
        return HardwarePredicates.positionals(args).size() >= 2;
      }
      case "modbus" -> {
        // modbus-cli: modbus write 10.20.0.10 %M100 1
        List<String> positionals = HardwarePredicates.positionals(args);
        return positionals.size() >= 3
            && positionals.get(0).equals("write")
            && !HardwarePredicates.loopbackOrLocal(positionals.get(1));
      }
      case "curl", "wget", "http", "https", "xh" -> {
        return restActuates(args);
      }
      case "uawrite", "uacall" -> {
        for (Word word : args) {
          String text = word.text();
          int scheme = text.indexOf("opc.tcp://");
          if (scheme >= 0 && text.length() < 1000) {
            String host = text.substring(scheme + 10).split("[:/]", 2)[0];
            return !HardwarePredicates.loopbackOrLocal(host);
          }
        }
        return false; // python-opcua's default server: opc.tcp://localhost:4840
      }
      default -> {
        // handled below
      }
    }
    String code = InterpreterCode.of(step);
    if (code != null) {
      return code.length() < 64 * 1024
          && OtherHosts.has(code, CONTROLLER_LIBRARIES)
          && (OtherHosts.has(code, CONTROLLER_WRITES) || RegisterAssignments.in(code))
          && !onlyLoopback(code);
    }
    return controllerScript(step);
  }

  /** The parts of a URL's path that name a machine that moves. */
  private static final Set<String> MACHINES =
      NameSet.of(
          "plc",
          "robot",
          "robots",
          "arm",
          "conveyor",
          "motor",
          "motors",
          "valve",
          "valves",
          "pump",
          "pumps",
          "actuator",
          "actuators",
          "spindle",
          "cnc",
          "hvac",
          "boiler",
          "chiller",
          "elevator",
          "turbine",
          "breaker",
          "gripper",
          "axis",
          "axes",
          "crane",
          "press");

  /** The parts of a URL's path that tell a machine to move, stop or let go. */
  private static final Set<String> MACHINE_VERBS =
      NameSet.of(
          "stop",
          "start",
          "run",
          "halt",
          "release",
          "open",
          "close",
          "unlock",
          "trip",
          "write",
          "move",
          "jog",
          "home",
          "enable",
          "disable",
          "estop",
          "e-stop",
          "setpoint",
          "power-on",
          "poweron",
          "power_on",
          "reset");

  /**
   * Whether an HTTP request tells a machine on another host to move, stop or let go: a POST, PUT or
   * PATCH (or a body) to a URL whose path names a machine and a verb ({@code
   * http://10.20.0.10/api/plc/stop}, {@code /api/v1/robot/brake/release}).
   */
  static boolean restActuates(List<Word> args) {
    boolean writes = false;
    String url = null;
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if (text.equals("-X") || text.equals("--request")) {
        String method = i + 1 < args.size() ? args.get(i + 1).text() : "";
        writes |= method.equals("POST") || method.equals("PUT") || method.equals("PATCH");
      } else if (text.startsWith("-X") && text.length() > 2) {
        String method = text.substring(2);
        writes |= method.equals("POST") || method.equals("PUT") || method.equals("PATCH");
      } else if (text.equals("-d") || text.startsWith("--data") || text.equals("--json")) {
        writes = true;
      } else if (text.equals("POST") || text.equals("PUT") || text.equals("PATCH")) {
        writes = true; // httpie: http POST url
      } else if (text.contains("://") && url == null && text.length() < 2048) {
        url = text;
      }
    }
    if (!writes || url == null) {
      return false;
    }
    String host = Hosts.of(url);
    if (host == null || HardwarePredicates.loopbackOrLocal(host)) {
      return false;
    }
    int slash = url.indexOf('/', url.indexOf("://") + 3);
    if (slash < 0) {
      return false;
    }
    boolean machine = false;
    boolean verb = false;
    for (String part : url.substring(slash + 1).toLowerCase(Locale.ROOT).split("[/?&=#]")) {
      machine |= MACHINES.contains(part);
      verb |= MACHINE_VERBS.contains(part);
    }
    return machine && verb;
  }

  /** mbpoll's options that take a value. */
  private static final Set<String> MBPOLL_VALUES =
      NameSet.of("-m", "-a", "-r", "-c", "-t", "-l", "-o", "-p", "-b", "-d", "-s", "-P", "-u");

  private static boolean controllerScript(Step step) {
    List<Word> args = step.args();
    String script = null;
    int from = 0;
    String program = step.program();
    if (step.interpreter()) {
      for (int i = 0; i < args.size(); i++) {
        String text = args.get(i).text();
        if (!text.startsWith("-")) {
          script = text;
          from = i + 1;
          break;
        }
        if (text.equals("-m") || text.equals("-c")) {
          return false;
        }
      }
    } else if (program.endsWith(".py") || program.endsWith(".sh") || program.endsWith(".js")) {
      script = program;
    }
    if (script == null || script.length() > 300) {
      return false;
    }
    String name = script.substring(script.lastIndexOf('/') + 1).toLowerCase(Locale.ROOT);
    boolean controller = false;
    for (String part : name.split("[^a-z0-9]+")) {
      if (CONTROLLER_NAMES.contains(part)) {
        controller = true;
        break;
      }
    }
    if (!controller) {
      return false;
    }
    boolean verb = false;
    boolean local = false;
    for (int i = from; i < args.size(); i++) {
      String text = args.get(i).text();
      verb |= CONTROLLER_VERBS.contains(text.toLowerCase(Locale.ROOT));
      local |=
          HardwarePredicates.loopbackOrLocal(text)
              || text.equals("--sim")
              || text.equals("--simulator");
      local |= text.equals("--dry-run") || text.equals("--help") || text.equals("-h");
    }
    return verb && !local && HardwarePredicates.elsewhere(args.subList(from, args.size()));
  }

  /** Whether nc, socat or telnet sends to one of the ports on a host that is not this machine. */
  private static boolean sendsToPort(Step step, Set<String> ports) {
    List<Word> args = step.args();
    if (HardwarePredicates.has(args, "-z")
        || HardwarePredicates.has(args, "-zv")
        || HardwarePredicates.has(args, "-vz")
        || HardwarePredicates.has(args, "-l")) {
      return false; // a port checked, or a listener
    }
    if (step.program().equals("socat")) {
      for (Word word : args) {
        String text = word.text().toLowerCase(Locale.ROOT);
        if (text.startsWith("tcp") || text.startsWith("udp")) {
          String[] parts = text.split("[:,]");
          if (parts.length >= 3
              && ports.contains(parts[2])
              && !HardwarePredicates.loopbackOrLocal(parts[1])) {
            return true;
          }
        }
      }
      return false;
    }
    List<String> positionals =
        HardwarePredicates.positionals(args, Set.of("-q", "-w", "-i", "-p", "-s", "-e"));
    for (int i = 0; i + 1 < positionals.size(); i++) {
      if (ports.contains(positionals.get(i + 1))
          && !HardwarePredicates.loopbackOrLocal(positionals.get(i))) {
        return true;
      }
    }
    return false;
  }

  /** Whether an alarm is disarmed or a lock or a door opened through home automation. */
  static boolean unlocks(Step step) {
    List<Word> args = step.args();
    for (int i = 0; i < args.size(); i++) {
      String lower = args.get(i).text().toLowerCase(Locale.ROOT);
      if (lower.length() > 2048 || lower.indexOf(' ') >= 0) {
        continue; // a message's prose: "front door unlock event deployed"
      }
      if (lower.contains("unlock")
              && (lower.contains("door") || lower.contains("gate") || lower.contains("lock."))
          || lower.contains("disarm") && lower.contains("alarm")) {
        return true; // /api/v1/doors/12/unlock, alarm_control_panel/alarm_disarm
      }
      if ((lower.equals("-t") || lower.equals("--topic")) && i + 2 < args.size()) {
        String topic = args.get(i + 1).text().toLowerCase(Locale.ROOT);
        boolean door = topic.contains("door") || topic.contains("lock") || topic.contains("gate");
        boolean alarm = topic.contains("alarm");
        for (Word word : args) {
          String message = word.text().toLowerCase(Locale.ROOT);
          if (message.length() < 2048
              && (door && message.contains("unlock") || alarm && message.contains("disarm"))) {
            return true; // zigbee2mqtt/front_door/set {"state":"UNLOCK"}, home/alarm/set DISARM
          }
        }
      }
    }
    for (Word word : step.args()) {
      String text = word.text();
      if (text.length() < 4096) {
        for (String service : UNLOCKS) {
          int at = text.indexOf(service);
          if (at == 0 || at > 0 && !Character.isLetter(text.charAt(at - 1))) {
            return true;
          }
        }
      }
    }
    String code = InterpreterCode.of(step);
    return code != null && OtherHosts.has(code, UNLOCKS);
  }

  /** Whether a modem is told to turn its radio off or lock its SIM: echoed or written by code. */
  static boolean modemCut(Step step) {
    String code = InterpreterCode.of(step);
    if (code != null) {
      return OtherHosts.has(code, MODEM_OFF);
    }
    for (Word word : step.args()) {
      String text = word.text();
      if (text.length() < 4096) {
        for (String command : MODEM_OFF) {
          if (text.contains(command)) {
            return true;
          }
        }
      }
    }
    for (Redirect redirect : step.invocation().redirects()) {
      if (redirect.body() != null && OtherHosts.has(redirect.body(), MODEM_OFF)) {
        return true;
      }
    }
    return false;
  }

  /** Whether code names hosts and every one is this machine's: a simulator on 127.0.0.1. */
  private static boolean onlyLoopback(String code) {
    Matcher addresses = IPV4.matcher(code);
    boolean any = false;
    while (addresses.find()) {
      if (!addresses.group().startsWith("127.")) {
        return false;
      }
      any = true;
    }
    return any || code.contains("'localhost'") || code.contains("\"localhost\"");
  }
}
