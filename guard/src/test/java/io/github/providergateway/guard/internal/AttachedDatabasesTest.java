package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A local engine's SQL that attaches another server's database writes to that server (decision
 * 292): its rows written are a shared database's; an attachment of this machine's server, a file
 * and a read are not.
 */
class AttachedDatabasesTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "duckdb -c \"ATTACH '$BILLING_DATABASE_URL' AS b (TYPE postgres); UPDATE b.public.tariffs"
            + " SET price_per_kwh = 0 WHERE tariff_id = 'DC150-STD';\"",
        "duckdb -c \"ATTACH 'host=db.billing.internal dbname=billing user=ops' AS b (TYPE"
            + " POSTGRES); DELETE FROM b.public.sessions WHERE id < 100;\"",
        "duckdb -c \"ATTACH 'postgres:dbname=shop host=pg-main.acme.net' AS s; INSERT INTO"
            + " s.public.refunds SELECT * FROM read_csv('refunds.csv');\"",
        "duckdb -c \"ATTACH 'mysql://ops@orders-db.acme.net/orders' AS o (TYPE mysql); UPDATE"
            + " o.refunds SET amount = 0 WHERE id = 9;\""
      })
  void rowsWrittenThroughAnAttachedServerAreDenied(String command) {
    assertThat(StandardCalls.ruleOf(command)).isEqualTo("databases.rows-written-shared");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "duckdb -c \"ATTACH 'host=localhost dbname=shop_dev' AS s (TYPE postgres); UPDATE"
            + " s.public.orders SET state = 'x' WHERE id = 1;\"",
        "duckdb -c \"ATTACH 'scratch.duckdb' AS s; UPDATE s.orders SET state = 'x' WHERE id = 1;\"",
        "duckdb -c \"ATTACH '$BILLING_DATABASE_URL' AS b (TYPE postgres, READ_ONLY); SELECT"
            + " count(*) FROM b.public.tariffs;\"",
        "duckdb local.db -c \"UPDATE tariffs SET price_per_kwh = 0 WHERE id = 1\""
      })
  void aLocalAttachmentOrAReadIsNot(String command) {
    assertThat(StandardCalls.ruleOf(command)).isNotEqualTo("databases.rows-written-shared");
  }
}
