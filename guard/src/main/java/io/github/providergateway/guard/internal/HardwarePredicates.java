package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.Map;
import java.util.Set;

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
 *
 * <p>This class registers the names and holds what they share (a host that is not this machine, an
 * option given, the positionals); the knowledge is {@link HardwareOneTimeWrites}' (what hardware
 * keeps for good), {@link HardwareActuations}' and {@link HardwareBuses}' (what moves the world)
 * and {@link HardwareFleet}'s (what reaches a fleet or opens a device to the network).
 */
final class HardwarePredicates {
  private HardwarePredicates() {}

  /** Adds the predicates of the whole call under their names. */
  static void addCallsTo(Map<String, Where.CallPredicate> named) {
    named.put("edit-burns-on-boot", HardwareOneTimeWrites::editBurnsOnBoot);
  }

  /** Adds the predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put(
        "avr-fuse-write", (scan, step, read) -> HardwareOneTimeWrites.avrFuseWrite(step.args()));
    named.put(
        "mcu-protection-set", (scan, step, read) -> HardwareOneTimeWrites.mcuProtection(step));
    named.put(
        "mmc-permanent", (scan, step, read) -> HardwareOneTimeWrites.mmcPermanent(step.args()));
    named.put("pi-otp-write", (scan, step, read) -> HardwareOneTimeWrites.piOtp(step));
    named.put(
        "factory-data-erased",
        (scan, step, read) -> HardwareOneTimeWrites.factoryErased(scan, step));
    named.put("eeprom-write", (scan, step, read) -> HardwareOneTimeWrites.eepromWrite(step.args()));
    named.put(
        "writes-burn-setting", (scan, step, read) -> HardwareOneTimeWrites.writesBurnSetting(step));
    named.put(
        "flash-burns-efuses", (scan, step, read) -> HardwareOneTimeWrites.flashBurns(scan, step));
    named.put("controller-acts", (scan, step, read) -> HardwareActuations.controllerActs(step));
    named.put("can-floods", (scan, step, read) -> HardwareBuses.canFloods(step));
    named.put("can-sends", (scan, step, read) -> HardwareBuses.canSends(step));
    named.put("code-writes-i2c", (scan, step, read) -> HardwareBuses.codeWritesI2c(step));
    named.put("code-sends-can", (scan, step, read) -> HardwareBuses.codeSendsCan(step));
    named.put("can-nmt", (scan, step, read) -> HardwareBuses.canNmt(step.args()));
    named.put(
        "writes-with-arguments",
        (scan, step, read) -> positionals(step.args(), Set.of("-m", "-P", "-T")).size() >= 3);
    named.put(
        "i2c-transfer-writes", (scan, step, read) -> HardwareBuses.i2cTransferWrites(step.args()));
    named.put("radio-transmits", (scan, step, read) -> HardwareBuses.radioTransmits(step));
    named.put("unlocks-premises", (scan, step, read) -> HardwareActuations.unlocks(step));
    named.put("modem-cut", (scan, step, read) -> HardwareActuations.modemCut(step));
    named.put(
        "fleet-broadcast",
        (scan, step, read) ->
            HardwareFleet.mqtt(step) == HardwareFleet.Mqtt.BROADCAST
                // a fleet of a sandbox account, a staging broker (decision 207): --profile
                // hh-sandbox
                && !TestPlaceNamed.besideProduction(step, step.args()));
    named.put(
        "fleet-command",
        (scan, step, read) -> HardwareFleet.mqtt(step) == HardwareFleet.Mqtt.COMMAND);
    named.put("site-machine-published", (scan, step, read) -> SiteMachines.published(step));
    named.put(
        "code-site-machine-published", (scan, step, read) -> SiteMachines.codePublished(step));
    named.put(
        "device-api-settings-written",
        (scan, step, read) -> SiteMachines.deviceApiWritten(step)); // round 75, decision 334
    named.put(
        "broker-dump", (scan, step, read) -> HardwareFleet.mqtt(step) == HardwareFleet.Mqtt.DUMP);
    named.put("debug-server-open", (scan, step, read) -> HardwareFleet.debugServerOpen(step));
    named.put(
        "ros-moves",
        (scan, step, read) ->
            HardwareBuses.rosMoves(step.args()) && !HardwareBuses.rosLocalOnly(scan.source()));
    named.put("a-real-tpm", (scan, step, read) -> !HardwareSimulators.softwareTpm(step.args()));
    named.put(
        "firmware-written",
        (scan, step, read) -> HardwareOneTimeWrites.firmwareWritten(step.args(), step));
    named.put(
        "over-a-fleet",
        (scan, step, read) ->
            HardwareOneTimeWrites.firmwareWritten(step.args(), step)
                && HardwareFleet.overAFleet(scan, step));
  }

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

  static boolean loopbackOrLocal(String text) {
    String host = text;
    int at = host.lastIndexOf('@');
    host = at >= 0 ? host.substring(at + 1) : host;
    // Not OtherHosts.ownHost: a staging or .local name is a lab's real device, a dev board too.
    return Hosts.loopback(host) && !host.equals("0.0.0.0") || Environments.localHost(host);
  }

  static boolean has(List<Word> args, String text) {
    for (Word word : args) {
      if (word.text().equals(text)) {
        return true;
      }
    }
    return false;
  }

  static List<String> positionals(List<Word> args) {
    return positionals(args, Set.of());
  }

  static List<String> positionals(List<Word> args, Set<String> values) {
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
