package io.github.providergateway.app.dist;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.app.AppJar;
import io.github.providergateway.app.Main;
import io.github.providergateway.app.UserFolders;
import io.github.providergateway.app.agents.SetupLedger;
import io.github.providergateway.app.service.ServiceCommand;
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

      assertThat(uninstall.exit).isEqualTo(Main.EXIT_START_FAILED);
      assertThat(uninstall.err).contains("a gateway runs for " + home, "Nothing else was removed");
    }
    assertThat(user.resolve(".claude/settings.json")).exists();
    assertThat(home.resolve(SetupLedger.FILE)).exists();
  }

  @Test
  void theLedgerTakesOnlyInstallShsFilesFromInstallSh() throws Exception {
    Run record =
        gateway("uninstall", "--home", home.toString(), "--record-install", user.toString());

    assertThat(record.exit).isEqualTo(Main.EXIT_USAGE);
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
            new ServiceCommand.RunningApp(appJar.toString(), "Linux"));
    return new Run(
        exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }
}
