package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What reaches a fleet of devices or opens one to the network, as {@code hardware.fleet-broadcast},
 * {@code hardware.broker-dump}, {@code hardware.set-point}'s commands and {@code
 * hardware.debug-server-open} read it (decision 100): an MQTT broker's topics, AWS's and Azure's
 * IoT jobs, a loop of ssh over hosts, a debugger's or a serial console's server. Registered by
 * {@link HardwarePredicates}.
 */
final class HardwareFleet {
  private HardwareFleet() {}

  /** A topic's segments that address every device at once. */
  private static final Set<String> BROADCAST =
      NameSet.of("all", "+", "#", "*", "broadcast", "everyone");

  /** A topic's segments that command a device. */
  private static final Set<String> COMMANDS =
      NameSet.of(
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
      NameSet.of(
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

  private static final Pattern BINDTO = Pattern.compile("bindto\\s+(\\S+)");

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
    if (host == null || HardwarePredicates.loopbackOrLocal(host)) {
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
      case "JLinkRemoteServer", "JLinkRemoteServerCLExe", "JLinkRemoteServerExe" -> {
        return !HardwarePredicates.has(args, "-LocalhostOnly")
            && !HardwarePredicates.has(args, "-localhostonly");
      }
      case "usbip" -> {
        return HardwarePredicates.has(args, "bind"); // a USB device (a probe) exported
      }
      case "ser2net" -> {
        for (Word word : args) {
          String text = word.text();
          if (text.contains("localhost") || text.contains("127.0.0.1")) {
            return false;
          }
        }
        return !HardwarePredicates.has(args, "-h") && !HardwarePredicates.has(args, "-v");
      }
      case "JLinkGDBServer", "JLinkGDBServerCLExe", "JLinkGDBServerExe" -> {
        return HardwarePredicates.has(args, "-nolocalhostonly")
            || HardwarePredicates.has(args, "-NoLocalhostOnly");
      }
      case "pyocd" -> {
        return HardwarePredicates.has(args, "--allow-remote");
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
  static boolean overAFleet(Scan scan, Step step) {
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
}
