package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What stops a plant's controller or replaces its logic, as the {@code plant.controller-stopped},
 * {@code plant.logic-replaced} and {@code plant.device-flashed} rules read it (decision 139): a
 * PLC's CPU stopped, cold-started or reset through its library (snap7, pyads, pycomm3, pymodbus'
 * diagnostics), an EtherCAT bus sent to INIT, OpenPLC's runtime told to load and start, a block
 * deleted or downloaded, a drive's firmware written over the bus, a CODESYS boot application copied
 * over, a SCADA gateway or an OPC server restored from an old backup, a field device flashed over
 * the air. Registered by {@link PlantPredicates}.
 */
final class PlantControllers {
  private PlantControllers() {}

  /** Library calls that stop, restart or silence a controller. */
  private static final Pattern STOPS =
      Pattern.compile(
          "plc_stop|plc_cold_start|plc_hot_start|['\"]plc_['\"]\\s*\\+|ADSSTATE_(?:STOP|RESET|CONFIG"
              + "|POWERFAILURE|SHUTDOWN|INIT)|set_ads_state|Services\\.reset\\b|service\\s*=\\s*"
              + "(?:0x05|5)\\b|ForceListenOnlyMode|RestartCommunicationsOption|ClearCounters\\w*"
              + "Request|\\.stopPlc\\(|\\.plcStop\\(|\\.StopPLC\\(|\\.cpuStop\\(|\\.cold_?[Ss]tart"
              + "\\(|write_control\\(\\s*(?:pyads\\.)?ADSSTATE|ColdStart|WarmStart");

  /** Library calls that delete, download or overwrite a controller's blocks or program. */
  private static final Pattern REPLACES =
      Pattern.compile(
          "\\.delete\\(\\s*(?:\\w+\\.)?(?:Block|block_?type|['\"](?:OB|FB|FC|DB)['\"]|0x38|0x41)"
              + "|\\.download\\(|\\.full_download\\(|\\.compress\\(|\\.clear_program\\(|"
              + "\\.delete_block\\(|\\.DeleteBlock\\(|\\.Download\\(");

  /** The libraries of controllers whose calls those are. */
  private static final Pattern LIBRARIES =
      Pattern.compile(
          "snap7|pyads|pycomm3|pylogix|pymodbus|modbus|cpppo|nodes7|ads-client|node-snap7|"
              + "opcua|S7\\.Net|Sharp7|libnodave|ethernetip");

  /** Paths of a controller's runtime that stop it or load a program: OpenPLC, CODESYS's web. */
  private static final Pattern STOP_PATHS =
      Pattern.compile("(?i)/(?:start_plc|stop_plc|start-plc|stop-plc|plc/(?:stop|start|reset))\\b");

  private static final Pattern LOAD_PATHS =
      Pattern.compile(
          "(?i)/(?:reload-program|reload_program|upload-program(?:-action)?|update-program|"
              + "services/ProjectLoad|config/v1/project/services/\\w*Load|system/gwinfo/restore|"
              + "data/backup/restore|gateway/restore|restore_backup)\\b");

  /** Node-RED's flows, which a POST deploys. */
  private static final Pattern NODE_RED =
      Pattern.compile("(?i)(?:node-?red[^/\\s]*|:1880)/flows\\b");

  /** Where a controller keeps the logic it boots: CODESYS, PLCnext, TwinCAT, an Ignition backup. */
  private static final Pattern BOOT_PLACES =
      Pattern.compile(
          "(?i)/PlcLogic/|/var/opt/codesys/|/opt/plcnext/(?:projects|appshome)|TwinCAT/3\\.1/Boot"
              + "|\\.bootproject\\b|/opt/ifm/|/home/admin/projects/PCWE|/etc/openplc/|"
              + "OpenPLC_v3/webserver/st_files");

  /**
   * Whether a controller is stopped, cold-started, reset or silenced: a library's call in inline
   * code reaching the plant, EtherCAT's masters told a state, OpenPLC's runtime told to stop or
   * start.
   */
  static boolean stopped(Step step) {
    String program = step.program();
    if (program.equals("ethercat")) {
      List<String> positionals =
          PlantPredicates.positionals(step.args(), Set.of("-p", "-m", "-a", "--position"));
      return positionals.size() >= 2 && positionals.get(0).equals("states");
    }
    if (web(program)) {
      return webPath(step, STOP_PATHS);
    }
    String code = InterpreterCode.of(step);
    if (code == null) {
      return false;
    }
    return PatternLiterals.finds(LIBRARIES, code)
        && PatternLiterals.finds(STOPS, code)
        && PlantPredicates.live(code);
  }

  /**
   * Whether a live controller's logic is replaced or deleted: its blocks by its library, its
   * program through its runtime's web, its boot application copied over, a gateway's or an OPC
   * server's project restored, a drive's firmware or EEPROM written over EtherCAT.
   */
  static boolean logicReplaced(Step step) {
    String program = step.program();
    List<Word> args = step.args();
    switch (program) {
      case "ethercat" -> {
        List<String> positionals =
            PlantPredicates.positionals(args, Set.of("-p", "-m", "-a", "--position"));
        return !positionals.isEmpty()
            && Set.of("foe_write", "sii_write", "eoe_write").contains(positionals.get(0));
      }
      case "gwcmd", "gwcmd.sh", "gwcmd.bat" -> {
        if (!step.invocation().via().contains("ssh")
            && !PlantPredicates.reachesPlant(PlantPredicates.text(step))) {
          return false; // a gateway on this machine, a developer's
        }
        for (Word word : args) {
          String text = word.text();
          if (text.equals("-r") || text.startsWith("--restore")) {
            return true;
          }
        }
        return false;
      }
      case "scp", "rsync", "sftp" -> {
        for (Word word : args) {
          String text = word.text();
          int colon = text.indexOf(':');
          if (colon > 0
              && text.length() < 1000
              && !text.contains("://")
              && PatternLiterals.finds(BOOT_PLACES, text.substring(colon))
              && !PlantPredicates.local(host(text.substring(0, colon)))) {
            return word != args.get(0) && args.indexOf(word) == args.size() - 1;
          }
        }
        return false;
      }
      default -> {
        // below
      }
    }
    if (web(program)) {
      return webPath(step, LOAD_PATHS) || webPath(step, NODE_RED) && sendsBody(args);
    }
    String code = InterpreterCode.of(step);
    return code != null
        && PatternLiterals.finds(LIBRARIES, code)
        && PatternLiterals.finds(REPLACES, code)
        && PlantPredicates.live(code);
  }

  private static final Pattern TAG_WRITE_PATHS =
      Pattern.compile(
          "(?i)/(?:tags?[-_]?write|write[-_]?tags?|tags?/write)\\b|/tags?/[^?\\s]+/values?\\b");

  /**
   * Whether a SCADA gateway's or an IIoT platform's API is told to write a tag on a host of the
   * plant (Ignition's WebDev {@code tag_write} or {@code tag-write}, a tag's {@code /value}): the
   * controller behind it acts.
   */
  static boolean scadaTagWrite(Step step) {
    String all = PlantPredicates.text(step);
    if (!all.matches(
        "(?s).*(?:-X\\s*(?:POST|PUT|PATCH)|--request\\s+(?:POST|PUT|PATCH)|\\s-d\\b"
            + "|--data|--json|\\s(?:POST|PUT|PATCH)\\s).*")) {
      return false;
    }
    for (Word word : step.args()) {
      String text = word.text();
      if (text.length() < 4096
          && text.contains("://")
          && PatternLiterals.finds(TAG_WRITE_PATHS, text)) {
        String host = Hosts.of(text);
        return host != null && !PlantPredicates.local(host) && !PlantPredicates.simulated(text);
      }
    }
    return false;
  }

  /** Whether EtherCAT's master writes a slave's object, register or SoE parameter. */
  static boolean ethercatWrites(Step step) {
    List<String> positionals =
        PlantPredicates.positionals(step.args(), Set.of("-p", "-m", "-a", "--position", "-t"));
    return !positionals.isEmpty()
        && Set.of("download", "reg_write", "soe_write", "sdo_download", "alias")
            .contains(positionals.get(0));
  }

  private static final Pattern OTA_SCRIPTS =
      Pattern.compile("(?i)(?:^|/)(?:espota(?:\\.py)?|ota_?upload\\w*\\.py|esp_ota\\w*\\.py)$");

  /**
   * Whether firmware is flashed over the air into a device on the network: espota, arduino-cli's or
   * PlatformIO's upload to an address, ESPHome's upload to a device, an HTTP update endpoint.
   */
  static boolean flashedOverAir(Step step) {
    String program = step.program();
    List<Word> args = step.args();
    String all = PlantPredicates.text(step);
    if (program.startsWith("python") || PatternLiterals.finds(OTA_SCRIPTS, program)) {
      boolean ota = PatternLiterals.finds(OTA_SCRIPTS, program);
      for (int i = 0; i < args.size() && !ota; i++) {
        ota = PatternLiterals.finds(OTA_SCRIPTS, args.get(i).text());
      }
      return ota && PlantPredicates.reachesPlant(all);
    }
    switch (program) {
      case "arduino-cli" -> {
        return has(args, "upload") && portIsAddress(args, Set.of("-p", "--port"));
      }
      case "pio", "platformio" -> {
        return has(args, "upload") && portIsAddress(args, Set.of("--upload-port"));
      }
      case "esphome" -> {
        return has(args, "upload") || has(args, "run")
            ? portIsAddress(args, Set.of("--device"))
            : false;
      }
      case "curl", "wget", "http", "https", "xh" -> {
        return all.matches("(?s).*(?:-F|--form)\\s+['\"]?(?:update|firmware|image)=@.*")
            && all.matches("(?is).*https?://[^\\s]*/(?:update|ota|firmware)\\b.*")
            && PlantPredicates.reachesPlant(all);
      }
      default -> {
        return false;
      }
    }
  }

  private static boolean portIsAddress(List<Word> args, Set<String> options) {
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      String value = null;
      if (options.contains(text) && i + 1 < args.size()) {
        value = args.get(i + 1).text();
      } else if (text.startsWith("--") && text.contains("=")) {
        String name = text.substring(0, text.indexOf('='));
        value = options.contains(name) ? text.substring(text.indexOf('=') + 1) : null;
      }
      if (value != null
          && (value.matches("\\d{1,3}(\\.\\d{1,3}){3}(:\\d+)?")
              || value.contains(".")
              || value.equals("OTA"))
          && !PlantPredicates.local(host(value))) {
        return true;
      }
    }
    return false;
  }

  /** The words of a controller's MCP server's name. */
  private static final Set<String> CONTROLLER_SERVERS =
      NameSet.of(
          "opc",
          "opcua",
          "ua",
          "modbus",
          "pymodbus",
          "plc",
          "s7",
          "snap7",
          "siemens",
          "rockwell",
          "logix",
          "ads",
          "twincat",
          "beckhoff",
          "codesys",
          "scada",
          "ignition",
          "kepware",
          "kepserver",
          "bacnet",
          "dnp3",
          "iec104",
          "ethernetip",
          "cip",
          "profinet",
          "openplc");

  /** An MCP tool's verb that writes a tag, a node, a register or a coil. */
  private static final Pattern TOOL_WRITES =
      Pattern.compile(
          "(?i)^(?:\\w*_)?(?:write|set|force|call_method|method_call|stop|start|reset)(?:_\\w*)?$");

  /**
   * A controller's MCP tool that writes a tag, a node, a register or a coil, or calls a method
   * ({@code mcp__opcua__write_opcua_node}), unless its arguments name a simulator.
   */
  static String toolWrites(Scan scan) {
    if (PlantPredicates.toolArguments(scan, CONTROLLER_SERVERS, TOOL_WRITES) == null) {
      return null;
    }
    JsonNode node = scan.call().args() == null ? null : scan.call().args().get("node_id");
    return scan.call().tool() + (node != null && node.isTextual() ? " " + node.asText() : "");
  }

  private static boolean web(String program) {
    return switch (program) {
      case "curl", "wget", "http", "https", "xh" -> true;
      default -> false;
    };
  }

  /** Whether an HTTP client reaches a path of these on a host of the plant. */
  private static boolean webPath(Step step, Pattern paths) {
    for (Word word : step.args()) {
      String text = word.text();
      if (text.length() < 4096 && text.contains("://") && paths.matcher(text).find()) {
        String host = Hosts.of(text);
        return host != null && !PlantPredicates.local(host);
      }
    }
    return false;
  }

  /** Whether an HTTP client sends a POST or a PUT, or a body. */
  private static boolean sendsBody(List<Word> args) {
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if (text.startsWith("-d")
          || text.startsWith("--data")
          || text.equals("--json")
          || text.equals("POST")
          || text.equals("PUT")
          || text.equals("-XPOST")
          || text.equals("-XPUT")) {
        return true;
      }
    }
    return false;
  }

  private static boolean has(List<Word> args, String text) {
    return HardwarePredicates.has(args, text);
  }

  private static String host(String text) {
    String host = text;
    int at = host.lastIndexOf('@');
    host = at >= 0 ? host.substring(at + 1) : host;
    int colon = host.indexOf(':');
    return (colon >= 0 ? host.substring(0, colon) : host).toLowerCase(Locale.ROOT);
  }
}
