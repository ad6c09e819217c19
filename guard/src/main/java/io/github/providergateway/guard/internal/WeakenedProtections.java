package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.FlowReading.Found;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A file whose protection an edit of this session weakened, then run or published (decision 333): a
 * redaction pipeline's blurring turned off, then {@code make publish-redacted}; the list of
 * personal columns an ETL drops emptied, then the ETL run with {@code --replace}; an export's
 * filter of sealed and expunged records replaced by {@code WHERE TRUE}, then {@code ./etl/run.sh …
 * --publish}. The edit is marked ({@link #KEY}{@code <file>}) when a rule of a protection's family
 * found it (safeguards, privacy, records…), or when it takes a protection's word out of the file or
 * turns one off ({@code hash_patron_ids = true} to {@code false}); a later call that runs the file
 * itself, or runs the project's code with a word that publishes (publish, release, deploy, upload,
 * replace), is asked. A dry run, a listing, a test's run and the project's tests and docs edited
 * are none.
 */
public final class WeakenedProtections {

  /** The prefix of a file whose protection was weakened: what weakened it is its value. */
  public static final String KEY = "weakened:";

  static final BuiltinRule RULE = RuleBook.rule("written.protection-weakened-then-shipped");

  /** The families of rules that find a protection weakened by an edit. */
  private static final Set<String> FAMILIES =
      Set.of("safeguards", "privacy", "records", "weakens", "loosens", "regulated", "people");

  /** A protection's word: what keeps people's details or sealed records out of what is shared. */
  private static final Pattern PROTECTION =
      Pattern.compile(
          "(?i)seal|expunge|redact|anonymi|pseudonymi|de-?identif|deid|mask|blur|suppress"
              + "|juvenile|pii|hash_|strip_|drop_?col|remove_fields|exclude_|confidential"
              + "|consent|opt_?out|k_?anon|min_?cell");

  /** A setting on, and off. */
  private static final Pattern ON = Pattern.compile("(?i)[:=]\\s*(?:true|yes|on|enabled|1)\\b");

  private static final Pattern OFF =
      Pattern.compile("(?i)[:=]\\s*(?:false|no|off|disabled|0|none|null|\\[\\s*]|\\{\\s*}|\"\")");

  /** A file of the project's tests, fixtures or docs: weakening it protects nobody's data less. */
  private static final Pattern NOT_SHIPPED =
      Pattern.compile("(?i)(?:^|/)(?:tests?|spec|fixtures?|docs?|examples?)/|\\.(?:md|rst|txt)$");

  /** A word of a run that ships: to a portal, a bucket, the public. */
  private static final Pattern SHIPS =
      Pattern.compile(
          "(?i)publish|release|deploy|upload|replace|ship|promote|open-?data|transparency"
              + "|--prod(?:uction)?\\b|\\bpush\\b");

  /** A run that ships nothing: a dry run, a listing of a make's recipes, a plan. */
  private static final Pattern REHEARSED =
      Pattern.compile(
          "(?i)--dry-?run|--check|--noop|--plan|--help|\\bmake\\s+(?:-\\w*n|--just-print)");

  /** The programs whose push is no publishing of data: git's and the forges'. */
  private static final Set<String> NOT_SHIPPING = Set.of("git", "gh", "glab");

  private WeakenedProtections() {}

  /**
   * Marks a file an edit weakened the protection of.
   *
   * @param call the edit
   * @param hits what the rules found in it
   * @param found where the mark goes
   */
  static void edited(CallForRules call, List<Hit> hits, Found found) {
    com.fasterxml.jackson.databind.JsonNode path = EditCalls.pathNode(call.args());
    if (path == null || !path.isTextual() || PatternLiterals.finds(NOT_SHIPPED, path.asText())) {
      return;
    }
    String file = path.asText();
    if (!file.startsWith("/") && call.cwd() != null) {
      file = call.cwd().resolve(file).normalize().toString();
    }
    String why = null;
    for (Hit hit : hits) {
      String id = hit.rule().id();
      if (FAMILIES.contains(id.substring(0, Math.max(0, id.indexOf('.'))))) {
        why = id;
        break;
      }
    }
    if (why == null) {
      why = EditCalls.read(call, (old, now, files) -> weakened(old, now));
    }
    if (why != null && found.writesSenders().size() < 16) {
      found.writesSenders().put(KEY + file, why);
    }
  }

  /** What an edit takes out of a protection, or null. */
  private static String weakened(String old, String now) {
    old = COMMENT.matcher(old).replaceAll("");
    now = COMMENT.matcher(now).replaceAll("");
    Matcher before = PROTECTION.matcher(old);
    List<String> words = new ArrayList<>();
    while (before.find() && words.size() < 16) {
      words.add(before.group().toLowerCase(java.util.Locale.ROOT));
    }
    if (words.isEmpty()) {
      return null;
    }
    String lower = now.toLowerCase(java.util.Locale.ROOT);
    for (String word : words) {
      if (count(lower, word) < count(old.toLowerCase(java.util.Locale.ROOT), word)) {
        return "takes " + word + "… out of the file";
      }
    }
    for (String line : now.split("\n", 64)) {
      if (PatternLiterals.finds(PROTECTION, line)
          && OFF.matcher(line).find()
          && !old.contains(line)
          && (ON.matcher(old).find() || old.contains("["))) {
        return "turns off `" + FlowReading.shorten(line.strip()) + "`";
      }
    }
    return null;
  }

  /** A comment's line: what it says protects nothing. */
  private static final Pattern COMMENT = Pattern.compile("(?m)^\\s*(?:#|//|--|/?\\*|<!--).*$");

  private static int count(String text, String word) {
    int count = 0;
    for (int at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
      count++;
    }
    return count;
  }

  /**
   * The weakened files a call runs or publishes.
   *
   * @param scan the call's scan
   * @param written the session's written files
   * @param runs what the call runs
   * @return the matches, at most one
   */
  static List<WrittenRules.Found> judge(Scan scan, Map<String, String> written, List<String> runs) {
    List<WrittenRules.Found> found = new ArrayList<>();
    String source = scan.source();
    if (source == null || PatternLiterals.finds(REHEARSED, source)) {
      return found;
    }
    for (Map.Entry<String, String> file : written.entrySet()) {
      if (!file.getKey().startsWith(KEY)) {
        continue;
      }
      String path = file.getKey().substring(KEY.length());
      String ships = runs.contains(path) ? "runs " + path : ships(scan);
      if (ships != null) {
        found.add(
            new WrittenRules.Found(
                RULE,
                null,
                ships
                    + " after an edit of this session weakened the protection of "
                    + path
                    + " ("
                    + file.getValue()
                    + ")"));
        break;
      }
    }
    return found;
  }

  /** The call's program that runs the project's code with a word that ships, or null. */
  private static String ships(Scan scan) {
    for (Step step : scan.steps()) {
      if (!NOT_SHIPPING.contains(step.program()) && PatternLiterals.finds(SHIPS, step.shown())) {
        return "ships by `" + FlowReading.shorten(step.shown()) + "`";
      }
    }
    return null;
  }
}
