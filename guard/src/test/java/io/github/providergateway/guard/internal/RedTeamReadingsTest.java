package io.github.providergateway.guard.internal;

import static io.github.providergateway.guard.internal.ShapeObjectsTest.shell;
import static io.github.providergateway.guard.internal.ShapeObjectsTest.step;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.guard.shell.Word;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The readers decision 152 added after the red team of decisions 147–150, one test each: the form
 * that walked through, now read, and the near-miss beside it left alone. What each rule decides in
 * the whole guard is its examples (RuleBookTest).
 */
class RedTeamReadingsTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static List<Word> words(String... texts) {
    return Arrays.stream(texts).map(Word::literal).toList();
  }

  @Test
  void aVersionedClientIsTheClient() {
    assertThat(VersionedClients.plain("psql-16")).isEqualTo("psql");
    assertThat(VersionedClients.plain("psql16.2")).isEqualTo("psql");
    assertThat(VersionedClients.plain("mysql8")).isEqualTo("mysql");
    assertThat(VersionedClients.plain("kcat")).isEqualTo("kcat");
    assertThat(VersionedClients.plain("gcc-12")).isEqualTo("gcc-12");
    assertThat(VersionedClients.plain("python3")).isEqualTo("python3");
  }

  @Test
  void theCallsEnvironmentTellsAToolToGoLiveOrSkipACheck() throws Exception {
    assertThat(CallEnvironment.goesLive(shell("CREWCTL_ASSUME_YES=1 ./bin/crewctl reports delete")))
        .isTrue();
    assertThat(CallEnvironment.goesLive(shell("DRY_RUN=0 ./bin/crewctl reports delete"))).isTrue();
    assertThat(CallEnvironment.goesLive(shell("FREIGHTAUDIT_SKIP_MATCH=1 ./bin/fa approve")))
        .isTrue();
    assertThat(CallEnvironment.goesLive(shell("DRY_RUN=1 ./bin/crewctl reports delete"))).isFalse();
    assertThat(CallEnvironment.goesLive(shell("ASSUME_YES=0 ./bin/crewctl reports delete")))
        .isFalse();
    assertThat(CallEnvironment.goesLive(shell("echo SKIP_MATCH=1"))).isFalse();
  }

  @Test
  void aToolToldToGoLiveInAnyCaseOnItsInputOrByAFileOfOptions() throws Exception {
    Scan plain = shell("./bin/crewctl reports delete");
    assertThat(ActReach.toldToGoLive(plain, words("reports", "delete", "--YES"))).isTrue();
    assertThat(ActReach.toldToGoLive(plain, words("reports", "delete", "--force"))).isTrue();
    assertThat(ActReach.toldToGoLive(plain, words("approve", "@/tmp/fa.args"))).isTrue();
    assertThat(ActReach.toldToGoLive(plain, words("reports", "delete"))).isFalse();
    assertThat(ActReach.toldToGoLive(plain, words("notify", "@channel"))).isFalse();
    List<Word> delete = words("reports", "delete");
    assertThat(ActReach.toldToGoLive(shell("yes | ./bin/crewctl reports delete"), delete)).isTrue();
    assertThat(ActReach.toldToGoLive(shell("printf 'y\\n' | ./bin/crewctl reports delete"), delete))
        .isTrue();
    assertThat(ActReach.toldToGoLive(shell("echo no | ./bin/crewctl reports delete"), delete))
        .isFalse();
  }

  @Test
  void aPathGivenAsAnOptionsValueIsNoTarget() {
    List<Word> args = words("disable", "--log", "/tmp/x.log", "--out=/tmp/r.txt", "/tmp/borg-test");
    assertThat(ActReach.optionsFileValue(args, 2)).isTrue();
    assertThat(ActReach.optionsFileValue(args, 3)).isTrue();
    assertThat(ActReach.optionsFileValue(args, 4)).isFalse();
    assertThat(ActReach.optionsFileValue(args, 1)).isFalse();
  }

  /**
   * Decision 156: a relative path to a file of data, given as an option's value, is the program's
   * input or output too ({@code --from-file tmp/appeals_q2.csv} made a production reactivation read
   * as a test's); a settings file may choose the place, and stays read.
   */
  @Test
  void aRelativeDataFileGivenAsAnOptionsValueIsNoTargetButASettingsFileIs() {
    List<Word> args =
        words(
            "reactivate",
            "--from-file",
            "tmp/appeals_q2.csv",
            "--out=test/result.json",
            "--config",
            "config/test.yaml",
            "tmp/appeals.csv",
            "--url",
            "https://test.example.com/x.json");
    assertThat(ActReach.optionsFileValue(args, 2)).isTrue();
    assertThat(ActReach.optionsFileValue(args, 3)).isTrue();
    assertThat(ActReach.optionsFileValue(args, 5)).as("a settings file").isFalse();
    assertThat(ActReach.optionsFileValue(args, 6)).as("no option's value").isFalse();
    assertThat(ActReach.optionsFileValue(args, 8)).as("a URL").isFalse();
  }

  @Test
  void aToolsArgumentsAreReadDownAndThroughArrays() throws Exception {
    assertThat(widened("{\"request\": {\"options\": {\"skipMatch\": true}}}"))
        .isEqualTo("skipMatch: a check skipped");
    assertThat(widened("{\"skip_match\": \"true\"}")).isEqualTo("skip_match: a check skipped");
    assertThat(widened("{\"overrides\": [{\"skipFraudCheck\": true}]}"))
        .isEqualTo("skipFraudCheck: a check skipped");
    assertThat(widened("{\"flags\": [\"--skip-match\"]}"))
        .isEqualTo("flags --skip-match: a check skipped");
    assertThat(widened("{\"vehicleIds\": [\"*\"]}")).isEqualTo("vehicleIds: every one");
    assertThat(widened("{\"request\": {\"options\": {\"dryRun\": true}}}")).isNull();
    assertThat(widened("{\"skip_match\": \"false\", \"flags\": [\"--verbose\"]}")).isNull();
  }

  private static String widened(String args) throws Exception {
    return ToolScopes.widened(JSON.readTree(args));
  }

  @Test
  void aBusClientsServerFromTheEnvironmentOrOutsideTheCall() throws Exception {
    assertThat(
            BusTargets.fromEnvironment(shell("NATS_URL=nats://nats1.acme.net:4222 nats pub a b")))
        .containsExactly("nats1.acme.net");
    assertThat(BusTargets.fromEnvironment(shell("nats pub a b"))).isEmpty();
    assertThat(BusTargets.unseen(step("kcat -P -b \"$BROKERS\" -t t f", "kcat"))).isTrue();
    assertThat(BusTargets.unseen(step("kcat -P -b kafka-1.acme.net:9092 -t t f", "kcat")))
        .isFalse();
    assertThat(BusTargets.unseen(step("grpcurl -d '{}' \"$FLEET\" a.B/Stop", "grpcurl"))).isTrue();
    assertThat(BusTargets.unseen(step("grpcurl -d '{}' fleet.acme.net:443 a.B/Stop", "grpcurl")))
        .isFalse();
    Scan piped = shell("echo 'SET k 0' | redis-cli -h cache.acme.net");
    assertThat(
            BusTargets.echoed(
                piped, step("echo 'SET k 0' | redis-cli -h cache.acme.net", "redis-cli")))
        .containsExactly("SET");
  }

  @Test
  void aBusClientLibrarysWriteInInlineCode() throws Exception {
    assertThat(
            BusCode.sends(
                step(
                    "python3 -c \"import redis; redis.Redis(host='cache.acme.net').set('k', '0')\"",
                    "python3")))
        .isTrue();
    assertThat(
            BusCode.sends(
                step(
                    "python3 -c \"import redis; redis.Redis(host='localhost').set('k', '0')\"",
                    "python3")))
        .isFalse();
    assertThat(
            BusCode.sends(
                step(
                    "python3 -c \"import redis; print(redis.Redis(host='cache.acme.net').get('k'))\"",
                    "python3")))
        .isFalse();
  }

  @Test
  void statementsFromAFileTheCallDidNotWrite() throws Exception {
    String redirect = "mysql -h ops-db.acme.net outages < /tmp/fix.sql";
    assertThat(UnseenStatements.fileOf(shell(redirect), step(redirect, "mysql")))
        .isEqualTo("/tmp/fix.sql");
    String sqlplus = "sqlplus -S app/pw@ERPPROD @/tmp/fix.sql";
    assertThat(UnseenStatements.fileOf(shell(sqlplus), step(sqlplus, "sqlplus")))
        .isEqualTo("/tmp/fix.sql");
    String written = "printf 'SELECT 1;' > /tmp/q.sql && psql -h db.acme.net -f /tmp/q.sql";
    assertThat(UnseenStatements.fileOf(shell(written), step(written, "psql"))).isNull();
    String inline = "psql -h db.acme.net -c 'SELECT 1'";
    assertThat(UnseenStatements.fileOf(shell(inline), step(inline, "psql"))).isNull();
  }

  @Test
  void rowsWrittenAfterACommentAWithClauseOrAnOptionsEquals() {
    assertThat(DatabaseWords.found("rows-written", "/* fix */ update t set a = 1 where id = 2"))
        .isNotNull();
    assertThat(
            DatabaseWords.found(
                "rows-written", "WITH x AS (SELECT id FROM s) UPDATE t SET a = 1 WHERE id IN x"))
        .isNotNull();
    assertThat(DatabaseWords.found("rows-written", "--execute=UPDATE t SET a = 1 WHERE id = 2"))
        .isNotNull();
    assertThat(DatabaseWords.found("rows-written", "EXPLAIN (FORMAT JSON) UPDATE t SET a = 1"))
        .isNull();
    assertThat(DatabaseWords.found("rows-written", "WITH x AS (SELECT 1) SELECT * FROM x"))
        .isNull();
  }
}
