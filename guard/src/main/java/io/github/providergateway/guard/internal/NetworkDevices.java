package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the book's {@code network.*} rules ask (issue 80 round 7, decision 118): the network's live
 * devices changed. A call reaches a live device when one of its programs is a management channel
 * (ssh, telnet, expect, Ansible, NAPALM, gobgp, snmpset, radclient, tmsh, an HTTP client, a network
 * library in inline code: netmiko, pyeapi, paramiko, ncclient, scrapli, pynetbox…) not run as a dry
 * run ({@code --check}), and the call names a host that is not a local lab's ({@code
 * containerlab}'s {@code clab-…} nodes, GNS3, localhost) or names no lab at all. What it does there
 * is read from the text it sends, by one lexicon of device commands in every vendor's spelling
 * ({@link NetworkLexicon}): the device reset, its routing changed, a safeguard removed, traffic
 * diverted, a service cut. A base64 literal the call decodes is read too.
 *
 * <p>Bounds: the call's text is read to {@link #MAX_TEXT} characters; every pattern's repetition is
 * bounded. Nothing reads the disk.
 */
final class NetworkDevices {
  private NetworkDevices() {}

  /** The most text of a call read: a device's commands are short, and a decision keeps its time. */
  static final int MAX_TEXT = 12 * 1024;

  /** Programs that manage a device, a network service or a routing daemon. */
  private static final Set<String> CHANNELS =
      NameSet.of(
          "ssh",
          "sshpass",
          "plink",
          "telnet",
          "expect",
          "ansible",
          "ansible-playbook",
          "ansible-console",
          "ansible-runner",
          "napalm",
          "netconf-console",
          "netconf-console2",
          "gnmic",
          "gnmi_set",
          "gnmi_cli",
          "gobgp",
          "birdc",
          "birdcl",
          "vtysh",
          "exabgpcli",
          "snmpset",
          "radclient",
          "tmsh",
          "socat",
          "nc",
          "ncat",
          "netcat",
          "asterisk",
          "fs_cli",
          "kea-shell",
          "krillc",
          "clogin",
          "jlogin",
          "curl",
          "wget",
          "http",
          "https",
          "xh",
          "xhs",
          "pwsh",
          "powershell",
          "python",
          "python3",
          "node",
          "nodejs",
          "ruby",
          "perl",
          "php",
          "bun",
          "deno",
          "go",
          "bash",
          "sh",
          "zsh",
          "nornir",
          "salt",
          "netbox",
          "nautobot-server",
          "gnmi",
          "ncclient",
          "junos-eznc",
          "pynetbox",
          "mtputty",
          "rancid",
          "netsh",
          "scp",
          "rsync",
          "sftp",
          "rclone",
          "lftp",
          "smbclient",
          "croc",
          "wormhole",
          "wireshark",
          "tshark",
          "dumpcap",
          "mail",
          "sendmail",
          "mutt",
          "swaks",
          "irr_rpsl_submit",
          "kamcmd");

  /** Shells, whose inline code is a channel only where it names a network's library. */
  private static final Set<String> SHELLS =
      NameSet.of("bash", "sh", "zsh", "dash", "ksh", "pwsh", "powershell");

  /** What inline code reaching a device names: a library, a protocol, a client, a host's option. */
  private static final Pattern NET_CODE =
      Pattern.compile(
          "(?i)netmiko|ConnectHandler|pyeapi|paramiko|scrapli|nornir|ncclient|jnpr|napalm|gnmi"
              + "|restconf|netconf|pynetbox|netbox|nautobot|infoblox|pyrad|asterisk|\\bami\\b"
              + "|telnetlib|pexpect|exscript|bigip|ManagementRoot|f5\\.|pysnmp|easysnmp|requests"
              + "|httpx|urllib|fetch\\s{0,4}\\(|axios|socket|aiohttp|Invoke-RestMethod|Invoke-WebRequest"
              + "|ComputerName|DhcpServer|\\bssh\\b|\\bcurl\\b|https?://|net\\.(?:Socket|connect)");

  /** Whether the call's text names a network library, a protocol, a client or a host. */
  private static boolean netCode(Scan scan) {
    String source = scan.source();
    if (source == null) {
      return false;
    }
    return NET_CODE
        .matcher(source.length() > MAX_TEXT ? source.substring(0, MAX_TEXT) : source)
        .find();
  }

  /** A local lab's or emulator's mark: containerlab, GNS3, EVE-NG, netlab, a loopback address. */
  private static final Pattern LAB =
      Pattern.compile(
          "(?i)containerlab|\\bclab\\b|clab-|\\bgns3|eve-ng|\\bnetlab\\b|vrnetlab|mininet"
              + "|\\blocalhost\\b|127\\.0\\.0\\.1|\\[::1]|(?<![\\w-])labs?(?![\\w])|docker\\s+exec"
              + "|podman\\s+exec|\\bkind-|batfish|\\bsandbox");

  /**
   * A host named in the text: after a user ({@code netops@}), in a URL, or a dotted name standing
   * alone; a path's parts are not ({@code inventories/isp/hosts.yml}).
   */
  private static final Pattern HOST =
      Pattern.compile(
          "(?i)(?:(?<=//)|(?<=@)|(?<![\\w./$%=-]))([a-z0-9][a-z0-9-]{0,62}(?:\\.[a-z0-9][a-z0-9-]{0,62})"
              + "{1,8})(?![\\w-]|\\.[\\w])");

  /** The last part of a file's name, which is not a domain's. */
  private static final Set<String> FILE_ENDINGS =
      NameSet.of(
          "yml",
          "yaml",
          "conf",
          "cfg",
          "cnf",
          "txt",
          "json",
          "py",
          "sh",
          "set",
          "j2",
          "jinja",
          "tgz",
          "gz",
          "tar",
          "bin",
          "img",
          "iso",
          "log",
          "pcap",
          "pcapng",
          "csv",
          "xml",
          "ini",
          "toml",
          "md",
          "rsc",
          "ael",
          "lua",
          "js",
          "ts",
          "rb",
          "pl",
          "php",
          "go",
          "java",
          "exp",
          "cap",
          "out",
          "bak",
          "old",
          "orig",
          "tmp",
          "diff",
          "patch",
          "tmpl",
          "template",
          "cfgs",
          "jsonl",
          "ps1",
          "psm1",
          "env",
          "key",
          "pem",
          "crt",
          "der",
          "pub",
          "zip",
          "xz",
          "bz2",
          "swi",
          "pkg",
          "rpm",
          "deb",
          "db",
          "sqlite",
          "html",
          "htm",
          "dat",
          "lst",
          "list",
          "rules",
          "acl",
          "pol",
          "policy",
          "cli",
          "boot",
          "running",
          "startup",
          "candidate",
          "com1",
          "write",
          "read",
          "get",
          "post",
          "put",
          "delete",
          "strip",
          "split",
          "join",
          "loads",
          "dumps",
          "connect",
          "config",
          "run",
          "exec",
          "system",
          "check",
          "main",
          "call",
          "open",
          "close",
          "send",
          "recv",
          "device",
          "devices",
          "objects",
          "all",
          "filter",
          "select",
          "value",
          "values",
          "items",
          "keys",
          "results",
          "data",
          "text",
          "content",
          "format");

  /** A lab's, a test's or this machine's part of a host's name. */
  private static final Pattern LAB_HOST =
      Pattern.compile(
          "(?i)(?:^|[.-])(?:lab|labs|clab|gns3|eve|test|testing|dev|sandbox|staging|stage|local"
              + "|localhost)(?:[.-]|$)");

  /** An ansible run that changes nothing: check mode, a syntax check, a listing. */
  private static final Set<String> DRY =
      NameSet.of(
          "--check",
          "-C",
          "--syntax-check",
          "--list-hosts",
          "--list-tasks",
          "--list-tags",
          "--dry-run",
          "--dryrun",
          "-n");

  /** A base64 literal a call may decode. */
  private static final Pattern BASE64 = Pattern.compile("[A-Za-z0-9+/]{16,8192}={0,2}");

  /**
   * The text a call sends to a live device, or {@code null} where it reaches none: a shell
   * command's with what it decodes, an MCP tool's name and arguments. Read once a call.
   *
   * @param scan the call
   * @return the text, or {@code null}
   */
  static String live(Scan scan) {
    return scan.once("NetworkDevices.live", NetworkDevices::readLive);
  }

  private static String readLive(Scan scan) {
    String source = scan.source();
    if (source == null) {
      String tool = scan.call().tool();
      if (!tool.startsWith("mcp__")) {
        return null;
      }
      String text = tool + " " + scan.call().args();
      return text.length() > MAX_TEXT ? text.substring(0, MAX_TEXT) : text;
    }
    if (!anyChannel(scan)) {
      return null;
    }
    String text = source.length() > MAX_TEXT ? source.substring(0, MAX_TEXT) : source;
    if (text.contains("base64") || text.contains("b64decode") || text.contains("FromBase64")) {
      text = text + "\n" + decoded(text);
    }
    if (PatternLiterals.finds(LAB, text) && !liveHost(text)) {
      return null;
    }
    return text;
  }

  /** Whether a program of the call is a channel not run dry: its name, a set look-up first. */
  private static boolean anyChannel(Scan scan) {
    for (Step step : scan.steps()) {
      String program = step.program();
      if (!CHANNELS.contains(program) && !step.interpreter()) {
        continue;
      }
      if ((step.interpreter() || SHELLS.contains(program)) && !netCode(scan)) {
        continue; // inline code or a script that names no network library, protocol or host
      }
      if (program.startsWith("ansible") && dry(step.args())) {
        continue;
      }
      return true;
    }
    return false;
  }

  private static boolean dry(List<Word> args) {
    for (Word word : args) {
      if (DRY.contains(word.text())) {
        return true;
      }
    }
    return false;
  }

  /** Whether the text names a host that is neither a lab's nor this machine. */
  static boolean liveHost(String text) {
    Matcher host = PatternLiterals.matcher(HOST, text);
    int seen = 0;
    while (host.find() && seen++ < 200) {
      String name = host.group(1).toLowerCase(Locale.ROOT);
      if (name.chars().allMatch(c -> c == '.' || Character.isDigit(c))) {
        if (!ipAsHost(text, host.start(1), host.end(1)) || Hosts.loopback(name)) {
          continue;
        }
        return true;
      }
      String last = name.substring(name.lastIndexOf('.') + 1);
      if (FILE_ENDINGS.contains(last)
          || !last.chars().allMatch(Character::isLetter)
          || last.length() < 2
          || PatternLiterals.finds(LAB_HOST, name)
          || OtherHosts.ownHost(name)) {
        continue;
      }
      return true;
    }
    return false;
  }

  /** Whether an address stands as a host: after a user or a scheme, before a port. */
  private static boolean ipAsHost(String text, int start, int end) {
    char before = start > 0 ? text.charAt(start - 1) : ' ';
    char after = end < text.length() ? text.charAt(end) : ' ';
    return before == '@' || before == '/' || after == ':';
  }

  /** The base64 literals of a text, decoded where they decode to text. */
  private static String decoded(String text) {
    StringBuilder out = new StringBuilder();
    Matcher literal = PatternLiterals.matcher(BASE64, text);
    int found = 0;
    while (literal.find() && found++ < 8) {
      try {
        byte[] bytes = Base64.getDecoder().decode(literal.group());
        String decoded = new String(bytes, StandardCharsets.UTF_8);
        if (decoded
            .chars()
            .allMatch(c -> c >= 32 && c < 127 || c == '\n' || c == '\r' || c == '\t')) {
          out.append(decoded).append('\n');
        }
      } catch (IllegalArgumentException notBase64) {
        // Not base64 after all (a word that happens to be made of its letters): nothing decoded.
        continue;
      }
    }
    return out.toString();
  }

  /** Adds the predicates of the whole call under their names. */
  static void addCallsTo(Map<String, Where.CallPredicate> named) {
    for (NetworkLexicon.Kind kind : NetworkLexicon.Kind.values()) {
      named.put("network-" + kind.name, scan -> NetworkLexicon.found(live(scan), kind));
    }
    named.put("network-config-repo-weakened", NetworkEdits::weakened);
  }

  /** Adds the programs' predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put("lan-impersonated", (scan, step, read) -> NetworkEdits.gatewayAddress(step));
  }
}
