package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A person's government identifiers fetched from another host's API and picked out onto the screen
 * (decision 187): {@code curl …/verifications/ver_… | jq '{birthdate, identificationNumber}'}. The
 * same kind as decision 160's identifiers selected from a shared database, read from an API's
 * answer by the fields {@code jq} is told to print; an answer's status, counts or ids print no one.
 */
final class IdentifiersFetched {
  private IdentifiersFetched() {}

  /**
   * A field named as a government identifier, in any case or spelling; not a birth date alone,
   * which an animal's or a product's record has too.
   */
  private static final Pattern IDENTIFIER_FIELD =
      Pattern.compile(
          "(?i)(?<![a-z0-9_])(?:ssn|social_?security\\w*|national_?id\\w*|identification_?number"
              + "|id_?number|document_?number|passport_?(?:number|no)|tax_?id)(?![a-z0-9_])");

  /** The identifier a call's {@code jq} prints from another host's answer, or {@code null}. */
  static String fetched(Scan scan) {
    if (scan.source() == null || scan.source().indexOf('|') < 0) {
      return null;
    }
    String field = null;
    boolean remote = false;
    for (Step step : scan.steps()) {
      if (step.program().equals("jq") && field == null) {
        for (Word word : step.args()) {
          Matcher m = IDENTIFIER_FIELD.matcher(word.text());
          if (!word.text().startsWith("-") && m.find()) {
            field = m.group();
            break;
          }
        }
      } else if (ShapeObjects.HTTP_CLIENTS.contains(step.program())) {
        for (String host : Environments.hosts(step)) {
          remote |= !Environments.localHost(host) && !Environments.testName(host);
        }
      }
    }
    return field != null && remote ? field + " of a person fetched from another host" : null;
  }
}
