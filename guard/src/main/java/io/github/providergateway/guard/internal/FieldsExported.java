package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A company's tool exporting people's government and financial identifiers by the fields it is told
 * to (decision 284, {@code people.records-read-whole}): {@code pmsctl export guests --fields
 * name,email,passport_no,dob -o /tmp/guests.csv}, {@code hrctl employees export --columns
 * name,ssn,salary}. The tool's export is out of the guard's sight, but the fields it is given name
 * what the file will hold: a passport's or a social security number, a birth date, a tax or
 * national identifier, a card's or a bank account's number, beside the person they belong to. A
 * test or local place, a dry run, and fields that name nobody's identifiers are not read.
 */
final class FieldsExported {
  private FieldsExported() {}

  /** The command words that say the tool writes its records out. */
  private static final Set<String> EXPORTS =
      NameSet.of("export", "dump", "download", "extract", "pull", "unload");

  /** The options whose value lists the fields exported. */
  private static final Set<String> FIELD_OPTIONS =
      NameSet.of(
          "--fields", "--field", "--columns", "--cols", "--include", "--attributes", "--select");

  /** The parts of a field's name that say it is a government or financial identifier. */
  private static final Set<String> IDENTIFIERS =
      NameSet.of(
          "passport",
          "ssn",
          "sin",
          "nino",
          "nin",
          "dob",
          "birthdate",
          "tin",
          "itin",
          "aadhaar",
          "pan",
          "iban");

  /** Two parts that say so together: {@code date_of_birth}, {@code tax_id}, {@code card_number}. */
  private static final List<List<String>> PAIRS =
      List.of(
          List.of("birth", "date"),
          List.of("date", "birth"),
          List.of("tax", "id"),
          List.of("national", "id"),
          List.of("social", "security"),
          List.of("card", "number"),
          List.of("account", "number"),
          List.of("license", "number"),
          List.of("licence", "number"),
          List.of("id", "number"));

  /**
   * {@return the identifier a step's export names in its fields, as the reason says it; or null}
   */
  static String exported(Scan scan) {
    for (Step step : scan.steps()) {
      String found = step.program() == null ? null : exported(step);
      if (found != null) {
        return found;
      }
    }
    return null;
  }

  private static String exported(Step step) {
    List<Word> args = step.args();
    if (!exports(args) || SharedActs.localOrTest(step, args) || SharedActs.dryRun(args)) {
      return null;
    }
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      int eq = text.indexOf('=');
      String option = eq > 0 ? text.substring(0, eq) : text;
      if (!FIELD_OPTIONS.contains(option)) {
        continue;
      }
      String value =
          eq > 0 ? text.substring(eq + 1) : i + 1 < args.size() ? args.get(i + 1).text() : "";
      for (String field : value.toLowerCase(Locale.ROOT).split("[,;\\s]+")) {
        if (identifier(field)) {
          return step.program() + " exports " + field;
        }
      }
    }
    return null;
  }

  private static boolean exports(List<Word> args) {
    for (int i = 0; i < args.size() && i < 4; i++) {
      if (args.get(i).text().startsWith("-")) {
        return false;
      }
      if (EXPORTS.contains(args.get(i).text())) {
        return true;
      }
    }
    return false;
  }

  private static boolean identifier(String field) {
    List<String> parts = ServiceVerbs.split(field);
    if (parts.stream().anyMatch(IDENTIFIERS::contains)) {
      return true;
    }
    for (List<String> pair : PAIRS) {
      int at = parts.indexOf(pair.get(0));
      if (at >= 0 && at + 1 < parts.size() && parts.get(at + 1).equals(pair.get(1))) {
        return true;
      }
      if (at >= 0 && at + 2 < parts.size() && parts.get(at + 2).equals(pair.get(1))) {
        return true; // date_of_birth
      }
    }
    return false;
  }
}
