package io.github.providergateway.agent.person;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Which processes are on a coding agent's side (issue 75, decision 82), on a process table the test
 * writes: every form of every agent as an ancestor, and an agent's mark in the environment of a
 * process the agent no longer is an ancestor of (a double fork, {@code setsid}, {@code nohup}).
 */
class AgentSideTest {

  /** A process table of the test's making. */
  private static final class Table implements ProcessTable {
    final Map<Long, ProcessFacts> processes = new HashMap<>();

    Table add(long pid, long parent, String executable, List<String> arguments) {
      return add(pid, parent, executable, arguments, Map.of());
    }

    Table add(
        long pid, long parent, String executable, List<String> arguments, Map<String, String> env) {
      processes.put(pid, new ProcessFacts(pid, parent, executable, arguments, env));
      return this;
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

  /** The person's terminal: a login shell under a terminal emulator under init. */
  private static Table personsTerminal() {
    return new Table()
        .add(1, 0, "/usr/lib/systemd/systemd", List.of("/sbin/init"))
        .add(900, 1, "/usr/bin/gnome-terminal-server", List.of("gnome-terminal-server"))
        .add(901, 900, "/usr/bin/bash", List.of("bash"));
  }

  @Test
  void aPersonsTerminalIsOnNobodysSide() {
    Table table = personsTerminal().add(950, 901, "/usr/bin/java", List.of("java", "-jar", "g"));

    assertThat(AgentSide.of(950, table)).isEmpty();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          claude on the PATH | /home/u/.local/bin/claude | claude -p hi | claude
          Claude Code's npm binary | /x/node_modules/@anthropic-ai/claude-code/bin/claude.exe | /x/node_modules/.bin/claude -p go | claude
          Claude Code's native installer, named by its version | /home/u/.local/share/claude/versions/2.1.332 | 2.1.332 --settings /tmp/s.json -p hi | claude
          Claude Code's platform package | /x/node_modules/@anthropic-ai/claude-code-linux-x64/claude | claude | claude
          Codex's native binary | /x/node_modules/@openai/codex-linux-x64/vendor/x86_64-unknown-linux-musl/bin/codex | codex exec go | codex
          Codex's npm wrapper under node | /usr/bin/node | node /x/node_modules/.bin/codex exec go | codex
          Gemini CLI under node | /usr/bin/node | node --max-old-space-size=4096 /x/node_modules/@google/gemini-cli/dist/index.js | gemini
          Gemini CLI run by npx, from npm's cache | /usr/bin/node | node /home/u/.npm/_npx/4b0c/node_modules/@google/gemini-cli/dist/index.js -p hi | gemini
          npx itself, by its title | /usr/bin/node | npm exec @anthropic-ai/claude-code@2.1.332 --settings /tmp/s.json | claude
          npx run by node | /usr/bin/node | node /usr/lib/node_modules/npm/bin/npx-cli.js -y @openai/codex exec go | codex
          pnpm dlx's store | /usr/bin/node | node /home/u/.cache/pnpm/dlx/ab/node_modules/.pnpm/@google+gemini-cli@0.61.0/node_modules/@google/gemini-cli/dist/index.js | gemini
          Copilot CLI | /x/node_modules/@github/copilot-linux-x64/copilot | copilot | copilot
          Cursor's agent from its installer | /home/u/.local/share/cursor-agent/versions/2026.11.1/cursor-agent | cursor-agent | cursor
          an agent's script run by sh | /usr/bin/dash | sh /tmp/t/copilot gateway | copilot
          """)
  void everyFormOfEveryAgentAmongTheAncestorsPutsAProcessOnItsSide(
      String form, String executable, String commandLine, String agent) {
    Table table =
        personsTerminal()
            .add(1000, 901, executable, List.of(commandLine.split(" ")))
            .add(1001, 1000, "/usr/bin/bash", List.of("/bin/bash", "-c", "gateway stop"))
            .add(1002, 1001, "/usr/bin/java", List.of("java", "-jar", "gateway.jar", "stop"));

    Optional<AgentSide.Mark> mark = AgentSide.of(1002, table);

    assertThat(mark).as(form).map(AgentSide.Mark::agent).contains(agent);
    assertThat(mark.get().why())
        .isEqualTo("it runs under " + agent + " (pid 1000), a coding agent");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          a shell whose script mentions an agent | /usr/bin/bash | bash -c claude -p hi
          grep for an agent's name | /usr/bin/grep | grep -r claude .
          the gateway's own jar | /usr/lib/jvm/bin/java | java -jar gateway.jar
          a node program given an agent's name as an argument | /usr/bin/node | node server.js --name claude
          npx of another package | /usr/bin/node | npm exec prettier --write claude.md
          """)
  void whatOnlyNamesAnAgentIsNoAgent(String what, String executable, String commandLine) {
    Table table = personsTerminal().add(1000, 901, executable, List.of(commandLine.split(" ")));

    assertThat(AgentSide.of(1000, table)).as(what).isEmpty();
  }

  /**
   * {@code ( sh s.sh & )}, {@code setsid -f sh s.sh}, {@code nohup … &}: the agent's shell is gone
   * and the process is init's child, but what Claude Code set on every command its tools run is
   * still in its environment.
   */
  @Test
  void aProcessReparentedToInitIsOnTheAgentsSideByTheMarkInItsEnvironment() {
    Table table =
        personsTerminal()
            .add(
                2000,
                1,
                "/usr/bin/dash",
                List.of("sh", "s.sh"),
                Map.of("CLAUDECODE", "1", "CLAUDE_CODE_ENTRYPOINT", "sdk-cli"))
            .add(2001, 2000, "/usr/bin/java", List.of("java", "-jar", "g", "stop"));

    Optional<AgentSide.Mark> mark = AgentSide.of(2001, table);

    assertThat(mark).map(AgentSide.Mark::agent).contains("claude");
    assertThat(mark.get().why())
        .isEqualTo(
            "the environment of its parent (pid 2000) holds CLAUDECODE, which claude sets on what"
                + " its tools run");
  }

  @ParameterizedTest(name = "{0}={1}")
  @CsvSource({
    "CLAUDECODE, 1, claude",
    "GEMINI_CLI, 1, gemini",
    "CODEX_THREAD_ID, 019a, codex",
    "CODEX_SESSION_ID, 019a, codex",
    "AI_AGENT, claude-code_2-1-332_agent, claude-code"
  })
  void eachAgentsMarkInTheProcesssOwnEnvironment(String variable, String value, String agent) {
    Table table =
        personsTerminal().add(3000, 1, "/usr/bin/java", List.of("java"), Map.of(variable, value));

    Optional<AgentSide.Mark> mark = AgentSide.of(3000, table);

    assertThat(mark).map(AgentSide.Mark::agent).contains(agent);
    assertThat(mark.get().why()).startsWith("its environment holds " + variable);
  }

  @Test
  void anAgentProgramItselfIsOnItsOwnSide() {
    Table table =
        personsTerminal()
            .add(
                4000,
                901,
                "/x/node_modules/@anthropic-ai/claude-code/bin/claude.exe",
                List.of("claude"));

    assertThat(AgentSide.of(4000, table))
        .map(AgentSide.Mark::why)
        .contains("it is claude (pid 4000), a coding agent");
  }

  @Test
  void theNearestAgentAmongTheAncestorsWinsOverAMarkFurtherDown() {
    Table table =
        personsTerminal()
            .add(5000, 901, "/usr/local/bin/gemini", List.of("gemini"))
            .add(5001, 5000, "/usr/bin/bash", List.of("bash"), Map.of("GEMINI_CLI", "1"))
            .add(5002, 5001, "/usr/bin/java", List.of("java"), Map.of("GEMINI_CLI", "1"));

    assertThat(AgentSide.of(5002, table))
        .map(AgentSide.Mark::why)
        .contains("it runs under gemini (pid 5000), a coding agent");
  }

  @Test
  void aCycleOrAChainPastTheBoundEndsTheLook() {
    Table cycle =
        new Table()
            .add(7, 8, "/usr/bin/bash", List.of("bash"))
            .add(8, 7, "/usr/bin/bash", List.of("bash"));
    Table tall = new Table();
    for (long pid = 10_000; pid < 10_000 + 2 * AgentSide.MAX_DEPTH; pid++) {
      tall.add(pid, pid + 1, "/usr/bin/bash", List.of("bash"));
    }
    tall.add(10_000 + 2 * AgentSide.MAX_DEPTH, 0, "/usr/bin/claude", List.of("claude"));

    assertThat(AgentSide.of(7, cycle)).isEmpty();
    assertThat(AgentSide.of(10_000, tall)).as("beyond the bound").isEmpty();
  }
}
