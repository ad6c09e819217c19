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
 * wherever it lies. A model on this machine (localhost, ollama, vllm) takes nothing anywhere,
 * unless the code names a vendor's own host as well (a local model in a comment or a default not
 * taken). Its red team (decision 195) added LangChain's wrappers of the vendors ({@code
 * ChatOpenAI}) and a file's name joined to a folder ({@code os.path.join('/mnt/hr-share',
 * 'salaries.csv')}).
 */
final class DataToModel {
  private DataToModel() {}

  /**
   * A data file's extensions, compressed or not; and (decision 206) the files a trade's messages
   * are kept in: SWIFT's {@code .fin}, HL7's, X12's and EDI's, a Metro 2 file's {@code .m2}.
   */
  private static final String DATA_EXTENSION =
      "\\.(?:csv|tsv|jsonl|ndjson|parquet|xlsx?|feather|avro|orc|sav|dta|sas7bdat|pdf|docx?"
          + "|fin|hl7|edi|x12|m2)"
          + "(?:\\.gz|\\.zst)?";

  /** A quoted path in code with a data file's extension. */
  private static final Pattern DATA_FILE =
      Pattern.compile(
          "['\"]([^'\"\\s]{1,300}" + DATA_EXTENSION + ")['\"]", Pattern.CASE_INSENSITIVE);

  /** A path that ends in a data file's extension. */
  private static final Pattern DATA_NAME =
      Pattern.compile(DATA_EXTENSION + "$", Pattern.CASE_INSENSITIVE);

  /** A quoted folder just before a joined name: {@code join('/mnt/hr-share', }, {@code '/x' / }. */
  private static final Pattern FOLDER_BEFORE =
      Pattern.compile("['\"]((?:/|~/)[^'\"\\s]{0,300})['\"]\\s*[,/]\\s*$");

  /** A file's name that says it was copied out of a system: an export, a dump, an extract. */
  private static final Pattern COPIED_OUT =
      Pattern.compile(
          "(?i)(?:^|[^a-z])(?:export|exports|dump|dumps|extract|extracts|unload)(?:[^a-z]|$)");

  /** LangChain's and LlamaIndex's wrappers of the vendors' APIs. */
  private static final Pattern VENDOR_WRAPPERS =
      Pattern.compile(
          "langchain_(?:openai|anthropic|google_genai|google_vertexai|mistralai|cohere|aws|groq)"
              + "|\\bChat(?:OpenAI|Anthropic|VertexAI|GoogleGenerativeAI|Bedrock\\w*|MistralAI"
              + "|Cohere|Groq)\\b|llama_index\\.llms\\.\\w+");

  /** A model vendor's own host: a call that names it goes there, whatever else the code says. */
  static final Pattern VENDOR_HOST =
      Pattern.compile(
          "(?i)api\\.openai\\.com|api\\.anthropic\\.com|generativelanguage\\.googleapis\\.com"
              + "|api\\.mistral\\.ai|api\\.cohere\\.(?:ai|com)|api\\.groq\\.com|bedrock-runtime\\."
              + "|openrouter\\.ai|api\\.together\\.xyz|api\\.deepseek\\.com");

  /** Whether {@code step}'s inline code reads such a file and calls a model vendor's API. */
  static boolean hands(Scan scan, Step step) {
    String code = CustomerPredicates.code(step);
    if (code == null
        || !RegulatedSinks.MODEL_API.matcher(code).find()
            && !PatternLiterals.finds(VENDOR_WRAPPERS, code)
        || RegulatedData.LOCAL_MODEL.matcher(code).find()
            && !PatternLiterals.finds(VENDOR_HOST, code)) {
      return false;
    }
    Path project = scan.call().project();
    Matcher file = DATA_FILE.matcher(code);
    while (file.find()) {
      String path = file.group(1);
      Matcher folder =
          path.indexOf('/') < 0
              ? FOLDER_BEFORE.matcher(code.substring(Math.max(0, file.start() - 320), file.start()))
              : null;
      if (folder != null && folder.find()) {
        path = folder.group(1) + "/" + path; // os.path.join('/mnt/hr-share', 'salaries.csv')
      }
      if (elsewhere(path, project) || copiedOut(path)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether a file a program sends whole is records: a data file kept elsewhere, or an export by
   * its name whatever its extension.
   */
  static boolean records(String path, Path project) {
    return elsewhere(path, project) && PatternLiterals.finds(DATA_NAME, path) || copiedOut(path);
  }

  /** Whether a path ends in a data file's extension. */
  static boolean dataFile(String path) {
    return PatternLiterals.finds(DATA_NAME, path);
  }

  /** An absolute path (or the home's) outside the project and the temporary folders. */
  static boolean elsewhere(String path, Path project) {
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
    return PatternLiterals.finds(COPIED_OUT, name);
  }
}
