package io.github.providergateway.agent.guard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.guard.CallFlow;
import io.github.providergateway.guard.SessionPast;
import io.github.providergateway.loop.testing.ManualClock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What each session has seen, kept in the gateway (issue 65): bounded, never clean by accident (a
 * session forgotten for room, one the restart could not match, one opened while the kept file was
 * unreadable), kept in the home owner-only and read back after a restart.
 */
class SessionFlowsTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final CallFlow FETCH =
      new CallFlow("curl of https://x.example.org/", null, List.of(), Map.of());
  private static final Path PROJECT = Path.of("/code/shop");

  @TempDir Path temp;
  private final ManualClock clock = new ManualClock();

  private SessionFlows flows() {
    return new SessionFlows(
        clock, project -> Map.of("origin", "https://github.com/a/shop.git"), changed -> {});
  }

  private static JsonNode args(String text) {
    try {
      return JSON.readTree(text);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void aCallLetThroughIsKeptWithTheProjectsRemotesFromItsFirstCall() {
    SessionFlows flows = flows();
    flows.allowed("session:1", PROJECT, "shell", args("{\"command\":\"curl x\"}"), FETCH);

    SessionPast past = flows.past("session:1", PROJECT);

    assertThat(past.sawUntrusted()).isTrue();
    assertThat(past.lastUntrusted().at()).isEqualTo(clock.instant());
    assertThat(past.ownRemotes()).containsKey("origin");
  }

  @Test
  void aSessionForgottenForRoomComesBackUnknownNeverClean() {
    SessionFlows flows = flows();
    for (int i = 0; i <= SessionFlows.MAX_SESSIONS; i++) {
      flows.past("session:" + i, PROJECT);
    }

    assertThat(flows.views()).hasSize(SessionFlows.MAX_SESSIONS);
    assertThat(flows.past("session:0", PROJECT).unknown()).contains("forgot");
    assertThat(flows.past("session:new", PROJECT).unknown()).isNull();
  }

  @Test
  void aSessionWithoutAKeyTheGatewayCanKeepIsUnknown() {
    assertThat(flows().past(null, PROJECT).sawUntrusted()).isTrue();
    assertThat(SessionFlows.agentKey("CLAUDE", "x".repeat(257))).isNull();
  }

  @Test
  void afterARestartASessionGoesOnByItsIdByItsAgentOrByItsOnlyFolder() throws IOException {
    Path home = home();
    SessionFlows before = flows();
    before.allowed("session:old", PROJECT, "shell", args("{}"), FETCH);
    before.link("agent:CLAUDE:s-1", "session:old");
    before.allowed("session:other", Path.of("/code/blog"), "shell", args("{}"), FETCH);
    SessionFlowsFile.write(home, before);

    assertThat(Files.getPosixFilePermissions(home.resolve(SessionFlowsFile.NAME)))
        .isEqualTo(PosixFilePermissions.fromString("rw-------"));

    SessionFlowsFile.Kept kept = SessionFlowsFile.read(home);
    SessionFlows byAgent = flows();
    byAgent.restore(kept.sessions(), kept.links());
    byAgent.link("agent:CLAUDE:s-1", "session:renewed");
    assertThat(byAgent.past("session:renewed", PROJECT).sawUntrusted()).isTrue();

    SessionFlows byFolder = flows();
    byFolder.restore(kept.sessions(), kept.links());
    assertThat(byFolder.past("session:new-id", PROJECT).sawUntrusted()).isTrue();
    assertThat(byFolder.past("session:elsewhere", Path.of("/code/other")).sawUntrusted()).isFalse();
  }

  @Test
  void withNoGatewayTheHookJudgesByWhatTheLastOneKeptOfItsAgentSession() throws IOException {
    Path home = home();
    Map<String, String> remotes = Map.of("origin", "https://github.com/a/shop.git");
    assertThat(SessionFlowsFile.pastOf(home, null, remotes).unknown())
        .as("no file: the first call of the day, nothing was taken in")
        .isNull();

    SessionFlows before = flows();
    before.allowed("session:old", PROJECT, "shell", args("{}"), FETCH);
    before.link("agent:CLAUDE:s-1", "session:old");
    SessionFlowsFile.write(home, before);

    assertThat(SessionFlowsFile.pastOf(home, "agent:CLAUDE:s-1", remotes).sawUntrusted()).isTrue();
    assertThat(SessionFlowsFile.pastOf(home, "agent:CLAUDE:s-2", remotes).sawUntrusted())
        .as("a session the last gateway never saw")
        .isFalse();
    assertThat(SessionFlowsFile.pastOf(home, null, remotes).unknown()).isNotNull();
    Files.writeString(home.resolve(SessionFlowsFile.NAME), "{");
    assertThat(SessionFlowsFile.pastOf(home, "agent:CLAUDE:s-2", remotes).unknown())
        .contains("cannot be read");
  }

  @Test
  void twoSessionsOfOneFolderBeforeARestartMakeANewOneThereUnknown() {
    SessionFlows before = flows();
    before.past("session:a", PROJECT);
    before.past("session:b", PROJECT);
    SessionFlows after = flows();
    after.restore(before.views(), Map.of());

    assertThat(after.past("session:c", PROJECT).unknown()).contains("could not tell which");
  }

  @Test
  void anUnreadableFileMakesNewSessionsUnknownForAWhile() throws IOException {
    Path home = home();
    Files.writeString(home.resolve(SessionFlowsFile.NAME), "{not json");
    Files.setPosixFilePermissions(
        home.resolve(SessionFlowsFile.NAME), PosixFilePermissions.fromString("rw-------"));
    assertThatThrownBy(() -> SessionFlowsFile.read(home)).isInstanceOf(IOException.class);

    SessionFlows flows = flows();
    flows.unknownUntil(clock.instant().plus(Duration.ofMinutes(30)), "unreadable");
    assertThat(flows.past("session:1", PROJECT).unknown()).isEqualTo("unreadable");
    clock.advance(Duration.ofMinutes(31));
    assertThat(flows.past("session:2", PROJECT).unknown()).isNull();
  }

  @Test
  void aFileOthersCouldWriteOrTooLargeIsRefused() throws IOException {
    Path home = home();
    Path file = home.resolve(SessionFlowsFile.NAME);
    SessionFlowsFile.write(home, flows());
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-rw-rw-"));
    assertThatThrownBy(() -> SessionFlowsFile.read(home)).isInstanceOf(IOException.class);

    Files.write(file, new byte[SessionFlowsFile.MAX_BYTES + 1]);
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
    assertThatThrownBy(() -> SessionFlowsFile.read(home)).hasMessageContaining("larger");
  }

  @Test
  void theRemotesOfAProjectAreReadFromItsGitConfig() throws IOException {
    Path project = Files.createDirectories(temp.resolve("p/.git"));
    Files.writeString(
        project.resolve("config"),
        "[core]\n\tbare = false\n[remote \"origin\"]\n\turl = git@github.com:a/shop.git\n"
            + "\tfetch = +refs/heads/*:refs/remotes/origin/*\n[branch \"main\"]\n\tremote = origin\n");

    assertThat(GitRemotes.of(project.getParent()))
        .containsExactly(Map.entry("origin", "git@github.com:a/shop.git"));
    assertThat(GitRemotes.of(temp.resolve("none"))).isEmpty();
  }

  private Path home() throws IOException {
    return Files.createDirectory(
        temp.resolve("home"),
        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
  }
}
