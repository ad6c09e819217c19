package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.guard.internal.Scan.Step;
import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.Word;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads what one call does for the flow rules (docs/guard.md, "A session remembers"): the untrusted
 * content it takes in, the secret it reads, where it sends data and the git remotes it adds. From
 * the parse and the file accesses the rules already read; nothing here decides.
 *
 * <p>Untrusted content: the agents' web tools, a shell fetch of a URL ({@code curl}, {@code wget},
 * httpie, a browser's dump, {@code git clone} of a URL, the forge's issues and pull requests),
 * inline code that fetches, an MCP or provider tool that declares it reaches the outside world or
 * whose server is below {@code project} trust or unknown. A secret: a path the secret rules or a
 * secret's name point at, the whole environment printed, a search for a secret's name, a tool named
 * for secrets. Sending: a request with a body or an upload, a push, publishing, a paste or gist, a
 * copy to another machine ({@code scp}, {@code rsync}, {@code nc}, {@code ssh}, a DNS name built
 * from a command), a tool that reaches the outside world and is not read-only.
 */
public final class FlowReading {

  /** The agents' own tools that fetch the web or search it, by the agents' names. */
  private static final Set<String> WEB_TOOLS =
      Set.of(
          "WebFetch",
          "WebSearch",
          "web_fetch",
          "google_web_search",
          "web_search",
          "fetch_webpage",
          "webfetch",
          "websearch");

  private static final Pattern URL =
      Pattern.compile("(?i)\\b(?:https?|ftps?|sftp|wss?|telnet|smtps?|rsync)://[^\\s'\"`<>)]+");

  private static final Pattern HOST_LIKE =
      Pattern.compile(
          "(?i)^(?:[a-z0-9-]+\\.)+[a-z]{2,}(?::\\d+)?(?:/.*)?$|^localhost(?::\\d+)?(?:/.*)?$"
              + "|^\\d{1,3}(?:\\.\\d{1,3}){3}(?::\\d+)?(?:/.*)?$");

  /** Inline code that sends: a request with a body, a socket, mail. */
  private static final Pattern CODE_SENDS =
      Pattern.compile(
          "(?i)requests\\.(?:post|put|patch)|httpx\\.(?:post|put|patch)|urlopen\\([^)]*data"
              + "|method\\s*[:=]\\s*['\"](?:post|put|patch)|\\.post\\(|\\.put\\(|body\\s*:"
              + "|socket\\.(?:connect|create_connection)|net\\.connect|smtplib|sendmail"
              + "|Net::HTTP\\.post|LWP.*post|curl_setopt.*POSTFIELDS|http\\.request\\(");

  /** Text of a script that sends: a shell's request with a body, an upload, a socket. */
  private static final Pattern TEXT_SENDS =
      Pattern.compile(
          "(?i)\\bcurl\\b[^\\n]*(?:\\s-d\\b|\\s-d\\S|--data|\\s-F\\b|--form|\\s-T\\b|--upload-file"
              + "|-X\\s*(?:POST|PUT|PATCH)|--json)|\\bwget\\b[^\\n]*--(?:post|body)-"
              + "|\\b(?:nc|ncat|netcat)\\s+[a-z0-9.-]+\\.[a-z]{2,}|\\bscp\\b[^\\n]*\\S+:"
              + "|\\bfetch\\([^)]*(?:POST|PUT|body)");

  /** A secret variable's value used by inline code: {@code process.env.X}, {@code os.environ}. */
  private static final Pattern CODE_SECRET_VARIABLE =
      Pattern.compile(
          "(?:process\\.env\\.|process\\.env\\[['\"]|os\\.environ\\[['\"]|os\\.environ\\.get\\(['\"]"
              + "|os\\.getenv\\(['\"]|ENV\\[['\"]|\\$ENV\\{['\"]?|getenv\\(['\"])([A-Za-z_][A-Za-z0-9_]*)");

  /** A variable expanded in a command: {@code $X}, {@code ${X}}, {@code ${X:-…}}. */
  private static final Pattern VARIABLE = Pattern.compile("\\$\\{?([A-Za-z_][A-Za-z0-9_]*)");

  /** Folders whose files third parties wrote: reading them takes in untrusted content. */
  private static final Pattern THIRD_PARTY =
      Pattern.compile("/(?:node_modules|vendor|site-packages|\\.cargo/registry|\\.m2/repository)/");

  /** Inline code that fetches. */
  private static final Pattern CODE_FETCHES =
      Pattern.compile(
          "(?i)requests\\.get|httpx\\.get|urlopen|urlretrieve|fetch\\(|axios|http\\.get|https\\.get"
              + "|Net::HTTP|LWP::|open-uri|file_get_contents\\(['\"]https?:");

  /** Options of curl whose value is a request's body or an upload. */
  private static final Set<String> CURL_BODY =
      Set.of(
          "-d",
          "--data",
          "--data-raw",
          "--data-binary",
          "--data-urlencode",
          "--data-ascii",
          "--json",
          "-F",
          "--form",
          "--form-string",
          "-T",
          "--upload-file");

  /** Options of curl and wget that take a value which is not the URL. */
  private static final Set<String> TAKES_VALUE =
      Set.of(
          "-o",
          "--output",
          "-H",
          "--header",
          "-u",
          "--user",
          "-A",
          "--user-agent",
          "-e",
          "--referer",
          "-x",
          "--proxy",
          "-b",
          "--cookie",
          "-c",
          "--cookie-jar",
          "-w",
          "--write-out",
          "-X",
          "--request",
          "-m",
          "--max-time",
          "--connect-timeout",
          "-K",
          "--config",
          "-E",
          "--cert",
          "--key",
          "--cacert",
          "-r",
          "--range",
          "-C",
          "--continue-at",
          "--retry",
          "--resolve",
          "--connect-to",
          "-O",
          "--output-document",
          "-P",
          "--directory-prefix",
          "-U",
          "--post-data",
          "--post-file",
          "--body-data",
          "--body-file",
          "--method",
          "-t",
          "--tries",
          "-T",
          "--timeout",
          "-i",
          "--input-file",
          "-a",
          "--append-output",
          "--limit-rate");

  private static final Set<String> PUBLISHERS_SUB =
      Set.of(
          "npm publish",
          "yarn publish",
          "yarn npm",
          "pnpm publish",
          "bun publish",
          "cargo publish",
          "gem push",
          "poetry publish",
          "flit publish",
          "hatch publish",
          "twine upload",
          "docker push",
          "podman push",
          "buildah push",
          "vsce publish",
          "ovsx publish",
          "mvn deploy",
          "gradle publish",
          "dotnet nuget",
          "helm push",
          "git send-email",
          "uv publish");

  private static final Pattern SECRET_PATTERN =
      Pattern.compile(
          "(?i)api[_-]?key|secret|token|passw|credential|private[_-]?key|aws_access|bearer");

  private FlowReading() {}

  /** What a shell call, or a file tool, does, found by the rules' scan. */
  public static Found read(Scan scan, List<Hit> hits) {
    Found found = new Found();
    ToolCall call = scan.call();
    for (Hit hit : hits) {
      if (hit.rule().category().equals("secrets")) {
        found.secret(hit.found() + " (" + hit.rule().id() + ")");
      }
    }
    for (Access access : scan.accesses()) {
      if (access.kind() == Access.Kind.READ
          && access.target().known()
          && secretFile(access.target())) {
        found.secret("read of " + access.target().path());
      }
    }
    for (Access access : scan.accesses()) {
      if (access.kind() == Access.Kind.READ
          && access.target().known()
          && THIRD_PARTY.matcher(access.target().path().toString() + "/").find()) {
        found.untrusted("read of " + access.target().path() + ", a file a third party wrote");
        break;
      }
    }
    if (!call.tool().equals("shell")) {
      tool(call, found);
      written(call, found);
      return found;
    }
    if (scan.source() != null) {
      Matcher variable = VARIABLE.matcher(scan.source());
      while (variable.find()) {
        if (SecretNames.secret(variable.group(1))) {
          found.secret("expands $" + variable.group(1));
          break;
        }
      }
    }
    for (Step step : scan.steps()) {
      program(step, found);
      runs(scan, step, found);
      redirected(scan, step, found);
    }
    return found;
  }

  /** An edit tool's text: a script that sends, written for a later call to run. */
  private static void written(ToolCall call, Found found) {
    if (!call.tool().equals("edit") && !call.tool().equals("write")) {
      return;
    }
    JsonNode path =
        call.args().has("path") ? call.args().get("path") : call.args().get("file_path");
    for (String field : List.of("content", "new_string", "text")) {
      JsonNode text = call.args().get(field);
      if (path != null && path.isTextual() && text != null && text.isTextual()) {
        String file = path.asText();
        if (!file.startsWith("/") && call.cwd() != null) {
          file = call.cwd().resolve(file).normalize().toString();
        }
        found.written(file, text.asText());
      }
    }
  }

  /** The files a program runs: itself by a path, or an interpreter's script. */
  private static void runs(Scan scan, Step step, Found found) {
    List<Word> words = step.invocation().words();
    if (words.isEmpty()) {
      return;
    }
    Word script = null;
    if (words.get(0).text().contains("/")) {
      script = words.get(0);
    } else if (step.interpreter()
        || Set.of("node", "deno", "bun", "tsx", "ts-node").contains(step.program())) {
      for (Word word : step.args()) {
        if (!word.text().startsWith("-")) {
          script = word;
          break;
        }
        if (Set.of("-c", "-e", "--eval", "-p").contains(word.text())) {
          return;
        }
      }
    }
    if (script == null) {
      return;
    }
    for (Target target : scan.targets(step, script)) {
      if (target.known() && found.runs.size() < 16) {
        found.runs.add(target.path().toString());
      }
    }
  }

  /** A file a command writes with a here-document or with echo and printf: its text. */
  private static void redirected(Scan scan, Step step, Found found) {
    String body = null;
    for (Redirect redirect : step.invocation().redirects()) {
      if (redirect.body() != null) {
        body = redirect.body();
      }
    }
    if (body == null && Set.of("echo", "printf").contains(step.program())) {
      StringBuilder text = new StringBuilder();
      for (Word word : step.args()) {
        text.append(word.text()).append(' ');
      }
      body = text.toString();
    }
    if (body == null) {
      return;
    }
    List<Word> written = new ArrayList<>();
    for (Redirect redirect : step.invocation().redirects()) {
      if (redirect.writes()) {
        written.add(redirect.target());
      }
    }
    if (step.program().equals("tee")) {
      for (Word word : step.args()) {
        if (!word.text().startsWith("-")) {
          written.add(word);
        }
      }
    }
    for (Word word : written) {
      for (Target target : scan.targets(step, word)) {
        if (target.known()) {
          found.written(target.path().toString(), body);
        }
      }
    }
  }

  /** What the flow rules need of a call, filled in as it is read. */
  public static final class Found {
    private String untrusted;
    private String secret;
    private final List<Object[]> sends = new ArrayList<>();
    private final Map<String, String> remotesAdded = new LinkedHashMap<>();
    private final Map<String, String> writesSenders = new LinkedHashMap<>();
    private final List<String> runs = new ArrayList<>();

    /** {@return the files written whose text sends data, path to where (null: unknown)} */
    public Map<String, String> writesSenders() {
      return writesSenders;
    }

    /** {@return the files run as programs or scripts} */
    public List<String> runs() {
      return runs;
    }

    private void secret(String what) {
      if (secret == null) {
        secret = what;
      }
    }

    private void written(String path, String text) {
      if (path == null || text == null || writesSenders.size() >= 16) {
        return;
      }
      if (TEXT_SENDS.matcher(text).find() || CODE_SENDS.matcher(text).find()) {
        Matcher url = URL.matcher(text);
        String host = null;
        while (url.find()) {
          String found = hostOfUrl(url.group());
          if (found != null && !loopback(found)) {
            host = found;
            break;
          }
        }
        writesSenders.put(path, host);
      }
    }

    /** {@return the untrusted content taken in, or null} */
    public String untrusted() {
      return untrusted;
    }

    /** {@return the secret read, or null} */
    public String secret() {
      return secret;
    }

    /**
     * {@return each sending as {kind name, to (or null), what}}: the public type is the guard's,
     * which this package does not name (decision 80)
     */
    public List<Object[]> sends() {
      return sends;
    }

    /** {@return the remotes added, name to URL} */
    public Map<String, String> remotesAdded() {
      return remotesAdded;
    }

    private void untrusted(String what) {
      if (untrusted == null) {
        untrusted = what;
      }
    }

    private void send(String kind, String to, String what) {
      if (sends.size() < 16) {
        sends.add(new Object[] {kind, to, what});
      }
    }
  }

  // ---- tools that are not the shell ----

  private static void tool(ToolCall call, Found found) {
    String tool = call.tool();
    if (WEB_TOOLS.contains(tool)) {
      found.untrusted(tool + " of " + webTarget(call.args()));
      return;
    }
    if (tool.equals("read")) {
      for (String field : List.of("pattern", "query", "regex")) {
        JsonNode pattern = call.args().get(field);
        if (pattern != null
            && pattern.isTextual()
            && SECRET_PATTERN.matcher(pattern.asText()).find()) {
          found.secret("a search for " + pattern.asText());
        }
      }
      return;
    }
    if (tool.equals("edit") || tool.equals("write")) {
      return;
    }
    ToolCall.Hints hints = call.hints();
    boolean openWorld = hints != null && Boolean.TRUE.equals(hints.openWorld());
    boolean readOnly = hints != null && Boolean.TRUE.equals(hints.readOnly());
    String trust = hints == null ? null : hints.trust();
    boolean lowTrust =
        trust == null || trust.equals("external") || trust.equals("project") && false;
    if (openWorld) {
      found.untrusted(tool + ", a tool that reaches the outside world");
    } else if (hints == null || hints.provider() == null) {
      found.untrusted(tool + ", a tool of a server the gateway does not know");
    } else if (lowTrust) {
      found.untrusted(tool + ", a tool of " + hints.provider() + " (trust " + trust + ")");
    }
    if (openWorld && !readOnly) {
      String repository = repository(call.args());
      if (repository != null) {
        found.send("REQUEST", "repo " + repository, tool + " " + shortArgs(call.args()));
      } else {
        found.send("TOOL", tool, tool + " " + shortArgs(call.args()));
      }
    }
    String lower = tool.toLowerCase(Locale.ROOT);
    if (SECRET_PATTERN.matcher(lower.replace("tokenizer", "")).find() || lower.contains("vault")) {
      found.secret(tool + " " + shortArgs(call.args()));
    }
  }

  /**
   * The repository a forge's tool names ({@code owner} and {@code repo}, or {@code repo} or {@code
   * repository} as {@code owner/name}), or null: a call about the project's own repository is not
   * sending data out.
   */
  private static String repository(JsonNode args) {
    JsonNode owner = args.get("owner");
    JsonNode repo = args.has("repo") ? args.get("repo") : args.get("repository");
    if (repo == null || !repo.isTextual()) {
      return null;
    }
    if (owner != null && owner.isTextual()) {
      return owner.asText() + "/" + repo.asText();
    }
    return repo.asText().matches("[\\w.-]+/[\\w.-]+") ? repo.asText() : null;
  }

  private static String webTarget(JsonNode args) {
    for (String field : List.of("url", "query", "prompt")) {
      JsonNode value = args.get(field);
      if (value != null && value.isTextual()) {
        String text = value.asText();
        Matcher url = URL.matcher(text);
        return url.find() ? url.group() : shorten(text);
      }
    }
    return shortArgs(args);
  }

  private static String shortArgs(JsonNode args) {
    return shorten(args.toString());
  }

  private static String shorten(String text) {
    return text.length() <= 120 ? text : text.substring(0, 117) + "...";
  }

  // ---- the shell's programs ----

  private static void program(Step step, Found found) {
    List<Word> args = step.args();
    String program = step.program();
    String line = Scan.render(step.invocation());
    switch (program) {
      case "curl" -> curl(args, line, found);
      case "wget" -> wget(args, line, found);
      case "http", "https", "xh", "xhs", "httpie" -> httpie(args, line, found);
      case "aria2c", "lynx", "links", "w3m", "elinks" -> fetches(args, line, found);
      case "nc", "ncat", "netcat", "socat", "telnet" -> socket(args, line, found);
      case "scp", "rsync", "sftp" -> copy(program, args, line, found);
      case "ssh" -> ssh(args, line, found);
      case "git" -> git(args, line, found);
      case "gh", "glab" -> forge(args, line, found);
      case "dig", "nslookup", "host", "drill", "ping" -> dns(args, line, found);
      case "pastebinit", "wgetpaste", "croc", "wormhole", "ffsend" ->
          found.send("PASTE", program, line);
      case "env", "printenv" -> {
        if (args.isEmpty()) {
          found.secret(line + " (the whole environment)");
        }
      }
      case "set", "export", "declare" -> {
        if (args.isEmpty() || args.size() == 1 && args.get(0).text().equals("-p")) {
          found.secret(line + " (the whole environment)");
        }
      }
      case "grep", "egrep", "rg", "ag", "ack", "git-grep" -> search(args, line, found);
      case "npm", "yarn", "pnpm", "bun" -> {
        if (!args.isEmpty()
            && Set.of("view", "info", "show", "v", "docs", "repo").contains(args.get(0).text())) {
          found.untrusted(line + " (a package's text from the registry)");
        }
      }
      default -> {}
    }
    if (step.interpreter() && !program.endsWith("sh")) {
      inline(args, line, found);
    }
    String pair = program + (args.isEmpty() ? "" : " " + args.get(0).text());
    if (PUBLISHERS_SUB.contains(pair)
        || program.equals("gradle") && args.stream().anyMatch(w -> w.text().startsWith("publish"))
        || program.equals("mvn") && args.stream().anyMatch(w -> w.text().equals("deploy"))) {
      found.send("PUBLISH", pair, line);
    }
  }

  private static void curl(List<Word> args, String line, Found found) {
    boolean body = false;
    boolean method = false;
    List<String> urls = new ArrayList<>();
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      String option =
          text.contains("=") && text.startsWith("--") ? text.substring(0, text.indexOf('=')) : text;
      if (CURL_BODY.contains(option) || text.startsWith("--data") || text.startsWith("--form")) {
        body = true;
      } else if (text.matches("-[a-zA-Z]{2,}.*") && !text.startsWith("--")) {
        String cluster = text.substring(1);
        for (int k = 0; k < cluster.length(); k++) {
          char c = cluster.charAt(k);
          if (c == 'd' || c == 'F' || c == 'T') {
            body = true;
            break;
          }
          if ("oHuAexbcwXmKErCPY".indexOf(c) >= 0) {
            break; // takes the rest, or the next word, as its value
          }
        }
      }
      if ((option.equals("-X") || option.equals("--request")) && i + 1 < args.size()) {
        method = isWriteMethod(args.get(i + 1).text());
      } else if (text.startsWith("-X") && text.length() > 2) {
        method = isWriteMethod(text.substring(2));
      } else if (text.startsWith("--request=")) {
        method = isWriteMethod(text.substring("--request=".length()));
      }
      if (option.equals("--url") && i + 1 < args.size()) {
        urls.add(args.get(++i).text());
        continue;
      }
      if (TAKES_VALUE.contains(text) || CURL_BODY.contains(text)) {
        i++;
        continue;
      }
      if (!text.startsWith("-")
          && (URL.matcher(text).lookingAt()
              || HOST_LIKE.matcher(text).matches()
              || !args.get(i).literal())) {
        urls.add(args.get(i).literal() ? text : null);
      }
    }
    request(urls, body || method, line, found);
  }

  private static void wget(List<Word> args, String line, Found found) {
    boolean body = false;
    List<String> urls = new ArrayList<>();
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if (text.startsWith("--post-") || text.startsWith("--body-")) {
        body = true;
      } else if (text.startsWith("--method")) {
        String value =
            text.contains("=")
                ? text.substring(text.indexOf('=') + 1)
                : i + 1 < args.size() ? args.get(i + 1).text() : "";
        body |= isWriteMethod(value);
      }
      if (TAKES_VALUE.contains(text)) {
        i++;
        continue;
      }
      if (!text.startsWith("-")
          && (URL.matcher(text).lookingAt()
              || HOST_LIKE.matcher(text).matches()
              || !args.get(i).literal())) {
        urls.add(args.get(i).literal() ? text : null);
      }
    }
    request(urls, body, line, found);
  }

  private static void httpie(List<Word> args, String line, Found found) {
    boolean body = false;
    List<String> urls = new ArrayList<>();
    for (Word word : args) {
      String text = word.text();
      if (text.startsWith("-")) {
        body |= text.equals("--form") || text.equals("-f") || text.startsWith("--raw");
        continue;
      }
      if (isWriteMethod(text)) {
        body = true;
      } else if (urls.isEmpty()
          && (URL.matcher(text).lookingAt()
              || HOST_LIKE.matcher(text).matches()
              || text.startsWith(":")
              || !word.literal())) {
        urls.add(word.literal() ? (text.startsWith(":") ? "localhost" + text : text) : null);
      } else if (!urls.isEmpty() && text.matches("(?s)[^=:@]+(?:=|:=|@|=@|:=@).*")) {
        body = true;
      }
    }
    request(urls, body, line, found);
  }

  private static void fetches(List<Word> args, String line, Found found) {
    for (Word word : args) {
      if (URL.matcher(word.text()).lookingAt()) {
        String host = hostOfUrl(word.text());
        if (host == null || !loopback(host)) {
          found.untrusted(line);
        }
      }
    }
  }

  private static void request(List<String> urls, boolean body, String line, Found found) {
    for (String url : urls) {
      String host = url == null ? null : hostOfUrl(url);
      boolean local = host != null && loopback(host);
      if (!local) {
        found.untrusted(line);
      }
      if (body) {
        String to = host;
        if (url != null && (url.contains("/gists") || host != null && host.startsWith("gist."))) {
          found.send("PASTE", host, line);
        } else {
          found.send("REQUEST", to, line);
        }
      }
    }
  }

  private static void socket(List<Word> args, String line, Found found) {
    for (Word word : args) {
      String text = word.text();
      if (text.startsWith("-")) {
        continue;
      }
      String host = text.toLowerCase(Locale.ROOT);
      if (text.toUpperCase(Locale.ROOT).startsWith("TCP:")
          || text.toUpperCase(Locale.ROOT).startsWith("TCP4:")) {
        host = text.substring(text.indexOf(':') + 1);
        host = host.contains(":") ? host.substring(0, host.lastIndexOf(':')) : host;
      } else if (text.matches("\\d+") || text.contains("/") && !word.literal()) {
        continue;
      }
      if (!word.literal()) {
        found.send("TRANSFER", null, line);
        return;
      }
      if (HOST_LIKE.matcher(host).matches() || host.matches("[a-z0-9.-]+")) {
        found.untrusted(line);
        found.send("TRANSFER", host, line);
        return;
      }
    }
  }

  private static void copy(String program, List<Word> args, String line, Found found) {
    List<Word> operands = new ArrayList<>();
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if (text.startsWith("-")) {
        if (Set.of("-e", "-P", "-i", "-o", "-F", "-l", "-c", "-S", "--rsh").contains(text)) {
          i++;
        }
        continue;
      }
      operands.add(args.get(i));
    }
    if (operands.isEmpty()) {
      return;
    }
    if (program.equals("sftp")) {
      String host = remoteHost(operands.get(0).text() + ":");
      found.send("TRANSFER", host, line);
      return;
    }
    Word last = operands.get(operands.size() - 1);
    String destination = remoteHost(last.text());
    if (destination != null && !loopback(destination)) {
      found.send("TRANSFER", destination, line);
    }
    for (Word source : operands.subList(0, operands.size() - 1)) {
      String host = remoteHost(source.text());
      if (host != null && !loopback(host)) {
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
      host = host.toLowerCase(Locale.ROOT);
      if (!loopback(host)) {
        found.untrusted(line);
        found.send("TRANSFER", args.get(i).literal() ? host : null, line);
      }
      return;
    }
  }

  private static void git(List<Word> args, String line, Found found) {
    int sub = 0;
    while (sub < args.size() && args.get(sub).text().startsWith("-")) {
      String text = args.get(sub).text();
      sub +=
          text.equals("-C")
                  || text.equals("-c")
                  || text.equals("--git-dir")
                  || text.equals("--work-tree")
              ? 2
              : 1;
    }
    if (sub >= args.size()) {
      return;
    }
    String command = args.get(sub).text();
    List<Word> rest = args.subList(sub + 1, args.size());
    List<String> positionals = new ArrayList<>();
    for (Word word : rest) {
      if (!word.text().startsWith("-")) {
        positionals.add(word.literal() ? word.text() : null);
      }
    }
    switch (command) {
      case "push" -> {
        String remote = positionals.isEmpty() ? "" : positionals.get(0);
        found.send("PUSH", remote, line);
      }
      case "remote" -> {
        if (positionals.size() >= 3
            && (positionals.get(0) != null)
            && Set.of("add", "set-url").contains(positionals.get(0))
            && positionals.get(1) != null) {
          String url = positionals.get(positionals.size() - 1);
          found.remotesAdded.put(positionals.get(1), url == null ? "«unknown»" : url);
        }
      }
      case "config" -> {
        for (int i = 0; i + 1 < positionals.size(); i++) {
          String key = positionals.get(i);
          if (key != null && key.matches("(?i)remote\\.[^.]+\\.(?:push)?url")) {
            String name = key.substring(key.indexOf('.') + 1, key.lastIndexOf('.'));
            found.remotesAdded.put(
                name, positionals.get(i + 1) == null ? "«unknown»" : positionals.get(i + 1));
          }
        }
      }
      case "clone", "fetch", "pull", "ls-remote", "archive" -> {
        for (String positional : positionals) {
          if (positional == null
              || URL.matcher(positional).lookingAt()
              || remoteHost(positional) != null) {
            String host = positional == null ? null : hostOfUrl(positional);
            host = host == null && positional != null ? remoteHost(positional) : host;
            if (host == null || !loopback(host)) {
              found.untrusted(line);
            }
          }
        }
      }
      case "send-email" -> found.send("PUBLISH", "git send-email", line);
      default -> {}
    }
  }

  private static void forge(List<Word> args, String line, Found found) {
    if (args.isEmpty()) {
      return;
    }
    String group = args.get(0).text();
    String action = args.size() > 1 ? args.get(1).text() : "";
    String repo = null;
    boolean writes = false;
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if ((text.equals("-R") || text.equals("--repo")) && i + 1 < args.size()) {
        repo = args.get(i + 1).text();
      } else if (text.startsWith("--repo=")) {
        repo = text.substring("--repo=".length());
      }
      if (Set.of("-f", "-F", "--field", "--raw-field", "--input").contains(text)
          || (text.equals("-X") || text.equals("--method"))
              && i + 1 < args.size()
              && isWriteMethod(args.get(i + 1).text())) {
        writes = true;
      }
    }
    switch (group) {
      case "gist", "snippet" -> {
        if (Set.of("create", "new", "edit").contains(action)) {
          found.send("PASTE", "gist", line);
        } else if (Set.of("view", "clone").contains(action)) {
          found.untrusted(line);
        }
      }
      case "issue", "pr", "mr", "discussion", "release", "repo", "search", "run" -> {
        if (Set.of("view", "list", "diff", "checks", "status", "clone").contains(action)
            || group.equals("search")) {
          found.untrusted(line);
        } else if (Set.of("create", "comment", "review", "edit", "upload").contains(action)) {
          if (repo != null) {
            found.send("REQUEST", "repo " + repo, line);
          } else if (group.equals("release")) {
            found.send("PUBLISH", "release", line);
          }
        }
      }
      case "api" -> {
        String path = args.size() > 1 ? args.get(1).text() : "";
        if (!writes) {
          found.untrusted(line);
        } else if (path.contains("gists")) {
          found.send("PASTE", "gist", line);
        } else {
          Matcher owned = Pattern.compile("repos/([^/]+/[^/]+)").matcher(path);
          found.send("REQUEST", owned.find() ? "repo " + owned.group(1) : null, line);
        }
      }
      default -> {}
    }
  }

  private static void dns(List<Word> args, String line, Found found) {
    for (Word word : args) {
      if (!word.literal() && !word.text().startsWith("-") && !word.text().startsWith("@")) {
        found.send("TRANSFER", null, line + " (a name built at run time)");
        return;
      }
    }
  }

  private static void search(List<Word> args, String line, Found found) {
    for (Word word : args) {
      String text = word.text();
      if (!text.startsWith("-") && SECRET_PATTERN.matcher(text).find()) {
        found.secret(line + " (searches for secrets)");
        return;
      }
    }
  }

  private static void inline(List<Word> args, String line, Found found) {
    for (int i = 0; i + 1 < args.size(); i++) {
      String flag = args.get(i).text();
      if (!Set.of("-c", "-e", "-E", "-r", "--eval", "-p").contains(flag)) {
        continue;
      }
      String code = args.get(i + 1).text();
      Matcher url = URL.matcher(code);
      String host = url.find() ? hostOfUrl(url.group()) : null;
      if (host != null && loopback(host)) {
        return;
      }
      if (CODE_SENDS.matcher(code).find()) {
        found.untrusted(line);
        found.send("REQUEST", host, shorten(line));
      } else if (CODE_FETCHES.matcher(code).find()) {
        found.untrusted(shorten(line));
      }
      if (code.contains("os.environ")
          && (code.contains("dict(os.environ") || code.contains("print(os.environ"))) {
        found.secret(shorten(line) + " (the whole environment)");
      }
      return;
    }
  }

  // ---- helpers ----

  private static boolean isWriteMethod(String method) {
    String m = method.toUpperCase(Locale.ROOT);
    return m.equals("POST") || m.equals("PUT") || m.equals("PATCH");
  }

  private static boolean loopback(String host) {
    String h = host.toLowerCase(Locale.ROOT);
    h = h.startsWith("[") && h.endsWith("]") ? h.substring(1, h.length() - 1) : h;
    return h.equals("localhost")
        || h.endsWith(".localhost")
        || h.startsWith("127.")
        || h.equals("::1")
        || h.equals("0.0.0.0")
        || h.equals("host.docker.internal");
  }

  /** The host of a URL or of a bare {@code host[:port][/path]}, lower case; null when none. */
  static String hostOfUrl(String url) {
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
    return rest.isEmpty() ? null : rest.toLowerCase(Locale.ROOT);
  }

  /** The host of {@code [user@]host:path} or {@code rsync://host/…}; null for a local path. */
  private static String remoteHost(String operand) {
    if (operand.startsWith("rsync://") || operand.contains("://")) {
      return hostOfUrl(operand);
    }
    int colon = operand.indexOf(':');
    if (colon <= 0 || operand.substring(0, colon).contains("/")) {
      return null;
    }
    String host = operand.substring(0, colon);
    int at = host.lastIndexOf('@');
    return (at >= 0 ? host.substring(at + 1) : host).toLowerCase(Locale.ROOT);
  }

  /**
   * Whether a file's name or folder says it holds a secret that the secret rules leave to the
   * person: a project's {@code .env.*} (but the examples), key stores, Terraform variables, files
   * named for secrets, credentials, passwords or tokens.
   */
  static boolean secretFile(Target target) {
    String name = target.name().toLowerCase(Locale.ROOT);
    if (name.isEmpty()) {
      return false;
    }
    if (name.equals(".env")
        || name.startsWith(".env.")
            && !name.matches("\\.env\\.(?:example|sample|template|dist|defaults)")) {
      return true;
    }
    for (String end :
        List.of(
            ".pem",
            ".key",
            ".p12",
            ".pfx",
            ".jks",
            ".keystore",
            ".tfvars",
            ".kdbx",
            ".ovpn",
            ".tfstate")) {
      if (name.endsWith(end)) {
        return true;
      }
    }
    if (name.matches(
        "id_(?:rsa|dsa|ecdsa|ed25519)|\\.npmrc|\\.pypirc|\\.netrc|\\.pgpass"
            + "|\\.git-credentials|\\.my\\.cnf|kubeconfig|credentials(?:\\..*)?")) {
      return true;
    }
    return name.matches(".*(?:secret|credential|passw|token|apikey|api_key|private).*")
        && !name.matches(".*\\.(?:java|kt|ts|tsx|js|jsx|py|go|rs|rb|md|html|css|test\\..*)$")
        && !name.contains("tokeniz");
  }
}
