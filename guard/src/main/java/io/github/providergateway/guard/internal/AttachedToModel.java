package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Files given to a model vendor as attachments rather than as text (round 66, {@code
 * out.data-to-model}): a command-line client's attachment ({@code llm -m gpt-4o 'extract the
 * passport number' -a /mnt/archive/clients/…/id/scan.jpg}, aichat's {@code -f}), and inline code
 * that reads an image or a document and sends it encoded ({@code base64.b64encode(open(f,
 * 'rb').read())} in an {@code image_url}, a vendor's file upload). The file is judged as {@link
 * DataToModel} judges a data file, and a scan or a document (an image, a PDF) is somebody's where
 * it lies outside the project, the temporary folders and the person's home: a mounted archive, a
 * share, another system's folder. The project's own code, a screenshot in the home or {@code /tmp},
 * and a model on this machine stay allowed.
 */
final class AttachedToModel {
  private AttachedToModel() {}

  /** The command-line clients of the vendors' models. */
  private static final Set<String> MODEL_CLIS = NameSet.of("llm", "aichat", "sgpt", "mods");

  /** Their options whose value is a file sent with the prompt. */
  private static final Set<String> ATTACHING =
      Set.of("-a", "--attachment", "--at", "--attachment-type", "-f", "--file", "--fragment");

  /** A scan's or a document's ending. */
  private static final String SCAN_EXTENSION =
      "\\.(?:jpe?g|png|tiff?|heic|heif|webp|bmp|gif|pdf|docx?|odt|rtf)";

  private static final Pattern SCAN_NAME =
      Pattern.compile(SCAN_EXTENSION + "$", Pattern.CASE_INSENSITIVE);

  /** A quoted path in code with a scan's or a document's ending. */
  private static final Pattern SCAN_IN_CODE =
      Pattern.compile(
          "['\"]([/~][^'\"\\s]{0,300}" + SCAN_EXTENSION + ")['\"]", Pattern.CASE_INSENSITIVE);

  /** Code that sends a file's bytes: encoded for a message, or uploaded as a file. */
  private static final Pattern SENDS_BYTES =
      Pattern.compile(
          "(?i)base64|image_url|input_image|input_file|\"type\"\\s*:\\s*\"(?:image|document|file)\""
              + "|'type'\\s*:\\s*'(?:image|document|file)'|files\\.create|upload_file|files\\.upload");

  /** Whether a model's command-line client is given such a file as an attachment. */
  static boolean attaches(Scan scan, Step step) {
    if (!MODEL_CLIS.contains(step.program()) || local(step.args())) {
      return false;
    }
    Path project = scan.call().project();
    List<Word> args = step.args();
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      int eq = text.indexOf('=');
      String option = text.startsWith("--") && eq > 0 ? text.substring(0, eq) : text;
      if (!ATTACHING.contains(option)) {
        continue;
      }
      String value = eq > 0 && option.length() < text.length() ? text.substring(eq + 1) : null;
      if (value == null && i + 1 < args.size()) {
        value = args.get(i + 1).text();
      }
      if (value != null && (DataToModel.records(value, project) || somebodysScan(value, project))) {
        return true;
      }
    }
    return false;
  }

  /** Whether inline code reads a scan or a document kept elsewhere and sends it to a vendor. */
  static boolean codeSendsScans(Scan scan, Step step) {
    String code = CustomerPredicates.code(step);
    if (code == null
        || !RegulatedSinks.MODEL_API.matcher(code).find()
        || !PatternLiterals.finds(SENDS_BYTES, code)
        || RegulatedData.LOCAL_MODEL.matcher(code).find()
            && !PatternLiterals.finds(DataToModel.VENDOR_HOST, code)) {
      return false;
    }
    Path project = scan.call().project();
    Matcher file = SCAN_IN_CODE.matcher(code);
    while (file.find()) {
      if (somebodysScan(file.group(1), project)) {
        return true;
      }
    }
    return false;
  }

  /** A scan or a document outside the project, the temporary folders and the home. */
  private static boolean somebodysScan(String path, Path project) {
    return PatternLiterals.finds(SCAN_NAME, path)
        && !path.startsWith("~")
        && !path.startsWith("/home/")
        && !path.startsWith("/Users/")
        && !path.startsWith("/root/")
        && DataToModel.elsewhere(path, project)
        && !RecordsCopiedOut.nobodys(path);
  }

  private static boolean local(List<Word> args) {
    for (Word word : args) {
      if (RegulatedData.LOCAL_MODEL.matcher(word.text()).find()) {
        return true;
      }
    }
    return false;
  }
}
