package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
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
 * content it takes in, the secret it reads, where it sends data, the git remotes it adds and the
 * scripts it writes and runs. From the parse and the file accesses the rules already read; nothing
 * here decides. The network's programs are read by {@link NetworkSends}, git's and the forges' by
 * {@link GitFlows}, inline code by {@link InlineFlows}, scripts by {@link WrittenScripts}.
 *
 * <p>Untrusted content: the agents' web tools, a fetch of a URL, a forge's issues and pull
 * requests, a registry's package text, files under {@code node_modules} or {@code vendor}, an MCP
 * or provider tool that declares it reaches the outside world or whose server is below {@code
 * project} trust or unknown. A secret: what the secret rules find (even where they deny: the
 * session asked for it), a file named for secrets, a secret variable expanded or used by code, the
 * whole environment printed, a search for a secret's name or a key's prefix, a tool named for
 * secrets.
 */
public final class FlowReading {

  /** The agents' own tools that fetch the web or search it, by the agents' names. */
  private static final Set<String> WEB_TOOLS =
      NameSet.of(
          "WebFetch",
          "WebSearch",
          "web_fetch",
          "google_web_search",
          "web_search",
          "fetch_webpage",
          "webfetch",
          "websearch");

  /** A variable expanded in a command: {@code $X}, {@code ${X}}, {@code ${X:-…}}. */
  static final Pattern VARIABLE = Pattern.compile("\\$\\{?([A-Za-z_][A-Za-z0-9_]*)");

  /** Folders whose files third parties wrote: reading them takes in untrusted content. */
  private static final Pattern THIRD_PARTY =
      Pattern.compile("/(?:node_modules|vendor|site-packages|\\.cargo/registry|\\.m2/repository)/");

  /** A search for a secret by its name or a key's known prefix. */
  private static final Pattern SECRET_PATTERN =
      Pattern.compile(
          "(?i)api[_-]?key|secret|token|passw|credential|private[_-]?key|aws_access|bearer"
              + "|sk_live|sk_test|AKIA|ghp_|gho_|github_pat|xox[abp]-|-----BEGIN");

  /** Tools named for the outside world's writes, for a tool that declares nothing of itself. */
  private static final Pattern SENDING_TOOL =
      Pattern.compile(
          "(?i)(?:^|[_-])(?:send|post|create|upload|publish|comment|push|message|email|mail"
              + "|share|webhook|notify|tweet|reply|paste)(?:$|[_-])");

  /** Forges: a tool of theirs that names the project's own repository does not send it out. */
  private static final Pattern FORGE = Pattern.compile("(?i)github|gitlab|gitea|forgejo|bitbucket");

  private static final Set<String> PUBLISHERS =
      NameSet.of(
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
          "uv publish");

  /** The programs of {@link #PUBLISHERS}: the others' first word is not read into a pair. */
  private static final Set<String> PUBLISHING =
      NameSet.copyOf(
          PUBLISHERS.stream()
              .map(pair -> pair.substring(0, pair.indexOf(' ')))
              .collect(java.util.stream.Collectors.toUnmodifiableSet()));

  /** What npm and its kin print of a package from the registry: text nobody here wrote. */
  private static final Set<String> PACKAGE_PAGES =
      NameSet.of("view", "info", "show", "v", "docs", "repo");

  private FlowReading() {}

  /**
   * What a call does for the flow rules.
   *
   * @param scan the rules' scan of the call
   * @param hits what the built-in rules found in it
   * @return what was found
   */
  public static Found read(Scan scan, List<Hit> hits) {
    Found found = new Found();
    CallForRules call = scan.call();
    for (Hit hit : hits) {
      if (hit.rule().category().equals("secrets")) {
        found.secret(hit.found() + " (" + hit.rule().id() + ")");
      }
    }
    for (Access access : scan.accesses()) {
      if (access.kind() == Access.Kind.WRITE
          && access.target().known()
          && access.target().path().endsWith(".git/config")
          && call.tool().equals("shell")) { // the file tools' text is read: GitConfigRemotes
        found.remotesAdded().put("*", access.target().path().toString()); // remotes may change
      }
      if (access.kind() != Access.Kind.READ || !access.target().known()) {
        continue;
      }
      if (SecretFiles.secret(access.target())) {
        found.secret("read of " + access.target().path());
      }
      if (PatternLiterals.finds(THIRD_PARTY, access.target().path() + "/")) {
        found.untrusted("read of " + access.target().path() + ", a file a third party wrote");
      }
    }
    if (!call.tool().equals("shell")) {
      tool(call, found);
      if (call.tool().equals("edit") || call.tool().equals("write")) {
        WrittenScripts.edited(scan, call, found);
        WeakenedProtections.edited(call, hits, found); // a protection weakened (decision 333)
      }
      return found;
    }
    if (scan.source() != null) {
      Matcher variable = VARIABLE.matcher(scan.source());
      while (variable.find()) {
        if (SecretNames.secret(variable.group(1))
            && !OwnServiceSecrets.usedAtHome(scan, variable.group(1))) {
          found.secret("expands $" + variable.group(1));
          break;
        }
      }
    }
    for (Step step : scan.steps()) {
      if (!NetworkSends.read(step, found) && !GitFlows.read(scan, step, found)) {
        program(step, found);
      }
      InlineFlows.read(step, found);
      WrittenScripts.runs(scan, step, found);
      RehearsedRuns.runs(scan, step, found);
      AggregateReports.read(scan, step, found);
      WrittenScripts.redirected(scan, step, found);
      WrittenRuns.read(scan, step, found);
      UnpackedArchives.read(scan, step, found); // an archive unpacked (decision 333)
      QuietSecretReads.read(scan, step, found);
      ProductionEnvFiles.runs(scan, step, found);
    }
    ProductionEnvFiles.copied(scan, found);
    HeldSecrets.written(scan, found);
    RecordsArrived.read(scan, found);
    return found;
  }

  /** What the flow rules need of a call, filled in as it is read. */
  public static final class Found {
    private String untrusted;
    private String secret;
    private final List<Object[]> sends = new ArrayList<>();
    private final Map<String, String> remotesAdded = new LinkedHashMap<>();
    private final Map<String, String> writesSenders = new LinkedHashMap<>();
    private final List<String> runs = new ArrayList<>();
    private final List<String> clones = new ArrayList<>();
    private final Map<String, String> copies = new LinkedHashMap<>();
    private final List<String> pushedFrom = new ArrayList<>();

    /** {@return the folders the call's pushes run in} */
    public List<String> pushedFrom() {
      return pushedFrom;
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

    /** {@return the remotes added, name to URL ({@code *}: every remote may go elsewhere)} */
    public Map<String, String> remotesAdded() {
      return remotesAdded;
    }

    /** {@return the files written whose text sends data, path to where (null: unknown)} */
    public Map<String, String> writesSenders() {
      return writesSenders;
    }

    /** {@return the files run as programs or scripts} */
    public List<String> runs() {
      return runs;
    }

    /** {@return the folders of other repositories cloned} */
    public List<String> clones() {
      return clones;
    }

    /** {@return the files copied, source to copy} */
    public Map<String, String> copies() {
      return copies;
    }

    void secret(String what) {
      if (secret == null) {
        secret = what;
      }
    }

    void untrusted(String what) {
      if (untrusted == null) {
        untrusted = what;
      }
    }

    void send(String kind, String to, String what) {
      if (sends.size() < 16) {
        sends.add(new Object[] {kind, to, what});
      }
    }
  }

  // ---- tools that are not the shell ----

  private static void tool(CallForRules call, Found found) {
    String tool = call.tool();
    if (WEB_TOOLS.contains(tool)) {
      found.untrusted(tool + " of " + webTarget(call.args()));
      JsonNode url = call.args().get("url");
      if (url != null && url.isTextual() && OutRules.carries(url.asText())) {
        // A credential in the URL is sent to its host (decision 90).
        found.send("REQUEST", Hosts.of(url.asText()), tool + " of " + shorten(url.asText()));
      }
      return;
    }
    if (tool.equals("read")) {
      for (String field : List.of("pattern", "query", "regex")) {
        JsonNode pattern = call.args().get(field);
        if (pattern != null
            && pattern.isTextual()
            && PatternLiterals.finds(SECRET_PATTERN, pattern.asText())) {
          found.secret("a search for " + pattern.asText());
        }
      }
      return;
    }
    if (tool.equals("edit") || tool.equals("write")) {
      return;
    }
    CallForRules.Hints hints = call.hints();
    boolean declared = hints != null && hints.provider() != null;
    boolean openWorld = hints != null && Boolean.TRUE.equals(hints.openWorld());
    boolean readOnly = hints != null && Boolean.TRUE.equals(hints.readOnly());
    String trust = hints == null ? null : hints.trust();
    if (openWorld) {
      found.untrusted(tool + ", a tool that reaches the outside world");
    } else if (!declared) {
      found.untrusted(tool + ", a tool of a server the gateway does not know");
    } else if (trust == null || trust.equals("external")) {
      found.untrusted(tool + ", a tool of " + hints.provider() + " (trust " + trust + ")");
    }
    // A tool's name that says it sends counts whatever it declares of the outside world: a hint
    // only ever adds a question, never takes one away.
    boolean sends = !readOnly && (openWorld || PatternLiterals.finds(SENDING_TOOL, tool));
    if (sends && tool.toLowerCase(Locale.ROOT).matches(".*(?:gist|paste|snippet).*")) {
      found.send("PASTE", tool, tool + " " + shortArgs(call.args()));
    } else if (sends) {
      String repository = PatternLiterals.finds(FORGE, tool) ? repository(call.args()) : null;
      if (repository != null) {
        found.send("REQUEST", "repo " + repository, tool + " " + shortArgs(call.args()));
      } else {
        found.send("TOOL", tool, tool + " " + shortArgs(call.args()));
      }
    }
    String lower = tool.toLowerCase(Locale.ROOT).replace("tokeniz", "");
    if (PatternLiterals.finds(SECRET_PATTERN, lower) || lower.contains("vault")) {
      found.secret(tool + " " + shortArgs(call.args()));
    }
    OtherTenantImports.exported(call, found); // a workspace's export, for a later import (220)
  }

  /**
   * The repository a forge's tool names ({@code owner} and {@code repo}, or {@code repo} or {@code
   * repository} as {@code owner/name}), or null.
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
        Matcher url = Hosts.URL.matcher(text);
        return url.find() ? url.group() : shorten(text);
      }
    }
    return shortArgs(args);
  }

  private static String shortArgs(JsonNode args) {
    return shorten(args.toString());
  }

  /** {@code text}, at most 120 characters of it. */
  static String shorten(String text) {
    return text.length() <= 120 ? text : text.substring(0, 117) + "...";
  }

  // ---- other programs of the shell ----

  private static void program(Step step, Found found) {
    List<Word> args = step.args();
    String program = step.program();
    switch (program) {
      case "env", "printenv" -> {
        if (args.isEmpty()) {
          found.secret(step.shown() + " (the whole environment)");
        }
      }
      case "set", "export", "declare" -> {
        if (args.isEmpty() || args.size() == 1 && args.get(0).text().equals("-p")) {
          found.secret(step.shown() + " (the whole environment)");
        }
      }
      case "grep", "egrep", "rg", "ag", "ack", "git-grep" -> {
        for (Word word : args) {
          if (!word.text().startsWith("-") && PatternLiterals.finds(SECRET_PATTERN, word.text())) {
            found.secret(step.shown() + " (searches for secrets)");
            break;
          }
        }
      }
      case "npm", "yarn", "pnpm", "bun" -> {
        if (!args.isEmpty() && PACKAGE_PAGES.contains(args.get(0).text())) {
          found.untrusted(step.shown() + " (a package's text from the registry)");
        }
      }
      default -> {}
    }
    if (!PUBLISHING.contains(program)) {
      return; // most programs publish nothing: no pair made of each (gradle and mvn are listed)
    }
    String pair = program + (args.isEmpty() ? "" : " " + args.get(0).text());
    if (PUBLISHERS.contains(pair)
        || program.equals("gradle") && args.stream().anyMatch(w -> w.text().startsWith("publish"))
        || program.equals("mvn") && args.stream().anyMatch(w -> w.text().equals("deploy"))) {
      found.send("PUBLISH", pair, step.shown());
    }
  }
}
