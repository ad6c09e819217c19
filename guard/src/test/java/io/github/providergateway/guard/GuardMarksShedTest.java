package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.shell;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardVerdict.Outcome;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 75: the agents' marks are not shed. The gateway tells a process on an agent's side, once it
 * has left the agent's process tree, by the variables the agent sets on its tools' commands ({@link
 * AgentForms.Agent#environmentMarks}, {@link AgentForms#AI_AGENT}); a command that removes or
 * blanks one, or runs a gateway command or an agent with an environment of nobody's, is {@code
 * guard.self}. {@code env -i} and {@code unset} for ordinary work stay allowed.
 */
class GuardMarksShedTest {
  private static final Guard STANDARD = GuardFixture.guard(GuardPreset.STANDARD);

  @ParameterizedTest
  @ValueSource(
      strings = {
        "env -u CLAUDECODE gateway status",
        "env -u CLAUDECODE setsid -f sh -c 'sleep 1; gateway status > /tmp/s'",
        "env -uCLAUDECODE make",
        "env -i -u GEMINI_CLI sh s.sh",
        "env --unset=CODEX_THREAD_ID --unset CODEX_SESSION_ID nohup ./run.sh &",
        "env -u AI_AGENT -u CLAUDE_CODE_ENTRYPOINT bash",
        "unset CLAUDECODE",
        "unset CLAUDECODE; (setsid -f gateway status &)",
        "unset -v CODEX_THREAD_ID CODEX_SESSION_ID CODEX_TOOL_CALL_ID",
        "for v in ${!CLAUDE*}; do unset $v; done",
        "unset \"${!CODEX@}\"",
        "export -n GEMINI_CLI",
        "declare +x AI_AGENT",
        "export CLAUDECODE=",
        "export CLAUDECODE=''",
        "export CLAUDECODE= CLAUDE_CODE_ENTRYPOINT=",
        "CLAUDECODE= gateway status",
        "CLAUDECODE='' nohup sh s.sh &",
        "X=1 CODEX_TOOL_CALL_ID= ./tool",
        "cd /tmp && GEMINI_CLI= setsid -f ./run",
        "env CLAUDECODE= AI_AGENT= sh -c 'gateway status'",
        "env -i gateway status",
        "env -i PATH=$PATH ~/.local/bin/gateway status",
        "env - gateway status",
        "env --ignore-environment provider-gateway status",
        "env -i java -jar ~/.cache/provider-gateway/provider-gateway-0.9.1.jar status",
        "env -i HOME=/tmp/h claude -p x",
        "env -i npx @anthropic-ai/claude-code -p x",
        "env -i codex exec x",
        "exec env -i bash",
        "exec env -i PATH=/usr/bin make",
        "exec -c gateway status",
        "sudo -u ada gateway status",
        "su ada -c 'gateway status'",
        "tmux new -d 'gateway status > /tmp/s'",
        "tmux new-window 'gateway status'",
        "screen -dm gateway status",
        "systemd-run --user gateway status",
        "ssh localhost gateway status",
        "python3 -c \"import os,subprocess; os.environ.pop('CLAUDECODE'); subprocess.run(['gateway','status'])\"",
        "python3 -c \"import os; del os.environ['CLAUDECODE']; os.system('sh s.sh')\"",
        "python3 -c \"import os; os.unsetenv('GEMINI_CLI'); os.execvp('sh', ['sh','s.sh'])\"",
        "python3 -c \"import os,subprocess; e={k:v for k,v in os.environ.items() if not k.startswith('CLAUDE')}; subprocess.run(['sh','s.sh'], env=e)\"",
        "python3 -c \"import subprocess; subprocess.run(['gateway','status'], env={})\"",
        "python3 -c \"import subprocess; subprocess.run(['claude','-p','x'], env={'PATH': '/usr/bin'})\"",
        "node -e \"delete process.env.CLAUDECODE; require('child_process').execSync('sh s.sh')\"",
        "node -e \"process.env.CODEX_THREAD_ID = ''; require('child_process').spawn('sh', ['s.sh'])\"",
        "node -e \"require('child_process').spawnSync('gateway', ['status'], {env: {}})\"",
        "perl -e 'delete $ENV{CLAUDECODE}; exec \"sh\", \"s.sh\"'",
        "ruby -e 'ENV.delete(\"AI_AGENT\"); exec(\"sh s.sh\")'",
        "python3 -c \"import os; [os.environ.pop(k) for k in ['CLAUDECODE']]; os.system('sh s.sh')\"",
        "python3 -c \"import os\nfor k in ['CLAUDECODE', 'AI_AGENT']: del os.environ[k]\nos.system('sh s.sh')\"",
        "node -e \"for (const k of ['CLAUDECODE']) delete process.env[k]; require('child_process').execSync('sh s.sh')\"",
        "python3 -c \"import os\nfor k in ('CODEX_THREAD_ID',): os.environ.pop(k)\nos.system('sh s.sh')\"",
      })
  void aCommandThatShedsTheAgentsMarksIsTheGuardsOwn(String command) {
    GuardVerdict verdict = STANDARD.decide(shell(command));
    assertThat(verdict.outcome()).as(command + ": " + verdict.reason()).isEqualTo(Outcome.DENY);
    assertThat(verdict.ruleId()).as(command + ": " + verdict.reason()).isEqualTo("guard.self");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "env -i PATH=$PATH make",
        "env -i PATH=/usr/bin:/bin HOME=$HOME ./gradlew test",
        "env -i bash --noprofile --norc -c 'make check'",
        "env -u DISPLAY make test",
        "env -u NODE_OPTIONS npm test",
        "unset NODE_OPTIONS; npm test",
        "unset GOFLAGS",
        "export CI=",
        "NODE_ENV= npm run build",
        "echo $CLAUDECODE",
        "env | grep CLAUDECODE=",
        "printenv AI_AGENT",
        "tmux new -d 'npm run dev'",
        "tmux new-session -d -s dev 'npm run dev'",
        "screen -dmS build make",
        "systemd-run --user --scope make -j8",
        "ssh build-host make",
        "sudo apt-get install -y jq",
        "gateway status",
        "exec make test",
        "python3 -c \"import os; print(os.environ.get('CLAUDECODE'))\"",
        "python3 -c \"import subprocess; subprocess.run(['make'], env={'PATH': '/usr/bin'})\"",
        "node -e \"delete process.env.NODE_OPTIONS; require('child_process').execSync('npm test')\"",
        // Reading an agent's variables beside another read of the environment sheds nothing: Gemini
        // CLI's own launcher, run by an agent's nested start, reads them so.
        "node -e \"if (!process.env['GEMINI_CLI_NO_RELAUNCH'] && !process.env['SANDBOX']) console.log(1)\"",
        "python3 -c \"import os; home = os.environ.get('CODEX_HOME') or os.environ['HOME']; print(home)\"",
      })
  void ordinaryWorkWithTheEnvironmentStaysAllowed(String command) {
    GuardVerdict verdict = STANDARD.decide(shell(command));
    assertThat(verdict.outcome()).as(command + ": " + verdict.reason()).isEqualTo(Outcome.ALLOW);
  }
}
