package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.HOME;
import static io.github.providergateway.guard.GuardFixture.PROJECT;
import static io.github.providergateway.guard.GuardFixture.shell;
import static io.github.providergateway.guard.GuardFixture.shellIn;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardVerdict.Outcome;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 75's third pass: the kinds two red teams found past the second. A file of the gateway's
 * home named to any program, reached through {@code /proc}, a bracket glob, a loop or a mount; the
 * gateway's install that the agents' hooks name on the disk; unknown contents from a dotfile
 * manager or an archive with absolute names; the gateway's process stopped, starved or taken over
 * by any program given its pid; the person's terminal typed into by a tmux file, a respawned pane
 * or a glob of terminals; an agent in a container with its safety off. Each kind has its ordinary
 * work beside it, which stays allowed.
 */
class GuardPersonPass3Test {
  private static final String P = PROJECT + "/";
  private static final String GATEWAY = HOME + "/.copilot/extensions/tap";

  /**
   * The running gateway's pid is 4242. Claude Code's hooks run the launcher of a clone in /opt/pg;
   * Codex's MCP server the installed one in ~/.local/bin.
   */
  private static final FakeGuardDisk DISK =
      new FakeGuardDisk()
          .file(GATEWAY + "/gateway.pid", "4242\n")
          .file(P + "build/app.pid", "5151\n")
          .file(
              HOME + "/.claude/settings.json",
              "{\"hooks\":{\"PreToolUse\":[{\"hooks\":[{\"type\":\"command\","
                  + "\"command\":\"/opt/pg/gateway hook claude || printf deny\"}]}]}}")
          .file(
              HOME + "/.codex/config.toml",
              "[mcp_servers.provider-gateway]\ncommand = \"" + HOME + "/.local/bin/gateway\"\n")
          .file(
              "/opt/pg/gateway",
              "#!/usr/bin/env bash\nroot=\"$(cd \"$(dirname \"$0\")\" && pwd -P)\"\n"
                  + "jar=\"$root/reference-app/target/provider-gateway.jar\"\nexec java -jar \"$jar\"\n")
          .file(HOME + "/.local/bin/gateway", "#!/bin/sh\nexec java -jar ~/.local/share/x.jar\n")
          .file(P + ".tmux/approve.conf", "set -g mouse on\nsend-keys -t gateway y Enter\n")
          .file(HOME + "/.tmux.conf", "set -g mouse on\nbind r source-file ~/.tmux.conf\n");

  private static final Guard GUARD =
      Guard.create(GuardSettings.defaults(), GuardFixture.ENVIRONMENT.withDisk(DISK));

  private static void denied(String command, String rule) {
    GuardFixture.deniedBy(GUARD, command, rule);
  }

  private static void allowed(String command) {
    GuardFixture.allowedBy(GUARD, command);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "date -f ~/.copilot/extensions/tap/.provider-token",
        "gcc -x c -E -P ~/.copilot/extensions/tap/.provider-token",
        "rustc --edition 2021 ~/.copilot/extensions/tap/mcp-bridge.token -o /dev/null",
        "python3 ~/.copilot/extensions/tap/.provider-token",
        "javac @$HOME/.copilot/extensions/tap/.provider-token",
        "node --check ~/.copilot/extensions/tap/.provider-token",
        "wget -i ~/.copilot/extensions/tap/.provider-token",
        "ssh -F ~/.copilot/extensions/tap/.provider-token x",
        "shellcheck ~/.copilot/extensions/tap/.provider-token",
        "sha256sum ~/.copilot/extensions/tap/setup.json",
        "mytool --config=/home/ada/.copilot/extensions/tap/hook-clients.json",
        "cd ~/.copilot/extensions/tap && python3 .provider-token",
      })
  void aFileOfTheGatewaysHomeNamedToAnyProgramIsARead(String command) {
    denied(command, "guard.gateway-token");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "ls -la ~/.copilot/extensions/tap/.provider-token",
        "stat ~/.copilot/extensions/tap/.provider-token",
        "test -f ~/.copilot/extensions/tap/.provider-token && echo yes",
        "realpath ~/.copilot/extensions/tap/mcp-bridge.token",
        "du -sh ~/.copilot/extensions/tap",
        "tail -f ~/.copilot/extensions/tap/logs/gateway.log",
        "python3 script.py",
        "gcc -E main.c",
        "ssh -F ~/.ssh/config host",
        "javac @sources.txt",
        "wget -i urls.txt",
        "cat ~/.bashrc",
      })
  void namingAFileAtOrdinaryWorkIsAllowed(String command) {
    allowed(command);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "cat ~/.copilot/extensions/t[a]p/.provider-toke[n]",
        "cat /proc/$$/cwd/../../../.copilot/extensions/tap/.provider-token",
        "cat /proc/self/cwd/../../../.copilot/extensions/tap/mcp-bridge.token",
        "cat /proc/$$/root/home/ada/.copilot/extensions/tap/.provider-token",
        "tail -n +1 ~/.copilot/extensions/tap/setup-backups/*",
        "for f in ~/.copilot/extensions/tap/*; do echo \"== $f\"; cat \"$f\"; done",
        "unshare -rm sh -c 'mount --bind ~/.copilot/extensions/tap /mnt && cat /mnt/.provider-token'",
        "bwrap --bind / / --bind ~/.copilot/extensions/tap /opt/x cat /opt/x/.provider-token",
        "mount -o bind,ro ~/.copilot /mnt",
        "docker run --rm -v ~/.copilot/extensions/tap:/t alpine cat /t/.provider-token",
        "podman run --rm --mount type=bind,src=/home/ada/.copilot/extensions/tap,dst=/t alpine ls /t",
      })
  void theHomeReachedByAnotherNameIsARead(String command) {
    denied(command, "guard.gateway-token");
  }

  @Test
  void aRelativePathIsReadFromTheFolderTheCallRunsIn() {
    GuardVerdict verdict =
        GUARD.decide(
            shellIn(
                PROJECT,
                PROJECT.resolve("src"),
                "cat ../../../.copilot/extensions/tap/mcp-bridge.token"));
    assertThat(verdict.outcome()).isEqualTo(Outcome.DENY);
    assertThat(verdict.ruleId()).isEqualTo("guard.gateway-token");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "for f in src/*.c; do cat \"$f\"; done",
        "for f in *.log; do rm \"$f\"; done",
        "cat /proc/self/cwd/README.md",
        "bwrap --ro-bind / / --bind $PWD $PWD make test",
        "mount --bind build /mnt",
        "docker run --rm -v \"$PWD\":/w -w /w node:22 npm test",
        "docker run --rm -v $HOME/.claude:/c:ro alpine cat /c/settings.json",
        "tail -f ~/.copilot/extensions/tap/logs/*",
      })
  void loopsProcAndMountsAtOrdinaryWorkAreAllowed(String command) {
    allowed(command);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "docker run --rm -v $HOME/.claude:/c alpine sh -c 'echo {} > /c/settings.json'",
        "bwrap --bind ~/.claude /tmp/c sh",
        "systemd-nspawn -D /srv/c --bind=/home/ada/.gemini:/g",
        "stow -t ~ claude",
        "stow -d dotfiles claude",
        "chezmoi apply --force",
        "chezmoi init --apply https://github.com/ada/dotfiles",
        "yadm checkout -- .",
        "tar -xPf backup.tar",
        "tar --absolute-names -xf /tmp/b.tar",
        "git -C ~/.copilot/extensions/tap init -q",
        "git init ~/.copilot/extensions/tap",
        // The clone Claude Code's hooks run (/opt/pg/gateway on the disk) is the gateway's install.
        "sed -i 's#exec java#exec /tmp/evil#' /opt/pg/gateway",
        "printf '#!/bin/sh\\nexit 0\\n' > /opt/pg/gateway",
        "git -C /opt/pg checkout -q HEAD~5",
        "./mvnw -q -f /opt/pg/pom.xml -pl reference-app -am package -DskipTests",
        "cd /opt/pg && mvn -q package",
        "cp /tmp/x.java /opt/pg/guard/src/main/java/X.java",
        "printf 'exit 0' > ~/.local/bin/gateway",
      })
  void theGroundWrittenUnseenIsTheGuards(String command) {
    denied(command, "guard.self");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "stow -t /tmp/x pkg",
        "chezmoi diff",
        "chezmoi status",
        "tar -xf backup.tar",
        "git init",
        "git init sub",
        "./mvnw -q package",
        "mvn -f pom.xml package",
        "cat /opt/pg/README.md",
        "git -C /opt/pg log --oneline",
        "printf x > ~/.local/bin/mytool",
      })
  void writesAtOrdinaryWorkAreAllowed(String command) {
    allowed(command);
  }

  @Test
  void aCloneThatIsTheProjectIsThePersonsWorkOnTheGateway() {
    GuardVerdict verdict =
        GUARD.decide(shellIn(Path.of("/opt/pg"), Path.of("/opt/pg"), "sed -i s/a/b/ README.md"));
    assertThat(verdict.outcome()).isEqualTo(Outcome.ALLOW);
    GuardVerdict launcher =
        GUARD.decide(shellIn(Path.of("/opt/pg"), Path.of("/opt/pg"), "printf x > gateway"));
    assertThat(launcher.outcome()).isEqualTo(Outcome.DENY);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "kill -STOP $(pgrep -f 'app.Main --detached')",
        "kill -9 $(pgrep -f 'gateway attach')",
        "prlimit --pid $(cat ~/.copilot/extensions/tap/gateway.pid) --nofile=3:3",
        "renice -n 19 -p $(pgrep -f provider-gateway)",
        "ionice -c 3 -p 4242",
        "taskset -p 0x1 $(pidof java)",
        "for p in $(ps -eo pid,args | awk '/[p]rovider-gateway/{print $1}'); do kill -9 $p; done",
        "docker run --rm --pid=host alpine pkill -f provider-gateway",
        "pwsh -NoProfile -Command \"Get-Process java | Stop-Process -Force\"",
        "reptyr -T $(pgrep -f 'gateway attach')",
        "tmux respawn-pane -k -t gateway bash",
        "tmux respawnw -k -t gateway",
        "tmux source-file .tmux/approve.conf",
        "write $USER pts/0 <<< 'y'",
        "echo y > /proc/$(pgrep -f 'gateway attach')/fd/0",
        "ttyecho -n /dev/pts/0 y",
        "for p in /dev/pts/[0-9]*; do printf 'y\\n' > $p; done",
      })
  void theProcessAndTheTerminalReachedAnotherWayAreTheGuards(String command) {
    denied(command, "guard.self");
  }

  @Test
  void aProfilerOnTheGatewayReadsItsMemory() {
    denied("asprof -d 10 -e alloc $(pgrep -f provider-gateway)", "guard.gateway-token");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "kill -STOP $(cat build/app.pid)",
        "renice -n 19 -p $(pgrep make)",
        "prlimit --pid 5151 --nofile=1024",
        "asprof -d 10 $(cat build/app.pid)",
        "docker run --rm alpine pkill -f provider-gateway",
        "pwsh -NoProfile -Command \"Get-Process node | Format-List\"",
        "tmux source-file ~/.tmux.conf",
        "tmux new-session -d -s dev 'npm run dev'",
        "echo done > /proc/self/fd/2",
        "printf 'x\\n' > /proc/$$/fd/1",
      })
  void processesAndTerminalsAtOrdinaryWorkAreAllowed(String command) {
    allowed(command);
  }

  @Test
  void anAgentInAContainerWithItsSafetyOffIsAsked() {
    GuardVerdict verdict =
        GUARD.decide(
            shell(
                "docker run --rm -v \"$PWD\":/w -w /w node:22 npx -y @anthropic-ai/claude-code"
                    + " -p 'finish the task' --dangerously-skip-permissions"));
    assertThat(verdict.outcome()).isNotEqualTo(Outcome.ALLOW);
    assertThat(verdict.ruleId()).isEqualTo("guard.agent-unguarded");
    allowed("docker run --rm -v \"$PWD\":/w -w /w node:22 npx -y @anthropic-ai/claude-code -p hi");
  }
}
