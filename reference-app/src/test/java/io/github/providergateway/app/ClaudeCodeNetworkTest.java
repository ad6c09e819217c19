package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 64's stricter network mode, end to end with the real Claude Code (the pinned binary,
 * offline against a scripted model), in a {@link NetworkScene}: a project script run through
 * Claude's Bash asks two loopback servers for a page, one at an address the home's policy lists
 * ({@code "network": "allowlist"}), one at an address it does not. With the sandbox {@code gateway
 * setup claude} writes, the listed server answers and the other never sees the request; without it,
 * both answer, so the test can fail. In the default open mode a headless run reaches neither.
 */
@Tag(NpmAgent.TAG)
@ExtendWith(SandboxLitter.class)
class ClaudeCodeNetworkTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path temp;
  private GuardedHome guarded;
  private ClaudeScriptRun script;
  private ClaudeCode claude;
  private Path claudeHome;
  private NetworkScene scene;

  @AfterEach
  void stop() throws Exception {
    if (script != null) {
      script.close();
    }
    if (scene != null) {
      scene.close();
    }
    if (guarded != null) {
      guarded.close();
    }
  }

  @Test
  void inTheAllowListModeOnlyTheListedServerIsReached() throws Exception {
    aHomeWhoseGuardSays(listingOnly(NetworkScene.LISTED));
    String said = guarded.setup("claude", Map.of("HOME", claudeHome.toString()));
    assertThat(said).contains("Claude Code's own sandbox is on");

    String output = runTheScript();

    assertThat(NetworkScene.listedStatus(output)).as(() -> describe(output)).hasValue("200");
    assertThat(scene.listedSaw()).as(() -> describe(output)).isPositive();
    // Refused by the sandbox's proxy, which says so to the model after the command's output.
    assertThat(NetworkScene.unlistedStatus(output)).as(() -> describe(output)).hasValue("403");
    assertThat(output)
        .as(() -> describe(output))
        .contains("deny network-outbound " + NetworkScene.UNLISTED + ":")
        .contains("(host is not on the allow list)");
    assertThat(scene.unlistedSaw()).as(() -> describe(output)).isZero();
  }

  /**
   * In the open mode Claude asks the person about a host off its list; {@code claude -p} has nobody
   * to ask, so every host beyond loopback is refused, the one the other test lists among them:
   * headless, the open mode is as strict as an empty list.
   */
  @Test
  void inTheOpenModeAPrintRunRefusesTheHostsItCannotAskAbout() throws Exception {
    aHomeWhoseGuardSays(JSON.createObjectNode());
    guarded.setup("claude", Map.of("HOME", claudeHome.toString()));

    String output = runTheScript();

    assertThat(NetworkScene.listedStatus(output)).as(() -> describe(output)).hasValue("403");
    assertThat(NetworkScene.unlistedStatus(output)).as(() -> describe(output)).hasValue("403");
    assertThat(output)
        .as(() -> describe(output))
        .contains("deny network-outbound " + NetworkScene.UNLISTED + ":")
        .contains("(user denied)");
    assertThat(scene.listedSaw() + scene.unlistedSaw()).as(() -> describe(output)).isZero();
  }

  @Test
  void withoutTheSandboxBothServersAreReached() throws Exception {
    aHomeWhoseGuardSays(listingOnly(NetworkScene.LISTED));
    guarded.setup("claude", Map.of("HOME", claudeHome.toString()), "--no-sandbox");

    String output = runTheScript();

    assertThat(NetworkScene.listedStatus(output)).as(() -> describe(output)).hasValue("200");
    assertThat(NetworkScene.unlistedStatus(output)).as(() -> describe(output)).hasValue("200");
    assertThat(scene.unlistedSaw()).as(() -> describe(output)).isPositive();
  }

  /**
   * {@return the guard's settings: {@code "sandbox": {"network": "allowlist"}} with {@code host}}
   */
  private static JsonNode listingOnly(String host) {
    ObjectNode sandbox = JSON.createObjectNode().put("network", "allowlist");
    sandbox.putArray("allowedDomains").add(host);
    return JSON.createObjectNode().set("sandbox", sandbox);
  }

  private void aHomeWhoseGuardSays(JsonNode settings) throws Exception {
    claude = ClaudeCode.installed();
    guarded = GuardedHome.start(temp, settings);
    claudeHome = Files.createDirectory(guarded.temp().resolve("claude-home"));
    scene = NetworkScene.set(guarded.project());
  }

  /** Runs the script through Claude's Bash; {@return what the script printed} */
  private String runTheScript() throws Exception {
    script =
        ClaudeScriptRun.run(claude, guarded, claudeHome, NetworkScene.COMMAND, NetworkScene.DONE);
    return script.output();
  }

  private String describe(String output) {
    return "the script printed:\n" + output + scene.describe() + "\n" + script.describe();
  }
}
