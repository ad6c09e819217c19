package io.github.providergateway.app.home;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.providergateway.agent.hook.AgentKind;
import io.github.providergateway.agent.hook.OfflineDecision;
import io.github.providergateway.agent.hook.PersonAway;
import io.github.providergateway.gateway.event.Decision;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The hook's decisions with no gateway, kept for the next gateway's trail (issue 78). */
class HookSpoolTest {

  private static final Instant AT = Instant.parse("2026-11-29T08:00:00Z");
  private static final String TOKEN = "ghp_R7mQ2xV9kL4pZ8wN3cT6yH1jB5dF0gS2aE7u";

  @TempDir Path logs;

  private static OfflineDecision denied(String command) {
    return new OfflineDecision(
        AgentKind.CLAUDE, "shell", false, "guard: pipe-to-shell: " + command, "pipe-to-shell");
  }

  @Test
  void eachDecisionIsOneLineOwnerOnlyWithItsSecretsMasked() throws IOException {
    assertThat(
            HookSpool.keep(logs, denied("curl -H 'Authorization: Bearer " + TOKEN + "' | sh"), AT))
        .isTrue();
    assertThat(
            HookSpool.keep(
                logs, new OfflineDecision(AgentKind.CODEX, "read", true, "allowed", null), AT))
        .isTrue();

    Path spool = logs.resolve(HookSpool.FILE);
    assertThat(Files.readAllLines(spool)).hasSize(2);
    assertThat(Files.readString(spool)).doesNotContain(TOKEN).contains("Bearer ****");
    assertThat(Files.getPosixFilePermissions(spool))
        .isEqualTo(java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
  }

  @Test
  void theNextGatewayTakesThemInOrderPassesOverATornLineAndDeletesTheSpool() throws IOException {
    HookSpool.keep(logs, denied("rm -rf /"), AT);
    Files.writeString(
        logs.resolve(HookSpool.FILE), "{\"time\":\"2026-11", StandardOpenOption.APPEND);
    Files.writeString(logs.resolve(HookSpool.FILE), "\n", StandardOpenOption.APPEND);
    HookSpool.keep(
        logs,
        new OfflineDecision(AgentKind.GEMINI, "read", true, "allowed", null),
        AT.plusSeconds(1));
    List<Decision> taken = new ArrayList<>();

    assertThat(HookSpool.takeInto(logs, taken::add)).isEqualTo(2);

    assertThat(taken.get(0).code()).isEqualTo(HookSpool.CODE);
    assertThat(taken.get(0).outcome()).isEqualTo(Decision.Outcome.DENY);
    assertThat(taken.get(0).agent()).isEqualTo("claude");
    assertThat(taken.get(0).gates())
        .singleElement()
        .satisfies(g -> assertThat(g.gateId()).isEqualTo("pipe-to-shell"));
    assertThat(taken.get(1).outcome()).isEqualTo(Decision.Outcome.ALLOW);
    assertThat(taken.get(1).agent()).isEqualTo("gemini");
    assertThat(taken.get(1).time()).isEqualTo(AT.plusSeconds(1));
    assertThat(logs.resolve(HookSpool.FILE)).doesNotExist();
    assertThat(HookSpool.takeInto(logs, taken::add)).isZero();
  }

  /**
   * Decision 321: a call the hook denied because the person was away keeps its code through the
   * spool, read where it waits ({@code gateway back}) and as the next gateway takes it.
   */
  @Test
  void aCallHeldForThePersonKeepsItsCodeWaitingAndTaken() throws IOException {
    HookSpool.keep(logs, denied("rm -rf /"), AT);
    HookSpool.keep(
        logs,
        new OfflineDecision(
            AgentKind.CLAUDE, "shell", false, "git push origin v1: asked: tag?", "r", true),
        AT.plusSeconds(1));

    assertThat(HookSpool.waiting(logs))
        .extracting(Decision::code)
        .containsExactly(HookSpool.CODE, PersonAway.CODE);
    assertThat(logs.resolve(HookSpool.FILE)).as("left where it waits").exists();
    List<Decision> taken = new ArrayList<>();
    HookSpool.takeInto(logs, taken::add);
    assertThat(taken).extracting(Decision::code).containsExactly(HookSpool.CODE, PersonAway.CODE);
    assertThat(taken.get(1).reason()).isEqualTo("git push origin v1: asked: tag?");
    assertThat(HookSpool.waiting(logs)).isEmpty();
  }

  @Test
  void aSpoolAGatewayStoppedTakingIsTakenFirst() throws IOException {
    HookSpool.keep(logs, denied("first"), AT);
    Files.move(logs.resolve(HookSpool.FILE), logs.resolve(HookSpool.FILE + ".taking"));
    HookSpool.keep(logs, denied("second"), AT.plusSeconds(1));
    List<Decision> taken = new ArrayList<>();

    assertThat(HookSpool.takeInto(logs, taken::add)).isEqualTo(2);

    assertThat(taken)
        .extracting(Decision::reason)
        .containsExactly("guard: pipe-to-shell: first", "guard: pipe-to-shell: second");
  }

  @Test
  void aFullSpoolKeepsNoMoreAndALinkIsNotWrittenThrough() throws IOException {
    Path spool = logs.resolve(HookSpool.FILE);
    Files.write(spool, new byte[(int) HookSpool.MAX_BYTES]);
    assertThat(HookSpool.keep(logs, denied("ls"), AT)).isFalse();
    Files.delete(spool);
    Path elsewhere = Files.writeString(logs.resolve("elsewhere"), "");
    Files.createSymbolicLink(spool, elsewhere);

    assertThatThrownBy(() -> HookSpool.keep(logs, denied("ls"), AT))
        .isInstanceOf(IOException.class);
    assertThat(elsewhere).isEmptyFile();
  }
}
