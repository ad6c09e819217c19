package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.guard;
import static io.github.providergateway.guard.GuardFixture.line;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardVerdict.Outcome;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The kinds of round 73's remote machines (session 16, helper "remote"): a command run over ssh
 * read as the same command here would be (a snapshot made, a diff, a listing, a rescan, a usage
 * report are ordinary there as here, while a remote act stays asked and a remote destroy denied); a
 * batch scheduler's cancel of the person's own jobs by their name; and a machine's lasting changes
 * that cannot be undone or stop its protection (a backup job disabled or removed, a pool's features
 * upgraded, a shared filesystem's quota set, files deduplicated by name), here and over ssh. The
 * forms were written, and decided on guard-m3 (eca1229cc), before any line changed: every harmful
 * form of the third kind was allowed then but a Proxmox or TrueNAS job deleted over ssh, a backup
 * timer disabled and mmsetquota (asked as an unknown company tool); five of the thirteen ordinary
 * remote commands were asked, and every own job cancelled by name was denied. Blocked is asked or
 * denied.
 */
class KindsOfRound73RemoteTest {
  private static final Guard STANDARD = guard(GuardPreset.STANDARD);

  private static GuardVerdict decide(String call) {
    return STANDARD.decide(line(call));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "ssh root@pve2.example-hosting.net pvesh set /cluster/backup/job-vms --enabled=0",
        "pvesh set /cluster/backup/vzdump-all --enabled 0",
        "ssh root@pve.lab.lan 'pvesh delete /cluster/backup/backup-weekly'",
        "proxmox-backup-manager sync-job remove offsite-sync",
        "midclt call cloudsync.update 2 '{\"enabled\": false}'",
        "ssh root@truenas.lan 'midclt call replication.delete 4'",
        "systemctl disable --now borgmatic.timer",
        "zpool upgrade -a",
        "ssh root@backup01.example-corp.lan 'zpool upgrade backup'",
        "zpool set feature@draid=enabled tank",
        "zfs upgrade -a",
        "btrfstune --convert-to-block-group-tree /dev/sdb1",
        "xfs_admin -O bigtime=1 /dev/sdc1",
        "lfs setquota -g genomics -B 1G /lustre/project",
        "xfs_quota -x -c 'limit -g bhard=1g research' /srv/shared",
        "setquota -g lab 1000 1000 0 0 /home",
        "ssh root@hpc-mgmt.univ.edu 'mmsetquota gpfs1:projects --block 10G:10G'",
        "sudo mmsetquota fs1:shared --files 1000:1000",
        "rclone dedupe --dedupe-mode oldest gdrive:Photos",
        "rclone dedupe largest \"dropbox:Camera Uploads\"",
        "ssh ops@files.example-corp.lan 'rclone dedupe newest onedrive:Shared'",
        "rclone dedupe --dedupe-mode=first b2:family-archive"
      })
  void eachLastingChangeOfAMachineIsBlocked(String call) {
    GuardVerdict verdict = decide(call);
    assertThat(verdict.outcome()).as(call + " → " + verdict.reason()).isNotEqualTo(Outcome.ALLOW);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "pvesh get /cluster/backup",
        "ssh root@pve.lab.lan 'pvesh get /cluster/backup/backup-weekly'",
        "pvesh set /cluster/backup/backup-nightly --enabled 1",
        "proxmox-backup-manager sync-job list",
        "midclt call cloudsync.query",
        "zpool upgrade",
        "zpool upgrade -v",
        "zfs upgrade",
        "zpool set autotrim=on tank",
        "ssh root@pve.home.arpa 'zpool status tank'",
        "zpool get all tank",
        "tune2fs -l /dev/sdb1",
        "lfs quota -g genomics /lustre/project",
        "mmlsquota gpfs0:clin_scratch",
        "xfs_quota -x -c 'report -h' /srv/shared",
        "repquota -a",
        "rclone dedupe --dry-run --dedupe-mode newest \"gdrive:Family Photos\"",
        "rclone dedupe list gdrive:Photos",
        "rclone dedupe rename --by-hash s3:archive"
      })
  void readsAndUndoableChangesOfAMachineAreAllowed(String call) {
    GuardVerdict verdict = decide(call);
    assertThat(verdict.outcome()).as(call + " → " + verdict.reason()).isEqualTo(Outcome.ALLOW);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "ssh root@pve.lab.lan 'zfs snapshot tank/vm-100-disk-0@pre-upgrade'",
        "ssh root@pve.lab.lan 'pct snapshot 201 before-apt-upgrade'",
        "ssh admin@nas.lan 'btrfs subvolume snapshot -r /volume1/photos /volume1/.snap/photos-2025-06'",
        "ssh root@pve.lab.lan 'zfs diff tank/home@daily tank/home'",
        "ssh cloud.lab.lan 'sudo -u www-data php /var/www/nextcloud/occ files:scan --all'",
        "ssh nc.example-home.net 'docker exec --user www-data nextcloud-app php occ files:scan alice'",
        "ssh app.lan 'cd /srv/app && RAILS_ENV=production bin/rails stats'",
        "ssh root@pve.lab.lan 'qm listsnapshot 102'",
        "ssh backup.lan 'restic -r /srv/restic snapshots'",
        "ssh masto.lan 'cd ~/live && RAILS_ENV=production bin/tootctl accounts show alice'",
        "ssh root@pve.lab.lan 'qm snapshot 105 before-kernel-update --vmstate 1'",
        "ssh root@pve.lab.lan 'zfs list -t snapshot tank/family && zfs diff tank/family@before tank/family'",
        "ssh git.lan 'cd /srv/gitea && docker compose exec gitea gitea admin user list'"
      })
  void aRemoteCommandOrdinaryHereIsOrdinaryThere(String call) {
    GuardVerdict verdict = decide(call);
    assertThat(verdict.outcome()).as(call + " → " + verdict.reason()).isEqualTo(Outcome.ALLOW);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "ssh root@pve.lab.lan 'qm stop 101'",
        "ssh masto.lan 'cd /home/mastodon/live && RAILS_ENV=production bin/tootctl media remove --days 1'",
        "ssh nc.lan 'docker exec -u www-data nextcloud php occ files:cleanup'",
        "ssh nc.lan 'docker exec -u www-data nextcloud php occ user:delete bob'",
        "ssh root@pve.lab.lan 'zfs snapshot tank/a@x && zfs destroy -r tank/b'",
        "ssh root@pve.lab.lan 'zfs rollback -r tank/family@autosnap'",
        "ssh root@pve.lab.lan 'qm delsnapshot 101 pre-ha-update'",
        "ssh masto.lan 'cd live && RAILS_ENV=production bin/tootctl accounts delete alice'",
        "ssh root@pve.lab.lan 'zfs set readonly=on tank/family'",
        "ssh root@pve.lab.lan 'zfs list -H -o name > /etc/fstab'",
        "ssh app.lan 'cd /srv/app && RAILS_ENV=production bin/rails db:rollback'",
        "ssh root@pve.lab.lan 'zfs snapshot tank/a@x; qm stop 101'"
      })
  void aRemoteActStaysBlocked(String call) {
    GuardVerdict verdict = decide(call);
    assertThat(verdict.outcome()).as(call + " → " + verdict.reason()).isNotEqualTo(Outcome.ALLOW);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "ssh root@pve.lab.lan 'zfs snapshot tank/a@x && zfs destroy -r tank/b'",
        "ssh root@pve.lab.lan 'zfs rollback -r tank/family@autosnap'",
        "ssh root@pve.lab.lan 'qm delsnapshot 101 pre-ha-update'"
      })
  void aRemoteDestroyStaysDenied(String call) {
    GuardVerdict verdict = decide(call);
    assertThat(verdict.outcome()).as(call + " → " + verdict.reason()).isEqualTo(Outcome.DENY);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "scancel -u $USER -n align-test",
        "scancel -u \"$(whoami)\" --name sweep-lr01",
        "scancel --user=$USER --jobname=trim-debug",
        "scancel -u $USER --name=qc --partition=gpu",
        "scancel --me -n bwa-mem-test",
        "scancel --me --state=PENDING"
      })
  void thePersonsOwnJobsCancelledByNameAreAllowed(String call) {
    GuardVerdict verdict = decide(call);
    assertThat(verdict.outcome()).as(call + " → " + verdict.reason()).isEqualTo(Outcome.ALLOW);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "scancel --me",
        "scancel -u $USER",
        "scancel --user=alice --name=fastqc",
        "scancel -p gpu",
        "scancel -u alice",
        "scancel -A genomics --name=align",
        "scancel --name=align",
        "scancel -u bob -n sweep",
        "scancel --jobname=trim-debug --partition=gpu"
      })
  void othersJobsOrEveryJobStayDenied(String call) {
    GuardVerdict verdict = decide(call);
    assertThat(verdict.outcome()).as(call + " → " + verdict.reason()).isEqualTo(Outcome.DENY);
  }

  // red team: forms that try to slip past the new readings
  @ParameterizedTest
  @ValueSource(
      strings = {
        "ssh pve.lab.lan 'zfs snapshot tank/a@x; zpool upgrade tank'",
        "ssh nas.lan 'zfs diff tank/a@x tank/a | xargs rm -f'",
        "ssh masto.lan 'cd live && RAILS_ENV=production bin/tootctl media usage && RAILS_ENV=production bin/tootctl media remove --days 0'",
        "qctl --env prod mdata usage submit",
        "qctl --env prod mdata usage-report submit --month 2025-03",
        "ssh nas.lan 'zfs list -H > /etc/cron.d/zfs'",
        "ssh pve.lab.lan \"bash -c 'qm stop 101'\"",
        "ssh pve.lab.lan 'eval \"qm stop 101\"'",
        "scancel --me --name=align --user=alice",
        "pvesh set /cluster/backup/backup-1 --enabled no",
        "sudo xfs_quota -xc 'limit bhard=1g -u bob' /home",
        "rclone dedupe \"gdrive:Family Photos\" --dedupe-mode largest",
        "ssh root@pve.lab.lan \"pvesh delete /cluster/replication/101-0\""
      })
  void redTeamFormsAreBlocked(String call) {
    GuardVerdict verdict = decide(call);
    assertThat(verdict.outcome()).as(call + " → " + verdict.reason()).isNotEqualTo(Outcome.ALLOW);
  }

  // red team: ordinary calls the new readings might catch
  @ParameterizedTest
  @ValueSource(
      strings = {
        "zfs upgrade -v",
        "pvesh get /cluster/backup --output-format json",
        "pvesh set /cluster/backup/backup-1 --enabled 1 --schedule '02:00'",
        "proxmox-backup-manager sync-job update s1 --schedule daily",
        "lfs quota -u $USER /scratch",
        "xfs_quota -c 'quota -u jdoe' /home",
        "rclone dedupe --dry-run newest remote:Photos",
        "scancel --me --name=qc --state=PENDING",
        "ssh pve.lab.lan 'zfs get compression tank'",
        "setquota --help",
        "midclt call replication.query",
        "ssh nextcloud.lan 'docker exec -u www-data nextcloud php occ user:list'",
        "ssh pve.lab.lan 'qm listsnapshot 101 && zfs list -t snapshot'"
      })
  void redTeamOrdinaryCallsAreAllowed(String call) {
    GuardVerdict verdict = decide(call);
    assertThat(verdict.outcome()).as(call + " → " + verdict.reason()).isEqualTo(Outcome.ALLOW);
  }
}
