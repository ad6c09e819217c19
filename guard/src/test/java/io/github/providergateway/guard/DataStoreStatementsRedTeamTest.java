package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.guard;
import static io.github.providergateway.guard.GuardFixture.shell;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardVerdict.Outcome;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The data stores' statements red team of issue 80 (src/test/first-runs/issue80-redteam-rtq/): SQL
 * read in each dialect's quotes and comments ({@code $$it's$$}, {@code "it's"}, {@code `it's`},
 * {@code [it's]}, {@code E'\\''}, MySQL's {@code #} and {@code 1--1}, block comments), a WHERE of
 * constants, DELETE's other spellings, a printer's escapes and format made into what it prints,
 * psql's and sqlcmd's variables, literals joined, the files a client reaches by its own commands
 * and options read as getopt reads them, a container runner's input, MongoDB's commands by another
 * spelling, and sqlite's and psql's shell escapes. Each was allowed (or asked by a backstop) on
 * 63eaaace; each is now denied or asked by the rule of its plain form, and the ordinary forms
 * around them are allowed.
 */
class DataStoreStatementsRedTeamTest {
  private static final Guard STANDARD = guard(GuardPreset.STANDARD);

  @ParameterizedTest
  @ValueSource(
      strings = {
        "psql \"$DB_URL\" -c 'SELECT $$it'\\''s$$; DROP TABLE users; -- '\\'''",
        "psql \"$DB_URL\" -c 'SELECT $q$it'\\''s$q$ AS note; DROP TABLE users; -- '\\'''",
        "psql \"$DB_URL\" -c 'SELECT 1 AS \"it'\\''s\"; DROP TABLE users; -- '\\'''",
        "psql \"$DB_URL\" -c 'SELECT $$it'\\''s$$; TRUNCATE users; -- '\\'''",
        "psql -d shop -c 'SELECT 1 AS \"o'\\''clock\"; TRUNCATE TABLE orders; -- '\\'''",
        "sqlite3 app.db 'SELECT 1 AS \"it'\\''s\"; DROP TABLE users; -- '\\'''",
        "sqlite3 app.db 'SELECT 1 AS `it'\\''s`; DROP TABLE users; -- '\\'''",
        "sqlite3 app.db 'SELECT 1 AS [it'\\''s]; DROP TABLE users; -- '\\'''",
        "sqlite3 app.db '/* it'\\''s */ DROP TABLE users; -- '\\'''",
        "psql \"$DB_URL\" -c '/* don'\\''t */ DROP TABLE users; -- '\\'''",
        "sqlcmd -S sql.acme.internal -d shop -Q 'SELECT 1 AS [it'\\''s]; DROP TABLE dbo.Users; -- '\\'''",
        "mysql -h db.acme.internal shop -e 'SELECT 1 AS `it'\\''s`; DROP TABLE users; -- '\\'''",
        "mysql -h db.acme.internal shop <<'SQL'\nSELECT 1; # it's late\nDROP TABLE users; -- '\nSQL",
        "mysql -h db.acme.internal shop -e 'SELECT '\\''a\\'\\'''\\''; DROP TABLE users; -- '\\'''",
        "psql \"$DB_URL\" -c 'SELECT E'\\''\\'\\'''\\''; DROP TABLE users; -- '\\'''",
        "mysql -h db.acme.internal shop -e 'SELECT 1--1; DROP TABLE users'",
        "mysql -h db.acme.internal shop -e 'SELECT 2--1;TRUNCATE TABLE orders'",
        "psql \"$DB_URL\" -c 'DROP /* old */ TABLE users'",
        "sqlite3 app.db 'DROP /* keep */ TABLE users'",
        "sqlcmd -S sql.acme.internal -d shop -Q 'DROP /* legacy */ TABLE dbo.Users'",
        "cqlsh cass.acme.internal -e 'DROP /* old */ KEYSPACE shop'",
        "cqlsh cass.acme.internal -e 'SELECT $$it'\\''s$$ FROM system.local; DROP KEYSPACE shop; -- '\\'''",
        "snowsql -a acme -q 'SELECT $$it'\\''s$$; DROP TABLE users; -- '\\'''",
        "bq query --nouse_legacy_sql 'SELECT 1 AS `it'\\''s`; DROP TABLE ds.users; -- '\\'''",
        "clickhouse-client --host ch.acme.internal -n --query 'SELECT 1 AS `it'\\''s`; DROP TABLE events; -- '\\'''",
        "duckdb warehouse.duckdb -c 'SELECT 1 AS \"it'\\''s\"; DROP TABLE sales; -- '\\'''",
        "psql \"$DB_URL\" <<'SQL'\nSELECT $$it's$$;\nDROP TABLE users;\n-- '\nSQL",
        "mysql -h db.acme.internal shop -e 'DELETE LOW_PRIORITY IGNORE FROM users'",
        "mysql -h db.acme.internal shop -e 'DELETE QUICK IGNORE FROM sessions'",
        "snowsql -a acme -q 'CREATE OR REPLACE TABLE users (id INT)'",
        "bq query --nouse_legacy_sql 'CREATE OR REPLACE TABLE ds.users (id INT64)'",
        "duckdb warehouse.duckdb -c 'CREATE OR REPLACE TABLE sales AS SELECT * FROM sales LIMIT 0'",
        "influx -host influx.acme.internal -database telegraf -execute 'DROP MEASUREMENT cpu'",
        "influx -host influx.acme.internal -database telegraf -execute 'DROP SERIES FROM /.*/'",
        "psql \"$DB_URL\" -c 'UPDATE /* fix */ users SET role = '\\''admin'\\'' WHERE id = 7'",
        "psql \"$DB_URL\" -c 'DELETE/**/FROM sessions WHERE user_id = 7'",
        "mysql -h db.acme.internal shop -e 'UPDATE users u JOIN orgs o ON o.id = u.org_id SET u.role = '\\''admin'\\'' WHERE o.id = 7'",
        "mysql -h db.acme.internal shop -e 'UPDATE users, orgs SET users.role = '\\''admin'\\'' WHERE users.org_id = orgs.id AND orgs.id = 7'",
        "mysql -h db.acme.internal shop -e 'UPDATE LOW_PRIORITY IGNORE users SET role = '\\''admin'\\'' WHERE id = 7'",
        "mysql -h db.acme.internal shop -e 'INSERT IGNORE INTO admins (user_id) VALUES (7)'",
        "mysql -h db.acme.internal shop -e 'INSERT admins SET user_id = 7'",
        "mysql -h db.acme.internal shop -e 'REPLACE admins (user_id) VALUES (7)'",
        "sqlcmd -S sql.acme.internal -d shop -Q 'INSERT dbo.Admins (UserId) VALUES (7)'",
        "mysql -h db.acme.internal shop -e 'DELETE u, s FROM users u JOIN sessions s ON s.user_id = u.id WHERE u.id = 7'",
        "cockroach sql --url \"$DB_URL\" -e 'UPSERT INTO admins (user_id) VALUES (7)'",
        "psql \"$DB_URL\" -c 'WITH x AS (SELECT '\\'';'\\'' AS s) DELETE FROM sessions WHERE user_id = 7'",
        "psql \"$DB_URL\" -c 'WITH t AS (SELECT '\\'';'\\'') UPDATE users SET role = '\\''admin'\\'' WHERE id = 7'",
        "echo '\\x \\\\ UPDATE users SET role = '\\''admin'\\'' WHERE id = 7;' | psql \"$DB_URL\"",
        "psql \"$DB_URL\" -o --dry-run -c 'UPDATE users SET role = '\\''admin'\\'' WHERE id = 7'",
        "psql \"$DB_URL\" -L --dry-run -c 'DELETE FROM sessions WHERE user_id = 7'",
        "mysql -h db.acme.internal shop --tee --dry-run -e 'UPDATE users SET role = '\\''admin'\\'' WHERE id = 7'",
        "psql \"$DB_URL\" -c 'DO $$BEGIN EXECUTE '\\''DROP '\\'' || '\\''TABLE users'\\''; END$$'",
        "echo 'SELECT '\\''DROP '\\'' || '\\''TABLE '\\'' || tablename FROM pg_tables WHERE schemaname = '\\''public'\\'' \\gexec' | psql \"$DB_URL\"",
        "psql \"$DB_URL\" <<'SQL'\n\\set q 'DROP TABLE users'\n:q;\nSQL",
        "psql \"$DB_URL\" <<'SQL'\nSELECT 'DROP TABLE users' AS q \\gset\n:q;\nSQL",
        "psql \"$DB_URL\" -v k=DROP <<< ':k TABLE users;'",
        "psql \"$DB_URL\" <<'SQL'\n\\set verb DROP\n:verb TABLE users;\nSQL",
        "sqlcmd -S sql.acme.internal -d shop -v k=DROP -Q '$(k) TABLE dbo.Users'",
        "sqlcmd -S sql.acme.internal -d shop -Q 'EXEC('\\''DR'\\'' + '\\''OP TABLE dbo.Users'\\'')'",
        "printf 'BEGIN;\\nDELETE FROM sessions;\\nCOMMIT;\\n' > /tmp/x.sql && psql \"$DB_URL\" -f /tmp/x.sql",
        "printf 'SELECT 1;\\nDROP TABLE users;\\n' | psql \"$DB_URL\"",
        "printf 'DROP\\tTABLE users;\\n' | psql \"$DB_URL\"",
        "printf '\\x44ROP TABLE users;\\n' | psql \"$DB_URL\"",
        "printf '\\104ROP TABLE users;\\n' | psql -d shop",
        "printf '%s TABLE users;\\n' DROP | psql \"$DB_URL\"",
        "printf '%b' 'SELECT 1;\\nTRUNCATE users;' | psql \"$DB_URL\"",
        "echo -e 'SELECT 1;\\nTRUNCATE users;' | psql \"$DB_URL\"",
        "echo -e 'BEGIN;\\nDELETE FROM sessions;\\nCOMMIT;' | psql \"$DB_URL\"",
        "printf 'BEGIN;\\nUPDATE users SET role = %s WHERE id = 7;\\nCOMMIT;\\n' \"'admin'\" | psql \"$DB_URL\"",
        "printf 'START TRANSACTION;\\nDELETE FROM sessions;\\nCOMMIT;\\n' | mysql -h db.acme.internal shop",
        "printf 'BEGIN;\\nDROP TABLE users;\\nCOMMIT;\\n' | sqlite3 app.db",
        "printf 'BEGIN;\\nDROP TABLE users;\\nCOMMIT;\\n' > /tmp/x.sql && sqlite3 app.db '.read /tmp/x.sql'",
        "printf 'BEGIN;\\nDROP TABLE users;\\nCOMMIT;\\n' > /tmp/x.sql && sqlite3 -init /tmp/x.sql app.db .quit",
        "printf 'START TRANSACTION;\\nDROP TABLE users;\\nCOMMIT;\\n' > /tmp/x.sql && mysql -h db.acme.internal shop < /tmp/x.sql",
        "printf 'SELECT 1;\\nDROP TABLE users;\\n' > /tmp/x.sql && psql \"$DB_URL\" -c '\\i /tmp/x.sql'",
        "printf 'SELECT 1;\\nDROP TABLE users;\\n' | tee /tmp/x.sql >/dev/null && psql \"$DB_URL\" -f /tmp/x.sql",
        "printf '*1\\r\\n$8\\r\\nFLUSHALL\\r\\n' | nc redis.acme.internal 6379",
        "printf 'PING\\nFLUSHALL\\n' | redis-cli -h redis.acme.internal",
        "echo -e 'SELECT 2\\nFLUSHDB' | redis-cli -h redis.acme.internal",
        "printf 'USE shop;\\nTRUNCATE users;\\n' | cqlsh cass.acme.internal",
        "printf 'SELECT 1;\\nDROP TABLE events;\\n' | clickhouse-client --host ch.acme.internal -n",
        "printf 'SELECT 1;\\nDROP TABLE users;\\n' | kubectl exec -i pg-0 -- psql -U app shop",
        "kubectl exec -i pg-0 -- psql -U app shop <<< 'DROP TABLE users'",
        "kubectl exec -i pg-0 -- psql -U app shop <<'SQL'\nDROP TABLE users;\nSQL",
        "kubectl exec -i pg-0 -- sh -c 'psql -U app shop' <<'SQL'\nTRUNCATE orders;\nSQL",
        "kubectl exec -i redis-0 -- redis-cli <<< FLUSHALL",
        "kubectl exec -i mongo-0 -- mongosh shop <<'JS'\ndb.users.drop()\nJS",
        "printf 'SELECT 1;\\nDROP TABLE users;\\n' > /tmp/x.sql && kubectl exec -i pg-0 -- psql -U app shop < /tmp/x.sql",
        "mongosh \"$MONGO_URI\" --quiet --eval 'db.runCommand({drop: '\\''users'\\''})'",
        "mongosh \"$MONGO_URI\" --quiet --eval 'db.users['\\''drop'\\'']()'",
        "mongosh \"$MONGO_URI\" --quiet --eval 'db.getCollection('\\''users'\\'')[\"drop\"]()'",
        "mongosh \"$MONGO_URI\" --quiet --eval 'db.runCommand({dropDatabase: 1})'",
        "mongosh \"$MONGO_URI\" --quiet --eval 'db.getSiblingDB('\\''shop'\\'')['\\''dropDatabase'\\'']()'",
        "mongosh \"$MONGO_URI\" --quiet --eval 'db.users.remove({}, {justOne: false})'",
        "mongosh \"$MONGO_URI\" --quiet --eval 'db.runCommand({delete: '\\''users'\\'', deletes: [{q: {}, limit: 0}]})'",
        "mongosh \"$MONGO_URI\" --quiet --eval 'db.users['\\''deleteMany'\\'']({})'",
        "curl -sXDELETE http://es.acme.internal:9200/logs",
        "sqlite3 app.db '.sh rm -rf ~'",
        "sqlite3 app.db '.sys rm -rf ~'",
        "psql -c '\\set x `rm -rf ~`'",
        "psql -c '\\setenv PAGER \"rm -rf ~\"' -c 'SELECT 1'"
      })
  void eachFormIsDenied(String command) {
    GuardVerdict verdict = STANDARD.decide(shell(command));
    assertThat(verdict.outcome()).as(command + " → " + verdict.reason()).isEqualTo(Outcome.DENY);
  }

  /** A WHERE of constants, a local delete of every row, a file unseen: asked, as the plain form. */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "psql -d shop -c 'DELETE FROM users WHERE 2 > 1'",
        "psql -d shop -c 'DELETE FROM users WHERE 1 IN (1)'",
        "psql -d shop -c 'DELETE FROM users WHERE NULL IS NULL'",
        "psql -d shop -c 'DELETE FROM users WHERE '\\''a'\\'' LIKE '\\''%'\\'''",
        "psql -d shop -c 'DELETE FROM users WHERE TRUE AND TRUE'",
        "psql -d shop -c 'DELETE FROM users WHERE NOT 0 = 1'",
        "psql -d shop -c 'DELETE FROM users WHERE EXISTS (SELECT 1)'",
        "psql -d shop -c 'DELETE FROM users WHERE 1::int = 1'",
        "sqlite3 app.db 'DELETE FROM users WHERE 1.0'",
        "sqlite3 app.db 'DELETE FROM users WHERE 2 > 1'",
        "psql -d shop -c 'DELETE /* all */ FROM users'",
        "sqlite3 app.db 'DELETE /* all */ FROM users'",
        "sqlcmd -S sql.acme.internal -d shop -Q 'DELETE dbo.Users'",
        "sqlplus -s app/secret@db.acme.internal:1521/ORCL <<'SQL'\nDELETE users;\nCOMMIT;\nSQL",
        "clickhouse-client --host ch.acme.internal --query 'ALTER TABLE events DELETE WHERE 1'",
        "clickhouse-client --host ch.acme.internal --query 'ALTER TABLE events ON CLUSTER main DELETE WHERE 1 = 1'",
        "psql \"$DB_URL\" -c '\\i fix.sql'",
        "psql \"$DB_URL\" -c '\\ir fix.sql'",
        "psql \"$DB_URL\" --command='\\include fix.sql'",
        "echo '\\i fix.sql' | psql \"$DB_URL\"",
        "psql \"$DB_URL\" <<< '\\i fix.sql'",
        "psql \"$DB_URL\" -ffix.sql",
        "psql \"$DB_URL\" -Xf fix.sql",
        "psql \"$DB_URL\" -1f fix.sql",
        "psql \"$DB_URL\" --fil=fix.sql",
        "mysql -h db.acme.internal shop -e 'source fix.sql'",
        "mysql -h db.acme.internal shop -e '\\. fix.sql'",
        "mysql -h db.acme.internal shop --execute='SOURCE fix.sql'",
        "printf ':r fix.sql\\nGO\\n' > /tmp/w.sql && sqlcmd -S sql.acme.internal -d shop -i /tmp/w.sql",
        "cqlsh cass.acme.internal -e \"SOURCE 'fix.cql'\"",
        "snowsql -a acme -q '!source fix.sql'",
        "usql \"$DB_URL\" -c '\\i fix.sql'",
        "exec 3<fix.sql; psql \"$DB_URL\" <&3",
        "psql \"$DB_URL\" <>fix.sql",
        "PSQLRC=fix.sql psql \"$DB_URL\" -c 'SELECT 1'",
        "cp fix.sql ~/.psqlrc && psql \"$DB_URL\" -c 'SELECT 1'"
      })
  void eachFormIsAsked(String command) {
    GuardVerdict verdict = STANDARD.decide(shell(command));
    assertThat(verdict.outcome()).as(command + " → " + verdict.reason()).isEqualTo(Outcome.ASK);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "psql \"$DB_URL\" -c 'SELECT $$it'\\''s$$ AS note, count(*) FROM users'",
        "psql \"$DB_URL\" -c 'SELECT 1 AS \"it'\\''s\", count(*) FROM orders -- don'\\''t'",
        "sqlite3 app.db 'SELECT name AS [it'\\''s] FROM users LIMIT 5'",
        "mysql -h db.acme.internal shop -e 'SELECT count(*) FROM users; # how many'\\''re there'",
        "psql \"$DB_URL\" -c 'SELECT * FROM audit_log WHERE statement LIKE '\\''%DROP TABLE%'\\'''",
        "psql \"$DB_URL\" -c '/* DROP TABLE users was rolled back */ SELECT count(*) FROM users'",
        "psql \"$DB_URL\" -c 'SELECT $$DROP TABLE users$$ AS example'",
        "psql -d shop <<'SQL'\n-- DROP TABLE users;\nSELECT count(*) FROM users;\nSQL",
        "sqlite3 app.db 'DELETE FROM sessions WHERE expires_at < 1700000000'",
        "psql -d shop -c 'DELETE FROM carts WHERE id = 42'",
        "psql -d shop -c 'DELETE FROM events WHERE created_at > now() - interval '\\''1 day'\\'''",
        "printf 'BEGIN;\\nSELECT count(*) FROM users;\\nCOMMIT;\\n' | sqlite3 app.db",
        "printf 'SELECT 1;\\nSELECT count(*) FROM users;\\n' | psql \"$DB_URL\"",
        "echo -e 'SELECT 1;\\nSELECT now();' | psql \"$DB_URL\"",
        "printf 'SELECT count(*)\\nFROM users;\\n' > /tmp/q.sql && psql \"$DB_URL\" -f /tmp/q.sql",
        "printf 'CREATE TABLE t (id int);\\nINSERT INTO t VALUES (1);\\n' | sqlite3 test.db",
        "psql \"$DB_URL\" -c '\\timing on' -c 'SELECT 1'",
        "psql \"$DB_URL\" -c '\\dt'",
        "psql -l",
        "mysql -h db.acme.internal shop -e 'SHOW TABLES'",
        "psql \"$DB_URL\" <<'SQL'\nSELECT count(*) AS n FROM users \\gset\n\\echo :n\nSQL",
        "echo 'SELECT format('\\''ANALYZE %I'\\'', tablename) FROM pg_tables WHERE schemaname = '\\''public'\\'' \\gexec' | psql -d shop",
        "sqlcmd -S sql.acme.internal -d shop -v t=Users -Q 'SELECT TOP 5 * FROM dbo.$(t)'",
        "mongosh \"$MONGO_URI\" --quiet --eval 'db.runCommand({count: '\\''users'\\''})'",
        "mongosh \"$MONGO_URI\" --quiet --eval 'db.orders.aggregate([{$group: {_id: '\\''$status'\\'', n: {$sum: 1}}}])'",
        "redis-cli -h redis.acme.internal GET session:42",
        "redis-cli -h redis.acme.internal --scan --pattern 'session:*' | wc -l",
        "curl -s http://es.acme.internal:9200/_cat/indices?v",
        "curl -s -X POST 'http://es.acme.internal:9200/logs/_search?q=*:*&size=1'",
        "curl -sS http://es.acme.internal:9200/_cluster/health",
        "wget -q -O- http://es.acme.internal:9200/_cat/health",
        "kubectl exec -i pg-0 -- psql -U app shop <<< 'SELECT count(*) FROM users'",
        "kubectl exec -i redis-0 -- redis-cli <<< INFO",
        "clickhouse-client --host ch.acme.internal --query 'SELECT count() FROM events WHERE 1'",
        "clickhouse-client --host ch-dev.local --query 'ALTER TABLE events DELETE WHERE ts < '\\''2020-01-01'\\'''",
        "mysql -u root shop_test -e 'INSERT IGNORE INTO fixtures (id) VALUES (1)'",
        "sqlite3 app.db '.schema users'",
        "sqlite3 app.db '.show'",
        "psql \"$DB_URL\" -o /tmp/out.txt -c 'SELECT count(*) FROM users'",
        "influx -host influx.acme.internal -database telegraf -execute 'SHOW MEASUREMENTS'",
        "duckdb warehouse.duckdb -c 'CREATE OR REPLACE VIEW v AS SELECT 1'",
        "psql \"$DB_URL\" -c 'CREATE OR REPLACE FUNCTION f() RETURNS int AS $$ SELECT 1 $$ LANGUAGE sql'",
        "psql -d shop -c 'DELETE FROM carts WHERE id = :id'",
        "psql -d shop -c 'GRANT SELECT, DELETE ON sessions TO app_rw'",
        "psql -d shop -c 'CREATE TABLE t (id int REFERENCES u (id) ON DELETE CASCADE)'",
        "mysql -h db.acme.internal shop -e 'SELECT id, source FROM events LIMIT 5'",
        "psql -d shop -vON_ERROR_STOP=1 -c 'SELECT 1'",
        "sqlite3 app.db '.output /tmp/out.txt'"
      })
  void ordinaryNeighboursAreAllowed(String command) {
    GuardVerdict verdict = STANDARD.decide(shell(command));
    assertThat(verdict.outcome()).as(command + " → " + verdict.reason()).isEqualTo(Outcome.ALLOW);
  }
}
