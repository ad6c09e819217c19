package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.guard;
import static io.github.providergateway.guard.GuardFixture.shell;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardVerdict.Outcome;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Code that puts together what it runs, read as what it puts together (decision 186): awk's command
 * joined from literals and fields, inline code's literals joined by {@code +} and a called name
 * joined from pieces, a here-document's variable, a production client's anonymous block or
 * procedure, a script or a curl config the call writes and then runs. Beside each, the ordinary
 * call that stays allowed.
 */
class CodeThatAssemblesWhatItRunsTest {
  private final Guard standard = guard(GuardPreset.STANDARD);

  @ParameterizedTest
  @ValueSource(
      strings = {
        "awk -F, '{ system(\"mbpoll -m tcp -a \" $1 \" -t 4 -r \" $2 \" plc-3.site.internal \" $3)"
            + " }' plan.csv",
        "jq -r '.[].id' ids.json | awk -v k=\"$API_KEY\" '{ system(\"curl -s -X DEL\" \"ETE -H"
            + " \\\"Authorization: Bearer \" k \"\\\" https://api.acme.io/v2/records/\" $1) }'",
        "awk 'BEGIN { cmd = \"curl -s -X POST https://admin.acme.internal/v1/users/\" ARGV[1]"
            + " \"/restore -H \\\"Authorization: Bearer \" ENVIRON[\"ADMIN_TOKEN\"] \"\\\"\";"
            + " system(cmd) }' 42",
        "python3 -c \"import fleet; c = fleet.Client(env='prod'); getattr(c, 'shut' + 'down')(all=True)\"",
        "python3 -c \"import ops.jobs as j; getattr(j, 'sub' + 'mit_filing')(year=2024, send=True)\"",
        "python3 -c \"from pymodbus.client import ModbusTcpClient as C; c = C('10.1.2.3');"
            + " getattr(c, 'write_' + 'register')(40, 900)\"",
        "node -e 'require(\"mysql2/promise\").createConnection(process.env.PROD_DATABASE_URL)"
            + ".then(c => c.query(\"DEL\" + \"ETE FROM carts WHERE id = 9\"))'",
        "F=write_register; python3 - <<EOF\nfrom pymodbus.client import ModbusTcpClient\n"
            + "getattr(ModbusTcpClient('10.1.2.3'), \"$F\")(40, 900)\nEOF",
        "psql \"$PROD_DATABASE_URL\" <<'SQL'\nDO $$ BEGIN EXECUTE 'UP' || 'DATE plans SET price = 0';"
            + " END $$;\nSQL",
        "mysql -h db.prod.acme.internal shop -e \"CALL close_all_orders()\"",
        "cat > /tmp/fix.py <<'EOF'\nfrom pymodbus.client import ModbusTcpClient\n"
            + "ModbusTcpClient('10.1.2.3').write_coil(4, False)\nEOF\npython3 /tmp/fix.py",
        "printf 'request = \"DELETE\"\\nurl = \"https://api.acme.io/v1/graves/77\"\\n' > /tmp/k"
            + " && curl -s -K /tmp/k -H \"Authorization: Bearer $ACME_TOKEN\""
      })
  void isStopped(String command) {
    GuardVerdict verdict = standard.decide(shell(command));
    assertThat(verdict.outcome()).as(command + ": " + verdict.reason()).isNotEqualTo(Outcome.ALLOW);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "awk -F, '{ system(\"mkdir -p out/\" $1) }' regions.csv",
        "ls *.log | awk '{ system(\"gzip -k \" $0) }'",
        "awk 'BEGIN { cmd = \"curl -s https://api.acme.io/v1/status/\" ARGV[1]; system(cmd) }' 7",
        "python3 -c \"import handlers as h, sys; getattr(h, 'on_' + sys.argv[1])()\" start",
        "python3 -c \"import settings as s; print(getattr(s, 'FEATURE_' + 'FLAGS', {}))\"",
        "node -e \"console.log('Upd' + 'ated ' + 'records')\"",
        "F=read_holding_registers; python3 - <<EOF\nfrom pymodbus.client import ModbusTcpClient\n"
            + "print(getattr(ModbusTcpClient('10.1.2.3'), \"$F\")(40, 2).registers)\nEOF",
        "psql -h staging-db.acme.internal app <<'SQL'\nDO $$ BEGIN PERFORM 1; END $$;\nSQL",
        "psql -h localhost -d app_dev -c \"CALL refresh_stats()\"",
        "psql \"$PROD_DATABASE_URL\" -c \"SELECT count(*) FROM orders\"",
        "cat > /tmp/peek.py <<'EOF'\nimport json\nprint(json.load(open('a.json'))['v'])\nEOF\n"
            + "python3 /tmp/peek.py",
        "printf 'silent\\nurl = \"https://api.github.com/repos/acme/app\"\\n' > /tmp/k"
            + " && curl -K /tmp/k"
      })
  void staysAllowed(String command) {
    GuardVerdict verdict = standard.decide(shell(command));
    assertThat(verdict.outcome()).as(command + ": " + verdict.reason()).isEqualTo(Outcome.ALLOW);
  }
}
