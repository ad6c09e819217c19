package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Money sent from the person's bank account (session 16, round 73's home lab): AqBanking's CLI told
 * to send a transfer, a debit or a standing order ({@code aqbanking-cli sepatransfer}), the
 * python-fints library's transfer in inline code, and a browser tool's click on a button whose
 * label says it confirms a payment or a transfer, in English or another language ({@code Pay now},
 * {@code Überweisung jetzt ausführen}, {@code Valider le virement}). Not a button that opens a
 * form, cancels or goes back. Registered by {@link HousePredicates}.
 */
final class MoneyActs {
  private MoneyActs() {}

  /** AqBanking's jobs that send money or set up its sending. */
  private static final Set<String> BANK_JOBS =
      NameSet.of(
          "sepatransfer",
          "sepainternaltransfer",
          "sepadebitnote",
          "sepaflashdebitnote",
          "sepamultijobs",
          "sepasto",
          "transfer",
          "debitnote",
          "internaltransfer");

  /** A label's words that name money moved. */
  private static final Pattern MONEY =
      Pattern.compile(
          "\\b(pay|payment|money|transfer|purchase|buy|überweisung|zahlung|bezahlen|zahlungspflichtig"
              + "|kaufen|virement|paiement|payer|transferencia|transferir|transferência|pago|pagar"
              + "|pagamento|betaling|betalen|overboeking|bonifico|paga|przelew|zapłać)\\b",
          Pattern.UNICODE_CHARACTER_CLASS);

  /** A label's words that confirm or do it now. */
  private static final Pattern CONFIRMS =
      Pattern.compile(
          "\\b(now|confirm|execute|send|submit|authori[sz]e|complete|place|approve|jetzt"
              + "|bestätigen|ausführen|freigeben|absenden|bestellen|valider|confirmer|effectuer"
              + "|maintenant|ahora|agora|confirmar|bevestigen|nu|conferma|esegui|ora|wykonaj"
              + "|potwierdź)\\b",
          Pattern.UNICODE_CHARACTER_CLASS);

  /** A label's words that open a form, cancel or go back: no money moves. */
  private static final Pattern OPENS_OR_CANCELS =
      Pattern.compile(
          "\\b(cancel|abbrechen|annuler|cancelar|annulla|annuleren|back|zurück|retour|new|neue"
              + "|neuer|nouveau|nouvelle|nuevo|nueva|nova|edit|bearbeiten|details|history|verlauf"
              + "|methods?|settings|help|learn|review|prüfen|vorlage|template)\\b",
          Pattern.UNICODE_CHARACTER_CLASS);

  /** A label quoted in a description of the element: {@code Button 'Pay now' on the page}. */
  private static final Pattern QUOTED =
      Pattern.compile("['\"«„“‚]\\s*([^'\"«»„“”‚‘]{2,80}?)\\s*['\"»“”‘]");

  /** Whether AqBanking's CLI or python-fints is told to send money. */
  static boolean bankSends(Step step) {
    if (step.program().equals("aqbanking-cli")) {
      boolean job = false;
      for (Word word : step.args()) {
        String text = word.text();
        if (text.equals("--help") || text.equals("-h")) {
          return false;
        }
        job |= BANK_JOBS.contains(text);
      }
      return job;
    }
    String code = InterpreterCode.of(step);
    return code != null && code.contains("fints") && code.contains("sepa_transfer(");
  }

  /** A browser tool's click on a button that confirms a payment, as its label shows, or null. */
  static String buttonPays(Scan scan) {
    String tool = scan.call().tool().toLowerCase(Locale.ROOT);
    JsonNode args = scan.call().args();
    if (!tool.contains("click") || args == null || !args.isObject()) {
      return null;
    }
    StringBuilder label = new StringBuilder();
    for (String name : new String[] {"element", "selector", "text", "name", "label", "button"}) {
      JsonNode value = args.get(name);
      if (value != null && value.isTextual()) {
        label.append(value.asText()).append(' ');
      }
    }
    var quoted = QUOTED.matcher(label);
    String text = (quoted.find() ? quoted.group(1) : label.toString()).toLowerCase(Locale.ROOT);
    if (text.length() > 512
        || !MONEY.matcher(text).find()
        || !CONFIRMS.matcher(text).find()
        || OPENS_OR_CANCELS.matcher(text).find()) {
      return null;
    }
    return text.strip();
  }
}
