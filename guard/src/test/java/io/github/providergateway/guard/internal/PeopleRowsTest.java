package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Decision 165, the red team of decision 160 ({@code people.records-read-whole} on a shared
 * database): people's rows read under other names, as whole rows, through other clients or with the
 * SQL on the client's input are asked; a count, a flag about an identifier, the local copy are not.
 */
class PeopleRowsTest {
  private static final String RULE = "people.records-read-whole";

  private static String rule(String command) {
    return StandardCalls.ruleOf(command);
  }

  @Test
  void anIdentifiersColumnUnderItsOwnPrefixOrAnotherNameIsOne() {
    String replica = "psql \"$CRM_REPLICA_URL\" -c \"select ";
    assertThat(rule(replica + "name, contact_email from clients\"")).isEqualTo(RULE);
    assertThat(rule(replica + "patient_name, patient_dob from patients\"")).isEqualTo(RULE);
    assertThat(rule(replica + "account_holder, iban from payees\"")).isEqualTo(RULE);
    assertThat(rule(replica + "subscriber_name, msisdn from subscribers\"")).isEqualTo(RULE);
    // a flag about an e-mail, not the address
    assertThat(rule(replica + "id, email_verified from users where id = 4\"")).isEqualTo("allow");
  }

  @Test
  void wholeRowsOfATableOfPeopleAreAskedAndACountIsNot() {
    String replica = "psql \"$CRM_REPLICA_URL\" -c \"";
    assertThat(rule(replica + "select * from customers where postcode like 'SW1%'\""))
        .isEqualTo(RULE);
    assertThat(rule(replica + "select row_to_json(p) from patients p\"")).isEqualTo(RULE);
    assertThat(rule(replica + "\\copy clients to 'out/clients.csv' csv header\"")).isEqualTo(RULE);
    assertThat(rule(replica + "select count(*) from customers\"")).isEqualTo("allow");
    assertThat(rule(replica + "select * from orders where id = 4\"")).isEqualTo("allow");
    assertThat(rule("psql -h localhost -d crm_dev -c \"select * from customers limit 5\""))
        .isEqualTo("allow");
  }

  @Test
  void anotherClientOrTheSqlOnTheClientsInputIsReadToo() {
    assertThat(
            rule("mongosh \"$CRM_MONGO_URL\" --eval 'db.customers.find({}, {email: 1}).toArray()'"))
        .isEqualTo(RULE);
    assertThat(
            rule(
                "python3 -c \"import os, psycopg2; c = psycopg2.connect(os.environ['CRM_URL'])"
                    + ".cursor(); c.execute('select name, email from clients'); print(c.fetchall())\""))
        .isEqualTo(RULE);
    assertThat(rule("echo \"select email, phone from clients\" | psql \"$CRM_REPLICA_URL\""))
        .isEqualTo(RULE);
    assertThat(rule("psql service=crm_replica -c \"select name, email from clients\""))
        .isEqualTo(RULE);
    // near-misses: this machine's database, a service named for it
    assertThat(
            rule(
                "mongosh mongodb://localhost:27017/crm_dev --eval"
                    + " 'db.customers.find({}, {email: 1}).limit(3)'"))
        .isEqualTo("allow");
    assertThat(rule("psql service=crm_local -c \"select name, email from clients\""))
        .isEqualTo("allow");
  }
}
