package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.PROJECT;
import static io.github.providergateway.guard.GuardFixture.edit;
import static io.github.providergateway.guard.GuardFixture.guard;
import static io.github.providergateway.guard.GuardFixture.json;
import static io.github.providergateway.guard.GuardFixture.read;
import static io.github.providergateway.guard.GuardFixture.shell;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardVerdict.Outcome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A person's rule given {@code "acts": true} (decision 311): it matches a call that changes what it
 * names, and lets through what the guard reads as a look at it. Round 57's people wrote rules about
 * their production and their company's tools, and 11 of the 14 ordinary calls those rules asked
 * about were looks; each look here is asked by the same rule without {@code acts}, so a reading
 * that let everything through as a look, or none, fails a test.
 */
class PersonRulesActsTest {

  private static final String KUBE =
      """
      {"rules": [{"id": "prod-kube", "action": "ask", "command": "kubectl * --context acme-prod*",
                  "reason": "production is changed by the person", "acts": ACTS}]}
      """;

  private static final String TOOL =
      """
      {"rules": [{"id": "fvg", "action": "ask", "command": "fvg *", "acts": ACTS},
                 {"id": "prod-db", "action": "deny", "arg": {"command": "*pms-db.prod.fvg.internal*"},
                  "acts": ACTS}]}
      """;

  private static Guard withActs(String rules, boolean acts) {
    return guard(rules.replace("ACTS", Boolean.toString(acts)));
  }

  /** Asserts the call blocked and {@code rule} among what matched (a built-in may outrank it). */
  private static void asked(Guard guard, String command, String rule) {
    GuardExplanation explained = guard.explain(shell(command));
    assertThat(explained.verdict().outcome())
        .as(command + ": " + explained.verdict().reason())
        .isNotEqualTo(Outcome.ALLOW);
    assertThat(explained.matched()).as(command).anyMatch(line -> line.startsWith(rule + ": "));
  }

  private static void allowed(Guard guard, String command) {
    GuardVerdict verdict = guard.decide(shell(command));
    assertThat(verdict.outcome()).as(command + ": " + verdict.reason()).isEqualTo(Outcome.ALLOW);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "kubectl --context acme-prod -n pay get pods",
        "kubectl --context acme-prod-euw2 -n airflow logs deploy/airflow-scheduler --since=2h"
            + " | grep -i settlement | tail -50",
        "kubectl --context acme-prod -n pay describe hpa api",
        "kubectl --context=acme-prod -n pay get deploy,hpa -o wide",
        "kubectl --context acme-prod -n pay apply -f k8s/api.yaml --dry-run=server",
        "kubectl --context acme-prod -n pay diff -f k8s/api.yaml",
        "cd services/pay && kubectl --context acme-prod -n pay get cronjobs",
      })
  void aLookAtProductionIsLetThroughOnlyByActs(String command) {
    allowed(withActs(KUBE, true), command);
    asked(withActs(KUBE, false), command, "prod-kube");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "kubectl --context acme-prod -n pay delete pod api-7f9c",
        "kubectl --context acme-prod -n pay rollout restart deploy/api",
        "kubectl --context acme-prod -n pay scale deploy/api --replicas=0",
        "kubectl --context acme-prod -n pay set env deploy/api FEATURE_X=on",
        "kubectl --context acme-prod -n pay apply -f k8s/api.yaml",
        // a word the guard cannot read is no look: a variable cannot pass for get
        "kubectl --context acme-prod -n pay \"$VERB\" pods",
      })
  void aChangeIsStillAsked(String command) {
    GuardVerdict verdict = withActs(KUBE, true).decide(shell(command));
    assertThat(verdict.outcome()).as(command + ": " + verdict.reason()).isNotEqualTo(Outcome.ALLOW);
  }

  @Test
  void theCompanysToolIsAskedForItsActsNotItsLooks() {
    Guard acts = withActs(TOOL, true);
    for (String look :
        new String[] {
          "fvg imaging worklist show --modality ct-leeds --env prod",
          "fvg appt list --clinic hgt01 --date today",
          "fvg deploy status --env prod",
          "fvg pay refund --invoice INV-1 --dry-run",
          "fvg pay refund --invoice INV-1 --env staging",
          "fvg pay refund --invoice INV-1 --env staging && ls -l out/",
          "fvg imaging study show ST-1 --env prod --output yaml",
          "fvg pay refund --invoice INV-1 --dry-run > /tmp/refund-preview.csv",
        }) {
      allowed(acts, look);
      asked(withActs(TOOL, false), look, "fvg");
    }
    asked(acts, "fvg pay refund --invoice INV-88121 --amount 420.00", "fvg");
    asked(acts, "fvg patient merge --from P-1 --into P-2", "fvg");
    asked(acts, "fvg deploy status --env prod --commit", "fvg");
    // a command word that acts after the read: the read word names the thing (CAT, an audit trail)
    asked(acts, "fvg --env prod cat submit --date 2025-03-13 --file out/cat/events.json", "fvg");
    // a look piped to a program that sends is carried away, whichever program the rule named
    asked(acts, "fvg case show --env prod C-0117 | gh issue comment 412 --body-file -", "fvg");
    // a remote shell's command is judged by its own programs; a session with none is no look
    Guard salt =
        guard(
            """
            {"rules": [{"id": "salt", "action": "ask", "command": "salt *", "acts": true}]}
            """);
    allowed(salt, "ssh salt.fvg.internal \"sudo salt 'ws03' state.apply desktop.lock test=True\"");
    asked(salt, "ssh salt.fvg.internal \"sudo salt 'ws03' state.apply desktop.lock\"", "salt");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "fvg client export --all --format csv",
        "fvg lab results download --since 2024-01-01",
        "fvg db dump --schema clinical",
        "fvg patient history --id P-1 --out /tmp/p1.csv",
        "fvg patient history --id P-1 --output p1",
        "fvg invoices print --batch B-12",
      })
  void aReadThatCarriesWhatItReadsAwayIsNoLook(String command) {
    asked(withActs(TOOL, true), command, "fvg");
  }

  @Test
  void aDatabaseClientLooksOnlyWhenEveryStatementReads() {
    Guard acts = withActs(TOOL, true);
    allowed(
        acts,
        "psql postgres://ro@pms-db.prod.fvg.internal/pms -c \"SELECT clinic, count(*) FROM visits"
            + " GROUP BY 1\" | head -20");
    asked(
        withActs(TOOL, false),
        "psql postgres://ro@pms-db.prod.fvg.internal/pms -c \"SELECT count(*) FROM visits\"",
        "prod-db");
    asked(
        acts,
        "psql postgres://app@pms-db.prod.fvg.internal/pms -c \"UPDATE visits SET fee = 0\"",
        "prod-db");
    asked(acts, "psql postgres://app@pms-db.prod.fvg.internal/pms < fix.sql", "prod-db");
  }

  @Test
  void aServerToolLooksByItsNameAndStatement() {
    Guard acts =
        guard(
            """
            {"rules": [{"id": "kobo", "action": "ask", "tool": "mcp__kobo__*", "acts": true},
                       {"id": "sf", "action": "ask", "tool": "mcp__salesforce__*", "acts": true}]}
            """);
    assertThat(decide(acts, "mcp__kobo__list_forms", "{}").allowed()).isTrue();
    assertThat(decide(acts, "mcp__kobo__get_submission", "{\"id\": \"s-1\"}").allowed()).isTrue();
    assertThat(decide(acts, "mcp__kobo__send_reminder", "{\"id\": \"f-1\"}").ruleId())
        .isEqualTo("kobo");
    // a sure act's built-in deny stands above the person's ask (decision 330)
    assertThat(decide(acts, "mcp__kobo__delete_form", "{\"id\": \"f-1\"}").ruleId())
        .isEqualTo("acts.tool-sure-act");
    assertThat(decide(acts, "mcp__kobo__export_submissions", "{\"id\": \"f-1\"}").ruleId())
        .isEqualTo("kobo");
    assertThat(
            decide(acts, "mcp__salesforce__query", "{\"soql\": \"SELECT Id FROM Campaign\"}")
                .allowed())
        .isTrue();
    GuardCall update =
        new GuardCall(
            "mcp__salesforce__query",
            json("{\"query\": \"UPDATE Campaign SET IsActive = false\"}"),
            PROJECT,
            PROJECT,
            null);
    assertThat(acts.explain(update).matched()).anyMatch(line -> line.startsWith("sf: "));
    Guard always =
        guard("{\"rules\": [{\"id\": \"kobo\", \"action\": \"ask\", \"tool\": \"mcp__kobo__*\"}]}");
    assertThat(decide(always, "mcp__kobo__list_forms", "{}").ruleId()).isEqualTo("kobo");
  }

  @Test
  void anEditAlwaysActsAndAReadLooks() {
    Guard acts =
        guard(
            """
            {"rules": [{"id": "margin", "action": "ask", "path": "config/prod/margin/**",
                        "acts": true}]}
            """);
    assertThat(acts.decide(edit(PROJECT + "/config/prod/margin/limits.yaml")).ruleId())
        .isEqualTo("margin");
    assertThat(acts.decide(read(PROJECT + "/config/prod/margin/limits.yaml")).allowed()).isTrue();
  }

  @Test
  void actsIsReadOnlyAsTrueOrFalseAndOnlyForDenyAndAsk() {
    GuardSettings notBoolean = oneRule("ask", "\"yes\"");
    assertThat(notBoolean.rules()).isEmpty();
    assertThat(notBoolean.problems()).singleElement().asString().contains("acts: true or false");
    GuardSettings onAllow = oneRule("allow", "true");
    assertThat(onAllow.allow()).isEmpty();
    assertThat(onAllow.problems()).singleElement().asString().contains("acts: for deny and ask");
    GuardSettings read = oneRule("ask", "true");
    assertThat(read.rules()).singleElement().extracting(PlainRule::acts).isEqualTo(true);
  }

  private static GuardSettings oneRule(String action, String acts) {
    return GuardSettings.personal(
        json(
            "{\"rules\": [{\"id\": \"a\", \"action\": \"%s\", \"command\": \"x *\", \"acts\": %s}]}"
                .formatted(action, acts)));
  }

  private static GuardVerdict decide(Guard guard, String tool, String args) {
    return guard.decide(new GuardCall(tool, json(args), PROJECT, PROJECT, null));
  }
}
