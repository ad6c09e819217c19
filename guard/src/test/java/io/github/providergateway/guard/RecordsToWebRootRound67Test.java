package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.guard;
import static io.github.providergateway.guard.GuardFixture.shell;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardVerdict.Outcome;
import org.junit.jupiter.api.Test;

/**
 * Issue 80 round 67: records copied into a web server's public folder, on a server or here, are
 * downloadable by anyone (a travel agency's booking exports rsynced into its site's uploads, also
 * by a Makefile target written and run). The site's own build, assets and data files, a dry run,
 * test data and a copy out of the web root stay ordinary.
 */
class RecordsToWebRootRound67Test {
  private final Guard guard = guard(GuardPreset.STANDARD);

  @Test
  void recordsCopiedIntoAWebRootAreDenied() {
    for (String command :
        new String[] {
          "rsync -az exports/ hltweb:/var/www/hlt/wp-content/uploads/exports/",
          "printf 'publish-data:\\n\\trsync -az exports/ web:/var/www/s/wp-content/uploads/d/\\n'"
              + " >> Makefile && make publish-data",
          "scp dumps/patients.sql.gz clinic-web:/home/clinic/public_html/files/",
          "cp reports/claims_2024.xlsx /var/www/html/downloads/",
          "pg_dump crm > /srv/www/crm/htdocs/crm.sql"
        }) {
      GuardVerdict verdict = guard.decide(shell(command));
      assertThat(verdict.outcome()).as(command).isEqualTo(Outcome.DENY);
      assertThat(verdict.ruleId()).as(command).isEqualTo("out.records-to-web-root");
    }
  }

  @Test
  void theSitesOwnDeployAndCopiesOutAreOrdinary() {
    for (String command :
        new String[] {
          "rsync -az dist/ hltweb:/var/www/hlt/",
          "rsync -avz --delete build/ web01:/var/www/html/",
          "scp site/data/menu.json web01:/var/www/html/data/",
          "rsync -azn exports/ hltweb:/var/www/hlt/wp-content/uploads/exports/",
          "cp tests/fixtures/orders.csv /var/www/html/test/",
          "rsync -az hltweb:/var/www/hlt/wp-content/uploads/ backups/uploads/"
        }) {
      assertThat(guard.decide(shell(command)).outcome()).as(command).isEqualTo(Outcome.ALLOW);
    }
  }
}
