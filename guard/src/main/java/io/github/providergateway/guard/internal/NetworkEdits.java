package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the network's own files and this machine's interfaces say (issue 80 round 7, decision 118):
 * a change of a network configuration repository's file (its devices' configurations, its Ansible
 * variables and templates) that takes a safeguard out, which the next deployment pushes to every
 * device; and a gateway's address taken by this machine's wired or wireless interface.
 */
final class NetworkEdits {
  private NetworkEdits() {}

  /** A file of a network's configuration: its folders' names. */
  private static final Pattern NETWORK_FILE =
      Pattern.compile(
          "(?i)(?:^|/)(?:netops|network|networks|net-?configs?|configs?|device-?configs?|group_vars"
              + "|host_vars|inventor(?:y|ies)|templates|playbooks|roles|routers?|switches|firewalls?"
              + "|junos|ios|eos|nxos|iosxr|bgp|policies|policy|fabric|wan|lan)/");

  /** A value that turns a safeguard off. */
  private static final Pattern TURNED_OFF =
      Pattern.compile(
          "(?i)\\b(?:stp|spanning_?tree|bpdu\\w{0,20}|storm_?control|urpf|port_?security"
              + "|dhcp_?snooping|arp_?inspection|max(?:imum)?_?prefix\\w{0,20}|prefix_?filter\\w{0,20}"
              + "|rpki\\w{0,20}|bcp38|acl\\w{0,20}|filter\\w{0,20}|uRPF|wpa\\w{0,10}|encryption"
              + "|authentication|auth)\\w{0,20}[\"']?\\s{0,4}[:=]\\s{0,4}[\"']?(?:false|no|off|disabled?"
              + "|none|open|absent)\\b");

  /** A line that protects: a route policy's match, a session's filter, a port's guard. */
  private static final Pattern PROTECTS =
      Pattern.compile(
          "(?i)\\bfrom\\s{1,4}(?:community|prefix-list|route-filter|as-path|policy|protocol"
              + "|neighbor)\\b[^\\n;]{0,80}"
              + "|\\b(?:prefix-list|route-map|filter-list|distribute-list)\\s{1,4}\\S{1,80}\\s{1,4}in\\b"
              + "|\\bmaximum-prefix\\b[^\\n]{0,40}|\\bverify\\s{1,4}unicast\\b[^\\n]{0,60}"
              + "|\\brpf-check\\b|\\bbpduguard\\b[^\\n]{0,20}|\\bstorm-control\\b[^\\n]{0,40}"
              + "|\\b(?:ip|ipv4|ipv6)\\s{1,4}access-group\\b[^\\n]{0,60}|\\bfilter\\s{1,4}input\\b"
              + "[^\\n]{0,60}|\\bmatch\\s{1,4}(?:ip\\s{1,4}address|community|as-path|rpki)\\b"
              + "[^\\n]{0,60}|\\bvalidation-state\\b[^\\n]{0,40}|\\bthen\\s{1,4}reject\\b");

  /**
   * What a change of a network configuration's file takes out: a safeguard turned off, a protecting
   * line dropped, or a safeguard's removal put in.
   *
   * @param call the call
   * @return what was found, or {@code null}
   */
  static String weakened(Scan scan) {
    String source = scan.source();
    if (source == null) {
      return EditCalls.read(scan.call(), NetworkEdits::weakened);
    }
    // A shell's in-place edit of the same files: sed -i, perl -pi, yq -i.
    if (source.length() > NetworkDevices.MAX_TEXT
        || !CodeArguments.containsAny(source, EDITORS)
        || !PatternLiterals.finds(IN_PLACE, source)) {
      return null;
    }
    Matcher file = PatternLiterals.matcher(NETWORK_PATH, source);
    if (!file.find()) {
      return null;
    }
    Matcher substitution = PatternLiterals.matcher(SUBSTITUTION, source);
    String put = source;
    if (substitution.find()) {
      if (PatternLiterals.finds(TURNED_OFF, substitution.group(2))) {
        return null; // turned on: the safeguard's off value is what is replaced
      }
      put = substitution.group(3);
    }
    Matcher off = PatternLiterals.matcher(TURNED_OFF, put);
    return off.find() ? off.group() + " in " + file.group().strip() : null;
  }

  /** A substitution's text replaced and its replacement ({@code s/old/new/}). */
  private static final Pattern SUBSTITUTION =
      Pattern.compile("\\bs([/#|,@])([^/#|,@\\n]{0,400})\\1([^/#|,@\\n]{0,400})\\1");

  /**
   * The names one of which {@link #IN_PLACE} holds (gsed holds sed): its two-letter yq leaves it to
   * no literal gate, and its regex was tried at every place of every shell call.
   */
  private static final String[] EDITORS = {"sed", "perl", "yq", "ruby"};

  /** A program that edits a file in place. */
  private static final Pattern IN_PLACE =
      Pattern.compile("\\b(?:sed|gsed|perl|yq|ruby)\\s{1,4}(?:-\\w{0,4}\\s{1,4}){0,3}-\\w{0,3}i");

  /** A network configuration's file named in a command. */
  private static final Pattern NETWORK_PATH =
      Pattern.compile(
          "(?i)(?:^|\\s|['\"=])[\\w./~-]{0,200}(?:netops|network|group_vars|host_vars|inventor(?:y|ies)"
              + "|device-?configs?|configs/(?:edge|core|pe|rr|sw|spine|leaf|fw|rtr)[\\w.-]{0,40})/[\\w./-]{1,200}");

  private static String weakened(String old, String now, List<String> files) {
    if (files.isEmpty() || !PatternLiterals.finds(NETWORK_FILE, files.get(0))) {
      return null;
    }
    if (old.length() > NetworkDevices.MAX_TEXT || now.length() > NetworkDevices.MAX_TEXT) {
      return null;
    }
    Matcher off = PatternLiterals.matcher(TURNED_OFF, now);
    while (off.find()) {
      if (!old.contains(off.group())) {
        return off.group();
      }
    }
    Matcher protects = PatternLiterals.matcher(PROTECTS, old);
    while (protects.find()) {
      if (!now.contains(protects.group().strip())) {
        return "takes out: " + protects.group().strip();
      }
    }
    String added = NetworkLexicon.found(now, NetworkLexicon.Kind.SAFEGUARD);
    if (added != null && !old.contains(added)) {
      return added;
    }
    return null;
  }

  /** An interface of this machine's on the office's network: wired or wireless. */
  private static final Pattern PHYSICAL =
      Pattern.compile("(?:en|eth|em|wl|wlan|wlp|bond|team|p\\d)[\\w.-]{0,30}");

  /** A gateway's address: a subnet's first or last host. */
  private static final Pattern GATEWAY =
      Pattern.compile("\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}\\.(?:1|254)(?:/\\d{1,2})?");

  /**
   * Whether {@code ip addr add} or {@code ifconfig} gives this machine's wired or wireless
   * interface a gateway's address ({@code .1}, {@code .254}): every other host of the office's
   * network sends its traffic to this machine.
   *
   * @param step the program
   * @return whether it does
   */
  static boolean gatewayAddress(Step step) {
    List<Word> args = step.args();
    if (args.isEmpty() || args.size() > 24) {
      return false;
    }
    String program = step.program();
    if (program.equals("dnsmasq") || program.equals("dhcpd")) {
      return servesDhcp(program, args);
    }
    if (program.equals("nmcli")) {
      return nmcliGateway(args);
    }
    if (program.equals("ifconfig")) {
      return args.size() >= 2
          && PatternLiterals.matches(PHYSICAL, args.get(0).text())
          && PatternLiterals.matches(GATEWAY, args.get(1).text());
    }
    if (!program.equals("ip") || args.size() < 3) {
      return false;
    }
    int at = 0;
    while (at < args.size() && args.get(at).text().startsWith("-")) {
      at++;
    }
    if (at + 2 >= args.size()
        || !List.of("a", "addr", "address").contains(args.get(at).text())
        || !List.of("add", "replace", "change").contains(args.get(at + 1).text())) {
      return false;
    }
    boolean gateway = false;
    boolean physical = false;
    for (int i = at + 2; i < args.size(); i++) {
      String text = args.get(i).text();
      if (PatternLiterals.matches(GATEWAY, text)) {
        gateway = true;
      } else if (text.equals("dev") && i + 1 < args.size()) {
        physical = PatternLiterals.matcher(PHYSICAL, args.get(i + 1).text()).matches();
      }
    }
    return gateway && physical;
  }

  /**
   * Whether a DHCP server is started on this machine's wired or wireless interface, or on every
   * interface: {@code dnsmasq --dhcp-range} without an interface of a lab's bridge, {@code dhcpd}
   * given such an interface.
   */
  private static boolean servesDhcp(String program, List<Word> args) {
    boolean range = program.equals("dhcpd");
    String iface = null;
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if (text.startsWith("--dhcp-range") || text.equals("-F")) {
        range = true;
      } else if (text.startsWith("--interface=")) {
        iface = text.substring("--interface=".length());
      } else if ((text.equals("-i") || text.equals("--interface")) && i + 1 < args.size()) {
        iface = args.get(i + 1).text();
      } else if (program.equals("dhcpd")
          && !text.startsWith("-")
          && PatternLiterals.matches(PHYSICAL, text)) {
        iface = text;
      } else if (text.equals("--test") || text.equals("-t") || text.equals("--help")) {
        return false;
      }
    }
    if (!range) {
      return false;
    }
    return program.equals("dhcpd")
        ? iface != null
        : iface == null || PatternLiterals.matches(PHYSICAL, iface);
  }

  /** Whether nmcli gives a connection a gateway's address ({@code ipv4.addresses 10.0.0.1/24}). */
  private static boolean nmcliGateway(List<Word> args) {
    boolean virtual = false;
    boolean gateway = false;
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if (PatternLiterals.finds(VIRTUAL, text)) {
        virtual = true;
      }
      if ((text.equals("ipv4.addresses") || text.equals("ip4") || text.equals("+ipv4.addresses"))
          && i + 1 < args.size()
          && PatternLiterals.matches(GATEWAY, args.get(i + 1).text())) {
        gateway = true;
      }
    }
    return gateway && !virtual;
  }

  /** A lab's or a container's interface or connection, by its name. */
  private static final Pattern VIRTUAL =
      Pattern.compile("(?i)^(?:br-|virbr|docker|veth|lab|clab|dummy|tap|tun|wg|lo$|vcan|kind)");
}
