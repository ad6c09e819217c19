package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the book's {@code hardware.*} rules ask in code (issue 80, decision 100): hardware changed
 * for good (an AVR's fuses or lock bits, an MCU's read-out protection, an eMMC's one-time settings,
 * a Raspberry Pi's OTP, a factory partition, an EEPROM), the physical world moved (a PLC stopped or
 * written, a robot's controller, a CAN bus, a radio transmitting, an alarm or a door, a set-point),
 * a fleet commanded through its broker, and a debug server opened to the network.
 *
 * <p>The lab's hardware is what a call reaches that is not this machine: a device on a serial port
 * or a bus, a host that is not loopback. A simulator is this machine's: a loopback address ({@code
 * 127.0.0.1:5020}, URSim's {@code 127.0.0.1:30002}), a virtual CAN ({@code vcan0}), virtual eFuses
 * ({@code --virt}), a broker on localhost. Every predicate reads the program's own words, its
 * inline code or its here-documents; none reads the disk.
 */
final class HardwarePredicates {
  /** An AVR memory that avrdude writes for good: the fuses and the lock bits. */
  private static final Pattern AVR_FUSE =
      Pattern.compile("(?i)(?:[hle]?fuse\\d{0,2}|fuses|lock|lockbits?)\\s*:\\s*w\\b.*");

  /** avrdude's options that take a value, read past to find -U's. */
  private static final Set<String> AVR_VALUES =
      Set.of("-U", "-p", "-c", "-P", "-b", "-B", "-C", "-x", "-i", "-l", "-T");

  /** eMMC settings mmc-utils writes once, for the device's life. */
  private static final Set<String> MMC_ONCE =
      Set.of("hwreset", "enh_area", "write_reliability", "gp", "rpmb");

  /** The partitions that hold what exists nowhere else: a unit's certificate, keys, calibration. */
  private static final List<String> FACTORY_PARTITIONS =
      List.of(
          "fctry",
          "factory_nvs",
          "factory_data",
          "nvs_key",
          "esp_secure_cert",
          "secure_cert",
          "efuse_em",
          "calib",
          "prov_data",
          "mfg_data");

  /** The MTD partitions of a router or gateway that hold its radios' calibration. */
  private static final Set<String> RADIO_CALIBRATION =
      Set.of("art", "ART", "factory", "caldata", "calibration", "fctry");

  /** The Pi firmware's mailbox tags that program OTP: the customer's rows, the private key. */
  private static final Set<String> OTP_TAGS =
      Set.of("0x38021", "0x00038021", "0x38081", "0x00038081", "0x38024", "0x00038024");

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

  /** A topic's segments that address every device at once. */
  private static final Set<String> BROADCAST =
      Set.of("all", "+", "#", "*", "broadcast", "everyone");

  /** A topic's segments that command a device. */
  private static final Set<String> COMMANDS =
      Set.of(
          "cmd",
          "cmds",
          "command",
          "commands",
          "ota",
          "reboot",
          "reset",
          "config",
          "set",
          "rpc",
          "update",
          "firmware",
          "control");

  /** mosquitto's options that take a value, read past to find the topic and the host. */
  private static final Set<String> MQTT_VALUES =
      Set.of(
          "-h",
          "--host",
          "-p",
          "--port",
          "-t",
          "--topic",
          "-m",
          "--message",
          "-f",
          "--file",
          "-u",
          "--username",
          "-P",
          "--pw",
          "-i",
          "--id",
          "-I",
          "--id-prefix",
          "-q",
          "--qos",
          "-k",
          "--keepalive",
          "-L",
          "--url",
          "-A",
          "-V",
          "--protocol-version",
          "--cafile",
          "--capath",
          "--cert",
          "--key",
          "-W",
          "-C",
          "-T",
          "--filter-out",
          "-D",
          "--property",
          "-M",
          "-x",
          "--will-topic",
          "--will-payload",
          "--will-qos",
          "-U",
          "--unsubscribe",
          "--tls-version",
          "--ciphers",
          "--psk",
          "--psk-identity",
          "-F",
          "--proxy",
          "--repeat",
          "--repeat-delay",
          "-o",
          "--os-certs");

  private static final Pattern IPV4 = Pattern.compile("\\b\\d{1,3}(?:\\.\\d{1,3}){3}\\b");

  private static final Pattern BINDTO = Pattern.compile("bindto\\s+(\\S+)");

  private HardwarePredicates() {}

  /** Adds the predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put("avr-fuse-write", (scan, step, read) -> avrFuseWrite(step.args()));
    named.put("mcu-protection-set", (scan, step, read) -> mcuProtection(step));
    named.put("mmc-permanent", (scan, step, read) -> mmcPermanent(step.args()));
    named.put("pi-otp-write", (scan, step, read) -> piOtp(step));
    named.put("factory-data-erased", (scan, step, read) -> factoryErased(scan, step));
    named.put("eeprom-write", (scan, step, read) -> eepromWrite(step.args()));
    named.put("flash-burns-efuses", (scan, step, read) -> flashBurns(scan, step));
    named.put("controller-acts", (scan, step, read) -> controllerActs(step));
    named.put("can-floods", (scan, step, read) -> canFloods(step));
    named.put("can-sends", (scan, step, read) -> canSends(step));
    named.put("can-nmt", (scan, step, read) -> canNmt(step.args()));
    named.put(
        "writes-with-arguments",
        (scan, step, read) -> positionals(step.args(), Set.of("-m", "-P", "-T")).size() >= 3);
    named.put("i2c-transfer-writes", (scan, step, read) -> i2cTransferWrites(step.args()));
    named.put("radio-transmits", (scan, step, read) -> radioTransmits(step));
    named.put("unlocks-premises", (scan, step, read) -> unlocks(step));
    named.put("modem-cut", (scan, step, read) -> modemCut(step));
    named.put("fleet-broadcast", (scan, step, read) -> mqtt(step) == Mqtt.BROADCAST);
    named.put("fleet-command", (scan, step, read) -> mqtt(step) == Mqtt.COMMAND);
    named.put("broker-dump", (scan, step, read) -> mqtt(step) == Mqtt.DUMP);
    named.put("debug-server-open", (scan, step, read) -> debugServerOpen(step));
    named.put("ros-moves", (scan, step, read) -> rosMoves(step.args()));
    named.put("firmware-written", (scan, step, read) -> firmwareWritten(step.args(), step));
    named.put(
        "over-a-fleet",
        (scan, step, read) -> firmwareWritten(step.args(), step) && overAFleet(scan, step));
    named.put(
        "snmp-agent-elsewhere",
        (scan, step, read) -> {
          List<String> positionals = positionals(step.args(), SNMP_VALUES);
          return !positionals.isEmpty() && !loopbackOrLocal(positionals.get(0));
        });
  }

  /** Whether avrdude writes a fuse or the lock bits: {@code -U hfuse:w:0x59:m}. */
  static boolean avrFuseWrite(List<Word> args) {
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      String operation = null;
      if (text.equals("-U") && i + 1 < args.size()) {
        operation = args.get(++i).text();
      } else if (text.startsWith("-U") && text.length() > 2) {
        operation = text.substring(2);
      } else if (AVR_VALUES.contains(text)) {
        i++;
      }
      if (operation != null && operation.length() < 300 && AVR_FUSE.matcher(operation).matches()) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether an MCU's read-out protection or its option bytes are set: st-flash's option area
   * written, STM32CubeProgrammer's RDP level 2, openocd's {@code stm32f4x lock}, nrfjprog's {@code
   * --rbp}, nrfutil's protection.
   */
  static boolean mcuProtection(Step step) {
    List<Word> args = step.args();
    switch (step.program()) {
      case "st-flash" -> {
        boolean option = false;
        boolean write = false;
        for (int i = 0; i < args.size(); i++) {
          String text = args.get(i).text();
          option |=
              text.startsWith("--area=opt")
                  || text.equals("--area")
                      && i + 1 < args.size()
                      && args.get(i + 1).text().startsWith("opt");
          write |= text.equals("write");
        }
        return option && write;
      }
      case "STM32_Programmer_CLI", "STM32_Programmer.sh", "stm32programmercli" -> {
        for (Word word : args) {
          String text = word.text().toLowerCase(Locale.ROOT).replace(" ", "");
          if (text.contains("rdp=0xcc") || text.contains("rdp=2") || text.contains("rdp=cc")) {
            return true;
          }
        }
        return false;
      }
      case "nrfjprog" -> {
        // --memwr 0x10001208: UICR's APPROTECT, the debug port closed
        return has(args, "--rbp")
            || has(args, "--protect")
            || has(args, "--memwr") && has(args, "0x10001208");
      }
      case "nrfutil" -> {
        return has(args, "protection-set");
      }
      case "openocd", "pyocd" -> {
        for (Word word : args) {
          String text = word.text();
          if (text.length() < 2000 && text.contains(" lock") && openocdLocks(text)) {
            return true;
          }
        }
        return false;
      }
      default -> {
        return false;
      }
    }
  }

  /** Whether openocd's commands lock a target's flash: {@code stm32f4x lock 0}. */
  private static boolean openocdLocks(String commands) {
    String[] parts = commands.split("[\\s;]+");
    for (int i = 0; i + 1 < parts.length; i++) {
      String driver = parts[i];
      if (parts[i + 1].equals("lock")
          && (driver.startsWith("stm32") || driver.startsWith("at91") || driver.equals("kinetis"))
          && driver.length() < 20) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether mmc-utils sets what an eMMC keeps for life: a permanent write protection ({@code
   * writeprotect boot set -p}, {@code writeprotect user set perm}), the reset pin, an enhanced
   * area, reliable writes, a general purpose partition, the RPMB key.
   */
  static boolean mmcPermanent(List<Word> args) {
    if (args.isEmpty()) {
      return false;
    }
    String first = args.get(0).text();
    if (first.equals("writeprotect")) {
      boolean set = has(args, "set");
      return set && (has(args, "-p") || has(args, "perm"));
    }
    if (MMC_ONCE.contains(first) && args.size() > 1) {
      String next = args.get(1).text();
      return switch (first) {
        case "hwreset" -> next.equals("enable") || next.equals("disable");
        case "gp" -> next.equals("create");
        case "rpmb" -> next.equals("write-key");
        default -> next.equals("set");
      };
    }
    return false;
  }

  /** Whether a Raspberry Pi's OTP is written: its private key, a customer row, a boot mode. */
  static boolean piOtp(Step step) {
    List<Word> args = step.args();
    switch (step.program()) {
      case "rpi-otp-private-key" -> {
        return has(args, "-w") || has(args, "--write");
      }
      case "vcmailbox" -> {
        for (Word word : args) {
          if (OTP_TAGS.contains(word.text().toLowerCase(Locale.ROOT))) {
            return true;
          }
        }
        return false;
      }
      case "echo", "printf", "tee", "sed" -> {
        for (Word word : args) {
          String text = word.text();
          if (text.length() < 4096
              && (text.contains("program_usb_boot_mode=") || text.contains("program_pubkey=1"))) {
            return true;
          }
        }
        return false;
      }
      default -> {
        return false;
      }
    }
  }

  /**
   * Whether a factory partition is erased or written over: ESP-IDF's parttool naming it, esptool
   * erasing a region the command looks up by its name.
   */
  static boolean factoryErased(Scan scan, Step step) {
    List<Word> args = step.args();
    if (step.program().equals("mtd")) {
      // OpenWrt's mtd erase art, mtd write x.bin factory: the radios' calibration
      boolean changes = has(args, "erase") || has(args, "write");
      for (Word word : args) {
        if (changes && RADIO_CALIBRATION.contains(word.text())) {
          return true;
        }
      }
      return false;
    }
    if (step.program().startsWith("parttool")) {
      if (!has(args, "erase_partition") && !has(args, "write_partition")) {
        return false;
      }
      for (Word word : args) {
        if (factoryName(word.text())) {
          return true;
        }
      }
      return false;
    }
    // esptool erase_region $(parttool.py get_partition_info --partition-name fctry --info offset)
    if (!has(args, "erase_region") && !has(args, "erase-region")) {
      return false;
    }
    String source = scan.source();
    if (source == null || source.length() > 64 * 1024) {
      return false;
    }
    for (String name : FACTORY_PARTITIONS) {
      if (source.contains(name)) {
        return true;
      }
    }
    return false;
  }

  private static boolean factoryName(String text) {
    int equals = text.indexOf('=');
    String name = equals >= 0 ? text.substring(equals + 1) : text;
    for (String factory : FACTORY_PARTITIONS) {
      if (name.equals(factory)
          || name.startsWith(factory) && name.length() < factory.length() + 3) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether i2cset writes an EEPROM (chip address 0x50 to 0x57): the board's identity and
   * calibration, kept nowhere else.
   */
  static boolean eepromWrite(List<Word> args) {
    List<String> positionals = positionals(args, Set.of("-m"));
    if (positionals.size() < 2) {
      return false;
    }
    String chip = positionals.get(1).toLowerCase(Locale.ROOT);
    return chip.length() == 4
        && chip.startsWith("0x5")
        && chip.charAt(3) >= '0'
        && chip.charAt(3) <= '7';
  }

  /**
   * Whether ESP-IDF flashes a build the same command set to burn its eFuses on first boot:
   * release-mode flash encryption or secure boot turned on, then {@code idf.py flash}.
   */
  static boolean flashBurns(Scan scan, Step step) {
    List<Word> args = step.args();
    if (!has(args, "flash") && !has(args, "encrypted-flash") && !has(args, "bootloader-flash")) {
      return false;
    }
    for (Step other : scan.steps()) {
      switch (other.program()) {
        case "echo", "printf", "sed", "tee", "perl" -> {
          for (Word word : other.args()) {
            if (burnsOnBoot(word.text())) {
              return true; // the setting written in the same command, then flashed
            }
          }
        }
        default -> {
          // reads no setting: grep CONFIG_SECURE_BOOT=y sdkconfig is no write
        }
      }
    }
    return false;
  }

  /** Whether a setting makes the first boot burn eFuses for good: release mode, secure boot. */
  private static boolean burnsOnBoot(String text) {
    return text.length() < 8192
        && (text.contains("FLASH_ENCRYPTION_MODE_RELEASE=y")
            || text.contains("SECURE_BOOT_V2_ENABLED=y")
            || text.contains("CONFIG_SECURE_BOOT=y")
            || text.contains("SECURE_DISABLE_ROM_DL_MODE=y"));
  }

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
            && !loopbackOrLocal(parts[3])) {
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
        List<String> positionals = positionals(args, MBPOLL_VALUES);
        return positionals.size() >= 2 && !loopbackOrLocal(positionals.get(0));
      }
      case "bacrd", "bacdcc" -> {
        return positionals(args).size() >= 2;
      }
      case "uawrite", "uacall" -> {
        for (Word word : args) {
          String text = word.text();
          int scheme = text.indexOf("opc.tcp://");
          if (scheme >= 0 && text.length() < 1000) {
            String host = text.substring(scheme + 10).split("[:/]", 2)[0];
            return !loopbackOrLocal(host);
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

  /** net-snmp's options that take a value, read past to find the agent. */
  private static final Set<String> SNMP_VALUES =
      Set.of(
          "-v", "-c", "-u", "-l", "-a", "-A", "-x", "-X", "-t", "-r", "-m", "-M", "-O", "-I", "-n",
          "-e", "-E", "-Z", "-Y", "-L", "-C", "-P", "-D");

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
      local |= loopbackOrLocal(text) || text.equals("--sim") || text.equals("--simulator");
      local |= text.equals("--dry-run") || text.equals("--help") || text.equals("-h");
    }
    return verb && !local && elsewhere(args.subList(from, args.size()));
  }

  /** Whether nc, socat or telnet sends to one of the ports on a host that is not this machine. */
  private static boolean sendsToPort(Step step, Set<String> ports) {
    List<Word> args = step.args();
    if (has(args, "-z") || has(args, "-zv") || has(args, "-vz") || has(args, "-l")) {
      return false; // a port checked, or a listener
    }
    if (step.program().equals("socat")) {
      for (Word word : args) {
        String text = word.text().toLowerCase(Locale.ROOT);
        if (text.startsWith("tcp") || text.startsWith("udp")) {
          String[] parts = text.split("[:,]");
          if (parts.length >= 3 && ports.contains(parts[2]) && !loopbackOrLocal(parts[1])) {
            return true;
          }
        }
      }
      return false;
    }
    List<String> positionals = positionals(args, Set.of("-q", "-w", "-i", "-p", "-s", "-e"));
    for (int i = 0; i + 1 < positionals.size(); i++) {
      if (ports.contains(positionals.get(i + 1)) && !loopbackOrLocal(positionals.get(i))) {
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
    List<String> positionals = positionals(args, CAN_VALUES);
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
    List<String> positionals = positionals(args, CAN_VALUES);
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
      return has(args, "-t") || has(args, "-c");
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
      return !has(args, "--help") && !has(args, "-h");
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

  /** What an MQTT client does to a broker: nothing of note, a dump, a command, a broadcast. */
  enum Mqtt {
    NONE,
    DUMP,
    COMMAND,
    BROADCAST
  }

  /**
   * What mosquitto_pub or mosquitto_sub does to a broker that is not this machine's: every device
   * addressed (a topic's {@code all} or wildcard, retained messages wiped), a device commanded (a
   * {@code cmd} or {@code config} topic, a retained message), every topic read ({@code -t '#'}).
   */
  static Mqtt mqtt(Step step) {
    List<Word> args = step.args();
    int from = 0;
    boolean publish;
    switch (step.program()) {
      case "mosquitto_pub" -> publish = true;
      case "mosquitto_sub" -> publish = false;
      case "mqttx", "mqtt" -> {
        // MQTTX's and HiveMQ's clients: mqttx pub -h host -t topic -m …
        String verb = args.isEmpty() ? "" : args.get(0).text();
        publish = verb.equals("pub") || verb.equals("publish");
        if (!publish && !verb.equals("sub") && !verb.equals("subscribe")) {
          return Mqtt.NONE;
        }
        from = 1;
      }
      case "aws" -> {
        return awsIot(args);
      }
      case "az" -> {
        return azureIot(args);
      }
      default -> {
        return Mqtt.NONE;
      }
    }
    String host = null;
    boolean retained = false;
    boolean empty = false;
    Mqtt found = Mqtt.NONE;
    for (int i = from; i < args.size(); i++) {
      String text = args.get(i).text();
      String value = i + 1 < args.size() ? args.get(i + 1).text() : "";
      switch (text) {
        case "-h", "--host", "--hostname" -> host = value;
        case "-L", "--url" -> {
          host = Hosts.of(value);
          int slash = value.indexOf('/', value.indexOf("://") + 3);
          if (slash > 0) {
            found = max(found, topic(value.substring(slash + 1), publish));
          }
        }
        case "-t", "--topic" -> found = max(found, topic(value, publish));
        case "-r", "--retain" -> retained = true;
        case "-n", "--null-message" -> empty = true;
        default -> {
          // not an option the rules read
        }
      }
      if (MQTT_VALUES.contains(text)) {
        i++;
      }
    }
    if (host == null || loopbackOrLocal(host)) {
      return Mqtt.NONE; // mosquitto's default: this machine's broker
    }
    if (publish && retained && empty) {
      return Mqtt.BROADCAST; // the retained message every device reads at connect, wiped
    }
    if (publish && retained && found == Mqtt.NONE) {
      return Mqtt.COMMAND;
    }
    return found;
  }

  /**
   * What the AWS CLI does to a fleet: a publish through IoT Core's broker ({@code aws iot-data
   * publish --topic}), read as a broker's; a job or an OTA update for a thing group (every device
   * in it) or for one thing.
   */
  private static Mqtt awsIot(List<Word> args) {
    int at = -1;
    for (int i = 0; i + 1 < args.size() && i < 8; i++) {
      String text = args.get(i).text();
      if (text.equals("iot-data") || text.equals("iot")) {
        at = i;
        break;
      }
    }
    if (at < 0) {
      return Mqtt.NONE;
    }
    String service = args.get(at).text();
    String verb = args.get(at + 1).text();
    if (service.equals("iot-data") && verb.equals("publish")) {
      for (int i = at + 2; i < args.size(); i++) {
        String text = args.get(i).text();
        if (text.equals("--topic") && i + 1 < args.size()) {
          return topic(args.get(i + 1).text(), true);
        }
        if (text.startsWith("--topic=")) {
          return topic(text.substring(8), true);
        }
      }
      return Mqtt.NONE;
    }
    if (service.equals("iot") && (verb.equals("create-job") || verb.equals("create-ota-update"))) {
      for (int i = at + 2; i < args.size(); i++) {
        String text = args.get(i).text();
        if (text.length() < 4096 && text.contains(":thinggroup/")) {
          return Mqtt.BROADCAST;
        }
      }
      return Mqtt.COMMAND;
    }
    return Mqtt.NONE;
  }

  /**
   * What the Azure CLI does to a fleet: a direct method or a twin's desired properties for one
   * device, a job, a configuration or an edge deployment for every device a condition selects.
   */
  private static Mqtt azureIot(List<Word> args) {
    if (args.size() < 4 || !args.get(0).text().equals("iot")) {
      return Mqtt.NONE;
    }
    String group = args.get(1).text();
    String noun = args.get(2).text();
    String verb = args.get(3).text();
    if (group.equals("hub")
        && (noun.equals("invoke-device-method") || noun.equals("invoke-module-method"))) {
      return Mqtt.COMMAND;
    }
    if (group.equals("hub")
        && (noun.equals("device-twin") || noun.equals("module-twin"))
        && (verb.equals("update") || verb.equals("replace"))) {
      return Mqtt.COMMAND;
    }
    if ((group.equals("hub") && (noun.equals("job") || noun.equals("configuration"))
            || group.equals("edge") && noun.equals("deployment"))
        && verb.equals("create")) {
      return Mqtt.BROADCAST; // every device its condition selects
    }
    return Mqtt.NONE;
  }

  private static Mqtt max(Mqtt a, Mqtt b) {
    return a.ordinal() >= b.ordinal() ? a : b;
  }

  private static Mqtt topic(String topic, boolean publish) {
    if (topic.length() > 1000) {
      return Mqtt.NONE;
    }
    String[] segments = topic.split("/");
    if (!publish) {
      return segments.length > 0
              && segments[segments.length - 1].equals("#")
              && segments.length <= 2
          ? Mqtt.DUMP
          : Mqtt.NONE;
    }
    Mqtt found = Mqtt.NONE;
    for (String segment : segments) {
      String s = segment.toLowerCase(Locale.ROOT);
      if (BROADCAST.contains(s)) {
        return Mqtt.BROADCAST;
      }
      if (COMMANDS.contains(s)) {
        found = Mqtt.COMMAND;
      }
    }
    return found;
  }

  /**
   * Whether a debug server is opened beyond this machine: openocd bound to another address than
   * loopback, gdbserver on 0.0.0.0, J-Link's or pyOCD's server allowed remote clients.
   */
  static boolean debugServerOpen(Step step) {
    List<Word> args = step.args();
    switch (step.program()) {
      case "openocd" -> {
        for (Word word : args) {
          String text = word.text();
          if (text.length() < 2000 && text.contains("bindto")) {
            Matcher bind = BINDTO.matcher(text);
            while (bind.find()) {
              String address = bind.group(1).replace("\"", "").replace("'", "");
              if (!address.equals("localhost")
                  && !address.startsWith("127.")
                  && !address.equals("::1")) {
                return true;
              }
            }
          }
        }
        return false;
      }
      case "gdbserver" -> {
        for (Word word : args) {
          if (word.text().startsWith("0.0.0.0:") || word.text().startsWith("*:")) {
            return true;
          }
        }
        return false;
      }
      case "socat" -> {
        // socat TCP-LISTEN:2000,fork /dev/ttyUSB0: a board's serial console on the network
        boolean listens = false;
        boolean serial = false;
        for (Word word : args) {
          String text = word.text().toLowerCase(Locale.ROOT);
          listens |=
              (text.startsWith("tcp-listen:")
                      || text.startsWith("tcp4-listen:")
                      || text.startsWith("tcp6-listen:"))
                  && !text.contains("bind=127.")
                  && !text.contains("bind=localhost");
          serial |= text.contains("/dev/tty");
        }
        return listens && serial;
      }
      case "ser2net" -> {
        for (Word word : args) {
          String text = word.text();
          if (text.contains("localhost") || text.contains("127.0.0.1")) {
            return false;
          }
        }
        return !has(args, "-h") && !has(args, "-v");
      }
      case "JLinkGDBServer", "JLinkGDBServerCLExe", "JLinkGDBServerExe" -> {
        return has(args, "-nolocalhostonly") || has(args, "-NoLocalhostOnly");
      }
      case "pyocd" -> {
        return has(args, "--allow-remote");
      }
      default -> {
        return false;
      }
    }
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

  /**
   * Whether a device's boot firmware or its environment is written: a Pi's bootloader EEPROM
   * ({@code rpi-eeprom-update -d -f}), a flash chip ({@code flashrom -w}), U-Boot's environment
   * ({@code fw_setenv}), a system image installed ({@code sysupgrade}, {@code swupdate -i}, {@code
   * mender install}, {@code rauc install}): a bad image and the unit does not boot.
   */
  static boolean firmwareWritten(List<Word> args, Step step) {
    switch (step.program()) {
      case "rpi-eeprom-update" -> {
        return has(args, "-f") || has(args, "-d") && !has(args, "-r");
      }
      case "flashrom" -> {
        for (Word word : args) {
          String text = word.text();
          if (text.equals("-w") || text.equals("--write") || text.startsWith("--write=")) {
            return true;
          }
          if (text.equals("-E") || text.equals("--erase")) {
            return true;
          }
        }
        return false;
      }
      case "fw_setenv" -> {
        return !args.isEmpty();
      }
      case "sysupgrade" -> {
        return !has(args, "-T")
            && !has(args, "--test")
            && !has(args, "-h")
            && positionals(args).size() >= 1;
      }
      case "swupdate" -> {
        return has(args, "-i") || has(args, "--image");
      }
      case "mender", "mender-update", "rauc" -> {
        return has(args, "install");
      }
      default -> {
        return false;
      }
    }
  }

  /**
   * Whether a program reached through ssh runs once for each host of a list: a loop, {@code xargs},
   * {@code parallel}, {@code pssh} or {@code pdsh} around it.
   */
  private static boolean overAFleet(Scan scan, Step step) {
    boolean remote = false;
    for (String via : step.invocation().via()) {
      remote |= via.startsWith("ssh") || via.startsWith("pssh") || via.startsWith("pdsh");
    }
    String source = scan.source();
    if (!remote || source == null || source.length() > 64 * 1024) {
      return false;
    }
    return source.contains("for ")
        || source.contains("while ")
        || source.contains("xargs")
        || source.contains("parallel")
        || source.contains("pssh")
        || source.contains("pdsh");
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

  /** Whether the words name a host that is not this machine (a lab's device, a fleet's). */
  static boolean elsewhere(List<Word> args) {
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if (text.startsWith("-") && text.contains("=")) {
        text = text.substring(text.indexOf('=') + 1);
      }
      String host = OtherHosts.hostOf(text);
      if (host != null && !OtherHosts.ownHost(host)) {
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

  private static boolean loopbackOrLocal(String text) {
    String host = text;
    int at = host.lastIndexOf('@');
    host = at >= 0 ? host.substring(at + 1) : host;
    // Not OtherHosts.ownHost: a staging or .local name is a lab's real device, a dev board too.
    return Hosts.loopback(host) && !host.equals("0.0.0.0") || Environments.localHost(host);
  }

  private static boolean has(List<Word> args, String text) {
    for (Word word : args) {
      if (word.text().equals(text)) {
        return true;
      }
    }
    return false;
  }

  private static List<String> positionals(List<Word> args) {
    return positionals(args, Set.of());
  }

  private static List<String> positionals(List<Word> args, Set<String> values) {
    List<String> found = new java.util.ArrayList<>();
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if (text.startsWith("-") && text.length() > 1) {
        if (values.contains(text)) {
          i++;
        }
        continue;
      }
      found.add(text);
    }
    return found;
  }
}
