package io.github.providergateway.guard;

import io.github.providergateway.guard.internal.ProgramKnowledge;
import io.github.providergateway.guard.shell.Invocation;
import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.Word;

/**
 * A program of a call as the explanation's parse shows it ({@link Guard#explain(GuardCall)}): its
 * words, with what the guard cannot know in «», how it was reached, its wrappers and redirections,
 * and whether the guard knows what it does.
 */
final class ExplainedProgram {

  private ExplainedProgram() {}

  /** {@return the line of {@code invocation}} */
  static String line(Invocation invocation) {
    StringBuilder line = new StringBuilder();
    for (Word word : invocation.words()) {
      if (line.length() > 0) {
        line.append(' ');
      }
      String text = word.text();
      boolean quote = text.isEmpty() || text.chars().anyMatch(Character::isWhitespace);
      String shown = quote ? "'" + text + "'" : text;
      line.append(word.literal() ? shown : "«" + shown + "»");
    }
    if (!invocation.via().isEmpty()) {
      line.append(" | via: ").append(String.join(" › ", invocation.via()));
    }
    if (!invocation.wrappers().isEmpty()) {
      line.append(" | wrappers: ").append(String.join(" ", invocation.wrappers()));
    }
    if (!invocation.redirects().isEmpty()) {
      line.append(" | redirects:");
      for (Redirect redirect : invocation.redirects()) {
        line.append(' ').append(redirect.operator()).append(' ').append(redirect.target().text());
      }
    }
    String program = invocation.program();
    if (!program.isEmpty() && !ProgramKnowledge.known(program)) {
      // Allowed: what it does is its own, and the guard says that it does not know it.
      line.append(" | unknown program: what it does is not read");
    }
    return line.toString();
  }
}
