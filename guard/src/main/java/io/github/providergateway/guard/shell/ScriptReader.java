package io.github.providergateway.guard.shell;

import java.util.List;

/**
 * Where the resolver reads a text: the text parsed as bash's grammar reads it into a syntax tree
 * ({@link ScriptParser}), and the tree lowered to its simple commands ({@link Lowering}). Also the
 * reading's small tools the resolver's helpers share: names and {@code $'…'}'s escapes.
 */
final class ScriptReader {
  private ScriptReader() {}

  /**
   * Reads {@code text} as a script at {@code depth}.
   *
   * @return its simple commands in order, substitutions in their holders' nests
   */
  static List<RawCommand> read(String text, int depth, Limits limits, String where)
      throws ShellParseException {
    // Each statement lowered as soon as it is read: a long command's tree is never whole at once.
    Lowering lowering = new Lowering(text, limits, where, depth);
    ScriptParser.parse(text, depth, limits, where, lowering::statement);
    return lowering.commands();
  }

  /**
   * {@code text} with its backslash escapes decoded as in {@code $'…'} (and so, nearly, as {@code
   * printf} and {@code echo -e} decode them).
   *
   * @param text the text
   * @return the decoded text; an escape it does not know kept as written
   */
  static String decodeEscapes(String text) {
    return AnsiC.decodeEscapes(text);
  }

  static boolean isNameStart(char c) {
    return Source.isNameStart(c);
  }

  static boolean isNameChar(char c) {
    return Source.isNameChar(c);
  }
}
