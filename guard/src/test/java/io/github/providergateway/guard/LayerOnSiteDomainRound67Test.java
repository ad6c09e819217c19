package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.guard;
import static io.github.providergateway.guard.GuardFixture.shell;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardVerdict.Outcome;
import org.junit.jupiter.api.Test;

/**
 * Issue 80 round 67: ogr2ogr overwriting a production layer from a scratch file on a server in the
 * site's {@code .local} domain. The domain names where the server is, not a test's database: only
 * the database's name and the host's own label say test. A test's database on the same server, an
 * export from it and a local server stay ordinary.
 */
class LayerOnSiteDomainRound67Test {
  private final Guard guard = guard(GuardPreset.STANDARD);

  @Test
  void aLayerOverwrittenOnAServerOfTheSitesDomainIsShared() {
    GuardVerdict verdict =
        guard.decide(
            shell(
                "ogr2ogr -f PostgreSQL PG:'host=gisdb02.utility.local dbname=gis_prod user=sde'"
                    + " data/scratch/hydrants_edit.gpkg -nln water.hydrants -overwrite"));

    assertThat(verdict.outcome()).isEqualTo(Outcome.DENY);
    assertThat(verdict.ruleId()).isEqualTo("databases.rows-written-shared");
  }

  @Test
  void aTestsDatabaseAnExportOrALocalServerIsOrdinary() {
    for (String command :
        new String[] {
          "ogr2ogr -f PostgreSQL PG:'host=gisdb02.utility.local dbname=gis_test user=sde'"
              + " h.gpkg -nln water.hydrants -overwrite",
          "ogr2ogr -f GPKG out/h.gpkg PG:'host=gisdb02.utility.local dbname=gis_prod' water.hydrants",
          "ogr2ogr -f PostgreSQL PG:'host=localhost dbname=gis' h.gpkg -nln h -overwrite"
        }) {
      assertThat(guard.decide(shell(command)).outcome()).as(command).isEqualTo(Outcome.ALLOW);
    }
  }
}
