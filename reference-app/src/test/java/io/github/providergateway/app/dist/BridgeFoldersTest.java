package io.github.providergateway.app.dist;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which of this user's {@code gateway-mcp-bridge.*} folders {@code gateway uninstall} takes (issue
 * 62): the bridge's own, by what it writes there and whether a bridge still uses it. The processes
 * running are a stand-in here, so that bridges other tests run on this machine change nothing.
 */
class BridgeFoldersTest {

  private static final Path SCRIPT = Path.of("src/main/sh/gateway-mcp-bridge.sh");

  @TempDir Path tmp;

  /** A machine where {@code running} runs and no bridge (or the one {@code bridge} names). */
  private static BridgeFolders.Processes running(Set<Long> running, OptionalLong bridge) {
    return new BridgeFolders.Processes() {
      @Override
      public boolean alive(long pid) {
        return running.contains(pid);
      }

      @Override
      public OptionalLong aBridge() {
        return bridge;
      }
    };
  }

  /**
   * Every file the script writes in its folder is one uninstall knows as the bridge's: else a
   * folder of a new file's bridge would be kept as holding "files no bridge writes".
   */
  @Test
  void everyFileTheScriptWritesInItsFolderIsKnownAsTheBridges() throws IOException {
    String script = Files.readString(SCRIPT);
    Matcher named = Pattern.compile("\\$tmp/([A-Za-z0-9._-]+)").matcher(script);
    Set<String> names = new TreeSet<>();
    while (named.find()) {
      String name = named.group(1);
      names.add(name.endsWith(".") ? name + "12" : name); // body.$2: the message's number
    }

    assertThat(names).contains("pid", "session.conf", "body.12").hasSizeGreaterThan(15);
    assertThat(names).allMatch(BridgeFolders::writtenByBridge, "the bridge's own");
    assertThat(BridgeFolders.writtenByBridge("thesis.tex")).isFalse();
  }

  @Test
  void aFolderGoesWhenNoneOfTheProcessesItRecordsRunsAndStaysWhileOneDoes() throws IOException {
    Path folder = Files.createDirectory(tmp.resolve("gateway-mcp-bridge.Ab12Cd"));
    Files.writeString(folder.resolve("pid"), "41\n42\n");

    assertThat(BridgeFolders.survey(tmp, running(Set.of(), OptionalLong.empty())))
        .containsExactly(Leftover.remove(folder));
    assertThat(BridgeFolders.survey(tmp, running(Set.of(42L), OptionalLong.empty())))
        .as("the stream's loop of a bridge killed alone, which removes the folder itself")
        .containsExactly(Leftover.keep(folder, "its bridge (pid 42) still runs"));
  }

  /**
   * A bridge before this one recorded no pid, and wrote the token into its folder's curl.conf: its
   * folder goes unless a bridge runs, which may be the one using it.
   */
  @Test
  void anOlderBridgesFolderWithoutPidsGoesUnlessABridgeRuns() throws IOException {
    Path folder = Files.createDirectory(tmp.resolve("gateway-mcp-bridge.Ef34Gh"));
    Files.writeString(folder.resolve("curl.conf"), "header = \"Authorization: Bearer mcp-x\"\n");

    assertThat(BridgeFolders.survey(tmp, running(Set.of(), OptionalLong.empty())))
        .containsExactly(Leftover.remove(folder));
    assertThat(BridgeFolders.survey(tmp, running(Set.of(7L), OptionalLong.of(7))))
        .containsExactly(
            Leftover.keep(
                folder,
                "an older bridge's, which records no pid, and a bridge runs (pid 7) that may be"
                    + " using it"));
  }

  @Test
  void aLinkOfTheBridgesNameIsKeptAndNotFollowed() throws IOException {
    Path elsewhere = Files.createDirectory(tmp.resolve("elsewhere"));
    Path link = Files.createSymbolicLink(tmp.resolve("gateway-mcp-bridge.Ij56Kl"), elsewhere);

    assertThat(BridgeFolders.survey(tmp, running(Set.of(), OptionalLong.empty())))
        .containsExactly(Leftover.keep(link, "a link, not a bridge's folder; not followed"));
  }

  @Test
  void theTemporaryFolderIsTmpdirWhenAbsoluteElseTmp() {
    assertThat(BridgeFolders.temporaryFolder(Map.of("TMPDIR", tmp.toString()))).isEqualTo(tmp);
    assertThat(BridgeFolders.temporaryFolder(Map.of("TMPDIR", "relative")))
        .isEqualTo(Path.of("/tmp"));
    assertThat(BridgeFolders.temporaryFolder(Map.of())).isEqualTo(Path.of("/tmp"));
  }
}
