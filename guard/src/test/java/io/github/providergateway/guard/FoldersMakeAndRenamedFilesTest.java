package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.guard;
import static io.github.providergateway.guard.GuardFixture.shell;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardVerdict.Outcome;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What the red team of the shell reading (issue 80, {@code issue80-redteam-wrappers/}, sections 4,
 * 13 and 14 of its report) ran past the reading, each read as bash runs it: a folder changed inside
 * {@code bash -c} or by a wrapper holds for that command only, and {@code popd} goes back to a
 * folder the reading may not know, and each wrapper's spelling of the folder (run0's, unshare's,
 * nsenter's, systemd-run's, getopt_long's beginnings of them) is read; a script written then
 * renamed, or written by {@code dd}, is the script run; {@code make}'s makefile named by any
 * spelling of its options, in {@code -C}'s folder, with recipes after {@code .RECIPEPREFIX}, and
 * the {@code $(shell …)} and {@code !=} it runs while reading the makefile. The same shapes in
 * ordinary work stay allowed.
 */
class FoldersMakeAndRenamedFilesTest {
  private final Guard standard = guard(GuardPreset.STANDARD);

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiterString = "=>",
      quoteCharacter = '\u0000',
      textBlock =
          """
          cd /home/ada && bash -c 'cd /tmp' && rm -rf ./* => DENY fs.delete-home
          cd /home/ada && env -C /tmp true && rm -rf ./* => DENY fs.delete-home
          cd /home/ada && env --chdir=/tmp pwd && find . -delete => DENY fs.delete-home
          cd /home/ada && bash -c 'cd /tmp && ls' && rm -rf ./* => DENY fs.delete-home
          cd /home/ada && env -C /tmp bash -c 'ls' && rm -rf ./* => DENY fs.delete-home
          cd /home/ada && pushd /tmp && popd && rm -rf ./* => ASK fs.delete-unresolved
          env --chd=/home rm -rf ada => DENY fs.delete-home
          run0 --chdir /home rm -rf ada => DENY fs.delete-home
          unshare -w /home rm -rf ada => DENY fs.delete-home
          nsenter -t 1 -a --wd=/home rm -rf ada => DENY fs.delete-home
          nsenter -t 1 -a -w rm -rf ada => ASK fs.delete-unresolved
          systemd-run --user --wait --working-directory=/home rm -rf ada => DENY fs.delete-home
          echo 'rm -rf ~' > /tmp/c.sh; mv /tmp/c.sh /tmp/d.sh; bash /tmp/d.sh => DENY fs.delete-home
          echo 'rm -rf ~' > /tmp/c.sh && cp /tmp/c.sh /tmp/bin/ && sh /tmp/bin/c.sh => DENY fs.delete-home
          printf 'rm -rf ~\\n' | dd of=/tmp/c.sh status=none; sh /tmp/c.sh => DENY fs.delete-home
          printf 'x:\\n\\trm -rf ~\\n' > /tmp/mk && make --file=/tmp/mk x => DENY fs.delete-home
          printf 'x:\\n\\trm -rf ~\\n' > /tmp/mk && make --fi /tmp/mk x => DENY fs.delete-home
          printf 'x:\\n\\trm -rf ~\\n' > /tmp/mk && make -sf/tmp/mk x => DENY fs.delete-home
          printf '.RECIPEPREFIX = >\\nx:\\n>rm -rf ~\\n' > Makefile && make x => DENY fs.delete-home
          make --eval='$(shell rm -rf ~)' -f /dev/null => DENY fs.delete-home
          make -E '$(shell rm -rf ~)' -f /dev/null => DENY fs.delete-home
          make --ev=$'x:\\n\\trm -rf ~' x => DENY fs.delete-home
          printf 'X := $(shell rm -rf ~)\\nall: ;@:\\n' > Makefile && make => DENY fs.delete-home
          printf 'X := ${shell rm -rf ~}\\nall: ;@:\\n' > Makefile && make => DENY fs.delete-home
          printf 'X != rm -rf ~\\nall: ;@:\\n' > Makefile && make => DENY fs.delete-home
          mkdir -p /tmp/b && printf 'x:\\n\\trm -rf ~\\n' > /tmp/b/Makefile && make -C /tmp/b x => DENY fs.delete-home
          mkdir -p /tmp/b && printf 'x:\\n\\trm -rf ~\\n' > /tmp/b/mk && make --directory=/tmp/b -f mk x => DENY fs.delete-home
          """)
  void readsItAsBashRunsIt(String command, String expected) {
    GuardVerdict verdict = standard.decide(shell(command));
    assertThat(verdict.outcome() + " " + verdict.ruleId())
        .as(command + ": " + verdict.reason())
        .isEqualTo(expected);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "env -C /tmp rm -rf ./*",
        "env -C /tmp bash -c 'rm -rf ./*'",
        "bash -c 'cd /tmp/build && rm -rf ./*'",
        "env -C build make",
        "env --chdir=build make",
        "unshare -r -w /tmp ls",
        "systemd-run --user --working-directory=/tmp rm -rf x",
        "pushd build && make && popd && ls",
        "echo 'echo hi' > /tmp/c.sh; mv /tmp/c.sh /tmp/d.sh; bash /tmp/d.sh",
        "printf 'echo ok\\n' | dd of=/tmp/c.sh status=none; sh /tmp/c.sh",
        "cp README.md /tmp/",
        "printf 'x:\\n\\techo hi\\n' > /tmp/mk && make --file=/tmp/mk x",
        "make --eval='V := $(shell git rev-parse HEAD)' -f /dev/null",
        "printf 'V := $(shell date)\\nall: ;@echo $(V)\\n' > Makefile && make",
        "printf '.RECIPEPREFIX = >\\nx:\\n>echo hi\\n' > Makefile && make x",
        "make -C build test",
        "make -j4 --directory=build"
      })
  void allowsTheSameShapesInOrdinaryWork(String command) {
    GuardVerdict verdict = standard.decide(shell(command));
    assertThat(verdict.outcome()).as(command + ": " + verdict.reason()).isEqualTo(Outcome.ALLOW);
  }
}
