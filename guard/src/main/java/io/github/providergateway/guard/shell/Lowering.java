package io.github.providergateway.guard.shell;

import io.github.providergateway.guard.shell.RawCommand.Nest;
import io.github.providergateway.guard.shell.RawCommand.RawRedirect;
import io.github.providergateway.guard.shell.syntax.AndOrList;
import io.github.providergateway.guard.shell.syntax.AndOrTest;
import io.github.providergateway.guard.shell.syntax.AnsiCQuoted;
import io.github.providergateway.guard.shell.syntax.ArithmeticCommand;
import io.github.providergateway.guard.shell.syntax.ArithmeticExpansion;
import io.github.providergateway.guard.shell.syntax.ArithmeticExpression;
import io.github.providergateway.guard.shell.syntax.ArithmeticForClause;
import io.github.providergateway.guard.shell.syntax.ArrayExpression;
import io.github.providergateway.guard.shell.syntax.Assignment;
import io.github.providergateway.guard.shell.syntax.BackquoteSubstitution;
import io.github.providergateway.guard.shell.syntax.BinaryTest;
import io.github.providergateway.guard.shell.syntax.BraceExpansion;
import io.github.providergateway.guard.shell.syntax.CaseClause;
import io.github.providergateway.guard.shell.syntax.CaseItem;
import io.github.providergateway.guard.shell.syntax.Command;
import io.github.providergateway.guard.shell.syntax.CommandSubstitution;
import io.github.providergateway.guard.shell.syntax.CompoundCommand;
import io.github.providergateway.guard.shell.syntax.CoprocClause;
import io.github.providergateway.guard.shell.syntax.DoubleQuoted;
import io.github.providergateway.guard.shell.syntax.ForClause;
import io.github.providergateway.guard.shell.syntax.FunctionDeclaration;
import io.github.providergateway.guard.shell.syntax.GlobPattern;
import io.github.providergateway.guard.shell.syntax.Group;
import io.github.providergateway.guard.shell.syntax.HereDocument;
import io.github.providergateway.guard.shell.syntax.IfBranch;
import io.github.providergateway.guard.shell.syntax.IfClause;
import io.github.providergateway.guard.shell.syntax.Literal;
import io.github.providergateway.guard.shell.syntax.Negation;
import io.github.providergateway.guard.shell.syntax.NotTest;
import io.github.providergateway.guard.shell.syntax.ParameterExpansion;
import io.github.providergateway.guard.shell.syntax.ParenTest;
import io.github.providergateway.guard.shell.syntax.ParseLimits;
import io.github.providergateway.guard.shell.syntax.Pipeline;
import io.github.providergateway.guard.shell.syntax.ProcessSubstitution;
import io.github.providergateway.guard.shell.syntax.RedirectOperator;
import io.github.providergateway.guard.shell.syntax.Redirection;
import io.github.providergateway.guard.shell.syntax.Script;
import io.github.providergateway.guard.shell.syntax.ShellParseException;
import io.github.providergateway.guard.shell.syntax.SimpleCommand;
import io.github.providergateway.guard.shell.syntax.SingleQuoted;
import io.github.providergateway.guard.shell.syntax.Statement;
import io.github.providergateway.guard.shell.syntax.Subshell;
import io.github.providergateway.guard.shell.syntax.SyntaxParser;
import io.github.providergateway.guard.shell.syntax.TestClause;
import io.github.providergateway.guard.shell.syntax.TestExpression;
import io.github.providergateway.guard.shell.syntax.Tilde;
import io.github.providergateway.guard.shell.syntax.TimeClause;
import io.github.providergateway.guard.shell.syntax.UnaryTest;
import io.github.providergateway.guard.shell.syntax.WhileClause;
import io.github.providergateway.guard.shell.syntax.WordPart;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * Lowers a script's syntax tree to what the {@link Resolver} reads: its simple commands in order,
 * each with its words after quote removal, redirections, assignments and the commands of its
 * substitutions ({@link RawCommand}). A compound command gives the commands within it, in order,
 * and a holder of no words for what it reads itself: the substitutions of a {@code for} list, a
 * {@code case} word and patterns, a {@code [[ … ]]}, an arithmetic command, and the redirections
 * after it.
 *
 * <p>A word's text is its value where literal; an expansion the guard cannot know keeps its source
 * text and makes the word not literal, as do a glob, a tilde and a brace expansion. Where bash
 * makes several words of one, so does this: a brace list ({@code {rm,-rf,/}}, one list of plain
 * items a word) and an unquoted {@code $IFS} (read as the default IFS), each word past the first
 * counted against the bound of words.
 *
 * <p>A command's depth is the nesting the resolver counts from: one more within a subshell, a
 * substitution, a case's items, and two more for a substitution within an arithmetic expression or
 * a parameter's expansion (the expansion, then the substitution).
 */
final class Lowering {
  private final String source;
  private final ParseLimits limits;
  private final String where;

  /** Where the words of the commands lowered are kept ({@link WordScratch.Room}). */
  private final WordScratch.Room wordRoom;

  /** Word lists of finished commands, cleared, for the next commands' words. */
  private final ArrayDeque<WordScratch> spareWordLists = new ArrayDeque<>(4);

  /** Builders of finished words, emptied, for the next words that are not one literal. */
  private final ArrayDeque<StringBuilder> spareBuilders = new ArrayDeque<>(4);

  /** The largest builder kept for reuse: a huge quoted word's is left to the collector. */
  private static final int MAX_SPARE_BUILDER = 4096;

  /**
   * The words made so far, an open-addressed table by their text's hash: a long command says the
   * same words again and again, and each is made once per text and literalness.
   */
  private Word[] words = new Word[64];

  private int wordCount;

  /** Fields of finished words, cleared, for the next (a substitution's words take their own). */
  private final ArrayDeque<Fields> spareFields = new ArrayDeque<>(2);

  /** The longest word looked up among those already made: longer ones are rarely said twice. */
  private static final int MAX_SHARED = 256;

  /** The simple command a pipe feeds, for the next simple command lowered; or null. */
  private RawCommand pipeFrom;

  /**
   * The last simple command lowered, substitutions' included, for a pipe after it: the resolver
   * reads the text a printer pipes into a shell, and the output of {@code echo $(echo rm -rf /)} or
   * {@code cat <(echo …)} is that of the command within, the printer nearest the pipe (as the
   * reader before this one chose it). The tree has bash's pipeline as it is.
   */
  private RawCommand lastSimple;

  /** How the next simple command is timed: none, by the keyword, or as GNU time's program. */
  private Timing timing = Timing.NONE;

  private enum Timing {
    NONE,
    KEYWORD,
    PROGRAM,
    PROGRAM_POSIX
  }

  /** The depth of the script's own statements. */
  private final int depth;

  /** The script's simple commands lowered so far, in order. Lowering only. */
  private final List<RawCommand> commands;

  /**
   * A lowering of the script of {@code source} at {@code depth}, its statements given one by one
   * ({@link #statement}).
   */
  Lowering(String source, ParseLimits limits, String where, int depth) {
    this.source = source;
    this.limits = limits;
    this.where = where;
    this.depth = depth;
    // About a word per five characters: a short command's words in one array of their size.
    this.wordRoom = new WordScratch.Room(source.length() / 5);
    // About a command a line or per 16 characters of a long one-liner: made once.
    this.commands = new ArrayList<>(Math.min(4096, 8 + source.length() / 16));
  }

  /**
   * Reads {@code text} as a script at {@code depth}: parsed by the syntax layer ({@link
   * SyntaxParser}), each statement lowered as soon as it is read, so that a long command's tree is
   * never whole at once.
   *
   * @return its simple commands in order, substitutions in their holders' nests
   */
  static List<RawCommand> read(String text, int depth, ParseLimits limits, String where)
      throws ShellParseException {
    Lowering lowering = new Lowering(text, limits, where, depth);
    SyntaxParser.parse(text, depth, limits, where, lowering::statement);
    return lowering.commands();
  }

  /**
   * The simple commands of {@code script} at {@code depth}, in order; substitutions' in their
   * holders' nests.
   */
  static List<RawCommand> lower(Script script, int depth, ParseLimits limits, String where)
      throws ShellParseException {
    Lowering lowering = new Lowering(script.source(), limits, where, depth);
    lowering.statements(script.statements(), depth, lowering.commands);
    return lowering.commands;
  }

  /** Lowers the script's next statement. */
  void statement(Statement statement) throws ShellParseException {
    command(statement.command(), depth, commands);
  }

  /** {@return the script's simple commands lowered, in order} */
  List<RawCommand> commands() {
    return commands;
  }

  // ---- statements and commands ----

  private void statements(List<Statement> statements, int depth, List<RawCommand> out)
      throws ShellParseException {
    for (int i = 0; i < statements.size(); i++) { // indexed: no iterator a list
      command(statements.get(i).command(), depth, out);
    }
  }

  // Java 17 has no switch over a sealed type's records: an instanceof a kind, in the order of how
  // often they come.
  private void command(Command command, int depth, List<RawCommand> out)
      throws ShellParseException {
    if (command instanceof SimpleCommand simple) {
      simple(simple, depth, out);
    } else if (command instanceof AndOrList list) {
      for (int i = 0; i < list.commands().size(); i++) {
        pipeFrom = null;
        command(list.commands().get(i), depth, out);
      }
      pipeFrom = null;
    } else if (command instanceof Pipeline pipeline) {
      pipeline(pipeline, depth, out);
    } else if (command instanceof CompoundCommand compound) {
      compound(compound, depth, out);
    } else if (command instanceof Negation negation) {
      if (negation.command() != null) {
        command(negation.command(), depth, out);
      }
    } else if (command instanceof TimeClause time) {
      time(time, depth, out);
    } else if (command instanceof FunctionDeclaration function) {
      if (function.keyword()) {
        holderOf(function.name(), depth, out);
      }
      compound(function.body(), depth, out);
    } else if (command instanceof CoprocClause coproc) {
      command(coproc.command(), depth, out);
    } else {
      throw new IllegalStateException("a command of no known kind: " + command);
    }
  }

  /**
   * A pipeline: each command's first simple command is fed by the last simple command lowered in
   * the one before ({@link #lastSimple}; the resolver reads what {@code echo}, {@code printf} and
   * {@code cat} pipe into a shell).
   */
  private void pipeline(Pipeline pipeline, int depth, List<RawCommand> out)
      throws ShellParseException {
    RawCommand from = null;
    for (int i = 0; i < pipeline.commands().size(); i++) {
      pipeFrom = from;
      lastSimple = null;
      command(pipeline.commands().get(i), depth, out);
      from = lastSimple;
    }
    pipeFrom = null;
  }

  /**
   * Bash's {@code time}: the simple command it times is marked so (the resolver shows it as a
   * wrapper). One whose first word starts with {@code -} is read as GNU time's program with its
   * options ({@code time -f %e rm x}), as a shell without the keyword (sh, dash) runs it; bash runs
   * the word as a program, which this reading does not miss.
   */
  private void time(TimeClause time, int depth, List<RawCommand> out) throws ShellParseException {
    Command timed = time.command();
    if (timed == null) {
      return;
    }
    Command first = timed instanceof Pipeline pipeline ? pipeline.commands().get(0) : timed;
    if (first instanceof SimpleCommand simple) {
      boolean option = source.charAt(simple.start()) == '-';
      timing = !option ? Timing.KEYWORD : time.posix() ? Timing.PROGRAM_POSIX : Timing.PROGRAM;
    }
    command(timed, depth, out);
    timing = Timing.NONE;
  }

  private void compound(CompoundCommand compound, int depth, List<RawCommand> out)
      throws ShellParseException {
    if (compound instanceof Subshell subshell) {
      statements(subshell.statements(), depth + 1, out);
      trailing(subshell.redirections(), depth, out);
    } else if (compound instanceof Group group) {
      statements(group.statements(), depth, out);
      trailing(group.redirections(), depth, out);
    } else if (compound instanceof IfClause clause) {
      for (IfBranch branch : clause.branches()) {
        statements(branch.condition(), depth, out);
        statements(branch.body(), depth, out);
      }
      statements(clause.elseBody(), depth, out);
      trailing(clause.redirections(), depth, out);
    } else if (compound instanceof WhileClause loop) {
      statements(loop.condition(), depth, out);
      statements(loop.body(), depth, out);
      trailing(loop.redirections(), depth, out);
    } else if (compound instanceof ForClause loop) {
      RawCommand holder = new RawCommand(depth);
      nests(loop.name(), holder, depth);
      if (loop.items() != null) {
        for (var item : loop.items()) {
          nests(item, holder, depth);
        }
        loopVariable(loop, holder, depth);
      }
      add(holder, out);
      statements(loop.body(), depth, out);
      trailing(loop.redirections(), depth, out);
    } else if (compound instanceof ArithmeticForClause loop) {
      RawCommand holder = new RawCommand(depth);
      nests(loop.init(), holder, depth + 1);
      nests(loop.condition(), holder, depth + 1);
      nests(loop.step(), holder, depth + 1);
      add(holder, out);
      statements(loop.body(), depth, out);
      trailing(loop.redirections(), depth, out);
    } else if (compound instanceof CaseClause clause) {
      RawCommand holder = new RawCommand(depth);
      nests(clause.subject(), holder, depth);
      for (CaseItem item : clause.items()) {
        for (var pattern : item.patterns()) {
          nests(pattern, holder, depth);
        }
      }
      redirections(clause.redirections(), holder, depth);
      add(holder, out);
      for (CaseItem item : clause.items()) {
        statements(item.body(), depth + 1, out);
      }
    } else if (compound instanceof ArithmeticCommand arithmetic) {
      RawCommand holder = new RawCommand(depth);
      nests(arithmetic.expression(), holder, depth + 1);
      redirections(arithmetic.redirections(), holder, depth);
      add(holder, out);
    } else if (compound instanceof TestClause test) {
      RawCommand holder = new RawCommand(depth);
      nests(test.expression(), holder, depth);
      redirections(test.redirections(), holder, depth);
      add(holder, out);
    } else {
      throw new IllegalStateException("a compound command of no known kind: " + compound);
    }
  }

  /** The redirections after a compound command, on a holder of their own after it. */
  private void trailing(List<Redirection> redirections, int depth, List<RawCommand> out)
      throws ShellParseException {
    if (!redirections.isEmpty()) {
      RawCommand holder = new RawCommand(depth);
      redirections(redirections, holder, depth);
      out.add(holder);
    }
  }

  /** A holder of the substitutions of {@code word}, added when it has any. */
  private void holderOf(
      io.github.providergateway.guard.shell.syntax.WrittenWord word,
      int depth,
      List<RawCommand> out)
      throws ShellParseException {
    RawCommand holder = new RawCommand(depth);
    nests(word, holder, depth);
    add(holder, out);
  }

  /** Adds {@code holder} when it holds anything: a holder of nothing adds no invocation. */
  private static void add(RawCommand holder, List<RawCommand> out) {
    if (!holder.nests.isEmpty() || !holder.redirects.isEmpty() || !holder.assignments.isEmpty()) {
      out.add(holder);
    }
  }

  private void redirections(List<Redirection> redirections, RawCommand holder, int depth)
      throws ShellParseException {
    for (int i = 0; i < redirections.size(); i++) {
      redirection(redirections.get(i), holder, depth);
    }
    for (int i = 0; i < redirections.size(); i++) {
      hereDocumentNests(redirections.get(i), holder, depth);
    }
  }

  // ---- simple commands ----

  private void simple(SimpleCommand simple, int depth, List<RawCommand> out)
      throws ShellParseException {
    RawCommand cmd = new RawCommand(depth);
    out.add(cmd);
    cmd.pipedFrom = pipeFrom;
    pipeFrom = null;
    lastSimple = cmd;
    Timing timed = timing;
    timing = Timing.NONE;
    cmd.timed = timed == Timing.KEYWORD;
    // The words gather in a scratch list (a substitution inside takes another) and are fixed once
    // read: a run of the lowering's room, where a list of their own would be grown and copied.
    WordScratch scratch = spareWordLists.isEmpty() ? new WordScratch() : spareWordLists.pop();
    cmd.words = scratch;
    try {
      if (timed == Timing.PROGRAM || timed == Timing.PROGRAM_POSIX) {
        limits.word(simple.start(), where);
        scratch.add(Word.literal("time"));
        if (timed == Timing.PROGRAM_POSIX) {
          limits.word(simple.start(), where);
          scratch.add(Word.literal("-p"));
        }
      }
      // Assignments, words and redirections in the order they are written: their substitutions
      // are read in that order.
      List<Assignment> assignments = simple.assignments();
      List<io.github.providergateway.guard.shell.syntax.WrittenWord> arguments = simple.words();
      List<Redirection> redirections = simple.redirections();
      int a = 0;
      int w = 0;
      int r = 0;
      while (a < assignments.size() || w < arguments.size() || r < redirections.size()) {
        int at = a < assignments.size() ? assignments.get(a).start() : Integer.MAX_VALUE;
        int wordAt =
            w >= arguments.size() ? Integer.MAX_VALUE : SyntaxParser.wordStart(arguments, w);
        int redirectAt = r < redirections.size() ? redirections.get(r).start() : Integer.MAX_VALUE;
        if (at < wordAt && at < redirectAt) {
          assignment(assignments.get(a++), cmd, depth);
        } else if (wordAt < redirectAt) {
          // The parser's words: a plain one read as its text, with no node made for it.
          String plain = SyntaxParser.plainWord(arguments, w);
          if (plain != null) {
            // As argument() lowers a word of one literal: its value is its text.
            scratch.add(make(plain, true));
            w++;
          } else {
            argument(arguments.get(w++), cmd, scratch, depth);
          }
        } else {
          redirection(redirections.get(r++), cmd, depth);
        }
      }
      // A here-document's substitutions are read after its command's line, as bash reads them,
      // after a pipe on the line too: no printer of a pipe.
      RawCommand printer = lastSimple;
      for (int i = 0; i < redirections.size(); i++) {
        hereDocumentNests(redirections.get(i), cmd, depth);
      }
      lastSimple = printer;
    } finally {
      cmd.words = scratch.fixed(wordRoom);
      scratch.clear();
      spareWordLists.push(scratch);
    }
  }

  /**
   * A loop over one word ({@code for f in ~/.copilot/extensions/tap/*}) sets its variable to that
   * word, a glob as written, as an assignment would (issue 75: {@code cat "$f"} in its body reads
   * what the glob takes). Over several words the variable stays unknown: one of them is not the
   * loop.
   */
  private void loopVariable(
      io.github.providergateway.guard.shell.syntax.ForClause loop, RawCommand holder, int depth)
      throws ShellParseException {
    List<WordPart> name = loop.name().parts();
    if (loop.items().size() != 1 || name.size() != 1 || !(name.get(0) instanceof Literal n)) {
      return;
    }
    // Its substitutions are the holder's already: a holder of its own takes them again.
    Word value = word(loop.items().get(0), new RawCommand(depth), depth, null);
    String text = value.text();
    if (!value.literal() && text.indexOf('$') < 0 && text.indexOf('`') < 0) {
      value = make(text, true); // a glob: its words are the loop's, kept as written
    }
    holder.addAssignment(new RawCommand.Assignment(n.value(), value));
  }

  private void assignment(Assignment assignment, RawCommand cmd, int depth)
      throws ShellParseException {
    String name =
        assignment.index() == null
            ? assignment.name()
            : source.substring(assignment.start(), assignment.index().end() + 1);
    boolean plain = assignment.index() == null && !assignment.append();
    if (assignment.array() != null) {
      cmd.addAssignment(new RawCommand.Assignment(name, null));
      for (var element : assignment.array().elements()) {
        nests(element, cmd, depth);
      }
      return;
    }
    if (!plain) {
      cmd.addAssignment(new RawCommand.Assignment(name, null));
    }
    Word value =
        assignment.value().parts().isEmpty()
            ? Word.literal("")
            : word(assignment.value(), cmd, depth, null);
    if (plain) {
      cmd.addAssignment(new RawCommand.Assignment(name, value));
    }
  }

  /** A command's word: the words bash makes of it, added to {@code into}. */
  private void argument(
      io.github.providergateway.guard.shell.syntax.WrittenWord word,
      RawCommand cmd,
      List<Word> into,
      int depth)
      throws ShellParseException {
    List<WordPart> parts = word.parts();
    if (parts.size() == 2 && parts.get(1) instanceof ArrayExpression array) {
      // declare -a x=(1 2): the argument as written, its elements' substitutions read.
      Literal name = (Literal) parts.get(0);
      String text = name.text();
      cmd.addAssignment(
          new RawCommand.Assignment(
              text.substring(0, text.length() - (text.endsWith("+=") ? 2 : 1)), null));
      for (var element : array.elements()) {
        nests(element, cmd, depth);
      }
      into.add(make(source.substring(word.start(), word.end()), false));
      return;
    }
    if (parts.size() == 1 && parts.get(0) instanceof Literal literal) {
      // Most words are one literal: no shape, no field of their own.
      into.add(make(literal.value(), true));
      return;
    }
    Fields fields = spareFields.isEmpty() ? new Fields() : spareFields.pop();
    try {
      Word whole = word(word, cmd, depth, fields);
      fields.addTo(whole, into, word.end());
    } finally {
      fields.clear();
      spareFields.push(fields);
    }
  }

  private void redirection(Redirection redirection, RawCommand holder, int depth)
      throws ShellParseException {
    RedirectOperator operator = redirection.operator();
    int at =
        redirection.start()
            + (redirection.descriptor() == null ? 0 : redirection.descriptor().length());
    HereDocument document = redirection.hereDocument();
    if (document != null) {
      // The delimiter is not expanded: no substitution of it runs.
      Word target = word(redirection.target(), null, depth, null);
      RawRedirect raw =
          new RawRedirect(
              operator.text(), target, document.delimiter(), document.quoted(), holder, at);
      raw.body = bodyText(document, operator == RedirectOperator.HERE_DOCUMENT_TABS);
      holder.addRedirect(raw);
      return;
    }
    Word target = word(redirection.target(), holder, depth, null);
    RawRedirect raw = new RawRedirect(operator.text(), target, null, false, holder, at);
    if (operator == RedirectOperator.HERE_STRING) {
      raw.body = target.text();
    }
    holder.addRedirect(raw);
  }

  /**
   * A here-document's body as the resolver reads it (a shell or interpreter fed it reads it again):
   * its lines as written, {@code <<-}'s tabs taken off, before the expansions bash makes in it.
   */
  private String bodyText(HereDocument document, boolean stripTabs) {
    String text = source.substring(document.body().start(), document.body().end());
    return stripTabs ? SyntaxParser.stripLeadingTabs(text) : text;
  }

  private void hereDocumentNests(Redirection redirection, RawCommand holder, int depth)
      throws ShellParseException {
    HereDocument document = redirection.hereDocument();
    if (document != null && !document.quoted()) {
      nests(document.body(), holder, depth);
    }
  }

  // ---- words ----

  /**
   * Of a command's word: where its unquoted {@code $IFS}s split its text, and its one brace list,
   * if it can be expanded; and whether it is literal but for them.
   */
  private final class Fields {
    /** Where the unquoted {@code $IFS}s sit in the text, from and to, in pairs; or null. */
    int[] ifs;

    int ifsCount;

    /** The one brace list of plain items: where it starts and ends in the text, and its items. */
    BraceExpansion braces;

    int braceFrom;
    int braceTo;
    List<String> items;

    /** Whether a second brace expansion, a sequence or a nested one made the word unexpandable. */
    boolean braceOther;

    /** Whether the word is literal apart from its {@code $IFS}s and brace list. */
    boolean literalApart = true;

    void ifs(int from, int to) {
      if (ifs == null) {
        ifs = new int[4];
      } else if (ifsCount * 2 == ifs.length) {
        ifs = java.util.Arrays.copyOf(ifs, ifs.length * 2);
      }
      ifs[ifsCount * 2] = from;
      ifs[ifsCount * 2 + 1] = to;
      ifsCount++;
    }

    boolean expandable() {
      return braces != null && !braceOther;
    }

    void clear() {
      ifsCount = 0;
      braces = null;
      items = null;
      braceOther = false;
      literalApart = true;
    }

    /** Adds the words bash makes of {@code whole} to {@code into}. */
    void addTo(Word whole, List<Word> into, int at) throws ShellParseException {
      String text = whole.text();
      if (ifsCount > 0 && !expandable() && braces == null) {
        int from = 0;
        for (int i = 0; i < ifsCount; i++) {
          field(text.substring(from, ifs[i * 2]), into, at);
          from = ifs[i * 2 + 1];
        }
        field(text.substring(from), into, at);
        return;
      }
      if (expandable() && ifsCount == 0) {
        String prefix = text.substring(0, braceFrom);
        String suffix = text.substring(braceTo);
        for (String item : items) {
          field(prefix + item + suffix, into, at);
        }
        return;
      }
      into.add(whole);
    }

    private void field(String text, List<Word> into, int at) throws ShellParseException {
      if (!text.isEmpty()) {
        if (!into.isEmpty()) {
          limits.word(at, where);
        }
        into.add(make(text, literalApart));
      }
    }
  }

  /**
   * The word {@code word} lowers to: its text after quote removal, expansions as written; literal
   * when nothing in it is expanded. The commands of its substitutions go to {@code holder}'s nests
   * (none when null); {@code fields}, when given, learns where bash would split it.
   */
  private Word word(
      io.github.providergateway.guard.shell.syntax.WrittenWord word,
      RawCommand holder,
      int depth,
      Fields fields)
      throws ShellParseException {
    List<WordPart> parts = word.parts();
    if (parts.size() == 1 && parts.get(0) instanceof Literal literal) {
      // Most words are one literal: the parser's text, made a word once.
      return make(literal.value(), true);
    }
    StringBuilder sb = spareBuilders.isEmpty() ? new StringBuilder(64) : spareBuilders.pop();
    try {
      boolean literal = text(parts, sb, holder, depth, fields, true);
      boolean whole = literal && (fields == null || fields.ifsCount == 0 && fields.braces == null);
      if (fields != null) {
        fields.literalApart = literal;
      }
      return make(sb, whole);
    } finally {
      sb.setLength(0);
      if (sb.capacity() <= MAX_SPARE_BUILDER) {
        spareBuilders.push(sb);
      }
    }
  }

  /**
   * Appends the text of {@code parts} to {@code sb}; {@return whether it is all literal, apart from
   * {@code $IFS} and a brace list that {@code fields} takes}
   */
  private boolean text(
      List<WordPart> parts,
      StringBuilder sb,
      RawCommand holder,
      int depth,
      Fields fields,
      boolean unquoted)
      throws ShellParseException {
    boolean literal = true;
    for (int i = 0; i < parts.size(); i++) {
      WordPart part = parts.get(i);
      if (part instanceof Literal l) {
        sb.append(l.value());
      } else if (part instanceof SingleQuoted q) {
        sb.append(q.value());
      } else if (part instanceof DoubleQuoted q) {
        literal &= text(q.parts(), sb, holder, depth, null, false);
      } else if (part instanceof AnsiCQuoted q) {
        sb.append(q.value());
      } else if (part instanceof ParameterExpansion p) {
        int from = sb.length();
        sb.append(source, p.start(), p.end());
        if (unquoted && fields != null && isIfs(p)) {
          fields.ifs(from, sb.length());
        } else {
          literal = false;
        }
        nests(p, holder, depth);
      } else if (part instanceof GlobPattern g) {
        sb.append(SyntaxParser.unquotedValue(g.pattern()));
        literal = false;
      } else if (part instanceof Tilde t) {
        sb.append('~').append(t.user());
        literal = false;
      } else if (part instanceof BraceExpansion b) {
        // Not literal: expanded into words by the fields, or left whole and unknown.
        literal &= braces(b, sb, holder, depth, fields) && fields != null;
      } else {
        // A substitution or arithmetic: its source kept, its commands read.
        sb.append(source, part.start(), part.end());
        literal = false;
        nests(part, holder, depth);
      }
    }
    return literal;
  }

  /**
   * Appends a brace expansion as written, quotes removed; when it is the word's first and a list of
   * items with no brace expansion in them, tells {@code fields} where it is and its items' texts.
   * {@return whether its items are literal}
   */
  private boolean braces(
      BraceExpansion braces, StringBuilder sb, RawCommand holder, int depth, Fields fields)
      throws ShellParseException {
    int from = sb.length();
    boolean literal = true;
    boolean nested = false;
    List<String> items = new ArrayList<>(braces.items().size());
    sb.append('{');
    for (int i = 0; i < braces.items().size(); i++) {
      if (i > 0) {
        sb.append(braces.sequence() ? ".." : ",");
      }
      List<WordPart> parts = braces.items().get(i).parts();
      int itemFrom = sb.length();
      literal &= text(parts, sb, holder, depth, null, true);
      items.add(sb.substring(itemFrom));
      for (WordPart part : parts) {
        nested |= part instanceof BraceExpansion;
      }
    }
    sb.append('}');
    if (fields != null) {
      if (fields.braces != null || braces.sequence() || nested) {
        fields.braceOther = true;
      }
      if (fields.braces == null) {
        fields.braces = braces;
        fields.braceFrom = from;
        fields.braceTo = sb.length();
        fields.items = items;
      }
    }
    return literal;
  }

  /** Whether {@code p} is {@code $IFS} or <code>${IFS}</code> alone. */
  private static boolean isIfs(ParameterExpansion p) {
    return p.name().equals("IFS")
        && p.prefix() == ParameterExpansion.Prefix.NONE
        && p.index() == null
        && p.operator() == ParameterExpansion.Operator.NONE;
  }

  // ---- substitutions ----

  /** The commands of the substitutions in {@code node}, added to {@code holder}'s nests. */
  private void nests(
      io.github.providergateway.guard.shell.syntax.WrittenWord word, RawCommand holder, int depth)
      throws ShellParseException {
    if (holder != null && word != null) {
      partNests(word.parts(), holder, depth);
    }
  }

  private void nests(ArithmeticExpression expression, RawCommand holder, int depth)
      throws ShellParseException {
    partNests(expression.parts(), holder, depth);
  }

  private void nests(TestExpression test, RawCommand holder, int depth) throws ShellParseException {
    if (test instanceof io.github.providergateway.guard.shell.syntax.WrittenWord word) {
      nests(word, holder, depth);
    } else if (test instanceof UnaryTest unary) {
      nests(unary.operand(), holder, depth);
    } else if (test instanceof BinaryTest binary) {
      nests(binary.left(), holder, depth);
      nests(binary.right(), holder, depth);
    } else if (test instanceof NotTest not) {
      nests(not.operand(), holder, depth);
    } else if (test instanceof ParenTest paren) {
      nests(paren.expression(), holder, depth);
    } else {
      for (TestExpression operand : ((AndOrTest) test).operands()) {
        nests(operand, holder, depth);
      }
    }
  }

  private void partNests(List<WordPart> parts, RawCommand holder, int depth)
      throws ShellParseException {
    for (int i = 0; i < parts.size(); i++) {
      WordPart part = parts.get(i);
      if (!(part instanceof Literal)) {
        nests(part, holder, depth);
      }
    }
  }

  /**
   * The commands {@code part} runs, added to {@code holder}: a substitution's at one more depth; an
   * expansion's or an arithmetic expression's substitutions at one more than that.
   */
  private void nests(WordPart part, RawCommand holder, int depth) throws ShellParseException {
    if (holder == null) {
      return;
    }
    if (part instanceof CommandSubstitution substitution) {
      holder.addNest(new Nest("$(…)", substitution(substitution.statements(), depth + 1)));
    } else if (part instanceof ProcessSubstitution substitution) {
      holder.addNest(
          new Nest(
              substitution.output() ? ">(…)" : "<(…)",
              substitution(substitution.statements(), depth + 1)));
    } else if (part instanceof BackquoteSubstitution backquote) {
      holder.addNest(
          new Nest(
              "`…`",
              lower(
                  backquote.script(),
                  depth + 1,
                  limits,
                  " in the `…` at " + backquote.start() + where)));
    } else if (part instanceof ParameterExpansion p) {
      nests(p.index(), holder, depth + 1);
      nests(p.argument(), holder, depth + 1);
      nests(p.replacement(), holder, depth + 1);
    } else if (part instanceof ArithmeticExpansion arithmetic) {
      partNests(arithmetic.expression().parts(), holder, depth + 1);
    } else if (part instanceof DoubleQuoted quoted) {
      partNests(quoted.parts(), holder, depth);
    } else if (part instanceof BraceExpansion braces) {
      for (var item : braces.items()) {
        nests(item, holder, depth);
      }
    } else if (part instanceof ArrayExpression array) {
      for (var element : array.elements()) {
        nests(element, holder, depth);
      }
    }
  }

  /**
   * The commands of a substitution's statements, lowered into a list of their own: the pipe and
   * timing state of the command holding it is kept aside meanwhile (its last simple command stays
   * the last lowered, for a pipe after the command holding it).
   */
  private List<RawCommand> substitution(List<Statement> statements, int depth)
      throws ShellParseException {
    RawCommand savedPipe = pipeFrom;
    Timing savedTiming = timing;
    pipeFrom = null;
    timing = Timing.NONE;
    List<RawCommand> inner = new ArrayList<>(statements.size());
    try {
      statements(statements, depth, inner);
    } finally {
      pipeFrom = savedPipe;
      timing = savedTiming;
    }
    return inner;
  }

  // ---- made words ----

  /** The word of {@code text} and literalness, made once per both. */
  private Word make(CharSequence text, boolean literal) {
    int length = text.length();
    if (length > MAX_SHARED) {
      return new Word(text.toString(), literal);
    }
    int hash = 0;
    if (text instanceof String string) {
      hash = string.hashCode();
    } else {
      for (int i = 0; i < length; i++) {
        hash = 31 * hash + text.charAt(i);
      }
    }
    int mask = words.length - 1;
    int slot = (hash ^ (hash >>> 16)) & mask;
    for (Word seen = words[slot]; seen != null; seen = words[slot]) {
      String seenText = seen.text();
      if (seenText == text && seen.literal() == literal) {
        return seen; // the parser makes a plain word's text once: the same string, the same word
      }
      if (seen.literal() == literal
          && seenText.length() == length
          && seenText.hashCode() == hash
          && seenText.contentEquals(text)) {
        return seen;
      }
      slot = (slot + 1) & mask;
    }
    Word made = new Word(text.toString(), literal);
    words[slot] = made;
    if (++wordCount * 2 > words.length) {
      rehash();
    }
    return made;
  }

  private void rehash() {
    Word[] old = words;
    words = new Word[old.length * 2];
    int mask = words.length - 1;
    for (Word word : old) {
      if (word != null) {
        int hash = word.text().hashCode();
        int slot = (hash ^ (hash >>> 16)) & mask;
        while (words[slot] != null) {
          slot = (slot + 1) & mask;
        }
        words[slot] = word;
      }
    }
  }
}
