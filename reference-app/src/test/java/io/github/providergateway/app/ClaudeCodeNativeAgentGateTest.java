package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The contract every agent meets ({@link AgentGateTests}) with Claude Code as its own installer
 * lays it out ({@link ClaudeCode#nativeIn}: {@code ~/.local/bin/claude}, the native build under
 * {@code ~/.local/share/claude/versions/}) rather than from npm (issue 77's version matrix); and
 * {@code gateway setup claude} and the doctor find it where the installer puts it, on a {@code
 * PATH} without npm's folders.
 */
@Tag(NpmAgent.TAG)
class ClaudeCodeNativeAgentGateTest extends ClaudeCodeAgentGateTest {

  @Override
  ClaudeCode claude() throws Exception {
    return ClaudeCode.nativeIn(claudeHome());
  }

  @Test
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
}
