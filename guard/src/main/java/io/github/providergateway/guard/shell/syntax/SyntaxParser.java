package io.github.providergateway.guard.shell.syntax;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * The syntax layer's one entry, as mvdan/sh's {@code syntax} package is its parser's: parses a
 * shell script into its syntax tree ({@link Script}), as bash reads it (statements, pipelines,
 * and-or lists, simple and compound commands, function definitions, words of parts, redirections
 * and here-documents, assignments), and walks a tree ({@link #walk}). Nothing is expanded, nothing
 * runs. This package reads no other part of the guard's shell reading: the resolution ({@code
 * guard.shell}) reads it, never the other way (ShellLayersTest).
 *
 * <p>Bounds, as {@link ParseLimits}': at most {@link ParseLimits#MAX_LENGTH} characters, {@link
 * ParseLimits#MAX_DEPTH} levels of nesting of every kind (substitutions, subshells, groups,
 * compound commands, {@code !} and {@code time}, brace expansions, a test's parentheses), {@link
 * ParseLimits#MAX_WORDS} words. Past one, or for what bash would not run (a syntax error, an
 * unterminated quote or substitution, a here-document with no line to end it), it throws, never
 * returns a part.
 */
public final class SyntaxParser {
  private SyntaxParser() {}

  /** Takes each statement of a script as soon as its line has ended and its bodies are read. */
  public interface StatementSink {
    /**
     * Takes one statement.
     *
     * @param statement the statement, whole
     * @throws ShellParseException when what the statement holds is refused further on
     */
    void accept(Statement statement) throws ShellParseException;
  }

  /**
   * Parses {@code source}.
   *
   * @param source the script
   * @return its syntax tree
   * @throws ShellParseException when it is past a bound or not a complete script
   */
  public static Script parse(String source) throws ShellParseException {
    if (source.length() > ParseLimits.MAX_LENGTH) {
      throw new ShellParseException(
          ShellParseException.Reason.TOO_LONG,
          "the command is " + source.length() + " characters, over " + ParseLimits.MAX_LENGTH);
    }
    return ScriptParser.parse(
        source, 0, new ParseLimits(ParseLimits.MAX_DEPTH, ParseLimits.MAX_WORDS), "");
  }

  /**
   * Parses {@code text}, a script nested {@code depth} levels within the one a parse began with,
   * giving each statement to {@code sink} as soon as its line has ended: a long command's tree is
   * then never all in memory at once. Refused as {@link #parse(String)} refuses, maybe after some
   * statements went to the sink.
   *
   * @param text the script
   * @param depth how deep it sits (0 at the top)
   * @param limits the bounds of the whole parse, shared by every nested reading
   * @param where where the text sits, for messages: empty at the top, " in …" when nested
   * @param sink takes the statements in order
   * @throws ShellParseException when it is past a bound or not a complete script
   */
  public static void parse(
      String text, int depth, ParseLimits limits, String where, StatementSink sink)
      throws ShellParseException {
    ScriptParser.parse(text, depth, limits, where, sink);
  }

  /**
   * {@return where the first complete command of {@code source} a shell cannot read starts (it runs
   * the complete commands before it, then stops), or the source's length when it reads all}
   *
   * @param source the script
   */
  public static int runnableEnd(String source) {
    return ScriptParser.runnableEnd(
        source, new ParseLimits(ParseLimits.MAX_DEPTH, ParseLimits.MAX_WORDS));
  }

  /**
   * Walks the tree under {@code node}, as mvdan/sh's {@code syntax.Walk}: {@code visit} sees each
   * node, a parent before its children and children in the order of their components; when it
   * answers false, the node's children are skipped.
   *
   * @param node where to start
   * @param visit sees each node; false to skip its children
   */
  public static void walk(Node node, Predicate<Node> visit) {
    List<Node> pending = new ArrayList<>();
    pending.add(node);
    while (!pending.isEmpty()) {
      Node next = pending.remove(pending.size() - 1);
      if (visit.test(next)) {
        List<Node> children = TreeChildren.of(next);
        for (int i = children.size() - 1; i >= 0; i--) {
          pending.add(children.get(i));
        }
      }
    }
  }

  /**
   * {@return the offset of the word at {@code index} of a simple command's words}: read from the
   * parser's own list without making the word's node, when they are the parser's
   *
   * @param words a simple command's words ({@link SimpleCommand#words()})
   * @param index which
   */
  public static int wordStart(List<WrittenWord> words, int index) {
    return words instanceof CommandWords parsed ? parsed.start(index) : words.get(index).start();
  }

  /**
   * {@return the text of the word at {@code index} of a simple command's words when the parser read
   * it plain (one literal whose text and value are this), or null}: the node is not made
   *
   * @param words a simple command's words ({@link SimpleCommand#words()})
   * @param index which
   */
  public static String plainWord(List<WrittenWord> words, int index) {
    return words instanceof CommandWords parsed ? parsed.plainText(index) : null;
  }

  /**
   * {@return {@code text} with its backslash escapes decoded as in {@code $'…'}} (and so, nearly,
   * as {@code printf} and {@code echo -e} decode them); an escape it does not know kept as written
   *
   * @param text the text
   */
  public static String decodeEscapes(String text) {
    return AnsiC.decodeEscapes(text);
  }

  /**
   * {@return whether {@code c} may start a shell variable's name}
   *
   * @param c the character
   */
  public static boolean isNameStart(char c) {
    return Source.isNameStart(c);
  }

  /**
   * {@return whether {@code c} may be in a shell variable's name}
   *
   * @param c the character
   */
  public static boolean isNameChar(char c) {
    return Source.isNameChar(c);
  }

  /**
   * {@return {@code text} with the tabs at the start of each of its lines taken off, as a {@code
   * <<-} here-document's body is read}
   *
   * @param text the text
   */
  public static String stripLeadingTabs(String text) {
    return WordReader.stripLeadingTabs(text);
  }

  /**
   * {@return {@code text}, unquoted, with its backslashes taken off as bash does}
   *
   * @param text the text as written
   */
  public static String unquotedValue(String text) {
    return WordShapes.unquotedValue(text);
  }
}
