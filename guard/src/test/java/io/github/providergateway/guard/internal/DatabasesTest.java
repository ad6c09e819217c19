package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.guard.Guard;
import io.github.providergateway.guard.GuardCall;
import io.github.providergateway.guard.GuardEnvironment;
import io.github.providergateway.guard.GuardSettings;
import io.github.providergateway.guard.GuardVerdict;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The databases.* rules' readers (decision 129): the product's own words each kind looks for, the
 * near-misses they leave, and which database counts as shared. What each rule decides on a whole
 * command is its examples (RuleBookTest); the decisions here are the ones a reader's edge shows.
 */
class DatabasesTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static GuardVerdict decide(String command) throws Exception {
    GuardEnvironment env =
        new GuardEnvironment(
            Path.of("/home/user"),
            List.of(Path.of("/tmp")),
            Path.of("/home/user/.copilot/extensions/tap"));
    Guard guard =
        Guard.create(GuardSettings.personal(JSON.readTree("{\"preset\":\"standard\"}")), env);
    return guard.decide(
        new GuardCall(
            "shell",
            JSON.createObjectNode().put("command", command),
            Path.of("/work/project"),
            Path.of("/work/project"),
            null));
  }

  @Test
  void eachKindReadsItsProductsWordsAndNotTheirReads() {
    assertThat(DatabaseWords.found("durability-off", "-s synchronous_mode=false")).isNotNull();
    assertThat(DatabaseWords.found("durability-off", "{\"synchronous_mode\": false}")).isNotNull();
    assertThat(DatabaseWords.found("durability-off", "SHOW synchronous_commit")).isNull();
    assertThat(DatabaseWords.found("durability-off", "synchronous_commit = on")).isNull();
    assertThat(DatabaseWords.found("split-brain", "rs.reconfig(cfg, {force: true})")).isNotNull();
    assertThat(DatabaseWords.found("split-brain", "rs.reconfig(cfg)")).isNull();
    assertThat(DatabaseWords.found("failover", "CLUSTER\nFAILOVER")).isNotNull();
    assertThat(DatabaseWords.found("failover", "CLUSTER\nINFO")).isNull();
    assertThat(DatabaseWords.found("locks", "CREATE INDEX i ON t (c)")).isNotNull();
    assertThat(DatabaseWords.found("locks", "CREATE INDEX CONCURRENTLY i ON t (c)")).isNull();
    assertThat(DatabaseWords.found("locks", "-p\n6432\npgbouncer\n-c\nPAUSE")).isNotNull();
    assertThat(DatabaseWords.found("locks", "SELECT 'PAUSE' AS word")).isNull();
    assertThat(DatabaseWords.found("access-widened", "ALTER ROLE bi SUPERUSER")).isNotNull();
    assertThat(DatabaseWords.found("access-widened", "ALTER ROLE bi NOSUPERUSER")).isNull();
    assertThat(DatabaseWords.found("destroys", "ALTER TABLE t DROP legacy")).isNotNull();
    assertThat(DatabaseWords.found("destroys", "ALTER TABLE t DROP CONSTRAINT t_key")).isNull();
    assertThat(DatabaseWords.found("deletes-later", "UPDATE partman.part_config SET retention"))
        .isNotNull();
    assertThat(DatabaseWords.found("deletes-later", "SELECT retention FROM partman.part_config"))
        .isNull();
    assertThat(DatabaseWords.found("audit-off", "pgaudit.log = 'ddl, role'")).isNull();
  }

  @Test
  void anUnknownKindIsRefusedNotReadAsNothing() {
    assertThatThrownBy(() -> DatabaseWords.found("outage", "x"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("outage");
  }

  @Test
  void aDeleteOverEveryBucketCountsFromZeroByOne() {
    assertThat(DatabaseTools.everyBucket("DELETE FROM t WHERE b IN (0,1,2,3,4,5,6,7)")).isTrue();
    assertThat(DatabaseTools.everyBucket("DELETE FROM t WHERE b IN (0,1,2,3)")).isFalse();
    assertThat(DatabaseTools.everyBucket("DELETE FROM t WHERE id IN (4,9,12,13,20,21,22,30)"))
        .isFalse();
    assertThat(DatabaseTools.everyBucket("SELECT * FROM t WHERE b IN (0,1,2,3,4,5,6,7)")).isFalse();
  }

  @Test
  void aHostIsSharedUnlessThisMachinesOrATests() {
    assertThat(DatabaseTargets.localOrTest("localhost")).isTrue();
    assertThat(DatabaseTargets.localOrTest("db")).isTrue();
    assertThat(DatabaseTargets.localOrTest("pg-staging.db.internal")).isTrue();
    assertThat(DatabaseTargets.localOrTest("pg-main.db.internal")).isFalse();
    assertThat(DatabaseTargets.localOrTest("mysql-main-01.dc1.acme.net")).isFalse();
    assertThat(DatabaseTargets.localOrTest("?")).isFalse();
    assertThat(DatabaseTargets.codeShared("psycopg2.connect(host='pg-main.db.internal')")).isTrue();
    assertThat(DatabaseTargets.codeShared("psycopg2.connect(host='localhost')")).isFalse();
    assertThat(DatabaseTargets.codeShared("psycopg2.connect(os.environ['DATABASE_URL'])")).isTrue();
  }

  @Test
  void aTrustLineIsFoundOnlyWhereTheChangeAddsIt() {
    Object found =
        DatabasePredicates.added(
            DatabasePredicates.TRUSTS_EVERYONE, "", "  - host all all 0.0.0.0/0 trust\n");
    assertThat(found).isEqualTo("- host all all 0.0.0.0/0 trust");
    assertThat(
            DatabasePredicates.added(
                DatabasePredicates.TRUSTS_EVERYONE,
                "host all all 0.0.0.0/0 trust",
                "host all all 0.0.0.0/0 trust\nlocal all all peer"))
        .isNull();
    assertThat(
            DatabasePredicates.added(
                DatabasePredicates.TRUSTS_EVERYONE, "", "host all all 127.0.0.1/32 trust"))
        .isNull();
  }

  @Test
  void aHostWithNoProdInItsNameIsStillShared() throws Exception {
    GuardVerdict main =
        decide("psql -h pg-main.db.internal -U postgres -c 'ALTER ROLE bi SUPERUSER'");
    assertThat(main.ruleId()).isEqualTo("databases.access-widened");
    GuardVerdict staging =
        decide("psql -h pg-staging.db.internal -U postgres -c 'ALTER ROLE bi SUPERUSER'");
    assertThat(staging.ruleId()).isNull();
  }

  @Test
  void aClientGivenNoHostSpeaksToThisMachine() throws Exception {
    assertThat(decide("psql -U postgres -c 'VACUUM FULL orders'").ruleId()).isNull();
    assertThat(decide("sudo -u postgres psql -c 'VACUUM FULL orders'").ruleId())
        .isEqualTo("databases.outage-locks");
    assertThat(decide("redis-cli CLUSTER FAILOVER").ruleId()).isNull();
  }

  @Test
  void aLocalReplicationSlotIsNoCopyTheCompanyKeeps() throws Exception {
    assertThat(
            decide(
                    "psql -h localhost -p 5433 -U postgres -c \"SELECT"
                        + " pg_drop_replication_slot('debezium_test')\"")
                .ruleId())
        .isNull();
    assertThat(
            decide(
                    "psql -h pg-main.db.internal -U postgres -c \"SELECT"
                        + " pg_drop_replication_slot('debezium')\"")
                .ruleId())
        .isEqualTo("copies.replica-overwritten");
  }
}
