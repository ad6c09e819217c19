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
 * the "expected one of" error for a word that names no agent, without a text changed by hand.
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
    String ids = String.join(", ", AgentDialects.ids());
    AppRun setup = AppRun.of(List.of("setup", "nosuch"), Map.of());
    assertThat(setup.exit()).isEqualTo(2);
    assertThat(setup.err())
        .contains(
            "Invalid value for positional parameter at index 0 (AGENT): expected one of ["
                + ids
                + "] (case-sensitive) but was 'nosuch'");
    AppRun printed = AppRun.of(List.of("mcp", "--print-config", "nosuch"), Map.of());
    assertThat(printed.exit()).isEqualTo(2);
    assertThat(printed.err())
        .contains("expected one of [" + ids + ", vscode, http] (case-sensitive) but was 'nosuch'");
  }

  private static String help(String... args) {
    AppRun run = AppRun.of(List.of(args), Map.of());
    assertThat(run.exit()).as("gateway %s: %s", String.join(" ", args), run.err()).isZero();
    return run.out();
  }
}
