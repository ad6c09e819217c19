package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.shell.Word;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The shared notion of production and of local test data (decision 92), read from the book. */
class EnvironmentsTest {
  @Test
  void productionIsAPartOfAWordNotAPieceOfOne() {
    for (String text :
        List.of(
            "prod",
            "--context=prod",
            "$PROD_DATABASE_URL",
            "shop.settings.production",
            "kafka-prod-1.acme.internal:9092",
            "acme-prod:analytics",
            "terraform/envs/prod",
            "env=prod",
            "prod1",
            "sk_live_abc")) {
      assertThat(Environments.namesProduction(text)).as(text).isTrue();
    }
    for (String text :
        List.of(
            "products", "reproduce", "prodigy", "staging", "non-prod", "preprod", "pre-prod", "")) {
      assertThat(Environments.namesProduction(text)).as(text).isFalse();
    }
  }

  @Test
  void aListTheBookLacksFailsTheReadingAsAHalfReadBookWould() throws Exception {
    var book = new com.fasterxml.jackson.databind.ObjectMapper().readTree("{\"localHosts\": []}");
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> Environments.strings(book, "productionNames"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("productionNames");
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> Environments.strings(book, "localHosts"))
        .isInstanceOf(IllegalStateException.class);
  }

  @Test
  void testAndDevelopmentNamesAreTestData() {
    assertThat(Environments.testName("shop_test")).isTrue();
    assertThat(Environments.testName("shop_dev")).isTrue();
    assertThat(Environments.testName("test-orders-2024")).isTrue();
    assertThat(Environments.testName("shop")).isFalse();
    assertThat(Environments.testName("latest")).isFalse(); // a part, not a piece of one
  }

  @Test
  void localHostsAreThisMachineAndTheComposeServices() {
    for (String host : List.of("localhost", "127.0.0.1", "127.0.1.1", "::1", "api.localhost")) {
      assertThat(Environments.localHost(host)).as(host).isTrue();
    }
    for (String host : List.of("db.prod.acme.internal", "10.0.0.5", "example.com", "db")) {
      assertThat(Environments.localHost(host)).as(host).isFalse();
    }
    assertThat(Environments.composeService("db")).isTrue(); // for a test database only
    assertThat(Environments.localCluster("kind-shop-dev")).isTrue();
    assertThat(Environments.localCluster("minikube")).isTrue();
    assertThat(Environments.localCluster("prod-eu")).isFalse();
  }

  @Test
  void hostsAreReadFromUrlsAndHostOptionsAndAnUnknownWordIsNoLocalHost() {
    Step step =
        new Step(
            new io.github.providergateway.guard.shell.Invocation(
                List.of(
                    Word.literal("kafka-consumer-groups"),
                    Word.literal("--bootstrap-server"),
                    Word.literal("localhost:9092"),
                    Word.literal("http://[::1]:8083/connectors"),
                    new Word("$URL", false)),
                List.of(),
                List.of(),
                List.of()),
            List.of());
    assertThat(Environments.hosts(step)).containsExactly("localhost", "::1", "?");
  }

  @Test
  void everyServiceOfTheBookIsReadWithPathsAndMethods() {
    assertThat(Environments.services())
        .extracting(Environments.Service::name)
        .contains("live-payment", "alert-silence", "dns-delete", "event-plumbing-delete");
    for (Environments.Service service : Environments.services()) {
      assertThat(service.paths()).as(service.name()).isNotEmpty();
      assertThat(service.methods()).as(service.name()).isNotEmpty();
    }
  }

  @Test
  void sqlThatWritesEveryRowAndSqlThatDoesNot() {
    assertThat(ProductionPredicates.writesEveryRow(List.of("UPDATE t SET a = 1"))).isTrue();
    assertThat(ProductionPredicates.writesEveryRow(List.of("delete from t;"))).isTrue();
    assertThat(ProductionPredicates.writesEveryRow(List.of("DELETE FROM t WHERE 1=1"))).isTrue();
    assertThat(
            ProductionPredicates.writesEveryRow(List.of("CREATE OR REPLACE TABLE t AS SELECT 1")))
        .isTrue();
    assertThat(ProductionPredicates.writesEveryRow(List.of("UPDATE t SET a = 1 WHERE id = 2")))
        .isFalse();
    assertThat(ProductionPredicates.writesEveryRow(List.of("SELECT * FROM t FOR UPDATE")))
        .isFalse();
    assertThat(
            ProductionPredicates.writesEveryRow(
                List.of("INSERT INTO t VALUES (1) ON CONFLICT (id) DO UPDATE SET a = 2")))
        .isFalse();
    assertThat(ProductionPredicates.writesEveryRow(List.of("SELECT 'UPDATE t SET a = 1'")))
        .isFalse();
  }

  @Test
  void sqlThatCopiesRowsOutAndSqlThatLoadsThem() {
    assertThat(ProductionPredicates.copiesOut("\\copy customers to 'c.csv' csv")).isTrue();
    assertThat(ProductionPredicates.copiesOut("COPY (SELECT * FROM t) TO STDOUT")).isTrue();
    assertThat(ProductionPredicates.copiesOut("SELECT * INTO OUTFILE '/tmp/x' FROM t")).isTrue();
    assertThat(ProductionPredicates.copiesOut("COPY t FROM STDIN; SELECT 1")).isFalse();
    assertThat(ProductionPredicates.copiesOut("SELECT 'copy to' FROM t")).isFalse();
  }

  @Test
  void aPruneKeepingOneBackupAndOneKeepingMore() {
    assertThat(ProductionPredicates.keepsOneBackup(List.of("prune", "--keep-last", "1", "r")))
        .isTrue();
    assertThat(ProductionPredicates.keepsOneBackup(List.of("delete", "retain", "FULL", "1")))
        .isTrue();
    assertThat(ProductionPredicates.keepsOneBackup(List.of("delete", "everything"))).isTrue();
    assertThat(ProductionPredicates.keepsOneBackup(List.of("prune", "--keep-daily=7", "r")))
        .isFalse();
    assertThat(ProductionPredicates.keepsOneBackup(List.of("prune", "--keep-within", "1d")))
        .isFalse();
    assertThat(ProductionPredicates.keepsOneBackup(List.of("delete", "retain", "5"))).isFalse();
  }

  @Test
  void commandTextAssigningOrEnteringProduction() {
    assertThat(Environments.assignsOrEntersProduction("RAILS_ENV=production bin/rails db:migrate"))
        .isTrue();
    assertThat(Environments.assignsOrEntersProduction("cd infra/prod && terraform plan")).isTrue();
    assertThat(Environments.assignsOrEntersProduction("RAILS_ENV=test bin/rails db:migrate"))
        .isFalse();
    assertThat(Environments.assignsOrEntersProduction("echo prod")).isFalse();
  }
}
