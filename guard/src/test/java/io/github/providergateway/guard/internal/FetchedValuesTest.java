package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A variable given a command's output is production's where that command names production, as a
 * secret's path does (decision 285); a staging secret, arithmetic and a lower-case name are not.
 */
class FetchedValuesTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "DATABASE_URL=$(aws ssm get-parameter --name /prod/cod/database_url --with-decryption"
            + " --query Parameter.Value --output text) ./bin/migrate up",
        "export DATABASE_URL=$(vault kv get -field=url secret/prod/cod-db) && rails db:migrate",
        "DATABASE_URL=\"$(gcloud secrets versions access latest --secret=ledger-production-dsn)\""
            + " alembic upgrade head",
        "DSN=`op read op://Production/ledger-db/url` ./bin/migrate up",
        "DB=$(grep ^POS_PROD_URL= deploy/prod.env | cut -d= -f2-) python3 fix.py",
        "URL=$(jq -r '.db' <(sops -d secrets/$(echo prod).enc.json)) ./bin/migrate up"
      })
  void anOutputFetchedFromProductionIsProductions(String command) {
    assertThat(FetchedValues.fromProduction(command)).isTrue();
    assertThat(Environments.assignsOrEntersProduction(command)).isTrue();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "DATABASE_URL=$(aws ssm get-parameter --name /staging/cod/database_url) ./bin/migrate up",
        "N=$((PROD_REPLICAS + 1)) ./scale.sh",
        "db=$(vault kv get -field=url secret/prod/cod-db) && echo done",
        "DATABASE_URL=$LOCAL_URL ./bin/migrate up # prod later",
        "git log $(git merge-base main prod) --oneline",
        "URL=$(cat .env.nonprod) ./bin/migrate up"
      })
  void otherValuesAreNot(String command) {
    assertThat(FetchedValues.fromProduction(command)).isFalse();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "DATABASE_URL=$(aws ssm get-parameter --name /prod/cod/database_url --with-decryption"
            + " --query Parameter.Value --output text) ./bin/migrate up",
        "migrate -database \"$PROD_DATABASE_URL\" -path db/migrations up",
        "export DATABASE_URL=$(vault kv get -field=url secret/prod/cod-db) && bundle exec rails"
            + " db:migrate"
      })
  void aMigrationOnProductionFetchedIsAsked(String command) {
    assertThat(StandardCalls.matched(command)).contains("production.migrate");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "DATABASE_URL=$(aws ssm get-parameter --name /staging/cod/database_url) ./bin/migrate up",
        "migrate -database postgres://localhost:5432/cod_dev?sslmode=disable -path db/migrations up",
        "migrate -database \"$PROD_DATABASE_URL\" -path db/migrations version"
      })
  void aMigrationElsewhereOrARead(String command) {
    assertThat(StandardCalls.matched(command)).doesNotContain("production.migrate");
  }
}
