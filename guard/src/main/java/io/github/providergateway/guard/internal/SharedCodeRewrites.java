package io.github.providergateway.guard.internal;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Inline code that reads a file of shared data and writes it back where it was (round 73, {@code
 * records.data-edited-in-place}): {@code python3 -c "p='/mnt/reports/signed/2024/RPT-….json';
 * d=json.load(open(p)); …; json.dump(d, open(p,'w'))"}. The file lies on shared storage ({@link
 * SharedDataEdits}' mounts) or below a signed or released folder, and the code opens the same path,
 * by its text or the name given it, for writing after reading it: an edit in place that keeps no
 * copy, as {@code sed -i} is.
 *
 * <p>Not read here: code that writes a new file beside the one it read, that only reads, a test's,
 * a scratch's or {@code /tmp}'s file.
 */
final class SharedCodeRewrites {
  private SharedCodeRewrites() {}

  /** A data file's path on shared storage or below a signed or released folder, in quotes. */
  private static final Pattern PATH =
      Pattern.compile(
          "(?:\\b([A-Za-z_]\\w{0,40})\\s*=\\s*(?:Path\\()?)?['\"]((?:/(?:gpfs|lustre|nfs|mnt|data|srv"
              + "|shared|archive|net)/|(?:[^'\"\\s]*/)?(?:signed|released)/)[^'\"\\s]{1,300}"
              + "\\.(?:csv|tsv|json|jsonl|xml|txt|vcf|bed|maf|xlsx|parquet|hl7|dat)(?:\\.gz)?)['\"]");

  /** A test's, a scratch's or a temporary folder's file. */
  private static final Pattern NOBODYS =
      Pattern.compile("(?i)/(?:tests?|fixtures?|testdata|samples?|examples?|tmp|temp|scratch)/");

  /**
   * The file inline code of the call rewrites where it was, as the reason shows it.
   *
   * @param scan the call
   * @return the file, or {@code null}
   */
  static String rewritten(Scan scan) {
    for (Step step : scan.steps()) {
      String code = InterpreterCode.of(step);
      if (code == null || code.length() > 64 * 1024) {
        continue;
      }
      Matcher path = PatternLiterals.matcher(PATH, code);
      while (path.find()) {
        String file = path.group(2);
        if (PatternLiterals.finds(NOBODYS, file.toLowerCase(Locale.ROOT))) {
          continue;
        }
        String name = path.group(1);
        String rest = code.substring(path.end());
        if (writesBack(rest, Pattern.quote(file), true)
            || name != null && writesBack(rest, name, false)) {
          return file;
        }
      }
    }
    return null;
  }

  /** Whether the code after the path reads it, then opens it for writing. */
  private static boolean writesBack(String rest, String named, boolean quoted) {
    String ref = quoted ? "['\"]" + named + "['\"]" : "\\b" + named + "\\b";
    Pattern write =
        Pattern.compile(
            "open\\(\\s*"
                + ref
                + "\\s*,\\s*['\"][wa]|(?:to_csv|to_json|to_excel|to_parquet|savetxt)"
                + "\\(\\s*"
                + ref
                + "|"
                + ref
                + "\\s*\\)?\\.write_(?:text|bytes)\\(");
    Matcher found = write.matcher(rest);
    if (!found.find()) {
      return false;
    }
    Pattern read = Pattern.compile(ref);
    Matcher before = read.matcher(rest.substring(0, found.start()));
    return before.find(); // read before it is written: not a new file written whole
  }
}
