package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.Word;

/**
 * A program as the trades' families read it whole (the plant's and the logistics' predicates): its
 * words, its inline code and its here-documents, one text, read up to a bound.
 */
final class ProgramText {
  private ProgramText() {}

  private static final int MOST = 64 * 1024;

  /**
   * {@return the program's words, its inline code and what it is fed by a here-document or a
   * here-string, as one text; empty when it is too long to read}
   *
   * @param step the program
   */
  static String of(Step step) {
    StringBuilder all = new StringBuilder(step.program());
    for (Word word : step.args()) {
      all.append(' ').append(word.text());
      if (all.length() > MOST) {
        return "";
      }
    }
    String code = InterpreterCode.of(step);
    if (code != null && code.length() < MOST) {
      all.append('\n').append(code);
    }
    for (Redirect redirect : step.invocation().redirects()) {
      if (redirect.body() != null && redirect.body().length() < MOST) {
        all.append('\n').append(redirect.body());
      }
    }
    return all.toString();
  }
}
