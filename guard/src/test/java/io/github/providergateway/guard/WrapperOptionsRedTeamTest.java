package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.guard;
import static io.github.providergateway.guard.GuardFixture.shell;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardVerdict.Outcome;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The wrapper red team of issue 80 (src/test/first-runs/issue80-redteam-wrappers/, sections 1, 2,
 * 3, 7 and 12 of its report): a long option by a prefix getopt_long takes ({@code --targ}, {@code
 * --comm}, {@code --filt}), a value-taking option a row missed or a flag it took for one, a code
 * option spelt another way ({@code -eval-command}, {@code --execute}, {@code --session-command},
 * {@code -aqfec}), a command kept in an option of a runner read only after {@code --} ({@code mise
 * exec -c}, {@code doppler run --command}), a program a debugger or {@code su -s} runs, fish's
 * {@code --command=} and {@code -C}, {@code bash --rcfile}, shells by other names, {@code source}
 * of a descriptor. Each was allowed on b66c296f; each is denied, and the ordinary forms around them
 * are allowed.
 */
class WrapperOptionsRedTeamTest {
  private static final Guard STANDARD = guard(GuardPreset.STANDARD);

  @ParameterizedTest
  @ValueSource(
      strings = {
        "strace --columns 40 -f rm -rf ~",
        "nsenter --targ 1 -m -u -i -n -p rm -rf /home/user",
        "watch -q 1 -x rm -rf ~",
        "pnpm -r exec rm -rf ~",
        "pnpm --workspace-root exec rm -rf ~",
        "yarn --cwd . exec rm -rf ~",
        "uv --cache-dir /tmp/uvc run rm -rf ~",
        "pipenv --python 3.11 run rm -rf ~",
        "poetry -P . run rm -rf ~",
        "ip netns add rt0 && ip -all netns exec rm -rf /home/user",
        "su --comm 'rm -rf ~'",
        "su --session-command='rm -rf ~' root",
        "su -lc 'rm -rf ~'",
        "script -aqfec 'rm -rf ~' /tmp/s.log",
        "script --comm 'rm -rf ~' /tmp/s.log",
        "split --filt='rm -rf ~' <<< x",
        "gdb -batch -eval-command 'shell rm -rf ~'",
        "gdb -batch --eval 'shell rm -rf ~'",
        "emacs --batch --execute '(shell-command \"rm -rf ~\")'",
        "npm exec --call='rm -rf ~'",
        "npm --call 'rm -rf ~' exec",
        "su -s /bin/rm root -- -rf /home/user",
        "mise exec -c 'rm -rf ~'",
        "doppler run --command 'rm -rf ~'",
        "infisical run --command 'rm -rf ~'",
        "machinectl shell root@.host /bin/rm -rf /home/user",
        "gdb -batch -ex 'run -rf /home/user' /bin/rm",
        "lldb -b -o 'process launch -- -rf /home/user' /bin/rm",
        "bun exec 'rm -rf ~'",
        "fish --command='rm -rf ~'",
        "fish --comm 'rm -rf ~'",
        "fish -C 'rm -rf ~' -c true",
        "bash --rcfile <(echo 'rm -rf ~') -i </dev/null",
        "/usr/lib/klibc/bin/sh.shared -c 'rm -rf ~'",
        "bash-static -c 'rm -rf ~'",
        ". -- /dev/stdin <<< 'rm -rf ~'",
        "source /proc/self/fd/3 3<<<'rm -rf ~'"
      })
  void eachFormIsDenied(String command) {
    GuardVerdict verdict = STANDARD.decide(shell(command));
    assertThat(verdict.outcome()).as(command + " → " + verdict.reason()).isEqualTo(Outcome.DENY);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "strace -f -o /tmp/trace.txt python3 app.py",
        "strace --columns 40 -f ls",
        "nsenter --targ 1 -m ls /",
        "watch -n 5 kubectl get pods",
        "watch -q 1 -x ls",
        "pnpm exec vitest run",
        "pnpm -r exec vitest run",
        "yarn --cwd web exec vitest",
        "uv --cache-dir /tmp/uvc run pytest -q",
        "pipenv --python 3.11 run pytest",
        "poetry -P . run pytest",
        "ip -all netns exec ip link",
        "su - postgres -c 'pg_ctl status'",
        "su --comm 'pg_ctl status' postgres",
        "script -q -c 'ls -la' /dev/null",
        "script -aqfec 'ls -la' /tmp/s.log",
        "split --filt='gzip > $FILE.gz' -l 1000 data.csv",
        "gdb -batch -ex bt ./core_app core",
        "gdb -batch -ex run ./build/app",
        "lldb -b -o 'process launch -- --selftest' ./build/app",
        "emacs --batch --execute '(message \"hi\")'",
        "npm exec --call='eslint src' ",
        "mise exec -c 'npm test'",
        "mise exec node@20 -- node --version",
        "doppler run --command 'npm start'",
        "bun exec 'echo hi'",
        "fish -c 'echo hi'",
        "fish --command='ls -la'",
        "bash --rcfile <(echo 'echo hi') -i </dev/null",
        "bash-static -c 'echo hi'",
        ". -- ./env.sh",
        "source .venv/bin/activate",
        "source /proc/self/fd/3 3<<<'echo hi'"
      })
  void theOrdinaryFormsAreAllowed(String command) {
    GuardVerdict verdict = STANDARD.decide(shell(command));
    assertThat(verdict.outcome()).as(command + " → " + verdict.reason()).isEqualTo(Outcome.ALLOW);
  }
}
