package io.github.providergateway.guard.internal;

import java.util.List;
import java.util.regex.Pattern;

/**
 * Programs that print the whole environment, every secret a variable holds with it: read by the
 * secret rules ({@link SecretPredicates}, {@link PrintedSecretPredicates}).
 */
final class EnvironmentDumps {
  private EnvironmentDumps() {}

  /**
   * Whether a program prints the whole environment: env or printenv alone, export -p, set, and
   * inline code that walks it ({@code keys %ENV}, {@code os.environ.items()}, {@code
   * JSON.stringify(process.env)}, {@code ENV.to_h}).
   */
  static boolean dumps(Step step) {
    return switch (step.program()) {
      case "env", "printenv" -> step.args().stream().allMatch(w -> w.text().startsWith("-"));
      case "export", "declare", "typeset" ->
          step.args().stream().anyMatch(w -> w.text().equals("-p"));
      case "set" -> step.args().isEmpty();
      default -> step.interpreter() && walksEnvironment(InterpreterCode.of(step));
    };
  }

  /** The ways inline code takes the whole environment rather than one variable of it. */
  private static final List<String> WHOLE_ENVIRONMENT =
      List.of(
          "%ENV",
          "os.environ)",
          "os.environ.items(",
          "os.environ.copy(",
          "os.environ.keys(",
          "os.environ,",
          "dict(os.environ",
          "(process.env)",
          "process.env,",
          "Object.entries(process.env",
          "Object.keys(process.env",
          "ENV.to_h",
          "ENV.each",
          "ENV.to_a",
          "ENV.inspect",
          "getenv()",
          "System.getenv()");

  private static boolean walksEnvironment(String code) {
    if (code == null) {
      return false;
    }
    for (String way : WHOLE_ENVIRONMENT) {
      if (code.contains(way)) {
        return true;
      }
    }
    return stringifiesEnvironment(code);
  }

  /** {@code process.env} whole, not one variable of it ({@code process.env.X}, {@code [X]}). */
  private static final Pattern BARE_PROCESS_ENV =
      Pattern.compile("\\bprocess\\.env\\b(?![.\\[\\w$])");

  /** The most characters of a {@code JSON.stringify(…)} call's argument read. */
  private static final int STRINGIFIED_READ = 1024;

  /**
   * Whether inline code serialises the whole environment inside a value it builds (decision 259):
   * {@code JSON.stringify({ h: os.hostname(), e: process.env })}, where {@code { env: process.env
   * }} handed to a child process is none.
   */
  static boolean stringifiesEnvironment(String code) {
    int from = code.indexOf("JSON.stringify(");
    for (int calls = 0; from >= 0 && calls < 16; calls++) {
      int start = from + "JSON.stringify(".length();
      int depth = 1;
      int at = start;
      int end = Math.min(code.length(), start + STRINGIFIED_READ);
      for (; at < end && depth > 0; at++) {
        char c = code.charAt(at);
        depth += c == '(' ? 1 : c == ')' ? -1 : 0;
      }
      if (PatternLiterals.finds(BARE_PROCESS_ENV, code.substring(start, at))) {
        return true;
      }
      from = code.indexOf("JSON.stringify(", at);
    }
    return false;
  }

  /**
   * Whether a program of the call before this one printed the whole environment, or one after it in
   * a substitution whose output is this one's argument.
   *
   * @param scan the call
   * @param step one of its programs
   * @return whether one before it did
   */
  static boolean before(Scan scan, Step step) {
    // Where the first dump is, read once a call: most calls print no environment at all.
    int first = scan.once("EnvironmentDumps.first", EnvironmentDumps::first);
    if (first < 0) {
      return false;
    }
    List<Step> steps = scan.steps();
    for (int i = 0; i <= first; i++) {
      if (steps.get(i) == step) {
        // No dump before it; one after it may still be its argument: curl -d "$(env | base64)",
        // where the substitution's programs come after the sender's.
        if (!computedArgument(step)) {
          return false;
        }
        for (int j = i + 1; j < steps.size(); j++) {
          if (dumps(steps.get(j)) && substituted(steps.get(j))) {
            return true;
          }
        }
        return false;
      }
    }
    return true;
  }

  private static boolean substituted(Step step) {
    List<String> via = step.invocation().via();
    return via.contains("$(…)") || via.contains("`…`");
  }

  private static boolean computedArgument(Step step) {
    for (io.github.providergateway.guard.shell.Word word : step.args()) {
      if (!word.literal()) {
        return true;
      }
    }
    return false;
  }

  /** {@return the place of the call's first program that prints the environment, or -1} */
  private static int first(Scan scan) {
    List<Step> steps = scan.steps();
    for (int i = 0; i < steps.size(); i++) {
      if (dumps(steps.get(i))) {
        return i;
      }
    }
    return -1;
  }
}
