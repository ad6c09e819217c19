package io.github.providergateway.app.dist;

import io.github.providergateway.app.DetachedLaunch;
import io.github.providergateway.app.GatewayHomeOptions;
import io.github.providergateway.app.Main;
import io.github.providergateway.app.agents.AgentLayouts;
import io.github.providergateway.app.agents.AgentSetup;
import io.github.providergateway.app.agents.SetupCommand;
import io.github.providergateway.app.agents.SetupLedger;
import io.github.providergateway.app.service.ServiceCommand;
import io.github.providergateway.host.client.GatewayHome;
import io.github.providergateway.host.client.HomeSettings;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
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
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code gateway uninstall}: takes back every file the gateway wrote for a home, as the home's
 * ledger ({@link SetupLedger}, {@code <home>/setup.json}) lists them, and nothing else: what {@code
 * gateway setup} added to agents' settings ({@code setup --remove} of each), the service ({@code
 * service uninstall}), the archive's installation (its version folder, {@code current} and the
 * {@code gateway} link, which install.sh records with {@code --record-install}), and the gateway's
 * own files in the home ({@link #HOME_FILES}). A file a person put beside any of them stays, and so
 * does a folder that still holds one. A gateway running for the home is not stopped: it would write
 * its files again, so uninstall refuses and says how to stop it.
 */
@Command(
    name = "uninstall",
    sortOptions = false,
    usageHelpAutoWidth = true,
    description = {
      "Takes back every file the gateway wrote for its home, as the home's ledger"
          + " (<home>/setup.json) lists them, and nothing else: what 'gateway setup' added to each"
          + " agent's settings, the service of 'gateway service install', the files of the"
          + " installed archive (install.sh), and the gateway's own files in the home. Files you"
          + " put beside them stay. --list says what it would remove.",
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
   * hook's record of gates, the tokens of hook and HTTP clients and the stdio bridge's, the home's
   * settings, the ledger and setup's backups, its logs, the runtime copies of its jar and its
   * providers' state.
   */
  static final List<String> HOME_FILES =
      List.of(
          GatewayHome.TOKEN_FILE,
          GatewayHome.PORT_FILE,
          GatewayHome.PID_FILE,
          GatewayHome.LOCK_FILE,
          "hook.sock",
          "hook-gates.json",
          "hook-clients.json",
          "hook-clients.json.lock", // ClientTokens' lock beside its file
          "mcp-http-clients.json",
          "mcp-http-clients.json.lock",
          "console_history", // ConsoleHistory.FILE
          "mcp-bridge.token", // McpBridgeToken.FILE: the stdio bridge's agent token
          HomeSettings.FILE,
          SetupLedger.BACKUPS,
          "logs",
          RuntimeCopy.DIR,
          "providers",
          SetupLedger.FILE);

  @ParentCommand private Main parent;

  @CommandLine.Mixin private GatewayHomeOptions gateway;

  @Option(names = "--list", description = "Say what would be removed, and remove nothing.")
  private boolean list;

  /** install.sh's own files, recorded in the ledger (not for people: hidden). */
  @Option(names = "--record-install", arity = "1..*", paramLabel = "PATH", hidden = true)
  private List<Path> recordInstall;

  @Option(
      names = {"-h", "--help"},
      usageHelp = true,
      description = "Show this help and exit.")
  private boolean help;

  @Override
  public Integer call() {
    Map<String, String> env = parent.env();
    Path home = gateway.home(env);
    PrintStream out = new PrintStream(parent.out(), true, StandardCharsets.UTF_8);
    PrintStream err = parent.err();
    try {
      if (recordInstall != null) {
        SetupLedger ledger = SetupLedger.read(home);
        for (Path path : recordInstall) {
          // Only what install.sh writes: <data>/provider-gateway/<version> and current, and the
          // gateway link; never a folder of the person's, which uninstall would remove whole.
          Path absolute = path.toAbsolutePath().normalize();
          if (!installWrites(absolute)) {
            err.println(
                "gateway uninstall: --record-install takes install.sh's files, not " + path);
            return Main.EXIT_USAGE;
          }
          ledger.wrote(absolute, "install");
        }
        ledger.write();
        return Main.EXIT_OK;
      }
      return list ? list(home, out) : uninstall(env, home, out, err);
    } catch (IOException | IllegalArgumentException e) {
      err.println("gateway uninstall: " + e.getMessage());
      return Main.EXIT_START_FAILED;
    }
  }

  private static int list(Path home, PrintStream out) throws IOException {
    SetupLedger ledger = SetupLedger.read(home);
    out.println(
        "The gateway's files for " + home + " (ledger " + home.resolve(SetupLedger.FILE) + "):");
    for (SetupLedger.Setup setup : ledger.all()) {
      for (SetupLedger.FileRecord file : setup.files()) {
        out.println("  setup " + setup.describe() + "  " + file.file());
      }
    }
    for (SetupLedger.Written written : ledger.written()) {
      out.println("  " + written.by() + "  " + written.path());
    }
    for (Path file : homeFiles(home)) {
      out.println("  gateway  " + file);
    }
    return Main.EXIT_OK;
  }

  private int uninstall(Map<String, String> env, Path home, PrintStream out, PrintStream err)
      throws IOException {
    SetupLedger ledger = SetupLedger.read(home);
    boolean serviceRecorded =
        ledger.written().stream().anyMatch(written -> written.by().equals("service"));
    if (serviceRecorded && ServiceCommand.uninstall(parent, home) != Main.EXIT_OK) {
      return Main.EXIT_START_FAILED;
    }
    OptionalInt running = ServiceCommand.answeringPort(home);
    if (running.isPresent()) {
      err.println(
          "gateway uninstall: a gateway runs for "
              + home
              + " on port "
              + running.getAsInt()
              + pidOf(home)
              + ", and would write its files again: stop it (its console's 'quit', or end that"
              + " process), then run 'gateway uninstall' again. Nothing else was removed.");
      return Main.EXIT_START_FAILED;
    }
    int port = gateway.launchPort(env);
    // Taking setups back: how their MCP servers were written is read from the ledger, not chosen.
    AgentSetup setup =
        SetupCommand.agentSetup(
            parent, gateway, port, false, AgentSetup.McpTransport.auto, false, out);
    for (SetupLedger.Setup done : ledger.all()) {
      if (setup.remove(AgentLayouts.Agent.valueOf(done.agent()), done.project()) != Main.EXIT_OK) {
        err.println(
            "gateway uninstall: could not take back the setup of "
                + done.describe()
                + " (see above); the rest stays until it can: run 'gateway uninstall' again");
        return Main.EXIT_START_FAILED;
      }
    }
    // Read again: each setup --remove rewrote the ledger.
    ledger = SetupLedger.read(home);
    for (SetupLedger.Written written : ledger.written()) {
      Path path = written.path();
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
    try {
      if (Files.deleteIfExists(home)) {
        out.println("Removed " + home);
      }
    } catch (DirectoryNotEmptyException kept) {
      out.println("Kept " + home + ": it holds files the gateway did not write");
    }
    return Main.EXIT_OK;
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

  /** The files of {@link #HOME_FILES} that are there in {@code home}. */
  private static List<Path> homeFiles(Path home) {
    List<Path> there = new ArrayList<>();
    for (String name : HOME_FILES) {
      Path file = home.resolve(name);
      if (Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
        there.add(file);
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
