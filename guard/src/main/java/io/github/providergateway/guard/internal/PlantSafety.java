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
 * What bypasses a machine's safety function or loosens its limits, as the {@code
 * plant.safety-bypassed}, {@code plant.limits-loosened}, {@code plant.trust-granted} and {@code
 * plant.traffic-replayed} rules read it (decision 139): a robot fleet's collision monitor or
 * scanner muted, its keepout zones emptied or its safety heartbeat faked over ROS 2; a CNC's e-stop
 * chain looped back in HAL; a controller's alarm lock cleared or its limits ignored by G-code sent
 * down its line; a lockout released through the LOTO system's API; a PLC program's safety signal
 * forced TRUE or a burner's purge time cut; a robot's or a hoist's limits raised; a client's
 * certificate put in an OPC UA server's trusted store; a capture replayed onto a NIC. Registered by
 * {@link PlantPredicates}.
 */
final class PlantSafety {
  private PlantSafety() {}

  /** Names of a robot's or a machine's safety functions. */
  private static final Pattern SAFETY =
      Pattern.compile(
          "(?i)collision_monitor|collision_detector|safety|e_?stop|emergency|scanner|muting|"
              + "keepout|keep_out|speed_filter|speed_mask|filter_mask|watchdog|heartbeat|bumper|"
              + "protective|light_curtain|lidar_stop|obstacle_stop|guard");

  /** Whether a ROS name names a safety function. */
  static boolean namesSafety(String text) {
    return text.length() < 64 * 1024 && PatternLiterals.finds(SAFETY, text);
  }

  private static final Pattern MUTES =
      Pattern.compile(
          "(?i)mut(?:e|ing)|bypass|disable|override|load_map|clear_\\w*zone|set_\\w*zone|"
              + "reset_estop|release|set_enabled|toggle|/enable\\b");

  /** Words of a value that turns a function off or an override on. */
  private static final Pattern OFF_VALUES =
      Pattern.compile("(?i)\\b(?:true|false|0|1|empty|none|off|disabled?)\\b|map_url");

  /** G-code and firmware commands that clear an alarm lock or move past a machine's limits. */
  private static final Pattern UNSAFE_GCODE =
      Pattern.compile(
          "(?m)(?:^|\\\\n|['\"\\s])(?:\\$X|\\$2[01]\\s*=\\s*0|\\$22\\s*=\\s*0|FORCE_MOVE\\b|"
              + "SET_KINEMATIC_POSITION\\b|M211\\s+S0|M121\\b|M564\\s+[^\\n]*[SH]0|M999\\b)");

  private static final Pattern MACHINE_LINE =
      Pattern.compile(
          "^/dev/(?:tty\\w+|serial/.+|rfcomm\\d+)$|^/tmp/printer\\w*$|^/run/klipper/\\w+$|"
              + "/printer_data/comms/klippy\\.serial$|^COM\\d+$");

  /** HAL pins of an e-stop chain, a limit, a home switch, an amplifier's fault, a charge pump. */
  private static final Pattern HAL_SAFETY_PINS =
      Pattern.compile(
          "(?i)estop|emc-enable-in|user-enable-out|enable-in|limit|home-sw|amp-fault|"
              + "lim-sw|charge-pump|watchdog|safety|door|guard");

  /** A SCADA's or an alarm server's API told to shelve, suppress, disable or inhibit alarms. */
  private static final Pattern ALARMS_SILENCED =
      Pattern.compile(
          "(?i)/alarms?/(?:[^\\s'\"?]*/)?(?:shelve|shelveall|suppress|disable|inhibit|silence)\\b|"
              + "/alarms?(?:/[^\\s'\"?]*)?[?&]action=(?:shelve|suppress|disable|inhibit)");

  /** halcmd's commands that link, unlink or set a pin or a signal. */
  private static final Set<String> HAL_LINKS =
      NameSet.of("unlinkp", "net", "linkps", "linkpp", "linksp", "setp", "sets", "delsig");

  private static final Pattern LOTO =
      Pattern.compile(
          "(?i)/(?:loto|lockouts?|lock-?outs?|isolations?)/(?:[^\\s'\"?]*/)?"
              + "(?:release|remove|clear|unlock|override|cancel|delete|bypass)\\b|"
              + "(?:loto|lockout|isolation|ehs|safety)[^\\s'\"]*/locks/[\\w-]+/(?:release|remove|clear|unlock|"
              + "override)\\b");

  /**
   * Whether a machine's safety function is bypassed: a ROS node of safety deactivated, its muting
   * or keepout service called, its heartbeat or e-stop topic faked; HAL's e-stop pins relinked;
   * G-code that clears an alarm lock or ignores limits written down a machine's line or sent to
   * Moonraker; a lockout released through the LOTO API.
   */
  static boolean bypassed(Scan scan, Step step) {
    String program = step.program();
    List<Word> args = step.args();
    switch (program) {
      case "ros2" -> {
        return rosBypass(args, scan.source());
      }
      case "halcmd" -> {
        List<String> positionals = PlantPredicates.positionals(args, Set.of("-i", "-f", "-R"));
        if (positionals.isEmpty() || !HAL_LINKS.contains(positionals.get(0))) {
          return false;
        }
        for (int i = 1; i < positionals.size(); i++) {
          if (PatternLiterals.finds(HAL_SAFETY_PINS, positionals.get(i))) {
            return true;
          }
        }
        return false;
      }
      case "curl", "wget", "http", "https", "xh" -> {
        for (Word word : args) {
          String text = word.text();
          if (text.length() < 4096 && text.contains("://")) {
            String host = Hosts.of(text);
            boolean plant = host != null && !PlantPredicates.local(host);
            if (plant
                && (PatternLiterals.finds(LOTO, text)
                    || PatternLiterals.finds(ALARMS_SILENCED, text))) {
              return true;
            }
            if (plant
                && text.contains("/api/printer/command")
                && PatternLiterals.finds(
                    UNSAFE_GCODE, PlantPredicates.text(step).replace("\"", " "))) {
              return true; // OctoPrint: {"commands": ["M211 S0"]}
            }
            if (plant
                && text.contains("/printer/gcode/script")
                && PatternLiterals.finds(UNSAFE_GCODE, " " + decoded(text))) {
              return true;
            }
          }
        }
        return false;
      }
      default -> {
        // below
      }
    }
    return gcodeDownTheLine(step);
  }

  private static String decoded(String url) {
    return url.replace("%20", " ").replace("%24", "$").replace("+", " ").replace("=", " = ");
  }

  /** Whether G-code that clears an alarm or ignores the limits is written down a machine's line. */
  private static boolean gcodeDownTheLine(Step step) {
    boolean line = false;
    for (Redirect redirect : step.invocation().redirects()) {
      line |= redirect.writes() && PatternLiterals.finds(MACHINE_LINE, redirect.target().text());
    }
    String program = step.program();
    if (!line) {
      if (program.equals("tee") || program.equals("dd")) {
        for (Word word : step.args()) {
          String text = word.text().startsWith("of=") ? word.text().substring(3) : word.text();
          line |= PatternLiterals.finds(MACHINE_LINE, text);
        }
      }
      String code = InterpreterCode.of(step);
      if (code != null && code.length() < 64 * 1024) {
        return (code.contains("serial") || code.contains("/tmp/printer"))
            && PatternLiterals.finds(UNSAFE_GCODE, code)
            && PlantPredicates.reachesPlant(code.replace("/tmp/printer", "/dev/ttyS0"));
      }
    }
    if (!line) {
      return false;
    }
    String all = PlantPredicates.text(step);
    return PatternLiterals.finds(UNSAFE_GCODE, all);
  }

  private static boolean rosBypass(List<Word> args, String source) {
    if (args.size() < 3 || PlantPredicates.simulated(source == null ? "" : source)) {
      return false;
    }
    String noun = args.get(0).text();
    String verb = args.get(1).text();
    List<String> rest = PlantPredicates.positionals(args.subList(2, args.size()), Set.of("-r"));
    if (rest.isEmpty()) {
      return false;
    }
    String name = rest.get(0);
    String tail = String.join(" ", rest.subList(1, rest.size()));
    if (noun.equals("lifecycle") && verb.equals("set")) {
      return namesSafety(name)
          && tail.matches("(?i).*\\b(?:deactivate|shutdown|cleanup|destroy|inactive)\\b.*");
    }
    if (noun.equals("service") && verb.equals("call")) {
      return namesSafety(name) && PatternLiterals.finds(MUTES, name)
          || namesSafety(name) && namesSafety(tail) && PatternLiterals.finds(OFF_VALUES, tail);
    }
    if (noun.equals("topic") && verb.equals("pub")) {
      boolean stops =
          name.matches("(?i).*(?:e_?stop|emergency|protective_stop).*")
              && tail.matches("(?i).*\\b(?:data:\\s*)?true\\b.*");
      return namesSafety(name) && !stops; // an e-stop pressed is the safe direction
    }
    if (noun.equals("param") && verb.equals("set")) {
      return namesSafety(name)
          && tail.matches("(?i).*\\b(?:enabled?|active|\\w*_on)\\w*\\s+false.*");
    }
    if (noun.equals("node") && verb.equals("kill")
        || noun.equals("daemon") && verb.equals("stop")) {
      return namesSafety(name);
    }
    return false;
  }

  /** Parameters of a robot's speed, acceleration, force or reach. */
  private static final Pattern LIMIT_PARAMS =
      Pattern.compile(
          "(?i)max_vel\\w*|max_speed\\w*|max_accel\\w*|speed_limit\\w*|vel_limit\\w*|"
              + "velocity_limit\\w*|max_linear\\w*|max_angular\\w*|max_rotational\\w*|"
              + "max_force\\w*|max_torque\\w*|stop_distance|slowdown\\w*|min_obstacle\\w*|"
              + "footprint\\w*|inflation_radius|time_before_collision|has_\\w*limits|"
              + "\\w*_limit\\b|override|speed_slider|speed_scaling|max_payload\\w*");

  /**
   * Whether a live robot's limits are loosened: a ROS 2 parameter of speed, acceleration, reach or
   * footprint set outside a simulator; a robot's joint limits file loosened by sed (a velocity
   * limit off, a velocity raised).
   */
  static boolean limitsLoosened(Step step) {
    String program = step.program();
    List<Word> args = step.args();
    if (program.equals("ros2")) {
      if (args.size() >= 3
          && (args.get(0).text().equals("topic") && args.get(1).text().equals("pub")
              || args.get(0).text().equals("service") && args.get(1).text().equals("call"))) {
        String all = PlantPredicates.text(step);
        String name =
            PlantPredicates.positionals(args.subList(2, args.size()), Set.of("-r")).stream()
                .findFirst()
                .orElse("");
        return !PlantPredicates.simulated(all)
            && name.matches(
                "(?i).*(?:speed_limit|velocity_limit|speed_slider|set_speed|"
                    + "speed_scaling|set_payload|max_speed).*");
      }
      if (args.size() < 4
          || !args.get(0).text().equals("param")
          || !args.get(1).text().equals("set")) {
        return false;
      }
      String all = PlantPredicates.text(step);
      return !PlantPredicates.simulated(all)
          && PatternLiterals.finds(LIMIT_PARAMS, args.get(3).text())
          && !args.get(3).text().equals("use_sim_time");
    }
    if (program.equals("sed") || program.equals("perl") || program.equals("yq")) {
      boolean limitsFile = false;
      boolean loosens = false;
      for (Word word : args) {
        String text = word.text();
        if (text.length() > 4096) {
          continue;
        }
        limitsFile |= PatternLiterals.finds(LIMITS_FILE, text);
        loosens |= PatternLiterals.finds(LOOSENS, text);
      }
      return limitsFile && loosens;
    }
    return false;
  }

  private static final Pattern LIMITS_FILE =
      Pattern.compile(
          "(?i)(?:joint_limits|safety|speed_limits|kinematics|nav2_params|controller|hoist|crane"
              + "|overload|robot|cartesian_limits)\\w*\\.(?:ya?ml|json|toml|ini|cfg|urdf|xacro)$");

  /** A sed or a yq that turns a limit off or writes a new maximum. */
  private static final Pattern LOOSENS =
      Pattern.compile(
          "(?i)has_\\w*limits\\W*\\S*\\s*false|limits?\\w*\\)?:?\\\\?\\)?\\s*(?:false|0\\b)|"
              + "(?:max_\\w+|\\w*_limit|trip\\w*|overload\\w*)\\W[^/]*/[^/]*\\d|enabled?:?\\)?\\s*false");

  /**
   * A PLC program's source written with a safety signal forced TRUE that was not forced before, or
   * a burner's purge time shortened: the edit tool's or the write tool's new text.
   */
  static String editForcesSafety(Scan scan) {
    FileEdit edit = edit(scan, PLC_SOURCE);
    if (edit == null) {
      return null;
    }
    Matcher forced = FORCED.matcher(edit.now());
    while (forced.find()) {
      if (PatternLiterals.finds(PERMITS, forced.group(1))
          && (edit.old() == null || !edit.old().contains(forced.group()))) {
        return edit.path() + ": " + forced.group().trim();
      }
    }
    Matcher purge = PURGE.matcher(edit.now());
    while (purge.find()) {
      long now = millis(purge.group(2), purge.group(3));
      Long before = null;
      if (purge.group(4) != null) {
        before = millis(purge.group(4), purge.group(5)); // // was T#60S
      } else if (edit.old() != null) {
        Matcher old = PURGE.matcher(edit.old());
        before = old.find() ? millis(old.group(2), old.group(3)) : null;
      }
      if (before != null && now < before) {
        return edit.path() + ": " + purge.group(1) + " " + before + " ms to " + now + " ms";
      }
    }
    return null;
  }

  private static final Pattern PLC_SOURCE =
      Pattern.compile("(?i)\\.(?:st|scl|awl|stl|iecst|tcpou|tcgvl|pou|exp|l5x|l5k|xml|plcopen)$");

  private static final Pattern FORCED =
      Pattern.compile(
          "(?im)^[ \\t]*[#\"]?([\\w.]*(?:safe|estop|e_stop|emergency|guard|interlock|pnoz|lightcurtain|"
              + "light_curtain|door|sto\\b|stop_ok|sis|trip|flame|airflow|pressure_ok|"
              + "overload|limit)\\w*)\"?\\s*:=\\s*TRUE\\s*;");

  /** Words of a signal that lets the machine run: a safety circuit healthy, a guard closed. */
  private static final Pattern PERMITS =
      Pattern.compile(
          "(?i)ok|healthy|closed|clear|permi|ready|bypass|override|inhibit|mute|forc|released|good"
              + "|valid|proven|chain|feedback");

  private static final Pattern PURGE =
      Pattern.compile(
          "(?i)(\\w*purge\\w*)\\s*:\\s*TIME\\s*:=\\s*T#(\\d+)(MS|S|M)\\b"
              + "(?:[^\\n]*?was\\s+T#(\\d+)(MS|S|M))?");

  private static long millis(String amount, String unit) {
    long value = Long.parseLong(amount.length() > 9 ? "999999999" : amount);
    return switch (unit.toUpperCase(Locale.ROOT)) {
      case "MS" -> value;
      case "M" -> value * 60_000;
      default -> value * 1000;
    };
  }

  /**
   * A configuration of a robot, a hoist or a crane written with a trip or a limit above its rated
   * capacity ({@code trip_kg: 12000} beside {@code rated_capacity_kg: 5000}), or a velocity limit
   * turned off.
   */
  static String editLoosensLimits(Scan scan) {
    FileEdit edit = edit(scan, CONFIG);
    if (edit == null) {
      return null;
    }
    Matcher rated = RATED.matcher(edit.now());
    if (rated.find()) {
      double capacity = Double.parseDouble(rated.group(1));
      Matcher trip = TRIP.matcher(edit.now());
      while (trip.find()) {
        double value = Double.parseDouble(trip.group(2));
        if (value > capacity * 1.25) {
          return edit.path() + ": " + trip.group(1) + " " + trip.group(2) + " over " + capacity;
        }
      }
    }
    Matcher off = LIMITS_OFF.matcher(edit.now());
    if (off.find() && (edit.old() == null || !edit.old().contains(off.group()))) {
      return edit.path() + ": " + off.group().trim();
    }
    return null;
  }

  private static final Pattern CONFIG = Pattern.compile("(?i)\\.(?:ya?ml|json|toml|ini|cfg)$");

  private static final Pattern RATED =
      Pattern.compile("(?i)rated_?(?:capacity|load|payload)\\w*\"?\\s*[:=]\\s*(\\d+(?:\\.\\d+)?)");

  private static final Pattern TRIP =
      Pattern.compile(
          "(?i)((?:overload_?)?(?:trip|cutoff|max_load|load_limit|overload)\\w*)\"?\\s*[:=]\\s*(\\d+(?:\\.\\d+)?)");

  private static final Pattern LIMITS_OFF =
      Pattern.compile(
          "(?im)^\\s*has_(?:velocity|acceleration|position|jerk|effort)_limits\\s*:"
              + "\\s*false\\b");

  private static FileEdit edit(Scan scan, Pattern path) {
    FileEdit edit = FileEdit.of(scan);
    return edit == null || !path.matcher(edit.path()).find() ? null : edit;
  }

  private static final Pattern TRUST_STORE =
      Pattern.compile("(?i)pki/trusted|/trusted/certs|/trustlist|/trusted_?certs|/pki/own/trusted");

  /**
   * Whether a certificate is put in a plant server's trusted store: copied to another host's, or to
   * a server installed on this machine (not a project's test store).
   */
  static boolean trustGranted(Step step) {
    List<Word> args = step.args();
    if (args.isEmpty()) {
      return false;
    }
    String last = args.get(args.size() - 1).text();
    if (last.length() > 1000 || !PatternLiterals.finds(TRUST_STORE, last)) {
      return false;
    }
    int colon = last.indexOf(':');
    boolean remote = colon > 0 && !last.contains("://") && last.indexOf('/') > colon;
    if (remote) {
      String host = last.substring(0, colon);
      host = host.substring(host.lastIndexOf('@') + 1).toLowerCase(Locale.ROOT);
      return !PlantPredicates.local(host);
    }
    return last.matches("^/(?:usr|opt|var|etc|srv)/.*") && !PlantPredicates.simulated(last);
  }

  private static final Set<String> VIRTUAL_NICS = NameSet.of("lo", "lo0", "dummy0", "any");

  /** Whether a capture is replayed onto a network interface that is not loopback or virtual. */
  static boolean trafficReplayed(Step step) {
    List<Word> args = step.args();
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      String nic = null;
      if ((text.equals("-i")
              || text.equals("-I")
              || text.equals("--intf1")
              || text.equals("-j")
              || text.equals("--intf2"))
          && i + 1 < args.size()) {
        nic = args.get(i + 1).text();
      } else if (text.startsWith("--intf1=") || text.startsWith("--intf2=")) {
        nic = text.substring(text.indexOf('=') + 1);
      }
      if (nic != null
          && !VIRTUAL_NICS.contains(nic)
          && !nic.startsWith("veth")
          && !nic.startsWith("vcan")
          && !nic.startsWith("tap")
          && !nic.startsWith("dummy")) {
        return true;
      }
    }
    return false;
  }
}
