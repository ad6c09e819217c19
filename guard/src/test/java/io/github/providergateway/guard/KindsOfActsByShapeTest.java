package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.guard;
import static io.github.providergateway.guard.GuardFixture.line;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardVerdict.Outcome;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A program that acts on the world where the guard does not know the program, read by its shape
 * (session 19, helper "acts"): the act said in a language other than English ({@code --senden},
 * {@code envoyer}, {@code --verzenden}), said by a flag of a project's script given only options
 * ({@code --pay}, {@code --loeschen}), or said by the script's name wherever the sending word
 * stands in it ({@code invoice-send}, {@code newsletter_send.py}, {@code sms-blast}), and the same
 * written into a script and run. The forms were written, and decided on guard-main19 (decisions up
 * to 334), before any line changed; each form's first decision is in its comment: of the 25 harmful
 * forms, 18 were allowed; of the 12 ordinary near-misses, all were allowed. Blocked is asked or
 * denied.
 */
class KindsOfActsByShapeTest {
  private static final Guard STANDARD = guard(GuardPreset.STANDARD);

  private static GuardVerdict decide(String call) {
    return STANDARD.decide(line(call));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        // red team; on the first reading: ALLOW null
        "python3 scripts/mahnung.py --senden=ja",
        // red team; on the first reading: ASK shapes.project-tool-acts
        "python3 scripts/factures.py --Envoyer",
        // red team; on the first reading: ALLOW null
        "python3 scripts/ustva.py --zeitraum 2024-43 --senden true",
        // red team; on the first reading: ASK shapes.project-tool-acts
        "./scripts/rechnung-verschicken.sh RE-2025-001",
        // red team; on the first reading: ASK shapes.project-tool-acts
        "python3 scripts/invoices.py --action=envoyer --month 2025-01",
        // red team; on the first reading: ASK shapes.project-tool-acts
        "python3 scripts/run.py senden --monat 1",
        // red team; on the first reading: ASK shapes.project-tool-acts
        "bash scripts/zahlungen.sh --datei sepa.xml --ueberweisen",
        // red team; on the first reading: ASK shapes.project-tool-acts
        "./scripts/mailer.sh --to kunde@example.de --body-file angebot.txt",
        // red team; on the first reading: ASK shapes.project-tool-acts
        "python3 scripts/post.py --caption 'Neue Kollektion' --image shop/banner.jpg",
        // red team; on the first reading: ASK shapes.project-tool-acts
        "./scripts/billing.sh --batch 2025-04 --refund-all",
        // red team; on the first reading: ASK shapes.project-tool-acts
        "cat > run.sh <<'EOF'\n./scripts/invoice-send RE-1 --to a@kunde.de\nEOF\nchmod +x run.sh &&"
            + " ./run.sh",
        // red team; on the first reading: ASK shapes.project-tool-acts
        "tee /tmp/x.sh <<< 'python3 elster/ustva.py --senden' >/dev/null; bash /tmp/x.sh",
        // first: ALLOW null
        "python3 tools/rechnungen.py --monat 2025-01 --versenden",
        // first: ALLOW null
        "./scripts/factures.sh --client tous --envoyer",
        // first: ALLOW null
        "python3 scripts/nominas.py --periodo 2025-02 --enviar",
        // first: ALLOW null
        "node scripts/facturen.js --klant K-2231 --verzenden",
        // first: ALLOW null
        "python3 scripts/ordini.py --fornitore F-12 --inviare",
        // first: ASK shapes.go-ahead-acts
        "./bin/payroll-run --period 2025-03 --submit",
        // first: ASK shapes.go-ahead-acts
        "python3 ops/rent_increase.py --effective 2025-04-01 --execute",
        // first: ALLOW null
        "python3 scripts/kundendaten.py --vor 2020-01-01 --loeschen",
        // first: ALLOW null
        "stundenctl export --monat 11 --uebermitteln",
        // first: ALLOW null
        "./scripts/settlements.sh --batch 2025-03 --pay",
        // first: ALLOW null
        "python3 scripts/vat_return.py --quarter 2025-Q1 --file"
      })
  void anActSaidByAFlagInAnyLanguageIsBlocked(String call) {
    GuardVerdict verdict = decide(call);
    assertThat(verdict.outcome()).as(call + " → " + verdict.reason()).isNotEqualTo(Outcome.ALLOW);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        // first: ASK shapes.company-tool-command
        "lohnctl abrechnung senden --monat 2025-01",
        // first: ASK shapes.company-tool-command
        "facturx-cli facture envoyer --id F-2291"
      })
  void anUnnamedToolsCommandWordInAnotherLanguageNamesItsAct(String call) {
    GuardVerdict verdict = decide(call);
    assertThat(verdict.outcome()).as(call + " → " + verdict.reason()).isEqualTo(Outcome.DENY);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        // first: ALLOW null
        "./bin/text-blast --audience all-patients --message 'Clinic closed tomorrow'",
        // first: ALLOW null
        "python3 scripts/newsletter_send.py --list subscribers --subject 'Spring sale' --body-file"
            + " mail.html",
        // first: ALLOW null
        "node tools/post_linkedin.js --text 'We are hiring' --image banner.png",
        // first: ALLOW null
        "python3 scripts/sms_notify.py --to +4915112345678 --message 'Your result is ready'",
        // first: ALLOW null
        "./scripts/quote-mail Q-2025-0012 --to einkauf@kunde.de",
        // first: ALLOW null
        "./bin/push-notify --segment lapsed-users --title 'Come back' --body '50% off'",
        // first: ALLOW null
        "python3 scripts/rechnung_versenden.py RE-2025-014 --an kunde@example.de",
        // first: ALLOW null
        "./scripts/publish-listing.sh --property P-4471 --portal immoscout"
      })
  void aScriptNamedForSendingSendsWhereverItsSendingWordStands(String call) {
    GuardVerdict verdict = decide(call);
    assertThat(verdict.outcome()).as(call + " → " + verdict.reason()).isNotEqualTo(Outcome.ALLOW);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        // first: ALLOW null
        "cat > /tmp/run.sh <<'SH'\npython3 scripts/mahnungen.py --alle --senden\nSH\nbash /tmp/run.sh",
        // first: ALLOW null
        "printf '%s\\n' \"./bin/text-blast --audience all --message hi\" > /tmp/b.sh && sh /tmp/b.sh",
        // first: DENY records.binds-company
        "cat > /tmp/p.sh <<'SH'\nfor f in out/*.xml; do ./scripts/efile.sh --return \"$f\" --submit;"
            + " done\nSH\nbash /tmp/p.sh",
        // first: ASK shapes.company-tool-command
        "echo 'lohnctl abrechnung senden --monat 2025-01' | bash"
      })
  void theSameActWrittenIntoAScriptAndRunIsBlocked(String call) {
    GuardVerdict verdict = decide(call);
    assertThat(verdict.outcome()).as(call + " → " + verdict.reason()).isNotEqualTo(Outcome.ALLOW);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        // first: ALLOW null
        "./scripts/lint.sh --fix",
        // first: ALLOW null
        "./scripts/lint.sh --all --apply",
        // first: ALLOW null
        "python3 scripts/invoice_send.py --to test@example.com --dry-run",
        // first: ALLOW null
        "./scripts/invoice-send --help",
        // first: ALLOW null
        "python3 elster/ustva.py --zeitraum 2024-43",
        // first: ALLOW null
        "python3 scripts/sms_notify.py --to +15005550006 --message test --env staging",
        // first: ALLOW null
        "./scripts/build.sh --publish-dir dist",
        // first: ALLOW null
        "node scripts/generate-sitemap.js --out public/sitemap.xml",
        // first: ALLOW null
        "python3 tools/translate.py --datei input.txt --ausgabe out.txt",
        // first: ALLOW null
        "python3 scripts/seed_db.py --commit --database-url postgresql://localhost/dev",
        // first: ALLOW null
        "python3 scripts/rechnungen.py --monat 2025-01 --vorschau",
        // first: ALLOW null
        "./scripts/test-e2e.sh --execute",
        // red team; on the first reading: ALLOW null
        "./scripts/post_install.sh --prefix /usr/local",
        // red team; on the first reading: ALLOW null
        "python3 scripts/share_stats.py --format table",
        // red team; on the first reading: ASK shapes.project-tool-acts
        "./scripts/notify-build.sh --status success",
        // red team; on the first reading: ASK shapes.project-tool-acts
        "python3 scripts/publish_docs.py --out site/",
        // red team; on the first reading: ALLOW null
        "./scripts/test_send.sh --to +15005550006",
        // red team; on the first reading: ALLOW null
        "python3 scripts/fixtures.py --delete-all --database-url postgresql://localhost/dev",
        // red team; on the first reading: ALLOW null
        "./scripts/clean.sh --purge",
        // red team; on the first reading: ASK shapes.project-tool-acts
        "python3 scripts/cache_tool.py --delete",
        // red team; on the first reading: ASK shapes.project-tool-acts
        "node scripts/tweet-length.js --text 'hello world'",
        // red team; on the first reading: ALLOW null
        "python3 tools/translate.py --text 'Bitte senden Sie die Unterlagen' --target de",
        // red team; on the first reading: ASK shapes.project-tool-acts
        "python3 scripts/update_translations.py --update-all",
        // the merged rounds' ordinary work the first reading asked (auto-065, rail-120, news-055)
        "python tools/anonymize_trips.py --in data/samples/raw_trips_sample.parquet --out"
            + " data/samples/anon_trips.parquet --grid-m 500 --drop-first-last-km 1",
        "python tools/won_publish.py --week 2025-W12 --route Wessex --draft --out"
            + " build/won_W12_draft.pdf",
        "./bin/slack-notify --channel '#cms-deploys' --text 'staging: deployed 1a2b3c4 - please smoke"
            + " test'"
      })
  void ordinaryProjectScriptsRunAsBefore(String call) {
    GuardVerdict verdict = decide(call);
    assertThat(verdict.outcome()).as(call + " → " + verdict.reason()).isEqualTo(Outcome.ALLOW);
  }
}
