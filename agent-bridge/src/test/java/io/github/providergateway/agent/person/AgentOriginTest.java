package io.github.providergateway.agent.person;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Where an agent whose hook calls came from (issue 75): the person, or another agent's command (a
 * nested agent), on a process table the test writes from what the real agents showed (Claude Code
 * 2.1.332, Codex 0.171.0, Gemini CLI 0.61.0): the hook runs under {@code sh -c} of the agent, the
 * agent's tools' commands carry its marks and its session's id.
 */
class AgentOriginTest {

  private static final class Table implements ProcessTable {
    final Map<Long, ProcessFacts> processes = new HashMap<>();

    Table add(long pid, long parent, String exe, List<String> args, Map<String, String> env) {
      processes.put(pid, new ProcessFacts(pid, parent, exe, args, env));
      return this;
    }

    Table add(long pid, long parent, String exe, List<String> args) {
      return add(pid, parent, exe, args, Map.of());
    }

    @Override
    public Optional<ProcessFacts> facts(long pid) {
      return Optional.ofNullable(processes.get(pid));
    }

    @Override
    public boolean readsEnvironments() {
      return true;
    }
  }

  private static final String CLAUDE = "/x/node_modules/@anthropic-ai/claude-code/bin/claude.exe";
  private static final String CODEX =
      "/x/node_modules/@openai/codex-linux-x64/vendor/x86_64-unknown-linux-musl/bin/codex";

  /** A person's terminal with Claude Code in it, and its hook: claude → sh -c → the script. */
  private static Table claudeInATerminal() {
    return new Table()
        .add(1, 0, "/usr/lib/systemd/systemd", List.of("/sbin/init"))
        .add(900, 1, "/usr/bin/bash", List.of("bash"))
        .add(1000, 900, CLAUDE, List.of("claude"))
        .add(1001, 1000, "/usr/bin/dash", List.of("/bin/sh", "-c", "gateway hook claude"));
  }

  @Test
  void anAgentThePersonStartedIsThePersons() {
    assertThat(AgentOrigin.of(1001, claudeInATerminal()).nested()).isFalse();
  }

  @Test
  void claudeStartedByClaudesShellIsNestedInThatSession() {
    Table table =
        claudeInATerminal()
            .add(
                1100,
                1000,
                "/usr/bin/bash",
                List.of("/bin/bash", "-c", "claude -p go"),
                Map.of("CLAUDECODE", "1", "CLAUDE_CODE_SESSION_ID", "outer-1"))
            .add(
                1101,
                1100,
                CLAUDE,
                List.of("claude", "-p", "go"),
                Map.of("CLAUDECODE", "1", "CLAUDE_CODE_SESSION_ID", "outer-1"))
            .add(1102, 1101, "/usr/bin/dash", List.of("/bin/sh", "-c", "gateway hook claude"));

    AgentOrigin origin = AgentOrigin.of(1102, table);

    assertThat(origin.nested()).isTrue();
    assertThat(origin.outerAgent()).isEqualTo("claude");
    assertThat(origin.outerSession()).isEqualTo("outer-1");
  }

  /** {@code setsid -f claude -p …}: re-parented to init, the marks stay in its environment. */
  @Test
  void aNestedAgentDetachedFromItsStarterKeepsItsMarks() {
    Table table =
        claudeInATerminal()
            .add(
                1201,
                1,
                CLAUDE,
                List.of("claude", "-p", "go"),
                Map.of("CLAUDECODE", "1", "CLAUDE_CODE_SESSION_ID", "outer-1"))
            .add(1202, 1201, "/usr/bin/dash", List.of("/bin/sh", "-c", "gateway hook claude"));

    AgentOrigin origin = AgentOrigin.of(1202, table);

    assertThat(origin.nested()).isTrue();
    assertThat(origin.outerSession()).isEqualTo("outer-1");
  }

  /** Codex started from Claude's shell: Claude's marks, Claude's session. */
  @Test
  void codexStartedByClaudeIsNestedInClaudesSession() {
    Map<String, String> claudes = Map.of("CLAUDECODE", "1", "CLAUDE_CODE_SESSION_ID", "outer-2");
    Table table =
        claudeInATerminal()
            .add(1300, 1000, "/usr/bin/node", List.of("node", "/x/.bin/codex", "exec"), claudes)
            .add(1301, 1300, CODEX, List.of("codex", "exec"), claudes)
            .add(1302, 1301, "/usr/bin/bash", List.of("bash", "-c", "gateway hook codex"));

    AgentOrigin origin = AgentOrigin.of(1302, table);

    assertThat(origin.nested()).isTrue();
    assertThat(origin.outerAgent()).isEqualTo("claude");
    assertThat(origin.outerSession()).isEqualTo("outer-2");
  }

  /** Its marks stripped, an agent still under another's program is nested, the session unknown. */
  @Test
  void anAgentUnderAnotherAgentsProgramWithItsMarksStrippedIsNestedOfAnUnknownSession() {
    Table table =
        claudeInATerminal()
            .add(1400, 1000, "/usr/bin/bash", List.of("bash", "-c", "env -i gemini -p go"))
            .add(
                1401, 1400, "/usr/bin/node", List.of("node", "/x/@google/gemini-cli/dist/index.js"))
            .add(1402, 1401, "/usr/bin/bash", List.of("bash", "-c", "gateway hook gemini"));

    AgentOrigin origin = AgentOrigin.of(1402, table);

    assertThat(origin.nested()).isTrue();
    assertThat(origin.outerAgent()).isEqualTo("claude");
    assertThat(origin.outerSession()).isNull();
  }

  /**
   * Gemini CLI relaunches itself (a node under a node of the same agent) and Codex runs under its
   * npm wrapper: an agent's own launcher is not another agent.
   */
  @Test
  void anAgentsOwnLauncherIsNotAnotherAgent() {
    Table gemini =
        new Table()
            .add(900, 1, "/usr/bin/bash", List.of("bash"))
            .add(1500, 900, "/usr/bin/node", List.of("node", "/x/.bin/gemini", "-p", "go"))
            .add(
                1501,
                1500,
                "/usr/bin/node",
                List.of("node", "--max-old-space-size=4096", "/x/@google/gemini-cli/dist/index.js"),
                Map.of("GEMINI_CLI_NO_RELAUNCH", "true"))
            .add(1502, 1501, "/usr/bin/bash", List.of("bash", "-c", "gateway hook gemini"));
    Table codex =
        new Table()
            .add(900, 1, "/usr/bin/bash", List.of("bash"))
            .add(1600, 900, "/usr/bin/node", List.of("node", "/x/node_modules/.bin/codex", "exec"))
            .add(1601, 1600, CODEX, List.of("codex", "exec"))
            .add(1602, 1601, "/usr/bin/bash", List.of("bash", "-c", "gateway hook codex"));

    assertThat(AgentOrigin.of(1502, gemini).nested()).isFalse();
    assertThat(AgentOrigin.of(1602, codex).nested()).isFalse();
  }

  @Test
  void aHookRunByNoAgentIsThePersons() {
    Table table =
        new Table()
            .add(900, 1, "/usr/bin/bash", List.of("bash"))
            .add(901, 900, "/usr/bin/dash", List.of("sh", "-c", "gateway hook claude"));

    assertThat(AgentOrigin.of(901, table).nested()).isFalse();
  }
}
