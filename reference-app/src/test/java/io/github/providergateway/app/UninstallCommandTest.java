package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.agent.guard.SessionFlowsFile;
import io.github.providergateway.app.cli.ExitCodes;
import io.github.providergateway.app.cli.RunningApp;
import io.github.providergateway.app.guard.KeptPolicy;
import io.github.providergateway.app.home.SetupLedger;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gateway uninstall} (issue 46): one ledger in the home lists what {@code gateway setup},
 * {@code gateway service} and install.sh wrote, and uninstall removes exactly those and the
 * gateway's own files in the home, never a file a person put beside them. In-process, with the
 * user's folders in a temporary folder ({@link UserFolders}) and no user manager.
 */
class UninstallCommandTest {

  @TempDir static Path build;

  /** The app as one jar: what service install copies. */
  private static Path appJar;

  @TempDir Path dir;

  private Path user;
  private Path home;
  private Path data;
  private final Map<String, String> env = new HashMap<>();

  @BeforeAll
  static void packTheApp() throws IOException {
    appJar = AppJar.write(build.resolve("provider-gateway.jar"), false);
  }

  @BeforeEach
  void aUserOfItsOwn() throws IOException {
    user = UserFolders.in(dir, env);
    env.put("PATH", "/usr/bin:/bin");
    home = Files.createDirectories(dir.resolve("home"));
    Files.setPosixFilePermissions(home, PosixFilePermissions.fromString("rwx------"));
    data = dir.resolve("data/provider-gateway");
  }

  /**
   * Issue 61: the ledger is a file of the home, which another program of the user's may write. An
   * entry naming a folder of the person's is kept, with its files, and said so; install.sh's own
   * entries still go.
   */
  @Test
  void aLedgerEntryNamingAFolderInstallShDoesNotWriteIsKeptWithEverythingInIt() throws Exception {
    Path folder = Files.createDirectories(user.resolve("work/thesis"));
    Files.writeString(folder.resolve("chapter1.tex"), "mine");
    Path version = Files.createDirectories(data.resolve("1.2.3"));
    SetupLedger ledger = SetupLedger.read(home);
    ledger.wrote(folder, "install"); // as a hostile program would write it, past --record-install
    ledger.wrote(version, "install");
    ledger.write();

    Run uninstall = gateway("uninstall", "--home", home.toString());

    assertThat(uninstall.exit).as(uninstall.out + uninstall.err).isZero();
    assertThat(folder.resolve("chapter1.tex")).hasContent("mine");
    assertThat(uninstall.err).contains("kept " + folder);
    assertThat(uninstall.out).doesNotContain("Removed " + folder);
    assertThat(version).doesNotExist();
  }

  /** A recorded link is removed as a link: what it points to is the person's. */
  @Test
  void aRecordedLinkIsRemovedAsALinkNeverFollowed() throws Exception {
    Path folder = Files.createDirectories(user.resolve("work/thesis"));
    Files.writeString(folder.resolve("chapter1.tex"), "mine");
    Files.createDirectories(data);
    Path current = Files.createSymbolicLink(data.resolve("current"), folder);
    Path link =
        Files.createSymbolicLink(
            Files.createDirectories(user.resolve(".local/bin")).resolve("gateway"),
            folder.resolve("chapter1.tex"));
    SetupLedger ledger = SetupLedger.read(home);
    ledger.wrote(current, "install");
    ledger.wrote(link, "install");
    ledger.write();

    Run uninstall = gateway("uninstall", "--home", home.toString());

    assertThat(uninstall.exit).as(uninstall.out + uninstall.err).isZero();
    assertThat(Files.exists(current, java.nio.file.LinkOption.NOFOLLOW_LINKS)).isFalse();
    assertThat(Files.exists(link, java.nio.file.LinkOption.NOFOLLOW_LINKS)).isFalse();
    assertThat(folder.resolve("chapter1.tex")).hasContent("mine");
  }

  /** A ledger another user could have written is refused whole, and nothing is removed. */
  @Test
  void aLedgerOthersCouldWriteIsRefusedWholeAndNothingIsRemoved() throws Exception {
    Path version = Files.createDirectories(data.resolve("1.2.3"));
    SetupLedger ledger = SetupLedger.read(home);
    ledger.wrote(version, "install");
    ledger.write();
    Path file = home.resolve(SetupLedger.FILE);
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-rw-rw-"));
    Files.writeString(home.resolve("gateway.port"), "0");

    Run uninstall = gateway("uninstall", "--home", home.toString());

    assertThat(uninstall.exit).as(uninstall.out + uninstall.err).isNotZero();
    assertThat(uninstall.err).contains(file.toString());
    assertThat(version).exists();
    assertThat(home.resolve("gateway.port")).exists();
  }

  /**
   * A ledger owned by another user is refused whole. Making one takes root (chown), which CI's
   * container is; elsewhere the test says it could not run.
   */
  @Test
  void aLedgerOwnedByAnotherUserIsRefusedWholeAndNothingIsRemoved() throws Exception {
    org.junit.jupiter.api.Assumptions.assumeTrue(
        "root".equals(System.getProperty("user.name")), "chown to another user takes root");
    Path version = Files.createDirectories(data.resolve("1.2.3"));
    SetupLedger ledger = SetupLedger.read(home);
    ledger.wrote(version, "install");
    ledger.write();
    Path file = home.resolve(SetupLedger.FILE);
    var lookup = file.getFileSystem().getUserPrincipalLookupService();
    Files.setOwner(file, lookup.lookupPrincipalByName("nobody"));

    Run uninstall = gateway("uninstall", "--home", home.toString());

    assertThat(uninstall.exit).as(uninstall.out + uninstall.err).isNotZero();
    assertThat(uninstall.err).contains(file.toString());
    assertThat(version).exists();
  }

  /**
   * A setup of an agent this version does not know (the ledger of a newer version) is left as is
   * and said so; uninstall goes on with the rest, as {@code setup --refresh} does.
   */
  @Test
  void aSetupOfAnAgentThisVersionDoesNotKnowIsLeftAndTheRestGoes() throws Exception {
    assertThat(gateway("setup", "claude", "--home", home.toString()).exit).isZero();
    Path ledger = home.resolve(SetupLedger.FILE);
    Files.writeString(ledger, Files.readString(ledger).replace("\"claude\"", "\"newagent\""));

    Run uninstall = gateway("uninstall", "--home", home.toString());

    assertThat(uninstall.exit).as(uninstall.out + uninstall.err).isZero();
    assertThat(uninstall.out)
        .contains("Nothing to take back for newagent: an agent this version does not know");
  }

  @Test
  void uninstallRemovesWhatTheLedgerListsAndTheHomesFilesButNothingAPersonPutBesideThem()
      throws Exception {
    Path mine = Files.createDirectories(user.resolve(".claude")).resolve("mine.json");
    Files.writeString(mine, "{}");
    assertThat(gateway("setup", "claude", "--home", home.toString()).exit).isZero();
    Path settings = user.resolve(".claude/settings.json");
    assertThat(settings).exists();
    assertThat(gateway("service", "install", "--home", home.toString()).exit).isZero();
    Path unit = onlyFile(dir.resolve("config/systemd/user"));
    // What install.sh writes and records.
    Path version = Files.createDirectories(data.resolve("1.2.3/bin"));
    Files.writeString(version.resolve("gateway"), "#!/bin/sh\n");
    Path current = Files.createSymbolicLink(data.resolve("current"), Path.of("1.2.3"));
    Path link =
        Files.createSymbolicLink(
            Files.createDirectories(user.resolve(".local/bin")).resolve("gateway"),
            current.resolve("bin/gateway"));
    Run record =
        gateway(
            "uninstall",
            "--home",
            home.toString(),
            "--record-install",
            data.resolve("1.2.3").toString(),
            current.toString(),
            link.toString());
    assertThat(record.exit).as(record.err).isZero();
    // The gateway's own files, as a run leaves them; no gateway listens on port 0.
    Files.writeString(home.resolve("gateway.port"), "0");
    // Issue 62: these stayed, and uninstall then said the home held files it did not write.
    Files.writeString(home.resolve("hook-clients.json.lock"), "");
    Files.writeString(home.resolve("mcp-http-clients.json.lock"), "");
    Files.writeString(home.resolve("console_history"), "sessions\n");
    Files.createDirectories(home.resolve("logs"));
    Files.writeString(home.resolve("logs/gateway.log"), "log\n");
    Files.createDirectories(home.resolve("providers/guard"));
    // The person's, beside them.
    Files.writeString(home.resolve("notes.txt"), "mine");
    Files.writeString(data.resolve("mine.txt"), "mine");
    Path otherTool = Files.writeString(user.resolve(".local/bin/other-tool"), "mine");

    Run listed = gateway("uninstall", "--home", home.toString(), "--list");
    assertThat(listed.out)
        .contains(
            settings.toString(),
            unit.toString(),
            link.toString(),
            "gateway  " + home.resolve("logs"))
        .doesNotContain("notes.txt", "mine");

    Run uninstall = gateway("uninstall", "--home", home.toString());

    assertThat(uninstall.exit).as(uninstall.out + uninstall.err).isZero();
    assertThat(settings).doesNotExist();
    assertThat(user.resolve(".claude.json")).doesNotExist();
    assertThat(unit).doesNotExist();
    assertThat(data.resolve("1.2.3")).doesNotExist();
    assertThat(current).doesNotExist();
    assertThat(link).doesNotExist();
    assertThat(home.resolve("logs")).doesNotExist();
    assertThat(home.resolve("providers")).doesNotExist();
    assertThat(home.resolve("gateway.port")).doesNotExist();
    assertThat(home.resolve("hook-clients.json.lock")).doesNotExist();
    assertThat(home.resolve("mcp-http-clients.json.lock")).doesNotExist();
    assertThat(home.resolve("console_history")).doesNotExist();
    assertThat(home.resolve(SetupLedger.FILE)).doesNotExist();
    try (Stream<Path> left = Files.list(data)) {
      assertThat(left.toList())
          .as("the service's jar went with its unit")
          .containsExactly(data.resolve("mine.txt"));
    }
    assertThat(mine).hasContent("{}");
    assertThat(home.resolve("notes.txt")).hasContent("mine");
    assertThat(otherTool).hasContent("mine");
    assertThat(uninstall.out)
        .contains("Kept " + home + ": it holds files the gateway did not write");
  }

  /**
   * Issue 62: the launchers' cache (79 MB of jar copies and start-up caches, and a stopped
   * training's files) and the stdio bridge's temporary folders (one holding a bearer token) stayed,
   * and uninstall said the home held files the gateway did not write. Now each goes by its name and
   * owner, what stays is said with why, and a place that held only the gateway's files goes whole.
   */
  @Test
  void theLaunchersCacheAndTheBridgesFoldersGoByNameAndOwnerAndWhatStaysIsSaidWithWhy()
      throws Exception {
    Files.writeString(home.resolve("gateway.port"), "0");
    Files.writeString(home.resolve("mcp-bridge.token.header"), "Authorization: Bearer mcp-x\n");
    Files.writeString(home.resolve(".provider-token.tmp"), "ptk-draft"); // a write cut short
    Path cache = Files.createDirectories(user.resolve(".cache/provider-gateway"));
    List<Path> launchers =
        List.of(
            Files.writeString(cache.resolve("provider-gateway-1714000000-52428800.jar"), "jar"),
            Files.writeString(cache.resolve("provider-gateway-1714000000-52428800.jar.777"), "j"),
            Files.writeString(cache.resolve("provider-gateway-1714000000-52428800.jsa"), "cds"),
            Files.writeString(
                cache.resolve("provider-gateway-1714000000-52428800-agents.jsa"), "cds"),
            Files.writeString(cache.resolve("provider-gateway-0123456789abcdef-main.aot"), "aot"),
            // Issue 76: named by the runtime (a clone's) and by the installation (the archive's).
            Files.writeString(
                cache.resolve("provider-gateway-1714000000-52428800-3242449631-agents.jsa"), "cds"),
            Files.writeString(
                cache.resolve("provider-gateway-0123456789abcdef-3242449631-main.aot"), "aot"),
            // A training stopped half-way: its draft, the JDK's side file, its lock, its home.
            Files.writeString(
                cache.resolve("provider-gateway-0123456789abcdef-agents.aot.4242"), "draft"),
            Files.writeString(
                cache.resolve("provider-gateway-0123456789abcdef-agents.aot.4242.config"), "c"),
            Files.createDirectory(
                cache.resolve("provider-gateway-0123456789abcdef-agents.aot.training")),
            Files.createDirectory(cache.resolve("training.4242")));
    Files.writeString(cache.resolve("training.4242/.provider-token"), "ptk-training");
    Path foreign = Files.writeString(cache.resolve("notes.txt"), "mine");
    Path tmp = Path.of(env.get("TMPDIR"));
    Path stale = bridgeFolder(tmp.resolve("gateway-mcp-bridge.Ab12Cd"), endedPid());
    Path live =
        bridgeFolder(tmp.resolve("gateway-mcp-bridge.Ef34Gh"), ProcessHandle.current().pid());
    Path aFile = Files.writeString(tmp.resolve("gateway-mcp-bridge.notes"), "mine");
    Path withMine = bridgeFolder(tmp.resolve("gateway-mcp-bridge.Ij56Kl"), endedPid());
    Files.writeString(withMine.resolve("thesis.tex"), "mine");
    Path otherTool = Files.createDirectories(tmp.resolve("other-tool.123"));

    Run listed = gateway("uninstall", "--home", home.toString(), "--list");
    assertThat(listed.out)
        .contains("cache  " + launchers.get(0), "bridge  " + stale)
        .doesNotContain(foreign.toString(), live.toString(), withMine.toString());

    Run uninstall = gateway("uninstall", "--home", home.toString());

    assertThat(uninstall.exit).as(uninstall.out + uninstall.err).isZero();
    for (Path file : launchers) {
      assertThat(file).doesNotExist();
      assertThat(uninstall.out).contains("Removed " + file);
    }
    assertThat(foreign).hasContent("mine");
    assertThat(stale).doesNotExist();
    assertThat(live.resolve("session.conf")).exists();
    assertThat(aFile).hasContent("mine");
    assertThat(withMine.resolve("thesis.tex")).hasContent("mine");
    assertThat(otherTool).exists();
    assertThat(home).doesNotExist();
    assertThat(uninstall.out)
        .contains(
            "Removed " + home,
            "Removed " + home.resolve(".provider-token.tmp"),
            "Removed " + stale,
            "Kept " + foreign + ": not a file the gateway's launchers write",
            "Kept " + cache + ": it holds files the gateway did not write (notes.txt)",
            "Kept " + live + ": its bridge (pid " + ProcessHandle.current().pid() + ") still runs",
            "Kept " + aFile + ": not a folder, which a bridge makes",
            "Kept " + withMine + ": it holds files no bridge writes: thesis.tex")
        .doesNotContain("Kept " + home, "other-tool");
  }

  /** A cache of nothing but the launchers' files goes whole, where XDG_CACHE_HOME puts it. */
  @Test
  void aCacheOfOnlyTheLaunchersFilesGoesWholeWhereAnAbsoluteXdgCacheHomePutsIt() throws Exception {
    Path cache = Files.createDirectories(dir.resolve("xdg-cache/provider-gateway"));
    Path jar = Files.writeString(cache.resolve("provider-gateway-1714000000-52428800.jar"), "jar");
    env.put("XDG_CACHE_HOME", dir.resolve("xdg-cache").toString());

    Run uninstall = gateway("uninstall", "--home", home.toString());

    assertThat(uninstall.exit).as(uninstall.out + uninstall.err).isZero();
    assertThat(cache).doesNotExist();
    assertThat(uninstall.out).contains("Removed " + jar, "Removed " + cache);
    assertThat(uninstall.out).doesNotContain("Kept");

    // A relative one counts for nothing (the launchers' rule): the cache is ~/.cache's.
    Path usual = Files.createDirectories(user.resolve(".cache/provider-gateway"));
    env.put("XDG_CACHE_HOME", "xdg-cache");
    assertThat(gateway("uninstall", "--home", home.toString()).out).contains("Removed " + usual);
  }

  /** Another user's folder of the bridge's name is theirs: neither removed nor reported. */
  @Test
  void anotherUsersBridgeFolderIsNeitherRemovedNorReported() throws Exception {
    org.junit.jupiter.api.Assumptions.assumeTrue(
        "root".equals(System.getProperty("user.name")), "chown to another user takes root");
    Path theirs =
        bridgeFolder(Path.of(env.get("TMPDIR")).resolve("gateway-mcp-bridge.Zz99Yy"), endedPid());
    var lookup = theirs.getFileSystem().getUserPrincipalLookupService();
    Files.setOwner(theirs, lookup.lookupPrincipalByName("nobody"));

    Run uninstall = gateway("uninstall", "--home", home.toString());

    assertThat(uninstall.exit).as(uninstall.out + uninstall.err).isZero();
    assertThat(theirs.resolve("session.conf")).exists();
    assertThat(uninstall.out).doesNotContain(theirs.toString());
  }

  /** A folder as a bridge leaves it: its pid, its session's id and curl config, owner-only. */
  private static Path bridgeFolder(Path folder, long pid) throws IOException {
    Files.createDirectory(
        folder, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
    Files.writeString(folder.resolve("pid"), pid + "\n");
    Files.writeString(folder.resolve("sid"), "s-1\n");
    Files.writeString(folder.resolve("session.conf"), "url = \"http://127.0.0.1:9/mcp\"\n");
    return folder;
  }

  /** A pid no process has: above Linux's largest pid_max (2^22). */
  private static long endedPid() {
    return 99_999_999L;
  }

  @Test
  void theLedgerForgetsTheServiceWhenItIsUninstalledAlone() throws Exception {
    assertThat(gateway("service", "install", "--home", home.toString()).exit).isZero();
    Path unit = onlyFile(dir.resolve("config/systemd/user"));
    assertThat(gateway("uninstall", "--home", home.toString(), "--list").out)
        .contains("service  " + unit);

    assertThat(gateway("service", "uninstall", "--home", home.toString()).exit).isZero();

    assertThat(gateway("uninstall", "--home", home.toString(), "--list").out)
        .doesNotContain("service  ");
    assertThat(home.resolve(SetupLedger.FILE)).doesNotExist();
  }

  @Test
  void aHomeWithNothingButTheGatewaysFilesGoesWhole() throws Exception {
    Files.writeString(home.resolve("gateway.port"), "0");
    Files.createDirectories(home.resolve("runtime"));

    Run uninstall = gateway("uninstall", "--home", home.toString());

    assertThat(uninstall.exit).as(uninstall.err).isZero();
    assertThat(home).doesNotExist();
  }

  @Test
  void theSessionsRecordTheKeptPolicyAndTheWindowsAreTheGatewaysToo() throws Exception {
    // issue 77: uninstall kept the home, saying these three were not the gateway's; it wrote them.
    Files.writeString(home.resolve(SessionFlowsFile.NAME), "{}");
    Files.writeString(home.resolve(SessionFlowsFile.NAME + ".tmp"), "{");
    Files.writeString(home.resolve(KeptPolicy.FILE_NAME), "{}");
    Files.writeString(Files.createDirectories(home.resolve("windows")).resolve("w-1.json"), "{}");

    Run uninstall = gateway("uninstall", "--home", home.toString());

    assertThat(uninstall.exit).as(uninstall.err).isZero();
    assertThat(uninstall.out).doesNotContain("Kept " + home);
    assertThat(home).doesNotExist();
  }

  /**
   * Issue 77: the folders install.sh and setup made where none was (a fresh account's ~/.local/bin
   * and ~/.local/share, Claude Code's ~/.claude) go once empty; one the person had before, even
   * empty, stays, and so does a made one that now holds a file of the person's.
   */
  @Test
  void theFoldersTheInstallAndSetupMadeGoOnceEmptyAndNoneThatWasThereBefore() throws Exception {
    Path local = user.resolve(".local");
    Path localBin = Files.createDirectories(local.resolve("bin"));
    Path localShare = Files.createDirectories(local.resolve("share/provider-gateway"));
    Path theirs = Files.createDirectories(user.resolve(".config/empty-of-theirs"));
    Path kept = Files.createDirectories(user.resolve(".made-but-used"));
    Files.writeString(kept.resolve("notes.txt"), "mine");
    Run record =
        gateway(
            "uninstall",
            "--home",
            home.toString(),
            "--record-made",
            localShare.toString(),
            localShare.getParent().toString(),
            localBin.toString(),
            local.toString(),
            kept.toString());
    assertThat(record.exit).as(record.err).isZero();
    assertThat(user.resolve(".claude")).as("no Claude Code folder yet").doesNotExist();
    assertThat(gateway("setup", "claude", "--home", home.toString()).exit).isZero();
    assertThat(user.resolve(".claude/settings.json")).exists();
    assertThat(gateway("uninstall", "--home", home.toString(), "--list").out)
        .contains("made  " + user.resolve(".claude") + " (once empty)", "made  " + local);

    Run uninstall = gateway("uninstall", "--home", home.toString());

    assertThat(uninstall.exit).as(uninstall.out + uninstall.err).isZero();
    assertThat(local).doesNotExist();
    assertThat(user.resolve(".claude")).as("setup made it").doesNotExist();
    assertThat(theirs).as("there before: never recorded, never removed").isDirectory();
    assertThat(kept.resolve("notes.txt")).hasContent("mine");
    assertThat(uninstall.out)
        .contains("Removed " + localBin, "Removed " + local)
        .contains("Kept " + kept + ": it holds files the gateway did not write (notes.txt)");
  }

  /**
   * Issue 77: an entry of setup's the person changed cannot be taken: uninstall says what is left
   * and what to do, exits 1 and keeps the rest (the ledger, the home); once the person fixed it, a
   * second uninstall takes it all.
   */
  @Test
  void aSetupEntryThePersonChangedStopsUninstallUntilItIsFixedThenAllGoes() throws Exception {
    assertThat(gateway("setup", "claude", "--home", home.toString()).exit).isZero();
    Path settings = user.resolve(".claude/settings.json");
    String written = Files.readString(settings);
    Files.writeString(settings, written.replace("\"timeout\": 60", "\"timeout\": 45"));

    Run first = gateway("uninstall", "--home", home.toString());

    assertThat(first.exit).isEqualTo(ExitCodes.START_FAILED);
    assertThat(first.out).contains("left in " + settings, "changed since setup wrote it");
    assertThat(first.err).contains("could not take back the setup of claude (user)");
    assertThat(home.resolve(SetupLedger.FILE)).exists();
    assertThat(user.resolve(".claude.json")).as("the rest of the setup went").doesNotExist();

    Files.writeString(settings, written);
    Run second = gateway("uninstall", "--home", home.toString());

    assertThat(second.exit).as(second.out + second.err).isZero();
    assertThat(settings).doesNotExist();
    assertThat(user.resolve(".claude")).doesNotExist();
    assertThat(home).doesNotExist();
  }

  @Test
  void aHomeThatWasNeverUsedHasNothingToRemove() throws Exception {
    Path never = dir.resolve("never");

    Run uninstall = gateway("uninstall", "--home", never.toString());

    assertThat(uninstall.exit).as(uninstall.err).isZero();
    assertThat(uninstall.out).doesNotContain("Removed");
    assertThat(never).doesNotExist();
  }

  @Test
  void aGatewayRunningForTheHomeIsRefusedAndNothingIsRemoved() throws Exception {
    assertThat(gateway("setup", "claude", "--home", home.toString()).exit).isZero();
    try (ServerSocket listening = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      Files.writeString(home.resolve("gateway.port"), Integer.toString(listening.getLocalPort()));

      Run uninstall = gateway("uninstall", "--home", home.toString());

      assertThat(uninstall.exit).isEqualTo(ExitCodes.START_FAILED);
      assertThat(uninstall.err).contains("a gateway runs for " + home, "Nothing else was removed");
    }
    assertThat(user.resolve(".claude/settings.json")).exists();
    assertThat(home.resolve(SetupLedger.FILE)).exists();
  }

  @Test
  void theLedgerTakesOnlyInstallShsFilesFromInstallSh() throws Exception {
    Run record =
        gateway("uninstall", "--home", home.toString(), "--record-install", user.toString());

    assertThat(record.exit).isEqualTo(ExitCodes.USAGE);
    assertThat(record.err).contains("--record-install takes install.sh's files, not " + user);
    assertThat(home.resolve(SetupLedger.FILE)).doesNotExist();
  }

  private static Path onlyFile(Path folder) throws IOException {
    try (Stream<Path> files = Files.list(folder)) {
      List<Path> all = files.toList();
      assertThat(all).hasSize(1);
      return all.get(0);
    }
  }

  private record Run(int exit, String out, String err) {}

  private Run gateway(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit =
        Main.run(
            new ArrayList<>(List.of(args)).toArray(String[]::new),
            new ByteArrayInputStream(new byte[0]),
            out,
            new PrintStream(err, true, StandardCharsets.UTF_8),
            Map.copyOf(env),
            new RunningApp(appJar.toString(), "Linux"));
    return new Run(
        exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }
}
