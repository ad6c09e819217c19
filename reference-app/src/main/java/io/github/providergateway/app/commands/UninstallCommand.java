package io.github.providergateway.app.commands;

import io.github.providergateway.app.agents.AgentSetup;
import io.github.providergateway.app.agents.CodexLeftovers;
import io.github.providergateway.app.agents.SetupCommand;
import io.github.providergateway.app.cli.CommandContext;
import io.github.providergateway.app.cli.ExitCodes;
import io.github.providergateway.app.cli.GatewayHomeOptions;
import io.github.providergateway.app.cli.HelpOption;
import io.github.providergateway.app.detached.DetachedLaunch;
import io.github.providergateway.app.detached.ServiceCommand;
import io.github.providergateway.app.dist.BridgeFolders;
import io.github.providergateway.app.dist.LauncherCache;
import io.github.providergateway.app.dist.Leftover;
import io.github.providergateway.app.dist.RuntimeCopy;
import io.github.providergateway.app.home.GatewayPort;
import io.github.providergateway.app.home.HomeDirectory;
import io.github.providergateway.app.home.SetupLedger;
import io.github.providergateway.host.client.GatewayHome;
import io.github.providergateway.host.client.HomeSettings;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code gateway uninstall}: takes back every file the gateway wrote for a home, as the home's
 * ledger ({@link SetupLedger}, {@code <home>/setup.json}) lists them, and nothing else: what {@code
 * gateway setup} added to agents' settings ({@code setup --remove} of each), the service ({@code
 * service uninstall}), the archive's installation (its version folder, {@code current} and the
 * {@code gateway} link, which install.sh records with {@code --record-install}), the gateway's own
 * files in the home ({@link #HOME_FILES}), and what it writes in the places it shares with other
 * programs, by owner and name: the launchers' cache ({@link LauncherCache}) and the stdio bridge's
 * temporary folders ({@link BridgeFolders}), and the empty mount points Codex's sandbox left under
 * setup's profile ({@link CodexLeftovers}). A file a person put beside any of them stays, and so
 * does a folder that still holds one; the report says what was removed, and what was kept and why.
 * A gateway running for the home is not stopped: it would write its files again, so uninstall
 * refuses and says how to stop it.
 */
@Command(
    name = "uninstall",
    sortOptions = false,
    usageHelpAutoWidth = true,
    description = {
      "Takes back every file the gateway wrote for its home, as the home's ledger"
          + " (<home>/setup.json) lists them, and nothing else: what 'gateway setup' added to each"
          + " agent's settings, the service of 'gateway service install', the files of the"
          + " installed archive (install.sh), the gateway's own files in the home, the launchers'"
          + " cache (~/.cache/provider-gateway) and the stdio bridge's temporary folders"
          + " (/tmp/gateway-mcp-bridge.*) no bridge uses. Files you put beside them stay, and"
          + " it says why. --list says what it would remove.",
      ""
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:removed (or listed)",
      "1:not all removed: a gateway runs for the home, or a setup or the service could not be"
          + " taken back (what is left is still in the ledger)",
      "2:bad command line"
    })
public final class UninstallCommand implements Callable<Integer> {

  /**
   * What a gateway writes in its home, by name: its token, port, pid, lock and hook socket, the
   * hook's record of gates, the tokens of hook and HTTP clients and the stdio bridge's (and that
   * token as the bridge's curl sends it), the home's settings, the ledger and setup's backups, its
   * logs, the runtime copies of its jar and its providers' state, what the agents' sessions had
   * seen, the organisation's policy it kept and its HTTP MCP windows. Each also as the draft
   * ({@code <name>.tmp}) a gateway that stopped while writing it leaves.
   */
  static final List<String> HOME_FILES =
      List.of(
          GatewayHome.TOKEN_FILE,
          GatewayHome.PORT_FILE,
          GatewayHome.PID_FILE,
          GatewayHome.LOCK_FILE,
          "hook.sock",
          "mcp.sock", // McpSocket.FILE_NAME: the stdio windows' door
          "hook-gates.json",
          "hook-clients.json",
          "hook-clients.json.lock", // ClientTokens' lock beside its file
          "mcp-http-clients.json",
          "mcp-http-clients.json.lock",
          "console_history", // ConsoleHistory.FILE
          "mcp-bridge.token", // McpBridgeToken.FILE: the stdio bridge's agent token
          "mcp-bridge.token.header", // McpBridgeToken.HEADER_FILE: the same, as curl's header
          HomeSettings.FILE,
          SetupLedger.BACKUPS,
          "logs",
          RuntimeCopy.DIR,
          "providers",
          "guard-sessions.json", // SessionFlowsFile.NAME: what the agents' sessions had seen
          "policy-kept.json", // KeptPolicy.FILE_NAME: the organisation's policy, as last read
          "windows", // McpHttpWindows.FOLDER: the HTTP MCP windows' state
          SetupLedger.FILE);

  /** The ending of the draft a file of the home is written to first (OwnerOnlyFiles.replace). */
  private static final String DRAFT = ".tmp";

  /** How many names of what is left in a folder the report shows. */
  private static final int SHOWN = 10;

  private final CommandContext context;

  @CommandLine.Mixin private GatewayHomeOptions gateway;

  @Option(names = "--list", description = "Say what would be removed, and remove nothing.")
  private boolean list;

  /** install.sh's own files, recorded in the ledger (not for people: hidden). */
  @Option(names = "--record-install", arity = "1..*", paramLabel = "PATH", hidden = true)
  private List<Path> recordInstall;

  /** The folders install.sh made where none was, recorded in the ledger (hidden). */
  @Option(names = "--record-made", arity = "1..*", paramLabel = "FOLDER", hidden = true)
  private List<Path> recordMade;

  @Mixin private HelpOption help;

  UninstallCommand(CommandContext context) {
    this.context = context;
  }

  @Override
  public Integer call() {
    Map<String, String> env = context.env();
    Path home = gateway.home(env);
    PrintStream out = context.stdout();
    PrintStream err = context.err();
    try {
      if (recordInstall != null || recordMade != null) {
        SetupLedger ledger = SetupLedger.read(home);
        for (Path path : recordInstall == null ? List.<Path>of() : recordInstall) {
          // Only what install.sh writes: <data>/provider-gateway/<version> and current, and the
          // gateway link; never a folder of the person's, which uninstall would remove whole.
          Path absolute = path.toAbsolutePath().normalize();
          if (!installWrites(absolute)) {
            err.println(
                "gateway uninstall: --record-install takes install.sh's files, not " + path);
            return ExitCodes.USAGE;
          }
          ledger.wrote(absolute, "install");
        }
        for (Path folder : recordMade == null ? List.<Path>of() : recordMade) {
          ledger.wrote(folder.toAbsolutePath().normalize(), SetupLedger.MADE);
        }
        ledger.write();
        return ExitCodes.OK;
      }
      return list ? list(env, home, out) : uninstall(env, home, out, err);
    } catch (IOException | IllegalArgumentException e) {
      err.println("gateway uninstall: " + e.getMessage());
      return ExitCodes.START_FAILED;
    }
  }

  private static int list(Map<String, String> env, Path home, PrintStream out) throws IOException {
    SetupLedger ledger = SetupLedger.read(home);
    out.println(
        "The gateway's files for " + home + " (ledger " + home.resolve(SetupLedger.FILE) + "):");
    for (SetupLedger.Setup setup : ledger.all()) {
      for (SetupLedger.FileRecord file : setup.files()) {
        out.println("  setup " + setup.describe() + "  " + file.file());
      }
    }
    for (SetupLedger.Written written : ledger.written()) {
      out.println(
          "  "
              + written.by()
              + "  "
              + written.path()
              + (written.by().equals(SetupLedger.MADE) ? " (once empty)" : ""));
    }
    for (Path file : homeFiles(home)) {
      out.println("  gateway  " + file);
    }
    for (Path left : CodexLeftovers.ofSetups(ledger, HomeDirectory.userHome(env))) {
      out.println("  codex  " + left);
    }
    for (Leftover found : LauncherCache.survey(LauncherCache.folder(env))) {
      if (found.removes()) {
        out.println("  cache  " + found.path());
      }
    }
    for (Leftover found : bridgeFolders(env)) {
      if (found.removes()) {
        out.println("  bridge  " + found.path());
      }
    }
    return ExitCodes.OK;
  }

  private int uninstall(Map<String, String> env, Path home, PrintStream out, PrintStream err)
      throws IOException {
    SetupLedger ledger = SetupLedger.read(home);
    boolean serviceRecorded =
        ledger.written().stream().anyMatch(written -> written.by().equals("service"));
    if (serviceRecorded && ServiceCommand.uninstall(context, home) != ExitCodes.OK) {
      return ExitCodes.START_FAILED;
    }
    OptionalInt running = GatewayPort.answering(home);
    if (running.isPresent()) {
      err.println(
          "gateway uninstall: a gateway runs for "
              + home
              + " on port "
              + running.getAsInt()
              + pidOf(home)
              + ", and would write its files again: stop it (its console's 'quit', or end that"
              + " process), then run 'gateway uninstall' again. Nothing else was removed.");
      return ExitCodes.START_FAILED;
    }
    // Codex's leftovers are found by its profile, which taking its setup back removes.
    List<Path> codexLeftovers = CodexLeftovers.ofSetups(ledger, HomeDirectory.userHome(env));
    int port = gateway.launchPort(env);
    // Taking setups back: how their MCP servers were written is read from the ledger, not chosen.
    AgentSetup setup =
        SetupCommand.agentSetup(
            context, gateway, port, false, AgentSetup.McpTransport.auto, false, false, out);
    for (SetupLedger.Setup done : ledger.all()) {
      if (setup.remove(done.agent(), done.project()) != ExitCodes.OK) {
        err.println(
            "gateway uninstall: could not take back the setup of "
                + done.describe()
                + " (see above); the rest stays until it can: run 'gateway uninstall' again");
        return ExitCodes.START_FAILED;
      }
    }
    for (Path left : CodexLeftovers.take(codexLeftovers)) {
      out.println("Removed " + left + " (an empty mount point Codex's sandbox left)");
    }
    // Read again: each setup --remove rewrote the ledger.
    ledger = SetupLedger.read(home);
    List<Path> made = new ArrayList<>();
    for (SetupLedger.Written written : ledger.written()) {
      Path path = written.path();
      if (written.by().equals(SetupLedger.MADE)) {
        made.add(path);
        continue;
      }
      if (written.by().equals("service")) {
        // Service uninstall removed the unit, and the jar unless another home's unit runs it.
        if (Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
          out.println("Kept " + path + ": another home's service runs it");
        }
        continue;
      }
      if (!installWrites(path)) {
        // The ledger is a file in the home, which another program of the user's may have written
        // (issue 61): it names what to delete only where --record-install would have taken it.
        err.println(
            "gateway uninstall: kept "
                + path
                + ": the ledger names it, but it is no file install.sh writes; remove it yourself"
                + " if it is the gateway's");
        continue;
      }
      if (removeTree(path)) {
        out.println("Removed " + path);
      }
      removeIfEmpty(path.getParent(), out);
    }
    ledger.forgetWritten();
    ledger.write();
    for (Path file : homeFiles(home)) {
      removeTree(file);
      out.println("Removed " + file);
    }
    removeIfNothingElse(home, out);
    Path cache = LauncherCache.folder(env);
    List<Leftover> cached = LauncherCache.survey(cache);
    take(cached, out);
    if (Files.isDirectory(cache, LinkOption.NOFOLLOW_LINKS)
        && cached.stream().noneMatch(found -> found.path().equals(cache))) {
      removeIfNothingElse(cache, out);
    }
    take(bridgeFolders(env), out);
    removeMadeFolders(made, out);
    return ExitCodes.OK;
  }

  /**
   * Removes the folders install.sh or setup made where none was ({@link SetupLedger#MADE}), deepest
   * first, each only while it is an empty folder (not a link): one that holds a file of anyone's
   * stays, and is said to. A folder that was there before was never recorded, so never goes.
   */
  private static void removeMadeFolders(List<Path> made, PrintStream out) throws IOException {
    List<Path> deepestFirst =
        made.stream()
            .filter(Path::isAbsolute)
            .filter(folder -> folder.equals(folder.normalize()))
            .distinct()
            .sorted(Comparator.comparingInt(Path::getNameCount).reversed())
            .toList();
    for (Path folder : deepestFirst) {
      if (Files.isDirectory(folder, LinkOption.NOFOLLOW_LINKS)) {
        removeIfNothingElse(folder, out);
      }
    }
  }

  /** The bridge's folders of this user's in the temporary folder {@code env} names. */
  private static List<Leftover> bridgeFolders(Map<String, String> env) throws IOException {
    return BridgeFolders.survey(BridgeFolders.temporaryFolder(env), BridgeFolders.Processes.SYSTEM);
  }

  /** Removes what {@code found} says goes, and says so, and what is kept and why. */
  private static void take(List<Leftover> found, PrintStream out) throws IOException {
    for (Leftover leftover : found) {
      if (leftover.removes()) {
        removeTree(leftover.path());
        out.println("Removed " + leftover.path());
      } else {
        out.println("Kept " + leftover.path() + ": " + leftover.keptBecause());
      }
    }
  }

  /**
   * Removes {@code folder} when the gateway's files were all it held; else says it stays, and which
   * of what is in it are not the gateway's (the first few).
   */
  private static void removeIfNothingElse(Path folder, PrintStream out) throws IOException {
    try {
      if (Files.deleteIfExists(folder)) {
        out.println("Removed " + folder);
      }
    } catch (DirectoryNotEmptyException kept) {
      List<String> names;
      try (Stream<Path> left = Files.list(folder)) {
        names = left.map(file -> file.getFileName().toString()).sorted().toList();
      }
      String shown =
          names.size() <= SHOWN
              ? String.join(", ", names)
              : String.join(", ", names.subList(0, SHOWN))
                  + " and "
                  + (names.size() - SHOWN)
                  + " more";
      out.println("Kept " + folder + ": it holds files the gateway did not write (" + shown + ")");
    }
  }

  /**
   * Whether {@code absolute} is a place install.sh writes and records: a version folder or {@code
   * current} in {@code <data>/provider-gateway}, or the {@code gateway} link; never a folder of the
   * person's, which uninstall would remove whole.
   */
  private static boolean installWrites(Path absolute) {
    Path parentFolder = absolute.getParent();
    return absolute.isAbsolute()
        && absolute.equals(absolute.normalize())
        && parentFolder != null
        && absolute.getFileName() != null
        && (parentFolder.getFileName() != null
                && parentFolder.getFileName().toString().equals("provider-gateway")
            || absolute.getFileName().toString().equals("gateway"));
  }

  /** The files of {@link #HOME_FILES} that are there in {@code home}, and their drafts. */
  private static List<Path> homeFiles(Path home) {
    List<Path> there = new ArrayList<>();
    for (String name : HOME_FILES) {
      for (Path file : List.of(home.resolve(name), home.resolve(name + DRAFT))) {
        if (Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
          there.add(file);
        }
      }
    }
    return there;
  }

  /**
   * Deletes {@code path}: a link as a link (never what it points to), a folder with everything in
   * it. Returns whether there was anything.
   */
  private static boolean removeTree(Path path) throws IOException {
    if (!Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
      return false;
    }
    if (Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
      try (Stream<Path> files = Files.walk(path)) {
        for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
          Files.delete(file);
        }
      }
    } else {
      Files.delete(path);
    }
    return true;
  }

  /** Deletes {@code folder} when it is the installation's folder and nothing is left in it. */
  private static void removeIfEmpty(Path folder, PrintStream out) throws IOException {
    if (folder == null || !folder.getFileName().toString().equals("provider-gateway")) {
      return;
    }
    try {
      if (Files.deleteIfExists(folder)) {
        out.println("Removed " + folder);
      }
    } catch (DirectoryNotEmptyException kept) {
      // Something else is in it (another home's service jar, a file of the person's).
    }
  }

  private static String pidOf(Path home) {
    Long pid = DetachedLaunch.livePid(home);
    return pid == null ? "" : " (pid " + pid + ")";
  }
}
