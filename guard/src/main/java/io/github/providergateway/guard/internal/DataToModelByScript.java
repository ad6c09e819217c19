package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A project's script told by its options to use a model vendor and given records to read (decision
 * 200): {@code python tools/ocr_extract.py --input-dir /srv/sftp/importers/acme/inbound/ --provider
 * openai}, {@code jacket_qa.py --model gpt-4o --input-dir /mnt/dealjackets/…}, {@code
 * idt_summaries.py --model gemini-1.5-pro --input exports/idt_notes.csv}. The script's code is out
 * of sight, but its options say both halves: a vendor's model or provider ({@link
 * RegulatedSinks#MODEL_NAME}, a vendor's host) and an input that is somebody's records as {@link
 * DataToModel} judges a file of inline code (a data file kept outside the project, an export by its
 * name), or a folder kept outside the project, or a data file under a folder named for exports. Not
 * where the model is this machine's ({@code --provider ollama}, {@code --base-url
 * http://localhost:11434}), a dry run, or the input is the project's own (fixtures, samples).
 */
final class DataToModelByScript {
  private DataToModelByScript() {}

  /** The parts of an option's name that say what it names is written, or is no input. */
  private static final Pattern NOT_INPUT =
      Pattern.compile(
          "out|dest|save|log|cache|report|result|write|target|prompt|template|config|schema|key"
              + "|cert|model|env|cred|token|secret");

  /** A folder's name among a path's that says its files were copied out of a system. */
  private static final Pattern EXPORT_FOLDER =
      Pattern.compile("(?i)(?:^|/)(?:exports?|dumps?|extracts?|unloads?)/");

  /**
   * A script's dry run and its help: not {@link DryRuns}' whole list, whose {@code --check} is an
   * option with a value to a script ({@code --check missing-signatures}).
   */
  private static final Set<String> DRY_RUNS =
      Set.of("--dry-run", "--dry_run", "--dryrun", "--help", "-h");

  /** The machine's own folders: a file there without an extension is no folder of records. */
  private static final List<String> SYSTEM_FOLDERS =
      List.of("/usr/", "/etc/", "/dev/", "/proc/", "/sys/", "/bin/", "/lib/", "/opt/homebrew/");

  /** A name with an extension: a file, not a folder. */
  private static final Pattern FILE_NAME = Pattern.compile("\\.[A-Za-z0-9]{1,8}$");

  /** A script's own name, run by its path: {@code ./tools/ai_income_calc.py}. */
  private static final Pattern OWN_SCRIPT =
      Pattern.compile("[\\w.-]+\\.(?:py|js|mjs|ts|rb|sh|R|pl)");

  /**
   * Whether the step is a script run by its path (decision 206: {@code ./tools/ai_income_calc.py
   * --docs /mnt/edocs/loans/… --model gpt-4o}) with a vendor's model named and records given.
   */
  static boolean handsByOwnPath(Scan scan, Step step) {
    return !step.interpreter()
        && ownScript(step.program())
        && step.invocation().words().get(0).text().indexOf('/') >= 0
        && hands(scan, step, -1);
  }

  /**
   * Whether a program of this name is a script's own ({@link #handsByOwnPath}): the programs that
   * predicate can hold of ({@link ProgramNames}), so the book tries it on no other.
   */
  static boolean ownScript(String program) {
    return PatternLiterals.matches(OWN_SCRIPT, program);
  }

  /** Whether the step runs a script with a vendor's model named and records given as input. */
  static boolean hands(Scan scan, Step step) {
    if (CustomerPredicates.code(step) != null) {
      return false; // inline code: DataToModel reads what it does
    }
    return hands(scan, step, script(step.args()));
  }

  private static boolean hands(Scan scan, Step step, int script) {
    List<Word> args = step.args();
    boolean vendor = false;
    boolean local = false;
    boolean records = false;
    Path project = scan.call().project();
    for (int i = script + 1; i < args.size(); i++) {
      String text = args.get(i).text();
      if (DRY_RUNS.contains(text)) {
        return false;
      }
      if (text.length() > 512) {
        continue;
      }
      int equals = text.indexOf('=');
      String value = text.startsWith("--") && equals > 0 ? text.substring(equals + 1) : text;
      vendor |=
          RegulatedSinks.MODEL_NAME.matcher(value).matches()
              || DataToModel.VENDOR_HOST.matcher(value).find();
      local |= RegulatedData.LOCAL_MODEL.matcher(value).find();
      if (text.startsWith("-") && equals < 0) {
        continue; // an option's name; its value is the next word
      }
      String option = text.startsWith("-") ? text.substring(0, equals) : before(args, i);
      records |= input(option) && records(value, project);
    }
    return vendor && records && !local;
  }

  /**
   * {@return the index of the script among the interpreter's words (its first word that is no
   * option), or of the last word when it runs none}
   */
  private static int script(List<Word> args) {
    for (int i = 0; i < args.size(); i++) {
      if (!args.get(i).text().startsWith("-")) {
        return i;
      }
    }
    return args.size();
  }

  /** The option a word is the value of, or the empty name for a positional word. */
  private static String before(List<Word> args, int at) {
    String previous = at > 0 ? args.get(at - 1).text() : "";
    return previous.startsWith("-") && previous.indexOf('=') < 0 ? previous : "";
  }

  private static boolean input(String option) {
    return !PatternLiterals.finds(NOT_INPUT, option.toLowerCase(Locale.ROOT));
  }

  /**
   * Records by where they lie or by their name: {@link DataToModel#records}, a folder (or a
   * folder's pattern) kept outside the project, or a data file under a folder named for exports.
   */
  private static boolean records(String path, Path project) {
    if (DataToModel.records(path, project)) {
      return true;
    }
    String name = path.endsWith("/") ? "" : path.substring(path.lastIndexOf('/') + 1);
    boolean folder = !PatternLiterals.finds(FILE_NAME, name);
    return folder
            && DataToModel.elsewhere(path, project)
            && !CloudOperations.begins(path, SYSTEM_FOLDERS)
        || DataToModel.dataFile(path) && PatternLiterals.finds(EXPORT_FOLDER, path);
  }
}
