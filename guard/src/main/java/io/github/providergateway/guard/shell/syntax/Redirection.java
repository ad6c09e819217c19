package io.github.providergateway.guard.shell.syntax;

import static java.util.Objects.requireNonNull;

/**
 * A redirection: {@code > out}, {@code 2>&1}, {@code < in}, {@code {fd}>log}, {@code <<EOF} with
 * its here-document, {@code <<< word}.
 *
 * @param descriptor the file descriptor written before the operator ({@code 2} of {@code 2>&1},
 *     <code>{fd}</code> of <code>{fd}>log</code>), or {@code null} for the operator's own
 * @param operator the operator
 * @param target the file, the descriptor ({@code 1} of {@code >&1}), the here-string, or the
 *     here-document's delimiter as written
 * @param hereDocument the here-document of {@code <<} and {@code <<-}, or {@code null}
 * @param start the offset of the descriptor or operator
 * @param end the offset after the target (a here-document's body, which starts on the next line,
 *     has a span of its own)
 */
public record Redirection(
    String descriptor,
    RedirectOperator operator,
    WrittenWord target,
    HereDocument hereDocument,
    int start,
    int end)
    implements Node {

  /**
   * Checks.
   *
   * @param descriptor the file descriptor written before the operator, or {@code null}
   * @param operator the operator
   * @param target the file, descriptor, here-string, or here-document's delimiter
   * @param hereDocument the here-document of {@code <<} and {@code <<-}, or {@code null}
   * @param start the offset of the descriptor or operator
   * @param end the offset after the target
   */
  public Redirection {
    requireNonNull(operator, "operator");
    requireNonNull(target, "target");
    if ((hereDocument != null) != operator.opensHereDocument()) {
      throw new IllegalArgumentException(
          "a here-document comes with << and <<- only, not " + operator.text());
    }
  }
}
