package io.github.providergateway.app.agents;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.agent.tokens.ClientTokens;
import io.github.providergateway.app.cli.ExitCodes;
import io.github.providergateway.app.home.SettingsEdit;
import io.github.providergateway.app.home.SetupLedger;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What {@code gateway setup} does, once the command line is read: sets an agent up ({@link
 * #setUp}), takes it back ({@link #remove}), lists what is set up ({@link #list}). Every file is
 * merged first and written only when all of them could be: a refusal leaves every file as it was.
 */
public final class AgentSetup {

  private final Path home;
  private final Map<String, String> env;
  private final AgentLayouts layouts;

  /** The launcher's command line for {@code gateway} and words, with the home's options. */
  private final java.util.function.Function<String[], String> commandLine;

  /** Whether Claude Code gets the command hook whatever its version ({@code --command-hook}). */
  private final boolean commandHook;

  private final URI hookUrl;
  private final McpChoice mcp;
  private final PrintStream out;
  private final PrintStream err;

  /** How the agent reaches the gateway's MCP server ({@code --mcp}). */
  public enum McpTransport {
    /** Streamable HTTP when the home's gateway is kept running by {@code gateway service}. */
    auto,
    /** Streamable HTTP on the running gateway's {@code /mcp}: no process per window. */
    http,
    /**
     * The stdio command {@code gateway mcp}: through the launcher a small shell bridge per window
     * to the running gateway (decision 79), the gateway started on demand.
     */
    stdio
  }

  /**
   * What {@code --mcp} asked, where the front door is, and whether the home's gateway is kept
   * running by the user's service manager ({@code gateway service install}).
   *
   * @param transport what was asked
   * @param url {@code http://127.0.0.1:<port>/mcp}
   * @param serviceInstalled whether the home's gateway is kept running by the service: its unit
   *     installed and a gateway answering on the home's port (issue 62: a unit that could not be
   *     started keeps nothing running)
   */
  record McpChoice(McpTransport transport, URI url, boolean serviceInstalled) {}

  /**
   * @param home the gateway's home: the ledger, the backups and the hook tokens
   * @param hookUrl the gateway's Claude Code hook, {@code http://127.0.0.1:<port>/hooks/claude}
   * @param mcp how the agent's MCP server is written
   */
  AgentSetup(
      Path home,
      Map<String, String> env,
      AgentLayouts layouts,
      java.util.function.Function<String[], String> commandLine,
      boolean commandHook,
      URI hookUrl,
      McpChoice mcp,
      PrintStream out,
      PrintStream err) {
    this.home = home;
    this.env = env;
    this.layouts = layouts;
    this.commandLine = commandLine;
    this.commandHook = commandHook;
    this.hookUrl = hookUrl;
    this.mcp = mcp;
    this.out = out;
    this.err = err;
  }

  /** The client name of the hook token setup issues for Claude Code's HTTP hook. */
  static final String HOOK_CLIENT = "setup-claude";

  /** What a token setup wrote looks like in what it recorded: the MCP front door's prefix. */
  private static final java.util.regex.Pattern MCP_BEARER =
      java.util.regex.Pattern.compile("Bearer (mcp-[A-Za-z0-9_-]+)");

  /**
   * The front-door client whose token of the agent's kind setup writes into {@code agent}'s user
   * settings: one per agent, however many windows it opens.
   */
  static String mcpClient(AgentSettings agent) {
    return "setup-" + agent.id();
  }

  /**
   * Whether a settings file of the scope being set up (or one above it: the agent's managed file)
   * turns the agent's hooks off: Claude Code's {@code disableAllHooks}, Gemini CLI's {@code
   * hooksConfig.enabled}, Codex's {@code [features] hooks} (issue 75).
   */
  private Optional<DoctorProblem> hooksTurnedOff(AgentSettings agent, Path project)
      throws IOException {
    List<AgentHooks.Read> reads = new ArrayList<>();
    for (AgentPlaces.Place place :
        new AgentPlaces(layouts).of(agent, project != null ? project : layouts.userHome())) {
      reads.add(AgentHooks.read(agent.id(), place.file(), place.scope()));
    }
    return agent.hooksTurnedOff(reads);
  }

  /** One file merged, not yet written. */
  private record Merged(SettingsEdit edit, byte[] before, SettingsMerge.Applied applied) {}

  /** Sets {@code agent} up for the user (project null) or for the project's folder. */
  int setUp(AgentSettings agent, Path project) throws IOException {
    String scope = project == null ? "user" : "project";
    SetupLedger ledger = SetupLedger.read(home);
    Optional<SetupLedger.Setup> previous = ledger.find(agent.id(), scope, project);
    // Before anything plans (the check below does): planning may make the agent's folder.
    List<Path> madeByPlan = new ArrayList<>();
    for (Path folder : agent.foldersPlanMakes(layouts, project)) {
      madeByPlan.addAll(SetupLedger.notThere(folder));
    }
    out.println(
        "gateway setup " + agent + " (" + scope + (project == null ? "" : " " + project) + ")");
    Optional<DoctorProblem> off = hooksTurnedOff(agent, project);
    if (off.isPresent()) {
      // Issue 75: a hook written where the agent runs none would print "Set up." for a guard that
      // never runs. Named, and nothing changed, as for a sandbox the person turned off.
      err.println(
          "gateway setup "
              + agent
              + ": "
              + off.get().detail()
              + ". Nothing changed: turn the agent's hooks back on there, then run setup again.");
      return ExitCodes.START_FAILED;
    }
    AgentVersion version = AgentVersion.probe(agent.binary(), env, AgentVersion.TIMEOUT);
    out.println(
        "  "
            + version.describe()
            + (version.path() == null ? "; writing its settings anyway" : ""));
    boolean http = false;
    if (agent.takesHttpHook()) {
      http = claudeHookChoice(version, project);
    }
    boolean mcpHttp = mcpChoice(project);
    String token = http ? currentToken(previous) : null;
    String mcpToken = mcpHttp ? currentMcpToken(agent, previous) : null;
    AgentLayouts.Plan plan = plan(agent, project, http, token, mcpHttp, mcpToken, previous);
    List<Merged> merged = merge(plan, previous);
    if (merged == null) {
      return ExitCodes.START_FAILED;
    }
    boolean writes = merged.stream().anyMatch(m -> m.applied().content() != null);
    if (writes && ((http && token == null) || (mcpHttp && mcpToken == null))) {
      // Issued only now that every file merged: a refusal must not replace a working token.
      if (http && token == null) {
        IssuedToken issued =
            IssuedToken.issue(ClientTokens.hooks(home), HOOK_CLIENT, home, "gateway setup", err);
        if (issued.token() == null) {
          return issued.exitCode();
        }
        token = issued.token();
      }
      if (mcpHttp && mcpToken == null) {
        IssuedToken issued =
            IssuedToken.issue(
                ClientTokens.mcpHttp(home),
                mcpClient(agent),
                ClientTokens.Kind.AGENT,
                home,
                "gateway setup",
                err);
        if (issued.token() == null) {
          return issued.exitCode();
        }
        mcpToken = issued.token();
      }
      plan = plan(agent, project, http, token, mcpHttp, mcpToken, previous);
      merged = merge(plan, previous);
      if (merged == null) {
        return ExitCodes.START_FAILED;
      }
    }
    List<SetupLedger.FileRecord> records = new ArrayList<>();
    boolean changed = false;
    for (Merged m : merged) {
      Path file = m.edit().file();
      Optional<SetupLedger.FileRecord> earlier = previous.flatMap(p -> record(p, file));
      byte[] content = m.applied().content();
      boolean created = earlier.map(SetupLedger.FileRecord::created).orElse(m.before() == null);
      Path backup = earlier.map(SetupLedger.FileRecord::backup).orElse(null);
      String written = earlier.map(SetupLedger.FileRecord::written).orElse(null);
      String mode = earlier.map(SetupLedger.FileRecord::mode).orElse(null);
      if (content != null) {
        if (earlier.isEmpty() && m.before() != null) {
          backup = ledger.backUp(file, agent + " " + scope + " " + project, m.before());
          mode = SettingsFiles.mode(file);
        }
        ledger.makes(file);
        SettingsFiles.write(file, content, m.edit().secret());
        // Issue 77: a file the person changed since setup last wrote it keeps their change through
        // this write, so neither its backup nor its deletion may stand for --remove any more.
        written = SetupLedger.writtenAfter(written, m.before(), content);
        changed = true;
        out.println(
            "  "
                + (m.before() == null ? "created " : "changed ")
                + file
                + ": "
                + String.join(", ", m.applied().changes())
                + (backup != null && earlier.isEmpty() ? " (backup: " + backup + ")" : ""));
      } else {
        out.println("  unchanged " + file);
        if (written == null) {
          // Already as setup would write it, by hand or by an earlier setup whose record is gone.
          written = SetupLedger.sha256(m.before());
        }
      }
      records.add(
          new SetupLedger.FileRecord(
              file, m.edit().format(), created, backup, written, m.applied().recorded(), mode));
    }
    SetupLedger.Setup now =
        new SetupLedger.Setup(agent.id(), scope, project, http ? HOOK_CLIENT : null, records);
    if (changed) {
      madeByPlan.forEach(folder -> ledger.wrote(folder, SetupLedger.MADE));
    }
    if (changed || previous.isEmpty() || !previous.get().equals(now)) {
      ledger.put(now);
      ledger.write();
    }
    if (!mcpHttp && previous.isPresent() && holdsMcpToken(previous.get())) {
      // Back to the stdio command: the token setup wrote before is in no file any more.
      revokeMcpToken(agent);
    }
    for (String note : plan.notes()) {
      out.println("Note: " + note);
    }
    out.println(
        changed
            ? "Set up. Take it back with: "
                + commandLine.apply(
                    project == null
                        ? new String[] {"setup", agent.id(), "--remove"}
                        : new String[] {
                          "setup", agent.id(), "--project", "--dir", project.toString(), "--remove"
                        })
            : "Nothing to change: " + agent + " is set up already.");
    return ExitCodes.OK;
  }

  /** The plan, with the tokens setup has (a placeholder for one not issued yet). */
  private AgentLayouts.Plan plan(
      AgentSettings agent,
      Path project,
      boolean http,
      String token,
      boolean mcpHttp,
      String mcpToken,
      Optional<SetupLedger.Setup> previous)
      throws IOException {
    return layouts.plan(
        agent,
        project,
        http ? new AgentLayouts.HttpHook(hookUrl, token != null ? token : "pending") : null,
        earlier(previous),
        mcpHttp
            ? new AgentLayouts.McpHttp(mcp.url(), mcpToken != null ? mcpToken : "pending")
            : null);
  }

  /**
   * Whether the agent's MCP server is written as Streamable HTTP, saying why: asked for ({@code
   * --mcp http}), or the home's gateway is kept running by the service ({@code --mcp auto}); never
   * in a project's settings, which are committed and hold no token.
   */
  private boolean mcpChoice(Path project) {
    if (project != null || mcp.transport() == McpTransport.stdio) {
      out.println(
          "  the MCP server as the command 'gateway mcp'"
              + (project != null
                  ? ": the project's settings are committed, and hold no token"
                  : ", as --mcp stdio asks"));
      return false;
    }
    if (mcp.transport() == McpTransport.http || mcp.serviceInstalled()) {
      out.println(
          "  the MCP server over HTTP at "
              + mcp.url()
              + (mcp.transport() == McpTransport.http
                  ? ", as --mcp http asks"
                  : ", kept running by 'gateway service'")
              + ": no process per window; its token is the agent's own");
      return true;
    }
    out.println(
        "  the MCP server as the command 'gateway mcp' (through the launcher, a small shell bridge"
            + " per window to the running gateway, which it starts when none runs): for no process"
            + " per window at all, keep the gateway running with '"
            + commandLine.apply(new String[] {"service", "install"})
            + "' and run setup again, or pass --mcp http");
    return false;
  }

  /**
   * The MCP token setup wrote before for {@code agent}, when the gateway still takes it as that
   * agent's: running setup again keeps it instead of issuing one that would change the file.
   */
  private String currentMcpToken(AgentSettings agent, Optional<SetupLedger.Setup> previous) {
    if (previous.isEmpty()) {
      return null;
    }
    for (SetupLedger.FileRecord file : previous.get().files()) {
      for (SettingsEdit.Addition addition : file.additions()) {
        java.util.regex.Matcher bearer = MCP_BEARER.matcher(addition.toJson().toString());
        while (bearer.find()) {
          String token = bearer.group(1);
          try {
            ClientTokens tokens = ClientTokens.mcpHttp(home);
            if (tokens
                .clientOf(token)
                .filter(
                    c ->
                        c.name().equals(mcpClient(agent))
                            && c.kind() == ClientTokens.Kind.AGENT
                            && tokens.isCurrent(c))
                .isPresent()) {
              return token;
            }
          } catch (UncheckedIOException e) {
            return null;
          }
        }
      }
    }
    return null;
  }

  /**
   * Whether {@code setup} wrote the agent's own sandbox, as its settings class knows it ({@link
   * AgentSettings#isSandbox}): a refresh keeps it, and no more.
   */
  static boolean holdsSandbox(SetupLedger.Setup setup) {
    return AgentSettingsRegistry.byId(setup.agent())
        .map(
            agent ->
                setup.files().stream()
                    .anyMatch(
                        f -> f.additions().stream().anyMatch(a -> agent.isSandbox(f.file(), a))))
        .orElse(false);
  }

  /**
   * Whether {@code setup} gave its agent the MCP server over HTTP (a token of its own in the user's
   * settings), which {@code setup --refresh} keeps where the service still runs.
   */
  static boolean holdsMcpToken(SetupLedger.Setup setup) {
    return setup.files().stream()
        .flatMap(f -> f.additions().stream())
        .anyMatch(a -> MCP_BEARER.matcher(a.toJson().toString()).find());
  }

  private void revokeMcpToken(AgentSettings agent) {
    try {
      if (ClientTokens.mcpHttp(home).revoke(mcpClient(agent))) {
        out.println("  revoked the MCP token of '" + mcpClient(agent) + "'");
      }
    } catch (UncheckedIOException e) {
      err.println("gateway setup: could not revoke the MCP token: " + e.getMessage());
    }
  }

  /**
   * Whether Claude Code gets the HTTP hook, saying why: only in the user's settings (a project's
   * are committed, and the hook's token must not be), only from 2.1.295, which blocks a call whose
   * HTTP hook failed (older ones run it, so they get the command hook), and only while the service
   * keeps the gateway running (decision 76: otherwise the command hook, which decides by the guard
   * while no gateway runs, where the HTTP hook blocks every call).
   */
  private boolean claudeHookChoice(AgentVersion version, Path project) {
    if (project != null) {
      out.println("  the command hook: the project's settings are committed, and hold no token");
      return false;
    }
    if (commandHook) {
      out.println("  the command hook, as --command-hook asks");
      return false;
    }
    if (version.atLeast(ClaudeCodeSettings.HTTP_HOOK_SINCE) && !mcp.serviceInstalled()) {
      // Decision 76: an HTTP hook that cannot reach a gateway blocks every call (the first one of
      // the day included), where the command hook lets the guard decide what no gate concerns.
      out.println(
          "  the command hook: no service keeps the gateway running, and while none runs the HTTP"
              + " hook would block every call, where the command hook lets the guard decide; for the"
              + " HTTP hook, keep the gateway running with '"
              + commandLine.apply(new String[] {"service", "install"})
              + "' and run setup again");
      return false;
    }
    if (version.atLeast(ClaudeCodeSettings.HTTP_HOOK_SINCE)) {
      out.println(
          "  the HTTP hook, answered by the running gateway at "
              + hookUrl
              + ", with \"onFailure\": \"block\": a call is blocked when the gateway does not answer");
      return true;
    }
    out.println(
        "  the command hook: "
            + (version.version() == null
                ? "the version of Claude Code is not known, and"
                : "Claude Code "
                    + version.version()
                    + " is older than "
                    + ClaudeCodeSettings.HTTP_HOOK_SINCE
                    + ", and")
            + " before "
            + ClaudeCodeSettings.HTTP_HOOK_SINCE
            + " a failed HTTP hook lets the call run; the command hook, when it cannot ask the"
            + " gateway, allows only what the guard allows");
    return false;
  }

  /**
   * The hook token setup wrote before, when the gateway still takes it for {@link #HOOK_CLIENT}:
   * running setup again keeps it instead of issuing one that would change the file.
   */
  private String currentToken(Optional<SetupLedger.Setup> previous) {
    if (previous.isEmpty()) {
      return null;
    }
    for (SetupLedger.FileRecord file : previous.get().files()) {
      for (SettingsEdit.Addition addition : file.additions()) {
        if (addition instanceof SettingsEdit.Element element) {
          for (JsonNode hook : element.element().path("hooks")) {
            String header = hook.path("headers").path("Authorization").asText("");
            if (header.startsWith("Bearer ")) {
              String token = header.substring("Bearer ".length());
              try {
                ClientTokens tokens = ClientTokens.hooks(home);
                boolean valid =
                    tokens
                        .clientOf(token)
                        .filter(c -> c.name().equals(HOOK_CLIENT) && tokens.isCurrent(c))
                        .isPresent();
                return valid ? token : null;
              } catch (UncheckedIOException e) {
                return null;
              }
            }
          }
        }
      }
    }
    return null;
  }

  /** Every file of {@code plan} merged; null, after saying why, when any is refused. */
  private List<Merged> merge(AgentLayouts.Plan plan, Optional<SetupLedger.Setup> previous)
      throws IOException {
    List<Merged> merged = new ArrayList<>();
    List<String> refusals = new ArrayList<>();
    for (SettingsEdit edit : plan.edits()) {
      byte[] before = SettingsFiles.read(edit.file());
      List<SettingsEdit.Addition> earlier =
          previous
              .flatMap(p -> record(p, edit.file()))
              .map(SetupLedger.FileRecord::additions)
              .orElse(List.of());
      try {
        merged.add(new Merged(edit, before, SettingsMerge.apply(edit, before, earlier)));
      } catch (SettingsMerge.Refused e) {
        // The person's own sandbox setting, perhaps looser: theirs to change, or to keep.
        refusals.add(
            e.getMessage()
                + (e.addition() != null && plan.sandbox().contains(e.addition())
                    ? ", or keep your sandbox settings with --no-sandbox"
                    : ""));
      }
    }
    if (!refusals.isEmpty()) {
      refusals.forEach(r -> err.println("gateway setup: refused: " + r));
      err.println("gateway setup: nothing was changed");
      return null;
    }
    return merged;
  }

  /** What {@code previous} recorded, file by file. */
  private static AgentLayouts.Earlier earlier(Optional<SetupLedger.Setup> previous) {
    return file ->
        previous
            .flatMap(p -> record(p, file))
            .map(SetupLedger.FileRecord::additions)
            .orElse(List.of());
  }

  private static Optional<SetupLedger.FileRecord> record(SetupLedger.Setup setup, Path file) {
    return setup.files().stream().filter(f -> f.file().equals(file)).findFirst();
  }

  /**
   * Takes back what setup added for the agent named {@code agent} (as the ledger names it) for the
   * user (project null) or the project; one this version does not know is left as is.
   *
   * @param agent the agent's id
   * @param project the project's folder, or null for the user's settings
   * @return the exit code
   * @throws IOException when the ledger cannot be read
   */
  public int remove(String agent, Path project) throws IOException {
    Optional<AgentSettings> known = AgentSettingsRegistry.byId(agent);
    if (known.isEmpty()) {
      out.println(
          "Nothing to take back for "
              + agent
              + ": an agent this version does not know; left as is");
      return ExitCodes.OK;
    }
    return remove(known.get(), project);
  }

  /** Takes back what setup added for {@code agent} for the user (project null) or the project. */
  int remove(AgentSettings agent, Path project) throws IOException {
    String scope = project == null ? "user" : "project";
    SetupLedger ledger = SetupLedger.read(home);
    Optional<SetupLedger.Setup> found = ledger.find(agent.id(), scope, project);
    if (found.isEmpty()) {
      out.println(
          "Nothing to take back: "
              + agent
              + " ("
              + scope
              + (project == null ? "" : " " + project)
              + ") was not set up with this home ("
              + home.resolve(SetupLedger.FILE)
              + ")");
      return ExitCodes.OK;
    }
    SetupLedger.Setup setup = found.get();
    out.println(
        "gateway setup " + agent + " --remove (" + setup.describe().replaceFirst("^\\S+ \\(", ""));
    Set<Path> places = placesSetupWrites(agent, project, setup);
    List<SetupLedger.FileRecord> left = new ArrayList<>();
    for (SetupLedger.FileRecord file : setup.files()) {
      if (!places.contains(file.file()) || !ledger.isBackup(file.backup())) {
        // The ledger is a file in the home, which another program of the user's may have written
        // (issue 61): it names what to delete or overwrite only where setup itself would write.
        err.println(
            "gateway setup: kept "
                + file.file()
                + ": the ledger names it for "
                + setup.describe()
                + ", but "
                + (places.contains(file.file())
                    ? "its backup " + file.backup() + " is none setup keeps"
                    : "setup writes no such file for it")
                + "; change it yourself if it holds the gateway's entries");
        continue;
      }
      SetupLedger.FileRecord kept = LedgerRestore.takeBack(file, out, err);
      if (kept != null) {
        left.add(kept);
      }
    }
    if (!left.isEmpty()) {
      LedgerRestore.keepLeft(ledger, setup, left, err);
      return ExitCodes.START_FAILED;
    }
    if (holdsMcpToken(setup)) {
      revokeMcpToken(agent);
    }
    if (setup.hookClient() != null) {
      try {
        if (ClientTokens.hooks(home).revoke(setup.hookClient())) {
          out.println("  revoked the hook token of '" + setup.hookClient() + "'");
        }
      } catch (UncheckedIOException e) {
        err.println("gateway setup: could not revoke the hook token: " + e.getMessage());
      }
    }
    for (SetupLedger.FileRecord file : setup.files()) {
      if (file.backup() != null && ledger.isBackup(file.backup())) {
        Files.deleteIfExists(file.backup());
      }
    }
    LedgerRestore.takeMadeFolders(ledger, setup, out);
    ledger.forget(setup.agent(), setup.scope(), setup.project());
    ledger.write();
    out.println("Taken back.");
    return ExitCodes.OK;
  }

  /**
   * Every file setup may write for {@code agent} in the scope {@code project} names (null for the
   * user's), with either hook and either MCP transport, as this environment places them and after
   * {@code setup} (Codex's trust names the places an earlier setup took): what {@link #remove} may
   * change or delete, whatever the ledger says.
   */
  private Set<Path> placesSetupWrites(AgentSettings agent, Path project, SetupLedger.Setup setup)
      throws IOException {
    URI any = URI.create("http://127.0.0.1/");
    // A project's settings hold no token: only the command hook and the stdio server go there.
    List<AgentLayouts.HttpHook> hooks =
        new ArrayList<>(Arrays.asList((AgentLayouts.HttpHook) null));
    List<AgentLayouts.McpHttp> servers =
        new ArrayList<>(Arrays.asList((AgentLayouts.McpHttp) null));
    if (project == null) {
      hooks.add(new AgentLayouts.HttpHook(any, "any"));
      servers.add(new AgentLayouts.McpHttp(any, "any"));
    }
    Set<Path> places = new HashSet<>();
    for (AgentLayouts.HttpHook hook : hooks) {
      for (AgentLayouts.McpHttp server : servers) {
        AgentLayouts.Plan plan =
            layouts.plan(agent, project, hook, earlier(Optional.of(setup)), server);
        plan.edits().forEach(edit -> places.add(edit.file().toAbsolutePath().normalize()));
      }
    }
    return places;
  }

  /**
   * {@return what {@code --list} and {@code --refresh} say of a home whose ledger names no agent}
   * (install.sh reads its first words).
   */
  static String nothingSetUp(Path home) {
    return "Nothing is set up with this home (" + home.resolve(SetupLedger.FILE) + ").";
  }

  /** Says what is set up where, and whether each file still has what setup wrote. */
  int list() throws IOException {
    SetupLedger ledger = SetupLedger.read(home);
    if (ledger.all().isEmpty()) {
      out.println(nothingSetUp(home));
      return ExitCodes.OK;
    }
    for (SetupLedger.Setup setup : ledger.all()) {
      out.println(
          setup.describe()
              + (setup.hookClient() != null
                  ? ", HTTP hook (token '" + setup.hookClient() + "')"
                  : "")
              + (holdsMcpToken(setup)
                  ? ", MCP over HTTP (token 'setup-" + setup.agent() + "')"
                  : ""));
      for (SetupLedger.FileRecord file : setup.files()) {
        byte[] current = SettingsFiles.read(file.file());
        String state =
            current == null
                ? "missing"
                : SetupLedger.sha256(current).equals(file.written())
                    ? "as setup wrote it"
                    : "changed since setup wrote it";
        out.println("  " + file.file() + ": " + state);
      }
    }
    return ExitCodes.OK;
  }
}
