package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A controller's vendor or site tool told to download logic to a device on the network and put it
 * to work ({@code plant.logic-replaced}): {@code plc-tool download --target 10.40.12.10 --project
 * line.ACD --go-online --run}, the same inside {@code docker run … image download --target …
 * --run}. Three things together say it: the verb {@code download} (or {@code write}) standing as a
 * word, a device's address (an address option's value or a bare IPv4 address, not this machine's;
 * or the device's own name after {@code --controller}, {@code --plc} or {@code --device}, session
 * 15) and a go-ahead that sets the device running or online. Any program's name: the kind is the
 * engineering tool's, whatever its vendor calls it. An upload (reading the logic back), a download
 * to a file or a simulator on this machine, and a download with no go-ahead are left to the rules
 * that read them.
 */
final class DeviceDownloads {
  private DeviceDownloads() {}

  /** The verbs that send logic or values to the device. */
  private static final Set<String> SENDS = Set.of("download", "write");

  /** Options whose value is the device's address. */
  private static final Set<String> ADDRESS_OPTIONS =
      Set.of(
          "--target",
          "--ip",
          "--host",
          "--plc",
          "--address",
          "--controller",
          "--device",
          "--path",
          "--endpoint",
          "-t",
          "-a",
          "--addr");

  /** Options that put the device to work once the logic is in. */
  private static final Set<String> GO_AHEADS =
      Set.of(
          "--run",
          "--go-online",
          "--goonline",
          "--online",
          "--go-run",
          "--run-mode",
          "--runmode",
          "--start",
          "--autostart",
          "--auto-start",
          "--to-run",
          "--start-after",
          "--go-live",
          "--golive");

  private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(?:\\.\\d{1,3}){3}(?::\\d+)?");

  /** A host's name in a domain a site's network uses, not a project's file name. */
  private static final Pattern NAMED =
      Pattern.compile(
          "[a-z0-9][a-z0-9-]*(?:\\.[a-z0-9-]+)*\\.(?:local|lan|internal|intranet|corp|home|plant"
              + "|site|factory|mill|works|com|net|org|io)");

  /**
   * What downloads to a device on the network and sets it running, or {@code null}.
   *
   * @param scan the call
   * @return the program and the device's address, as the reason shows them
   */
  /** A call {@link #found} may find something in: a word that sends. */
  static final CallClues SENT = CallClues.inAnyCase(List.copyOf(SENDS));

  static String found(Scan scan) {
    for (Step step : scan.steps()) {
      String address = sendsAndRuns(step.args());
      if (address != null) {
        return step.program() + " download to " + address;
      }
    }
    return null;
  }

  private static String sendsAndRuns(List<Word> args) {
    boolean sends = false;
    boolean goes = false;
    String address = null;
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      String lower = text.toLowerCase(Locale.ROOT);
      int eq = lower.indexOf('=');
      String option = lower.startsWith("-") && eq > 0 ? lower.substring(0, eq) : lower;
      sends |= SENDS.contains(lower);
      goes |= GO_AHEADS.contains(option);
      String value = null;
      if (ADDRESS_OPTIONS.contains(option)) {
        value =
            eq > 0 ? text.substring(eq + 1) : i + 1 < args.size() ? args.get(i + 1).text() : null;
      } else if (!lower.startsWith("-")
          && digitFirst(text)
          && PatternLiterals.matches(IPV4, text)) {
        value = text;
      }
      if (value != null
          && address == null
          && (device(value) || DEVICE_NAMING.contains(option) && namedDevice(value))) {
        address = value;
      }
    }
    return sends && goes ? address : null;
  }

  /**
   * Options whose value names the device in the site's own words: {@code --controller
   * CRUSHER-PLC-01}.
   */
  private static final Set<String> DEVICE_NAMING = Set.of("--controller", "--plc", "--device");

  /**
   * Whether a device's own name is one on the site's network (session 15, round 71: {@code
   * --controller CRUSHER-PLC-01}): not a file, not a variable, not a simulator's or a test's.
   */
  private static boolean namedDevice(String value) {
    return !value.isEmpty()
        && value.length() <= 64
        && value.indexOf('/') < 0
        && value.indexOf('.') < 0
        && !value.startsWith("$")
        && !Environments.localHost(value.toLowerCase(Locale.ROOT))
        && !Environments.testName(value)
        && !value.toLowerCase(Locale.ROOT).contains("sim");
  }

  /** Whether the text begins with a digit, as an IPv4 address must: no matcher for other words. */
  private static boolean digitFirst(String text) {
    return !text.isEmpty() && text.charAt(0) >= '0' && text.charAt(0) <= '9';
  }

  /** An address on the network: an IPv4 address or a dotted name that is not this machine's. */
  private static boolean device(String value) {
    String host = value.toLowerCase(Locale.ROOT).replaceFirst("^[a-z][a-z0-9+.-]*://", "");
    host = host.split("[:/]", 2)[0];
    if (host.isEmpty() || host.startsWith("$") || Environments.localHost(host)) {
      return false;
    }
    return PatternLiterals.matches(IPV4, host) || PatternLiterals.matches(NAMED, host);
  }
}
