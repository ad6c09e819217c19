package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Redirect;

/**
 * What a redirection feeds a program on its standard input as text: a here-document's body or a
 * here-string's word ({@code <<< "$KEY"}); a file redirected in ({@code < f}) is a path, not text.
 */
final class RedirectedInput {
  private RedirectedInput() {}

  /**
   * The text a here-document or a here-string gives the program, or {@code null}.
   *
   * @param redirect one of the command's redirections
   * @return the text, or {@code null} for another redirection
   */
  static String text(Redirect redirect) {
    if (redirect.body() != null) {
      return redirect.body();
    }
    return redirect.operator().equals("<<<") ? redirect.target().text() : null;
  }
}
