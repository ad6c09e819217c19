package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A site's machine commanded where it listens (issue 80 round 75, decision 334, {@code
 * hardware.site-machine-commanded}): a publish on the site's own broker to a topic that sets, runs,
 * switches or mutes a machine ({@code barn/ventilation/set}, {@code farm/slurry/pump/cmd}, {@code
 * farm/generator/ats/mode}, {@code farm/alarms/milktank/mute}), by mosquitto_pub, MQTTX or paho's
 * {@code publish.single} and {@code client.publish}; or a write to the settings of a device's own
 * HTTP API on the local network ({@code curl -X POST http://192.168.10.45/api/feeder/settings}).
 * {@link HardwareFleet} reads a remote broker's fleet and takes this machine's broker for a
 * developer's; a farm's, a greenhouse's or a workshop's broker runs on the same small computer as
 * its scripts, and its topics name the pump, the valve or the fans they move.
 *
 * <p>Not read here: a subscribe, a status or telemetry topic, a topic or a host that says test,
 * development or simulation, a GET, a write to this machine's own web app.
 */
final class SiteMachines {
  private SiteMachines() {}

  /** A topic's or a path's segments that command: set, run, switch mode, mute. */
  private static final Set<String> COMMANDS =
      NameSet.of(
          "set",
          "cmd",
          "command",
          "commands",
          "mode",
          "mute",
          "control",
          "override",
          "switch",
          "settings",
          "config",
          "setpoint",
          "actuate",
          "activate");

  /** The machines and alarms of a site, as a topic's or path's part names them. */
  private static final Pattern MACHINE =
      Pattern.compile(
          "(?i)pump|valve|fans?(?![a-z])|ventilat|heat(?:er|ing|pump)|boiler|burner|furnace|generator|\\bats\\b|alarm|siren"
              + "|feeder|mixer|tanks?(?![a-z])|incubat|irrigat|sprinkler|chlorinat|dosing|doser|compressor"
              + "|chiller|cooler|freezer|fridge|hvac|thermostat|motor|conveyor|relay|breaker"
              + "|inverter|kiln|oven|curtain|vent\\b|\\bgates?\\b|barrier|milking|robot");

  /** The private network 172.16.0.0/12. */
  private static final Pattern PRIVATE_172 =
      Pattern.compile("172\\.(?:1[6-9]|2\\d|3[01])\\.\\d{1,3}\\.\\d{1,3}");

  /** A topic's literal in paho's publish: {@code publish.single('t', …)}, {@code .publish('t'}. */
  private static final Pattern PAHO_TOPIC =
      Pattern.compile(
          "\\b(?:single|multiple|publish)\\s*\\(\\s*(?:topic\\s*=\\s*)?['\"]([^'\"]{1,300})['\"]");

  /**
   * Whether an MQTT client publishes a command to a site's machine.
   *
   * @param step mosquitto_pub, mqttx or mqtt
   * @return whether it does
   */
  static boolean published(Step step) {
    List<Word> args = step.args();
    boolean mqttx = step.program().equals("mqttx") || step.program().equals("mqtt");
    if (mqttx && (args.isEmpty() || !args.get(0).text().startsWith("pub"))) {
      return false;
    }
    for (int i = 0; i + 1 < args.size(); i++) {
      String text = args.get(i).text();
      String value = args.get(i + 1).text();
      if ((text.equals("-h") || text.equals("--host") || text.equals("--hostname"))
          && testNamed(value)) {
        return false;
      }
    }
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      String value = i + 1 < args.size() ? args.get(i + 1).text() : "";
      if (text.startsWith("--topic=")) {
        value = text.substring(8); // mosquitto's long options take --topic=…
      } else if (text.equals("-L") || text.equals("--url")) {
        int slash = value.indexOf('/', value.indexOf("://") + 3); // mqtt://host/barn/fans/set
        value = value.contains("://") && slash > 0 ? value.substring(slash + 1) : "";
      } else if (!text.equals("-t") && !text.equals("--topic")) {
        continue;
      }
      if (commands(value)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether inline code publishes a command to a site's machine through paho.
   *
   * @param step an interpreter
   * @return whether it does
   */
  static boolean codePublished(Step step) {
    String code = InterpreterCode.of(step);
    if (code == null || code.length() > 64 * 1024 || !code.contains("mqtt")) {
      return false;
    }
    Matcher topic = PatternLiterals.matcher(PAHO_TOPIC, code);
    while (topic.find()) {
      if (commands(topic.group(1))) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether an HTTP client writes a device's settings or commands on the local network.
   *
   * @param step curl, wget, httpie or xh
   * @return whether it does
   */
  static boolean deviceApiWritten(Step step) {
    String method = ServiceCalls.method(step.program(), step.args());
    if (!(method.equals("post") || method.equals("put") || method.equals("patch"))) {
      return false;
    }
    for (Word word : step.args()) {
      String text = word.text();
      if (text.length() > 2048 || !text.contains("://")) {
        continue;
      }
      String host = Hosts.of(text);
      int path = text.indexOf('/', text.indexOf("://") + 3);
      if (host != null && lanDevice(host) && path > 0 && commands(text.substring(path + 1))) {
        return true;
      }
    }
    return false;
  }

  /** A host of a private network, by its address or a home network's name. */
  private static boolean lanDevice(String host) {
    return (host.startsWith("192.168.")
            || host.startsWith("10.") && Character.isDigit(host.charAt(host.length() - 1))
            || PatternLiterals.matches(PRIVATE_172, host)
            || host.endsWith(".lan")
            || host.endsWith(".home.arpa"))
        && !testNamed(host);
  }

  /**
   * Whether a topic or a path commands a machine: a segment that commands, a part that names a
   * machine, and no part that says test, development or simulation.
   */
  static boolean commands(String topic) {
    if (topic.length() > 500 || testNamed(topic)) {
      return false;
    }
    boolean command = false;
    for (String segment : topic.split("[/?#]")) {
      command |= COMMANDS.contains(segment.toLowerCase(Locale.ROOT));
    }
    return command && PatternLiterals.finds(MACHINE, topic);
  }

  private static boolean testNamed(String text) {
    return Environments.testName(text) || Environments.stagingHost(text);
  }
}
