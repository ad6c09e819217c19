package io.github.providergateway.app.agents;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What {@code gateway doctor} found for one agent, for a person in one line ({@link #line}) or in
 * full ({@link #print}, {@code --verbose}), and for scripts ({@link #toJson}).
 *
 * @param agent the agent
 * @param version its version, or why there is none ("not installed")
 * @param examined whether it was examined: installed, set up, or (Cursor) its settings exist
 * @param files the settings files that hold the gateway's MCP server or hook
 * @param ledger what {@code gateway setup} recorded for it in the home's {@code setup.json}
 * @param precedence which file wins where the agent reads several, as its documentation says
 * @param wins the highest file holding the gateway's hook, or null
 * @param uncovered the agent's tool names no hook of the gateway runs before
 * @param trust whether the agent runs the hook at all
 * @param hooks each hook of the gateway: where, whether it reaches this home, the canary
 * @param problems what is not guarded; empty when all is well
 * @param sandbox what was found of the agent's own sandbox, or null where it has none setup writes
 * @param notes what the doctor found that leaves the gates as they are, each in one line ({@code no
 *     after-tool hook: ...}); not problems: the agent is still guarded
 */
record AgentReport(
    AgentSettings agent,
    AgentVersion version,
    boolean examined,
    List<FileFinding> files,
    List<String> ledger,
    String precedence,
    Path wins,
    List<String> uncovered,
    HookTrustCheck.Trust trust,
    List<HookFinding> hooks,
    List<DoctorProblem> problems,
    SandboxFinding sandbox,
    List<String> notes) {

  /** How wide the agent's name is in the one-line form, so that the lines' words align. */
  static final int NAME_WIDTH = 8;

  /**
   * A settings file that holds the gateway's entries.
   *
   * @param file the file
   * @param scope {@code user} or {@code project}
   * @param mcpServer whether it holds the gateway's MCP server
   * @param hooks how many of the gateway's hooks it holds
   */
  record FileFinding(Path file, String scope, boolean mcpServer, int hooks, boolean mcpHttp) {}

  /**
   * One hook of the gateway and what the doctor found of it.
   *
   * @param hook the hook
   * @param reach whether it names this home's gateway
   * @param canary the canary's result through it
   */
  record HookFinding(AgentHooks.Hook hook, HookReach.Reach reach, CanaryRun.Result canary) {}

  /** Each problem in full, once: two hooks that find the gateway stopped say it once. */
  private Set<String> details() {
    return new LinkedHashSet<>(problems.stream().map(DoctorProblem::detail).toList());
  }

  /** Whether nothing is wrong. */
  boolean guarded() {
    return problems.isEmpty();
  }

  /**
   * The report in one line: {@code claude ok — hook and MCP server set up, canary denied by the
   * gateway (2.1.197)}, or {@code codex PROBLEM — } and each kind of problem once, in a few words.
   */
  String line() {
    String name = String.format("%-" + NAME_WIDTH + "s ", agent);
    String installed = version.version() != null ? " (" + version.version() + ")" : "";
    if (!examined) {
      // Found but silent past the agent's own timeout is not "not installed": it is there.
      return name
          + (version.version() != null
              ? "not set up" + installed
              : version.path() != null
                  ? "not set up (" + version.problem() + ")"
                  : "not installed");
    }
    if (!guarded()) {
      return name
          + "PROBLEM — "
          + String.join(
              "; ", new LinkedHashSet<>(problems.stream().map(DoctorProblem::brief).toList()))
          + installed;
    }
    boolean hook = files.stream().anyMatch(f -> f.hooks() > 0);
    boolean mcp = files.stream().anyMatch(FileFinding::mcpServer);
    // Claude Code, Copilot CLI and Cursor keep no trust in a file: only Codex's and Gemini's is
    // checked, so only theirs is said.
    boolean trustChecked = agent.trustKeptInFile();
    return name
        + "ok — "
        + (hook && mcp ? "hook and MCP server set up" : hook ? "hook set up, no MCP server" : "")
        + (trustChecked ? ", trusted" : "")
        + ", canary denied by the gateway"
        + installed;
  }

  /**
   * The notes under the one line, each on its own, indented below the agent's name: {@code note: no
   * after-tool hook: ...}.
   */
  List<String> noteLines() {
    return notes.stream().map(n -> " ".repeat(NAME_WIDTH + 1) + "note: " + n).toList();
  }

  /** The report in full ({@code gateway doctor --verbose}). */
  void print(PrintStream out) {
    out.println(
        agent
            + ": "
            + (version.version() != null || version.path() != null
                ? version.describe()
                : "not installed")
            + (examined ? "" : "; not set up: nothing to check"));
    if (!examined) {
      return;
    }
    if (files.isEmpty()) {
      out.println("  set up: in no settings file");
    }
    for (FileFinding file : files) {
      out.println(
          "  set up in "
              + file.file()
              + " ("
              + file.scope()
              + "): "
              + (file.mcpServer()
                  ? file.mcpHttp() ? "MCP server over HTTP" : "MCP server (command)"
                  : "")
              + (file.mcpServer() && file.hooks() > 0 ? ", " : "")
              + (file.hooks() > 0 ? file.hooks() + " hook" + (file.hooks() > 1 ? "s" : "") : ""));
    }
    ledger.forEach(l -> out.println("  recorded by gateway setup: " + l));
    out.println("  wins: " + (wins == null ? "no file holds the hook" : wins));
    out.println("  precedence: " + precedence);
    out.println(
        "  matchers: "
            + (uncovered.isEmpty()
                ? "every tool kind is covered"
                : "NOT covered: " + String.join(", ", uncovered)));
    out.println("  trust: " + (trust.trusted() ? "" : "NOT TRUSTED: ") + trust.detail());
    for (HookFinding hook : hooks) {
      out.println(
          "  hook in "
              + hook.hook().file()
              + " ("
              + hook.hook().event()
              + "): "
              + (hook.reach().ok() ? "" : "NOT this home's: ")
              + hook.reach().detail());
      out.println(
          "    canary: "
              + (hook.canary().outcome() == CanaryRun.Outcome.ALLOWED ? "ALLOWED, NOT guarded" : "")
              + (hook.canary().outcome() == CanaryRun.Outcome.ALLOWED
                  ? ""
                  : hook.canary().outcome().words)
              + " ("
              + hook.canary().detail()
              + ")");
    }
    if (sandbox != null) {
      out.println("  sandbox: " + sandbox.lines().get(0));
      sandbox.lines().stream().skip(1).forEach(l -> out.println("    " + l));
    }
    notes.forEach(n -> out.println("  note: " + n));
    out.println(guarded() ? "  result: guarded" : "  result: NOT guarded:");
    details().forEach(p -> out.println("    - " + p));
  }

  /** The report for {@code gateway doctor --json}. */
  ObjectNode toJson() {
    ObjectNode json = JsonNodeFactory.instance.objectNode();
    json.put("agent", agent.id());
    json.put("installed", version.path() != null);
    json.put("version", version.version());
    json.put("path", version.path() == null ? null : version.path().toString());
    json.put("examined", examined);
    json.put("summary", line().substring(NAME_WIDTH + 1));
    if (!examined) {
      json.put("guarded", guarded());
      return json;
    }
    var list = json.putArray("files");
    for (FileFinding file : files) {
      list.addObject()
          .put("file", file.file().toString())
          .put("scope", file.scope())
          .put("mcpServer", file.mcpServer())
          .put("mcpTransport", file.mcpServer() ? (file.mcpHttp() ? "http" : "stdio") : null)
          .put("hooks", file.hooks());
    }
    var recorded = json.putArray("ledger");
    ledger.forEach(recorded::add);
    json.put("wins", wins == null ? null : wins.toString());
    json.put("precedence", precedence);
    var missing = json.putArray("uncovered");
    uncovered.forEach(missing::add);
    json.putObject("trust").put("trusted", trust.trusted()).put("detail", trust.detail());
    var found = json.putArray("hooks");
    for (HookFinding hook : hooks) {
      ObjectNode h = found.addObject();
      h.put("file", hook.hook().file().toString()).put("event", hook.hook().event());
      h.put("command", hook.hook().command()).put("url", hook.hook().url());
      h.putObject("reaches").put("ok", hook.reach().ok()).put("detail", hook.reach().detail());
      h.putObject("canary")
          .put("outcome", hook.canary().outcome().name().toLowerCase(java.util.Locale.ROOT))
          .put("words", hook.canary().outcome().words)
          .put("detail", hook.canary().detail());
    }
    if (sandbox != null) {
      ObjectNode box = json.putObject("sandbox");
      box.put("on", sandbox.on()).put("source", sandbox.source());
      sandbox.lines().forEach(box.putArray("findings")::add);
    }
    var noted = json.putArray("notes");
    notes.forEach(noted::add);
    var wrong = json.putArray("problems");
    details().forEach(wrong::add);
    json.put("guarded", guarded());
    return json;
  }
}
