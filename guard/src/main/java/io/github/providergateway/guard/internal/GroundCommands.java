package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A command sent to a live vehicle, station or device by its own ground or head-end tools (decision
 * 214): F´'s {@code fprime-cli command-send} and cFS's {@code cmdUtil} pointed at a ground system
 * that is not this machine, OpenC3 COSMOS's {@code cmd(…)} with the API host of another machine,
 * Yamcs' {@code issue_command} or its commands endpoint on an instance that is no simulator's, a
 * Sparkplug device or node command ({@code DCMD}, {@code NCMD}) published to a broker not on this
 * machine, a SOAP operation that acts ({@code InitiateConnectDisconnect}). Each tool talks to this
 * machine unless told another host: that host is the live fleet's.
 */
final class GroundCommands {
  private GroundCommands() {}

  /** What the program sends to a live fleet, or {@code null}. */
  static String sent(Scan scan, Step step) {
    String program = step.program().toLowerCase(Locale.ROOT);
    List<Word> args = step.args();
    return switch (program) {
      case "fprime-cli" ->
          step.invocation().args().contains("command-send")
              ? remoteValue(args, "--ip-address", "--ip-address")
              : null;
      case "cmdutil" -> remoteValue(args, "--host", "-H");
      case "mosquitto_pub" -> sparkplugCommand(args);
      case "curl", "wget", "http", "https", "xh" -> overHttp(step, args);
      default -> step.interpreter() && scan.source() != null ? inCode(scan.source()) : null;
    };
  }

  /** An option's value ({@code --host=x}, {@code --host x}) when it names another machine. */
  private static String remoteValue(List<Word> args, String longName, String shortName) {
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      String value = null;
      if (text.startsWith(longName + "=")) {
        value = args.get(i).literal() ? text.substring(longName.length() + 1) : "?";
      } else if ((text.equals(longName) || text.equals(shortName)) && i + 1 < args.size()) {
        value = args.get(i + 1).literal() ? args.get(i + 1).text() : "?";
      }
      if (value != null && remote(value)) {
        return text.startsWith(longName + "=") ? text : text + " " + value;
      }
    }
    return null;
  }

  private static boolean remote(String host) {
    String h = Environments.host(host).toLowerCase(Locale.ROOT);
    return h.equals("?") || !PlantPredicates.local(h) && !Environments.stagingHost(h);
  }

  /** Sparkplug B's commands to a device or a node: {@code spBv1.0/GROUP/DCMD/NODE/DEVICE}. */
  private static final Pattern SPARKPLUG_COMMAND = Pattern.compile("^spBv1\\.0/[^/]+/[DN]CMD/.+");

  private static String sparkplugCommand(List<Word> args) {
    String topic = null;
    boolean remoteBroker = false; // mosquitto_pub's broker is this machine's unless -h says
    for (int i = 0; i + 1 < args.size(); i++) {
      String text = args.get(i).text();
      Word next = args.get(i + 1);
      if (text.equals("-t") || text.equals("--topic")) {
        topic = next.text();
      } else if (text.equals("-h") || text.equals("--host")) {
        remoteBroker = !next.literal() || remote(next.text());
      } else if (text.equals("-L") || text.equals("--url")) {
        remoteBroker = !next.literal() || remote(next.text());
      }
    }
    return topic != null && remoteBroker && PatternLiterals.matches(SPARKPLUG_COMMAND, topic)
        ? topic
        : null;
  }

  /** Yamcs' commands endpoint: {@code /api/processors/INSTANCE/PROCESSOR/commands/…}. */
  private static final Pattern YAMCS_COMMAND =
      Pattern.compile("/api/processors/([^/\\s]+)/[^/\\s]+/commands/\\S+");

  /** A SOAP request's operation: {@code SOAPAction: "http://…/InitiateConnectDisconnect"}. */
  private static final Pattern SOAP_ACTION =
      Pattern.compile("(?i)^SOAPAction:\\s*\"?([^\"\\s]*)\"?\\s*$");

  /** Yamcs' own dry run of a command: {@code "dryRun": true} in the request's body. */
  private static final Pattern DRY_RUN = Pattern.compile("(?i)\"?dry_?run\"?\\s*[:=]\\s*true");

  private static String overHttp(Step step, List<Word> args) {
    String operation = null;
    String url = null;
    for (Word word : args) {
      if (PatternLiterals.finds(DRY_RUN, word.text())) {
        return null; // the server checks the command and sends nothing
      }
    }
    for (Word word : args) {
      String text = word.text();
      Matcher soap = SOAP_ACTION.matcher(text);
      if (soap.matches()) {
        String action = soap.group(1);
        operation =
            action.substring(Math.max(action.lastIndexOf('/'), action.lastIndexOf('#')) + 1);
      } else if (text.contains("://") || text.startsWith("localhost:")) {
        url = word.literal() ? text : "?";
      }
      Matcher yamcs = YAMCS_COMMAND.matcher(text);
      if (yamcs.find() && yamcsLive(yamcs.group(1), text, !step.invocation().via().isEmpty())) {
        return text;
      }
    }
    return operation != null
            && url != null
            && FetchActs.acting(operation)
            && remote(url)
            && !TestEndpoints.in(step) // a lab's provisioning gateway (pg.lab.…): decision 232
        ? "SOAPAction " + operation
        : null;
  }

  /**
   * Whether a Yamcs instance is the live one: not named for a simulator or a test, and either on
   * another machine, or on this one inside a pod or a container (where {@code localhost} is the
   * ground system's own), or named {@code flight} or production.
   */
  private static boolean yamcsLive(String instance, String url, boolean inContainer) {
    if (Environments.testName(instance) || PlantPredicates.simulated(instance)) {
      return false;
    }
    String host = url.contains("://") ? url : "http://" + url;
    return remote(host) || inContainer || flightOrProduction(instance);
  }

  /** A name that says the live instance: {@code tsr-flight}, {@code FLIGHT}, a production one. */
  static boolean flightOrProduction(String name) {
    return Environments.namesProduction(name)
        || Pattern.compile("(?i)(?<![a-z])flight(?![a-z])").matcher(name).find();
  }

  /** OpenC3's {@code cmd(…)}, and Yamcs' client's {@code issue_command}, in inline code. */
  private static final Pattern OPENC3_COMMAND =
      Pattern.compile("(?s)openc3.*\\bcmd(?:_no_\\w+)?\\s*\\(|\\bcmd(?:_no_\\w+)?\\s*\\(.*openc3");

  private static final Pattern YAMCS_CLIENT =
      Pattern.compile("YamcsClient\\(\\s*(?:['\"]([^'\"]+)['\"])?");

  private static final Pattern YAMCS_PROCESSOR =
      Pattern.compile("get_processor\\(\\s*(?:instance\\s*=\\s*)?['\"]([^'\"]+)['\"]");

  static String inCode(String source) {
    if (PatternLiterals.finds(OPENC3_COMMAND, source)) {
      for (String host : Environments.assignedValues(source, "OPENC3_API_HOSTNAME")) {
        if (remote(host)) {
          return "OPENC3_API_HOSTNAME=" + host;
        }
      }
      return null; // the API's host is this machine's unless the environment says another
    }
    Matcher client = YAMCS_CLIENT.matcher(source);
    if (source.contains("issue_command") && client.find()) {
      Matcher processor = YAMCS_PROCESSOR.matcher(source);
      String instance = processor.find() ? processor.group(1) : "";
      boolean test = Environments.testName(instance) || PlantPredicates.simulated(instance);
      String host = client.group(1) == null ? "?" : client.group(1);
      return !test && remote("yamcs://" + host) ? "YamcsClient " + host : null;
    }
    return null;
  }
}
