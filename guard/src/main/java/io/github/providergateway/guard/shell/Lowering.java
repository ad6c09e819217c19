package io.github.providergateway.guard.shell;

import io.github.providergateway.guard.shell.syntax.AndOrList;
import io.github.providergateway.guard.shell.syntax.ArithmeticCommand;
import io.github.providergateway.guard.shell.syntax.ArithmeticForClause;
import io.github.providergateway.guard.shell.syntax.ArrayExpression;
import io.github.providergateway.guard.shell.syntax.Assignment;
import io.github.providergateway.guard.shell.syntax.CaseClause;
import io.github.providergateway.guard.shell.syntax.CaseItem;
import io.github.providergateway.guard.shell.syntax.Command;
import io.github.providergateway.guard.shell.syntax.CompoundCommand;
import io.github.providergateway.guard.shell.syntax.CoprocClause;
import io.github.providergateway.guard.shell.syntax.ForClause;
import io.github.providergateway.guard.shell.syntax.FunctionDeclaration;
import io.github.providergateway.guard.shell.syntax.Group;
import io.github.providergateway.guard.shell.syntax.IfBranch;
import io.github.providergateway.guard.shell.syntax.IfClause;
import io.github.providergateway.guard.shell.syntax.Literal;
import io.github.providergateway.guard.shell.syntax.Negation;
import io.github.providergateway.guard.shell.syntax.ParseLimits;
import io.github.providergateway.guard.shell.syntax.Pipeline;
import io.github.providergateway.guard.shell.syntax.Redirection;
import io.github.providergateway.guard.shell.syntax.Script;
import io.github.providergateway.guard.shell.syntax.ShellParseException;
import io.github.providergateway.guard.shell.syntax.SimpleCommand;
import io.github.providergateway.guard.shell.syntax.Statement;
import io.github.providergateway.guard.shell.syntax.Subshell;
import io.github.providergateway.guard.shell.syntax.SyntaxParser;
import io.github.providergateway.guard.shell.syntax.TestClause;
import io.github.providergateway.guard.shell.syntax.TimeClause;
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
 * after it. Words are lowered by {@link WordLowering}, redirections by {@link RedirectionLowering}.
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
  final String source;
  final ParseLimits limits;
  final String where;

  /** Where the words of the commands lowered are kept ({@link WordScratch.Room}). */
  private final WordScratch.Room wordRoom;

  /** Word lists of finished commands, cleared, for the next commands' words. */
  private final ArrayDeque<WordScratch> spareWordLists = new ArrayDeque<>(4);

  /** Builders of finished words, emptied, for the next words that are not one literal. */
  final ArrayDeque<StringBuilder> spareBuilders = new ArrayDeque<>(4);

  /** The largest builder kept for reuse: a huge quoted word's is left to the collector. */
  static final int MAX_SPARE_BUILDER = 4096;

  /** The words made so far, each once per text and literalness. */
  final WordTable table = new WordTable();

  /**
   * WordFields of finished words, cleared, for the next (a substitution's words take their own).
   */
  private final ArrayDeque<WordFields> spareFields = new ArrayDeque<>(2);

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

  /**
   * How many of the constructs around the command being lowered may keep its assignments from the
   * commands after it: a branch, a loop's body, a function's body, a subshell, a pipeline, a
   * substitution, a background command, an and-or list's later command ({@link
   * RawCommand#branched}).
   */
  private int branched;

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
    statementCommand(statement, depth, commands);
  }

  /** A statement's command; one run in the background ({@code x=ls &}) is a subshell's. */
  private void statementCommand(Statement statement, int depth, List<RawCommand> out)
      throws ShellParseException {
    if (statement.background()) {
      branched(statement.command(), depth, out);
    } else {
      command(statement.command(), depth, out);
    }
  }

  /** {@code command} lowered as one whose assignments may not hold after it. */
  private void branched(Command command, int depth, List<RawCommand> out)
      throws ShellParseException {
    branched++;
    try {
      command(command, depth, out);
    } finally {
      branched--;
    }
  }

  /** {@code statements} lowered as ones whose assignments may not hold after them. */
  private void branchedStatements(List<Statement> statements, int depth, List<RawCommand> out)
      throws ShellParseException {
    branched++;
    try {
      statements(statements, depth, out);
    } finally {
      branched--;
    }
  }

  /** {@return the script's simple commands lowered, in order} */
  List<RawCommand> commands() {
    return commands;
  }

  // ---- statements and commands ----

  private void statements(List<Statement> statements, int depth, List<RawCommand> out)
      throws ShellParseException {
    for (int i = 0; i < statements.size(); i++) { // indexed: no iterator a list
      statementCommand(statements.get(i), depth, out);
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
        if (i == 0) {
          command(list.commands().get(i), depth, out);
        } else {
          branched(list.commands().get(i), depth, out); // false && x=ls: may not run
        }
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
      branched++; // the body where it is defined: it runs only where the function is called
      try {
        compound(function.body(), depth, out);
      } finally {
        branched--;
      }
      String name = function.name().literalValue();
      int start = function.body().start();
      int end = function.body().end();
      if (name != null && start >= 0 && end <= source.length() && start < end) {
        // The body is read once more where the function is called, with the call's arguments.
        RawCommand definition = new RawCommand(depth);
        definition.defines = name;
        definition.definedBody = source.substring(start, end);
        out.add(definition);
      }
    } else if (command instanceof CoprocClause coproc) {
      branched(coproc.command(), depth, out);
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
    // Each command of a pipeline of several runs in a subshell of its own.
    int sub = pipeline.commands().size() > 1 ? 1 : 0;
    branched += sub;
    try {
      for (int i = 0; i < pipeline.commands().size(); i++) {
        pipeFrom = from;
        lastSimple = null;
        command(pipeline.commands().get(i), depth, out);
        from = lastSimple;
      }
    } finally {
      branched -= sub;
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
      branchedStatements(subshell.statements(), depth + 1, out);
      RedirectionLowering.trailing(this, subshell.redirections(), depth, out);
    } else if (compound instanceof Group group) {
      statements(group.statements(), depth, out);
      RedirectionLowering.trailing(this, group.redirections(), depth, out);
    } else if (compound instanceof IfClause clause) {
      boolean first = true;
      for (IfBranch branch : clause.branches()) {
        if (first) {
          statements(branch.condition(), depth, out);
        } else {
          branchedStatements(branch.condition(), depth, out);
        }
        first = false;
        branchedStatements(branch.body(), depth, out);
      }
      branchedStatements(clause.elseBody(), depth, out);
      RedirectionLowering.trailing(this, clause.redirections(), depth, out);
    } else if (compound instanceof WhileClause loop) {
      statements(loop.condition(), depth, out);
      branchedStatements(loop.body(), depth, out);
      RedirectionLowering.trailing(this, loop.redirections(), depth, out);
    } else if (compound instanceof ForClause loop) {
      RawCommand holder = new RawCommand(depth);
      WordLowering.nests(this, loop.name(), holder, depth);
      if (loop.items() != null) {
        for (var item : loop.items()) {
          WordLowering.nests(this, item, holder, depth);
        }
        loopVariable(loop, holder, depth);
      }
      branched++; // a loop over nothing runs no body and sets no variable
      try {
        add(holder, out);
        statements(loop.body(), depth, out);
        for (Word value : LoopWords.fewLiterals(loop, source)) {
          RawCommand each = new RawCommand(depth); // the body again, its variable set to the word
          each.addAssignment(new RawCommand.Assignment(LoopWords.name(loop), value));
          add(each, out);
          statements(loop.body(), depth, out);
        }
      } finally {
        branched--;
      }
      RedirectionLowering.trailing(this, loop.redirections(), depth, out);
    } else if (compound instanceof ArithmeticForClause loop) {
      RawCommand holder = new RawCommand(depth);
      WordLowering.nests(this, loop.init(), holder, depth + 1);
      WordLowering.nests(this, loop.condition(), holder, depth + 1);
      WordLowering.nests(this, loop.step(), holder, depth + 1);
      add(holder, out);
      branchedStatements(loop.body(), depth, out);
      RedirectionLowering.trailing(this, loop.redirections(), depth, out);
    } else if (compound instanceof CaseClause clause) {
      RawCommand holder = new RawCommand(depth);
      WordLowering.nests(this, clause.subject(), holder, depth);
      for (CaseItem item : clause.items()) {
        for (var pattern : item.patterns()) {
          WordLowering.nests(this, pattern, holder, depth);
        }
      }
      RedirectionLowering.redirections(this, clause.redirections(), holder, depth);
      add(holder, out);
      for (CaseItem item : clause.items()) {
        branchedStatements(item.body(), depth + 1, out);
      }
    } else if (compound instanceof ArithmeticCommand arithmetic) {
      RawCommand holder = new RawCommand(depth);
      WordLowering.nests(this, arithmetic.expression(), holder, depth + 1);
      RedirectionLowering.redirections(this, arithmetic.redirections(), holder, depth);
      add(holder, out);
    } else if (compound instanceof TestClause test) {
      RawCommand holder = new RawCommand(depth);
      WordLowering.nests(this, test.expression(), holder, depth);
      RedirectionLowering.redirections(this, test.redirections(), holder, depth);
      add(holder, out);
    } else {
      throw new IllegalStateException("a compound command of no known kind: " + compound);
    }
  }

  /** A holder of the substitutions of {@code word}, added when it has any. */
  private void holderOf(
      io.github.providergateway.guard.shell.syntax.WrittenWord word,
      int depth,
      List<RawCommand> out)
      throws ShellParseException {
    RawCommand holder = new RawCommand(depth);
    WordLowering.nests(this, word, holder, depth);
    add(holder, out);
  }

  /** Adds {@code holder} when it holds anything: a holder of nothing adds no invocation. */
  private void add(RawCommand holder, List<RawCommand> out) {
    if (!holder.nests.isEmpty() || !holder.redirects.isEmpty() || !holder.assignments.isEmpty()) {
      holder.branched = branched > 0;
      out.add(holder);
    }
  }

  // ---- simple commands ----

  private void simple(SimpleCommand simple, int depth, List<RawCommand> out)
      throws ShellParseException {
    RawCommand cmd = new RawCommand(depth);
    cmd.branched = branched > 0;
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
            scratch.add(table.written(plain, true, plain, 0, plain.length()));
            w++;
          } else {
            argument(arguments.get(w++), cmd, scratch, depth);
          }
        } else {
          RedirectionLowering.redirection(this, redirections.get(r++), cmd, depth);
        }
      }
      // A here-document's substitutions are read after its command's line, as bash reads them,
      // after a pipe on the line too: no printer of a pipe.
      RawCommand printer = lastSimple;
      for (int i = 0; i < redirections.size(); i++) {
        RedirectionLowering.hereDocumentNests(this, redirections.get(i), cmd, depth);
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
    Word value = WordLowering.word(this, loop.items().get(0), new RawCommand(depth), depth, null);
    String text = value.text();
    if (!value.literal() && text.indexOf('$') < 0 && text.indexOf('`') < 0) {
      value = table.make(text, true); // a glob: its words are the loop's, kept as written
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
        WordLowering.nests(this, element, cmd, depth);
      }
      return;
    }
    if (!plain) {
      cmd.addAssignment(new RawCommand.Assignment(name, null));
    }
    Word value =
        assignment.value().parts().isEmpty()
            ? Word.literal("")
            : WordLowering.word(this, assignment.value(), cmd, depth, null);
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
        WordLowering.nests(this, element, cmd, depth);
      }
      String written = source.substring(word.start(), word.end());
      into.add(table.written(written, false, written, 0, written.length()));
      return;
    }
    if (parts.size() == 1 && parts.get(0) instanceof Literal literal) {
      // Most words are one literal: no shape, no field of their own.
      into.add(table.written(literal.value(), true, source, word.start(), word.end()));
      return;
    }
    WordFields fields =
        spareFields.isEmpty() ? new WordFields(limits, where, table) : spareFields.pop();
    try {
      Word whole = WordLowering.word(this, word, cmd, depth, fields);
      fields.addTo(whole, into, word.end());
    } finally {
      fields.clear();
      spareFields.push(fields);
    }
  }

  /**
   * The commands of a substitution's statements, lowered into a list of their own: the pipe and
   * timing state of the command holding it is kept aside meanwhile (its last simple command stays
   * the last lowered, for a pipe after the command holding it).
   */
  List<RawCommand> substitution(List<Statement> statements, int depth) throws ShellParseException {
    RawCommand savedPipe = pipeFrom;
    Timing savedTiming = timing;
    pipeFrom = null;
    timing = Timing.NONE;
    List<RawCommand> inner = new ArrayList<>(statements.size());
    branched++; // a substitution runs in a subshell: its assignments stay there
    try {
      statements(statements, depth, inner);
    } finally {
      branched--;
      pipeFrom = savedPipe;
      timing = savedTiming;
    }
    return inner;
  }
}
