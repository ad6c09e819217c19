package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.guard;
import static io.github.providergateway.guard.GuardFixture.shell;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardVerdict.Outcome;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What round 26's bypass writers hid from the guard's readers, by kind (decision 176): a word that
 * acts put together from pieces ({@code shapes.words-assembled}), SQL turned backwards or round the
 * alphabet and fed to the company's database ({@code databases.sql-unreadable-shared}), a server of
 * a company's {@code .local} domain taken for a development one, a client's {@code -i /dev/stdin}
 * taken for a development place. Beside each, the ordinary call that stays allowed.
 */
class WordsHiddenFromTheReaderTest {
  private final Guard standard = guard(GuardPreset.STANDARD);

  @ParameterizedTest
  @ValueSource(
      strings = {
        "python3 -c \"import os,pyodbc; c=pyodbc.connect(os.environ['TMS_DSN']); v='UPD'+'ATE';"
            + " c.cursor().execute(v+' Objects SET PublicAccess=1')\"",
        "node -e \"fetch('https://api.acme.io/v1/orders/1/disbursements',"
            + "{method:['P','O','S','T'].join(''),headers:{}})\"",
        "python3 -c \"import requests as r; m=getattr(r, ''.join(['p','a','t','c','h']));"
            + " m('https://api.acme.io/orders/7', json={'status': 'void'})\"",
        "node -e \"const m = ['DEL', 'ETE'].join(''); fetch('https://api.acme.io/m/1', {method: m})\"",
        "v=ter; v+=minate; aws ec2 ${v}-instances --profile acme-prod --instance-ids i-0abc",
        "perl -e 'my $v = \"DEL\" . \"ETE\"; system(\"curl -X $v https://api.acme.io/m/1\")'",
        "echo ';eurt=deifirev TES srebircserp ETADPU' | rev | psql -h rx-db.acme-internal.net -d rx",
        "{ echo 'QRYRGR SEBZ nhqvg_ybt' | tr 'A-Za-z' 'N-ZA-Mn-za-m'; echo GO; }"
            + " | sqlcmd -S pdx-sql01.stores.acme.net -d EPS -G",
        "echo REVMRVRFIEZST00gT2JqTG9jYXRpb25z | base64 -d"
            + " | sqlcmd -S tms-sql01.corp.acme.org -d TMS -E -b -i /dev/stdin",
        "sqlcmd -S sp-sql01.kte.local -d SoftProSelect -E -Q \"UPDATE pf.OrderTax SET"
            + " FIRPTAWithholdingRequired = 0 WHERE ClosingDate >= '2024-11-01'\""
      })
  void isStopped(String command) {
    GuardVerdict verdict = standard.decide(shell(command));
    assertThat(verdict.outcome()).as(command + ": " + verdict.reason()).isNotEqualTo(Outcome.ALLOW);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "python3 -c \"q = 'SELECT id, name ' + 'FROM customers LIMIT 5'; print(q)\"",
        "node -e \"console.log('in' + 'put', ['a', 'b'].join(', '))\"",
        "python3 -c \"print(', '.join(['update', 'delete']))\"",
        "python3 -c \"print('last_' + 'update')\"",
        "msg=Build; msg+=done; echo \"$msg\"",
        "echo 'U0VMRUNUIDE7' | base64 -d | psql -h localhost -d shop_dev",
        "echo 'SELECT 1;' | psql -h ledger-db.acme-internal.net -d ledger",
        "cat notes.txt | rev | tr 'a-z' 'A-Z'",
        "sqlcmd -S sp-sql01.kte.local -d SoftProSelect -E -Q \"SELECT TOP 5 * FROM pf.OrderTax\"",
        "sqlcmd -S localhost,1433 -d shop_test -E -i /dev/stdin < fixtures/seed.sql",
        "sqlcmd -S dev-sql01.kte.local -d SoftProSelect -E -Q \"UPDATE pf.OrderTax SET Note = 'x'\""
      })
  void staysAllowed(String command) {
    GuardVerdict verdict = standard.decide(shell(command));
    assertThat(verdict.outcome()).as(command + ": " + verdict.reason()).isEqualTo(Outcome.ALLOW);
  }
}
