package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The gateway's own doors, reached from the agent's tools ({@code guard.self}, issue 75): a socket
 * in its home ({@code hook.sock}, {@code mcp.sock}, any other), through {@code curl --unix-socket},
 * {@code socat UNIX-CONNECT:}, {@code nc -U}, {@code ncat --unixsock}, {@code websocat ws+unix:} or
 * inline code; and its routes ({@code /hooks…}, {@code /status…}, {@code /mcp…}, {@code /host…}) on
 * one of its ports ({@link Scan#gatewayPorts}) of a loopback address, through an HTTP or WebSocket
 * client, a browser or inline code, or any connection to that port by a raw client ({@code nc},
 * {@code socat TCP:}, {@code /dev/tcp/…}), which can speak HTTP to them. The hook and the MCP front
 * door answer the agent's own gateway as the person's; an agent that speaks to them itself answers
 * its own questions. A request to another local port (a dev server's {@code localhost:3000/status})
 * is not the gateway's.
 */
final class GatewayDoors {
  private static final BuiltinRule SELF = RuleBook.rule("guard.self");

  private GatewayDoors() {}

  /** Programs that send a request to the URLs they are given, or open them. */
  private static final Set<String> CLIENTS =
      NameSet.of(
          "curl",
          "wget",
          "wget2",
          "http",
          "https",
          "xh",
          "xhs",
          "httpie",
          "curlie",
          "aria2c",
          "lwp-request",
          "GET",
          "POST",
          "HEAD",
          "lynx",
          "w3m",
          "links",
          "elinks",
          "websocat",
          "wscat",
          "wsta",
          "grpcurl",
          "ab",
          "hey",
          "wrk",
          "siege",
          "fetch",
          "xdg-open",
          "open",
          "sensible-browser",
          "x-www-browser",
          "firefox",
          "chromium",
          "chromium-browser",
          "google-chrome",
          "google-chrome-stable",
          "brave-browser",
          "microsoft-edge");

  /** Programs that open a raw connection to a host and a port. */
  private static final Set<String> RAW = NameSet.of("nc", "ncat", "netcat", "telnet", "socat");

  /** The gateway's routes, as a request's path starts. */
  private static final Pattern ROUTE = Pattern.compile("^/(?:hooks|status|mcp|host)");

  /** The longest host read before a port, and the longest path read after it. */
  private static final int MAX_HOST = 255;

  private static final int MAX_PATH = 64;

  /** socat's TCP address: its host and port. */
  private static final Pattern TCP_ADDRESS =
      Pattern.compile("(?i)^tcp[46]?(?:-connect)?:(.*):(\\d{1,5})(?:,.*)?$");

  /** A socket address of socat, websocat, a {@code unix://} URL: the path after its prefix. */
  private static final Pattern UNIX_ADDRESS =
      Pattern.compile(
          "(?i)(?:unix-connect|unix-client|unix-sendto|unix-recvfrom|unix|gopen|ws\\+unix|wss\\+unix"
              + "|http\\+unix|local):(?://)?([^,]+)");

  /** Options that name the Unix socket a client connects to. */
  private static final Set<String> SOCKET_OPTIONS =
      NameSet.of("--unix-socket", "--unixsock", "--unix-socket-path", "--socket", "--socket-path");

  /** What connects to a Unix socket in code or a script. */
  private static final String[] UNIX_CONNECTS = {
    "AF_UNIX",
    "socketPath",
    "UNIXSocket",
    "IO::Socket::UNIX",
    "unix://",
    "net.connect",
    "createConnection",
    "connect(",
    "UnixConnection",
    "unix_stream",
    "--unix-socket",
    "--unixsock",
    "UNIX-CONNECT:",
    "UNIX-CLIENT:",
    "ws+unix:",
    "nc -U",
    "ncat -U"
  };

  /** What opens a network connection in inline code. */
  private static final String[] TCP_CONNECTS = {
    "create_connection",
    "socket(",
    "connect(",
    "TCPSocket",
    "IO::Socket",
    "fsockopen",
    "createConnection",
    "net.Socket",
    "stream_socket_client",
    "Deno.connect"
  };

  /** The gateway's own socket names: the hook's and the MCP front door's. */
  private static final List<String> SOCKETS = List.of("hook.sock", "mcp.sock");

  /**
   * Scans each program for a socket of the gateway's home or a request to its routes.
   *
   * @param scan the call's scan
   */
  static void scan(Scan scan) {
    for (Step step : scan.steps()) {
      String program = step.program();
      if (socketOfHome(scan, step)
          || CLIENTS.contains(program) && requestsRoute(scan, step)
          || RAW.contains(program) && rawToPort(scan, step)
          || devTcp(scan, step)) {
        scan.hit(SELF, step, null);
        continue;
      }
      String code = step.interpreter() ? InterpreterCode.of(step) : null;
      String found = code == null ? null : inCode(scan, step, code);
      if (found != null) {
        scan.hitFound(SELF, step, step.shown() + " (" + found + ")");
      }
    }
  }

  /**
   * What of the gateway's doors a program's text reaches (inline code, or a script in another
   * language than the shell): its routes on its port, a raw connection to that port, its sockets.
   *
   * @param scan the call's scan
   * @param text the code
   * @return what was found, as the person reads it, or {@code null}
   */
  static String inText(Scan scan, String text) {
    String route = route(scan, text, false);
    if (route != null) {
      return "a request to " + route;
    }
    if (CodeArguments.containsAny(text, UNIX_CONNECTS)) {
      for (String socket : SOCKETS) {
        if (text.contains(socket)) {
          return "a connection to the gateway's " + socket;
        }
      }
    }
    if (CodeArguments.containsAny(text, TCP_CONNECTS) && namesLoopback(text)) {
      for (int port : scan.gatewayPorts()) {
        if (Pattern.compile("(?<![\\d.])" + port + "(?!\\d)").matcher(text).find()) {
          return "a connection to the gateway's port " + port;
        }
      }
    }
    return null;
  }

  /** Inline code's text, and the paths it names in the home that are sockets. */
  private static String inCode(Scan scan, Step step, String code) {
    String found = inText(scan, code);
    if (found != null) {
      return found;
    }
    for (String literal : CodeArguments.literals(code)) {
      if (literal.endsWith(".sock") && inHome(scan, step, literal)) {
        return "the gateway's socket " + literal;
      }
    }
    return null;
  }

  /** {@code curl --unix-socket P}, {@code socat - UNIX-CONNECT:P}, {@code nc -U P}, … */
  private static boolean socketOfHome(Scan scan, Step step) {
    List<Word> args = step.args();
    boolean dashU = RAW.contains(step.program()) && hasFlag(args, 'U');
    for (int i = 0; i < args.size(); i++) {
      String t = args.get(i).text();
      String path = null;
      if (SOCKET_OPTIONS.contains(t) && i + 1 < args.size()) {
        path = args.get(++i).text();
      } else if (t.startsWith("--") && t.indexOf('=') > 0) {
        path = SOCKET_OPTIONS.contains(t.substring(0, t.indexOf('='))) ? after(t, '=') : null;
      } else if (dashU && !t.startsWith("-")) {
        path = t;
      } else if (t.toLowerCase(Locale.ROOT).contains("unix")
          || t.regionMatches(true, 0, "gopen:", 0, 6)) {
        Matcher address = UNIX_ADDRESS.matcher(t);
        path = address.find() ? address.group(1).replace("%2F", "/").replace("%2f", "/") : null;
      }
      if (path != null && socketInHome(scan, step, path)) {
        return true;
      }
    }
    return false;
  }

  private static String after(String text, char c) {
    return text.substring(text.indexOf(c) + 1);
  }

  /** Whether {@code path}, given as a socket, is one of the gateway's home, or may be. */
  private static boolean socketInHome(Scan scan, Step step, String path) {
    String name = path.substring(path.lastIndexOf('/') + 1);
    return inHome(scan, step, path) || SOCKETS.contains(name) && unknown(scan, step, path);
  }

  private static boolean unknown(Scan scan, Step step, String path) {
    for (Target target : scan.targets(step, new Word(path, false))) {
      if (target.path() == null) {
        return true;
      }
    }
    return false;
  }

  /** Whether {@code path} is in the gateway's home, as written or on the disk. */
  private static boolean inHome(Scan scan, Step step, String path) {
    Path home = scan.places().gatewayHome();
    for (Target target : scan.targets(step, Word.literal(path))) {
      Target real = scan.realPaths().of(target);
      if (target.path() != null && target.path().startsWith(home)
          || real != null && real.path().startsWith(home)) {
        return true;
      }
    }
    return false;
  }

  private static boolean hasFlag(List<Word> args, char flag) {
    for (Word word : args) {
      String t = word.text();
      if (t.equals("--unixsock")
          || t.startsWith("-") && !t.startsWith("--") && t.indexOf(flag) > 0) {
        return true;
      }
    }
    return false;
  }

  /** A client's URLs: one of the gateway's routes on its port of a loopback address. */
  private static boolean requestsRoute(Scan scan, Step step) {
    boolean redirected = redirectedToGateway(scan, step);
    boolean shorthand = step.program().equals("http") || step.program().startsWith("xh");
    for (Word word : step.args()) {
      String t = word.text();
      if (shorthand && t.startsWith(":") && t.length() > 1 && Character.isDigit(t.charAt(1))) {
        t = "localhost" + t; // httpie's :9400/hooks is localhost:9400/hooks
      }
      if (route(scan, t, redirected) != null) {
        return true;
      }
    }
    return false;
  }

  /**
   * curl's {@code --resolve HOST:PORT:127.0.0.1} and {@code --connect-to ::127.0.0.1:PORT}: any
   * host's URL then reaches a loopback address, on the port given.
   */
  private static boolean redirectedToGateway(Scan scan, Step step) {
    List<Word> args = step.args();
    for (int i = 0; i < args.size(); i++) {
      String t = args.get(i).text();
      String value = null;
      if ((t.equals("--resolve") || t.equals("--connect-to")) && i + 1 < args.size()) {
        value = args.get(i + 1).text();
      } else if (t.startsWith("--resolve=") || t.startsWith("--connect-to=")) {
        value = after(t, '=');
      }
      if (value != null) {
        String[] parts = value.split(":");
        String address =
            parts.length > 2 ? parts[parts.length - (t.contains("connect") ? 2 : 1)] : "";
        if (loopback(address.isEmpty() ? "localhost" : address)) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * The first {@code host:port/path} of {@code text} that is one of the gateway's routes on one of
   * its ports of a loopback host ({@code anyHost}: of any host), or {@code null}. Read from each
   * colon, a bounded way either side, so a long text costs what it is long, whatever its shape. A
   * URL without a port is on port 80 or 443, which is not the gateway's.
   */
  private static String route(Scan scan, String text, boolean anyHost) {
    int n = text.length();
    for (int colon = text.indexOf(':'); colon >= 0; colon = text.indexOf(':', colon + 1)) {
      int digits = colon + 1;
      while (digits < n && digits - colon <= 5 && Character.isDigit(text.charAt(digits))) {
        digits++;
      }
      if (digits == colon + 1 || digits >= n || text.charAt(digits) != '/') {
        continue;
      }
      int end = digits;
      while (end < n && end - digits < MAX_PATH && !endsPath(text.charAt(end))) {
        end++;
      }
      if (!PatternLiterals.finds(ROUTE, text.substring(digits, end))
          || !port(scan, text.substring(colon + 1, digits))) {
        continue;
      }
      int start = colon;
      if (colon > 0 && text.charAt(colon - 1) == ']') {
        start = text.lastIndexOf('[', colon - 1);
        start = start < 0 || colon - start > MAX_HOST ? colon : start;
      } else {
        while (start > 0 && colon - start < MAX_HOST && !endsHost(text.charAt(start - 1))) {
          start--;
        }
      }
      String host = text.substring(start, colon);
      if (anyHost || loopback(host)) {
        return text.substring(start, end);
      }
    }
    return null;
  }

  /** Whether a character ends a URL's path. */
  private static boolean endsPath(char c) {
    return Character.isWhitespace(c) || "'\"(),;<>`|".indexOf(c) >= 0;
  }

  /** Whether a character is before a URL's host. */
  private static boolean endsHost(char c) {
    return endsPath(c) || "/@=[]".indexOf(c) >= 0;
  }

  /** {@code nc 127.0.0.1 9400}, {@code socat - TCP:localhost:9400}, {@code telnet ::1 9400}. */
  private static boolean rawToPort(Scan scan, Step step) {
    List<String> positionals = new ArrayList<>();
    for (Word word : step.args()) {
      String t = word.text();
      Matcher tcp = TCP_ADDRESS.matcher(t);
      if (tcp.matches() && loopback(tcp.group(1)) && port(scan, tcp.group(2))) {
        return true;
      }
      if (!t.startsWith("-")) {
        positionals.add(t);
      }
    }
    for (int i = 0; i + 1 < positionals.size(); i++) {
      if (loopback(positionals.get(i)) && port(scan, positionals.get(i + 1))) {
        return true;
      }
    }
    return false;
  }

  /** bash's {@code /dev/tcp/127.0.0.1/9400}, as a word or a redirection's target. */
  private static boolean devTcp(Scan scan, Step step) {
    // Each text in turn, no list of them made: asked of every program of a long command.
    List<Word> words = step.invocation().words();
    for (int i = 0; i < words.size(); i++) {
      if (devTcp(scan, words.get(i).text())) {
        return true;
      }
    }
    List<Redirect> redirects = step.invocation().redirects();
    for (int i = 0; i < redirects.size(); i++) {
      if (devTcp(scan, redirects.get(i).target().text())) {
        return true;
      }
    }
    return false;
  }

  private static boolean devTcp(Scan scan, String t) {
    int at = t.indexOf("/dev/tcp/");
    if (at >= 0) {
      String[] parts = t.substring(at + 9).split("/");
      return parts.length >= 2 && loopback(parts[0]) && port(scan, parts[1]);
    }
    return false;
  }

  private static boolean port(Scan scan, String text) {
    return text.length() <= 5
        && !text.isEmpty()
        && text.chars().allMatch(Character::isDigit)
        && scan.gatewayPorts().contains(Integer.parseInt(text));
  }

  /** Whether inline code names a loopback address. */
  private static boolean namesLoopback(String text) {
    for (String literal : CodeArguments.literals(text)) {
      if (loopback(literal)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether a host is a loopback address or may be one: {@code localhost} and its names, all of
   * 127.0.0.0/8 in every way {@code inet_aton} reads it ({@code 127.1}, {@code 0x7f000001}, {@code
   * 2130706433}), {@code 0.0.0.0}, {@code ::1}, {@code ::}, an IPv4-mapped loopback, and a host the
   * guard cannot read ({@code $HOST}).
   */
  static boolean loopback(String host) {
    String h = host.toLowerCase(Locale.ROOT);
    if (h.startsWith("[") && h.endsWith("]")) {
      h = h.substring(1, h.length() - 1);
    }
    if (h.endsWith(".")) {
      h = h.substring(0, h.length() - 1);
    }
    if (h.indexOf('$') >= 0 || h.indexOf('`') >= 0) {
      return true;
    }
    if (h.equals("localhost")
        || h.endsWith(".localhost")
        || h.equals("ip6-localhost")
        || h.equals("ip6-loopback")) {
      return true;
    }
    if (h.indexOf(':') >= 0) {
      String v6 = h.replaceAll("(^|:)0+(?=[0-9a-f])", "$1");
      return v6.equals("::1")
          || v6.equals("::")
          || v6.equals("0:0:0:0:0:0:0:1")
          || v6.startsWith("::ffff:127.")
          || v6.startsWith("::ffff:7f");
    }
    long address = inetAton(h);
    return address >= 0 && (address >> 24 == 127 || address == 0);
  }

  /** An IPv4 address as {@code inet_aton} reads it (1 to 4 parts, each decimal, octal or hex). */
  private static long inetAton(String h) {
    if (h.isEmpty() || !h.matches("[0-9a-fx.]+")) {
      return -1;
    }
    String[] parts = h.split("\\.", -1);
    if (parts.length > 4) {
      return -1;
    }
    long[] values = new long[parts.length];
    for (int i = 0; i < parts.length; i++) {
      String p = parts[i];
      try {
        values[i] =
            p.startsWith("0x")
                ? Long.parseLong(p.substring(2), 16)
                : p.length() > 1 && p.startsWith("0")
                    ? Long.parseLong(p.substring(1), 8)
                    : Long.parseLong(p);
      } catch (NumberFormatException e) {
        return -1;
      }
    }
    long address = 0;
    for (int i = 0; i < values.length - 1; i++) {
      if (values[i] > 255) {
        return -1;
      }
      address |= values[i] << (24 - 8 * i);
    }
    long last = values[values.length - 1];
    long room = 1L << (32 - 8 * (values.length - 1));
    return last >= room ? -1 : address | last;
  }
}
