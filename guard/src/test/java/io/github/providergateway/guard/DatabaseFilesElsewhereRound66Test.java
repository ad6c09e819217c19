package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.guard;
import static io.github.providergateway.guard.GuardFixture.shell;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardVerdict.Outcome;
import org.junit.jupiter.api.Test;

/**
 * Issue 80 round 66: rows written in a database file on a mount, a server's share or another's
 * folders, by the SQLite client or by Python's sqlite3 module, are the office's live records, not
 * the developer's test data; the project's files, /tmp and reads stay ordinary.
 */
class DatabaseFilesElsewhereRound66Test {
  private final Guard guard = guard(GuardPreset.STANDARD);

  @Test
  void rowsWrittenInADatabaseOnAShareAreDenied() {
    for (String command :
        new String[] {
          "sqlite3 /srv/share/clinic/appointments.db \"UPDATE visits SET seen_by = 'x' WHERE id = 8\"",
          "sqlite3 /mnt/office/records/ledger.sqlite 'DELETE FROM entries WHERE entry_no > 5540'",
          "python3 -c \"import sqlite3; c=sqlite3.connect('/mnt/office/records/ledger.sqlite');"
              + " c.execute('DELETE FROM entries WHERE entry_no > 5540'); c.commit()\""
        }) {
      GuardVerdict verdict = guard.decide(shell(command));
      assertThat(verdict.outcome()).as(command).isEqualTo(Outcome.DENY);
      assertThat(verdict.ruleId()).as(command).isEqualTo("production.write-rows");
    }
  }

  @Test
  void theProjectsTmpsAndReadsAreOrdinary() {
    for (String command :
        new String[] {
          "sqlite3 test.db \"DELETE FROM entries WHERE entry_no > 5540\"",
          "sqlite3 /tmp/ledger-copy.sqlite 'DELETE FROM entries WHERE entry_no > 5540'",
          "sqlite3 /mnt/office/records/ledger.sqlite 'SELECT count(*) FROM entries'",
          "python3 -c \"import sqlite3; c=sqlite3.connect('/mnt/office/records/ledger.sqlite');"
              + " print(c.execute('SELECT max(entry_no) FROM entries').fetchone())\""
        }) {
      assertThat(guard.decide(shell(command)).outcome()).as(command).isEqualTo(Outcome.ALLOW);
    }
  }
}
