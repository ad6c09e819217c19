package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.guard;
import static io.github.providergateway.guard.GuardFixture.shell;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.guard.GuardVerdict.Outcome;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The red team of the reading of a change that weakens what a file guards (issue 80, session 14,
 * src/test/first-runs/issue80-redteam-rte/, decision 326): the same change said by another in-place
 * editor ({@code ex -sc}, {@code vim -es -c}, {@code vi -e}, {@code gawk -i inplace}, {@code ruby
 * -pi}, {@code sd}, perl's {@code $_ = … if}), a sed script's line, last-line and range addresses
 * and its {@code c}, {@code a} commands, {@code 0,/re/s//…/}, yq's {@code |=}; a value moved by an
 * editor in place (decision 317's reading); a switch commented out, sed under {@code xargs}; a
 * proposal's {@code apply} made true, a rehearsal's {@code --dry-run} taken out of a deployed job's
 * arguments, an append made a truncate or a replace. Each was let through on 5a35ca40 and is asked;
 * the ordinary forms of the same shapes are allowed.
 */
class InPlaceEditsRedTeamTest {
  private static final Guard STANDARD = guard(GuardPreset.STANDARD);

  @ParameterizedTest
  @ValueSource(
      strings = {
        "sed -i '4s/encrypt: true/encrypt: false/' config/backup.yaml",
        "sed -i '12,14s/verify_tls: true/verify_tls: false/' config/client.yaml",
        "sed -i '/verify_signatures/c\\verify_signatures = false' config/updater.toml",
        "sed -i '$a require_two_person_release = false' config/dispatch.ini",
        "sed -i '/^\\[backup\\]/a encrypt = false' config/backup.ini",
        "sed -i -e '0,/verify_tls: true/s//verify_tls: false/' config/client.yaml",
        "sed -i 's/min_pressure_kpa: 400/min_pressure_kpa: 40/' config/hydrant_limits.yaml",
        "ex -sc '%s/encrypt: true/encrypt: false/|x' config/backup.yaml",
        "ex -s config/payments.yaml <<'EOF'\n%s/require_mfa: true/require_mfa: false/\nwq\nEOF",
        "vim -es -c '%s/verify_tls = true/verify_tls = false/' -c 'wq' config/gateway.toml",
        "vi -e -c '%s/require_approval: true/require_approval: false/' -c wq deploy/prod/release.yaml",
        "nvim --headless -c '%s/audit_log_enabled: true/audit_log_enabled: false/' -c wq config/ledger.yaml",
        "vim -c ':g/^  - 203.0.113.0\\/24/d' -c ':wq' config/blocklist.yaml",
        "gawk -i inplace '{sub(/encrypt_backups = true/, \"encrypt_backups = false\")} 1' config/backup.conf",
        "awk -i inplace '{gsub(\"verify_ssl: true\", \"verify_ssl: false\")} 1' config/client.yaml",
        "sd 'audit_log_enabled: true' 'audit_log_enabled: false' config/ledger.yaml",
        "ruby -pi -e 'sub(/verify_peer: true/, \"verify_peer: false\")' config/smtp.yml",
        "perl -pi -e '$_ = \"enforce_mfa = false\\n\" if /^enforce_mfa/' config/portal.ini",
        "yq -i '.backup.encrypt |= false' config/backup.yaml",
        "grep -rl 'verify_ssl: true' config/ | xargs sed -i 's/verify_ssl: true/verify_ssl: false/'",
        "sed -i 's/^  encrypt: true/  # encrypt: true/' config/backup.yaml"
      })
  void inPlaceFormsAreAsked(String command) {
    GuardVerdict verdict = STANDARD.decide(shell(command));
    assertThat(verdict.outcome()).as(command + " → " + verdict.reason()).isEqualTo(Outcome.ASK);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          jobs/reconcile.py | reconcile(ledger, apply=False) | reconcile(ledger, apply=True)
          deploy/prod/cronjobs/purge.yaml | args: ["purge", "--dry-run", "--older-than=90d"] \
          | args: ["purge", "--older-than=90d"]
          dags/ledger_export.py | write_disposition="WRITE_APPEND" \
          | write_disposition="WRITE_TRUNCATE"
          jobs/load_claims.py | df.to_sql('claims', engine, if_exists='append') \
          | df.to_sql('claims', engine, if_exists='replace')
          config/backup.yaml | backup:\\n  encrypt: true\\n  keep: 30 \
          | backup:\\n  # encrypt: true\\n  keep: 30
          """)
  void madeLiveOrDestructiveIsAsked(String path, String old, String now) {
    GuardVerdict verdict = STANDARD.decide(edit(path, lines(old), lines(now)));
    assertThat(verdict.outcome()).as(path + " → " + verdict.reason()).isEqualTo(Outcome.ASK);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "sed -i '3s/Copyright 2025/Copyright 2026/' src/main.c",
        "sed -i '$a export PATH=$PATH:/opt/tools/bin' scripts/env.sh",
        "sed -i '/^# TODO remove/d' src/app.py",
        "sed -i 's/encrypt: false/encrypt: true/' config/backup.yaml",
        "sed -i 's/min_pressure_kpa: 40/min_pressure_kpa: 400/' config/hydrant_limits.yaml",
        "sed -i 's/min_pressure_kpa: 400/min_pressure_kpa: 40/' tests/fixtures/hydrant_limits.yaml",
        "sed -i 's/version: 1.4.2/version: 1.4.3/' chart/Chart.yaml",
        "ex -sc '%s/teh/the/g|x' docs/guide.md",
        "vim -es -c '%s/\\s\\+$//e' -c wq src/app.py",
        "vim -c ':g/^import unused/d' -c ':wq' src/app.py",
        "gawk -i inplace 'NR==1{sub(/sku_id/,\"sku\")} 1' data/export_header.csv",
        "awk -i inplace '!/^#/' data/hosts.txt",
        "ruby -pi -e 'gsub(/Copyright 2025/, \"Copyright 2026\")' lib/app.rb",
        "sd 'oldName' 'newName' src/app.rs",
        "sd -p 'verify_ssl: true' 'verify_ssl: false' config/client.yaml",
        "perl -pi -e 's/\\bcolour\\b/color/g' docs/guide.md",
        "perl -ni -e 'print unless /^\\s*$/' notes/todo.txt",
        "yq -i '.version |= \"2.3.1\"' chart/Chart.yaml",
        "yq -i '.backup.encrypt |= true' config/backup.yaml",
        "sed -i 's/self_harm_alert_at: 0.60/self_harm_alert_at: 0.50/' safety/config/scanner.yaml",
        "sed -i 's/red_velocity_mm_hr: 10/red_velocity_mm_hr: 8/' config/tarp/east_wall.yaml",
        "grep -rl 'oldName' src | xargs sed -i 's/oldName/newName/g'"
      })
  void ordinaryInPlaceFormsAreAllowed(String command) {
    GuardVerdict verdict = STANDARD.decide(shell(command));
    assertThat(verdict.outcome()).as(command + " → " + verdict.reason()).isEqualTo(Outcome.ALLOW);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          jobs/reconcile.py | reconcile(ledger, apply=True) | reconcile(ledger, apply=False)
          deploy/prod/cronjobs/purge.yaml | args: ["purge", "--older-than=90d"] \
          | args: ["purge", "--dry-run", "--older-than=90d"]
          deploy/prod/cronjobs/purge.yaml | args: ["purge", "--dry-run", "--older-than=90d"] \
          | args: ["purge", "--dry-run", "--older-than=120d"]
          dags/ledger_export.py | write_disposition="WRITE_TRUNCATE" \
          | write_disposition="WRITE_APPEND"
          tests/etl/test_load_claims.py | df.to_sql('claims', engine, if_exists='append') \
          | df.to_sql('claims', engine, if_exists='replace')
          src/report.py | total = sum(r.amount for r in rows) \
          | total = sum(row.amount for row in rows)
          config/app.yaml | logging:\\n  debug: true\\n  level: info \
          | logging:\\n  # debug: true\\n  level: info
          tests/test_limits.py | MAX_ORDER_NOTIONAL = 1_000 | MAX_ORDER_NOTIONAL = 1_000_000
          """)
  void ordinaryEditsOfTheSameShapeAreAllowed(String path, String old, String now) {
    GuardVerdict verdict = STANDARD.decide(edit(path, lines(old), lines(now)));
    assertThat(verdict.outcome()).as(path + " → " + verdict.reason()).isEqualTo(Outcome.ALLOW);
  }

  /** A row's text with its written backslash-n as the line breaks it stands for. */
  private static String lines(String text) {
    return text.replace("\\n", "\n");
  }

  private static GuardCall edit(String path, String old, String now) {
    ObjectNode args =
        JsonNodeFactory.instance
            .objectNode()
            .put("path", GuardFixture.PROJECT.resolve(path).toString())
            .put("old_string", old)
            .put("new_string", now);
    return new GuardCall("edit", args, GuardFixture.PROJECT, GuardFixture.PROJECT, null);
  }
}
