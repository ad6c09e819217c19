package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.guard;
import static io.github.providergateway.guard.GuardFixture.shell;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardVerdict.Outcome;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The {@code db.*} rules beyond psql and mysql (issue 60): Redis fed on standard input or through a
 * raw socket, Cassandra's CQL, MongoDB's shell, InfluxDB, etcd, Consul, Elasticsearch over HTTP,
 * Kafka, RabbitMQ and Heroku's Postgres, each beside the reads that stay allowed.
 */
class DataStoreClientsTest {
  private final Guard standard = guard(GuardPreset.STANDARD);

  @ParameterizedTest(name = "{0} -> {1} {2}")
  @CsvSource(
      delimiterString = "=>",
      quoteCharacter = '\u0000',
      textBlock =
          """
          echo FLUSHALL | redis-cli => db.flush => DENY
          echo flushdb | redis-cli -n 2 => db.flush => DENY
          redis-cli -h cache.internal <<< FLUSHALL => db.flush => DENY
          printf 'FLUSHALL\\r\\n' | nc cache.internal 6379 => db.flush => DENY
          redis-cli --scan | xargs redis-cli del => db.flush => DENY
          redis-cli --scan --pattern '*' | xargs -n 100 redis-cli unlink => db.flush => DENY
          valkey-cli FLUSHALL ASYNC => db.flush => DENY
          cqlsh -e 'DROP KEYSPACE shop' => db.drop => DENY
          cqlsh cass.internal -e "drop table shop.orders" => db.drop => DENY
          cqlsh -e 'TRUNCATE shop.orders' => db.truncate => DENY
          mongosh --eval 'db.dropDatabase()' => db.drop => DENY
          mongosh shop --eval 'db.orders.drop()' => db.drop => DENY
          mongosh --quiet --eval 'db.orders.deleteMany( { } )' => db.flush => DENY
          echo 'db.getSiblingDB("shop").dropDatabase()' | mongosh => db.drop => DENY
          influx bucket delete --name metrics => db.drop => DENY
          influx -execute 'DROP DATABASE telegraf' => db.drop => DENY
          influx delete --bucket metrics --start 1970-01-01T00:00:00Z --stop 2030-01-01T00:00:00Z => db.delete-all => ASK
          etcdctl del --prefix '' => db.flush => DENY
          etcdctl del / --from-key => db.flush => DENY
          consul kv delete -recurse app => db.flush => DENY
          curl -X DELETE http://localhost:9200/_all => db.drop => DENY
          curl -XDELETE 'es.internal:9200/orders' => db.drop => DENY
          curl -s --request DELETE https://search.acme.io:9243/logs-2024.01 => db.drop => DENY
          http DELETE :9200/orders => db.drop => DENY
          kafka-topics --bootstrap-server kafka:9092 --delete --topic orders => db.drop => DENY
          rpk topic delete orders => db.drop => DENY
          rabbitmqctl reset => db.flush => DENY
          rabbitmqctl delete_queue orders => db.drop => DENY
          rabbitmqctl purge_queue orders => db.truncate => DENY
          rabbitmqadmin delete queue name=orders => db.drop => DENY
          heroku pg:reset DATABASE_URL --app shop --confirm shop => db.drop => DENY
          sqlite3 app.db 'DROP TABLE users' => db.drop => DENY
          """)
  void blocks(String command, String rule, Outcome outcome) {
    GuardVerdict verdict = standard.decide(shell(command));
    assertThat(verdict.ruleId()).as(command + ": " + verdict.reason()).isEqualTo(rule);
    assertThat(verdict.outcome()).isEqualTo(outcome);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "redis-cli GET session:42",
        "redis-cli --scan --pattern 'session:*'",
        "redis-cli --scan --pattern 'session:*' | xargs redis-cli del",
        "redis-cli DEL session:42",
        "echo PING | redis-cli",
        "cqlsh -e 'SELECT * FROM shop.orders LIMIT 5'",
        "mongosh --eval 'db.orders.find().limit(5)'",
        "mongosh --eval 'db.orders.deleteMany({status: \"test\"})'",
        "influx bucket list",
        "influx delete --bucket m --start 2024-01-01T00:00:00Z --stop 2024-01-02T00:00:00Z"
            + " --predicate '_measurement=\"cpu\"'",
        "etcdctl get --prefix /app",
        "etcdctl del /app/config/feature-x",
        "consul kv get -recurse app",
        "consul kv delete app/feature-x",
        "curl -s http://localhost:9200/_cat/indices",
        "curl -X DELETE http://localhost:9200/orders/_doc/42",
        "kafka-topics --bootstrap-server kafka:9092 --list",
        "rabbitmqctl list_queues",
        "heroku pg:info --app shop",
        "echo FLUSHALL",
      })
  void allows(String command) {
    GuardVerdict verdict = standard.decide(shell(command));
    assertThat(verdict.outcome()).as(command + ": " + verdict.reason()).isEqualTo(Outcome.ALLOW);
  }
}
