package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Bytes of a protocol the guard cannot read, sent to a machine that is not this one (decision 172,
 * {@code shapes.raw-protocol-sent}): a command piped or fed into {@code nc}, {@code socat} or
 * {@code telnet} ({@code printf 'cp950.sys.fader 100\r\n' | nc -q1 cp950-scr03.sites.acme.internal
 * 61408}), or written to a socket that inline code opens ({@code socket.create_connection((
 * '10.40.3.30', 502)).send(…)}, Perl's {@code IO::Socket::INET}, Python's {@code telnetlib}, Node's
 * {@code net.connect}). A device's own protocol (a PLC's registers, a projector's power, a sound
 * processor's fader, a door controller's mode, an HSM's key commands, a paging gateway, a FIX
 * session) acts the moment it is read, and what the bytes say is the device's language, not one the
 * guard knows: what it cannot see through, it does not allow. Not this: a port checked with nothing
 * sent ({@code nc -zv host 5432}), a listener ({@code nc -l}), anything sent to this machine
 * ({@code 127.0.0.1}, {@code localhost}, a compose service), where the simulators and the test rigs
 * are.
 */
final class RawProtocolSends {
  private RawProtocolSends() {}

  /** The most text of a call read. */
  private static final int MAX_TEXT = 64 * 1024;

  /** Programs that carry their standard input to a host as it is. */
  private static final Set<String> CARRIERS = NameSet.of("nc", "ncat", "netcat", "socat", "telnet");

  /**
   * A carrier given its input by a pipe: {@code … | nc host 61408}, {@code } | telnet …}, behind
   * the wrappers that pass their input on ({@code | timeout 3 nc}, {@code | stdbuf -o0 busybox nc},
   * decision 175), and {@code openssl s_client}.
   */
  private static final Pattern PIPED_INTO =
      Pattern.compile(
          "\\|\\s*(?:(?:sudo|busybox|nohup|timeout\\s+(?:-\\S+\\s+)*[\\d.]+[smh]?"
              + "|stdbuf(?:\\s+-[ioe]\\S*)+|nice(?:\\s+-n\\s*-?\\d+)?)\\s+)*"
              + "(?:\\S*/)?(nc|ncat|netcat|socat|telnet|openssl\\s+s_client|curl)\\s");

  /**
   * A socat address that reads a file or a command's output, which it carries as a pipe's: {@code
   * socat -u FILE:label.zpl TCP:printer:9100} (decision 175).
   */
  private static final Pattern SOCAT_SOURCE =
      Pattern.compile("(?i)(?:file|open|gopen|exec|system|create):.+");

  /**
   * A TLS handshake made to read the server's certificate: nothing given but an empty line or a
   * quit ({@code echo | openssl s_client …}), or what it answers read as a certificate ({@code |
   * openssl x509 -noout -dates}).
   */
  private static final Pattern CERTIFICATE_READ =
      Pattern.compile(
          "(?:^|[;&|(]\\s*)(?:echo(?:\\s+-n)?|true|:|printf\\s+''|echo\\s+['\"]?(?:Q|QUIT)['\"]?)"
              + "\\s*\\|\\s*openssl\\s+s_client|\\|\\s*openssl\\s+x509\\b");

  /**
   * A URL of curl's that carries bytes as they are (decision 175): telnet's, given curl's input,
   * and gopher's or dict's, whose path is what is sent.
   */
  private static final Pattern CURL_RAW =
      Pattern.compile(
          "(?i)(telnet|gophers?|dict)://\\[?([^/:\\]\\s]{1,253})\\]?(?::\\d{1,5})?(/.*)?");

  /** Options of nc and telnet that take a value. */
  private static final Set<String> VALUED =
      NameSet.of(
          "-w", "-q", "-i", "-p", "-s", "-x", "-X", "-I", "-O", "-T", "-e", "-c", "-l", "-b");

  /** Options of nc that send nothing: a port scan, a listener. */
  private static final Set<String> SENDS_NOTHING =
      NameSet.of(
          "-z", "-zv", "-vz", "-nz", "-zn", "-vzn", "-nvz", "-zvn", "-l", "-lk", "-kl", "-L");

  /** A socat address that connects out: {@code TCP:host:port}, {@code UDP-SENDTO:host:port}. */
  private static final Pattern SOCAT_ADDRESS =
      Pattern.compile(
          "(?i)(?:tcp4?|tcp6|tcp-connect|udp4?|udp6|udp-sendto|udp-connect|openssl|ssl):"
              + "\\[?([^:\\],]{1,253})\\]?:\\d{1,5}");

  /** Inline code that opens a socket to a host given as a string: the host is the group. */
  private static final Pattern CODE_SOCKET =
      Pattern.compile(
          "(?:create_connection|\\.connect)\\(\\s*\\(\\s*(f?['\"][^'\"]{1,253}['\"]|\\w{1,64})"
              + "|\\.sendto\\([^;\\n]{0,200}?,\\s*\\(\\s*(f?['\"][^'\"]{1,253}['\"]|\\w{1,64})"
              + "|telnetlib\\.Telnet\\(\\s*(f?['\"][^'\"]{1,253}['\"]|\\w{1,64})"
              + "|IO::Socket::(?:INET6?|IP)->new\\(\\s*(?:Peer(?:Addr|Host)\\s*=>\\s*)?"
              + "(\"[^\"]{1,253}\"|'[^']{1,253}')"
              // decision 175: asyncio, Ruby's sockets, a socket object's connect and a datagram
              + "|open_connection\\(\\s*(?:host\\s*=\\s*)?(f?['\"][^'\"]{1,253}['\"]|\\w{1,64})"
              + "|(?:TCPSocket|UDPSocket)\\.(?:new|open)\\(\\s*(['\"][^'\"]{1,253}['\"]|\\w{1,64})"
              + "|\\bSocket\\.tcp\\(\\s*(['\"][^'\"]{1,253}['\"]|\\w{1,64})"
              + "|\\.connect\\(\\s*\\d{1,5}\\s*,\\s*(['\"`][^'\"`]{1,253}['\"`])"
              + "|\\.connect\\(\\s*\\{[^}]{0,200}?host\\s*:\\s*(['\"`][^'\"`]{1,253}['\"`])"
              + "|\\.send\\([^;\\n]{0,200}?,\\s*\\d{1,5}\\s*,\\s*(['\"][^'\"]{1,253}['\"])"
              + "|(?:\\bnet|require\\(\\s*['\"](?:node:)?net['\"]\\s*\\))\\.(?:connect|createConnection)"
              + "\\(\\s*(?:\\{[^}]{0,200}?host\\s*:\\s*)?"
              + "(['\"`][^'\"`]{1,253}['\"`]|\\d{1,5}\\s*,\\s*['\"][^'\"]{1,253}['\"])");

  /** What writes to the socket inline code opened. */
  private static final Pattern CODE_WRITES =
      Pattern.compile(
          "\\.send(?:all|to)?\\(|\\.write\\(|print\\s+\\$\\w+\\s|->send\\(|syswrite|\\.end\\("
              + "|\\.puts[\\s(]");

  /** An address given a name in Python: {@code a = ('10.40.3.30', 502)}, the host the group. */
  private static final Pattern NAMED_ADDRESS =
      Pattern.compile("\\b(\\w{1,64})\\s*=\\s*\\(\\s*(['\"][^'\"]{1,253}['\"])\\s*,\\s*\\d");

  /**
   * Adds the predicate under its name.
   *
   * @param named the call predicates by name
   */
  static void addCallsTo(Map<String, Where.CallPredicate> named) {
    named.put("raw-protocol-sent", RawProtocolSends::sent);
  }

  /** What the call sends in a raw protocol to another machine, as the reason shows it. */
  static String sent(Scan scan) {
    String source = scan.source();
    if (source == null || source.length() > MAX_TEXT) {
      return null;
    }
    Boolean piped = null; // the whole text read for a pipe into a carrier once a carrier is met
    for (Step step : scan.steps()) {
      String program = step.program();
      boolean carrier = CARRIERS.contains(program);
      boolean busybox =
          !carrier
              && program.equals("busybox")
              && !step.args().isEmpty()
              && CARRIERS.contains(step.args().get(0).text());
      if (!carrier && !busybox && !program.equals("openssl") && !program.equals("curl")) {
        continue;
      }
      if (piped == null) {
        piped = PatternLiterals.finds(PIPED_INTO, source);
      }
      String host;
      if (carrier) {
        host = carried(step, step.args(), piped);
      } else if (busybox) {
        host = carried(step, step.args().subList(1, step.args().size()), piped);
      } else if (program.equals("openssl")) {
        host = sClient(scan, step, piped);
      } else {
        host = curlRaw(step, piped);
      }
      if (host != null) {
        return program + " to " + host;
      }
    }
    if (maySocket(source) && PatternLiterals.finds(CODE_WRITES, source)) {
      Matcher socket = CODE_SOCKET.matcher(source);
      while (socket.find()) {
        String host = unquoted(firstGroup(socket));
        if (host != null && !local(host)) {
          return "a socket to " + host;
        }
      }
      Matcher named = NAMED_ADDRESS.matcher(source);
      while (named.find()) {
        String host = unquoted(named.group(2));
        String name = named.group(1);
        if (!local(host)
            && (source.contains(".connect(" + name + ")")
                || source.contains("create_connection(" + name))) {
          return "a socket to " + host; // s.connect(a), the address named before
        }
      }
    }
    return null;
  }

  /**
   * Whether the text holds a word without which neither {@link #CODE_SOCKET} nor a named address's
   * connection ({@link #NAMED_ADDRESS}) is found: each of their forms has one of these as it is.
   */
  private static boolean maySocket(String source) {
    return source.contains("onnect")
        || source.contains(".send")
        || source.contains("Socket.")
        || source.contains("IO::Socket::")
        || source.contains("telnetlib.Telnet(");
  }

  /** The host a carrier sends its input to, or {@code null} where it sends nothing elsewhere. */
  private static String carried(Step step, List<Word> args, boolean piped) {
    boolean fed = piped || fed(step);
    String host = null;
    boolean stdio = false;
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if (SENDS_NOTHING.contains(text)) {
        return null;
      }
      if (step.program().equals("socat")) {
        stdio |=
            text.equals("-") || text.equalsIgnoreCase("stdio") || text.equalsIgnoreCase("stdin");
        fed |= PatternLiterals.matches(SOCAT_SOURCE, text);
        Matcher address = SOCAT_ADDRESS.matcher(text);
        if (address.lookingAt()) {
          host = address.group(1);
        }
        continue;
      }
      if (text.startsWith("-")) {
        i += VALUED.contains(text) ? 1 : 0;
        continue;
      }
      if (host == null) {
        host = args.get(i).literal() ? text : "?";
      }
    }
    if (host == null || !(fed || stdio && piped) || local(host)) {
      return null;
    }
    return host;
  }

  /** Whether the program's input is a file, a here-string or a here-document, not /dev/null. */
  private static boolean fed(Step step) {
    for (Redirect redirect : step.invocation().redirects()) {
      if (redirect.operator().startsWith("<")
          && (redirect.body() != null || !redirect.target().text().equals("/dev/null"))) {
        return true;
      }
    }
    return false;
  }

  /** {@code openssl s_client -connect host:port} given input to send (decision 175). */
  private static String sClient(Scan scan, Step step, boolean piped) {
    List<Word> args = step.args();
    if (args.isEmpty()
        || !args.get(0).text().equals("s_client")
        || !(piped || fed(step))
        || PatternLiterals.finds(CERTIFICATE_READ, scan.source())) {
      return null;
    }
    for (int i = 1; i + 1 < args.size(); i++) {
      if (args.get(i).text().equals("-connect")) {
        String target = args.get(i + 1).text();
        String host = target.contains(":") ? target.substring(0, target.lastIndexOf(':')) : target;
        return local(host) ? null : host;
      }
    }
    return null;
  }

  /** curl's telnet URL given its input, or a gopher or dict URL with a path. */
  private static String curlRaw(Step step, boolean piped) {
    boolean upload = piped || fed(step);
    for (Word word : step.args()) {
      String text = word.text();
      upload |= text.startsWith("--upload-file") || text.matches("-[a-zA-Z]{0,8}T");
    }
    for (Word word : step.args()) {
      String text = word.text();
      Matcher url = CURL_RAW.matcher(text);
      if (url.matches() && !local(url.group(2))) {
        boolean telnet = url.group(1).equalsIgnoreCase("telnet");
        String path = url.group(3);
        if (telnet ? upload : path != null && path.length() > 1) {
          return url.group(2);
        }
      }
    }
    return null;
  }

  private static String firstGroup(Matcher matcher) {
    for (int g = 1; g <= matcher.groupCount(); g++) {
      if (matcher.group(g) != null) {
        return matcher.group(g);
      }
    }
    return null;
  }

  /** A literal's text, {@code ?} for a variable, an f-string's or a template's computed host. */
  private static String unquoted(String value) {
    if (value == null) {
      return null;
    }
    if (value.matches("\\d{1,5}\\s*,\\s*['\"].*")) {
      value = value.substring(value.indexOf(',') + 1).strip(); // net.connect(502, 'host')
    }
    char first = value.charAt(0);
    if (first != '\'' && first != '"' && first != '`') {
      return "?"; // a name: the host is computed
    }
    String inner = value.substring(1, value.length() - 1);
    return inner.contains("{") || inner.contains("$") ? "?" : inner.split(":")[0];
  }

  private static boolean local(String host) {
    return Environments.localHost(host) || Environments.composeService(host);
  }
}
