package io.github.providergateway.guard.internal;

import static io.github.providergateway.guard.internal.ShapeObjectsTest.shell;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The project's own tool given a command that acts, with nothing said of where (decision 162):
 * which program is the project's own, which first word is a command, and what lets it through. What
 * the rule decides in the whole guard is its examples (RuleBookTest).
 */
class ProjectToolActsTest {

  static boolean acts(String command) throws Exception {
    Scan scan = shell(command);
    for (Step step : scan.steps()) {
      if (ProjectToolActs.acts(scan, step)) {
        return true;
      }
    }
    return false;
  }

  @Test
  void theProjectsOwnToolGivenACommandActs() throws Exception {
    assertThat(acts("./bin/hlops cull ship --list dairy/cull/week-32.csv")).isTrue();
    assertThat(acts("bin/capctl booking create --sat AS-7 --customer CUST-0520")).isTrue();
    assertThat(acts("python -m tools.serialization commission --gtin 0539 --batch K24B131"))
        .isTrue();
    assertThat(acts("python3 scripts/consent.py sign --form surgery --patient 77102")).isTrue();
    assertThat(acts("python manage.py close_concerns --status open --older-than 30d")).isTrue();
    assertThat(acts("cd /work/project && /work/project/bin/gro-register amend --entry 2025/88314"))
        .as("an absolute path under the call's folder is the project's")
        .isTrue();
  }

  @Test
  void aProgramOutsideTheProjectOrMadeByItsBuildIsNotItsTool() throws Exception {
    assertThat(acts("~/.local/bin/acmectl grant --user ada")).isFalse();
    assertThat(acts("/usr/local/bin/acmectl grant --user ada")).isFalse();
    assertThat(acts("../other/bin/acmectl grant --user ada")).isFalse();
    assertThat(acts("./target/release/pricing-engine quote --sku A1")).isFalse();
    assertThat(acts("node_modules/.bin/acmectl grant --user ada")).isFalse();
    assertThat(acts("python3 -m http.server 8000 --bind 127.0.0.1")).isFalse();
    assertThat(acts("python -m pytest tests/unit -k grant")).isFalse();
    assertThat(acts("bin/magento config:set payment/checkmo/active 1"))
        .as("a framework's own command line")
        .isFalse();
    assertThat(acts("./gateway guard explain rm")).as("the gateway's own").isFalse();
  }

  @Test
  void onlyACommandWordWithSomethingToActOnIsAimed() throws Exception {
    assertThat(acts("./scripts/db.sh reset")).as("a command alone").isFalse();
    assertThat(acts("./scripts/lint.sh --all --apply")).as("options alone").isFalse();
    assertThat(acts("python3 -m becs.tools.isbt_check W041225308817"))
        .as("a record's number is no command")
        .isFalse();
    assertThat(acts("./bin/tool 2025-06 close --all")).as("a date is no command").isFalse();
  }

  @Test
  void aDevelopersCommandIsNotAimed() throws Exception {
    assertThat(acts("./bin/edi build --partner WALMART --doc 856")).isFalse();
    assertThat(acts("python tools/calpur.py render --county fresno --month 2025-07")).isFalse();
    assertThat(acts("./bin/app serve --port 8080")).isFalse();
    assertThat(acts("python manage.py migrate --database default")).isFalse();
    assertThat(acts("python manage.py makemigrations shop --name add_channel")).isFalse();
    assertThat(acts("./bin/tool migrate --database default"))
        .as("Django's own commands are the framework's only for manage.py")
        .isTrue();
  }

  @Test
  void aToolThatOnlyWritesHereOrPrintsIsNotAimedUnlessItsCommandActs() throws Exception {
    assertThat(acts("./bin/suppliers cycle --out build/x.csv")).isFalse();
    assertThat(acts("./bin/hlops trace lot-report --lot ROM-25 > build/reports/r.csv")).isFalse();
    assertThat(acts("./bin/notices hearing-pack --hearing H-25 --out /tmp/preview.pdf")).isFalse();
    assertThat(acts("./bin/suppliers expiring --days 60 --format table")).isFalse();
    assertThat(acts("python -m etl.ncoa match data/in.csv --report build/ncoa.html")).isFalse();
    // (not expiring --days 60: a window's listing reads wherever it is written, decision 336)
    assertThat(acts("./bin/suppliers cycle --out /srv/share/x.csv"))
        .as("a file outside the project and /tmp is no file here")
        .isTrue();
    assertThat(acts("./bin/suppliers cycle --out ops:/srv/x.csv"))
        .as("a remote copy's target is no file here")
        .isTrue();
    assertThat(acts("./bin/billing void-invoices --customers all --out /tmp/voided.csv"))
        .as("an acting verb acts whatever it writes")
        .isTrue();
    assertThat(acts("python -m mls.show ML81234 --fields ListPrice"))
        .as("a record's number is no command")
        .isFalse();
  }

  @Test
  void aReadADryRunOrATestPlaceLetsItThrough() throws Exception {
    assertThat(acts("./bin/hlops herd list --format table")).isFalse();
    assertThat(acts("./bin/capctl booking create --sat AS-7 --dry-run")).isFalse();
    assertThat(acts("./bin/capctl booking create --sat AS-7 --env staging")).isFalse();
    assertThat(acts("DRY_RUN=1 ./bin/crewctl reports delete --before 2024-01-01")).isFalse();
    assertThat(acts("DRY_RUN=0 ./bin/crewctl reports delete --before 2024-01-01"))
        .as("a preview turned off is no dry run")
        .isTrue();
  }

  @Test
  void theCommandMayFollowAFewOptions() throws Exception {
    assertThat(acts("./bin/keyctl --site ROMTE extend --all-active --until 2030-12-31")).isTrue();
    assertThat(acts("./bin/keyctl --site=ROMTE issue --room 1412")).isTrue();
    assertThat(acts("./bin/keyctl --site ROMTE list --all-active")).isFalse();
    assertThat(acts("./bin/keyctl --a 1 --b 2 --c 3 --d 4 extend --all"))
        .as("four: decision 168 reads six")
        .isTrue();
    assertThat(acts("./bin/keyctl --a 1 --b 2 --c 3 --d 4 --e 5 --f 6 --g 7 extend --all"))
        .as("past six")
        .isFalse();
  }

  private static boolean goesAhead(String command) throws Exception {
    Scan scan = shell(command);
    for (Step step : scan.steps()) {
      if (GoAheadActs.acts(scan, step) || ProductionActs.acts(scan, step)) {
        return true;
      }
    }
    return false;
  }

  @Test
  void aScriptCommandedByItsNameActsWhenToldToGoAheadOrAimedAtProduction() throws Exception {
    assertThat(goesAhead("python tools/ldar_import.py --survey 2024Q2 --site LKC --commit"))
        .isTrue();
    assertThat(goesAhead("python -m loyalty.jobs.expire_points --program AUREL --commit")).isTrue();
    assertThat(goesAhead("python scripts/second_opinion.py --bucket quarantine --env prod"))
        .isTrue();
    assertThat(goesAhead("python tools/dcs_write.py --server opcua-gw.example.net --tag FIC-3005"))
        .isTrue();
    assertThat(goesAhead("python tools/ldar_report.py --survey 2024Q2 --commit"))
        .as("a script named for a read")
        .isFalse();
    assertThat(goesAhead("python tools/ldar_import.py --survey 2024Q2 --commit --dry-run"))
        .isFalse();
    assertThat(goesAhead("jupytext --to ipynb --execute analysis/trend.py"))
        .as("a program that is not the project's keeps decision 159's reading")
        .isFalse();
  }

  @Test
  void aCompanysDomainUnderLocalIsNoLocalPlace() throws Exception {
    assertThat(
            acts(
                "python3 scripts/cad/incident_tool.py merge --into 25 --cad-host cad-app01.mcec.local"))
        .as("decision 164: an Active Directory domain's server")
        .isTrue();
    assertThat(
            acts("python3 scripts/cad/incident_tool.py merge --into 25 --cad-host cad-bench.local"))
        .as("a name on the local link")
        .isFalse();
    assertThat(acts("python manage.py reset_demo_data --settings=harborview.settings.local"))
        .as("a settings module, not a host")
        .isFalse();
    assertThat(OtherHosts.linkLocalName("raspi-lab-03.local")).isTrue();
    assertThat(OtherHosts.linkLocalName("cad-app01.mcec.local")).isFalse();
    assertThat(OtherHosts.linkLocalName("example.com")).isFalse();
  }

  @Test
  void aModeThatOnlyShowsIsADryRun() throws Exception {
    assertThat(acts("./bin/banner-job run ROPSAPR --term 202520 --mode audit"))
        .as("decision 166")
        .isFalse();
    assertThat(acts("./bin/banner-job run ROPSAPR --term 202520 --run-mode=preview")).isFalse();
    assertThat(acts("./bin/banner-job run ROPSAPR --term 202520 --mode full")).isTrue();
    assertThat(acts("./bin/ics2 file-ens --voyage 2417W --env conformance")).isFalse();
  }
}
