package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What is sent on a bus or over the air, as {@code hardware.actuates} and {@code
 * hardware.set-point} read it (decision 100): a CAN bus flooded or commanded, an I²C register
 * written, a radio transmitting, a robot moved through ROS. A virtual bus ({@code vcan*}) and a
 * radio receiving are this machine's work. Registered by {@link HardwarePredicates}.
 */
final class HardwareBuses {
  private HardwareBuses() {}

  /** Programs that transmit from a software radio, or make a Pi's GPIO one. */
  private static final Set<String> TRANSMITTERS =
      NameSet.of(
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
      NameSet.of("-g", "-I", "-D", "-L", "-n", "-p", "-c", "-e", "-i", "-l", "-t");

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
   * Whether inline code writes a register over I²C or SMBus: {@code bus.write_byte_data(0x6b, 0x04,
   * 0xfe)} with smbus, smbus2 or periphery.
   */
  static boolean codeWritesI2c(Step step) {
    String code = InterpreterCode.of(step);
    return code != null
        && code.length() < 64 * 1024
        && (code.contains("smbus") || code.contains("periphery") || code.contains("I2C("))
        && (code.contains("write_byte")
            || code.contains("write_word")
            || code.contains("write_i2c")
            || code.contains("write_block")
            || code.contains(".transfer("));
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

  /**
   * Whether inline code sends frames with python-can on a bus that is not virtual: {@code
   * can.interface.Bus(channel='can0', …).send(…)}; {@code vcan0} and python-can's {@code virtual}
   * interface are this machine's.
   */
  static boolean codeSendsCan(Step step) {
    String code = InterpreterCode.of(step);
    return code != null
        && code.length() < 64 * 1024
        && (code.contains("can.interface.Bus") || code.contains("can.Bus("))
        && code.contains(".send(")
        && !code.contains("vcan")
        && !code.contains("'virtual'")
        && !code.contains("\"virtual\"");
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
    if (program.equals("iio_writedev")) {
      for (Word word : args) {
        String text = word.text();
        if (text.contains("dds") || text.contains("tx") || text.contains("TX")) {
          return true; // iio_writedev cf-ad9361-dds-core-lpc < tx.bin: a Pluto transmitting
        }
      }
      return false;
    }
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

  /** ROS 2's discovery kept to this machine: the message reaches no robot on the network. */
  private static final Pattern ROS_LOCAL_ONLY =
      Pattern.compile("\\bROS_(?:LOCALHOST_ONLY=1|AUTOMATIC_DISCOVERY_RANGE=(?:LOCALHOST|OFF))\\b");

  /**
   * Whether the call keeps ROS 2's discovery on this machine ({@code ROS_LOCALHOST_ONLY=1 ros2
   * topic pub …}, a simulator on the laptop): a robot elsewhere never hears it. A robot whose own
   * computer runs the agent still would; the guard cannot tell that machine from a laptop.
   */
  static boolean rosLocalOnly(String source) {
    return source != null && PatternLiterals.finds(ROS_LOCAL_ONLY, source);
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
}
