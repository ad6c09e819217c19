package io.github.providergateway.guard.internal;

import java.util.Locale;
import java.util.Set;

/**
 * A network device's CLI read (decision 122): a router's or a switch's {@code show} or {@code
 * display} ({@code ssh netops@edge1 'show ip bgp summary'}, Huawei's {@code display}) is no act,
 * whatever words follow it ({@code ip}, {@code bgp}, {@code route}); one command alone, with no
 * other clause after it. The device's acts begin with their own words and stay acts: {@code clear
 * bgp neighbor all}, {@code configure terminal}, {@code request system reboot}.
 */
final class DeviceCliReads {
  private DeviceCliReads() {}

  /** Whether a remote command is one read of a device's CLI. */
  static boolean reads(String command) {
    String c = command.strip();
    if (c.startsWith("'") || c.startsWith("\"")) {
      c = c.substring(1).strip();
    }
    int space = c.indexOf(' ');
    String first = (space < 0 ? c : c.substring(0, space)).toLowerCase(Locale.ROOT);
    if (!first.equals("show") && !first.equals("display")) {
      return false;
    }
    for (int i = 0; i < c.length(); i++) {
      if (";|&\n`$>".indexOf(c.charAt(i)) >= 0) {
        return false; // another clause, a substitution or a redirection: read as before
      }
    }
    return true;
  }

  /**
   * Whether a remote command is a device's act of its own words: it enters the configuration
   * ({@code configure terminal}, {@code conf t}, {@code configure exclusive}) or restarts the
   * device ({@code reload}, {@code reload location all}). A bare {@code configure ; show | compare}
   * shows a candidate's difference and leaves it; a service's {@code dialplan reload} reloads a
   * file.
   */
  static boolean deviceActs(String command) {
    String[] words = command.strip().replace("'", "").replace("\"", "").split("\\s+");
    if (words.length >= 1 && words[0].equals("reload")) {
      return true;
    }
    return words.length >= 2
        && (words[0].equals("configure") || words[0].equals("conf"))
        && Set.of("terminal", "t", "exclusive", "private").contains(words[1]);
  }
}
