package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * What the book's {@code attacks} rules ask in code (issue 80, decision 96): a probe, a brute force
 * or a flood aimed at another host ({@code targets-another-host}, {@code aims-elsewhere}, {@code
 * in-request-flood}, Metasploit's {@code exploits-another-host}), a capture on a real interface
 * ({@code sniffs-interface}) looking for credentials ({@code sniffs-credentials}), and a relay or a
 * proxy open to the world ({@code proxy-open}).
 */
final class AttackPredicates {
  /** A loop of many requests: {@code seq 1 100000}, {@code {1..5000}}, {@code xargs -P 200}. */
  private static final Pattern FLOOD_COUNT =
      Pattern.compile(
          "(?:\\bseq\\s{1,3}(?:\\d{1,9}\\s{1,3})?|\\{\\d{1,9}\\.\\.)\\d{4,}|-P\\s?\\d{3,}");

  /** tshark's fields and filters that show what a clear-text protocol carries. */
  private static final List<String> CLEAR_TEXT_FIELDS =
      List.of(
          "http.authorization",
          "http.cookie",
          "http.file_data",
          "urlencoded-form",
          "ftp.request",
          "pop.request",
          "imap.request",
          "smtp.req",
          "telnet.data",
          "http.request.method");

  /** The network interfaces that carry only this machine's and its containers' traffic. */
  private static final List<String> OWN_INTERFACES =
      List.of("lo", "lo0", "loopback", "docker", "br-", "veth", "cni", "virbr", "podman");

  private AttackPredicates() {}

  /** Adds the program predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put(
        "targets-another-host", (scan, step, read) -> OtherHosts.anotherHost(step.args()) != null);
    named.put("aims-elsewhere", (scan, step, read) -> OtherHosts.aimsElsewhere(step.args()));
    named.put(
        "in-request-flood",
        (scan, step, read) -> {
          String source = OtherHosts.source(scan);
          return source.length() < 64 * 1024
              && (source.contains("seq") || source.contains("..") || source.contains("-P"))
              && PatternLiterals.finds(FLOOD_COUNT, source)
              && OtherHosts.anotherHost(step.args()) != null;
        });
    named.put("sniffs-interface", (scan, step, read) -> sniffsInterface(step.args()));
    named.put(
        "sniffs-credentials",
        (scan, step, read) -> sniffsInterface(step.args()) && capturesCredentials(scan, step));
    named.put("exploits-another-host", (scan, step, read) -> exploitsAnotherHost(step.args()));
    named.put("proxy-open", (scan, step, read) -> proxyOpen(step));
  }

  /** Whether a Metasploit command's RHOSTS name another host. */
  private static boolean exploitsAnotherHost(List<Word> args) {
    for (Word word : args) {
      String text = word.text();
      int at = text.toLowerCase(Locale.ROOT).indexOf("rhost");
      if (at >= 0 && text.length() < 4000) {
        List<Word> words = new ArrayList<>();
        for (String part : text.substring(at).split("[\\s;'\"]+", 8)) {
          words.add(new Word(part, true));
        }
        if (OtherHosts.anotherHost(words) != null) {
          return true;
        }
      }
    }
    return false;
  }

  private static boolean sniffsInterface(List<Word> args) {
    String device = null;
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      switch (text) {
        case "-r", "--read-file", "-D", "--list-interfaces", "-h", "--help", "--version" -> {
          return false;
        }
        case "-i", "--interface", "-d" -> {
          if (i + 1 < args.size()) {
            Word next = args.get(i + 1);
            device = next.literal() ? next.text() : "?";
          }
        }
        default -> {
          if (text.startsWith("--interface=")) {
            device = text.substring("--interface=".length());
          } else if (text.startsWith("-i") && text.length() > 2 && !text.startsWith("-i-")) {
            device = text.substring(2);
          } else if (text.startsWith("-r") && text.length() > 2) {
            return false;
          }
        }
      }
    }
    if (device == null) {
      return true; // the first interface that is up: a real one
    }
    for (String own : OWN_INTERFACES) {
      if (device.startsWith(own)) {
        return false;
      }
    }
    return true;
  }

  private static boolean capturesCredentials(Scan scan, Step step) {
    String source = OtherHosts.source(scan);
    if (source.length() > 64 * 1024) {
      return true;
    }
    String text = source.toLowerCase(Locale.ROOT);
    for (String word :
        List.of("pass", "pwd", "authorization", "cookie", "login", "credential", "token")) {
      if (text.contains(word)) {
        return true;
      }
    }
    boolean payload = false;
    for (Word word : step.args()) {
      String t = word.text();
      if (t.equals("-A") || t.equals("-X") || t.equals("-x") || t.equals("-XX")) {
        payload = true;
      }
    }
    if (OtherHosts.has(text, CLEAR_TEXT_FIELDS)) {
      return true; // tshark -Y http.request -e http.authorization, -e http.file_data
    }
    return payload
        && (text.matches("(?s).*\\bport (?:21|23|25|80|110|143|389|8080)\\b.*")
            || text.contains("http.request")
            || text.contains("ftp")
            || text.contains("telnet"));
  }

  private static boolean proxyOpen(Step step) {
    List<Word> args = step.args();
    switch (step.program()) {
      case "tor" -> {
        for (Word word : args) {
          String t = word.text().toLowerCase(Locale.ROOT);
          if (t.contains("orport") || t.contains("exitrelay") || t.contains("bridgerelay")) {
            return true;
          }
        }
        return false;
      }
      case "ssh" -> {
        for (int i = 0; i < args.size(); i++) {
          String text = args.get(i).text();
          String bind = null;
          if (text.equals("-D") && i + 1 < args.size()) {
            bind = args.get(i + 1).text();
          } else if (text.startsWith("-D") && text.length() > 2) {
            bind = text.substring(2);
          }
          if (bind != null && (bind.startsWith("0.0.0.0:") || bind.startsWith("*:"))) {
            return true;
          }
          if (text.equals("-g") || text.contains("GatewayPorts=yes")) {
            for (Word w : args) {
              if (w.text().startsWith("-D")) {
                return true;
              }
            }
          }
        }
        return false;
      }
      default -> {
        // microsocks, gost, 3proxy, tinyproxy and their kind listen on every interface unless
        // bound to this machine
        for (Word word : args) {
          String t = word.text();
          if (t.contains("127.0.0.1") || t.contains("localhost") || t.contains("[::1]")) {
            return false;
          }
        }
        return true;
      }
    }
  }
}
