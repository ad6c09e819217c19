package io.github.providergateway.provider.spi;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.protocol.SessionInfo;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Which session a Java provider that names none binds to (issue 34): the same rules as the Node
 * examples' session.mjs, so that every provider the project ships chooses alike; which folders a
 * session's project holds is ProjectScope's rule (issue 43). The user's home is /home/me.
 */
class SessionChoiceTest {

  private static final SessionInfo CONSOLE = new SessionInfo("s-1", "console", "/home/me", null);
  private static final SessionInfo CLAUDE =
      new SessionInfo("s-2", "claude-code", "/home/me/app", null);
  private static final SessionInfo COPILOT =
      new SessionInfo("s-3", "copilot", "/home/me/app2", null);
  private static final List<SessionInfo> ALL = List.of(CONSOLE, CLAUDE, COPILOT);

  private static final String USER_HOME = "/home/me";

  private static SessionChoice choose(List<SessionInfo> active, String wanted, String cwd) {
    return SessionChoice.choose(active, wanted, Path.of(cwd), USER_HOME);
  }

  /** The decoy of issue 47 (row 3): a front-door client named claude, in the agent's project. */
  private static final SessionInfo DECOY =
      new SessionInfo("s-9", "claude-code", "/home/me/app", null, "client");

  private static final SessionInfo AGENT =
      new SessionInfo("s-2", "claude-code", "/home/me/app", null, "agent");

  @Test
  void aClientsSessionIsNeverTakenForTheAgentsWhicheverStartedFirst() {
    assertThat(choose(List.of(DECOY, AGENT), null, "/home/me/app/src"))
        .isEqualTo(new SessionChoice("s-2", "its cwd /home/me/app holds this directory"));
    assertThat(choose(List.of(AGENT, DECOY), null, "/home/me/app/src").sessionId())
        .isEqualTo("s-2");
    assertThat(choose(List.of(DECOY, AGENT), "claude-code", "/").sessionId())
        .as("by label, the agent's alone")
        .isEqualTo("s-2");
    assertThat(choose(List.of(CONSOLE, DECOY), null, "/tmp").sessionId())
        .as("the only session that is not a client's")
        .isEqualTo("s-1");
  }

  @Test
  void withOnlyAClientsSessionItChoosesNoneAndWaitsUnlessTheIdNamesIt() {
    assertThat(choose(List.of(DECOY), null, "/home/me/app"))
        .satisfies(c -> assertThat(c.sessionId()).isNull())
        .satisfies(
            c ->
                assertThat(c.reason())
                    .contains("only front-door clients' sessions are active")
                    .contains("s-9 (claude-code, /home/me/app, a front-door client's)")
                    .contains("waiting for the agent's"));
    assertThat(choose(List.of(DECOY), "claude-code", "/").reason())
        .contains("no active session has the id or label claude-code but front-door clients'");
    assertThat(choose(List.of(DECOY), "s-9", "/").sessionId())
        .as("named by its id, a client's session is the provider's to take")
        .isEqualTo("s-9");
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
  void otherwiseTheSessionWhoseProjectHoldsTheWorkingDirectoryTheDeepest() {
    SessionInfo nested = new SessionInfo("s-5", "submodule agent", "/home/me/app/lib", null);
    assertThat(choose(ALL, null, "/home/me/app/src"))
        .isEqualTo(new SessionChoice("s-2", "its cwd /home/me/app holds this directory"));
    assertThat(choose(List.of(CLAUDE, nested), null, "/home/me/app/lib/x").sessionId())
        .isEqualTo("s-5");
    assertThat(choose(List.of(nested, CLAUDE), null, "/home/me/app/src").sessionId())
        .isEqualTo("s-2");
    assertThat(choose(List.of(CLAUDE, COPILOT), null, "/home/me/app2/src").sessionId())
        .as("/home/me/app does not hold /home/me/app2")
        .isEqualTo("s-3");
  }

  @Test
  void aSessionAtTheHomeOrAtTheRootHoldsOnlyItself() {
    SessionInfo root = new SessionInfo("s-6", "root", "/", null);
    assertThat(choose(ALL, null, "/home/me/docs").reason())
        .as("the console at ~ does not swallow ~/docs")
        .contains("3 sessions are active and none works in /home/me/docs");
    assertThat(choose(List.of(CONSOLE, root), null, "/tmp").sessionId()).isNull();
    assertThat(choose(ALL, null, "/home/me"))
        .isEqualTo(new SessionChoice("s-1", "its cwd /home/me holds this directory"));
    assertThat(choose(List.of(CONSOLE, root), null, "/").sessionId()).isEqualTo("s-6");
    assertThat(
            SessionChoice.choose(List.of(CONSOLE, CLAUDE), null, Path.of("/home/me/docs"), null)
                .sessionId())
        .as("a home not known: only / holds only itself")
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
