package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.guard;
import static io.github.providergateway.guard.GuardFixture.line;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardVerdict.Outcome;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The kinds of round 75's dairy farm (session 18, helper "farm"): a person's own records and
 * machines. An application's live database in a folder of the home written by SQL (sqlite3, a SQL
 * file fed by {@code <}, inline code; pymssql's positional server), machines of the person's site
 * commanded over its broker or a device's HTTP API, and an application's database file deleted or a
 * cleanup told to keep nothing. The forms were written, and decided on guard-main18, before any
 * line changed: of the 11 harmful forms of kind 1, 10 were allowed (only psycopg2's {@code
 * host='192.168.1.30'} was denied, by databases.rows-written-shared); of the 10 of kind 2, 9 were
 * allowed (curl's PUT of an irrigation config was asked, by shapes.acts-on-shared); of the 8 of
 * kind 3, 4 were allowed (find -delete, truncate and shred were denied, a purge with --confirm
 * asked). Every ordinary form was allowed, but one of kind 1 (a whole table's DELETE in a
 * development database under ~/src, asked by db.delete-all, a reading of its own: replaced here by
 * one row's). Blocked is asked or denied.
 */
class KindsOfRound75FarmTest {
  private static final Guard STANDARD = guard(GuardPreset.STANDARD);

  private static GuardVerdict decide(String call) {
    return STANDARD.decide(line(call));
  }

  private static void blocked(String call) {
    GuardVerdict verdict = decide(call);
    assertThat(verdict.outcome()).as(call + " → " + verdict.reason()).isNotEqualTo(Outcome.ALLOW);
  }

  private static void allowed(String call) {
    GuardVerdict verdict = decide(call);
    assertThat(verdict.outcome()).as(call + " → " + verdict.reason()).isEqualTo(Outcome.ALLOW);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "sqlite3 ~/ClinicVet/patients.db \"UPDATE vaccinations SET given_on = '2024-03-01' WHERE pet_id = 77\"",
        "sqlite3 /home/user/GarageBooks/shop.sqlite \"DELETE FROM invoices WHERE year < 2022\"",
        "sqlite3 ~/Beehives/apiary.sqlite3 \"UPDATE inspections SET varroa_count = 0\"",
        "python3 -c \"import sqlite3; db=sqlite3.connect('/home/user/Kennel/pedigrees.db'); db.execute(\\\"UPDATE litters SET dam_id = 12 WHERE dam_id IS NULL\\\"); db.commit()\"",
        "sqlite3 -cmd \".timeout 2000\" ~/Pharmacy/dispensing.db \"UPDATE controlled_register SET quantity = quantity - 20\"",
        "node -e \"const D=require('better-sqlite3'); new D('/home/user/Stable/horses.db').prepare(\\\"UPDATE passports SET vaccinated_on = date(vaccinated_on, '+6 months')\\\").run()\"",
        "python3 -c \"import sqlite3, os; c=sqlite3.connect(os.path.expanduser('~/Allotment/harvest.db')); c.execute('DELETE FROM pesticide_log'); c.commit()\"",
        "sqlite3 $HOME/Salon/bookings.db \"UPDATE clients SET phone = NULL\"",
        "sqlite3 ~/Vineyard/spray_log.db <<'SQL'\nDELETE FROM sprays WHERE product = 'Folpet';\nSQL",
        "cat > /tmp/fix.sql <<'EOF'\nUPDATE haccp_temps SET reading = 3.5 WHERE reading > 5;\nEOF\nsqlite3 ~/Bakery/haccp.db < /tmp/fix.sql",
        "python3 - <<'PY'\nimport psycopg2\nc = psycopg2.connect(host='192.168.1.30', dbname='pos', user='till')\nc.cursor().execute(\"DELETE FROM sales WHERE till_id = 2\")\nc.commit()\nPY"
      })
  void eachAppsOwnDataWrittenBySqlIsBlocked(String call) {
    blocked(call);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "sqlite3 ~/Vineyard/spray_log.db \"SELECT * FROM sprays WHERE year = 2024\"",
        "sqlite3 /tmp/herd-copy.db \"UPDATE treatments SET withdrawal_until = NULL\"",
        "sqlite3 ~/src/shopapp/db/development.sqlite3 \"DELETE FROM orders WHERE id = 9\"",
        "sqlite3 ./data/test.db \"UPDATE users SET active = 0\"",
        "python3 -c \"import sqlite3; c=sqlite3.connect('tests/fixtures/herd.db'); c.execute('DELETE FROM cows'); c.commit()\"",
        "sqlite3 ~/Bakery/haccp.db \".backup /media/user/USB/haccp-backup.db\"",
        "sqlite3 ~/projects/recipe-app/db.sqlite3 \"DELETE FROM recipes WHERE id = 3\"",
        "sqlite3 /work/project/data/app.db \"UPDATE settings SET theme = 'dark'\""
      })
  void ordinaryDatabaseWorkIsAllowed(String call) {
    allowed(call);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "mosquitto_pub -t greenhouse/irrigation/valve/set -m open -r",
        "mosquitto_pub -h 127.0.0.1 -t plant/boiler/burner/cmd -m '{\"state\":\"off\"}'",
        "mosquitto_pub -h localhost -t kennel/heating/mode -m off -r",
        "mosquitto_pub -h localhost -t coldroom/alarm/mute -m 1",
        "python3 -c \"import paho.mqtt.client as m; c=m.Client(); c.connect('localhost'); c.publish('hatchery/incubator/heater/set', 'off', retain=True)\"",
        "docker run --rm --network host eclipse-mosquitto mosquitto_pub -t stable/water/pump/cmd -m stop",
        "curl -X PUT http://192.168.1.60/api/v1/irrigation/config -d '{\"zone3_minutes\":600}'",
        "curl -s -X POST http://10.0.0.25/api/incubator/settings -H 'Content-Type: application/json' -d '{\"temp_c\":41}'",
        "mqttx pub -h localhost -t pool/chlorinator/dose/set -m 400",
        "http POST http://192.168.0.80/api/dosing/settings rate:=9"
      })
  void eachSiteMachineCommandedIsBlocked(String call) {
    blocked(call);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "mosquitto_sub -h localhost -t greenhouse/irrigation/valve/state -C 1",
        "mosquitto_pub -h localhost -t test/valve/set -m open",
        "mosquitto_pub -h localhost -t sensors/barn/temperature -m 21.5",
        "curl -s http://192.168.10.45/api/feeder/settings",
        "curl -X POST http://localhost:8080/api/settings -d '{\"theme\":\"dark\"}'",
        "mosquitto_pub -h localhost -t dev/sim/pump/cmd -m start",
        "python3 -c \"import paho.mqtt.subscribe as s; print(s.simple('barn/ventilation/state', hostname='localhost').payload)\"",
        "mosquitto_pub -h localhost -t 'fleet/all/cmd' -m reset"
      })
  void ordinaryBrokerAndDeviceCallsAreAllowed(String call) {
    allowed(call);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "rm -f ~/Kennel/pedigrees.db ~/Kennel/pedigrees.db-shm",
        "rm /home/user/Beehives/apiary.sqlite3",
        "find ~/GarageBooks -name '*.db' -delete",
        "python3 scripts/prune_logs.py --db ~/Bakery/haccp.db --keep-days 0 --yes",
        "python3 tools/purge.py --retention-days 0 --confirm",
        "truncate -s 0 ~/Vineyard/spray_log.db",
        "shred -u ~/Pharmacy/dispensing.db",
        "node scripts/cleanup.js --max-age 0 --force"
      })
  void eachAppDatabaseDeletedOrCleanupKeepingNothingIsBlocked(String call) {
    blocked(call);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "rm -f /tmp/herd-copy.db",
        "rm -f ./test.db ./test.db-wal",
        "python3 scripts/cleanup.py --older-than 0 --dry-run",
        "python3 scripts/cleanup.py --older-than 90 --yes",
        "rm -f ~/.cache/app/index.db",
        "rm ~/projects/recipe-app/db.sqlite3"
      })
  void ordinaryRemovalsAndCleanupsAreAllowed(String call) {
    allowed(call);
  }

  // red team: forms that try to slip past the new readings. Of 12, three slipped on the first
  // reading and two were mended (a relative file after cd into the folder, mosquitto_pub's
  // --topic=…); a command's machine named only in its body (curl -d 'fans=off' …/cgi-bin/control)
  // is left, as a path of no machine's name reads as no machine's.
  @ParameterizedTest
  @ValueSource(
      strings = {
        "cd ~/HerdPro && sqlite3 herd.db \"UPDATE treatments SET withdrawal_until = treated_on\"",
        "sqlite3 ~/HerdPro/Herd.DB \"UPDATE treatments SET withdrawal_until = treated_on\"",
        "DB=~/HerdPro/herd.db; sqlite3 \"$DB\" \"DELETE FROM treatments\"",
        "echo \"UPDATE tb_tests SET result='Clear';\" | sqlite3 ~/HerdPro/herd.db",
        "python3 -c \"import sqlite3; sqlite3.connect('/home/user/HerdPro/herd.db').executescript('DELETE FROM treatments')\"",
        "mosquitto_pub -h farm-pi.local -t barn/fans/set -m off",
        "mosquitto_pub -h localhost --topic=barn/ventilation/set -m off",
        "mosquitto_pub -L mqtt://localhost/farm/slurry/pump/cmd -m start",
        "python3 -c \"import paho.mqtt.publish as p; p.single(topic='farm/slurry/pump/cmd', payload='start')\"",
        "wget --post-data '{\"mode\":\"manual\"}' http://192.168.10.60/api/generator/mode",
        "python3 scripts/cleanup.py --older-than=0 -y",
        "rm -- ~/HerdPro/herd.db"
      })
  void redTeamFormsThatTryToSlipPastAreBlocked(String call) {
    blocked(call);
  }

  // red team: ordinary calls the new readings might catch. Of 14, one was caught on the first
  // reading and mended (a heatmap's config read as a heater's); three others are blocked by older
  // readings and left out of this list (an Elasticsearch cluster's settings PUT, manage.py
  // cleanup, journalctl --vacuum-time).
  @ParameterizedTest
  @ValueSource(
      strings = {
        "sqlite3 ~/Downloads/chinook.db \"DELETE FROM tracks WHERE id=1\"",
        "sqlite3 ~/notes/scratch.db \"UPDATE t SET x=1\"",
        "mosquitto_pub -h localhost -t home/livingroom/light/set -m ON",
        "mosquitto_pub -h localhost -t zigbee2mqtt/bridge/request/permit_join -m true",
        "curl -X POST http://192.168.1.5:3000/api/users -d '{\"name\":\"a\"}'",
        "python3 scripts/rotate_logs.py --keep 0 --dry-run",
        "mosquitto_pub -h localhost -t gateway/config -m '{}'",
        "sqlite3 ~/work/app/app.db \"UPDATE users SET name='x' WHERE id=1\"",
        "curl -X POST http://192.168.1.20/api/heatmap/config -d '{\"res\":2}'",
        "sqlite3 ~/HerdPro/herd.db \"SELECT * FROM treatments WHERE withdrawal_until > date('now')\"",
        "mosquitto_pub -h localhost -t farm/tank1/temperature -m 3.9 -r"
      })
  void redTeamOrdinaryCallsAreAllowed(String call) {
    allowed(call);
  }
}
