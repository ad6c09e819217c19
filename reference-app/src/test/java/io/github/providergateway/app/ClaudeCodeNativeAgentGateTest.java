package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The contract every agent meets ({@link AgentGateTests}) with Claude Code as its own installer
 * lays it out ({@link ClaudeCode#nativeIn}: {@code ~/.local/bin/claude}, the native build under
 * {@code ~/.local/share/claude/versions/}) rather than from npm (issue 77's version matrix); and
 * {@code gateway setup claude} and the doctor find it where the installer puts it, on a {@code
 * PATH} without npm's folders.
 *
 * <p>Its difference is the binary and where it lies, so it runs what the binary reaches: its MCP
 * client (a tool behind a gate), its hook's deny, its hook with the gateway stopped and killed
 * ({@code "onFailure": "block"} in the native build), the first hour after {@code setup}, and setup
 * and the doctor finding it. The hook's other answers (an allow, a rewrite, a question, the guard's
 * ground) and a call while the guard starts are the gateway's side of the same hook call: {@link
 * ClaudeCodeAgentGateTest} runs them, and they are skipped here saying so.
 */
@Tag(NpmAgent.TAG)
class ClaudeCodeNativeAgentGateTest extends ClaudeCodeAgentGateTest {
  private static final String GATEWAYS_SIDE =
      "the gateway's side of the hook call the deny test makes: ClaudeCodeAgentGateTest runs it";

  @Override
  ClaudeCode claude() throws Exception {
    return ClaudeCode.nativeIn(claudeHome());
  }

  @Test
  @OwnHome
  void setupAndTheDoctorFindTheNativeInstallOnThePath() throws Exception {
    Map<String, String> person =
        Map.of(
            "HOME",
            claudeHome().toString(),
            "PATH",
            claudeHome().resolve(".local/bin") + ":/usr/sbin:/usr/bin:/sbin:/bin");

    String said = guarded.setup("claude", person);
    String doctor = guarded.doctor(person);

    assertThat(said).as(said).doesNotContain("not on the PATH");
    assertThat(doctor.lines().filter(line -> line.startsWith("claude")))
        .as(doctor)
        .singleElement()
        .asString()
        .contains(ClaudeCode.installedVersion());
  }

  @Test
  @Disabled(GATEWAYS_SIDE)
  @Override
  void anAllowedShellCallRunsAndTheGatewayDecidedIt() {}

  @Test
  @Disabled(GATEWAYS_SIDE)
  @Override
  void aRewrittenShellCallRunsNeitherWayAndTheModelIsTold() {}

  @Test
  @Disabled(GATEWAYS_SIDE)
  @Override
  void aGatesQuestionIsADenialThatNamesTheQuestion() {}

  @Test
  @Disabled(GATEWAYS_SIDE)
  @Override
  void theAgentCanNeitherTakeTheGuardAwayNorStartAnAgentUnguarded() {}

  @Test
  @Disabled(GATEWAYS_SIDE)
  @Override
  void aGatedCallAtStartDoesNotRunWhileTheConfiguredGuardIsStillStarting() {}
}
