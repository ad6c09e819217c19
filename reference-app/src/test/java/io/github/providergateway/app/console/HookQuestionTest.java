package io.github.providergateway.app.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.providergateway.agent.hook.AgentKind;
import io.github.providergateway.agent.hook.GatewayToolCall;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * How the console's {@code hook} reads its words ({@link HookQuestion}): the forms it had keep
 * their meaning (the gateway's names, a provider's tool, a name no agent has), an agent's tool is
 * mapped as its hook maps it, once per file it names, and a name agents read differently is
 * refused, naming them.
 */
class HookQuestionTest {

  private static final String CWD = "/work/project";

  private static HookQuestion ask(String rest, List<String> sessionTools) {
    return HookQuestion.parse(rest, () -> sessionTools, HookQuestion.agentTools(), CWD);
  }

  @Test
  void theGatewaysOwnNamesAndNamesNoAgentHasAreAskedAsTyped() {
    HookQuestion read = ask("read", List.of()); // Copilot's read too: the gateway's name wins
    assertThat(read.wasMapped()).isFalse();
    assertThat(read.calls())
        .containsExactly(new GatewayToolCall("read", HostJson.NODES.objectNode()));

    HookQuestion typed = ask("shell {\"command\":\"git push\", \"timeout\": 5}", List.of());
    assertThat(typed.wasMapped()).isFalse();
    assertThat(typed.calls())
        .containsExactly(
            new GatewayToolCall(
                "shell", HostJson.CODEC.parseJson("{\"command\":\"git push\",\"timeout\":5}")));

    HookQuestion fetch = ask("WebFetch {\"url\":\"https://example.org\"}", List.of());
    assertThat(fetch.wasMapped()).isFalse();
    assertThat(fetch.calls().get(0).tool()).isEqualTo("WebFetch");
  }

  /** Copilot's {@code grep} is a read; a provider's tool of that name is the provider's. */
  @Test
  void aProvidersToolKeepsItsNameThoughAnAgentHasOneLikeIt() {
    HookQuestion providers = ask("grep {\"pattern\":\"x\"}", List.of("grep"));
    HookQuestion agents = ask("grep {\"pattern\":\"x\"}", List.of());

    assertThat(providers.wasMapped()).isFalse();
    assertThat(providers.calls().get(0).tool()).isEqualTo("grep");
    assertThat(agents.wasMapped()).isTrue();
    assertThat(agents.calls().get(0).tool()).isEqualTo("read");
  }

  @Test
  void anAgentsShellKeepsOnlyItsCommandAsItsHookDoes() {
    HookQuestion bash =
        ask(
            "claude Bash {\"command\":\"git push origin main\",\"description\":\"push\"}",
            List.of());

    assertThat(bash.mapping()).isEqualTo("Claude Code's Bash is the gateway's shell");
    assertThat(bash.calls())
        .containsExactly(
            new GatewayToolCall(
                "shell", HostJson.CODEC.parseJson("{\"command\":\"git push origin main\"}")));
  }

  /** As the hook decides such a call (docs/agents.md): once for each file, so .env is seen. */
  @Test
  void aCallThatNamesTwoFilesIsOneQuestionForEach() {
    HookQuestion notebook =
        ask(
            "claude NotebookEdit {\"notebook_path\":\"/p/.env\",\"file_path\":\"/p/ok.txt\"}",
            List.of());

    assertThat(notebook.calls()).extracting(GatewayToolCall::tool).containsExactly("edit", "edit");
    assertThat(notebook.calls())
        .extracting(call -> call.args().get("path").asText())
        .containsExactlyInAnyOrder("/p/.env", "/p/ok.txt");
  }

  @Test
  void aNameAgentsReadDifferentlyIsRefusedNamingThem() {
    Map<AgentKind, Map<String, String>> tables = new EnumMap<>(AgentKind.class);
    tables.put(AgentKind.CLAUDE, Map.of("Probe", "shell"));
    tables.put(AgentKind.GEMINI, Map.of("Probe", "read"));

    assertThatThrownBy(
            () -> HookQuestion.parse("Probe {\"command\":\"ls\"}", List::of, tables, CWD))
        .isInstanceOf(CommandFailed.class)
        .hasMessage(
            "'Probe' is a tool of Claude Code's and Gemini CLI's, read differently (read, shell):"
                + " name the agent, e.g. hook claude Probe {...}");
  }

  @Test
  void anAgentsShellWithoutACommandSaysSo() {
    assertThatThrownBy(() -> ask("gemini run_shell_command {}", List.of()))
        .isInstanceOf(CommandFailed.class)
        .hasMessage("Gemini CLI's run_shell_command: a shell call without a string 'command'");
  }
}
