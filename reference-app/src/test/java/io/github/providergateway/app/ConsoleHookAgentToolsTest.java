package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The console's {@code hook} takes the agents' own tool names (issue 62: {@code hook Bash
 * {"command":"rm -rf /"}} printed allow, while Claude Code's hook denies that call): {@code hook
 * AGENT TOOL {…}} maps the tool as that agent's hook does, so the guard of the console's own
 * gateway denies what it denies the agent, with its rule; a name of several agents that all read it
 * alike is mapped too; a word that is no agent is refused, naming the agents.
 */
class ConsoleHookAgentToolsTest {

  @TempDir Path home;

  @Test
  void anAgentsShellToolIsTheGatewaysShellAndTheGuardDeniesItWithItsRule() {
    try (ConsoleApp console = ConsoleApp.start(home)) {
      console.type("hook claude Bash {\"command\":\"rm -rf /\"}");
      assertThat(console.awaitLine("Claude Code's Bash is the gateway's shell")).isNotBlank();
      assertThat(console.awaitLine("deny: ")).startsWith("deny: guard: fs.delete-root: ");

      int before = console.lineCount();
      console.type("hook gemini run_shell_command {\"command\":\"rm -rf /\"}");
      assertThat(console.awaitLineAfter(before, "deny: "))
          .startsWith("deny: guard: fs.delete-root: ");

      // Codex's exec_command gives an argument list: its bash -lc script is the command.
      before = console.lineCount();
      console.type("hook codex exec_command {\"cmd\":[\"bash\",\"-lc\",\"rm -rf /\"]}");
      assertThat(console.awaitLineAfter(before, "deny: "))
          .startsWith("deny: guard: fs.delete-root: ");
    }
  }

  @Test
  void anOrdinaryCommandThroughAnAgentsToolIsAllowed() {
    try (ConsoleApp console = ConsoleApp.start(home)) {
      console.type("hook claude Bash {\"command\":\"ls\",\"description\":\"list\"}");
      console.awaitLine("Claude Code's Bash is the gateway's shell");
      String answer = console.awaitLine("allow");

      assertThat(answer).isEqualTo("allow");
      assertThat(console.text()).doesNotContain("deny");
    }
  }

  /** {@code Bash} alone: Claude Code's and Codex's shell, read alike, so no agent need be named. */
  @Test
  void anAgentsToolNamedWithoutItsAgentIsMappedWhenEveryAgentReadsItAlike() {
    try (ConsoleApp console = ConsoleApp.start(home)) {
      console.type("hook Bash {\"command\":\"rm -rf /\"}");

      assertThat(console.awaitLine("is the gateway's shell"))
          .contains("Claude Code's and Codex's Bash is the gateway's shell");
      assertThat(console.awaitLine("deny: ")).startsWith("deny: guard: fs.delete-root: ");
    }
  }

  @Test
  void aWordThatIsNoAgentIsRefusedNamingTheAgents() {
    try (ConsoleApp console = ConsoleApp.start(home)) {
      console.type("hook chatgpt Bash {\"command\":\"rm -rf /\"}");

      assertThat(console.awaitLine("error: "))
          .isEqualTo(
              "error: no agent 'chatgpt' (the agents: claude, copilot, gemini, codex, cursor);"
                  + " usage: hook [agent] <tool> [json args]");

      console.type("hook claude");
      assertThat(console.awaitLine("usage: hook claude"))
          .contains("Claude Code's own name")
          .contains("Bash, Edit, Glob");
    }
  }
}
