package io.github.providergateway.guard.shell;

import io.github.providergateway.guard.shell.syntax.Script;

/**
 * Parses a shell script into its syntax tree ({@link Script}), as bash reads it: statements,
 * pipelines, and-or lists, simple and compound commands, function definitions, words of parts,
 * redirections and here-documents, assignments. Nothing is expanded, nothing runs.
 *
 * <p>Bounds, as {@link ShellParser}'s: at most {@link ShellParser#MAX_LENGTH} characters, {@link
 * ShellParser#MAX_DEPTH} levels of nesting of every kind (substitutions, subshells, groups,
 * compound commands, {@code !} and {@code time}, brace expansions, a test's parentheses), {@link
 * ShellParser#MAX_WORDS} words. Past one, or for what bash would not run (a syntax error, an
 * unterminated quote or substitution, a here-document with no line to end it), it throws, never
 * returns a part.
 */
public final class SyntaxParser {
  private SyntaxParser() {}

  /**
   * Parses {@code source}.
   *
   * @param source the script
   * @return its syntax tree
   * @throws ShellParseException when it is past a bound or not a complete script
   */
  public static Script parse(String source) throws ShellParseException {
    return Syntax.parse(source);
  }
}
