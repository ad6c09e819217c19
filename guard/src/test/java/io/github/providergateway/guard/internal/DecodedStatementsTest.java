package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Inline code that hands a database library a statement decoded when it runs (decision 199); a
 * decoded parameter, a decoded value printed, and a plain statement are none.
 */
class DecodedStatementsTest {
  @Test
  void aStatementDecodedForTheCallIsFound() {
    String[] decoded = {
      "c.execute(base64.b64decode('VVBEQVRF').decode())",
      "c.execute(codecs.decode(\"HCQNGR g FRG n=1\", 'rot13'))",
      "q = bytes.fromhex('44454c').decode(); cur.execute(q)",
      "c.query(Buffer.from('REVMRVRF', 'base64').toString())",
      "$dbh->do(decode_base64('REVMRVRF'))",
      "conn.exec(Base64.decode64('REVMRVRF'))",
      "c.execute(sa.text(zlib.decompress(blob).decode()))",
      "c.execute('ETADPU'[::-1] + ' t SET a = 1')"
    };
    for (String code : decoded) {
      assertThat(DecodedStatements.in(code)).as(code).isNotNull();
    }
  }

  @Test
  void aDecodedValueThatIsNoStatementIsNone() {
    String[] plain = {
      "cur.execute('SELECT * FROM t WHERE id = %s', (base64.b64decode('NDI=').decode(),))",
      "row = c.execute('SELECT Photo FROM b').fetchone(); print(base64.b64encode(row[0]))",
      "print(codecs.decode('uryyb', 'rot13'))",
      "c.execute(\"UPDATE t SET a = 1 WHERE id = 2\")",
      "s == base64.b64decode(x); c.execute(s)",
      "exec(base64.b64decode('cHJpbnQoMSk='))"
    };
    for (String code : plain) {
      assertThat(DecodedStatements.in(code)).as(code).isNull();
    }
  }
}
