package io.github.providergateway.guard.shell.internal;

import io.github.providergateway.guard.shell.ShellParseException;
import io.github.providergateway.guard.shell.ShellParser;
import io.github.providergateway.guard.shell.syntax.Script;

/** The syntax parser's entry from its public package, with {@link ShellParser}'s bounds. */
public final class Syntax {
  private Syntax() {}

  /**
   * Parses {@code source} into its syntax tree.
   *
   * @param source the script
   * @return its tree
   * @throws ShellParseException past a bound or not a complete script
   */
  public static Script parse(String source) throws ShellParseException {
    if (source.length() > ShellParser.MAX_LENGTH) {
      throw new ShellParseException(
          ShellParseException.Reason.TOO_LONG,
          "the command is " + source.length() + " characters, over " + ShellParser.MAX_LENGTH);
    }
    return ScriptParser.parse(
        source, 0, new Limits(ShellParser.MAX_DEPTH, ShellParser.MAX_WORDS), "");
  }
}
