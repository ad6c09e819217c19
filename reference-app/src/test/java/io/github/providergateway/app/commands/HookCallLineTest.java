package io.github.providergateway.app.commands;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.agent.hook.AgentKind;
import io.github.providergateway.app.Main;
import io.github.providergateway.app.cli.ExitCodes;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gateway hook AGENT …} is parsed by its own command line (issue 76, decision 84): every
 * agent's hook call is one, and nothing else is; help and {@code --print-config} keep the whole
 * tree's words.
 */
class HookCallLineTest {

  @TempDir Path home;

  @Test
  void eachAgentsHookCallIsAHookCall() {
    for (AgentKind agent : AgentKind.values()) {
      assertThat(HookCallLine.agentOf(new String[] {"hook", agent.word(), "--timeout", "5s"}))
          .contains(agent);
    }
  }

  @Test
  void everyOtherCommandLineIsNot() {
    assertThat(HookCallLine.agentOf(new String[] {"hook"})).isEmpty();
    assertThat(HookCallLine.agentOf(new String[] {"hook", "aider"})).isEmpty();
    assertThat(HookCallLine.agentOf(new String[] {"hook", "--print-config", "claude"})).isEmpty();
    assertThat(HookCallLine.agentOf(new String[] {"hook", "claude", "--help"})).isEmpty();
    assertThat(HookCallLine.agentOf(new String[] {"hook", "claude", "-h"})).isEmpty();
    assertThat(HookCallLine.agentOf(new String[] {"stop", "claude"})).isEmpty();
    assertThat(HookCallLine.agentOf(new String[] {"--rpc", "hook", "claude"})).isEmpty();
  }

  @Test
  void aHookCallDecidesAsTheWholeTreeDid() {
    Run run =
        run(
            "{\"session_id\":\"s\",\"hook_event_name\":\"PreToolUse\",\"tool_name\":\"Bash\","
                + "\"tool_input\":{\"command\":\"rm -rf ~\"},\"cwd\":\"/tmp\"}",
            "hook",
            "claude",
            "--home",
            home.toString());

    assertThat(run.exit()).isEqualTo(ExitCodes.OK);
    assertThat(run.out()).contains("\"permissionDecision\":\"deny\"").contains("fs.delete-home");
  }

  @Test
  void theHooksOptionsAreReadWithoutPicocliInEitherSpelling() {
    String call =
        "{\"session_id\":\"s\",\"hook_event_name\":\"PreToolUse\",\"tool_name\":\"Bash\","
            + "\"tool_input\":{\"command\":\"rm -rf ~\"},\"cwd\":\"/tmp\"}";
    Run spaced =
        run(call, "hook", "claude", "--home", home.toString(), "--port", "9411", "--timeout", "5s");
    Run joined =
        run(
            call,
            "hook",
            "claude",
            "--home=" + home,
            "--connect-timeout=200ms",
            "--timeout=5s",
            "--port=9411");

    for (Run run : List.of(spaced, joined)) {
      assertThat(run.exit()).isEqualTo(ExitCodes.OK);
      assertThat(run.out()).contains("\"permissionDecision\":\"deny\"").contains("fs.delete-home");
    }
    // A bound that does not read is said, and the call still denied within the default bound.
    Run badBound = run(call, "hook", "claude", "--home", home.toString(), "--timeout", "soon");
    assertThat(badBound.err()).contains("gateway hook claude: ").contains("soon");
    assertThat(badBound.out()).contains("\"permissionDecision\":\"deny\"");
  }

  @Test
  void aLineTheHookDoesNotReadItselfGetsPicoclisWords() {
    Run twice = run("{}", "hook", "claude", "--home", home.toString(), "--home", home.toString());
    Run noValue = run("{}", "hook", "claude", "--timeout");
    Run notAPort = run("{}", "hook", "claude", "--port", "nine");
    Run positional = run("{}", "hook", "claude", "extra");

    for (Run run : List.of(twice, noValue, notAPort, positional)) {
      assertThat(run.exit()).as(run.err()).isEqualTo(ExitCodes.USAGE);
      assertThat(run.out()).isEmpty();
      assertThat(run.err()).contains("Try 'gateway hook claude --help'");
    }
    assertThat(twice.err()).contains("--home");
    assertThat(notAPort.err()).contains("nine");
  }

  @Test
  void aWrongOptionSaysWhichCommandsHelpToRead() {
    Run run = run("{}", "hook", "claude", "--home", home.toString(), "--bogus");

    assertThat(run.exit()).isEqualTo(ExitCodes.USAGE);
    assertThat(run.out()).isEmpty();
    assertThat(run.err()).contains("--bogus").contains("Try 'gateway hook claude --help'");
  }

  @Test
  void helpIsTheWholeTreesWithTheAgentsOwnWords() {
    Run run = run("", "hook", "gemini", "--help");

    assertThat(run.exit()).isEqualTo(ExitCodes.OK);
    assertThat(run.out())
        .contains("Usage: gateway hook gemini")
        .contains("Gemini CLI's BeforeTool command hook");
  }

  private Run run(String stdin, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit =
        Main.run(
            args,
            new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)),
            out,
            new PrintStream(err, true, StandardCharsets.UTF_8),
            Map.of("HOME", home.toString()));
    return new Run(
        exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  private record Run(int exit, String out, String err) {}
}
