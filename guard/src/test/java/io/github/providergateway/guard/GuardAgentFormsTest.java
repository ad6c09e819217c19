package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.HOME;
import static io.github.providergateway.guard.GuardFixture.PROJECT;
import static io.github.providergateway.guard.GuardFixture.shell;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardVerdict.Outcome;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 75: every form of every agent ({@link AgentForms}) is an agent for {@code
 * guard.agent-unguarded}. An agent started through a package runner, from its installer's version
 * folder, as an interpreter's script, renamed, copied or linked in the same call, or through a link
 * on the disk whose real path is an agent's, on other settings (the settings-path variables of
 * {@link AgentForms.Agent#settingsVariables}, Claude's and Codex's overrides in every spelling) is
 * asked as the agent by its name is; the same forms with the agent's usual settings stay allowed.
 */
class GuardAgentFormsTest {
  private static final Guard STANDARD = GuardFixture.guard(GuardPreset.STANDARD);
  private static final Guard PARANOID = GuardFixture.guard(GuardPreset.PARANOID);
  private static final String P = PROJECT + "/";

  private static final Guard ON_DISK =
      Guard.create(
          GuardSettings.defaults(),
          GuardFixture.ENVIRONMENT.withDisk(
              new FakeGuardDisk()
                  .link(P + "c", HOME + "/.local/share/claude/versions/2.1.332")
                  .link(P + "cx", "/usr/lib/node_modules/@openai/codex/bin/codex.js")
                  .link(P + "tools/g", "/opt/npm/lib/node_modules/@google/gemini-cli/dist/index.js")
                  .link(P + "lib", P + "src")));

  /** Each agent's forms, as the words that start it. */
  private static final List<String[]> FORMS =
      List.of(
          new String[] {"claude", "claude"},
          new String[] {"claude", "npx @anthropic-ai/claude-code"},
          new String[] {"claude", "npx -y @anthropic-ai/claude-code@2.1.332"},
          new String[] {"claude", "npx --yes @anthropic-ai/claude-code@latest"},
          new String[] {"claude", "npx -p @anthropic-ai/claude-code claude"},
          new String[] {"claude", "npx --package=@anthropic-ai/claude-code claude"},
          new String[] {"claude", "bunx @anthropic-ai/claude-code"},
          new String[] {"claude", "pnpm dlx @anthropic-ai/claude-code"},
          new String[] {"claude", "pnpx @anthropic-ai/claude-code"},
          new String[] {"claude", "yarn dlx @anthropic-ai/claude-code"},
          new String[] {"claude", "npm exec @anthropic-ai/claude-code --"},
          new String[] {"claude", "npm exec --yes -- @anthropic-ai/claude-code@2.1.0"},
          new String[] {"claude", "~/.local/share/claude/versions/2.1.332"},
          new String[] {"claude", "/home/ada/.local/share/claude/versions/2.1.332"},
          new String[] {"claude", "~/.claude/local/claude"},
          new String[] {
            "claude", "node ~/.npm-global/lib/node_modules/@anthropic-ai/claude-code/cli.js"
          },
          new String[] {
            "claude", "node --no-warnings /usr/lib/node_modules/@anthropic-ai/claude-code/cli.js"
          },
          new String[] {"claude", "bun ./node_modules/@anthropic-ai/claude-code/cli.js"},
          new String[] {"claude", "exec -a helper claude"},
          new String[] {"claude", "exec -a helper ~/.local/share/claude/versions/2.1.332"},
          new String[] {"claude", "claude.exe"},
          new String[] {"claude", "cp $(which claude) /tmp/c && /tmp/c"},
          new String[] {"codex", "npx @openai/codex"},
          new String[] {"codex", "npx @openai/codex@0.171.0"},
          new String[] {"codex", "node /usr/lib/node_modules/@openai/codex/bin/codex.js"},
          new String[] {"gemini", "npx @google/gemini-cli"},
          new String[] {"gemini", "bunx @google/gemini-cli@0.61.0"},
          new String[] {"gemini", "yarn dlx @google/gemini-cli"},
          new String[] {
            "cursor-agent", "~/.local/share/cursor-agent/versions/2025.11.25/cursor-agent"
          },
          new String[] {"copilot", "npx @github/copilot"});

  /** What starts each agent on other settings, after its form. */
  private static final List<String[]> UNGUARDED =
      List.of(
          new String[] {"claude", "--dangerously-skip-permissions -p x"},
          new String[] {"claude", "-p x --settings /tmp/s.json"},
          new String[] {"claude", "--setting-sources project -p x"},
          new String[] {"claude", "--mcp-config /tmp/m.json -p x"},
          new String[] {"claude", "--mcp-config=/tmp/m.json -p x"},
          new String[] {"claude", "--strict-mcp-config --mcp-config '{}' -p x"},
          new String[] {"claude", "--permission-prompt-tool mcp__evil__yes -p x"},
          new String[] {"claude", "--permission-prompt-tool=mcp__evil__yes -p x"},
          new String[] {"codex", "--yolo exec x"},
          new String[] {"codex", "exec -c features.hooks=false x"},
          new String[] {"codex", "exec -chooks=[] x"},
          new String[] {"codex", "exec -c=hooks.state={} x"},
          new String[] {"codex", "exec --config=features.hooks=false x"},
          new String[] {"codex", "exec --config 'features.hooks=false' x"},
          new String[] {"codex", "-c '\"sandbox_mode\"=\"danger-full-access\"' exec x"},
          new String[] {"codex", "-c approval_policy=never exec x"},
          new String[] {"codex", "-c shell_environment_policy.inherit=none exec x"},
          new String[] {"codex", "--disable hooks exec x"},
          new String[] {"codex", "--disable=hooks exec x"},
          new String[] {"codex", "--profile yolo exec x"},
          new String[] {"codex", "--profile=yolo exec x"},
          new String[] {"codex", "-p yolo exec x"},
          new String[] {"gemini", "--yolo -p x"},
          new String[] {"cursor-agent", "--force -p x"},
          new String[] {"copilot", "--allow-all-tools -p x"});

  /** The settings-path variables, each before an agent's start. */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "GEMINI_CLI_SYSTEM_SETTINGS_PATH=/tmp/s.json gemini -p x",
        "GEMINI_CLI_SYSTEM_DEFAULTS_PATH=/tmp/d.json gemini -p x",
        "GEMINI_CLI_TRUSTED_FOLDERS_PATH=/tmp/t.json npx @google/gemini-cli -p x",
        "export GEMINI_CLI_HOME=/tmp/g; gemini -p x",
        "ANTHROPIC_CONFIG_DIR=/tmp/a claude -p x",
        "CLAUDE_CONFIG_DIR=/tmp/c npx -y @anthropic-ai/claude-code -p x",
        "env CODEX_HOME=/tmp/x npx @openai/codex exec x",
        "COPILOT_HOME=/tmp/c npx @github/copilot -p x",
        "XDG_CONFIG_HOME=/tmp/x ~/.local/share/cursor-agent/versions/1/cursor-agent -p x",
        "OPENCODE_CONFIG=/tmp/o.json opencode run x",
        "HOME=/tmp/h ~/.local/share/claude/versions/2.1.332 -p x",
      })
  void theSettingsVariablesOfEveryAgentAreAsked(String command) {
    asked(STANDARD, command);
  }

  static Stream<Arguments> unguardedForms() {
    List<Arguments> out = new ArrayList<>();
    for (String[] form : FORMS) {
      for (String[] start : UNGUARDED) {
        if (form[0].equals(start[0])) {
          out.add(Arguments.of(form[1] + " " + start[1]));
        }
      }
    }
    return out.stream();
  }

  static Stream<Arguments> usualForms() {
    List<Arguments> out = new ArrayList<>();
    for (String[] form : FORMS) {
      for (String usual : List.of("--version", "--help", "-p 'summarize the diff'")) {
        if (!form[0].equals("codex") || !usual.startsWith("-p")) {
          out.add(Arguments.of(form[1] + " " + usual));
        }
      }
    }
    return out.stream();
  }

  @ParameterizedTest
  @MethodSource("unguardedForms")
  void everyFormOfEveryAgentOnOtherSettingsIsAsked(String command) {
    asked(STANDARD, command);
    GuardVerdict paranoid = PARANOID.decide(shell(command));
    assertThat(paranoid.outcome()).as(command + ": " + paranoid.reason()).isEqualTo(Outcome.DENY);
  }

  @ParameterizedTest
  @MethodSource("usualForms")
  void everyFormOfEveryAgentWithItsUsualSettingsIsAllowed(String command) {
    allowed(STANDARD, command);
  }

  /**
   * An agent linked or copied in the same call from a path the parse cannot read as it is (a tilde,
   * a lookup): the made program is asked as such, and as the agent it is.
   */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "ln -s ~/.local/bin/claude ./c && ./c --dangerously-skip-permissions -p x",
        "ln -s \"$(command -v claude)\" h && ./h --settings /tmp/s.json -p x",
        "cp ~/.local/bin/claude /tmp/x; /tmp/x --mcp-config /tmp/m.json -p x",
        "ln -sf \"$(which codex)\" ./helper && ./helper exec -c features.hooks=false x",
        "install -m 755 ~/.local/share/claude/versions/2.1.332 /tmp/c && /tmp/c --dangerously-skip-permissions",
      })
  void anAgentMadeInTheSameCallIsAskedAsTheAgent(String command) {
    GuardExplanation explained = STANDARD.explain(shell(command));
    assertThat(explained.verdict().outcome())
        .as(command + ": " + explained.verdict().reason())
        .isNotEqualTo(Outcome.ALLOW);
    assertThat(explained.matched())
        .as(command)
        .anySatisfy(line -> assertThat(line).startsWith("guard.agent-unguarded: ask"));
  }

  /** A link in the project whose real path is an agent's, judged on the disk. */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "./c --dangerously-skip-permissions -p x",
        "/home/ada/code/app/c --mcp-config /tmp/m.json -p x",
        "node ./cx --yolo exec x",
        "./cx exec -c features.hooks=false x",
        "node tools/g --yolo -p x",
      })
  void aLinkWhoseRealPathIsAnAgentsIsTheAgent(String command) {
    asked(ON_DISK, command);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "./c --version",
        "./c -p 'summarize the diff'",
        "node ./cx exec 'explain the failing test'",
        "./lib/run.sh --yolo",
        "node lib/server.js --settings x",
      })
  void aLinkToAnAgentWithItsUsualSettingsOrToSomethingElseIsAllowed(String command) {
    allowed(ON_DISK, command);
  }

  /** What only names an agent, or runs something else, is no agent start. */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "npx prettier --write .",
        "npx eslint . --fix",
        "npx tsc --noEmit -p web/tsconfig.json",
        "npx playwright test --project=chromium",
        "node scripts/claude-summary.js --settings config.json",
        "bash -c 'echo claude --yolo'",
        "grep -r 'claude --dangerously-skip-permissions' docs/",
        "codex -c model=o3 exec 'explain the failing test'",
        "codex exec -c 'model_reasoning_effort=\"high\"' 'fix it'",
        "claude -p 'use --mcp-config in the docs'",
        "claude mcp list",
        "claude --version",
        "codex --help",
        "gemini -p 'list the TODOs'",
        "CLAUDE_PROJECT=x claude -p 'fix it'",
        "npm exec -- prettier --check .",
        "cp ~/.local/bin/claude /tmp/claude-backup",
      })
  void whatIsNoAgentStartOnOtherSettingsIsAllowed(String command) {
    allowed(STANDARD, command);
  }

  private static void asked(Guard guard, String command) {
    GuardVerdict verdict = guard.decide(shell(command));
    assertThat(verdict.outcome()).as(command + ": " + verdict.reason()).isNotEqualTo(Outcome.ALLOW);
    assertThat(verdict.ruleId())
        .as(command + ": " + verdict.reason())
        .isEqualTo("guard.agent-unguarded");
  }

  private static void allowed(Guard guard, String command) {
    GuardVerdict verdict = guard.decide(shell(command));
    assertThat(verdict.outcome()).as(command + ": " + verdict.reason()).isEqualTo(Outcome.ALLOW);
  }
}
