package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What commands a robot, a fleet or an aircraft, as the {@code plant.aircraft-safety-off} and
 * {@code plant.vehicle-commanded} rules read it (decision 139): an aircraft's pre-arm checks,
 * geofence, failsafes, Remote ID or PX4's circuit breakers set off over MAVLink, an aircraft armed,
 * taken off or rebooted, recorded velocity commands replayed into a live ROS domain, a robot moved
 * through rosbridge or a ROS MCP server, a mobile robot's mission queue resumed through its REST
 * API. A vehicle on loopback, SITL or Gazebo is a simulator. Registered by {@link PlantPredicates}.
 */
final class PlantVehicles {
  private PlantVehicles() {}

  /** A MAVLink parameter set, in MAVProxy's words or pymavlink's, and its value. */
  private static final Pattern PARAM_SET =
      Pattern.compile(
          "(?i)(?:param\\s+set\\s+|param_set_send\\([^)]*?b?['\"]|set_parameter\\(\\s*['\"]|"
              + "parameters\\[\\s*['\"]|set_param_(?:int|float)\\(\\s*['\"])"
              + "([A-Z][A-Z0-9_]+)['\"]?(?:\\s*\\]\\s*=\\s*|[\\s,]+)(-?[0-9.]+)");

  /** MAVProxy's commands that take the geofence or the rally points away. */
  private static final Pattern FENCE_OFF =
      Pattern.compile("(?m)(?:^|[;\"'=]\\s*)(?:fence\\s+(?:disable|clear)|rally\\s+clear)\\b");

  /** Parameters that switch a safety function: off at 0. */
  private static final Pattern SWITCHES =
      Pattern.compile(
          "ARMING_CHECK|ARMING_REQUIRE|FENCE_ENABLE|FENCE_TYPE|FENCE_ACTION|DID_ENABLE|DID_OPTIONS|"
              + "FS_\\w*(?:ENABLE|ACTION|ACT)|BATT\\d?_FS_\\w+|BRD_SAFETY\\w*|GF_ACTION|NAV_RCL_ACT|"
              + "NAV_DLL_ACT|COM_\\w*_ACT|RTL_ALT\\w*|EK\\d_\\w*CHECK\\w*|AVD_ENABLE|OA_TYPE|"
              + "COM_ARM_\\w*CHECK\\w*|PRX\\d?_TYPE|SAFETY_\\w+|COM_DL_LOSS_T|COM_RC_LOSS_T");

  /** Parameters that loosen a check when set to anything but 0: PX4's circuit breakers. */
  private static final Pattern BREAKERS =
      Pattern.compile("CBRK_\\w+|COM_ARM_WO_GPS|COM_ARM_SWISBTN|COM_PREARM_MODE|ARMING_SKIPCHK");

  /** Parameters that raise an aircraft's speed, tilt or reach. */
  private static final Pattern LIMITS =
      Pattern.compile(
          "WPNAV_SPEED\\w*|WPNAV_ACCEL\\w*|LOIT_SPEED|PILOT_SPEED_\\w+|ANGLE_MAX|FENCE_ALT_MAX|"
              + "FENCE_RADIUS|MPC_\\w*VEL_MAX\\w*|MPC_TILTMAX\\w*|GF_MAX_\\w+|RTL_SPEED|"
              + "WP_SPEED\\w*|CRUISE_SPEED|Q_WP_SPEED\\w*|LAND_SPEED\\w*");

  /**
   * Whether a real aircraft's safety function or limit is set off or raised over MAVLink: pre-arm
   * checks, geofence, failsafes, Remote ID at 0, a circuit breaker set, a speed, a tilt or the
   * fence's reach changed; by MAVProxy's command, pymavlink's or MAVSDK's code.
   */
  static boolean aircraftSafetyOff(Step step) {
    String program = step.program();
    if (!program.startsWith("mavproxy")
        && !program.startsWith("python")
        && !program.equals("node")
        && !program.equals("mavlink_shell.py")) {
      return false;
    }
    String all = PlantPredicates.text(step);
    if (!aircraftLink(all)) {
      return false;
    }
    if (PatternLiterals.finds(FENCE_OFF, all)) {
      return true;
    }
    Matcher set = PARAM_SET.matcher(all);
    while (set.find()) {
      String name = set.group(1).toUpperCase(Locale.ROOT);
      double value;
      try {
        value = Double.parseDouble(set.group(2));
      } catch (NumberFormatException e) {
        continue;
      }
      if (PatternLiterals.matches(SWITCHES, name) && value == 0
          || PatternLiterals.matches(BREAKERS, name) && value != 0
          || PatternLiterals.matches(LIMITS, name)) {
        return true;
      }
    }
    return false;
  }

  /** Commands that arm, launch, reboot or terminate an aircraft, or start its mission. */
  private static final Pattern FLIES =
      Pattern.compile(
          "MAV_CMD_COMPONENT_ARM_DISARM|MAV_CMD_NAV_TAKEOFF\\w*|MAV_CMD_PREFLIGHT_REBOOT_SHUTDOWN|"
              + "MAV_CMD_DO_FLIGHTTERMINATION|MAV_CMD_MISSION_START|MAV_CMD_DO_MOTOR_TEST|"
              + "\\.armed\\s*=\\s*True|reboot_autopilot\\(|simple_takeoff\\(|arducopter_arm\\(|motors_armed\\b|"
              + "\\.action\\.(?:arm|takeoff|kill|reboot|start_offboard|terminate)\\(|"
              + "\\.offboard\\.start\\(|\\.mission\\.start_mission\\(|"
              + "(?m)(?:^|[;\"'=]\\s*)(?:arm\\s+throttle|takeoff\\s+\\d|reboot|motortest|"
              + "arm\\s+safetyoff|disarm\\s+force|mode\\s+(?:guided|auto|takeoff|offboard))\\b");

  private static final Pattern AIRCRAFT =
      Pattern.compile(
          "(?i)mavproxy|pymavlink|mavutil|dronekit|mavsdk|MAV_CMD|pymavswarm|--master|mavlink");

  private static boolean aircraftLink(String all) {
    return PatternLiterals.finds(AIRCRAFT, all) && PlantPredicates.live(all);
  }

  /** ROS topics that move a robot when published. */
  private static final Pattern MOTION_TOPICS =
      Pattern.compile(
          "(?i)cmd_vel|joint_trajectory|joint_command|twist|velocity_controller|"
              + "position_controller|servo_node|speedj|urscript|teleop|/goal_pose|navigate_to_pose"
              + "|move_base|follow_path|/motion|/drive");

  /** Services and actions that start or move a robot, or let it move. */
  private static final Pattern ROBOT_STARTS =
      Pattern.compile(
          "(?i)dashboard_client/(?:play|power_on|brake_release|unlock_protective_stop|load_program"
              + "|restart_safety|close_safety_popup)|/play\\b|resume_mission|/start_mission|"
              + "/mission_queue|enable_motors|/power_on|/brake_release|set_io|"
              + "set_speed_slider|resend_robot_program|/execute_trajectory|/start_motion");

  /**
   * Whether a live robot, fleet or aircraft is commanded: an aircraft armed, launched, rebooted,
   * its mission started, by code or MAVProxy; a robot moved through rosbridge; recorded motion
   * replayed into a ROS domain; a mobile robot's state or mission queue changed through its API.
   */
  static boolean commanded(Scan scan, Step step) {
    String program = step.program();
    String all = PlantPredicates.text(step);
    if (all.isEmpty()) {
      return false;
    }
    switch (program) {
      case "ros2" -> {
        return bagReplaysMotion(step.args(), scan.source());
      }
      case "websocat", "wscat", "wsta", "websocket-client", "wsdump", "wsdump.py" -> {
        String command = scan.source() == null ? all : scan.source();
        return command.length() < 64 * 1024
            && command.contains("\"op\"")
            && (command.contains("publish") || command.contains("call_service"))
            && (PatternLiterals.finds(MOTION_TOPICS, command)
                || PatternLiterals.finds(ROBOT_STARTS, command))
            && PlantPredicates.live(all);
      }
      case "curl", "wget", "http", "https", "xh" -> {
        return fleetRest(step.args(), all);
      }
      default -> {
        // below
      }
    }
    if (!program.startsWith("mavproxy") && !step.interpreter()) {
      return false;
    }
    if (PatternLiterals.finds(FLIES, all) && aircraftLink(all)) {
      return true;
    }
    String code = InterpreterCode.of(step);
    if (code != null
        && code.contains("linuxcnc")
        && PatternLiterals.finds(CNC_COMMANDS, code)
        && !PlantPredicates.simulated(scan.source() == null ? code : scan.source())) {
      return true; // linuxcnc.command().mdi('G0 Z-50'): the machine this runs on moves
    }
    return code != null
        && code.contains("roslibpy")
        && code.contains(".publish(")
        && PatternLiterals.finds(MOTION_TOPICS, code)
        && PlantPredicates.live(code);
  }

  /** LinuxCNC's Python commands that move the machine, run its program or lift its limits. */
  private static final Pattern CNC_COMMANDS =
      Pattern.compile(
          "\\.(?:mdi|auto|jog|home|override_limits|teleop_enable|spindle)\\(|"
              + "STATE_(?:ESTOP_RESET|ON)\\b|AUTO_RUN\\b");

  /** ros2 control's commands that switch a controller on, and so let it move the hardware. */
  private static final Set<String> CONTROLLER_SWITCHES =
      NameSet.of("switch_controllers", "set_controller_state", "load_controller");

  /**
   * Whether a ROS 2 action moves a robot ({@code ros2 action send_goal /navigate_to_pose}, {@code
   * follow_joint_trajectory}) or ros2 control switches a controller on, outside a simulator.
   */
  static boolean rosActionMoves(List<Word> args, String source) {
    if (args.size() < 3 || PlantPredicates.simulated(source == null ? "" : source)) {
      return false;
    }
    String noun = args.get(0).text();
    String verb = args.get(1).text();
    if (noun.equals("action") && verb.equals("send_goal")) {
      String name = args.get(2).text();
      return name.length() < 300
          && (PatternLiterals.finds(MOTION_TOPICS, name)
              || name.matches(
                  "(?i).*(?:dock|move|trajectory|navigate|follow|spin|backup|drive).*"));
    }
    if (noun.equals("service") && verb.equals("call")) {
      return args.get(2).text().matches("(?i).*/(?:switch_controllers?|load_controller)$");
    }
    return noun.equals("control")
        && CONTROLLER_SWITCHES.contains(verb)
        && (HardwarePredicates.has(args, "--activate")
            || HardwarePredicates.has(args, "--activate-controllers")
            || HardwarePredicates.has(args, "active")
            || verb.equals("switch_controllers"));
  }

  private static boolean bagReplaysMotion(List<Word> args, String source) {
    if (args.size() < 2
        || !args.get(0).text().equals("bag")
        || !args.get(1).text().equals("play")) {
      return false;
    }
    String command = source == null ? "" : source;
    if (PlantPredicates.simulated(command)) {
      return false;
    }
    for (int i = 2; i < args.size(); i++) {
      String text = args.get(i).text();
      if (text.length() < 1000 && PatternLiterals.finds(MOTION_TOPICS, text)) {
        return true; // --topics /amr07/cmd_vel, a bag of teleop
      }
    }
    return false;
  }

  private static final Pattern FLEET_PATHS =
      Pattern.compile(
          "(?i)/api/v\\d[\\d.]*/(?:status|mission_queue|missions/[^/]+/(?:actions|start)|"
              + "registers/\\d+|robots/[^/]+/(?:move|dock|charge|mission))|/api/robot/(?:move|"
              + "start|resume)|/fleet/\\w+/(?:dispatch|resume|start)|/rw/(?:rapid/execution|"
              + "panel/(?:ctrlstate|opmode|speedratio)|motionsystem|rapid/tasks/[^/]+/pcp)");

  /**
   * Whether a mobile robot's or a fleet manager's REST API is told to change its state or start a
   * mission (MiR's {@code PUT /api/v2.0.0/status} with a {@code state_id}, its mission queue).
   */
  private static boolean fleetRest(List<Word> args, String all) {
    boolean writes = false;
    String url = null;
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if ((text.equals("-X") || text.equals("--request")) && i + 1 < args.size()) {
        String method = args.get(i + 1).text().toUpperCase(Locale.ROOT);
        writes |= !method.equals("GET") && !method.equals("HEAD");
      } else if (text.startsWith("-d") || text.startsWith("--data") || text.equals("--json")) {
        writes = true;
      } else if (text.contains("://") && url == null && text.length() < 2048) {
        url = text;
      }
    }
    if (!writes || url == null || !PatternLiterals.finds(FLEET_PATHS, url)) {
      return false;
    }
    String host = Hosts.of(url);
    return host != null
        && !PlantPredicates.local(host)
        && !PlantPredicates.simulated(url)
        && (all.contains("state_id") || all.contains("mission") || !url.contains("/status"));
  }

  /** The words of a robot's or an aircraft's MCP server's name. */
  private static final Set<String> VEHICLE_SERVERS =
      NameSet.of(
          "ros",
          "ros2",
          "rosbridge",
          "robot",
          "robots",
          "ur",
          "moveit",
          "nav2",
          "mavlink",
          "mavsdk",
          "drone",
          "drones",
          "px4",
          "ardupilot",
          "dronekit",
          "mir",
          "amr",
          "agv",
          "fleet",
          "kuka",
          "fanuc",
          "abb",
          "yaskawa",
          "motoman",
          "robotiq");

  /** An MCP tool's verb that calls, publishes, moves, arms or starts. */
  private static final Pattern ROS_TOOL =
      Pattern.compile(
          "(?i)^(?:\\w*_)?(?:service_call|call_service|publish|topic_pub|pub|send_goal|"
              + "action_send_goal|send_action_goal|execute|move|arm|takeoff|play|start|set_mode|goto"
              + "|fly)(?:_\\w*)?$");

  /**
   * A robot's or an aircraft's MCP tool that moves it or starts it: a service call that plays the
   * loaded program, a publish on a motion topic, an arm or a takeoff, unless it names a simulator.
   */
  static String toolMoves(Scan scan) {
    String text = PlantPredicates.toolArguments(scan, VEHICLE_SERVERS, ROS_TOOL);
    if (text == null) {
      return null;
    }
    CallForRules call = scan.call();
    String tool = call.tool().toLowerCase(Locale.ROOT);
    boolean direct = tool.matches(".*__(?:\\w*_)?(?:arm|takeoff|fly|goto|move|play)(?:_\\w*)?$");
    if (direct
        || PatternLiterals.finds(ROBOT_STARTS, text)
        || PatternLiterals.finds(MOTION_TOPICS, text)
        || PlantSafety.namesSafety(text)) {
      return call.tool() + " " + (text.length() > 120 ? text.substring(0, 120) + "…" : text);
    }
    return null;
  }
}
