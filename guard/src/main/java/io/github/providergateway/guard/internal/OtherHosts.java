package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Another host and the project's own (decision 96), the readers the {@code attacks}, {@code
 * privacy} and {@code person} predicates share: the host a word names (a URL's, an address or a
 * range, {@code user@host:port}, a name with a dot that is not a file's), whether it is this
 * machine, one of its containers or a test or staging host, whether a tool needing a target is
 * aimed elsewhere, and whether a call sends to another machine ({@link NetworkSends}).
 */
final class OtherHosts {
  /**
   * Whether a host is a name on the local link by multicast DNS: one label before {@code .local}
   * ({@code raspi-lab-03.local}, {@code printer.local}). A name of more labels ({@code
   * cad-app01.mcec.local}) is a company's own domain, as Active Directory names them: a server
   * others rely on (decision 164).
   */
  static boolean linkLocalName(String host) {
    String h = host.toLowerCase(Locale.ROOT);
    return h.endsWith(".local") && h.indexOf('.') == h.length() - ".local".length();
  }

  /**
   * A host of a company's own domain ending in {@code .local} (more than one label before it), not
   * a settings module's name. Decision 168: wherever a word gives it, as a URL's host ({@code
   * https://cad-app01.mcec.local/api}), a share's ({@code //fs01.mcec.local/records}), an option's
   * value glued to it ({@code --cad-host=cad-app01.mcec.local}), fully qualified ({@code
   * cad-app01.mcec.local.}).
   */
  static boolean companyDomainHost(String text) {
    if (text.indexOf('.') < 0 || text.length() > 512) {
      return false; // most words: no dot
    }
    String host = text;
    if (host.startsWith("-")) {
      int eq = host.indexOf('=');
      if (eq < 0) {
        return false;
      }
      host = host.substring(eq + 1); // --cad-host=cad-app01.mcec.local
    }
    if (host.contains("://")) {
      host = Environments.host(host);
    } else if (host.startsWith("//") || host.startsWith("\\\\")) {
      host = host.substring(2).split("[/\\\\]", 2)[0]; // //fs01.mcec.local/records
    } else {
      host = host.substring(host.lastIndexOf('@') + 1);
      int colon = host.indexOf(':');
      host = colon > 0 ? host.substring(0, colon) : host;
    }
    host = host.toLowerCase(Locale.ROOT);
    if (host.endsWith(".")) {
      host = host.substring(0, host.length() - 1); // cad-app01.mcec.local.
    }
    return host.length() < 128
        && host.endsWith(".local")
        && !linkLocalName(host)
        && !host.contains(".settings.") // harborview.settings.local: Django's settings module
        && !host.contains(".config.");
  }

  /**
   * {@return the host without its company's {@code .local} domain ({@code hazlog.ops.corp.local}:
   * {@code hazlog.ops.corp}), whose {@code local} names no test place (decision 168); any other as
   * it is}
   */
  static String withoutCompanyDomain(String host) {
    return companyDomainHost(host)
        ? host.substring(0, host.toLowerCase(Locale.ROOT).lastIndexOf(".local"))
        : host;
  }

  /** The last labels of a file's name that a host name would also have: not a host. */
  private static final Set<String> FILE_ENDINGS =
      NameSet.of(
          "txt",
          "lst",
          "list",
          "xml",
          "json",
          "csv",
          "log",
          "py",
          "yaml",
          "yml",
          "nse",
          "html",
          "htm",
          "gnmap",
          "nmap",
          "out",
          "cfg",
          "conf",
          "ini",
          "dic",
          "pcap",
          "pcapng",
          "js",
          "md",
          "toml",
          "lua",
          "rb",
          "pl",
          "tmpl",
          "tpl",
          "wordlist",
          "gz",
          "zip");

  static final Pattern IPV4 = Pattern.compile("\\d{1,3}(?:\\.\\d{1,3}){3}(?:/\\d{1,2})?");

  private static final Pattern HOST_NAME =
      Pattern.compile("(?i)[a-z0-9][a-z0-9-]{0,62}(?:\\.[a-z0-9-]{1,63}){1,8}\\.?");

  /** Docker's bridge networks (172.17/16 to 172.31/16): this machine's containers. */
  private static final Pattern CONTAINER_ADDRESS =
      Pattern.compile("172\\.(?:1[7-9]|2[0-9]|3[01])\\.\\d{1,3}\\.\\d{1,3}");

  /**
   * The first host among a program's words that is not this machine's, its containers' or a staging
   * host's: a URL's, an address (a range too), a name with a dot, {@code user@host:port}; a word
   * the guard cannot know, not an option's value, is {@code ?}. Null when there is none.
   */
  static String anotherHost(List<Word> args) {
    for (int i = 0; i < args.size(); i++) {
      Word word = args.get(i);
      String text = word.text();
      if (text.startsWith("-")) {
        continue;
      }
      if (!word.literal()) {
        boolean optionValue = i > 0 && args.get(i - 1).text().startsWith("-");
        if ((!optionValue || i == args.size() - 1) && !text.contains("/")) {
          return "?"; // nmap -Pn $TARGET; not nmap -p $PORTS 127.0.0.1
        }
        continue;
      }
      String host = hostOf(text);
      if (host != null && !ownHost(host)) {
        return host;
      }
    }
    return null;
  }

  /**
   * Whether a tool that needs a target is aimed elsewhere than at the project's own hosts: another
   * host among its words, or none of its own, the targets then in a file or computed (a help or
   * version asked is neither).
   */
  static boolean aimsElsewhere(List<Word> args) {
    if (anotherHost(args) != null) {
      return true;
    }
    if (args.size() <= 1) {
      return false; // hydra, hydra -h: its usage
    }
    for (Word word : args) {
      String text = word.text();
      if (text.equals("--help") || text.equals("--version") || text.equals("-version")) {
        return false;
      }
      if (word.literal()
          && (hostOf(text) != null
              || Environments.localHost(text)
              || Environments.composeService(text))) {
        return false; // every host it names is the project's own
      }
    }
    return true;
  }

  /** The host a word names, or null when it names none. */
  static String hostOf(String text) {
    if (text.length() > 300) {
      return null;
    }
    if (text.contains("://")) {
      return Environments.host(text);
    }
    String rest = text.substring(text.lastIndexOf('@') + 1);
    int colon = rest.indexOf(':');
    if (colon > 0 && rest.indexOf(':', colon + 1) < 0) {
      rest = rest.substring(0, colon);
    }
    if (PatternLiterals.matches(IPV4, rest)) {
      return rest;
    }
    if (rest.indexOf('.') > 0 && PatternLiterals.matches(HOST_NAME, rest)) {
      String name = rest.endsWith(".") ? rest.substring(0, rest.length() - 1) : rest;
      String last = name.substring(name.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT);
      if (last.length() >= 2
          && last.chars().allMatch(Character::isLetter)
          && !FILE_ENDINGS.contains(last)) {
        return name;
      }
    }
    return null;
  }

  /** Whether a host is this machine, one of its containers, or a test or staging host. */
  static boolean ownHost(String host) {
    String h = host.toLowerCase(Locale.ROOT);
    int slash = h.indexOf('/');
    if (slash > 0) {
      return false; // a range: machine.network-scan's, and no range is this machine alone
    }
    return Hosts.loopback(h)
        || Environments.localHost(h)
        || Environments.stagingHost(h)
        || h.endsWith(".test")
        || h.endsWith(".internal") && h.startsWith("host.")
        || PatternLiterals.matches(CONTAINER_ADDRESS, h);
  }

  /**
   * Whether a program of the call sends to another machine than this one: an upload, a request with
   * a body, a copy, a mail ({@link NetworkSends}).
   */
  static boolean sendsOut(Scan scan) {
    for (Step step : scan.steps()) {
      FlowReading.Found found = new FlowReading.Found();
      if (!NetworkSends.read(step, found)) {
        continue;
      }
      for (Object[] sending : found.sends()) {
        String to = (String) sending[1];
        if (to == null || !(Hosts.loopback(to) || Environments.localHost(to))) {
          return true;
        }
      }
    }
    return false;
  }

  /** Whether code holds one of the parts. */
  static boolean has(String code, List<String> parts) {
    if (code == null || code.length() > 64 * 1024) {
      return false;
    }
    for (String part : parts) {
      if (code.contains(part)) {
        return true;
      }
    }
    return false;
  }

  /** {@return the call's command, or the empty string for a tool's call} */
  static String source(Scan scan) {
    String source = scan.source();
    return source == null ? "" : source;
  }

  private OtherHosts() {}
}
