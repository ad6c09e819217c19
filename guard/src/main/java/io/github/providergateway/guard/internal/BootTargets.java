package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which machine a call to a server's management controller reaches (issue 80, decision 127): a
 * lab's or this machine's simulator, or a live server.
 *
 * <p>The hosts a call names are read from the options that name a BMC ({@code ipmitool -H}, {@code
 * racadm -r}, {@code sum -i}, {@code ilorest --url}, freeIPMI's {@code -h} with a value that is a
 * host), the hosts of its URLs (an f-string's {@code {h}} too), and the machines {@code ssh},
 * {@code pdsh} and their kin run it on. A call reaches a lab's machine when it names at least one
 * host and every host it names is this machine ({@code 127.0.0.1}, OpenIPMI's {@code ipmi_sim}) or
 * a lab's, a test's or staging's ({@code lab-r2u05-bmc.lab.nwd.internal}); a call that names none
 * runs in band, on this machine or the machine it is sent to, and is live.
 */
final class BootTargets {
  /** The options that name the controller a management tool talks to. */
  private static final Set<String> HOST_OPTIONS =
      NameSet.of(
          "-H",
          "-r",
          "-i",
          "--host",
          "--hostname",
          "--rhost",
          "--url",
          "-w",
          "--ip",
          "--bmc",
          "--target");

  /** The programs whose {@code -i} is a host (elsewhere, ssh's key file). */
  private static final Set<String> I_IS_HOST = NameSet.of("sum", "smcipmitool");

  /** The programs that run a command on other machines: their targets are hosts too. */
  private static final Set<String> REMOTE =
      NameSet.of("ssh", "pdsh", "clush", "pssh", "parallel-ssh");

  /** ssh's options that take a value, so that the value is not read as the host. */
  private static final Set<String> SSH_VALUES =
      NameSet.of(
          "-b", "-c", "-D", "-E", "-e", "-F", "-I", "-i", "-J", "-L", "-l", "-m", "-O", "-o", "-p",
          "-Q", "-R", "-S", "-W", "-w");

  private static final Pattern URL_HOST =
      Pattern.compile("(?i)\\bhttps?://(?:[^@/\\s'\"]{1,200}@)?([^/\\s'\":?]{1,253})");

  private static final Pattern LAB_LABEL =
      Pattern.compile(
          "(?i)(?:^|[.-])(?:lab|labs|sim|simulator|bench|test|testing|dev|sandbox|staging|stage"
              + "|qa|local|localhost|vagrant|vm)(?:[.-]|$|\\d)");

  private BootTargets() {}

  /** Whether the call reaches a lab's or this machine's controller only. */
  static boolean lab(Scan scan) {
    return scan.<Boolean>once("BootTargets.lab", call -> labOnly(hosts(call)));
  }

  /**
   * Whether every host the call names is this machine ({@code ipmitool -H 127.0.0.1 -p 9001},
   * OpenIPMI's simulator): a research lab's instrument is no test machine, but a loopback BMC is.
   */
  static boolean thisMachine(Scan scan) {
    return scan.<Boolean>once(
        "BootTargets.thisMachine",
        call -> {
          List<String> hosts = hosts(call);
          if (hosts.isEmpty()) {
            return false;
          }
          for (String host : hosts) {
            String h = host.toLowerCase(Locale.ROOT).replaceFirst(":\\d+$", "");
            if (!Environments.localHost(h) && !Hosts.loopback(h)) {
              return false;
            }
          }
          return true;
        });
  }

  /**
   * Whether the program runs in production: its own words say so, or the machine ssh or pdsh runs
   * the command on is named for it ({@code ssh db-ams3-02.prod.nwd.internal "sudo sh -c '…'"}).
   */
  static boolean production(Scan scan, Step step) {
    if (Environments.production(scan, step)) {
      return true;
    }
    return scan.<Boolean>once(
        "BootTargets.production",
        call -> {
          for (Step other : call.steps()) {
            if (REMOTE.contains(other.program())) {
              List<String> hosts = new ArrayList<>();
              remoteHost(other.program(), other.args(), hosts);
              for (String host : hosts) {
                if (Environments.namesProduction(host)) {
                  return true;
                }
              }
            }
          }
          return false;
        });
  }

  /** Whether the text (a tool's arguments) names hosts, each a lab's or this machine. */
  static boolean labText(String text) {
    List<String> hosts = new ArrayList<>();
    urlHosts(text, hosts);
    Matcher m = Pattern.compile("\"host(?:name)?\"\\s*:\\s*\"([^\"]{1,253})\"").matcher(text);
    while (m.find()) {
      hosts.add(m.group(1));
    }
    return labOnly(hosts);
  }

  /** Whether a host is this machine or a lab's, a test's or staging's. */
  static boolean labHost(String host) {
    String h = host.toLowerCase(Locale.ROOT);
    int colon = h.lastIndexOf(':');
    if (colon > 0 && h.indexOf(':') == colon) {
      h = h.substring(0, colon); // 127.0.0.1:623
    }
    int at = h.lastIndexOf('@');
    if (at >= 0) {
      h = h.substring(at + 1);
    }
    return Environments.localHost(h)
        || Hosts.loopback(h)
        || PatternLiterals.finds(LAB_LABEL, h) && !Environments.namesProduction(h);
  }

  private static boolean labOnly(List<String> hosts) {
    if (hosts.isEmpty()) {
      return false;
    }
    for (String host : hosts) {
      if (!labHost(host)) {
        return false;
      }
    }
    return true;
  }

  private static List<String> hosts(Scan scan) {
    List<String> hosts = new ArrayList<>();
    for (Step step : scan.steps()) {
      List<Word> args = step.args();
      String program = step.program();
      if (REMOTE.contains(program)) {
        remoteHost(program, args, hosts);
        continue;
      }
      for (int i = 0; i + 1 < args.size(); i++) {
        String option = args.get(i).text();
        if (HOST_OPTIONS.contains(option)
            && (!option.equals("-i") || I_IS_HOST.contains(program))) {
          hosts.add(args.get(i + 1).text());
        } else if (option.startsWith("--url=") || option.startsWith("--host=")) {
          hosts.add(option.substring(option.indexOf('=') + 1));
        }
      }
      for (Word word : args) {
        if (word.text().length() < 8192) {
          urlHosts(word.text(), hosts);
        }
      }
    }
    return hosts;
  }

  private static void remoteHost(String program, List<Word> args, List<String> hosts) {
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if (!program.equals("ssh")
          && (text.equals("-w") || text.equals("-H"))
          && i + 1 < args.size()) {
        hosts.add(args.get(i + 1).text());
        return;
      }
      if (program.equals("ssh")) {
        if (SSH_VALUES.contains(text)) {
          i++;
        } else if (!text.startsWith("-")) {
          hosts.add(text);
          return;
        }
      }
    }
  }

  private static void urlHosts(String text, List<String> hosts) {
    Matcher url = PatternLiterals.matcher(URL_HOST, text);
    int seen = 0;
    while (url.find() && seen++ < 50) {
      hosts.add(url.group(1));
    }
  }
}
