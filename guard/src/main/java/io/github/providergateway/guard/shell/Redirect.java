package io.github.providergateway.guard.shell;

import static java.util.Objects.requireNonNull;

/**
 * One redirection of a command: {@code > out.txt}, {@code 2>&1}, {@code < in}, {@code <<EOF} with
 * its here-document, {@code <<<} with its here-string.
 *
 * @param operator the operator as written, without the file descriptor ({@code >}, {@code >>},
 *     {@code <}, {@code >&}, {@code <<}, {@code <<-}, {@code <<<}, {@code <>}, {@code >|})
 * @param target the file, descriptor or here-document delimiter
 * @param body the here-document's or here-string's text, or {@code null} for other redirections
 */
public record Redirect(String operator, Word target, String body) {

  /**
   * Checks and copies.
   *
   * @param operator the operator as written, without the file descriptor ({@code >}, {@code >>},
   *     {@code <}, {@code >&}, {@code <<}, {@code <<-}, {@code <<<}, {@code <>}, {@code >|})
   * @param target the file, descriptor or here-document delimiter
   * @param body the here-document's or here-string's text, or {@code null} for other redirections
   */
  public Redirect {
    requireNonNull(operator, "operator");
    requireNonNull(target, "target");
  }

  /** {@return whether this redirection writes to its target ({@code >}, {@code >>}, …)} */
  public boolean writes() {
    return operator.startsWith(">") || operator.equals("<>") || operator.equals("&>");
  }
}
