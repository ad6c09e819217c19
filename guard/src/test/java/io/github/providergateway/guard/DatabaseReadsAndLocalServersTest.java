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
 * ({@code sqlcmd -S localhost,1433}) with a test's database is local test data. Beside each, the
 * write or the other server that stays blocked.
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
        "sqlcmd -S .\\\\SQLEXPRESS -d shop_test -Q \"TRUNCATE TABLE orders\""
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
        "sqlcmd -S localhost,1433 -d VISTAHO -Q \"TRUNCATE TABLE tblTrans_Ticket\""
      })
  void staysBlocked(String command) {
    GuardVerdict verdict = standard.decide(shell(command));
    assertThat(verdict.outcome()).as(command + ": " + verdict.reason()).isNotEqualTo(Outcome.ALLOW);
  }
}
