package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Decision 103's readings that excuse a request or a repository (a service's test endpoint, a
 * backup repository of a test), each kept narrow: a name that merely holds {@code sandbox} or
 * {@code test} excuses nothing; and the warehouse SQL the platforms' rules read.
 */
class PlatformsTest {
  @Test
  void aTestEndpointIsASandboxDomainATestHostOrAServicesTestSwitch() {
    for (String text :
        List.of(
            "https://api.mailgun.net/v3/sandbox7f3a1c.mailgun.org/messages",
            "from=QA <qa@sandbox7f3a1c.mailgun.org>",
            "https://api-m.sandbox.paypal.com/v2/checkout/orders",
            "https://api.test.example.com/v1/events",
            "test_event_code=TEST48213",
            "{\"validate_only\": true}")) {
      assertThat(TestEndpoints.names(text)).as(text).isTrue();
    }
    for (String text :
        List.of(
            "https://api.mailgun.net/v3/mg.acme-shop.com/messages",
            "html=@/tmp/sandbox.html",
            "src/sandbox/run.py",
            "tests/checkout.test.ts",
            "https://testflight.apple.com/v1/builds",
            "https://graph.facebook.com/v19.0/1234/events",
            "validate_only=false")) {
      assertThat(TestEndpoints.names(text)).as(text).isFalse();
    }
  }

  @Test
  void aBackupRepositoryInATemporaryFolderOrNamedForTestsIsATests() {
    for (String repository : List.of("/tmp/restic-test", "/tmp/r", "./test-repo", "local:/tmp/x")) {
      assertThat(BackupRepositories.localTest(repository)).as(repository).isTrue();
    }
    for (String repository :
        List.of(
            "/srv/restic",
            "s3:s3.amazonaws.com/acme-backups-test",
            "sftp:backup@nas.acme.local:/restic/office",
            "$RESTIC_REPOSITORY",
            "/tmp/../srv/restic",
            "/media/user/Backup/borg")) {
      assertThat(BackupRepositories.localTest(repository)).as(repository).isFalse();
    }
  }

  @Test
  void aShareToAnotherAccountAndAWarehouseLeftSpendingAreReadFromTheSql() {
    assertThat(PlatformPredicates.sharesOut("ALTER SHARE s ADD ACCOUNTS = p.x1")).isTrue();
    assertThat(PlatformPredicates.sharesOut("grant select on table t to share s")).isTrue();
    assertThat(PlatformPredicates.sharesOut("GRANT SELECT ON TABLE t TO ROLE analyst")).isFalse();
    assertThat(PlatformPredicates.sharesOut("SHOW SHARES")).isFalse();
    assertThat(PlatformPredicates.spends("ALTER WAREHOUSE w SET WAREHOUSE_SIZE = 'X6LARGE'"))
        .isTrue();
    assertThat(PlatformPredicates.spends("alter warehouse w set auto_suspend = 0")).isTrue();
    assertThat(PlatformPredicates.spends("ALTER WAREHOUSE w SET MAX_CLUSTER_COUNT = 10")).isTrue();
    assertThat(PlatformPredicates.spends("ALTER WAREHOUSE w SET AUTO_SUSPEND = 00060")).isFalse();
    assertThat(PlatformPredicates.spends("ALTER WAREHOUSE w SET WAREHOUSE_SIZE = 'XLARGE'"))
        .isFalse();
    assertThat(PlatformPredicates.spends("ALTER WAREHOUSE w SUSPEND")).isFalse();
    assertThat(PlatformPredicates.spends("SELECT 'X6LARGE' AS warehouse_size")).isFalse();
  }
}
