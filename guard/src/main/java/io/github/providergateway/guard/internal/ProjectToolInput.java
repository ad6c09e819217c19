package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.Word;
import java.util.ArrayList;
import java.util.List;

/**
 * The command the project's own tool is given on its input rather than in its words (decision 168,
 * the red team of decision 162): {@code ./bin/opsctl shell <<< 'invoices void --batch 2026-11'}, a
 * here-document's first line, the words {@code echo} or {@code printf} pipe to it. A tool that
 * takes its commands there runs them as it would run its own words.
 */
final class ProjectToolInput {
  private ProjectToolInput() {}

  /** How many words of the input are read: a command and its options. */
  private static final int MOST = 32;

  /** {@return the words of the first line on the tool's input, or none} */
  static List<Word> words(Scan scan, Step step) {
    for (Redirect redirect : step.invocation().redirects()) {
      String operator = redirect.operator();
      if (operator.equals("<<<")) {
        return split(redirect.body() != null ? redirect.body() : redirect.target().text());
      }
      if (operator.startsWith("<<") && redirect.body() != null) {
        return split(redirect.body());
      }
    }
    String source = scan.source();
    if (source == null || source.indexOf('|') < 0) {
      return List.of();
    }
    for (Step other : scan.steps()) {
      if (other != step && other.is(ProgramKind.ECHO) && !other.program().equals("cat")) {
        return split(String.join(" ", other.invocation().args()));
      }
    }
    return List.of();
  }

  /** The first line that holds a word, split at blanks, quotes taken off. */
  private static List<Word> split(String text) {
    List<Word> words = new ArrayList<>();
    String line = firstLine(text.replace("\\n", "\n"));
    for (String token : line.strip().split("\\s+")) {
      String word = token.replace("'", "").replace("\"", "");
      if (!word.isEmpty() && words.size() < MOST) {
        words.add(Word.literal(word));
      }
    }
    return words;
  }

  private static String firstLine(String text) {
    for (String line : text.split("\n")) {
      if (!line.isBlank()) {
        return line.length() > 1024 ? line.substring(0, 1024) : line;
      }
    }
    return "";
  }
}
