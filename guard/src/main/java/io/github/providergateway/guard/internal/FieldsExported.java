package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A company's tool exporting people's government and financial identifiers by the fields it is told
 * to (decision 284, {@code people.records-read-whole}): {@code pmsctl export guests --fields
 * name,email,passport_no,dob -o /tmp/guests.csv}, {@code hrctl employees export --columns
 * name,ssn,salary}. The tool's export is out of the guard's sight, but the fields it is given name
 * what the file will hold: a passport's or a social security number, a birth date, a tax or
 * national identifier, a card's or a bank account's number, beside the person they belong to. The
 * red team of decision 284 (decision 293) said the same with options before the command ({@code
 * pmsctl --profile prod export}), an interpreter's ({@code python3 -u tools/card_vault.py export}),
 * a compound command ({@code export_customers}, {@code bulk-export}), camel case ({@code
 * socialSecurityNumber}), {@code --props}, other countries' identifiers ({@code cpf}, {@code
 * pesel}, {@code tfn}, a sort code), an HTTP export's {@code ?fields=} and a server's report tool
 * given its fields. A test or local place, a dry run, and fields that name nobody's identifiers are
 * not read.
 */
final class FieldsExported {
  private FieldsExported() {}

  /** The command words that say the tool writes its records out. */
  private static final Set<String> EXPORTS =
      NameSet.of("export", "dump", "download", "extract", "pull", "unload", "report");

  /** The options whose value lists the fields exported. */
  private static final Set<String> FIELD_OPTIONS =
      NameSet.of(
          "--fields",
          "--field",
          "--columns",
          "--cols",
          "--include",
          "--attributes",
          "--select",
          "--props",
          "--properties",
          "--keys",
          "--fieldnames",
          "--export-fields",
          "--output-fields",
          "--projection");

  /** The keys of a server's tool's arguments that list the fields exported. */
  private static final Set<String> FIELD_KEYS =
      NameSet.of("fields", "columns", "properties", "attributes", "select", "keys");

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
          "birthday",
          "nascimento",
          "tin",
          "itin",
          "aadhaar",
          "pan",
          "iban",
          "cpf",
          "curp",
          "nric",
          "pesel",
          "personnummer",
          "bsn",
          "tfn",
          "dni",
          "cvv",
          "cvc",
          "bsb");

  /** Two parts that say so together: {@code date_of_birth}, {@code tax_id}, {@code card_number}. */
  private static final List<List<String>> PAIRS =
      List.of(
          List.of("birth", "date"),
          List.of("date", "birth"),
          List.of("tax", "id"),
          List.of("national", "id"),
          List.of("social", "security"),
          List.of("card", "number"),
          List.of("card", "no"),
          List.of("account", "number"),
          List.of("account", "no"),
          List.of("bank", "account"),
          List.of("sort", "code"),
          List.of("ni", "number"),
          List.of("license", "number"),
          List.of("licence", "number"),
          List.of("id", "number"));

  /** An HTTP export's fields: {@code …/employees/export?fields=name,ssn}. */
  private static final Pattern URL_FIELDS =
      Pattern.compile(
          "(?i)/[\\w-]*(?:export|dump|download)[\\w-]*(?:/[^\\s?'\"]*)?\\?(?:[^\\s'\"]*&)?"
              + "(?:fields|columns)=([^&\\s'\"]{1,500})");

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
    CallForRules call = scan.call();
    return call == null ? null : byServersTool(call.tool(), call.args());
  }

  private static String exported(Step step) {
    List<Word> args = step.args();
    String found = fieldsNamed(step, args);
    // Test data or a dry run exports nothing: asked last, as the fields are named in few calls.
    return found == null || SharedActs.localOrTest(step, args) || SharedActs.dryRun(args)
        ? null
        : found;
  }

  /** {@return the identifier a program's words name among the fields it exports, or null} */
  private static String fieldsNamed(Step step, List<Word> args) {
    for (Word word : args) {
      if (!PatternLiterals.mayFind(URL_FIELDS, word.text())) {
        continue; // no export, dump or download named: no matcher made
      }
      Matcher url = URL_FIELDS.matcher(word.text());
      String field = url.find() ? identifierIn(url.group(1)) : null;
      if (field != null) {
        return step.program() + " exports " + field;
      }
    }
    if (!exports(args)) {
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
      String field = identifierIn(value);
      if (field != null) {
        return step.program() + " exports " + field;
      }
    }
    return null;
  }

  /** A server's tool named for an export or a report, told to export identifiers by its fields. */
  private static String byServersTool(String tool, JsonNode args) {
    if (tool == null || !tool.startsWith("mcp__") || args == null || !args.isObject()) {
      return null;
    }
    String name = tool.substring(tool.lastIndexOf("__") + 2);
    if (ServiceVerbs.split(name).stream().noneMatch(EXPORTS::contains)) {
      return null;
    }
    for (var fields = args.fields(); fields.hasNext(); ) {
      var field = fields.next();
      if (!FIELD_KEYS.contains(field.getKey().toLowerCase(Locale.ROOT))) {
        continue;
      }
      JsonNode value = field.getValue();
      StringBuilder listed = new StringBuilder();
      if (value.isArray()) {
        for (int i = 0; i < value.size() && i < 256; i++) {
          listed.append(value.get(i).asText()).append(',');
        }
      } else {
        listed.append(value.asText());
      }
      String found = identifierIn(listed.toString());
      if (found != null) {
        return tool + " exports " + found;
      }
    }
    return null;
  }

  /**
   * Whether the words before the options' end say an export: {@code export}, {@code
   * export_customers}, {@code bulk-export}, past options ({@code --profile prod}) and a script.
   */
  private static boolean exports(List<Word> args) {
    for (int i = 0; i < args.size() && i < 8; i++) {
      String text = args.get(i).text();
      if (text.startsWith("-") || text.length() > 64) {
        continue;
      }
      if (ServiceVerbs.anyPartIn(text, EXPORTS)) { // no part made a word: asked of every program
        return true;
      }
    }
    return false;
  }

  /** The first field of a list that names an identifier, or null. */
  private static String identifierIn(String list) {
    if (list.length() > 4_000) {
      return null;
    }
    for (String field : list.split("[,;\\s]+")) {
      if (identifier(field)) {
        return field.toLowerCase(Locale.ROOT);
      }
    }
    return null;
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
