package io.github.providergateway.guard.shell.syntax;

import static java.util.Objects.requireNonNull;

/**
 * The body of a here-document: the lines after the command's line up to the one that is the
 * delimiter alone ({@code <<-} takes each line's leading tabs off first). With a delimiter quoted
 * in any way ({@code <<'EOF'}, {@code <<"EOF"}, {@code <<\EOF}) the body is text as it stands;
 * unquoted, bash expands {@code $…} and backquotes in it as in double quotes.
 *
 * @param delimiter the delimiter, after quote removal
 * @param quoted whether any of the delimiter was quoted
 * @param body the body: literal text, and the expansions of an unquoted delimiter's; each line
 *     before the delimiter's ends with its newline; no part for an empty body
 * @param start the offset of the body's first line
 * @param end the offset after the delimiter's line (its newline included, when it has one)
 */
public record HereDocument(String delimiter, boolean quoted, WrittenWord body, int start, int end)
    implements Node {

  /**
   * Checks.
   *
   * @param delimiter the delimiter, after quote removal
   * @param quoted whether any of the delimiter was quoted
   * @param body the body
   * @param start the offset of the body's first line
   * @param end the offset after the delimiter's line
   */
  public HereDocument {
    requireNonNull(delimiter, "delimiter");
    requireNonNull(body, "body");
  }
}
