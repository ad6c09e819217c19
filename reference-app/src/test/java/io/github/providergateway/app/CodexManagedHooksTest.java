package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real Codex CLI (0.169.0) takes the requirements.toml {@code gateway setup codex --managed
 * --write} writes (issue 66): its own app server lists the gateway's hooks as managed ({@code
 * "trustStatus": "managed"}, from the system), before and after every tool, and skips the user's
 * own hooks.json under {@code allow_managed_hooks_only}. Codex reads only {@code
 * /etc/codex/requirements.toml}, so the test's files are shown there through an overlay in a mount
 * namespace of Codex's own ({@link CodexCli#underEtc}): the machine's /etc is never written. Needs
 * root, {@code unshare} and overlayfs; skipped without them.
 */
@Tag(NpmAgent.TAG)
class CodexManagedHooksTest {

  @TempDir Path dir;

  @Test
  void codexListsTheGatewaysRequirementsHooksAsManagedAndSkipsTheUsersOwn() throws Exception {
    assumeTrue(EtcOverlay.available(), "needs root and unshare: a mount namespace of its own");
    CodexCli codex = CodexCli.installed();
    Path upper = Files.createDirectories(dir.resolve("upper"));
    Path work = Files.createDirectories(dir.resolve("work"));
    Path launcher = Files.createDirectories(dir.resolve("install/bin")).resolve("gateway");
    Files.writeString(launcher, "#!/bin/sh\nexit 0\n");
    launcher.toFile().setExecutable(true);
    Path home = Files.createDirectories(dir.resolve("home"));
    Path project = Files.createDirectories(dir.resolve("project"));
    CodexCli.writeHooks(home, "", "echo the user's own hook", 5);

    AppRun written =
        ManagedWrite.run(
            "codex", launcher, upper, dir.resolve("system"), Map.of("HOME", home.toString()));
    assertThat(written.exit()).as(written.err()).isZero();
    assertThat(upper.resolve("codex/requirements.toml")).exists();

    List<JsonNode> hooks = codex.underEtc(upper, work).hooks(project, home);

    assertThat(hooks)
        .as("Codex's hooks: %s", hooks)
        .filteredOn(h -> h.path("command").asText().contains(launcher + " hook codex"))
        .extracting(h -> h.path("eventName").asText() + " " + h.path("trustStatus").asText())
        .containsExactlyInAnyOrder("preToolUse managed", "postToolUse managed");
    assertThat(hooks)
        .as("the user's own hook, skipped under allow_managed_hooks_only")
        .noneMatch(h -> h.path("command").asText().contains("the user's own hook"));
  }
}
