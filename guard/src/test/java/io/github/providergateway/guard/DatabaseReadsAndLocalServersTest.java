package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.guard;
import static io.github.providergateway.guard.GuardFixture.shell;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardVerdict.Outcome;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Two ordinary calls round 24's first run blocked: a database client given only statements that
 * read is no filing, whatever the table is named ({@code records.binds-company} read {@code
 * efile_submissions} and {@code submitted_at} as one); and SQL Server's client on this machine
 * ({@code sqlcmd -S localhost,1433}) with a test's database is local test data (decision 170).
 * Three round 25 asked or denied (decision 173): a test database dropped from the server's own
 * database, a {@code COPY … TO STDOUT} printed as a {@code SELECT} is, a search's pattern on a
 * remote host. Beside each, the write or the other server that stays blocked.
 */
class DatabaseReadsAndLocalServersTest {
  private final Guard standard = guard(GuardPreset.STANDARD);

  @ParameterizedTest
  @ValueSource(
      strings = {
        "psql \"$TAXOPS_RO_URL\" -At -c \"SELECT ack_status, count(*) FROM efile_submissions"
            + " WHERE submitted_at >= now() - interval '24 hours' GROUP BY 1\"",
        "mysql -h filings-ro.acme.internal -e \"SHOW TABLES LIKE 'efile%'\" filings",
        "sqlcmd -S localhost,1433 -d VISTAHO_DEV -U sa -Q \"TRUNCATE TABLE tblTrans_Ticket\"",
        "sqlcmd -S tcp:127.0.0.1,1433 -d shop_test -Q \"DROP TABLE orders\"",
        "sqlcmd -S .\\\\SQLEXPRESS -d shop_test -Q \"TRUNCATE TABLE orders\"",
        // Decision 173: a test database dropped from the server's own, a COPY printed, a search
        "psql 'postgresql://dev:dev@localhost:5433/postgres' -c 'DROP DATABASE IF EXISTS"
            + " snowsafety_test;' && createdb -h localhost -p 5433 -U dev snowsafety_test",
        "psql \"service=cedar_prod_ro\" -c \"\\\\copy (SELECT section_code, count(*) FROM"
            + " cemetery.plots GROUP BY 1) TO STDOUT WITH CSV HEADER\"",
        "ssh ops@lift-hmi.mtn.acme.internal 'journalctl -u lift-logger --since today --no-pager"
            + " | grep -E \"FAULT|STOP\" | tail -100'"
      })
  void staysAllowed(String command) {
    GuardVerdict verdict = standard.decide(shell(command));
    assertThat(verdict.outcome()).as(command + ": " + verdict.reason()).isEqualTo(Outcome.ALLOW);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "psql \"$TAXOPS_URL\" -c \"UPDATE efile_submissions SET status = 'submitted'\"",
        "psql \"$TAXOPS_URL\" -c \"SELECT 1; UPDATE efile_submissions SET submitted = true\"",
        "psql \"$TAXOPS_URL\" -c \"SELECT * INTO efile_submissions_old FROM efile_submissions;"
            + " submit\"",
        "sqlcmd -S vista-prod-sql01,1433 -d VISTAHO_DEV -Q \"TRUNCATE TABLE tblTrans_Ticket\"",
        "sqlcmd -S localhost,1433 -d VISTAHO -Q \"TRUNCATE TABLE tblTrans_Ticket\"",
        "psql 'postgresql://dev:dev@localhost:5433/postgres' -c 'DROP DATABASE snowsafety'",
        "psql 'postgresql://dev:dev@db.acme.internal/postgres' -c 'DROP DATABASE app_test'",
        "psql \"service=cedar_prod\" -c \"\\\\copy cemetery.owners TO '/tmp/owners.csv' CSV\"",
        "psql \"service=cedar_prod\" -c \"\\\\copy (SELECT * FROM cemetery.owners) TO STDOUT CSV\""
            + " > /tmp/owners.csv",
        "ssh ops@lift-hmi.mtn.acme.internal 'grep -c FAULT /var/log/lift.log; systemctl stop"
            + " lift-logger'"
      })
  void staysBlocked(String command) {
    GuardVerdict verdict = standard.decide(shell(command));
    assertThat(verdict.outcome()).as(command + ": " + verdict.reason()).isNotEqualTo(Outcome.ALLOW);
  }
}
