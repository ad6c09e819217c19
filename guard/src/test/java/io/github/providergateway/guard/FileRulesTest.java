package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.guard;
import static io.github.providergateway.guard.GuardFixture.shell;
import static io.github.providergateway.guard.GuardFixture.shellIn;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardVerdict.Outcome;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Destructive file-system commands, decided under standard for a session in ~/code/app. */
class FileRulesTest {
  private final Guard standard = guard(GuardPreset.STANDARD);

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiterString = "=>",
      quoteCharacter = '\u0000',
      textBlock =
          """
          rm -rf / => fs.delete-root
          rm -rf /* => fs.delete-root
          rm -fr / => fs.delete-root
          rm --recursive --force / => fs.delete-root
          rm -r -f / => fs.delete-root
          rm -rf --no-preserve-root / => fs.delete-root
          rm -rf // => fs.delete-root
          rm -rf /./ => fs.delete-root
          rm -rf ../../../.. => fs.delete-root
          rm -rf ~ => fs.delete-home
          rm -rf ~/ => fs.delete-home
          rm -rf ~/* => fs.delete-home
          rm -rf $HOME => fs.delete-home
          rm -rf ${HOME} => fs.delete-home
          rm -rf /home/ada => fs.delete-home
          rm -rf /home => fs.delete-home
          rm -rf ../.. => fs.delete-home
          rm -rf /etc => fs.delete-system
          rm -rf /usr/lib => fs.delete-system
          rm -rf /var => fs.delete-system
          rm -rf ~/Documents => fs.delete-outside-project
          rm -rf ~/.cache => fs.delete-outside-project
          rm -rf "$(mktemp -d)/../.." => fs.delete-root
          rm -rf ../other => fs.delete-outside-project
          rm -rf /opt/tool/cache => fs.delete-outside-project
          rm -r ~/Downloads/old => fs.delete-outside-project
          rm -rf . => fs.delete-project
          rm -rf * => fs.delete-project
          rm -rf /home/ada/code/app => fs.delete-project
          rm -rf .git => git.remove-repo
          find / -name '*.log' -delete => fs.delete-root
          find ~ -type f -delete => fs.delete-home
          find /opt/data -exec rm {} + => fs.find-delete
          find ../other -delete => fs.find-delete
          echo ~ | xargs -I{} rm -rf {} => fs.delete-home
          ls | xargs -I{} rm -rf {} => fs.delete-outside-project
          dd if=/dev/zero of=/dev/sda bs=1M => fs.disk-write
          dd if=image.iso of=/dev/nvme0n1 => fs.disk-write
          mkfs.ext4 /dev/sdb1 => fs.mkfs
          mkfs -t ext4 /dev/sdb => fs.mkfs
          mkswap /dev/sda2 => fs.mkfs
          wipefs -a /dev/sda => fs.wipefs
          fdisk /dev/sda => fs.partition
          shred -u ~/notes.txt => fs.shred
          shred /dev/sda => fs.disk-write
          chmod -R 777 / => fs.permissions-system
          chown -R ada /usr => fs.permissions-system
          chmod -R 755 ~ => fs.permissions-system
          chmod -R 700 /opt/app => fs.chmod-recursive-outside
          chown -R nobody ../shared => fs.chown-recursive-outside
          chgrp -R staff /srv/www => fs.chown-recursive-outside
          truncate -s 0 ~/important.db => fs.truncate-outside
          truncate -s 0 /dev/sda => fs.disk-write
          mv / /tmp/x => fs.move-system
          mv ~ /tmp/gone => fs.move-system
          mv /etc /tmp/etc => fs.move-system
          rsync -a --delete ./ /opt/mirror/ => fs.rsync-delete
          rsync -a --delete empty/ ~/ => fs.delete-home
          rsync -av --delete-after src/ / => fs.delete-root
          crontab -r => fs.crontab-remove
          """)
  void blocks(String command, String rule) {
    GuardVerdict verdict = standard.decide(shell(command));
    assertThat(verdict.outcome()).as(command).isEqualTo(Outcome.DENY);
    assertThat(verdict.ruleId()).as(command).isEqualTo(rule);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "rm -rf ./build",
        "rm -rf build dist node_modules",
        "rm -rf ./build/*",
        "rm -rf target/classes",
        "rm -rf packages/web/node_modules",
        "rm -rf src/old",
        "rm -rf /tmp/x",
        "rm -rf /tmp/build-123/*",
        "rm -rf /var/tmp/cache",
        "rm -rf ~/.cache/pip",
        "rm -rf $(mktemp -d)",
        "rm -rf \"$TMPDIR/x\"",
        "rm -f notes.txt",
        "rm *.o",
        "rm -rf /home/ada/code/app/dist",
        "find . -name '*.pyc' -delete",
        "find build -type f -exec rm {} +",
        "find / -name '*.log'",
        "dd if=/dev/urandom of=./random.bin bs=1k count=1",
        "dd if=/dev/zero of=/dev/null",
        "echo AT > /dev/ttyUSB0",
        "printf 'reset\\r' > /dev/ttyACM0",
        "cat firmware.hex > /dev/cu.usbmodem1421",
        "mkfs.ext4 ./disk.img",
        "wipefs /dev/sda",
        "fdisk -l",
        "parted /dev/sda print",
        "shred -u ./secret.tmp",
        "shred /tmp/x",
        "chmod -R 755 ./scripts",
        "chmod +x ./gradlew",
        "chmod 600 ~/.ssh/config",
        "chown -R ada ./data",
        "truncate -s 0 ./app.log",
        "mv ./a ./b",
        "mv ~/Downloads/report.pdf ./docs/",
        "rsync -a --delete ./src/ ./backup/",
        "rsync -a --delete ./dist/ deploy@host:/srv/www/",
        "rsync -a ./ /opt/mirror/",
        "crontab -l",
        "ls -la /",
        "echo rm -rf /",
        "export NODE_OPTIONS= && npm test",
        "local out=",
        "git commit -m 'rm -rf /'",
      })
  void allows(String command) {
    GuardVerdict verdict = standard.decide(shell(command));
    assertThat(verdict.outcome()).as(command + ": " + verdict.reason()).isEqualTo(Outcome.ALLOW);
  }

  @Test
  void theReasonNamesTheRuleWhatWasFoundAndWhy() {
    GuardVerdict verdict = standard.decide(shell("rm -rf /"));
    assertThat(verdict.reason())
        .isEqualTo("fs.delete-root: `rm -rf /` deletes the root filesystem");
  }

  @Test
  void insideTheProjectIsTheSessionsProjectNeverTheReportedFolder() {
    // The agent says it runs in /: that makes nothing of / the project.
    GuardVerdict verdict = standard.decide(shellIn(GuardFixture.PROJECT, Path.of("/"), "rm -rf *"));
    assertThat(verdict.ruleId()).isEqualTo("fs.delete-root");
    GuardVerdict etc =
        standard.decide(shellIn(GuardFixture.PROJECT, Path.of("/etc"), "rm -rf nginx"));
    assertThat(etc.ruleId()).isEqualTo("fs.delete-outside-project");
  }

  @Test
  void aCdInTheCommandMovesWhereRelativePathsPoint() {
    assertThat(standard.decide(shell("cd / && rm -rf *")).ruleId()).isEqualTo("fs.delete-root");
    assertThat(standard.decide(shell("cd ~ ; rm -rf *")).ruleId()).isEqualTo("fs.delete-home");
    assertThat(standard.decide(shell("cd build && rm -rf *")).outcome()).isEqualTo(Outcome.ALLOW);
  }

  @Test
  void withNoSessionNothingIsInsideTheProject() {
    GuardCall call = shellIn(null, GuardFixture.PROJECT, "rm -rf ./build");
    GuardVerdict verdict = standard.decide(call);
    assertThat(verdict.outcome()).isEqualTo(Outcome.DENY);
    assertThat(verdict.ruleId()).isEqualTo("fs.delete-outside-project");
    assertThat(standard.decide(shellIn(null, GuardFixture.PROJECT, "rm -rf /tmp/x")).allowed())
        .isTrue();
  }

  @Test
  void aRelativePathWithNoReportedFolderCannotBeResolvedAndAsks() {
    GuardVerdict verdict = standard.decide(shellIn(GuardFixture.PROJECT, null, "rm -rf build"));
    assertThat(verdict.ruleId()).isEqualTo("fs.delete-unresolved");
    assertThat(verdict.outcome()).isEqualTo(Outcome.ASK);
  }

  /** Issue 60: a path the guard cannot resolve asks, never more; with no session it denies. */
  @Test
  void aDeletedFolderTheGuardCannotResolveAsksAndWithNoSessionDenies() {
    GuardVerdict asked = standard.decide(shell("rm -rf $DIR"));
    assertThat(asked.outcome()).isEqualTo(Outcome.ASK);
    assertThat(asked.ruleId()).isEqualTo("fs.delete-unresolved");
    GuardVerdict denied = standard.decide(shellIn(null, GuardFixture.PROJECT, "rm -rf $DIR"));
    assertThat(denied.outcome()).isEqualTo(Outcome.DENY);
    assertThat(standard.decide(shell("DIR=build; rm -rf $DIR")).allowed()).isTrue();
  }

  @Test
  void aFolderAboveTheTempFolderIsNotFree() {
    assertThat(standard.decide(shell("rm -rf /tmp")).ruleId())
        .isEqualTo("fs.delete-outside-project");
    assertThat(standard.decide(shell("rm -rf /tmp/*")).allowed()).isTrue();
  }

  @Test
  void catastrophicRulesNameTheRootOverTheProject() {
    GuardVerdict verdict = standard.decide(shell("rm -rf ./build /"));
    assertThat(verdict.ruleId()).isEqualTo("fs.delete-root");
  }
}
