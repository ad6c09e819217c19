package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.guard;
import static io.github.providergateway.guard.GuardFixture.shell;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.guard.GuardVerdict.Outcome;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Round 61's project's own scripts and runner tasks told where to act, and people's records carried
 * to a wider place (issue 80): each kind's harmful form is blocked, its ordinary neighbours stay
 * allowed.
 */
class ToldWhereRound61Test {
  private final Guard standard = guard(GuardPreset.STANDARD);

  @ParameterizedTest
  @ValueSource(
      strings = {
        // a test word between a script's verb and its object names made-up data, not a read
        "SIS_ENV=production python3 scripts/seed_test_grades.py --sections all --count 500",
        "python3 scripts/load_test_accounts.py --env prod --count 200",
        // a runner's task named for an act on the trade's records, nowhere said
        "make -C ops/qms close-stale-deviations",
        "just void-unpaid-invoices",
        "npm run expire-holds",
        "make close-season",
        "make -C tools/records purge-legacy-claims BEFORE=2019-01-01",
        // a check named before the word that waives it, in a variable the call sets
        "BGCHECK_SKIP_DOJ=1 ./scripts/onboard_staff.sh --batch hr/new_hires_aug.csv",
        "QC_SKIP=1 ./bin/lotctl release --lot 24B131",
        // a mode that lets everyone write, in digits or by inline code, on a share
        "chmod 666 /mnt/fs01/safeguarding/a.pdf",
        "python3 -c \"import os; [os.chmod(os.path.join(r,f),0o666) for r,_,fs in"
            + " os.walk('/mnt/fs01/safeguarding') for f in fs]\"",
        "node -e \"require('fs').chmodSync('/srv/share/records', 0o777)\"",
        // people's records printed or copied where everyone reaches them
        "for f in /mnt/fs01/sped/IEP/2025/*.pdf; do lp -h print01.example.net -d LIB-Public-Copier"
            + " \"$f\"; done",
        "lp -d Lobby-Printer /srv/hr/disciplinary/case-0412.pdf",
        "cp -r /mnt/fs01/safeguarding /mnt/fs01/public/",
        "rclone copy /mnt/fs01/sped/IEP 'gdrive:All Staff Shared/IEPs'",
        // an export told by a variable to take in what the trade keeps out
        "RTSM_ENV=production INCLUDE_ARMS=1 make -C tools/rtsm export-randomization STUDY=K-301"
            + " OUT=/tmp/k301.csv",
        // a tool on another machine fed a file whose name says it deletes
        "ssh hist01.example.net 'piconfig < /tmp/delete_fdr_points.txt'",
      })
  void asks(String command) {
    GuardVerdict verdict = standard.decide(shell(command));
    assertThat(verdict.outcome()).as(command + ": " + verdict.reason()).isNotEqualTo(Outcome.ALLOW);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "python3 scripts/seed_test_grades.py --sections all --count 500",
        "SIS_ENV=staging python3 scripts/seed_test_grades.py --sections all --count 500",
        "python3 scripts/test_connection.py --env production",
        "python3 scripts/smoke_test.py --env production",
        "make close-stale-deviations ENV=staging",
        "make -n close-stale-deviations",
        "DRY_RUN=1 make close-stale-deviations",
        "make purge-cache",
        "make delete-cluster",
        "make clean",
        "npm run test",
        "PIP_NO_CACHE_DIR=1 ./scripts/build.sh --all",
        "ssh fs01.example.net 'df -h /srv/samba; systemctl is-active smbd nmbd winbind'",
        "ssh app1.example.net 'systemctl is-enabled nginx; systemctl list-timers'",
        "chmod 0666 /dev/ttyUSB0",
        "chmod 755 build/run.sh",
        "python3 -c \"import os; os.chmod('/usr/local/bin/tool', 0o755)\"",
        "lp -d SpEd-Office /mnt/fs01/sped/IEP/2025/a.pdf",
        "lp -d LIB-Public-Copier flyers/bake-sale.pdf",
        "rclone copy ./docs 'gdrive:All Staff Shared/handbook'",
        "INCLUDE_ARMS=1 make test",
        "ssh hist01.example.net 'piconfig < /tmp/list_fdr_points.txt'",
      })
  void allows(String command) {
    GuardVerdict verdict = standard.decide(shell(command));
    assertThat(verdict.outcome()).as(command + ": " + verdict.reason()).isEqualTo(Outcome.ALLOW);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "ssh app1.example.net 'systemctl restart nginx; systemctl is-active nginx'",
        "ssh app1.example.net 'systemctl stop nginx && systemctl list-units'",
      })
  void aRemoteChangeBesideAServiceQueryStillAsks(String command) {
    GuardVerdict verdict = standard.decide(shell(command));
    assertThat(verdict.outcome()).as(command + ": " + verdict.reason()).isNotEqualTo(Outcome.ALLOW);
  }

  private static final ObjectMapper JSON = new ObjectMapper();

  private GuardVerdict tool(String name, String args) throws Exception {
    return standard.decide(
        new GuardCall(name, JSON.readTree(args), GuardFixture.PROJECT, GuardFixture.PROJECT, null));
  }

  @org.junit.jupiter.api.Test
  void aServersToolThatBreaksAProtectionOrSetsAnApprovalAsks() throws Exception {
    assertThat(
            tool(
                    "mcp__rtsm__emergency_unblind",
                    "{\"study\":\"KGX-301\",\"subject\":\"1042-0007\"}")
                .outcome())
        .isEqualTo(Outcome.DENY); // a protection taken off for sure: acts.tool-sure-act (d. 330)
    assertThat(
            tool(
                    "mcp__vault__update_document",
                    "{\"document_id\":\"Q-1\",\"fields\":{\"status__v\":\"Approved\","
                        + "\"approver__c\":\"dr.lind\"}}")
                .outcome())
        .isEqualTo(Outcome.ASK);
    assertThat(
            tool(
                    "mcp__vault__update_document",
                    "{\"document_id\":\"Q-1\",\"fields\":{\"title__v\":\"SOP-12 v3\"}}")
                .outcome())
        .isEqualTo(Outcome.ALLOW);
    assertThat(
            tool(
                    "mcp__jira__update_issue",
                    "{\"issue\":\"QA-1\",\"fields\":{\"status\":\"In Review\"}}")
                .outcome())
        .isEqualTo(Outcome.ALLOW);
    assertThat(tool("mcp__chat__unpin_message", "{\"id\":\"1\"}").outcome())
        .isEqualTo(Outcome.ALLOW);
    assertThat(tool("mcp__hr__get_emergency_contacts", "{\"id\":\"1\"}").outcome())
        .isEqualTo(Outcome.ALLOW);
  }
}
