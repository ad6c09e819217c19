package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.app.home.ExitCodes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The gateway's commands that lower protection refuse under a coding agent's process (issue 61):
 * which processes are agents ({@link AgentAncestry}), which commands lower protection ({@link
 * LoweringCommand}), and, on real processes, the launcher run by a program named {@code claude}
 * refused while the same command in a person's shell runs.
 */
@Tag("process")
class AgentAncestryTest {

  @TempDir Path dir;

  @Test
  void theAgentsAreKnownByTheirProgramOrTheirScript() {
    assertThat(AgentAncestry.agentIn("/home/u/.local/bin/claude", List.of("-p", "hi")))
        .contains("claude");
    assertThat(
            AgentAncestry.agentIn(
                "/x/node_modules/@anthropic-ai/claude-code/bin/claude.exe", List.of()))
        .contains("claude");
    assertThat(
            AgentAncestry.agentIn(
                "/usr/bin/node",
                List.of("--no-warnings", "/x/node_modules/@google/gemini-cli/dist/index.js")))
        .contains("gemini-cli");
    assertThat(
            AgentAncestry.agentIn(
                "/x/node_modules/@openai/codex-linux-x64/vendor/x86_64/codex/codex", List.of()))
        .contains("codex");
    assertThat(AgentAncestry.agentIn("/usr/bin/dash", List.of("/tmp/t/copilot", "gateway")))
        .contains("copilot");
    assertThat(AgentAncestry.agentIn("/usr/bin/bash", List.of("-c", "claude -p hi")))
        .as("a shell whose script mentions an agent is not the agent")
        .isEmpty();
    assertThat(AgentAncestry.agentIn("/usr/bin/grep", List.of("-r", "claude", "."))).isEmpty();
    assertThat(AgentAncestry.agentIn("/usr/lib/jvm/bin/java", List.of("-jar", "gateway.jar")))
        .isEmpty();
  }

  @Test
  void theCommandsThatLowerProtectionAreTheGuardsList() {
    assertThat(LoweringCommand.of(List.of("setup", "claude", "--remove")))
        .contains("gateway setup --remove");
    assertThat(LoweringCommand.of(List.of("--home", "/h", "uninstall")))
        .contains("gateway uninstall");
    assertThat(LoweringCommand.of(List.of("service", "uninstall")))
        .contains("gateway service uninstall");
    assertThat(LoweringCommand.of(List.of("hook", "--revoke", "claude")))
        .contains("gateway hook --revoke");
    assertThat(LoweringCommand.of(List.of("gates", "release", "ci-guard")))
        .contains("gateway gates release");
    assertThat(LoweringCommand.of(List.of("guard", "off"))).contains("gateway guard off");
    assertThat(LoweringCommand.of(List.of("stop"))).contains("gateway stop");

    for (List<String> reads :
        List.of(
            List.of("hook", "claude", "--home", "/h"), // the agent's own hook: every call runs it
            List.of("hook", "--print-config", "claude"),
            List.of("mcp", "--home", "/h"),
            List.of("setup", "claude"),
            List.of("setup", "--list"),
            List.of("uninstall", "--list"),
            List.of("uninstall", "--record-install", "/d/provider-gateway/1.2"),
            List.of("service", "status"),
            List.of("gates"),
            List.of("--home", "/stop", "status"))) {
      assertThat(LoweringCommand.of(reads)).as(String.join(" ", reads)).isEmpty();
    }
  }

  /**
   * On real processes: {@code gateway setup claude --remove} run by a program named {@code claude}
   * (a script, as an agent's shell would run it) is refused, exit 3, and changes nothing; run from
   * the test, as a person's terminal would, it runs.
   */
  @Test
  @Timeout(120)
  void setupRemoveUnderAnAgentIsRefusedAndInAPersonsShellRuns() throws Exception {
    Path launcher = StandInLauncher.write(dir);
    Path home = dir.resolve("gateway-home");
    Path agent = dir.resolve("claude");
    // Not exec: the agent stays the launcher's ancestor, as Claude Code stays its shell's.
    Files.writeString(agent, "#!/bin/sh\n\"$@\"\n");
    Files.setPosixFilePermissions(agent, PosixFilePermissions.fromString("rwx------"));
    List<String> remove =
        List.of(launcher.toString(), "setup", "claude", "--remove", "--home", home.toString());

    Interop.Ran underAgent =
        Interop.run(
            java.util.stream.Stream.concat(
                    java.util.stream.Stream.of(agent.toString()), remove.stream())
                .toList(),
            dir,
            Duration.ofSeconds(60));
    Interop.Ran byPerson = Interop.run(remove, dir, Duration.ofSeconds(60));

    assertThat(underAgent.exitCode()).as(underAgent.output()).isEqualTo(ExitCodes.REFUSED);
    assertThat(underAgent.output())
        .contains("gateway setup --remove: refused: it runs under claude (pid ")
        .contains("a terminal of your own");
    assertThat(byPerson.exitCode()).as(byPerson.output()).isZero();
    assertThat(byPerson.output()).contains("Nothing to take back");
  }
}
