package io.github.providergateway.guard.internal;

import java.util.regex.Pattern;

/**
 * A setting's literal moved behind an environment variable, read as its default (decision 221, from
 * the red team of decisions 202–205): {@code REQUIRED_APPROVERS = int(os.environ.get('APPROVERS',
 * '1'))} is {@code REQUIRED_APPROVERS = 1}, {@code required_approvers: ${APPROVERS:-0}} is {@code
 * required_approvers: 0}, {@code ENV.fetch("SCREENING", "false")} is {@code false}. Where the
 * variable is not set (the usual case: nobody set it yet) the default is what the setting is, so a
 * protective number or switch lowered this way is lowered.
 */
final class EnvironmentDefaults {
  private EnvironmentDefaults() {}

  /** A short literal: a number, a word, a quoted one. */
  private static final String LITERAL = "['\"]?([\\w.\\-]{1,16})['\"]?";

  /** An environment variable read with a default, in the languages settings are written in. */
  private static final String READ =
      "(?:(?:os\\.)?(?:environ\\.get|getenv)\\(\\s*['\"][\\w.\\-]{1,80}['\"]\\s*,\\s*"
          + LITERAL
          + "\\s*\\)"
          + "|ENV\\.fetch\\(\\s*['\"][\\w.\\-]{1,80}['\"]\\s*,\\s*"
          + LITERAL
          + "\\s*\\)(?:\\.to_[ifs])?"
          + "|process\\.env\\.[A-Za-z_]\\w{0,80}\\s*(?:\\?\\?|\\|\\|)\\s*"
          + LITERAL
          + ")";

  /** Such a read, converted ({@code int(…)}, {@code Number(…)}) or not, or a template's default. */
  private static final Pattern READ_WITH_DEFAULT =
      Pattern.compile(
          "(?:int|float|bool|str|Number|parseInt|parseFloat|Integer\\.parseInt)\\s*\\(\\s*"
              + READ
              + "(?:\\s*,\\s*10)?\\s*\\)"
              + "|"
              + READ
              + "|\\$\\{[A-Za-z_][\\w.]{0,80}:-?"
              + LITERAL
              + "\\}");

  /**
   * The text with each environment read that has a default written as its default.
   *
   * @param text a change's new text
   * @return the text, its defaulted environment reads as their literals
   */
  static String flattened(String text) {
    if (text.indexOf("env") < 0 && text.indexOf("ENV") < 0 && text.indexOf("${") < 0) {
      return text;
    }
    return READ_WITH_DEFAULT
        .matcher(text)
        .replaceAll(
            match -> {
              for (int g = 1; g <= match.groupCount(); g++) {
                if (match.group(g) != null) {
                  return java.util.regex.Matcher.quoteReplacement(match.group(g));
                }
              }
              return java.util.regex.Matcher.quoteReplacement(match.group());
            });
  }
}
