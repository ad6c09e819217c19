package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A lab's instruments and freezers driven from code or over HTTP (issue 80, decision 143): a
 * sequencer's runs stopped through MinKNOW's API, a liquid handler's calibration reset or its arm
 * moved over its HTTP API, a microscope's stage, focus or incubator set through Micro-Manager, a
 * power supply's output switched on by SCPI, a freezer's set point, probe offset or alarm changed
 * in its monitoring system.
 *
 * <p>An instrument is the lab's when the call reaches past this machine ({@link
 * PlantPredicates#live}); a demo configuration, a simulator or loopback is this machine's. Reads (a
 * run's state, a property read, {@code *IDN?}, a sensor's readings) are no act.
 */
final class LabInstruments {
  private LabInstruments() {}

  /** MinKNOW's API: a protocol stopped, started or paused, a flow cell's position reset. */
  private static final Pattern MINKNOW =
      Pattern.compile(
          "(?s)minknow_api.*\\b(?:stop_protocol|start_protocol|pause_protocol|reset_position"
              + "|set_temperature|unblock|start_mux_scan|change_settings)\\s*\\(");

  /** Opentrons' robot server (port 31950): settings reset, calibration, a run's action, a move. */
  private static final Pattern OPENTRONS =
      Pattern.compile(
          "(?i):31950/(?:settings/reset|calibration|robot/(?:move|home|lights)|motors/disengage"
              + "|runs/[^\\s/'\"]+/actions|runs\\b|protocols\\b|pipettes/offset|deck_configuration"
              + "|server/update|server/restart)");

  /** Micro-Manager's core, in Python or Java: a device's property or position set. */
  private static final Pattern MICRO_MANAGER =
      Pattern.compile(
          "(?s)(?:pycromanager|pymmcore|mmcorej|CMMCore).*\\b(?:set_property|setProperty"
              + "|set_position|setPosition|set_xy_position|setXYPosition|set_relative_position"
              + "|setRelativePosition|set_relative_xy_position|set_shutter_open|setShutterOpen"
              + "|set_state|setState)\\s*\\(");

  /** A demo or simulated microscope: Micro-Manager's demo configuration and devices. */
  private static final Pattern DEMO =
      Pattern.compile("(?i)MMConfig_demo|DemoCamera|Demo(?:Stage|XYStage|Shutter)|demo\\.cfg");

  /** SCPI that switches an output on, sets a source or resets the instrument. */
  private static final Pattern SCPI_ACTS =
      Pattern.compile(
          "(?i)(?:^|[\\s'\";:(b])(?:OUTP(?:UT)?(?::STAT(?:E)?)?\\s+(?:ON|1)\\b"
              + "|:?SOUR(?:CE)?\\d?:(?:VOLT|CURR|FREQ|POW)\\w*\\s+[-\\d.]"
              + "|:?(?:APPL(?:Y)?)\\s+\\w+|\\*RST\\b)");

  /** What carries SCPI: a socket, pyvisa, a VXI-11 or raw-socket library, netcat. */
  private static final Pattern SCPI_CARRIER =
      Pattern.compile(
          "(?i)\\bsocket\\b|pyvisa|visa\\.ResourceManager|vxi11|usbtmc|::INSTR|::SOCKET"
              + "|\\bnc\\b|\\bncat\\b|\\bsocat\\b|net\\.Socket|TCPSocket");

  /** A freezer's, an incubator's or a room's monitoring system, by its path or its name. */
  private static final Pattern MONITOR =
      Pattern.compile(
          "(?i)freezer|\\bult\\b|-ult-|sensors?\\b|/probes?\\b|envmon|tempmon|xiltrix|rees"
              + "|centron|elpro|smartvue|tutela|biobank|incubator|ln2|cryo|cold[-_]?room"
              + "|/alarms?\\b|monitoring");

  /** The fields that silence a monitor or move its limit: set points, offsets, alarms muted. */
  private static final Pattern MONITOR_FIELDS =
      Pattern.compile(
          "(?i)calibration[_-]?offset|\\boffset(?:_c)?\\b|set[_-]?point|alarm[_-]?(?:enabled"
              + "|active|limit|threshold|high|low|delay|mute|silence|suppress)|high[_-]?limit"
              + "|low[_-]?limit|\\bmuted?\\b|silence[ds]?\\b|snooze|suppress(?:ed)?\\b"
              + "|notifications?[_-]?enabled|alarms?/[^\\s'\"]*(?:ack|mute|silence|disable|snooze|suppress)");

  /** A write of HTTP: a method that changes, or a client's changing call. */
  private static final Pattern HTTP_WRITE =
      Pattern.compile(
          "(?i)(?:-X\\s*|--request[ =])['\"]?(?:POST|PUT|PATCH|DELETE)\\b|\\b(?:requests|httpx"
              + "|session|s|client)\\.(?:post|put|patch|delete)\\s*\\(|\\b(?:PUT|PATCH|POST)\\s+https?:"
              + "|method\\s*[:=]\\s*['\"](?:POST|PUT|PATCH|DELETE)|\\s-d\\s|--data\\b|--json\\b");

  /**
   * Whether the program drives a lab's instrument or freezer: what it does, as the reason shows the
   * program's words.
   */
  static boolean driven(Step step) {
    String text = PlantPredicates.text(step);
    if (text.isEmpty()
        || !PlantPredicates.reachesPlant(text) && !PatternLiterals.finds(MICRO_MANAGER, text)) {
      return false;
    }
    if (PatternLiterals.finds(MINKNOW, text)
        || PatternLiterals.finds(OPENTRONS, text) && writes(text)) {
      return true;
    }
    if (PatternLiterals.finds(MICRO_MANAGER, text)) {
      return !PatternLiterals.finds(DEMO, text) && !PlantPredicates.simulated(text);
    }
    if (PatternLiterals.finds(SCPI_ACTS, text) && PatternLiterals.finds(SCPI_CARRIER, text)) {
      return PlantPredicates.live(text);
    }
    return PatternLiterals.finds(MONITOR, text)
        && PatternLiterals.finds(MONITOR_FIELDS, text)
        && writes(text)
        && PlantPredicates.live(text);
  }

  /** The servers of a lab's instruments and freezers, by a word of their name. */
  private static final Set<String> INSTRUMENT_SERVERS =
      NameSet.of(
          "biobank",
          "freezer",
          "freezers",
          "freezerpro",
          "envmon",
          "tempmon",
          "xiltrix",
          "minknow",
          "nanopore",
          "promethion",
          "gridion",
          "opentrons",
          "hamilton",
          "tecan",
          "instrument",
          "instruments",
          "sequencer",
          "illumina",
          "novaseq",
          "microscope",
          "micromanager",
          "pycromanager",
          "incubator",
          "labequipment",
          "sila");

  /** A tool's name that drives: stops, resets, sets, moves, silences, calibrates. */
  private static final Pattern TOOL_DRIVES =
      Pattern.compile(
          "(?i)(?:stop|pause|abort|cancel|reset|recalibrate|calibrate|set|update|write|silence|mute"
              + "|snooze|acknowledge|ack|disable|suppress|move|home|jog|unlock|defrost)(?:_\\w+)?");

  /**
   * The MCP tool of an instrument's or a freezer's server whose name says it drives it ({@code
   * mcp__biobank__silence_alarm}, {@code mcp__minknow__stop_protocol}), as the reason shows it.
   */
  static String toolDrives(Scan scan) {
    return PlantPredicates.toolArguments(scan, INSTRUMENT_SERVERS, TOOL_DRIVES) == null
        ? null
        : scan.call().tool();
  }

  private static boolean writes(String text) {
    return PatternLiterals.finds(HTTP_WRITE, text);
  }
}
