package io.github.providergateway.guard.shell.syntax;

import io.github.providergateway.guard.shell.internal.FixedList;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reads a script as bash's grammar does, into its syntax tree: lists of statements, and-or lists,
 * pipelines, simple commands, compound commands, function definitions, redirections and
 * here-documents. One pass, left to right, no regular expressions; words are the {@link
 * WordReader}'s, {@code [[ … ]]} the {@link TestParser}'s.
 *
 * <p>Bounds, each a refusal ({@link ShellParseException}): nesting of every kind counts against
 * {@link ParseLimits}' depth (substitutions, subshells, groups, compound commands, {@code !},
 * {@code time}, brace expansions, a test's parentheses), so no input recurses deeper; every word
 * read counts against its words. What bash would refuse to run is refused as malformed, as is a
 * here-document with no line to end it (which bash warns of and takes to the end).
 */
final class ScriptParser {
  private final Source in;
  private final WordReader words;
  private final TestParser tests;

  /** The here-documents of this reading, and of each substitution while it is read. */
  private final HereDocuments hereDocuments;

  /** Where the script's statements go as their lines end, or null to keep them. Reader only. */
  private SyntaxParser.StatementSink sink;

  /**
   * Where the script's complete command being read started: after a newline of the script's own
   * list, past the here-documents it started. Reader only.
   */
  private int completeCommandStart;

  /**
   * Lists of the reader's, emptied, for the lists of nodes being read (one per list in progress: a
   * compound command or a substitution reads lists of its own meanwhile): a list read is copied
   * once, exactly, into the tree, where a list of its own would be grown and then copied.
   */
  private final ArrayDeque<List<Object>> spareLists = new ArrayDeque<>(8);

  /**
   * WrittenWord builders of the reader's, emptied, for the simple commands being read (as the
   * lists).
   */
  private final ArrayDeque<CommandWords.Builder> spareWords = new ArrayDeque<>(4);

  @SuppressWarnings("unchecked")
  private <T> List<T> takeList() {
    return spareLists.isEmpty() ? new ArrayList<>() : (List<T>) (List<?>) spareLists.pop();
  }

  /** {@return {@code list}, fixed, and gives the reader's list back emptied} */
  @SuppressWarnings("unchecked")
  private <T> List<T> fixed(List<T> list) {
    List<T> copy = FixedList.copyOf(list);
    list.clear();
    spareLists.push((List<Object>) (List<?>) list);
    return copy;
  }

  private ScriptParser(Source in) {
    this.in = in;
    this.words = new WordReader(in, this);
    this.tests = new TestParser(in, words, this);
    this.hereDocuments = new HereDocuments(in, words);
  }

  /**
   * Reads {@code text} as a script at {@code depth}.
   *
   * @param where where the text sits, for messages: empty at the top, " in …" when nested
   */
  static Script parse(String text, int depth, ParseLimits limits, String where)
      throws ShellParseException {
    return parse(text, depth, limits, where, null);
  }

  /**
   * Reads {@code text} as a script at {@code depth}, its statements each given to {@code sink} as
   * soon as its line has ended, when not null: a long command's tree is then never all in memory at
   * once (its statements' trees are lowered and let go one by one), and the script returned holds
   * none. Refused as {@link #parse(String, int, ParseLimits, String)} refuses, maybe after some
   * statements went to the sink.
   */
  static Script parse(
      String text, int depth, ParseLimits limits, String where, SyntaxParser.StatementSink sink)
      throws ShellParseException {
    limits.depth(depth, 0, "a nested script", where);
    int nul = text.indexOf('\0');
    if (nul >= 0) {
      // No shell receives one: an argument ends at it, and a file's is dropped. Refused, as the
      // guard cannot say what would run (and paths with one are no paths to the rules).
      throw ParseLimits.malformed("a NUL character, which no shell receives,", nul, where);
    }
    Source in = new Source(text, limits, where);
    try {
      ScriptParser parser = new ScriptParser(in);
      parser.sink = sink;
      List<Statement> statements =
          parser.hereDocuments.filled(parser.statements(depth, Closer.END, null));
      parser.hereDocuments.requireNoneWaiting();
      if (sink == null) {
        return new Script(text, statements);
      }
      for (int i = 0; i < statements.size(); i++) {
        sink.accept(statements.get(i));
      }
      return new Script(text, List.of());
    } finally {
      in.release();
    }
  }

  /**
   * Where the first complete command of {@code text} that bash would refuse starts: bash runs the
   * complete commands (a line, and the lines it carries on to) one at a time, so those before it
   * run. The text's length when all are read; a bound passed counts as read.
   */
  static int runnableEnd(String text, ParseLimits limits) {
    Source in = new Source(text, limits, "");
    ScriptParser parser = new ScriptParser(in);
    try {
      limits.depth(0, 0, "a nested script", "");
      parser.statements(0, Closer.END, null);
      parser.hereDocuments.requireNoneWaiting();
      return text.length();
    } catch (ShellParseException e) {
      return e.reason() == ShellParseException.Reason.MALFORMED
          ? parser.completeCommandStart
          : text.length();
    } finally {
      in.release();
    }
  }

  /**
   * After the {@code $(} or {@code <(} of a substitution at {@code at}: its statements, to the
   * closing {@code )}, taken. Its here-documents end within it.
   */
  List<Statement> substitution(int depth, int at) throws ShellParseException {
    Object outer = hereDocuments.begin();
    try {
      List<Statement> statements = statements(depth, Closer.PAREN, null);
      if (in.atEnd()) {
        throw ParseLimits.malformed("a ( with no ) to close it", at, in.where);
      }
      hereDocuments.requireNoneWaiting();
      in.pos++;
      return hereDocuments.filled(statements);
    } finally {
      hereDocuments.end(outer);
    }
  }

  // ---- lists ----

  /** What ends a list of statements, beside the keywords its compound command waits for. */
  private enum Closer {
    /** The text's end. */
    END,
    /** A {@code )}: a subshell's or a substitution's. */
    PAREN,
    /** A keyword of the compound command being read. */
    KEYWORD,
    /** The {@code ;;}, {@code ;&}, {@code ;;&} or {@code esac} ending a case item. */
    CASE_ITEM
  }

  /**
   * Reads statements up to what ends them (not taken): the end, or per {@code closer} a {@code )},
   * one of {@code keywords} where a command starts, or the end of a case item.
   */
  private List<Statement> statements(int depth, Closer closer, String[] keywords)
      throws ShellParseException {
    List<Statement> out = takeList();
    // The first statement whose line has not ended: the here-documents read at the next newline
    // are of it or after it.
    int unfilled = 0;
    for (; ; ) {
      boolean newline = skipBlankLines();
      if (closer == Closer.END && (newline || out.isEmpty())) {
        completeCommandStart = in.pos;
      }
      hereDocuments.fill(out, unfilled);
      if (closer == Closer.END
          && sink != null
          && newline
          && hereDocuments.noneWaiting()
          && hereDocuments.allFilled()) {
        // Their lines have ended and their bodies are in: done with, as far as this list goes.
        for (int i = 0; i < out.size(); i++) {
          sink.accept(out.get(i));
        }
        out.clear();
      }
      unfilled = out.size();
      if (in.atEnd()) {
        return fixed(out);
      }
      char c = in.chars[in.pos];
      if (c == ')') {
        if (closer == Closer.PAREN) {
          return fixed(out);
        }
        throw ParseLimits.malformed("a ) with no ( before it", in.pos, in.where);
      }
      if (c == ';' || c == '&' && in.peek(1) != '>' || c == '|') {
        if (closer == Closer.CASE_ITEM && c == ';' && (in.peek(1) == ';' || in.peek(1) == '&')) {
          return fixed(out);
        }
        throw ParseLimits.malformed(
            "a " + operatorText() + " with no command before it", in.pos, in.where);
      }
      String keyword = peekKeyword();
      if (keyword != null && Keywords.isCloser(keyword)) {
        if (closer == Closer.KEYWORD && Arrays.asList(keywords).contains(keyword)
            || closer == Closer.CASE_ITEM && keyword.equals("esac")) {
          return fixed(out);
        }
        throw ParseLimits.malformed(Keywords.unexpected(keyword), in.pos, in.where);
      }
      int start = in.pos;
      Command command = andOr(depth);
      in.skipBlanks();
      boolean background = false;
      if (!in.atEnd()) {
        char d = in.chars[in.pos];
        if (d == '&' && in.peek(1) != '&' && in.peek(1) != '>') {
          background = true;
          in.pos++;
        } else if (d == ';'
            && !(closer == Closer.CASE_ITEM && (in.peek(1) == ';' || in.peek(1) == '&'))) {
          if (in.peek(1) == ';' || in.peek(1) == '&') {
            throw ParseLimits.malformed(
                "a " + operatorText() + " outside a case", in.pos, in.where);
          }
          in.pos++;
        } else if (d != '\n' && d != '#' && d != ')' && d != ';') {
          throw ParseLimits.malformed(
              "a command where a separator should be (" + near() + ")", in.pos, in.where);
        }
      }
      out.add(new Statement(command, background, start, background ? in.pos : command.end()));
    }
  }

  /** The operator at the read position, for messages: {@code ;;}, {@code &&}, {@code |}, … */
  private String operatorText() {
    int end = in.pos + 1;
    while (end < in.length && end < in.pos + 3 && ";&|".indexOf(in.chars[end]) >= 0) {
      end++;
    }
    return in.text.substring(in.pos, end);
  }

  /** A few characters from the read position, for messages. */
  private String near() {
    int end = Math.min(in.length, in.pos + 12);
    int newline = in.text.indexOf('\n', in.pos);
    if (newline >= 0 && newline < end) {
      end = newline;
    }
    return "'" + in.text.substring(in.pos, end) + "'";
  }

  /**
   * Steps over blanks, comments and newlines, reading the here-documents each newline starts.
   * {@return whether it stepped over a newline}
   */
  boolean skipBlankLines() throws ShellParseException {
    boolean newline = false;
    for (; ; ) {
      in.skipBlanks();
      if (in.atEnd()) {
        return newline;
      }
      char c = in.chars[in.pos];
      if (c == '\n') {
        in.pos++;
        newline = true;
        hereDocuments.readBodies();
      } else if (c == '#') {
        in.skipComment();
      } else {
        return newline;
      }
    }
  }

  /** A list that must hold a statement, up to one of {@code keywords}, taken. */
  private List<Statement> body(int depth, String[] keywords, String opener, int at)
      throws ShellParseException {
    List<Statement> statements = statements(depth, Closer.KEYWORD, keywords);
    if (in.atEnd()) {
      // The message made only when it is thrown: "a for with no done" (the last keyword ends it).
      throw ParseLimits.malformed(
          opener + " with no " + keywords[keywords.length - 1], at, in.where);
    }
    if (statements.isEmpty()) {
      throw ParseLimits.malformed(
          "a " + peekKeyword() + " with no command before it", in.pos, in.where);
    }
    return statements;
  }

  // ---- and-or lists, pipelines ----

  private Command andOr(int depth) throws ShellParseException {
    Command first = pipeline(depth);
    if (!atAndOr()) {
      return first;
    }
    List<Command> commands = takeList();
    List<AndOrList.Operator> operators = takeList();
    commands.add(first);
    while (atAndOr()) {
      int at = in.pos;
      AndOrList.Operator operator =
          in.chars[at] == '&' ? AndOrList.Operator.AND : AndOrList.Operator.OR;
      operators.add(operator);
      in.pos += 2;
      skipBlankLines();
      requireCommand(at, operator.text());
      commands.add(pipeline(depth));
    }
    int end = commands.get(commands.size() - 1).end();
    return new AndOrList(fixed(commands), fixed(operators), first.start(), end);
  }

  private boolean atAndOr() {
    in.skipBlanks();
    return in.at("&&") || in.at("||");
  }

  /** Refuses what cannot start the command an operator at {@code at} needs after it. */
  private void requireCommand(int at, String operator) throws ShellParseException {
    if (in.atEnd()) {
      throw ParseLimits.malformed("a " + operator + " with no command after it", at, in.where);
    }
    char c = in.chars[in.pos];
    if (c == ';' || c == '&' && in.peek(1) != '>' || c == '|' || c == ')') {
      throw ParseLimits.malformed("a " + operator + " with no command after it", at, in.where);
    }
  }

  /** A pipeline, with its {@code !} and {@code time} prefixes. */
  private Command pipeline(int depth) throws ShellParseException {
    int start = in.pos;
    String keyword = peekKeyword();
    if ("!".equals(keyword) || "time".equals(keyword)) {
      in.limits.depth(depth + 1, start, keyword.equals("!") ? "a !" : "a time", in.where);
      if (keyword.equals("!")) {
        in.pos++;
        in.skipBlanks();
        if (in.peek(0) == ')') {
          throw ParseLimits.malformed("a ! with no command after it", start, in.where);
        }
        Command negated = atPipelineEnd() ? null : pipeline(depth + 1);
        return new Negation(negated, start, negated == null ? start + 1 : negated.end());
      }
      in.pos += 4;
      in.skipBlanks();
      boolean posix = false;
      if (atOption("-p")) {
        posix = true;
        in.pos += 2;
        in.skipBlanks();
      }
      if (atOption("--")) {
        in.pos += 2;
        in.skipBlanks();
      }
      int keywordEnd = in.pos;
      if (atPipelineEnd()) {
        return new TimeClause(posix, null, start, keywordEnd);
      }
      Command timed = pipeline(depth + 1);
      return new TimeClause(posix, timed, start, timed.end());
    }
    Command first = command(depth, false);
    if (!atPipe()) {
      return first;
    }
    List<Command> commands = takeList();
    List<Pipeline.Operator> operators = takeList();
    commands.add(first);
    while (atPipe()) {
      int at = in.pos;
      boolean all = in.peek(1) == '&';
      operators.add(all ? Pipeline.Operator.PIPE_ALL : Pipeline.Operator.PIPE);
      in.pos += all ? 2 : 1;
      skipBlankLines();
      requireCommand(at, all ? "|&" : "|");
      commands.add(command(depth, true));
    }
    int end = commands.get(commands.size() - 1).end();
    return new Pipeline(fixed(commands), fixed(operators), start, end);
  }

  private boolean atPipe() {
    in.skipBlanks();
    return in.peek(0) == '|' && in.peek(1) != '|';
  }

  /** Whether {@code option} stands alone as a word at the read position. */
  private boolean atOption(String option) {
    return in.at(option) && in.endsWord(in.pos + option.length());
  }

  /** Whether the pipeline ends here: the end, a newline or a separator ({@code time ;}). */
  private boolean atPipelineEnd() throws ShellParseException {
    if (in.atEnd()) {
      return true;
    }
    char c = in.chars[in.pos];
    if (c == '\n' || c == ';' || c == '#' || c == ')') {
      return true;
    }
    if (c == '&' && in.peek(1) != '>' || c == '|') {
      throw ParseLimits.malformed(
          "a " + operatorText() + " with no command before it", in.pos, in.where);
    }
    return false;
  }

  // ---- commands ----

  /**
   * One command at a command's start: compound, a function's definition, or simple. After a pipe
   * ({@code afterPipe}), {@code time} is a program's name and {@code !} cannot stand.
   */
  private Command command(int depth, boolean afterPipe) throws ShellParseException {
    int at = in.pos;
    if (in.chars[at] == '(') {
      return withRedirections(depth, parenthesized(depth, at));
    }
    String keyword = peekKeyword();
    if (keyword == null) {
      return simple(depth);
    }
    switch (keyword) {
      case "{" -> {
        in.limits.depth(depth + 1, at, "a { … }", in.where);
        in.pos++;
        List<Statement> statements = body(depth + 1, BRACE, "a {", at);
        in.pos++;
        return withRedirections(depth, new Group(statements, List.of(), at, in.pos));
      }
      case "if" -> {
        return withRedirections(depth, ifClause(depth, at));
      }
      case "while", "until" -> {
        return withRedirections(depth, whileClause(depth, at, keyword.equals("until")));
      }
      case "for", "select" -> {
        return withRedirections(depth, forClause(depth, at, keyword.equals("select")));
      }
      case "case" -> {
        return withRedirections(depth, caseClause(depth, at));
      }
      case "[[" -> {
        in.limits.depth(depth + 1, at, "a [[ … ]]", in.where);
        in.pos += 2;
        return withRedirections(depth, tests.clause(depth + 1, at));
      }
      case "function" -> {
        return function(depth, at);
      }
      case "coproc" -> {
        return coproc(depth, at);
      }
      case "!" -> {
        throw ParseLimits.malformed("a ! after a pipe", at, in.where);
      }
      case "time" -> {
        // After a pipe, time is a program's name.
        return simple(depth);
      }
      case "in" -> throw ParseLimits.malformed("an in where a command should start", at, in.where);
      default -> throw ParseLimits.malformed(Keywords.unexpected(keyword), at, in.where);
    }
  }

  /** At {@code (}: a subshell, or bash's {@code (( … ))} when the parentheses close so. */
  private CompoundCommand parenthesized(int depth, int at) throws ShellParseException {
    in.limits.depth(depth + 1, at, "a ( … )", in.where);
    if (in.peek(1) == '(' && words.arithmeticAhead(at + 2)) {
      in.pos = at + 2;
      ArithmeticExpression expression = words.arithmetic(depth + 1, at, ")", "(( … ))");
      in.pos += 2;
      return new ArithmeticCommand(expression, List.of(), at, in.pos);
    }
    in.pos = at + 1;
    List<Statement> statements = statements(depth + 1, Closer.PAREN, null);
    if (in.atEnd()) {
      throw ParseLimits.malformed("a ( with no ) to close it", at, in.where);
    }
    if (statements.isEmpty()) {
      throw ParseLimits.malformed("a ( … ) with no command in it", at, in.where);
    }
    in.pos++;
    return new Subshell(statements, List.of(), at, in.pos);
  }

  /** {@code compound}, with the redirections after it. */
  private CompoundCommand withRedirections(int depth, CompoundCommand compound)
      throws ShellParseException {
    List<Redirection> redirections = null;
    for (; ; ) {
      in.skipBlanks();
      if (!isRedirectionAt()) {
        break;
      }
      if (redirections == null) {
        redirections = new ArrayList<>(2);
      }
      redirections.add(redirection(depth));
    }
    if (redirections == null) {
      return compound;
    }
    int end = redirections.get(redirections.size() - 1).end();
    // Java 17: no switch over a sealed type's records; a compound is one of these.
    if (compound instanceof Subshell c) {
      return new Subshell(c.statements(), redirections, c.start(), end);
    } else if (compound instanceof Group c) {
      return new Group(c.statements(), redirections, c.start(), end);
    } else if (compound instanceof IfClause c) {
      return new IfClause(c.branches(), c.elseBody(), redirections, c.start(), end);
    } else if (compound instanceof WhileClause c) {
      return new WhileClause(c.until(), c.condition(), c.body(), redirections, c.start(), end);
    } else if (compound instanceof ForClause c) {
      return new ForClause(c.select(), c.name(), c.items(), c.body(), redirections, c.start(), end);
    } else if (compound instanceof ArithmeticForClause c) {
      return new ArithmeticForClause(
          c.init(), c.condition(), c.step(), c.body(), redirections, c.start(), end);
    } else if (compound instanceof CaseClause c) {
      return new CaseClause(c.subject(), c.items(), redirections, c.start(), end);
    } else if (compound instanceof ArithmeticCommand c) {
      return new ArithmeticCommand(c.expression(), redirections, c.start(), end);
    } else if (compound instanceof io.github.providergateway.guard.shell.syntax.TestClause c) {
      return new io.github.providergateway.guard.shell.syntax.TestClause(
          c.expression(), redirections, c.start(), end);
    }
    throw new IllegalStateException("a compound command of no known kind: " + compound);
  }

  private IfClause ifClause(int depth, int at) throws ShellParseException {
    in.limits.depth(depth + 1, at, "an if … fi", in.where);
    List<IfBranch> branches = new ArrayList<>(2);
    List<Statement> elseBody = List.of();
    int branchStart = at;
    in.pos += 2;
    for (; ; ) {
      List<Statement> condition = body(depth + 1, THEN, "an if", at);
      in.pos += 4;
      List<Statement> then = body(depth + 1, ELSE_ELIF_FI, "an if", at);
      branches.add(new IfBranch(condition, then, branchStart, then.get(then.size() - 1).end()));
      String keyword = peekKeyword();
      if (keyword.equals("elif")) {
        branchStart = in.pos;
        in.pos += 4;
        continue;
      }
      if (keyword.equals("else")) {
        in.pos += 4;
        elseBody = body(depth + 1, FI, "an if", at);
      }
      in.pos += 2;
      return new IfClause(branches, elseBody, List.of(), at, in.pos);
    }
  }

  private static final String[] THEN = {"then"};
  private static final String[] ELSE_ELIF_FI = {"elif", "else", "fi"};
  private static final String[] FI = {"fi"};
  private static final String[] DO = {"do"};
  private static final String[] DONE = {"done"};
  private static final String[] BRACE = {"}"};

  private WhileClause whileClause(int depth, int at, boolean until) throws ShellParseException {
    String keyword = until ? "until" : "while";
    // Constant messages: a loop's reading makes no text of its own unless it is refused.
    String opener = until ? "a until" : "a while";
    in.limits.depth(depth + 1, at, until ? "a until … done" : "a while … done", in.where);
    in.pos += keyword.length();
    List<Statement> condition = body(depth + 1, DO, opener, at);
    in.pos += 2;
    List<Statement> body = body(depth + 1, DONE, opener, at);
    in.pos += 4;
    return new WhileClause(until, condition, body, List.of(), at, in.pos);
  }

  private CompoundCommand forClause(int depth, int at, boolean select) throws ShellParseException {
    String keyword = select ? "select" : "for";
    // Constant messages: a loop's reading makes no text of its own unless it is refused.
    String opener = select ? "a select" : "a for";
    in.limits.depth(depth + 1, at, select ? "a select … done" : "a for … done", in.where);
    in.pos += keyword.length();
    in.skipBlanks();
    if (!select && in.at("((")) {
      int open = in.pos;
      in.pos += 2;
      ArithmeticExpression[] parts = new ArithmeticExpression[3];
      for (int i = 0; i < 3; i++) {
        parts[i] = words.arithmetic(depth + 1, open, ")", "(( … ))", i < 2);
        if (i < 2 && in.peek(0) != ';') {
          throw ParseLimits.malformed("a for (( … )) with no ; between its parts", open, in.where);
        }
        in.pos += i < 2 ? 1 : 2;
      }
      List<Statement> body = loopBody(depth, at, opener, true);
      return new ArithmeticForClause(parts[0], parts[1], parts[2], body, List.of(), at, in.pos);
    }
    if (in.atEnd() || Source.isMeta(in.chars[in.pos])) {
      throw ParseLimits.malformed("a " + keyword + " with no name", at, in.where);
    }
    WrittenWord name = words.word(WordShapes.Context.NAME, depth + 1);
    List<WrittenWord> items = null;
    in.skipBlanks();
    if (in.peek(0) == ';') {
      in.pos++;
    } else {
      skipBlankLines();
      if ("in".equals(peekKeyword())) {
        in.pos += 2;
        items = new ArrayList<>();
        for (; ; ) {
          in.skipBlanks();
          if (in.atEnd()) {
            break;
          }
          char c = in.chars[in.pos];
          if (c == '#') {
            in.skipComment();
            continue;
          }
          if (c == ';' && in.peek(1) != ';' && in.peek(1) != '&' || c == '\n') {
            in.pos++;
            if (c == '\n') {
              hereDocuments.readBodies();
            }
            break;
          }
          if (in.endsWord(in.pos)) {
            throw ParseLimits.malformed(
                "a " + keyword + " list with " + near() + " in it", in.pos, in.where);
          }
          items.add(words.word(WordShapes.Context.ARGUMENT, depth + 1));
        }
      }
    }
    List<Statement> body = loopBody(depth, at, opener, false);
    return new ForClause(select, name, items, body, List.of(), at, in.pos);
  }

  /**
   * A loop's {@code do list; done}, or bash's <code>{ list; }</code>, taken; after a {@code ;} when
   * {@code semicolon} ({@code for (( … ));}).
   */
  private List<Statement> loopBody(int depth, int at, String opener, boolean semicolon)
      throws ShellParseException {
    in.skipBlanks();
    if (semicolon && in.peek(0) == ';' && in.peek(1) != ';' && in.peek(1) != '&') {
      in.pos++;
    }
    skipBlankLines();
    String open = peekKeyword();
    if ("do".equals(open)) {
      in.pos += 2;
      List<Statement> body = body(depth + 1, DONE, opener, at);
      in.pos += 4;
      return body;
    }
    if ("{".equals(open)) {
      in.pos++;
      List<Statement> body = body(depth + 1, BRACE, opener, at);
      in.pos++;
      return body;
    }
    throw ParseLimits.malformed(opener + " with no do", at, in.where);
  }

  private CaseClause caseClause(int depth, int at) throws ShellParseException {
    in.limits.depth(depth + 1, at, "a case … esac", in.where);
    in.pos += 4;
    in.skipBlanks();
    if (in.atEnd() || Source.isMeta(in.chars[in.pos])) {
      throw ParseLimits.malformed("a case with no word", at, in.where);
    }
    WrittenWord subject = words.word(WordShapes.Context.CASE_SUBJECT, depth);
    skipBlankLines();
    if (!"in".equals(peekKeyword())) {
      throw ParseLimits.malformed("a case with no in", at, in.where);
    }
    in.pos += 2;
    List<CaseItem> items = new ArrayList<>();
    for (; ; ) {
      skipBlankLines();
      if (in.atEnd()) {
        throw ParseLimits.malformed("a case with no esac", at, in.where);
      }
      if ("esac".equals(peekKeyword())) {
        in.pos += 4;
        return new CaseClause(subject, items, List.of(), at, in.pos);
      }
      int itemStart = in.pos;
      if (in.chars[in.pos] == '(') {
        in.pos++;
      }
      List<WrittenWord> patterns = new ArrayList<>(2);
      for (; ; ) {
        in.skipBlanks();
        if (in.atEnd()) {
          throw ParseLimits.malformed("a case pattern with no )", at, in.where);
        }
        if (in.endsWord(in.pos)) {
          throw ParseLimits.malformed("a case pattern with no )", in.pos, in.where);
        }
        patterns.add(words.word(WordShapes.Context.PATTERN, depth));
        in.skipBlanks();
        char c = in.peek(0);
        if (c == '|') {
          in.pos++;
        } else if (c == ')') {
          in.pos++;
          break;
        } else {
          throw ParseLimits.malformed("a case pattern with no )", in.pos, in.where);
        }
      }
      int patternsEnd = in.pos;
      List<Statement> body = statements(depth + 1, Closer.CASE_ITEM, null);
      if (in.atEnd()) {
        throw ParseLimits.malformed("a case with no esac", at, in.where);
      }
      CaseItem.Terminator terminator;
      if (in.at(";;&")) {
        terminator = CaseItem.Terminator.CONTINUE;
      } else if (in.at(";;")) {
        terminator = CaseItem.Terminator.BREAK;
      } else if (in.at(";&")) {
        terminator = CaseItem.Terminator.FALL_THROUGH;
      } else {
        terminator = CaseItem.Terminator.ESAC;
      }
      in.pos += terminator.text().length();
      int itemEnd =
          terminator != CaseItem.Terminator.ESAC
              ? in.pos
              : body.isEmpty() ? patternsEnd : body.get(body.size() - 1).end();
      items.add(new CaseItem(patterns, body, terminator, itemStart, itemEnd));
    }
  }

  /** {@code function name [()] compound}. */
  private Command function(int depth, int at) throws ShellParseException {
    in.pos += "function".length();
    in.skipBlanks();
    if (in.atEnd() || Source.isMeta(in.chars[in.pos])) {
      throw ParseLimits.malformed("a function with no name", at, in.where);
    }
    WrittenWord name = words.word(WordShapes.Context.NAME, depth);
    skipFunctionParens();
    return functionBody(name, true, at, depth);
  }

  /** The function {@code name}'s body, from the read position: a compound command. */
  private FunctionDeclaration functionBody(WrittenWord name, boolean keyword, int at, int depth)
      throws ShellParseException {
    skipBlankLines();
    if (in.atEnd() || !startsCompound()) {
      throw ParseLimits.malformed("a function with no body", at, in.where);
    }
    Command body = command(depth, false);
    return new FunctionDeclaration(name, keyword, (CompoundCommand) body, at, body.end());
  }

  /** Whether a compound command starts at the read position. */
  private boolean startsCompound() {
    if (in.peek(0) == '(') {
      return true;
    }
    String keyword = peekKeyword();
    if (keyword == null) {
      return false;
    }
    return switch (keyword) {
      case "{", "if", "while", "until", "for", "select", "case", "[[" -> true;
      default -> false;
    };
  }

  /** After a function's name: {@code ( )} with blanks between, taken; false if not there. */
  private boolean skipFunctionParens() {
    int save = in.pos;
    in.skipBlanks();
    if (in.peek(0) == '(') {
      in.pos++;
      in.skipBlanks();
      if (in.peek(0) == ')') {
        in.pos++;
        return true;
      }
    }
    in.pos = save;
    return false;
  }

  /** {@code coproc [name] compound} or {@code coproc simple-command}. */
  private Command coproc(int depth, int at) throws ShellParseException {
    in.limits.depth(depth + 1, at, "a coproc", in.where);
    in.pos += "coproc".length();
    in.skipBlanks();
    if (atPipelineEnd()) {
      throw ParseLimits.malformed("a coproc with no command", at, in.where);
    }
    if (startsCompound()) {
      Command command = command(depth + 1, false);
      return new CoprocClause(null, command, at, command.end());
    }
    String keyword = peekKeyword();
    if ("!".equals(keyword) || keyword != null && Keywords.isCloser(keyword)) {
      throw ParseLimits.malformed(
          keyword.equals("!") ? "a ! after coproc" : Keywords.unexpected(keyword),
          in.pos,
          in.where);
    }
    if (keyword != null || isRedirectionAt() || assignmentValueAt() > 0 || subscriptAt() > 0) {
      Command command = simple(depth + 1, null);
      return new CoprocClause(null, command, at, command.end());
    }
    // A word, then a compound command: the coprocess's name (coproc x { …; }); else the word
    // starts the simple command it runs (coproc x ls runs x).
    WrittenWord first = words.word(WordShapes.Context.ARGUMENT, depth + 1);
    in.skipBlanks();
    if (startsCompound()) {
      Command command = command(depth + 1, false);
      return new CoprocClause(first, command, at, command.end());
    }
    // After coproc and a word, bash reads a keyword as one: only a compound command may follow.
    keyword = peekKeyword();
    if (keyword != null) {
      throw ParseLimits.malformed(
          Keywords.isCloser(keyword)
              ? Keywords.unexpected(keyword)
              : "a " + keyword + " after coproc and a name",
          in.pos,
          in.where);
    }
    Command command = simple(depth + 1, first);
    return new CoprocClause(null, command, at, command.end());
  }

  // ---- simple commands ----

  /** The words, assignments and redirections of a simple command, or a function's definition. */
  private Command simple(int depth) throws ShellParseException {
    return simple(depth, null);
  }

  /** As {@link #simple(int)}, its first word read already when not null. */
  private Command simple(int depth, WrittenWord first) throws ShellParseException {
    CommandWords.Builder arguments =
        spareWords.isEmpty() ? new CommandWords.Builder() : spareWords.pop();
    try {
      return simple(depth, first, arguments);
    } finally {
      arguments.clear();
      spareWords.push(arguments);
    }
  }

  /** As {@link #simple(int, WrittenWord)}, its words gathered in {@code arguments}, empty. */
  private Command simple(int depth, WrittenWord first, CommandWords.Builder arguments)
      throws ShellParseException {
    int start = first == null ? in.pos : first.start();
    List<Assignment> assignments = List.of();
    if (first != null) {
      arguments.add(first);
    }
    List<Redirection> redirections = List.of();
    boolean declaration = first != null && isDeclaration(first);
    for (; ; ) {
      in.skipBlanks();
      if (in.atEnd()) {
        break;
      }
      char c = in.chars[in.pos];
      if (c == '#'
          || c == '\n'
          || c == ';'
          || c == '|'
          || c == ')'
          || c == '&' && in.peek(1) != '>') {
        break;
      }
      if (isRedirectionAt()) {
        redirections = plus(redirections, redirection(depth));
        continue;
      }
      if (c == '(') {
        if (arguments.size() == 1 && assignments.isEmpty() && redirections.isEmpty()) {
          int at = in.pos;
          if (skipFunctionParens()) {
            return functionBody(arguments.fixed().get(0), false, start, depth);
          }
          in.pos = at;
        }
        throw ParseLimits.malformed("a ( inside a command", in.pos, in.where);
      }
      if (arguments.isEmpty() && isNameThen(in.pos, "[+=")) {
        int subscriptEnd = subscriptAt();
        if (subscriptEnd > 0) {
          // name[…]: bash reads the subscript whole here, blanks and all (a[1 2]=x assigns).
          int after =
              subscriptEnd < in.length && in.chars[subscriptEnd] == '+'
                  ? subscriptEnd + 1
                  : subscriptEnd;
          if (after < in.length && in.chars[after] == '=') {
            assignments = plus(assignments, assignment(depth, after + 1, subscriptEnd));
          } else {
            arguments.add(words.wordWithSubscript(depth, subscriptEnd));
          }
          continue;
        }
        int valueAt = assignmentValueAt();
        if (valueAt > 0) {
          assignments = plus(assignments, assignment(depth, valueAt, -1));
          continue;
        }
      }
      if (declaration && Source.isNameStart(c)) {
        int valueAt = assignmentValueAt();
        if (valueAt > 0 && valueAt < in.length && in.chars[valueAt] == '(') {
          // declare -a x=(1 2): an argument bash reads as an array's assignment.
          arguments.add(declarationArray(depth, valueAt));
          continue;
        }
      }
      int wordStart = in.pos;
      String plain = words.plainWord();
      if (plain != null) {
        // Most words: kept as their text and span, no node made (CommandWords).
        if (arguments.isEmpty()) {
          declaration = isDeclaration(plain);
        }
        arguments.addPlain(plain, wordStart);
        continue;
      }
      WrittenWord word = words.word(WordShapes.Context.ARGUMENT, depth);
      if (arguments.isEmpty()) {
        declaration = isDeclaration(word);
      }
      arguments.add(word);
    }
    int end =
        Math.max(
            assignments.isEmpty() ? -1 : assignments.get(assignments.size() - 1).end(),
            Math.max(
                arguments.isEmpty() ? -1 : arguments.lastEnd(),
                redirections.isEmpty() ? -1 : redirections.get(redirections.size() - 1).end()));
    List<WrittenWord> words = arguments.fixed();
    if (end < 0) {
      throw ParseLimits.malformed("a command expected (" + near() + ")", in.pos, in.where);
    }
    return new SimpleCommand(assignments, words, redirections, start, end);
  }

  /** {@code list} and {@code item}: a fixed list of one for the first, a growing one after. */
  private static <T> List<T> plus(List<T> list, T item) {
    if (list.isEmpty()) {
      return List.of(item);
    }
    if (list.size() == 1) {
      List<T> grown = new ArrayList<>(4);
      grown.add(list.get(0));
      grown.add(item);
      return grown;
    }
    list.add(item);
    return list;
  }

  private static boolean isDeclaration(WrittenWord word) {
    return word.parts().size() == 1
        && word.parts().get(0) instanceof Literal literal
        && isDeclaration(literal.text());
  }

  /** Whether a word of one literal, {@code text} as written, names an assignment builtin. */
  private static boolean isDeclaration(String text) {
    // Asked of every command: its first character rules most programs out.
    if ("detlra".indexOf(text.charAt(0)) < 0) {
      return false;
    }
    // Bash's assignment builtins: after one, name=(…) is an array's assignment.
    return switch (text) {
      case "declare", "typeset", "local", "export", "readonly", "alias", "eval", "let" -> true;
      default -> false;
    };
  }

  /**
   * Whether a name stands at {@code from} followed by one of {@code next}: asked of every command's
   * first word, most of which are a name and a blank.
   */
  private boolean isNameThen(int from, String next) {
    char[] chars = in.chars;
    if (from >= in.length || !Source.isNameStart(chars[from])) {
      return false;
    }
    int i = from + 1;
    while (i < in.length && Source.isNameChar(chars[i])) {
      i++;
    }
    return i < in.length && next.indexOf(chars[i]) >= 0;
  }

  /**
   * Where a name's subscript at the read position ends (after its {@code ]}), for a word where an
   * assignment may stand: {@code name[}, read to its matching {@code ]} as bash does, quotes,
   * expansions and blanks within; -1 when no name and {@code [} are there.
   */
  private int subscriptAt() throws ShellParseException {
    char[] chars = in.chars;
    int i = in.pos;
    if (i >= in.length || !Source.isNameStart(chars[i])) {
      return -1;
    }
    while (i < in.length && Source.isNameChar(chars[i])) {
      i++;
    }
    if (i >= in.length || chars[i] != '[') {
      return -1;
    }
    int end = words.matchedEnd(i, '[', ']');
    if (end < 0) {
      throw ParseLimits.malformed("a [ with no ] to close it", i, in.where);
    }
    return end;
  }

  /**
   * Where the value of the assignment at the read position starts ({@code name=}, {@code name+=},
   * {@code name[sub]=}), or -1 when none is there.
   */
  private int assignmentValueAt() {
    char[] chars = in.chars;
    int i = in.pos;
    if (i >= in.length || !Source.isNameStart(chars[i])) {
      return -1;
    }
    while (i < in.length && Source.isNameChar(chars[i])) {
      i++;
    }
    if (i < in.length && chars[i] == '[') {
      int close = i;
      while (close < in.length && chars[close] != ']' && !Source.isMeta(chars[close])) {
        close++;
      }
      if (close >= in.length || chars[close] != ']') {
        return -1;
      }
      i = close + 1;
    }
    if (i < in.length && chars[i] == '+') {
      i++;
    }
    return i < in.length && chars[i] == '=' ? i + 1 : -1;
  }

  /**
   * The assignment at the read position, its value at {@code valueAt}; its name's subscript ends at
   * {@code subscriptEnd} (after the {@code ]}), or -1 when it has none.
   */
  private Assignment assignment(int depth, int valueAt, int subscriptEnd)
      throws ShellParseException {
    char[] chars = in.chars;
    int start = in.pos;
    int nameEnd = start;
    while (Source.isNameChar(chars[nameEnd])) {
      nameEnd++;
    }
    String name = in.text.substring(start, nameEnd);
    WrittenWord index = null;
    if (subscriptEnd > 0) {
      index = words.text(nameEnd + 1, subscriptEnd - 1, depth);
    }
    boolean append = chars[valueAt - 2] == '+';
    in.pos = valueAt;
    if (in.peek(0) == '(') {
      ArrayExpression array = array(depth, start);
      if (in.endsWord(in.pos)) {
        return new Assignment(name, index, append, null, array, start, array.end());
      }
      // x=(1)y: glued to more text, bash takes it all as the word's text, parentheses and all.
      WrittenWord value =
          words.continued(
              List.of(array), array.start(), depth, WordShapes.Context.ASSIGNMENT_VALUE);
      return new Assignment(name, index, append, value, null, start, value.end());
    }
    WrittenWord value;
    if (in.atEnd() || Source.isMeta(chars[in.pos]) && !isProcessSubstitutionAt()) {
      in.limits.word(start, in.where);
      value = new WrittenWord(List.of(), in.pos, in.pos);
    } else {
      value = words.word(WordShapes.Context.ASSIGNMENT_VALUE, depth);
    }
    return new Assignment(name, index, append, value, null, start, value.end());
  }

  /** At an array's {@code (}: its elements to the {@code )}, taken. */
  private ArrayExpression array(int depth, int at) throws ShellParseException {
    int open = in.pos;
    in.pos++;
    in.limits.word(at, in.where);
    List<WrittenWord> elements = new ArrayList<>();
    for (; ; ) {
      skipBlankLines();
      if (in.atEnd()) {
        throw ParseLimits.malformed("an array assignment with no )", at, in.where);
      }
      char c = in.chars[in.pos];
      if (c == ')') {
        in.pos++;
        return new ArrayExpression(elements, open, in.pos);
      }
      if (Source.isMeta(c) && !isProcessSubstitutionAt()) {
        throw ParseLimits.malformed("an array assignment with no )", at, in.where);
      }
      elements.add(words.word(WordShapes.Context.ARGUMENT, depth));
    }
  }

  /** {@code name=(…)} as a declaration's argument: one word, its name and its array. */
  private WrittenWord declarationArray(int depth, int valueAt) throws ShellParseException {
    int start = in.pos;
    String text = in.text.substring(start, valueAt);
    Literal name = new Literal(text, text, start, valueAt);
    in.pos = valueAt;
    ArrayExpression array = array(depth, start);
    if (!in.endsWord(in.pos)) {
      // declare y=(3)x: one word, as bash reads it.
      return words.continued(List.of(name, array), start, depth, WordShapes.Context.ARGUMENT);
    }
    return new WrittenWord(List.of(name, array), start, array.end());
  }

  private boolean isProcessSubstitutionAt() {
    char c = in.peek(0);
    return (c == '<' || c == '>') && in.peek(1) == '(';
  }

  // ---- redirections and here-documents ----

  /** Whether a redirection starts at the read position: {@code [n|{name}]op}. */
  boolean isRedirectionAt() {
    char[] chars = in.chars;
    int i = in.pos;
    while (i < in.length && Source.isDigit(chars[i])) {
      i++;
    }
    if (i == in.pos && i < in.length && chars[i] == '{') {
      int j = i + 1;
      while (j < in.length && j - i < 64 && Source.isNameChar(chars[j])) {
        j++;
      }
      if (j > i + 1 && j < in.length && chars[j] == '}') {
        i = j + 1;
      }
    }
    if (i >= in.length) {
      return false;
    }
    char c = chars[i];
    if (c == '&' && i == in.pos) {
      return i + 1 < in.length && chars[i + 1] == '>';
    }
    if (c != '<' && c != '>') {
      return false;
    }
    // <( and >( are a process substitution, a word, even after digits (1<(ls) is a word).
    return !(i + 1 < in.length && chars[i + 1] == '(');
  }

  /**
   * The redirection operator at the read position, the longest that is there: {@code &>>}, {@code
   * &>}, {@code <<<}, {@code <<-}, {@code <<}, {@code <>}, {@code <&}, {@code <}, {@code >>},
   * {@code >|}, {@code >&}, {@code >}. Read by its characters, not tried one by one.
   */
  private RedirectOperator operatorAt() {
    char c = in.peek(0);
    char d = in.peek(1);
    return switch (c) {
      case '&' -> in.peek(2) == '>' ? RedirectOperator.ALL_APPEND : RedirectOperator.ALL_OUT;
      case '<' ->
          switch (d) {
            case '<' ->
                in.peek(2) == '<'
                    ? RedirectOperator.HERE_STRING
                    : in.peek(2) == '-'
                        ? RedirectOperator.HERE_DOCUMENT_TABS
                        : RedirectOperator.HERE_DOCUMENT;
            case '>' -> RedirectOperator.IN_OUT;
            case '&' -> RedirectOperator.DUPLICATE_IN;
            default -> RedirectOperator.IN;
          };
      default ->
          switch (d) {
            case '>' -> RedirectOperator.APPEND;
            case '|' -> RedirectOperator.CLOBBER;
            case '&' -> RedirectOperator.DUPLICATE_OUT;
            default -> RedirectOperator.OUT;
          };
    };
  }

  /** At a redirection ({@link #isRedirectionAt}): reads it, and queues its here-document. */
  Redirection redirection(int depth) throws ShellParseException {
    char[] chars = in.chars;
    int start = in.pos;
    while (Source.isDigit(chars[in.pos])) {
      in.pos++;
    }
    if (chars[in.pos] == '{') {
      in.pos = in.text.indexOf('}', in.pos) + 1;
    }
    String descriptor =
        in.pos == start
            ? null
            : in.pos == start + 1 && Source.isDigit(chars[start])
                ? DIGITS[chars[start] - '0']
                : in.text.substring(start, in.pos);
    int at = in.pos;
    RedirectOperator operator = operatorAt();
    in.pos += operator.text().length();
    in.skipBlanks();
    // A # starts a comment and 2> another redirection, as bash reads them: neither is a target
    // (but the digits after >& and <& are the descriptor's, 2>&12>&1).
    boolean duplicates =
        operator == RedirectOperator.DUPLICATE_OUT || operator == RedirectOperator.DUPLICATE_IN;
    if (in.atEnd()
        || Source.isMeta(chars[in.pos]) && !isProcessSubstitutionAt()
        || chars[in.pos] == '#'
        || !duplicates && isRedirectionAt()) {
      throw ParseLimits.malformed(
          "a redirection " + operator.text() + " with no target", at, in.where);
    }
    if (!operator.opensHereDocument()) {
      WrittenWord target = words.word(WordShapes.Context.ARGUMENT, depth);
      return new Redirection(descriptor, operator, target, null, start, target.end());
    }
    // Its body is read after the line ends, and put in the tree then.
    WrittenWord delimiter = words.word(WordShapes.Context.NAME, depth);
    return hereDocuments.open(descriptor, operator, delimiter, start, at, depth);
  }

  /** The descriptors of one digit, made once: {@code 2>&1} is in many commands. */
  private static final String[] DIGITS = {"0", "1", "2", "3", "4", "5", "6", "7", "8", "9"};

  // ---- keywords ----

  /** Where {@link #peekKeyword} last looked, and at which length, and what it found there. */
  private int keywordAt = -1;

  private int keywordLength;
  private String keyword;

  /** The keyword at the read position, unquoted and ended by a blank or operator, or null. */
  String peekKeyword() {
    // Asked several times at every command's start: once a place.
    if (keywordAt != in.pos || keywordLength != in.length) {
      keywordAt = in.pos;
      keywordLength = in.length;
      keyword = Keywords.at(in);
    }
    return keyword;
  }
}
