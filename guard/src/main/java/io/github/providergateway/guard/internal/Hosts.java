package io.github.providergateway.guard.internal;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Hosts as the flow rules read them from a command's words: a URL of any scheme, a bare host
 * ({@code example.com/x}, {@code 203.0.113.7:80}, {@code [2001:db8::1]}), {@code user@host:path};
 * and which of them are this machine.
 */
public final class Hosts {

  /** A URL of any scheme, as curl takes them ({@code mqtt://}, {@code smb://}, {@code dict://}). */
  static final Pattern URL = Pattern.compile("(?i)\\b[a-z][a-z0-9+.-]*://[^\\s'\"`<>)]+");

  private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(?:\\.\\d{1,3}){3}");

  private Hosts() {}

  /**
   * The host of a URL or of a bare {@code host[:port][/path]}, lower case, without a trailing dot;
   * null when none.
   */
  static String of(String url) {
    String rest = url;
    int scheme = rest.indexOf("://");
    if (scheme >= 0) {
      rest = rest.substring(scheme + 3);
    }
    int end = 0;
    while (end < rest.length() && "/?#".indexOf(rest.charAt(end)) < 0) {
      end++;
    }
    rest = rest.substring(0, end);
    int at = rest.lastIndexOf('@');
    rest = at >= 0 ? rest.substring(at + 1) : rest;
    if (rest.startsWith("[")) {
      int close = rest.indexOf(']');
      return close > 0 ? rest.substring(0, close + 1).toLowerCase(Locale.ROOT) : null;
    }
    int colon = rest.indexOf(':');
    rest = colon >= 0 ? rest.substring(0, colon) : rest;
    while (rest.endsWith(".")) {
      rest = rest.substring(0, rest.length() - 1);
    }
    return rest.isEmpty() ? null : rest.toLowerCase(Locale.ROOT);
  }

  /** The endings of names that are this machine's (decision 244). */
  private static final java.util.List<String> LOCAL_ENDINGS =
      java.util.List.of(".localhost", ".ddev.site", ".lndo.site", ".test");

  /**
   * Whether a name, in lower case, is one of this machine's by its ending: {@code .localhost};
   * ddev's {@code .ddev.site} and Lando's {@code .lndo.site}, which resolve to 127.0.0.1; {@code
   * .test}, reserved for tests (RFC 6761), which Valet's and Herd's sites use on this machine.
   *
   * @param host the name, in lower case
   * @return whether it is
   */
  static boolean localName(String host) {
    for (String ending : LOCAL_ENDINGS) {
      if (host.endsWith(ending)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether {@code host} is this machine: {@code localhost}, an IPv4 address {@code 127.x.x.x},
   * {@code ::1}, {@code 0.0.0.0}. A name that merely begins with {@code 127.} is not ({@code
   * 127.evil.example.net}).
   */
  public static boolean loopback(String host) {
    String h = host.toLowerCase(Locale.ROOT);
    h = h.startsWith("[") && h.endsWith("]") ? h.substring(1, h.length() - 1) : h;
    while (h.endsWith(".")) {
      h = h.substring(0, h.length() - 1);
    }
    return h.equals("localhost")
        || h.endsWith(".localhost")
        || h.startsWith("127.") && PatternLiterals.matches(IPV4, h)
        || h.equals("::1")
        || h.equals("0:0:0:0:0:0:0:1")
        || h.equals("0.0.0.0");
  }

  /**
   * The host of {@code [user@]host:path} or {@code scheme://host/…}, lower case; null for a local
   * path.
   *
   * @param operand a remote's URL, an scp-like address or a path
   * @return its host, or null
   */
  public static String remote(String operand) {
    if (operand.contains("://")) {
      return of(operand);
    }
    int colon = operand.indexOf(':');
    if (colon <= 0 || operand.substring(0, colon).contains("/")) {
      return null;
    }
    String host = operand.substring(0, colon);
    int at = host.lastIndexOf('@');
    return (at >= 0 ? host.substring(at + 1) : host).toLowerCase(Locale.ROOT);
  }

  /** The first host of {@code text} that is not this machine, or null. */
  static String firstElsewhere(String text) {
    var urls = URL.matcher(text);
    while (urls.find()) {
      String host = of(urls.group());
      if (host != null && !loopback(host)) {
        return host;
      }
    }
    return null;
  }

  /** Whether every URL in {@code text} is this machine's (and there is one). */
  static boolean onlyLoopback(String text) {
    var urls = URL.matcher(text);
    boolean any = false;
    while (urls.find()) {
      String host = of(urls.group());
      if (host == null || !loopback(host)) {
        return false;
      }
      any = true;
    }
    return any;
  }
}
