package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.edit;
import static io.github.providergateway.guard.GuardFixture.guard;
import static io.github.providergateway.guard.GuardFixture.shell;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardVerdict.Outcome;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** An agent switching off what checks it: hook settings, the gateway's process, its home. */
class GuardSelfTest {
  private final Guard standard = guard(GuardPreset.STANDARD);

  @ParameterizedTest
  @ValueSource(
      strings = {
        "rm ~/.claude/settings.json",
        "cp /tmp/s.json /home/ada/.claude/settings.json",
        "sed -i s/hooks/x/ .claude/settings.local.json",
        "rm -rf ~/.claude",
        "tee ~/.gemini/settings.json",
        "mv ~/.copilot/config.json /tmp/",
        "truncate -s 0 ~/.codex/config.toml",
        "rm ~/.codex/hooks.json",
        "rm -rf ~/.copilot/extensions/tap",
        "rm -rf ~/.copilot",
        "touch ~/.copilot/extensions/tap/settings.json",
        "pkill -f provider-gateway",
        "killall java",
        "kill $(cat ~/.copilot/extensions/tap/gateway.pid)",
        "systemctl --user stop provider-gateway",
        "systemctl --user disable provider-gateway.service",
        "launchctl unload ~/Library/LaunchAgents/io.github.providergateway.gateway.plist",
        "./gateway stop",
        "gateway service uninstall",
        "gateway gates release",
        "gateway back",
        "~/.local/bin/gateway --home ~/.copilot/extensions/tap back",
        "gateway hook --revoke claude",
        "rm ~/.config/systemd/user/provider-gateway.service",
        "rm -rf ~/.copilot/extensions/t*",
      })
  void blocks(String command) {
    GuardVerdict verdict = standard.decide(shell(command));
    assertThat(verdict.ruleId()).as(command + ": " + verdict.reason()).isEqualTo("guard.self");
    assertThat(verdict.outcome()).isEqualTo(Outcome.DENY);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "cat ~/.claude/settings.json",
        "jq .hooks ~/.claude/settings.json",
        "systemctl --user status provider-gateway",
        "gateway status",
        "gateway away --for 3h",
        "kill 4242",
        "pkill -f webpack",
        "cd ~/code/provider-gateway && ls",
        "ls ~/.copilot/extensions/tap",
      })
  void allows(String command) {
    GuardVerdict verdict = standard.decide(shell(command));
    assertThat(verdict.outcome()).as(command + ": " + verdict.reason()).isEqualTo(Outcome.ALLOW);
  }

  @Test
  void theEditToolOnHookSettingsIsTheGuardItself() {
    assertThat(standard.decide(edit("/home/ada/.claude/settings.json")).ruleId())
        .isEqualTo("guard.self");
    assertThat(standard.decide(edit(".claude/settings.local.json")).ruleId())
        .isEqualTo("guard.self");
    assertThat(standard.decide(edit("~/.copilot/extensions/tap/guard.json")).ruleId())
        .isEqualTo("guard.self");
    assertThat(standard.decide(edit("~/.config/systemd/user/provider-gateway.service")).ruleId())
        .isEqualTo("guard.self");
    assertThat(
            standard
                .decide(edit("~/Library/LaunchAgents/io.github.providergateway.gateway.plist"))
                .ruleId())
        .isEqualTo("guard.self");
    assertThat(standard.decide(edit("src/settings.json")).allowed()).isTrue();
  }

  /**
   * Issue 61 (red team bp-276): the gateway's --config file, wherever it lives, names the
   * providers' commands and may hold their tokens: no agent changes or reads it, by any program.
   */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "cat /home/ada/conf/tap.config.json => guard.gateway-token",
        "base64 ~/conf/tap.config.json => guard.gateway-token",
        "echo '{}' > /home/ada/conf/tap.config.json => guard.self",
        "jq '.providers=[]' ~/conf/tap.config.json | sponge ~/conf/tap.config.json => guard.gateway-token",
        "rm ~/conf/tap.config.json => guard.self",
        "python3 -c \"open('/home/ada/conf/tap.config.json','w').write('{}')\" => guard.self",
      })
  void theGatewaysConfigFileElsewhereIsNeitherChangedNorRead(String line) {
    String[] parts = line.split(" => ");
    Guard guard =
        Guard.create(
            GuardSettings.defaults(),
            GuardFixture.ENVIRONMENT.withGatewayFile(Path.of("/home/ada/conf/tap.config.json")));

    GuardVerdict verdict = guard.decide(shell(parts[0]));
    GuardVerdict withoutIt = standard.decide(shell(parts[0]));

    assertThat(verdict.outcome()).as(parts[0] + ": " + verdict.reason()).isEqualTo(Outcome.DENY);
    assertThat(verdict.ruleId()).isEqualTo(parts[1]);
    assertThat(withoutIt.ruleId()).as("a file the gateway does not name is the person's").isNull();
  }

  @org.junit.jupiter.api.Test
  void theGatewaysConfigFileIsRefusedToTheFileToolsToo() {
    Guard guard =
        Guard.create(
            GuardSettings.defaults(),
            GuardFixture.ENVIRONMENT.withGatewayFile(Path.of("/home/ada/conf/tap.config.json")));

    assertThat(guard.decide(GuardFixture.read("/home/ada/conf/tap.config.json")).ruleId())
        .isEqualTo("guard.gateway-token");
    assertThat(guard.decide(edit("/home/ada/conf/tap.config.json")).ruleId())
        .isEqualTo("guard.self");
    assertThat(guard.decide(GuardFixture.read("/home/ada/conf/other.json")).allowed()).isTrue();
  }
}
