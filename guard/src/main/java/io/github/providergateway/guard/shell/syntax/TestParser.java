package io.github.providergateway.guard.shell.syntax;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Reads the expression of bash's {@code [[ … ]]}: words, unary and binary tests, {@code !}, {@code
 * ( )}, {@code &&} and {@code ||}. Its {@code <}, {@code >}, {@code (} and {@code )} are the test's
 * own; the word after {@code =~} is a regular expression, in which parentheses, {@code |} and
 * blanks within parentheses are text. Newlines may come before a term; elsewhere, as in bash, one
 * is an error.
 */
final class TestParser {
  private static final Set<String> UNARY =
      Set.of(
          "-a", "-b", "-c", "-d", "-e", "-f", "-g", "-h", "-k", "-p", "-r", "-s", "-t", "-u", "-w",
          "-x", "-G", "-L", "-N", "-O", "-S", "-z", "-n", "-o", "-v", "-R");

  private static final Set<String> BINARY =
      Set.of("=", "==", "!=", "=~", "-eq", "-ne", "-lt", "-le", "-gt", "-ge", "-nt", "-ot", "-ef");

  private final Source in;
  private final WordReader words;
  private final ScriptParser grammar;

  TestParser(Source in, WordReader words, ScriptParser grammar) {
    this.in = in;
    this.words = words;
    this.grammar = grammar;
  }

  /** After the {@code [[} at {@code at}: the expression and the {@code ]]}, taken. */
  TestClause clause(int depth, int at) throws ShellParseException {
    TestExpression expression = expression(depth, at);
    in.skipBlanks();
    if (!atClose()) {
      throw unexpected(at);
    }
    // The closing ]] counted as a word, as the reader before this one counted it.
    in.limits.word(in.pos, in.where);
    in.pos += 2;
    return new TestClause(expression, List.of(), at, in.pos);
  }

  /** Terms joined by {@code &&} and {@code ||}. */
  private TestExpression expression(int depth, int at) throws ShellParseException {
    TestExpression first = term(depth, at);
    in.skipBlanks();
    if (!in.at("&&") && !in.at("||")) {
      return first;
    }
    List<TestExpression> operands = new ArrayList<>();
    List<AndOrList.Operator> operators = new ArrayList<>();
    operands.add(first);
    while (in.at("&&") || in.at("||")) {
      operators.add(in.peek(0) == '&' ? AndOrList.Operator.AND : AndOrList.Operator.OR);
      in.pos += 2;
      operands.add(term(depth, at));
      in.skipBlanks();
    }
    return new AndOrTest(
        operands, operators, first.start(), operands.get(operands.size() - 1).end());
  }

  /** One term: {@code ! term}, {@code ( expression )}, a unary or binary test, or a word. */
  private TestExpression term(int depth, int at) throws ShellParseException {
    grammar.skipBlankLines();
    if (in.atEnd()) {
      throw ParseLimits.malformed("a [[ with no ]]", at, in.where);
    }
    int start = in.pos;
    char c = in.chars[start];
    if (c == '!' && in.endsWord(start + 1) && !closesAfter(start + 1)) {
      in.limits.depth(depth + 1, start, "a ! in [[ … ]]", in.where);
      in.pos++;
      TestExpression operand = term(depth + 1, at);
      return new NotTest(operand, start, operand.end());
    }
    if (c == '(') {
      in.limits.depth(depth + 1, start, "a ( in [[ … ]]", in.where);
      in.pos++;
      TestExpression inner = expression(depth + 1, at);
      in.skipBlanks();
      if (in.peek(0) != ')') {
        throw unexpected(at);
      }
      in.pos++;
      return new ParenTest(inner, start, in.pos);
    }
    if (!atWord()) {
      throw unexpected(at);
    }
    WrittenWord first = words.word(WordShapes.Context.PATTERN, depth);
    String operator = literal(first);
    if (operator != null && UNARY.contains(operator)) {
      in.skipBlanks();
      if (atWord()) {
        WrittenWord operand = words.word(WordShapes.Context.PATTERN, depth);
        return new UnaryTest(operator, operand, start, operand.end());
      }
      if (!atTermEnd()) {
        throw unexpected(at);
      }
      throw ParseLimits.malformed("a unary test with no word after " + operator, start, in.where);
    }
    in.skipBlanks();
    if (atTermEnd()) {
      return first;
    }
    String binary;
    if (in.peek(0) == '<' || in.peek(0) == '>') {
      binary = String.valueOf(in.peek(0));
      in.pos++;
    } else if (atWord()) {
      int operatorAt = in.pos;
      binary = literal(words.word(WordShapes.Context.NAME, depth));
      if (binary == null || !BINARY.contains(binary)) {
        throw ParseLimits.malformed("a test where an operator should be", operatorAt, in.where);
      }
    } else {
      throw unexpected(at);
    }
    in.skipBlanks();
    if (!atWord()) {
      throw ParseLimits.malformed("a test with no word after " + binary, in.pos, in.where);
    }
    WrittenWord right =
        binary.equals("=~")
            ? words.regexWord(depth)
            : words.word(WordShapes.Context.PATTERN, depth);
    return new BinaryTest(binary, first, right, start, right.end());
  }

  /** Whether {@code ]]} stands at the read position, as a word of its own. */
  private boolean atClose() {
    return in.at("]]") && in.endsWord(in.pos + 2);
  }

  private boolean closesAfter(int i) {
    int save = in.pos;
    in.pos = i;
    in.skipBlanks();
    boolean close = atClose();
    in.pos = save;
    return close;
  }

  /** Whether a word (not the closing {@code ]]}) starts at the read position. */
  private boolean atWord() {
    return !in.atEnd() && !in.endsWord(in.pos) && !atClose();
  }

  /** Whether a term may end here: {@code &&}, {@code ||}, {@code )}, {@code ]]}. */
  private boolean atTermEnd() {
    return atClose() || in.at("&&") || in.at("||") || in.peek(0) == ')';
  }

  private ShellParseException unexpected(int at) {
    if (in.atEnd()) {
      return ParseLimits.malformed("a [[ with no ]]", at, in.where);
    }
    int end = in.pos + 1;
    while (end < in.length && !in.endsWord(end)) {
      end++;
    }
    String token = in.chars[in.pos] == '\n' ? "newline" : in.text.substring(in.pos, end);
    return ParseLimits.malformed("an unexpected " + token + " in [[ … ]]", in.pos, in.where);
  }

  /** {@return the word's text when it is one literal with no escape, else null} */
  private static String literal(WrittenWord word) {
    if (word.parts().size() == 1 && word.parts().get(0) instanceof Literal literal) {
      return literal.text();
    }
    return null;
  }
}
