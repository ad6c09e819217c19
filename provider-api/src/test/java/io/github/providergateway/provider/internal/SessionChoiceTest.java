package io.github.providergateway.provider.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.protocol.SessionInfo;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Which session a Java provider that names none binds to (issue 34): the same rules as the Node
 * examples' session.mjs, so that every provider the project ships chooses alike.
 */
class SessionChoiceTest {

  private static final SessionInfo CONSOLE = new SessionInfo("s-1", "console", "/home/me", null);
  private static final SessionInfo CLAUDE =
      new SessionInfo("s-2", "claude-code", "/home/me/app", null);
  private static final SessionInfo COPILOT =
      new SessionInfo("s-3", "copilot", "/home/me/app2", null);
  private static final List<SessionInfo> ALL = List.of(CONSOLE, CLAUDE, COPILOT);

  private static SessionChoice choose(List<SessionInfo> active, String wanted, String cwd) {
    return SessionChoice.choose(active, wanted, Path.of(cwd));
  }

  @Test
  void aWantedSessionIsTakenByIdThenByLabel() {
    assertThat(choose(ALL, "s-3", "/"))
        .isEqualTo(new SessionChoice("s-3", "it is the session named s-3"));
    assertThat(choose(ALL, "claude-code", "/").sessionId()).isEqualTo("s-2");
  }

  @Test
  void aWantedSessionThatIsNoneOrTwoChoosesNoneAndSaysWhy() {
    assertThat(choose(ALL, "gemini", "/"))
        .satisfies(c -> assertThat(c.sessionId()).isNull())
        .satisfies(
            c ->
                assertThat(c.reason())
                    .contains("no active session has the id or label gemini")
                    .contains("s-1 (console, /home/me)"));
    assertThat(
            choose(
                    List.of(CLAUDE, new SessionInfo("s-4", "claude-code", "/x", null)),
                    "claude-code",
                    "/")
                .reason())
        .contains("2 sessions have the label claude-code");
  }

  @Test
  void otherwiseTheSessionWhoseCwdHoldsTheWorkingDirectoryTheLongest() {
    assertThat(choose(ALL, null, "/home/me/app/src"))
        .isEqualTo(new SessionChoice("s-2", "its cwd /home/me/app holds this directory"));
    assertThat(choose(ALL, null, "/home/me/docs").sessionId()).isEqualTo("s-1");
    assertThat(choose(List.of(CLAUDE, CONSOLE), null, "/home/me/app2").sessionId())
        .as("/home/me/app does not hold /home/me/app2")
        .isEqualTo("s-1");
  }

  @Test
  void twoSessionsInOneDirectoryAreNotGuessedBetween() {
    SessionChoice choice =
        choose(
            List.of(CLAUDE, new SessionInfo("s-4", "claude-code 2", "/home/me/app", null)),
            null,
            "/home/me/app");

    assertThat(choice.sessionId()).isNull();
    assertThat(choice.reason()).contains("2 sessions work in /home/me/app");
  }

  @Test
  void theOnlySessionIsTakenAndSeveralElsewhereChooseNone() {
    assertThat(choose(List.of(COPILOT), null, "/tmp"))
        .isEqualTo(new SessionChoice("s-3", "it is the only active session"));
    assertThat(choose(List.of(), null, "/tmp").sessionId()).isNull();
    assertThat(choose(List.of(CLAUDE, COPILOT), null, "/tmp").reason())
        .contains("2 sessions are active and none works in /tmp");
  }
}
