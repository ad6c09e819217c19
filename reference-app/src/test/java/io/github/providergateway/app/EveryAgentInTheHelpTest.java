package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.agent.hook.AgentDialect;
import io.github.providergateway.agent.hook.AgentDialects;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every agent dialect is a command and is named where the help lists the agents (issue 63): the
 * picocli annotations that list them must be constants, so an agent added as a dialect but not to
 * those texts fails here rather than going unmentioned in {@code setup}, {@code doctor}, {@code
 * hook} and {@code mcp} help.
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

  private static String help(String... args) {
    AppRun run = AppRun.of(List.of(args), Map.of());
    assertThat(run.exit()).as("gateway %s: %s", String.join(" ", args), run.err()).isZero();
    return run.out();
  }
}
