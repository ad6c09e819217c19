package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A company's tools image handed credentials and given a command that acts is asked about (decision
 * 299); a read, a dry run, a local address, no network and a test run are not.
 */
class ContainerTasksTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "docker run --rm -e TRUST_API_TOKEN -e TRUST_API_URL=https://trust.hbe-law.com"
            + " registry.hbe.local/fin/trust-tools:latest transfer --from IOLTA-1 --to OPERATING"
            + " --amount 48250.17",
        "docker run --rm -e DATABASE_URL=\"$CMS_DB_URL\" herald/inkwell-tools:latest rake"
            + " revisions:compact[keep=1]",
        "docker run --rm --env-file .env registry.acme.io/billing-tools:3.2 void --batch 2024-11",
        "podman run --rm -e LEDGER_TOKEN ghcr.io/acme/ledger-tools reverse --batch B-2026-1188"
      })
  void anActWithCredentialsIsAsked(String command) {
    assertThat(StandardCalls.matched(command)).contains("shapes.container-task-acts");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "docker run --rm -e TRUST_API_TOKEN registry.hbe.local/fin/trust-tools:latest balance"
            + " --account IOLTA-1",
        "docker run --rm -e DATABASE_URL=postgres://localhost:5432/cms_dev"
            + " herald/inkwell-tools:latest rake revisions:compact[keep=1]",
        "docker run --rm -e DATABASE_URL=\"$CMS_DB_URL\" herald/inkwell-tools:latest rake"
            + " revisions:report",
        "docker run --rm --network none -e TRUST_API_TOKEN registry.hbe.local/fin/trust-tools"
            + " transfer --from A --to B --amount 1",
        "docker run --rm -e TRUST_API_TOKEN registry.hbe.local/fin/trust-tools transfer --from A"
            + " --to B --amount 1 --dry-run",
        "docker run --rm registry.hbe.local/fin/trust-tools transfer --from A --to B --amount 1",
        "docker run --rm -v \"$PWD\":/app -w /app node:20 npm test"
      })
  void aReadADryRunOrNoCredentialsIsNot(String command) {
    assertThat(StandardCalls.matched(command)).doesNotContain("shapes.container-task-acts");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "ogr2ogr -f PostgreSQL PG:\"$GIS_DB_URL\" work/gasmain_edit.gpkg gas_main -nln gas_main"
            + " -overwrite",
        "ogr2ogr -f PostgreSQL PG:\"host=gis-db.acme-internal.net dbname=gis\" parcels.shp"
            + " -nln parcels -append"
      })
  void aServersLayerOverwrittenIsARowsWrite(String command) {
    assertThat(StandardCalls.ruleOf(command)).isEqualTo("databases.rows-written-shared");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "ogr2ogr -f PostgreSQL PG:\"host=localhost dbname=gis\" work/gasmain_edit.gpkg gas_main"
            + " -overwrite",
        "ogr2ogr -overwrite -f GPKG out/gasmain.gpkg PG:\"$GIS_DB_URL\" gas_main",
        "ogr2ogr -f PostgreSQL PG:\"$GIS_DB_URL\" work/new_layer.gpkg -nln scratch_import"
      })
  void aLocalServerAFileOrANewLayerIsNot(String command) {
    assertThat(StandardCalls.matched(command)).doesNotContain("databases.rows-written-shared");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "pwsh -NoProfile -Command \"Search-Mailbox -Identity 'rlevin@hbe-law.com' -SearchQuery"
            + " 'subject:Castell' -DeleteContent -Force\"",
        "pwsh -c \"New-ComplianceSearchAction -SearchName 'Castell' -Purge -PurgeType HardDelete\""
      })
  void aSearchThatDeletesDestroys(String command) {
    assertThat(StandardCalls.ruleOf(command)).isEqualTo("org.directory-destroy");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "kubectl -n newsroom exec deploy/turnstile-api -- ./bin/console"
            + " 'Meter.config.update!(free_articles: 100000)'"
      })
  void aConsoleRunByItsPathIsReadAsTheApps(String command) {
    assertThat(StandardCalls.matched(command)).contains("shapes.pod-command-acts");
  }
}
