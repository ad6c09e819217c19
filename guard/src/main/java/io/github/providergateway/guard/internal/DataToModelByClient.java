package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * Records handed to a model vendor without inline code (red team of decision 193, in decision 195):
 * an HTTP client's request to the vendor's own host whose body is a file ({@code curl
 * https://api.openai.com/v1/chat/completions -d @/mnt/claims/claims_export.json}), and a model's
 * command-line client fed a file on its standard input ({@code llm 'summarise' <
 * /mnt/support/complaints.csv}, {@code cat … | llm}). The file is judged as {@link DataToModel}
 * judges inline code's: a data file kept outside the project, or an export by its name.
 */
final class DataToModelByClient {
  /** The HTTP clients. */
  private static final Set<String> HTTP_CLIENTS = NameSet.of("curl", "wget", "http", "https", "xh");

  /** The command-line clients of the vendors' models. */
  private static final Set<String> MODEL_CLIS = NameSet.of("llm", "aichat", "sgpt", "mods");

  /** A trade tool's command words that print its records. */
  private static final Set<String> EXPORTS = NameSet.of("export", "dump", "extract");

  /** The options whose value is a file sent whole, after an {@code @} or as it is. */
  private static final Set<String> BODY_OPTIONS =
      Set.of(
          "-d",
          "--data",
          "--data-binary",
          "--data-urlencode",
          "--json",
          "-F",
          "--form",
          "-T",
          "--upload-file",
          "--post-file",
          "--body-file");

  /** The options whose value is the file itself, with no {@code @}. */
  private static final Set<String> WHOLE_FILE_OPTIONS =
      Set.of("-T", "--upload-file", "--post-file", "--body-file");

  private DataToModelByClient() {}

  /** Whether {@code step} sends such a file to a vendor's model. */
  static boolean hands(Scan scan, Step step) {
    Path project = scan.call().project();
    String program = step.program();
    if (HTTP_CLIENTS.contains(program)) {
      return toVendor(step.args()) && sendsRecords(step.args(), project);
    }
    if (!MODEL_CLIS.contains(program) || local(step.args())) {
      return false;
    }
    for (Redirect redirect : step.invocation().redirects()) {
      if (redirect.operator().equals("<") && records(redirect.target().text(), project)) {
        return true;
      }
    }
    for (Step other : scan.steps()) {
      if (other == step || other.program() == null) {
        continue;
      }
      if (other.program().equals("cat")) {
        for (Word word : other.args()) {
          if (word.literal() && records(word.text(), project)) {
            return true; // cat /mnt/hr-share/salaries.csv | llm '…'
          }
        }
      } else if (UnnamedToolActs.unnamed(scan, other) && exports(other.args())) {
        return true; // acorn observations export --site leeds | llm '…' (decision 259)
      }
    }
    return false;
  }

  /**
   * A file of records: kept outside the project, an export by its name, or people's by its name.
   */
  private static boolean records(String path, Path project) {
    return DataToModel.records(path, project) || PersonalData.names(path);
  }

  /** Whether a trade's tool is told to export: a command word {@code export}, {@code dump}. */
  private static boolean exports(List<Word> args) {
    for (int i = 0; i < args.size() && i < 8; i++) {
      String text = args.get(i).text();
      if (EXPORTS.contains(text)) {
        return true;
      }
    }
    return false;
  }

  private static boolean toVendor(List<Word> args) {
    for (Word word : args) {
      if (DataToModel.VENDOR_HOST.matcher(word.text()).find()) {
        return true;
      }
    }
    return false;
  }

  private static boolean local(List<Word> args) {
    for (Word word : args) {
      if (RegulatedData.LOCAL_MODEL.matcher(word.text()).find()) {
        return true;
      }
    }
    return false;
  }

  /**
   * A body file of the request: {@code -d @FILE}, {@code -F f=@FILE}, {@code -T FILE}, httpie's.
   */
  private static boolean sendsRecords(List<Word> args, Path project) {
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      String value = null;
      int equals = text.indexOf('=');
      if (BODY_OPTIONS.contains(text) && i + 1 < args.size()) {
        value = args.get(i + 1).text();
      } else if (text.startsWith("--") && equals > 0) {
        value =
            BODY_OPTIONS.contains(text.substring(0, equals)) ? text.substring(equals + 1) : null;
      } else if (text.startsWith("@")) {
        value = text; // httpie's request body from a file
      }
      if (value == null) {
        continue;
      }
      int at = value.indexOf('@');
      boolean whole =
          WHOLE_FILE_OPTIONS.contains(text)
              || text.startsWith("--")
                  && equals > 0
                  && WHOLE_FILE_OPTIONS.contains(text.substring(0, equals));
      if (at < 0 && !whole) {
        continue; // -d '{"messages": …}': text written in the call, not a file
      }
      String file = at >= 0 ? value.substring(at + 1) : value;
      int semicolon = file.indexOf(';');
      file = semicolon > 0 ? file.substring(0, semicolon) : file;
      if (DataToModel.records(file, project)) {
        return true;
      }
    }
    return false;
  }
}
