package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.guard;
import static io.github.providergateway.guard.GuardFixture.shell;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardVerdict.Outcome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The red-team pass over the runners table's wrapper rows (decision 145), kept as it came out
 * (guard/src/test/first-runs/wrapper-redteam-at-352db026.txt): each wrapper's options as its manual
 * gives them (bundled, glued, a value the row did not know, an option after the skipped word,
 * {@code --}, a folder changed before a relative path), tried with {@code rm -rf ~}. Of 138
 * attempts 33 were allowed and 5 asked on 352db026; every one is denied now.
 */
class WrapperRedTeamTest {
  private static final Path RECORD = Path.of("src/test/first-runs/wrapper-redteam-at-352db026.txt");
  private static final Guard STANDARD = guard(GuardPreset.STANDARD);

  static Stream<String> attempts() throws IOException {
    return Files.readAllLines(RECORD).stream()
        .filter(line -> !line.startsWith("#") && !line.isBlank())
        .map(line -> line.substring(47));
  }

  @ParameterizedTest
  @MethodSource("attempts")
  void everyAttemptThroughAWrapperIsDenied(String command) {
    GuardVerdict verdict = STANDARD.decide(shell(command));
    assertThat(verdict.outcome()).as(command + " → " + verdict.reason()).isEqualTo(Outcome.DENY);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "setarch x86_64 uname -m",
        "setarch -R ./build/app --selftest",
        "flock /tmp/build.lock make -j4",
        "timeout 60 -- npm test",
        "env -C /tmp rm -rf build",
        "sudo -u root rm -rf ./build",
        "ltrace -l libc.so.6 ./build/app",
        "strace -A -o trace.txt ./build/app",
        "nsenter -t 1 -m -r ls /",
        "xvfb-run -w 3 npm run test:e2e"
      })
  void theSameWrappersAroundOrdinaryWorkAreAllowed(String command) {
    GuardVerdict verdict = STANDARD.decide(shell(command));
    assertThat(verdict.outcome()).as(command + " → " + verdict.reason()).isEqualTo(Outcome.ALLOW);
  }
}
