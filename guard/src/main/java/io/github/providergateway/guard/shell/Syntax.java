package io.github.providergateway.guard.shell;

import io.github.providergateway.guard.shell.syntax.Script;

/** The syntax parser's entry from its public package, with {@code ShellParser}'s bounds. */
final class Syntax {
  private Syntax() {}

  /**
   * Parses {@code source} into its syntax tree.
   *
   * @param source the script
   * @return its tree
   * @throws ShellParseException past a bound or not a complete script
   */
  public static Script parse(String source) throws ShellParseException {
    if (source.length() > Limits.MAX_LENGTH) {
      throw new ShellParseException(
          ShellParseException.Reason.TOO_LONG,
          "the command is " + source.length() + " characters, over " + Limits.MAX_LENGTH);
    }
    return ScriptParser.parse(source, 0, new Limits(Limits.MAX_DEPTH, Limits.MAX_WORDS), "");
  }

  /**
   * {@return where the first complete command of {@code source} a shell cannot read starts (it runs
   * the complete commands before it, then stops), or the source's length when it reads all}
   *
   * @param source the script
   */
  public static int runnableEnd(String source) {
    return ScriptParser.runnableEnd(source, new Limits(Limits.MAX_DEPTH, Limits.MAX_WORDS));
  }
}
