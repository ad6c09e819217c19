package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What hardware keeps for good, as {@code hardware.one-time-write} and the firmware's rules read it
 * (decision 100): eFuses burned by a flash, an AVR's fuses, an MCU's read-out protection, an eMMC's
 * once-for-life settings, a Raspberry Pi's OTP, a factory partition, an EEPROM, a device's boot
 * firmware written. Registered by {@link HardwarePredicates}.
 */
final class HardwareOneTimeWrites {
  private HardwareOneTimeWrites() {}

  /** An AVR memory that avrdude writes for good: the fuses and the lock bits. */
  private static final Pattern AVR_FUSE =
      Pattern.compile("(?i)(?:[hle]?fuse\\d{0,2}|fuses|lock|lockbits?)\\s*:\\s*w\\b.*");

  /** avrdude's options that take a value, read past to find -U's. */
  private static final Set<String> AVR_VALUES =
      NameSet.of("-U", "-p", "-c", "-P", "-b", "-B", "-C", "-x", "-i", "-l", "-T");

  /** eMMC settings mmc-utils writes once, for the device's life. */
  private static final Set<String> MMC_ONCE =
      NameSet.of("hwreset", "enh_area", "write_reliability", "gp", "rpmb");

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
      NameSet.of("art", "ART", "factory", "caldata", "calibration", "fctry");

  /** The Pi firmware's mailbox tags that program OTP: the customer's rows, the private key. */
  private static final Set<String> OTP_TAGS =
      NameSet.of("0x38021", "0x00038021", "0x38081", "0x00038081", "0x38024", "0x00038024");

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
      if (operation != null
          && operation.length() < 300
          && PatternLiterals.matches(AVR_FUSE, operation)) {
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
      case "minipro" -> {
        // minipro -p ATMEGA328P -c config -w fuses.conf: the chip's fuses
        return HardwarePredicates.has(args, "config")
            && (HardwarePredicates.has(args, "-w") || HardwarePredicates.has(args, "--write"));
      }
      case "picotool" -> {
        // picotool otp set / load / permissions: the RP2350's one-time memory
        return HardwarePredicates.has(args, "otp")
            && (HardwarePredicates.has(args, "set")
                || HardwarePredicates.has(args, "load")
                || HardwarePredicates.has(args, "permissions"));
      }
      case "uuu" -> {
        for (Word word : args) {
          if (word.text().contains("fuse prog")) {
            return true; // uuu FB: ucmd fuse prog -y 0 6 0x2: an i.MX's fuses
          }
        }
        return false;
      }
      case "odmfuse.sh" -> {
        return !HardwarePredicates.has(args, "-h") && !HardwarePredicates.has(args, "--noburn");
      }
      case "rpiboot" -> {
        for (Word word : args) {
          if (word.text().contains("secure-boot-recovery")) {
            return true; // programs the public key's hash into OTP for secure boot
          }
        }
        return false;
      }
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
        return HardwarePredicates.has(args, "--rbp")
            || HardwarePredicates.has(args, "--protect")
            || HardwarePredicates.has(args, "--memwr")
                && HardwarePredicates.has(args, "0x10001208");
      }
      case "nrfutil" -> {
        return HardwarePredicates.has(args, "protection-set");
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
      boolean set = HardwarePredicates.has(args, "set");
      return set && (HardwarePredicates.has(args, "-p") || HardwarePredicates.has(args, "perm"));
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
        return HardwarePredicates.has(args, "-w") || HardwarePredicates.has(args, "--write");
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
      boolean changes =
          HardwarePredicates.has(args, "erase") || HardwarePredicates.has(args, "write");
      for (Word word : args) {
        if (changes && RADIO_CALIBRATION.contains(word.text())) {
          return true;
        }
      }
      return false;
    }
    if (step.program().startsWith("parttool")) {
      if (!HardwarePredicates.has(args, "erase_partition")
          && !HardwarePredicates.has(args, "write_partition")) {
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
    if (!HardwarePredicates.has(args, "erase_region")
        && !HardwarePredicates.has(args, "erase-region")) {
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
    List<String> positionals = HardwarePredicates.positionals(args, Set.of("-m"));
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
    if (!HardwarePredicates.has(args, "flash")
        && !HardwarePredicates.has(args, "encrypted-flash")
        && !HardwarePredicates.has(args, "bootloader-flash")) {
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

  /**
   * What an edit tool turns on in an ESP-IDF configuration ({@code sdkconfig}, {@code
   * sdkconfig.defaults}, …) that burns the chip's eFuses at its next flash and boot: release-mode
   * flash encryption, secure boot, the ROM's download mode off; the new text holds it and the old
   * did not.
   *
   * @param scan the call
   * @return the file and the setting, or {@code null}
   */
  static String editBurnsOnBoot(Scan scan) {
    CallForRules call = scan.call();
    if (call == null || !call.tool().equals("edit") && !call.tool().equals("write")) {
      return null;
    }
    JsonNode args = call.args();
    JsonNode path = args.has("path") ? args.get("path") : args.get("file_path");
    String file = path == null || !path.isTextual() ? "" : path.asText();
    if (!file.substring(file.lastIndexOf('/') + 1).startsWith("sdkconfig")) {
      return null;
    }
    String now = EditCalls.text(args, "new_string", "new_str", "content", "file_text");
    String old = EditCalls.text(args, "old_string", "old_str");
    if (now == null || !burnsOnBoot(now) || old != null && burnsOnBoot(old)) {
      return null;
    }
    return file;
  }

  /**
   * Whether a program writes such a setting into an ESP-IDF configuration: {@code echo
   * CONFIG_SECURE_BOOT=y >> sdkconfig.defaults}, {@code sed -i 's/…DEVELOPMENT=y/…RELEASE=y/'}.
   */
  static boolean writesBurnSetting(Step step) {
    boolean setting = false;
    boolean config = false;
    for (Word word : step.args()) {
      String text = word.text();
      setting |= burnsOnBoot(text);
      config |= text.contains("sdkconfig");
    }
    for (Redirect redirect : step.invocation().redirects()) {
      config |= redirect.writes() && redirect.target().text().contains("sdkconfig");
    }
    return setting && config;
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
   * Whether a device's boot firmware or its environment is written: a Pi's bootloader EEPROM
   * ({@code rpi-eeprom-update -d -f}), a flash chip ({@code flashrom -w}), U-Boot's environment
   * ({@code fw_setenv}), a system image installed ({@code sysupgrade}, {@code swupdate -i}, {@code
   * mender install}, {@code rauc install}): a bad image and the unit does not boot.
   */
  static boolean firmwareWritten(List<Word> args, Step step) {
    switch (step.program()) {
      case "rpi-eeprom-update" -> {
        return HardwarePredicates.has(args, "-f")
            || HardwarePredicates.has(args, "-d") && !HardwarePredicates.has(args, "-r");
      }
      case "flashrom" -> {
        if (HardwareSimulators.flashromDummy(args)) {
          return false;
        }
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
        return !HardwarePredicates.has(args, "-T")
            && !HardwarePredicates.has(args, "--test")
            && !HardwarePredicates.has(args, "-h")
            && HardwarePredicates.positionals(args).size() >= 1;
      }
      case "swupdate" -> {
        return HardwarePredicates.has(args, "-i") || HardwarePredicates.has(args, "--image");
      }
      case "mender", "mender-update", "rauc" -> {
        return HardwarePredicates.has(args, "install");
      }
      default -> {
        return false;
      }
    }
  }
}
