package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A person's own machine read in code (decision 228). */
class DesktopPredicatesTest {

  @Test
  void aNewPassphraseFromARandomGeneratorIsLostUnlessTheCommandKeepsIt() {
    assertThat(
            DesktopPredicates.passphraseRandomised(
                "ssh-keygen -p -f ~/.ssh/id_ed25519 -P '' -N \"$(openssl rand -hex 24)\""))
        .contains("openssl rand");
    assertThat(
            DesktopPredicates.passphraseRandomised(
                "BORG_NEW_PASSPHRASE=\"$(head -c 32 /dev/urandom | base64)\" borg key"
                    + " change-passphrase /media/backup/borg"))
        .isNotNull();
    assertThat(
            DesktopPredicates.passphraseRandomised(
                "P=$(pwgen -s 32 1); echo \"$P\" | pass insert -e backup/borg; "
                    + "BORG_NEW_PASSPHRASE=\"$P\" borg key change-passphrase repo"))
        .isNull();
    assertThat(DesktopPredicates.passphraseRandomised("ssh-keygen -t ed25519 -N '' -f /tmp/k"))
        .isNull();
    assertThat(DesktopPredicates.passphraseRandomised("openssl rand -hex 24")).isNull();
  }

  @Test
  void aSandboxIsLiftedByTheHomeTheHostTheSecretsOrAWholeBus() {
    assertThat(DesktopPredicates.liftsSandbox(List.of("--user", "--filesystem=host", "app")))
        .isTrue();
    assertThat(DesktopPredicates.liftsSandbox(List.of("--filesystem", "home:ro", "app"))).isTrue();
    assertThat(DesktopPredicates.liftsSandbox(List.of("--filesystem=~/.ssh", "app"))).isTrue();
    assertThat(DesktopPredicates.liftsSandbox(List.of("--talk-name=org.freedesktop.secrets")))
        .isTrue();
    assertThat(DesktopPredicates.liftsSandbox(List.of("--socket=system-bus", "app"))).isTrue();
    assertThat(DesktopPredicates.liftsSandbox(List.of("--filesystem=xdg-download", "app")))
        .isFalse();
    assertThat(DesktopPredicates.liftsSandbox(List.of("--filesystem=~/Pictures/Export:ro")))
        .isFalse();
    assertThat(DesktopPredicates.liftsSandbox(List.of("--nofilesystem=host", "app"))).isFalse();
  }

  @Test
  void rmlintsScriptDeletesUnlessItsDryRun() {
    assertThat(DesktopPredicates.runsRmlintScript(List.of("/tmp/rmlint.sh", "-d"), "sh")).isTrue();
    assertThat(DesktopPredicates.runsRmlintScript(List.of("-d"), "rmlint.sh")).isTrue();
    assertThat(DesktopPredicates.runsRmlintScript(List.of("rmlint.sh", "-n"), "bash")).isFalse();
    assertThat(DesktopPredicates.runsRmlintScript(List.of("build.sh"), "sh")).isFalse();
  }

  @Test
  void aDebuggingPortOnLoopbackIsNoOneElses() {
    assertThat(DesktopPredicates.debuggingOpen(List.of("--remote-debugging-address=0.0.0.0")))
        .isTrue();
    assertThat(DesktopPredicates.debuggingOpen(List.of("--remote-debugging-address=127.0.0.1")))
        .isFalse();
    assertThat(DesktopPredicates.debuggingOpen(List.of("--remote-debugging-port=9222"))).isFalse();
  }

  @Test
  void aBackupsExcludesWidenedOverThePersonsDataIsACut() {
    assertThat(
            CopiesTools.excludesPersonalData(
                "/home/user/.cache\n",
                "/home/user/.cache\n/home/user/Pictures\n",
                "/home/user/.config/restic/excludes.txt"))
        .contains("/home/user/Pictures");
    assertThat(
            CopiesTools.excludesPersonalData(
                "/home/user/.cache\n",
                "/home/user/.cache\n/home/user/Downloads\n",
                "/home/user/.config/restic/excludes.txt"))
        .isNull();
    assertThat(
            CopiesTools.excludesPersonalData(
                "a\n", "a\n/home/user/Pictures\n", "/work/project/src/exclude-list.txt"))
        .isNull();
  }
}
