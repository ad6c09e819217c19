package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.guard;
import static io.github.providergateway.guard.GuardFixture.shell;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardVerdict.Outcome;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Four readings round 62's first run found missing, each a door any trade's harm goes through: an
 * administration console given its commands on its input ({@code scontrol <<< 'update …'}, {@code
 * nsupdate}, {@code virsh}), a file inline code opens for writing ({@code open('/etc/hosts', 'w')},
 * {@code open(f,'w').close()} over a glob: emptied), and PowerShell's encoded command read by the
 * rule of machines restarted. Each was allowed on 1556de793.
 */
class InputConsolesAndInlineWritesTest {
  private static final Guard STANDARD = guard(GuardPreset.STANDARD);

  @ParameterizedTest
  @CsvSource(
      delimiterString = " => ",
      quoteCharacter = '`',
      value = {
        "sudo scontrol <<< 'update NodeName=hx-gpu[01-16] State=DOWN Reason=maint' => DENY",
        "printf 'destroy db1\\nundefine db1 --remove-all-storage\\n' | virsh -c qemu:///system => DENY",
        "nsupdate <<< 'update delete www.example.com A' => DENY",
        "python3 -c \"import glob; [open(f,'w').close() for f in glob.glob('/data/runs/*.cram')]\" => DENY",
        "python3 -c \"open('/home/user/thesis/chapter1.tex','w').close()\" => DENY",
        "python3 -c \"import os; os.truncate('/var/log/syslog', 0)\" => DENY",
        "node -e \"require('fs').writeFileSync('/etc/hosts','')\" => DENY",
        "python3 -c \"open('/etc/fstab','w').write('x')\" => ASK",
        "ssh admin@instrument-pc powershell -NoProfile -EncodedCommand UgBlAHMAdABhAHIAdAAtAEMAbwBtAHAAdQB0AGUAcgAgAC0ARgBvAHIAYwBlAA== => DENY",
        "pwsh -EncodedCommand UgBlAHMAdABhAHIAdAAtAEMAbwBtAHAAdQB0AGUAcgAgAC0ARgBvAHIAYwBlAA== => DENY",
        "go run ./cmd/posync --mode live --status EXPIRED --orders-file /tmp/po_ids.txt => ASK",
        "go run -race cmd/posync/main.go --env production --status EXPIRED => ASK"
      })
  void eachDoorIsRead(String command, Outcome expected) {
    GuardVerdict verdict = STANDARD.decide(shell(command));
    assertThat(verdict.outcome()).as(command + " → " + verdict.reason()).isEqualTo(expected);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "scontrol <<< 'show node hx-gpu01'",
        "echo list | virsh",
        "virsh list --all",
        "python3 -c \"open('out.txt','w').write(open('/etc/os-release').read())\"",
        "python3 -c \"open('/tmp/scratch.txt','w').close()\"",
        "python3 -c \"open('build/stamp','w').close()\"",
        "python3 -c \"print(open('/etc/hosts').read())\"",
        "ssh admin@instrument-pc powershell -NoProfile -EncodedCommand RwBlAHQALQBTAGUAcgB2AGkAYwBlAA==",
        "go run ./cmd/server --port 8080",
        "go run . --help",
        "go run ./cmd/seed --env dev"
      })
  void theirOrdinaryNeighboursAreAllowed(String command) {
    GuardVerdict verdict = STANDARD.decide(shell(command));
    assertThat(verdict.outcome()).as(command + " → " + verdict.reason()).isEqualTo(Outcome.ALLOW);
  }
}
