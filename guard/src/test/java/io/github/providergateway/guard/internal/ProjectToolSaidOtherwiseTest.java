package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Decision 168, the red team of decision 162 ({@code shapes.project-tool-acts}): the project's own
 * tool named, commanded or excused in words the decision did not read is read, and each form's
 * near-miss (a read, a developer's command, a dry run, test data) is not.
 */
class ProjectToolSaidOtherwiseTest {

  private static boolean acts(String command) throws Exception {
    return ProjectToolActsTest.acts(command);
  }

  @Test
  void theInterpretersOwnOptionsComeBeforeTheScript() throws Exception {
    assertThat(acts("python3 -u scripts/consent.py sign --form surgery --patient 77102")).isTrue();
    assertThat(acts("python -X utf8 -m tools.serialization commission --gtin 0539 --batch K24"))
        .isTrue();
    assertThat(acts("node --env-file=.env scripts/loyalty.mjs expire --program AUREL")).isTrue();
    assertThat(acts("python3 -u scripts/consent.py list --patient 77102")).isFalse();
    assertThat(acts("python3 -c 'import scripts.consent' sign --form surgery"))
        .as("inline code is no script")
        .isFalse();
  }

  @Test
  void aScriptWithoutAnExtensionAShellsScriptOrATypeScriptRunnersIsTheProjects() throws Exception {
    assertThat(acts("python3 bin/hlops cull ship --list dairy/cull/week-32.csv")).isTrue();
    assertThat(acts("bash scripts/members.sh lapse --older-than 90d --tier gold")).isTrue();
    assertThat(acts("npx tsx scripts/payouts.ts release --batch PO-2026-11-30")).isTrue();
    assertThat(acts("\"$PWD/bin/hlops\" cull ship --list dairy/cull/week-32.csv")).isTrue();
    assertThat(acts("python3 bin/hlops herd list --farm F12")).isFalse();
    assertThat(acts("bash -c 'echo scripts/members.sh lapse'"))
        .as("a shell's inline code")
        .isFalse();
    assertThat(acts("php bin/console cache:clear --env dev"))
        .as("a framework's own command line, run by its interpreter")
        .isFalse();
  }

  @Test
  void theCommandMayFollowSixOptions() throws Exception {
    assertThat(
            acts(
                "./bin/keyctl --site ROMTE --tenant rome --region eu --tz Europe/Rome extend"
                    + " --all-active"))
        .isTrue();
    assertThat(acts("./bin/keyctl --site ROMTE --tenant rome --region eu --tz X list --active"))
        .isFalse();
  }

  @Test
  void anActsLogOrJsonAnswerIsNoFileItMakes() throws Exception {
    assertThat(acts("./bin/hlops cull ship --list week-32.csv > /tmp/cull-run.log 2>&1")).isTrue();
    assertThat(acts("./bin/capctl booking create --sat AS-7 --customer C-0520 --format json"))
        .isTrue();
    assertThat(acts("./bin/hlops trace lot-report --lot ROM-25 > build/reports/r.csv")).isFalse();
    assertThat(acts("./bin/suppliers expiring --days 60 --format table")).isFalse();
  }

  @Test
  void aDevelopersWordThatNamesWhatAnActActsOnIsNoDevelopersCommand() throws Exception {
    assertThat(acts("./bin/accounts profile update --user 4411 --email a@example.org")).isTrue();
    assertThat(acts("./bin/payroll compute-and-pay --period 2026-11")).isTrue();
    assertThat(acts("./bin/edi build --partner WALMART --doc 856")).isFalse();
    assertThat(acts("./bin/perf profile api --duration 30s")).isFalse();
    assertThat(acts("./bin/app build-release --version 2.3")).isFalse();
  }

  @Test
  void aToolsNameThatReadsSaysNothingOfItsCommand() throws Exception {
    assertThat(acts("./bin/stock-check adjust --sku A1-2231 --qty 0 --site DUB")).isTrue();
    assertThat(acts("./bin/stock-check show --sku A1-2231")).isFalse();
  }

  @Test
  void aTestWordInARemarkIsNoTestData() throws Exception {
    assertThat(acts("./bin/claims close --all-open --ticket DEV-2231")).isTrue();
    assertThat(acts("./bin/notices send --template renewal --segment lapsed --ab-arm test"))
        .isTrue();
    assertThat(acts("./bin/crewctl roster swap --crew C12 --requested-by qa-lead")).isTrue();
    assertThat(acts("./bin/notices send --batch 2026-11 --render-mode preview")).isTrue();
    assertThat(acts("./bin/pricing reprice --zone 4 --batch TEST24-ITE-003"))
        .as("test data named, the excuse decision 165 kept for this rule")
        .isFalse();
    assertThat(acts("./bin/cards chargebacks accept --case CB-2211 --env conformance")).isFalse();
  }

  @Test
  void aCompanysLocalDomainInAUrlAGluedValueOrFullyQualifiedNamesNoTestPlace() throws Exception {
    String merge = "python3 scripts/cad/incident_tool.py merge --into 25-031390";
    assertThat(acts(merge + " --cad-url https://cad-app01.mcec.local/api")).isTrue();
    assertThat(acts(merge + " --cad-host=cad-app01.mcec.local")).isTrue();
    assertThat(acts(merge + " --cad-host cad-app01.mcec.local.")).isTrue();
    assertThat(acts(merge + " --cad-url http://localhost:8080/api")).isFalse();
    assertThat(acts(merge + " --cad-host=cad-bench.local")).isFalse();
  }

  @Test
  void helpIsAskedOnlyByAFlagThatTakesNoValue() throws Exception {
    assertThat(acts("./bin/cad -h cad-app01.example.com incident merge --into 25-031390")).isTrue();
    assertThat(acts("./bin/queuectl purge --queue help --older-than 1d")).isTrue();
    assertThat(acts("./bin/cad incident merge -h")).isFalse();
    assertThat(acts("./bin/queuectl purge --help")).isFalse();
  }

  @Test
  void aCommandOnTheToolsInputIsItsCommand() throws Exception {
    assertThat(acts("./bin/opsctl shell <<< 'invoices void --batch 2026-11'")).isTrue();
    assertThat(acts("./bin/hlops repl <<'EOF'\ncull ship --list dairy/cull/week-32.csv\nEOF"))
        .isTrue();
    assertThat(acts("echo 'roster swap --crew C12' | ./bin/crewctl --stdin")).isTrue();
    assertThat(acts("./bin/opsctl shell <<< 'invoices list --batch 2026-11'")).isFalse();
    assertThat(acts("./bin/opsctl shell <<< 'invoices void --batch 2026-11 --dry-run'")).isFalse();
    assertThat(acts("python manage.py shell <<'PY'\nfrom shop.models import Order\nPY"))
        .as("Django's shell takes Python on its input")
        .isFalse();
  }

  @Test
  void aDryRunsVariableKeepsOnlyTheCommandItIsWrittenBefore() throws Exception {
    assertThat(acts("DRY_RUN=1 ./bin/billing plan --batch 2026-11 && ./bin/billing void --batch 1"))
        .isTrue();
    assertThat(acts("DRY_RUN=1 ./bin/billing void --batch 2026-11")).isFalse();
    assertThat(acts("export DRY_RUN=1 && ./bin/billing void --batch 2026-11")).isFalse();
    assertThat(acts("DRY_RUN=1; ./bin/billing void --batch 2026-11")).isFalse();
  }
}
