package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A storage provider's client given a bucket's lifecycle rule on its command line (round 66), for
 * {@code cloud.bucket-rules-expire}: Backblaze B2's {@code b2 bucket update … --lifecycle-rules
 * '[…]'} (and its older {@code update-bucket --lifecycleRules}), s3cmd's {@code expire}, OCI's
 * {@code os object-lifecycle-policy put}. A clause reads them, not a word pattern: a pattern naming
 * the program would make the book its judge of every other command of it ({@link
 * BookNamedPrograms}), and a bucket deleted by it would no longer be read. A rule list emptied
 * ({@code '[]'}) keeps everything and is no expiry.
 */
final class LifecycleRulesSet {
  private LifecycleRulesSet() {}

  private static final Set<String> RULE_OPTIONS =
      Set.of("--lifecycle-rules", "--lifecycle-rule", "--lifecycleRules", "--lifecycleRule");

  /** Adds the predicate under its name. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put(
        "lifecycle-rule-set",
        ProgramNames.of(Set.of("b2", "s3cmd", "oci"), (scan, step, read) -> sets(step)));
  }

  private static boolean sets(Step step) {
    String program = step.program();
    if (!program.equals("b2") && !program.equals("s3cmd") && !program.equals("oci")) {
      return false; // the words are copied only for the three programs read below
    }
    List<String> args = step.args().stream().limit(64).map(Word::text).toList();
    return switch (program) {
      case "b2" ->
          (args.contains("update-bucket") || args.contains("bucket") && args.contains("update"))
              && ruleGiven(args);
      case "s3cmd" -> args.contains("expire");
      case "oci" -> args.contains("object-lifecycle-policy") && args.contains("put");
      default -> false;
    };
  }

  /** Whether a lifecycle option is given rules, not an empty list. */
  private static boolean ruleGiven(List<String> args) {
    for (int i = 0; i < args.size(); i++) {
      String arg = args.get(i);
      int eq = arg.indexOf('=');
      String option = eq > 0 ? arg.substring(0, eq) : arg;
      if (!RULE_OPTIONS.contains(option)) {
        continue;
      }
      String value = eq > 0 ? arg.substring(eq + 1) : i + 1 < args.size() ? args.get(i + 1) : "";
      if (!value.replaceAll("\\s", "").matches("\\[?\\]?")) {
        return true;
      }
    }
    return false;
  }
}
