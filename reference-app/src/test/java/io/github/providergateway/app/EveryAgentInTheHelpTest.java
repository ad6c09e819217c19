package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.agent.hook.AgentDialect;
import io.github.providergateway.agent.hook.AgentDialects;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every agent dialect is a command, is named where the help lists the agents, and is a word the
 * command line takes (issue 63): the lists come from the dialects ({@code AgentNames}), so an agent
 * added as a dialect is in {@code setup}, {@code doctor}, {@code hook} and {@code mcp} help, and in
 * the "unknown agent" error for a word that names no agent, without a text changed by hand.
 */
class EveryAgentInTheHelpTest {

  static List<AgentDialect> dialects() {
    return AgentDialects.all();
  }

  @ParameterizedTest
  @MethodSource("dialects")
  void theAgentHasItsHookCommandWithItsOwnHelp(AgentDialect dialect) {
    String help = help("hook", dialect.id(), "--help");
    assertThat(help).startsWith("Usage: gateway hook " + dialect.id());
    assertThat(help).contains(dialect.hookHelp().description().get(0).substring(0, 30));
  }

  @ParameterizedTest
  @MethodSource("dialects")
  void theCommandsThatListAgentsNameIt(AgentDialect dialect) {
    for (String command : List.of("setup", "doctor", "hook", "mcp")) {
      assertThat(help(command, "--help")).as("gateway %s --help", command).contains(dialect.id());
    }
  }

  @ParameterizedTest
  @MethodSource("dialects")
  void theCommandLineTakesTheAgentByItsId(AgentDialect dialect) {
    AppRun printed = AppRun.of(List.of("mcp", "--print-config", dialect.id()), Map.of());
    assertThat(printed.exit()).as(printed.err()).isZero();
    assertThat(printed.out()).contains("provider-gateway");
  }

  @Test
  void aWordThatNamesNoAgentIsRefusedWithEveryAgentsId() {
    List<String> ids = AgentDialects.ids();
    String sentence =
        String.join(", ", ids.subList(0, ids.size() - 1)) + " or " + ids.get(ids.size() - 1);
    AppRun setup = AppRun.of(List.of("setup", "nosuch"), Map.of());
    assertThat(setup.exit()).isEqualTo(2);
    assertThat(setup.err())
        .startsWith("gateway setup: unknown agent 'nosuch'; it takes " + sentence + "\n");
    AppRun printed = AppRun.of(List.of("mcp", "--print-config", "nosuch"), Map.of());
    assertThat(printed.exit()).isEqualTo(2);
    assertThat(printed.err())
        .contains(
            "unknown agent or client 'nosuch'; it takes "
                + String.join(", ", ids)
                + ", vscode or http");
  }

  /**
   * Issue 77: {@code gateway setup cluade} got no "did you mean". A slip, or an agent's longer name
   * ({@code claude-code}), is met with the agent meant, in setup, hook and mcp; doctor and
   * uninstall, which take no agent, say they cover every one.
   */
  @Test
  void aMistypedAgentGetsTheAgentMeant() {
    AppRun cluade = AppRun.of(List.of("setup", "cluade"), Map.of());
    assertThat(cluade.exit()).isEqualTo(2);
    assertThat(cluade.err())
        .startsWith(
            "gateway setup: unknown agent 'cluade'; did you mean claude? It takes claude, copilot,"
                + " gemini, codex or cursor\n");
    assertThat(AppRun.of(List.of("setup", "claude-code"), Map.of()).err())
        .contains("unknown agent 'claude-code'; did you mean claude?");
    assertThat(AppRun.of(List.of("mcp", "--print-config", "vscod"), Map.of()).err())
        .contains("unknown agent or client 'vscod'; did you mean vscode?");
    assertThat(AppRun.of(List.of("hook", "cdex"), Map.of()).err())
        .contains("gateway hook: no command 'cdex'; did you mean codex? It takes claude, ");
    AppRun doctor = AppRun.of(List.of("doctor", "cluade"), Map.of());
    assertThat(doctor.exit()).isEqualTo(2);
    assertThat(doctor.err())
        .contains(
            "gateway doctor: 'cluade' is not one of its options or arguments: it takes no agent, it"
                + " covers every one (claude among them)");
    assertThat(AppRun.of(List.of("uninstall", "gemini"), Map.of()).err())
        .contains(
            "gateway uninstall: 'gemini' is not one of its options or arguments: it takes no agent");
  }

  private static String help(String... args) {
    AppRun run = AppRun.of(List.of(args), Map.of());
    assertThat(run.exit()).as("gateway %s: %s", String.join(" ", args), run.err()).isZero();
    return run.out();
  }
}
