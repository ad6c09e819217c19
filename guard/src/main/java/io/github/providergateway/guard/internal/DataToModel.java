package io.github.providergateway.guard.internal;

import java.nio.file.Path;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A data file kept outside the project, or an export, handed to a model vendor's API by inline code
 * (decision 193, {@code out.data-to-model}): {@code pd.read_parquet('/secure/irb/2022-0311/
 * notes_sample.parquet')} beside {@code OpenAI().chat.completions.create(…)}, {@code
 * pathlib.Path('out/coremr_export_C-pod_0613.csv').read_text()} sent as a message. The families
 * that name such data by its words ({@code regulated.to-model}: notes, diagnoses, a cohort; {@code
 * customers.data-to-model}: customers, leads, members) miss the trades' own words (an inmate's
 * medical record, a seller's ID scans); where the file lives says it as well: a project's own data
 * is under the project, and a file of a secure share, a mounted drive or another folder of the
 * machine is somebody's records. An export, a dump or an extract by its name is records copied out
 * wherever it lies. A model on this machine (localhost, ollama, vllm) takes nothing anywhere.
 */
final class DataToModel {
  private DataToModel() {}

  /** A quoted path in code with a data file's extension, compressed or not. */
  private static final Pattern DATA_FILE =
      Pattern.compile(
          "['\"]([^'\"\\s]{1,300}\\.(?:csv|tsv|jsonl|ndjson|parquet|xlsx?|feather|avro|orc|sav|dta"
              + "|sas7bdat|pdf|docx?)(?:\\.gz|\\.zst)?)['\"]",
          Pattern.CASE_INSENSITIVE);

  /** A file's name that says it was copied out of a system: an export, a dump, an extract. */
  private static final Pattern COPIED_OUT =
      Pattern.compile(
          "(?i)(?:^|[^a-z])(?:export|exports|dump|dumps|extract|extracts|unload)(?:[^a-z]|$)");

  /** Whether {@code step}'s inline code reads such a file and calls a model vendor's API. */
  static boolean hands(Scan scan, Step step) {
    String code = CustomerPredicates.code(step);
    if (code == null
        || !RegulatedSinks.MODEL_API.matcher(code).find()
        || RegulatedData.LOCAL_MODEL.matcher(code).find()) {
      return false;
    }
    Path project = scan.call().project();
    Matcher file = DATA_FILE.matcher(code);
    while (file.find()) {
      if (elsewhere(file.group(1), project) || copiedOut(file.group(1))) {
        return true;
      }
    }
    return false;
  }

  /** An absolute path (or the home's) outside the project and the temporary folders. */
  private static boolean elsewhere(String path, Path project) {
    if (path.startsWith("~/")) {
      return true;
    }
    if (!path.startsWith("/") || path.startsWith("/tmp/") || path.startsWith("/var/tmp/")) {
      return false;
    }
    return project == null || !Path.of(path).normalize().startsWith(project);
  }

  /** A name (not a folder's) that says export, dump or extract. */
  private static boolean copiedOut(String path) {
    String name = path.substring(path.lastIndexOf('/') + 1).toLowerCase(Locale.ROOT);
    return COPIED_OUT.matcher(name).find();
  }
}
