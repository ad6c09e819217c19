package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.FlowReading.Found;
import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What the network's programs take in and send, for the flow rules: HTTP clients (a request with a
 * body or an upload sends; any request takes in what answers), sockets, copies to other machines,
 * mail, file transfer, cloud storage, DNS names built at run time.
 */
final class NetworkSends {

  /** Options of curl that give a body or an upload, as written or as their prefix. */
  private static final List<String> CURL_BODY =
      List.of(
          "--data",
          "--json",
          "--form",
          "--upload-file",
          "--url-query",
          "--expand-data",
          "--expand-json",
          "--expand-form",
          "--variable");

  /** Short options of curl whose value is a body or an upload. */
  private static final String CURL_BODY_SHORT = "dFT";

  /** Short options of curl that take a value (the rest of the word, or the next word). */
  private static final String CURL_VALUED_SHORT = "oHuAexbcwXmKErCPYyzQtUdFT";

  /** Long options of curl and wget that take a value in the next word. */
  private static final Set<String> VALUED =
      NameSet.of(
          "--output",
          "--header",
          "--user",
          "--user-agent",
          "--referer",
          "--proxy",
          "--cookie",
          "--cookie-jar",
          "--write-out",
          "--request",
          "--max-time",
          "--connect-timeout",
          "--config",
          "--cert",
          "--key",
          "--cacert",
          "--range",
          "--continue-at",
          "--retry",
          "--resolve",
          "--connect-to",
          "--output-document",
          "--directory-prefix",
          "--post-data",
          "--post-file",
          "--body-data",
          "--body-file",
          "--method",
          "--tries",
          "--timeout",
          "--input-file",
          "--append-output",
          "--limit-rate",
          "--data",
          "--data-raw",
          "--data-binary",
          "--data-urlencode",
          "--data-ascii",
          "--json",
          "--form",
          "--form-string",
          "--upload-file",
          "--url-query",
          "--variable",
          "--expand-data",
          "--execute",
          "--proxy-user",
          "--interface",
          "--dns-servers",
          "--oauth2-bearer");

  /** Options of curl that send the request somewhere other than its URL's host. */
  private static final Set<String> ELSEWHERE =
      NameSet.of(
          "-x",
          "--proxy",
          "--resolve",
          "--connect-to",
          "--socks5",
          "--socks5-hostname",
          "--preproxy",
          "--unix-socket",
          "--abstract-unix-socket");

  /** curl's short options with {@code -K}, its configuration file; compiled once. */
  private static final Pattern SHORT_CONFIG = Pattern.compile("-[a-zA-Z]*K.*");

  /** socat's address types that reach another machine. */
  private static final Pattern SOCAT_NET =
      Pattern.compile(
          "(?i)^(?:TCP[46]?|TCP-CONNECT|TCP[46]?-CONNECT|UDP[46]?|UDP-SENDTO|UDP[46]?-SENDTO"
              + "|UDP-DATAGRAM|OPENSSL|OPENSSL-CONNECT|SSL|SCTP-CONNECT|DCCP-CONNECT|SOCKS4A?"
              + "|PROXY|SOCKS5):([^,]+)");

  private static final Set<String> MAIL =
      NameSet.of("mail", "mailx", "sendmail", "swaks", "mutt", "msmtp");

  private static final Set<String> TRANSFER_CLIENTS =
      NameSet.of("ftp", "tftp", "lftp", "smbclient", "sftp", "ncftpput", "curlftpfs");

  /** The programs {@link #read} has a case of its own for. */
  static final Set<String> CASES =
      NameSet.of(
          "curl",
          "wget",
          "wget2",
          "http",
          "https",
          "xh",
          "xhs",
          "httpie",
          "aria2c",
          "lynx",
          "links",
          "w3m",
          "elinks",
          "nc",
          "ncat",
          "netcat",
          "telnet",
          "pwncat",
          "socat",
          "openssl",
          "scp",
          "rsync",
          "ssh",
          "mosh",
          "dig",
          "nslookup",
          "host",
          "drill",
          "ping",
          "ping6",
          "traceroute",
          "rclone",
          "aws",
          "gsutil",
          "gcloud",
          "az",
          "azcopy",
          "s3cmd",
          "mc",
          "pastebinit",
          "wgetpaste",
          "croc",
          "wormhole",
          "ffsend",
          "termbin");

  private NetworkSends() {}

  /**
   * {@return whether {@link #read} reads a program: one of the network's} Asked first, by a rule
   * tried on every program of a long command, before anything is made for the reading.
   */
  static boolean reads(String program) {
    return CASES.contains(program) || MAIL.contains(program) || TRANSFER_CLIENTS.contains(program);
  }

  /** Reads one program; {@return whether it is one of the network's} */
  static boolean read(Step step, Found found) {
    if (!reads(step.program())) {
      return false; // a case below not listed in CASES is never reached (NetworkSendsTest)
    }
    List<Word> args = step.args();
    String line = step.shown();
    String program = step.program();
    switch (program) {
      case "curl" -> curl(step, args, line, found);
      case "wget", "wget2" -> wget(args, line, found);
      case "http", "https", "xh", "xhs", "httpie" -> httpie(step, args, line, found);
      case "aria2c", "lynx", "links", "w3m", "elinks" -> fetches(args, line, found);
      case "nc", "ncat", "netcat", "telnet", "pwncat" -> socket(args, line, found);
      case "socat" -> socat(args, line, found);
      case "openssl" -> openssl(args, line, found);
      case "scp", "rsync" -> copy(args, line, found);
      case "ssh", "mosh" -> ssh(args, line, found);
      case "dig", "nslookup", "host", "drill", "ping", "ping6", "traceroute" ->
          dns(args, line, found);
      case "rclone" -> rclone(args, line, found);
      case "aws", "gsutil", "gcloud", "az", "azcopy", "s3cmd", "mc" -> bucket(args, line, found);
      case "pastebinit", "wgetpaste", "croc", "wormhole", "ffsend", "termbin" ->
          found.send("PASTE", program, line);
      default -> {
        if (MAIL.contains(program)) {
          found.send("TRANSFER", null, line + " (mail)");
        } else if (TRANSFER_CLIENTS.contains(program)) {
          String host = firstPositional(args);
          found.send("TRANSFER", host == null ? null : Hosts.of(host), line);
        } else {
          return false;
        }
      }
    }
    return true;
  }

  private static void curl(Step step, List<Word> args, String line, Found found) {
    boolean body = false;
    boolean elsewhere = false;
    List<Word> urls = new ArrayList<>();
    for (int i = 0; i < args.size(); i++) {
      Word word = args.get(i);
      String text = word.text();
      String option =
          text.startsWith("--") && text.contains("=") ? text.substring(0, text.indexOf('=')) : text;
      if (text.startsWith("--")) {
        String lower = option.toLowerCase(Locale.ROOT);
        body |= CURL_BODY.stream().anyMatch(lower::startsWith);
        elsewhere |= ELSEWHERE.contains(option);
        if (option.equals("--config")) {
          body = true; // its options are read from a file the guard does not see
          elsewhere = true;
        }
        if (option.equals("--request") && i + 1 < args.size()) {
          body |= writeMethod(args.get(i + 1).text());
        } else if (text.startsWith("--request=")) {
          body |= writeMethod(text.substring("--request=".length()));
        }
        if (option.equals("--url") && !text.contains("=") && i + 1 < args.size()) {
          urls.add(args.get(++i));
          continue;
        }
        if (text.startsWith("--url=")) {
          urls.add(new Word(text.substring("--url=".length()), word.literal()));
          continue;
        }
        if (VALUED.contains(text) || ELSEWHERE.contains(text)) {
          i++;
        }
        continue;
      }
      if (text.startsWith("-") && text.length() > 1) {
        // A cluster of short options: the first that takes a value takes the rest of the word,
        // or the next word when nothing follows it (-d@file, -sSd x, -XPOST, -T-).
        for (int k = 1; k < text.length(); k++) {
          char c = text.charAt(k);
          if (CURL_BODY_SHORT.indexOf(c) >= 0) {
            body = true;
          }
          if (c == 'K') {
            body = true;
            elsewhere = true;
          }
          if (c == 'x') {
            elsewhere = true;
          }
          if (c == 'X') {
            String method =
                k + 1 < text.length()
                    ? text.substring(k + 1)
                    : i + 1 < args.size() ? args.get(i + 1).text() : "";
            body |= writeMethod(method);
          }
          if (CURL_VALUED_SHORT.indexOf(c) >= 0) {
            if (k == text.length() - 1) {
              i++;
            }
            break;
          }
        }
        continue;
      }
      urls.add(word); // curl takes every other word as a URL
    }
    boolean config = false;
    boolean carried = false;
    for (Word word : args) {
      String text = word.text();
      config |=
          text.equals("-K")
              || text.startsWith("--config")
              || text.startsWith("-") && PatternLiterals.matches(SHORT_CONFIG, text);
      carried |=
          !word.literal() && (text.contains("$(") || text.contains("`") || secretVariable(text));
    }
    if (config && urls.isEmpty()) {
      found.untrusted(line);
      found.send("REQUEST", null, line + " (its options from a file the guard does not read)");
      return;
    }
    request(urls, body || carried, elsewhere, line, found);
  }

  private static void wget(List<Word> args, String line, Found found) {
    boolean body = false;
    List<Word> urls = new ArrayList<>();
    for (int i = 0; i < args.size(); i++) {
      Word word = args.get(i);
      String text = word.text();
      String lower = text.toLowerCase(Locale.ROOT);
      if (lower.startsWith("--post-") || lower.startsWith("--body-")) {
        body = true;
      } else if (lower.startsWith("--method")) {
        String value =
            text.contains("=")
                ? text.substring(text.indexOf('=') + 1)
                : i + 1 < args.size() ? args.get(i + 1).text() : "";
        body |= writeMethod(value);
      } else if (text.equals("-e") || lower.startsWith("--execute")) {
        body = true; // a wgetrc command (post_file=…) the flow rules do not read
      }
      if (text.startsWith("-")) {
        if (VALUED.contains(text)
            || Set.of("-O", "-o", "-P", "-U", "-t", "-T", "-i", "-a", "-e").contains(text)) {
          i++;
        }
        continue;
      }
      urls.add(word);
    }
    request(urls, body, false, line, found);
  }

  private static void httpie(Step step, List<Word> args, String line, Found found) {
    boolean body = false;
    boolean ignoresInput = false;
    boolean get = false;
    List<Word> urls = new ArrayList<>();
    for (Word word : args) {
      String text = word.text();
      if (text.startsWith("-")) {
        body |= text.equals("--form") || text.equals("-f") || text.startsWith("--raw");
        ignoresInput |= text.equals("--ignore-stdin") || text.equals("-I");
        continue;
      }
      get |= urls.isEmpty() && text.equalsIgnoreCase("GET");
      if (urls.isEmpty() && writeMethod(text)) {
        body = true;
      } else if (urls.isEmpty()) {
        urls.add(text.startsWith(":") ? new Word("localhost" + text, word.literal()) : word);
      } else if (text.matches("(?s)[^=:@]+(?:=|:=|@|=@|:=@).*")) {
        body = true;
      }
    }
    for (Redirect redirect : step.invocation().redirects()) {
      body |= redirect.operator().startsWith("<"); // httpie sends its standard input as the body
    }
    // httpie sends whatever its standard input holds when it is not a terminal, as an agent's
    // shell's is not: a pipe into it is a body the parse does not show.
    body |= !ignoresInput && !get;
    request(urls, body, false, line, found);
  }

  /**
   * A request to each of {@code urls}: what answers is untrusted unless it is this machine; a body
   * sends. A URL built at run time from a command or a secret carries data in itself.
   */
  private static void request(
      List<Word> urls, boolean body, boolean elsewhere, String line, Found found) {
    for (Word url : urls) {
      String text = url.text();
      String host = Hosts.of(text);
      boolean local = url.literal() && host != null && Hosts.loopback(host) && !elsewhere;
      if (!local) {
        found.untrusted(line);
      }
      boolean carries =
          !url.literal() && (text.contains("$(") || text.contains("`") || secretVariable(text));
      if (body || carries) {
        String to = elsewhere || !url.literal() && !carries ? null : host;
        if (text.contains("/gists") || host != null && host.startsWith("gist.")) {
          found.send("PASTE", host, line);
        } else if (local && !elsewhere) {
          continue;
        } else {
          found.send("REQUEST", to == null ? null : withRepository(to, text), line);
        }
      }
    }
  }

  /**
   * A forge's API path names the repository it writes to ({@code /repos/owner/name/…}): the
   * destination is that repository, which the session compares with the project's own.
   */
  private static String withRepository(String host, String url) {
    var repos = Pattern.compile("/repos/([^/?#]+/[^/?#]+)").matcher(normalized(url));
    return repos.find() ? "repo " + host + " " + repos.group(1) : host;
  }

  /** A URL's path with its {@code ..} taken as a server takes them. */
  static String normalized(String url) {
    String[] parts = url.split("/", -1);
    java.util.Deque<String> kept = new java.util.ArrayDeque<>();
    for (String part : parts) {
      if (part.equals("..")) {
        if (!kept.isEmpty()) {
          kept.removeLast();
        }
      } else if (!part.equals(".")) {
        kept.addLast(part);
      }
    }
    return String.join("/", kept);
  }

  private static boolean secretVariable(String text) {
    var variable = PatternLiterals.matcher(FlowReading.VARIABLE, text);
    while (variable.find()) {
      if (SecretNames.secret(variable.group(1))) {
        return true;
      }
    }
    return false;
  }

  private static void fetches(List<Word> args, String line, Found found) {
    for (Word word : args) {
      if (Hosts.URL.matcher(word.text()).lookingAt()) {
        String host = Hosts.of(word.text());
        if (host == null || !Hosts.loopback(host)) {
          found.untrusted(line);
        }
      }
    }
  }

  private static void socket(List<Word> args, String line, Found found) {
    String host = firstPositional(args);
    if (host == null) {
      return;
    }
    if (Hosts.loopback(host)) {
      return;
    }
    found.untrusted(line);
    found.send("TRANSFER", host.contains("$") ? null : host.toLowerCase(Locale.ROOT), line);
  }

  private static void socat(List<Word> args, String line, Found found) {
    for (Word word : args) {
      var address = PatternLiterals.matcher(SOCAT_NET, word.text());
      if (address.find()) {
        String target = address.group(1);
        String host = target.contains(":") ? target.substring(0, target.lastIndexOf(':')) : target;
        if (!Hosts.loopback(host)) {
          found.untrusted(line);
          found.send("TRANSFER", word.literal() ? host.toLowerCase(Locale.ROOT) : null, line);
        }
      }
    }
  }

  private static void openssl(List<Word> args, String line, Found found) {
    if (args.isEmpty() || !args.get(0).text().equals("s_client")) {
      return;
    }
    for (int i = 0; i + 1 < args.size(); i++) {
      if (args.get(i).text().equals("-connect")) {
        String target = args.get(i + 1).text();
        String host = target.contains(":") ? target.substring(0, target.lastIndexOf(':')) : target;
        if (!Hosts.loopback(host)) {
          found.untrusted(line);
          found.send("TRANSFER", host.toLowerCase(Locale.ROOT), line);
        }
      }
    }
  }

  /** The operands of {@code scp} or {@code rsync}: its words past its options and their values. */
  static List<Word> copyOperands(List<Word> args) {
    List<Word> operands = new ArrayList<>();
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if (text.startsWith("-")) {
        if (Set.of("-e", "-P", "-i", "-o", "-F", "-l", "-c", "-S", "--rsh", "-J").contains(text)) {
          i++;
        }
        continue;
      }
      operands.add(args.get(i));
    }
    return operands;
  }

  private static void copy(List<Word> args, String line, Found found) {
    List<Word> operands = copyOperands(args);
    if (operands.size() < 2) {
      return;
    }
    Word last = operands.get(operands.size() - 1);
    String destination = Hosts.remote(last.text());
    if (destination != null && !Hosts.loopback(destination)) {
      found.send("TRANSFER", last.literal() ? destination : null, line);
    }
    for (Word source : operands.subList(0, operands.size() - 1)) {
      String host = Hosts.remote(source.text());
      if (host != null && !Hosts.loopback(host)) {
        found.untrusted(line);
      }
    }
  }

  private static void ssh(List<Word> args, String line, Found found) {
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if (text.startsWith("-")) {
        if (text.length() == 2 && "bcDEeFIiJLlmOopQRSWw".indexOf(text.charAt(1)) >= 0) {
          i++;
        }
        continue;
      }
      String host = text.contains("@") ? text.substring(text.lastIndexOf('@') + 1) : text;
      if (!Hosts.loopback(host)) {
        found.untrusted(line);
        found.send("TRANSFER", args.get(i).literal() ? host.toLowerCase(Locale.ROOT) : null, line);
      }
      return;
    }
  }

  private static void dns(List<Word> args, String line, Found found) {
    for (int i = 0; i < args.size(); i++) {
      Word word = args.get(i);
      String text = word.text();
      if (text.equals("-p") && i + 1 < args.size()) {
        found.send("TRANSFER", null, line + " (data in the packets)");
        return;
      }
      if (!word.literal() && !text.startsWith("-") && !text.startsWith("@")) {
        found.send("TRANSFER", null, line + " (a name built at run time)");
        return;
      }
    }
  }

  private static void rclone(List<Word> args, String line, Found found) {
    if (!args.isEmpty()
        && Set.of("copy", "sync", "move", "copyto", "moveto", "rcat", "copyurl", "bisync")
            .contains(args.get(0).text())) {
      found.send("TRANSFER", null, line);
    }
  }

  /** Copies to a cloud bucket: to the bucket named (the session cannot tell whose it is). */
  private static void bucket(List<Word> args, String line, Found found) {
    Word destination = null;
    boolean copies = false;
    for (Word word : args) {
      String text = word.text();
      copies |=
          Set.of("cp", "sync", "mv", "put", "upload", "upload-batch", "copy", "rsync")
              .contains(text);
      if (text.matches("(?i)(?:s3|gs|az|https)://.*") || text.contains(".blob.core.windows.net")) {
        destination = word;
      }
    }
    for (int i = 0; i + 1 < args.size(); i++) {
      if (args.get(i).text().equals("--account-name") && destination == null) {
        destination = args.get(i + 1);
      }
      copies |= args.get(i).text().equals("upload") || args.get(i).text().startsWith("upload-");
    }
    if (copies && destination != null) {
      String bucket = Hosts.of(destination.text());
      found.send("TRANSFER", destination.literal() ? "bucket " + bucket : null, line);
    }
  }

  private static String firstPositional(List<Word> args) {
    for (Word word : args) {
      String text = word.text();
      boolean port = text.matches("\\d{1,5}") && Long.parseLong(text) <= 65_535;
      if (!text.startsWith("-") && !port) {
        return word.literal() ? Hosts.of(text) == null ? text : Hosts.of(text) : "$" + text;
      }
    }
    return null;
  }

  private static boolean writeMethod(String method) {
    String m = method.toUpperCase(Locale.ROOT);
    return m.equals("POST") || m.equals("PUT") || m.equals("PATCH");
  }
}
