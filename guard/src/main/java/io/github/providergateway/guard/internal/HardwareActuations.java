package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What moves the physical world, as {@code hardware.actuates} and {@code hardware.set-point} read
 * it (decision 100): a PLC or field device stopped or written, a CAN bus commanded, a radio
 * transmitting, a door or an alarm, a modem cut, a robot moved through ROS. The lab's device is a
 * host that is not this machine; a simulator is loopback, {@code vcan*}. Registered by {@link
 * HardwarePredicates}.
 */
final class HardwareActuations {
  private HardwareActuations() {}

  /** The ports of controllers that move things: Modbus, S7, EtherNet/IP, DNP3, BACnet, UR's. */
  private static final Set<String> CONTROLLER_PORTS =
      Set.of("502", "102", "44818", "20000", "47808", "29999", "30001", "30002", "30003");

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
          ".write('",
          "set_value(",
          "brake release",
          "unlock protective stop");

  /** The libraries whose writes those are: a PLC's, Modbus', OPC UA's, a robot's. */
  private static final List<String> CONTROLLER_LIBRARIES =
      List.of(
          "snap7", "modbus", "Modbus", "opcua", "asyncua", "pycomm3", "pylogix", "cpppo", "BAC0",
          "nodes7", "rtde", "urx", "29999", "30002");

  /** Words of a project's controller script's name. */
  private static final List<String> CONTROLLER_NAMES =
      List.of("plc", "modbus", "snap7", "s7", "robot", "scada", "hvac", "bacnet", "opcua", "cnc");

  /** Verbs a controller script is handed that move or stop the world. */
  private static final Set<String> CONTROLLER_VERBS =
      Set.of(
          "stop", "start", "run", "halt", "write", "set", "move", "release", "unlock", "open",
          "trip", "disarm", "estop", "reset");

  /** Programs that transmit from a software radio, or make a Pi's GPIO one. */
  private static final Set<String> TRANSMITTERS =
      Set.of(
          "rpitx",
          "sendiq",
          "tune",
          "pifm",
          "pichirp",
          "pocsag",
          "sendook",
          "fm_transmitter",
          "pifmrds",
          "uhd_siggen",
          "uhd_siggen_gui",
          "limesdr_send",
          "fl2k_file",
          "tx_sdr",
          "hackrf_tx");

  /** Inline code's radio sinks: GNU Radio's and its kin's. */
  private static final List<String> RADIO_SINKS =
      List.of(
          "osmosdr.sink",
          "uhd.usrp_sink",
          "soapy.sink",
          "iio.pluto_sink",
          "limesdr.sink",
          "RFxmit",
          "writeStream(");

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
          && OtherHosts.has(code, CONTROLLER_WRITES)
          && !onlyLoopback(code);
    }
    return controllerScript(step);
  }

  /** mbpoll's options that take a value. */
  private static final Set<String> MBPOLL_VALUES =
      Set.of("-m", "-a", "-r", "-c", "-t", "-l", "-o", "-p", "-b", "-d", "-s", "-P", "-u");

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

  /**
   * Whether cangen floods a real bus (no gap between frames, {@code -g 0}); a virtual one ({@code
   * vcan0}) is this machine's.
   */
  static boolean canFloods(Step step) {
    List<Word> args = step.args();
    if (!realCan(args)) {
      return false;
    }
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if (text.equals("-g") && i + 1 < args.size()) {
        String gap = args.get(i + 1).text();
        if (gap.equals("0") || gap.equals("0.0") || gap.equals("0.")) {
          return true;
        }
      }
      if (text.equals("-g0")) {
        return true;
      }
    }
    return false;
  }

  /** Whether a frame is sent or replayed on a real CAN bus (cansend, cangen, canplayer). */
  static boolean canSends(Step step) {
    List<Word> args = step.args();
    if (step.program().equals("canplayer")) {
      for (Word word : args) {
        String text = word.text();
        if (text.contains("=") && !text.startsWith("-")) {
          String to = text.substring(0, text.indexOf('='));
          if (!virtualCan(to)) {
            return true;
          }
        }
      }
      return false;
    }
    return realCan(args);
  }

  /** can-utils' options that take a value, read past to find the interface. */
  private static final Set<String> CAN_VALUES =
      Set.of("-g", "-I", "-D", "-L", "-n", "-p", "-c", "-e", "-i", "-l", "-t");

  private static boolean realCan(List<Word> args) {
    List<String> positionals = HardwarePredicates.positionals(args, CAN_VALUES);
    if (positionals.isEmpty()) {
      return false;
    }
    String name = positionals.get(0);
    return !virtualCan(name)
        && (name.startsWith("can") || name.startsWith("slcan") || name.startsWith("$"));
  }

  /**
   * Whether cansend sends a CANopen NMT command (identifier 0) on a real bus: every node on it
   * started, stopped or reset at once.
   */
  static boolean canNmt(List<Word> args) {
    List<String> positionals = HardwarePredicates.positionals(args, CAN_VALUES);
    return realCan(args)
        && positionals.size() >= 2
        && (positionals.get(1).startsWith("000#") || positionals.get(1).startsWith("0#"));
  }

  /** Whether i2ctransfer's messages write: {@code w2@0x50 0x00 0x10}. */
  static boolean i2cTransferWrites(List<Word> args) {
    for (Word word : args) {
      String text = word.text();
      int at = text.indexOf('@');
      if (text.length() > 1 && text.charAt(0) == 'w' && at > 1) {
        String length = text.substring(1, at);
        if (!length.equals("1") && !length.equals("0")) {
          return true; // w1@0x40 0x00 r2: a register's address, then its value read
        }
      }
    }
    return false;
  }

  private static boolean virtualCan(String name) {
    return name.startsWith("vcan") || name.startsWith("vxcan");
  }

  /**
   * Whether a software radio transmits: hackrf_transfer's {@code -t} or {@code -c}, rpitx's
   * programs, a GNU Radio sink in inline code.
   */
  static boolean radioTransmits(Step step) {
    String program = step.program();
    List<Word> args = step.args();
    if (program.equals("hackrf_transfer")) {
      return HardwarePredicates.has(args, "-t") || HardwarePredicates.has(args, "-c");
    }
    if (program.equals("bladeRF-cli") || program.equals("echo") || program.equals("printf")) {
      for (Word word : args) {
        String text = word.text();
        if (text.length() < 4096
            && (text.contains("subghz tx")
                || program.equals("bladeRF-cli")
                    && (text.contains("tx start") || text.contains("tx config")))) {
          return true; // bladeRF-cli -e 'tx config …; tx start', a Flipper's subghz tx
        }
      }
      return false;
    }
    if (TRANSMITTERS.contains(program) || program.equals("./sendiq") || program.equals("./rpitx")) {
      return !HardwarePredicates.has(args, "--help") && !HardwarePredicates.has(args, "-h");
    }
    String code = InterpreterCode.of(step);
    return code != null && OtherHosts.has(code, RADIO_SINKS);
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
        if (topic.contains("door") || topic.contains("lock") || topic.contains("gate")) {
          for (Word word : args) {
            String message = word.text().toLowerCase(Locale.ROOT);
            if (message.length() < 2048 && message.contains("unlock")) {
              return true; // zigbee2mqtt/front_door/set {"state":"UNLOCK"}
            }
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

  /**
   * Whether ROS is told to move a robot or release it: a publish on a motion topic ({@code
   * cmd_vel}, a joint trajectory, a gripper), a safety service called (brakes, protective stop,
   * motors enabled). A simulator's topic ({@code turtle1/cmd_vel}, a {@code sim} namespace) is not;
   * ROS's commands name no host, so a robot on the same network is told apart no further.
   */
  static boolean rosMoves(List<Word> args) {
    if (args.size() < 3) {
      return false;
    }
    String noun = args.get(0).text();
    String verb = args.get(1).text();
    boolean publish = (noun.equals("topic") || noun.equals("pub")) && verb.equals("pub");
    boolean call = noun.equals("service") && verb.equals("call");
    if (!publish && !call) {
      // rostopic pub /cmd_vel …: ROS 1's tool, its noun the program
      publish = noun.equals("pub");
    }
    if (!publish && !call) {
      return false;
    }
    String name = null;
    for (int i = noun.equals("pub") ? 1 : 2; i < args.size(); i++) {
      String text = args.get(i).text();
      if (!text.startsWith("-") && !text.isEmpty() && !Character.isDigit(text.charAt(0))) {
        name = text.toLowerCase(Locale.ROOT); // not -r 10's rate
        break;
      }
    }
    if (name == null || name.length() > 300 || name.contains("turtle") || name.contains("sim")) {
      return false;
    }
    List<String> parts = publish ? ROS_MOTION : ROS_SAFETY;
    for (String part : parts) {
      if (name.contains(part)) {
        return true;
      }
    }
    return false;
  }

  /** ROS topics that move a robot. */
  private static final List<String> ROS_MOTION =
      List.of(
          "cmd_vel",
          "joint_trajectory",
          "follow_joint_trajectory",
          "joint_command",
          "servo",
          "gripper",
          "twist",
          "velocity_controller",
          "position_controller",
          "speedj",
          "urscript");

  /** ROS services that release a robot or let it move. */
  private static final List<String> ROS_SAFETY =
      List.of(
          "brake",
          "unlock",
          "protective",
          "estop",
          "e_stop",
          "power_on",
          "enable_motors",
          "release",
          "resend_robot_program");

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
