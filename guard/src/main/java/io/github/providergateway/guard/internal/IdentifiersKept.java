package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A de-identification's list of what it takes out of the data shortened so a person's identifier is
 * kept (round 67: {@code drop_columns} losing {@code nino} and {@code nhs_number} in a
 * pseudonymisation's settings), for {@link SafeguardEdits} ({@code safeguards.protection-off}). A
 * list is a de-identification's where its name says what is done to the columns ({@code
 * drop_columns}, {@code mask_fields}, {@code hash_identifiers}, {@code redact}) or its name says
 * columns and its file is a de-identification's; it is read as {@link ProtectiveLists} reads lists.
 * An item taken off is an identifier where its words name one (a national insurance or health
 * number, a social security number, an email, a name, a date of birth, a postcode, a phone, an
 * address, an id). A list set whole by a program with what it held before unseen ({@code jq
 * '.drop_columns = ["full_name"]'}) is a guess, asked.
 */
final class IdentifiersKept {
  private IdentifiersKept() {}

  /** Words of a list's name that say what is done to its items takes them out of the data. */
  private static final Set<String> TAKES_OUT =
      NameSet.of(
          "drop",
          "dropped",
          "remove",
          "removed",
          "strip",
          "stripped",
          "mask",
          "masked",
          "redact",
          "redacted",
          "hash",
          "hashed",
          "pseudonymise",
          "pseudonymize",
          "pseudonymised",
          "pseudonymized",
          "tokenise",
          "tokenize",
          "tokenised",
          "tokenized",
          "encrypt",
          "encrypted",
          "scrub",
          "scrubbed",
          "suppress",
          "suppressed",
          "blank",
          "nullify",
          "anonymise",
          "anonymize",
          "deidentify");

  /** Words of a list's name that say its items are a table's columns or a record's fields. */
  private static final Set<String> COLUMNS =
      NameSet.of(
          "columns",
          "column",
          "cols",
          "fields",
          "field",
          "attributes",
          "variables",
          "vars",
          "identifiers",
          "pii",
          "phi",
          "keys");

  /** Words of a list's name that say its items are identifiers, in a de-identification's file. */
  private static final Set<String> NAMES_IDENTIFIERS =
      NameSet.of("identifiers", "identifying", "pii", "phi", "direct", "quasi");

  /** Words of a list's name that say its items are kept: shortening it protects more. */
  private static final Set<String> KEPT =
      NameSet.of("keep", "kept", "retain", "retained", "allow", "allowed", "passthrough", "safe");

  /** Words of a file's path that say it is a de-identification's. */
  private static final Set<String> DEIDENTIFYING =
      NameSet.of(
          "pseudonymise",
          "pseudonymize",
          "pseudonymisation",
          "pseudonymization",
          "pseudo",
          "deid",
          "deidentify",
          "deidentification",
          "anonymise",
          "anonymize",
          "anonymisation",
          "anonymization",
          "privacy",
          "pii",
          "phi",
          "sdc",
          "disclosure",
          "masking",
          "redaction");

  /** Words of an item that name a person's identifier. */
  private static final Set<String> IDENTIFIERS =
      NameSet.of(
          "nino",
          "nhs",
          "ssn",
          "sin",
          "tfn",
          "bsn",
          "nric",
          "aadhaar",
          "pesel",
          "chi",
          "upn",
          "mrn",
          "email",
          "mail",
          "name",
          "forename",
          "forenames",
          "surname",
          "firstname",
          "lastname",
          "dob",
          "birth",
          "birthdate",
          "postcode",
          "zip",
          "zipcode",
          "phone",
          "telephone",
          "mobile",
          "address",
          "passport",
          "licence",
          "license",
          "id",
          "uuid",
          "ip",
          "iban",
          "account",
          "insurance",
          "national",
          "social",
          "security",
          "tax",
          "vat");

  /** What a change keeps of a person's identifiers, or {@code null}. */
  static String of(String old, String now, String file) {
    if (old.isEmpty() || old.length() > 8192 || now.length() > 8192) {
      return null;
    }
    Map<String, Set<String>> before = ProtectiveLists.lists(old);
    if (before.isEmpty()) {
      return null;
    }
    Map<String, Set<String>> after = ProtectiveLists.lists(now);
    for (Map.Entry<String, Set<String>> list : before.entrySet()) {
      Set<String> items = after.get(list.getKey());
      if (items == null || list.getKey().isEmpty() || !deidentifying(list.getKey(), file)) {
        continue;
      }
      Set<String> gone = new LinkedHashSet<>(list.getValue());
      gone.removeAll(items);
      gone.removeIf(item -> !identifier(item));
      if (!gone.isEmpty() && list.getValue().containsAll(items)) {
        return list.getKey() + " no longer takes out " + String.join(", ", gone);
      }
    }
    return null;
  }

  /**
   * A de-identification's list set whole by a program, what it held before unseen ({@code jq
   * '.drop_columns = ["full_name"]' … > t && mv t …}): whether identifiers are kept cannot be told.
   *
   * @param text the settings written, as a file's lines
   * @param file the file written
   * @return what the reason shows, or {@code null}
   */
  static String unseen(String text, String file) {
    if (text.length() > 8192 || CheckFiles.rehearsal(file) || CheckFiles.ordinary(file)) {
      return null;
    }
    for (Map.Entry<String, Set<String>> list : ProtectiveLists.lists(text).entrySet()) {
      if (!list.getKey().isEmpty() && deidentifying(list.getKey(), file)) {
        return list.getKey()
            + " set to ["
            + String.join(", ", list.getValue())
            + "] with what it took out before unseen";
      }
    }
    return null;
  }

  /** Whether a list's name, with its file's, says it is what a de-identification takes out. */
  private static boolean deidentifying(String name, String file) {
    List<String> words = SafeguardEdits.words(name);
    if (SafeguardEdits.has(words, TAKES_OUT)) {
      return SafeguardEdits.has(words, COLUMNS)
          || words.size() == 1
          || SafeguardEdits.has(SafeguardEdits.words(file), DEIDENTIFYING);
    }
    List<String> placed = new ArrayList<>(SafeguardEdits.words(file));
    return SafeguardEdits.has(words, NAMES_IDENTIFIERS)
        && !SafeguardEdits.has(words, KEPT)
        && (SafeguardEdits.has(placed, DEIDENTIFYING) || SafeguardSettings.deidentifying(placed));
  }

  private static boolean identifier(String item) {
    return SafeguardEdits.has(SafeguardEdits.words(item), IDENTIFIERS);
  }
}
