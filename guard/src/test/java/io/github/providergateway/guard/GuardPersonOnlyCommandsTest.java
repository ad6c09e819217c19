package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.shell;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardVerdict.Outcome;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 75, "only the person answers": the gateway's commands only the person may run ({@link
 * GatewayCommands#personOnly}: what lowers protection, {@code setup} in any form, {@code service
 * install}, the console, {@code attach}, the two that issue a token) and the ones only an agent's
 * own program runs (its hook, the MCP server) are {@code guard.self} from the agent's shell,
 * whatever launcher runs them; what anyone may run stays allowed under every launcher. One reading
 * for the guard and the CLI: the rows here are read by both.
 */
class GuardPersonOnlyCommandsTest {
  private static final Guard STANDARD = GuardFixture.guard(GuardPreset.STANDARD);

  /** Every launcher the gateway runs from, and what may stand before it. */
  private static final List<String> LAUNCHERS =
      List.of(
          "gateway",
          "./gateway",
          "~/.local/bin/gateway",
          "/home/ada/.local/bin/gateway",
          "$HOME/.local/bin/gateway",
          "provider-gateway",
          "../provider-gateway/gateway",
          "java -jar ~/.cache/provider-gateway/provider-gateway-0.9.1.jar",
          "java -Xmx256m -jar reference-app/target/provider-gateway.jar",
          "java -cp app.jar:lib/* io.github.providergateway.app.Main",
          "exec gateway",
          "nohup gateway",
          "setsid -f gateway",
          "env TAP_X=1 gateway",
          "timeout 30 ./gateway");

  /** The person's commands, each as the words after the launcher. */
  private static final List<String> PERSONS =
      List.of(
          "setup claude",
          "setup codex --project .",
          "setup",
          "--home /tmp/h setup gemini",
          "setup cursor --print",
          "service install",
          "--home /tmp/h service install",
          "",
          "--port 9401",
          "--config providers.json --watch",
          "--no-config",
          "attach",
          "--home /tmp/h attach",
          "mcp --print-config http --client x",
          "mcp --print-config=http",
          "hook --print-config claude",
          "hook --print-config=claude --client c",
          "stop",
          "guard off",
          "gates release ci-guard",
          "back",
          "--home /tmp/h back",
          "uninstall");

  /** What only an agent's own program runs: its hook and the MCP server. */
  private static final List<String> AGENTS_OWN =
      List.of(
          "hook claude",
          "hook codex",
          "hook gemini",
          "hook copilot",
          "hook cursor",
          "hook claude --home /tmp/h",
          "mcp",
          "mcp --home /tmp/h",
          "mcp --revoke cli");

  /** What anyone may run. */
  private static final List<String> ANYONE =
      List.of(
          "status",
          "--home /tmp/h status",
          "guard explain rm",
          "guard test",
          "doctor",
          "audit",
          "gates",
          "uninstall --list",
          "setup --list",
          "service status",
          "away",
          "away --for 3h",
          "--home /tmp/h away --until 17:30",
          "back --help",
          "--help",
          "-h",
          "--version",
          "setup --help",
          "setup claude -h",
          "stop --help",
          "attach --help",
          "service install --help",
          "mcp --help",
          "hook claude --help",
          "mcp --print-config claude",
          "mcp --print-config=vscode",
          "hook --print-config gemini",
          "--rpc",
          "--detached",
          "--home /tmp/h --detached --idle-exit-grace 30s",
          "mcp --class-data-training --home /tmp/training");

  private static Stream<Arguments> under(List<String> commands) {
    List<Arguments> out = new ArrayList<>();
    for (String launcher : LAUNCHERS) {
      for (String command : commands) {
        out.add(Arguments.of((launcher + " " + command).strip()));
      }
    }
    return out.stream();
  }

  static Stream<Arguments> persons() {
    return under(PERSONS);
  }

  static Stream<Arguments> agentsOwn() {
    return under(AGENTS_OWN);
  }

  static Stream<Arguments> anyone() {
    return under(ANYONE);
  }

  @ParameterizedTest
  @MethodSource("persons")
  void thePersonsCommandsAreTheGuardsOwnUnderEveryLauncher(String command) {
    denied(command);
  }

  @ParameterizedTest
  @MethodSource("agentsOwn")
  void theAgentsOwnHookAndWindowRunByHandAreTheGuardsOwn(String command) {
    denied(command);
  }

  @ParameterizedTest
  @MethodSource("anyone")
  void whatAnyoneMayRunStaysAllowedUnderEveryLauncher(String command) {
    GuardVerdict verdict = STANDARD.decide(shell(command));
    assertThat(verdict.outcome()).as(command + ": " + verdict.reason()).isEqualTo(Outcome.ALLOW);
  }

  /** The same commands in the shapes a shell hands them on: a child shell, a list, xargs. */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "bash -c 'gateway setup claude'",
        "sh -c \"./gateway service install\"",
        "cd ~ && ~/.local/bin/gateway attach",
        "(sleep 1; gateway) &",
        "echo setup | xargs gateway",
        "G=gateway; $G setup claude",
        "eval 'gateway mcp --print-config http'",
        "python3 -c \"import subprocess; subprocess.run(['gateway', 'setup', 'claude'])\"",
        "node -e \"require('child_process').execSync('gateway hook --print-config claude')\"",
        "echo '{}' | gateway hook claude",
        "gateway hook claude < /tmp/forged.json",
        "printf '%s' \"$input\" | ./gateway hook codex",
      })
  void thePersonsCommandsHandedOnAreTheGuardsOwn(String command) {
    GuardVerdict verdict = STANDARD.decide(shell(command));
    assertThat(verdict.outcome()).as(command + ": " + verdict.reason()).isEqualTo(Outcome.DENY);
  }

  /** The CLI's word-level list: what {@code GatewayCommands.personOnly} says of each. */
  @Test
  void theWordLevelReadingSaysWhichCommandAsThePersonReadsIt() {
    assertThat(GatewayCommands.personOnly(words("setup claude"))).contains("gateway setup");
    assertThat(GatewayCommands.personOnly(words("--home /h setup codex --remove")))
        .contains("gateway setup --remove");
    assertThat(GatewayCommands.personOnly(words("service install")))
        .contains("gateway service install");
    assertThat(GatewayCommands.personOnly(List.of())).contains("gateway (the console)");
    assertThat(GatewayCommands.personOnly(words("--port 9401 --watch")))
        .contains("gateway (the console)");
    assertThat(GatewayCommands.personOnly(words("attach"))).contains("gateway attach");
    assertThat(GatewayCommands.personOnly(words("mcp --print-config http")))
        .contains("gateway mcp --print-config http");
    assertThat(GatewayCommands.personOnly(words("hook --print-config=claude")))
        .contains("gateway hook --print-config claude");
    assertThat(GatewayCommands.personOnly(words("stop"))).contains("gateway stop");
    assertThat(GatewayCommands.personOnly(words("--home /h back"))).contains("gateway back");
    assertThat(GatewayCommands.loweringProtection(words("back"))).contains("gateway back");
    assertThat(GatewayCommands.personOnly(words("away --for 3h")))
        .as("it only makes the guard stricter")
        .isEmpty();
    assertThat(GatewayCommands.personOnly(words("--home /back away"))).isEmpty();
    assertThat(GatewayCommands.personOnly(words("uninstall --list"))).isEmpty();
    assertThat(GatewayCommands.personOnly(words("uninstall --record-install /d"))).isEmpty();
    assertThat(GatewayCommands.personOnly(words("stop --help"))).isEmpty();
    assertThat(GatewayCommands.personOnly(words("--rpc"))).isEmpty();
    assertThat(GatewayCommands.personOnly(words("--home /stop status"))).isEmpty();
    assertThat(GatewayCommands.personOnly(words("hook claude")))
        .as("the agent's own hook: the CLI runs it for the agent")
        .isEmpty();
    assertThat(GatewayCommands.personOnly(words("mcp"))).isEmpty();
    assertThat(GatewayCommands.loweringProtection(words("uninstall --list")))
        .as("the lowering list as it was")
        .contains("gateway uninstall");
  }

  private static List<String> words(String line) {
    return List.of(line.split(" "));
  }

  private static void denied(String command) {
    GuardVerdict verdict = STANDARD.decide(shell(command));
    assertThat(verdict.outcome()).as(command + ": " + verdict.reason()).isEqualTo(Outcome.DENY);
    assertThat(verdict.ruleId()).as(command).isEqualTo("guard.self");
  }
}
