package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.guard;
import static io.github.providergateway.guard.GuardFixture.shell;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardVerdict.Outcome;
import org.junit.jupiter.api.Test;

/**
 * Issue 80 round 67: a site tool's search-and-replace across the live site's database (over ssh, in
 * the web root, or told a server) rewrites every row it touches; a dry run, an export to a file and
 * a local development site are ordinary.
 */
class LiveSiteRewrittenRound67Test {
  private final Guard guard = guard(GuardPreset.STANDARD);

  @Test
  void aLiveSitesDatabaseRewrittenIsDenied() {
    for (String command :
        new String[] {
          "ssh hltweb 'cd /var/www/hlt && wp search-replace harbourlanetravel.co.uk hlt-offers.net"
              + " --all-tables'",
          "wp --ssh=deploy@web01.example.com search-replace 'http://old.example' 'https://x.net'",
          "wp search-replace old.example new.example --path=/var/www/site"
        }) {
      GuardVerdict verdict = guard.decide(shell(command));
      assertThat(verdict.outcome()).as(command).isEqualTo(Outcome.DENY);
      assertThat(verdict.ruleId()).as(command).isEqualTo("production.write-every-row");
    }
  }

  @Test
  void dryRunsExportsAndLocalSitesAreOrdinary() {
    for (String command :
        new String[] {
          "ssh hltweb 'cd /var/www/hlt && wp search-replace a.co.uk b.net --all-tables --dry-run'",
          "ssh hltweb 'cd /var/www/hlt && wp search-replace a.co.uk b.net --export=/tmp/b.sql'",
          "wp search-replace shop.example.com shop.test --all-tables"
        }) {
      assertThat(guard.decide(shell(command)).outcome()).as(command).isEqualTo(Outcome.ALLOW);
    }
  }
}
