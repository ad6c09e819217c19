package io.github.providergateway.guard.shell.syntax;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Puts here-documents' bodies in the tree: a body starts on the line after its redirection, when
 * the command holding the redirection (and the statement, and a group closed on the same line) is
 * already made. The parser makes each such redirection with its body unread; once the line has
 * ended, this copies the nodes on the way from the statement to each one, the rest shared, and
 * takes each filled one off the map. It looks at commands and their redirections only: a
 * substitution fills its own here-documents when it closes, as bash reads them within it.
 */
final class HereDocumentFill {
  /** Each redirection made before its body was read, and the same with its body; emptied. */
  private final Map<Redirection, Redirection> filled;

  HereDocumentFill(Map<Redirection, Redirection> filled) {
    this.filled = filled;
  }

  /**
   * Puts the bodies read in the statements of {@code list} from {@code from} on, in place: {@code
   * list} is the parser's own, still growing.
   */
  void statements(List<Statement> list, int from) {
    for (int i = from; i < list.size() && !filled.isEmpty(); i++) {
      list.set(i, statement(list.get(i)));
    }
  }

  /** {@return {@code statements} with the bodies read put in: the same list when none is there} */
  List<Statement> statements(List<Statement> statements) {
    List<Statement> out = null;
    for (int i = 0; i < statements.size() && !filled.isEmpty(); i++) {
      Statement statement = statements.get(i);
      Statement replaced = statement(statement);
      if (replaced != statement && out == null) {
        out = new ArrayList<>(statements);
      }
      if (out != null) {
        out.set(i, replaced);
      }
    }
    return out == null ? statements : out;
  }

  private List<Command> commands(List<Command> commands) {
    List<Command> out = null;
    for (int i = 0; i < commands.size() && !filled.isEmpty(); i++) {
      Command command = commands.get(i);
      Command replaced = command(command);
      if (replaced != command && out == null) {
        out = new ArrayList<>(commands);
      }
      if (out != null) {
        out.set(i, replaced);
      }
    }
    return out == null ? commands : out;
  }

  private Statement statement(Statement statement) {
    Command command = command(statement.command());
    return command == statement.command()
        ? statement
        : new Statement(command, statement.background(), statement.start(), statement.end());
  }

  /** The redirections with the bodies read put in, each taken from those waiting. */
  private List<Redirection> redirections(List<Redirection> redirections) {
    List<Redirection> out = null;
    for (int i = 0; i < redirections.size(); i++) {
      Redirection redirection = redirections.get(i);
      Redirection replaced = redirection.hereDocument() == null ? null : filled.remove(redirection);
      if (replaced != null && out == null) {
        out = new ArrayList<>(redirections);
      }
      if (replaced != null) {
        out.set(i, replaced);
      }
    }
    return out == null ? redirections : out;
  }

  // Java 17: no switch over a sealed type's records; an instanceof a kind, each copied alike.
  private Command command(Command command) {
    if (command == null || filled.isEmpty()) {
      return command;
    }
    if (command instanceof SimpleCommand c) {
      List<Redirection> redirections = redirections(c.redirections());
      return redirections == c.redirections()
          ? c
          : new SimpleCommand(c.assignments(), c.words(), redirections, c.start(), c.end());
    }
    if (command instanceof Pipeline c) {
      List<Command> commands = commands(c.commands());
      return commands == c.commands()
          ? c
          : new Pipeline(commands, c.operators(), c.start(), c.end());
    }
    if (command instanceof AndOrList c) {
      List<Command> commands = commands(c.commands());
      return commands == c.commands()
          ? c
          : new AndOrList(commands, c.operators(), c.start(), c.end());
    }
    if (command instanceof Negation c) {
      Command inner = command(c.command());
      return inner == c.command() ? c : new Negation(inner, c.start(), c.end());
    }
    if (command instanceof TimeClause c) {
      Command inner = command(c.command());
      return inner == c.command() ? c : new TimeClause(c.posix(), inner, c.start(), c.end());
    }
    if (command instanceof CoprocClause c) {
      Command inner = command(c.command());
      return inner == c.command() ? c : new CoprocClause(c.name(), inner, c.start(), c.end());
    }
    if (command instanceof FunctionDeclaration c) {
      CompoundCommand body = (CompoundCommand) command(c.body());
      return body == c.body()
          ? c
          : new FunctionDeclaration(c.name(), c.keyword(), body, c.start(), c.end());
    }
    return compound((CompoundCommand) command);
  }

  private CompoundCommand compound(CompoundCommand command) {
    List<Redirection> redirections = redirections(command.redirections());
    if (command instanceof Subshell c) {
      List<Statement> statements = statements(c.statements());
      return statements == c.statements() && redirections == c.redirections()
          ? c
          : new Subshell(statements, redirections, c.start(), c.end());
    }
    if (command instanceof Group c) {
      List<Statement> statements = statements(c.statements());
      return statements == c.statements() && redirections == c.redirections()
          ? c
          : new Group(statements, redirections, c.start(), c.end());
    }
    if (command instanceof IfClause c) {
      List<IfBranch> branches = c.branches();
      for (int i = 0; i < branches.size(); i++) {
        IfBranch branch = branch(branches.get(i));
        if (branch != branches.get(i)) {
          branches = new ArrayList<>(branches);
          branches.set(i, branch);
        }
      }
      List<Statement> elseBody = statements(c.elseBody());
      return branches == c.branches()
              && elseBody == c.elseBody()
              && redirections == c.redirections()
          ? c
          : new IfClause(branches, elseBody, redirections, c.start(), c.end());
    }
    if (command instanceof WhileClause c) {
      List<Statement> condition = statements(c.condition());
      List<Statement> body = statements(c.body());
      return condition == c.condition() && body == c.body() && redirections == c.redirections()
          ? c
          : new WhileClause(c.until(), condition, body, redirections, c.start(), c.end());
    }
    if (command instanceof ForClause c) {
      List<Statement> body = statements(c.body());
      return body == c.body() && redirections == c.redirections()
          ? c
          : new ForClause(c.select(), c.name(), c.items(), body, redirections, c.start(), c.end());
    }
    if (command instanceof ArithmeticForClause c) {
      List<Statement> body = statements(c.body());
      return body == c.body() && redirections == c.redirections()
          ? c
          : new ArithmeticForClause(
              c.init(), c.condition(), c.step(), body, redirections, c.start(), c.end());
    }
    if (command instanceof CaseClause c) {
      List<CaseItem> items = c.items();
      for (int i = 0; i < items.size(); i++) {
        CaseItem item = item(items.get(i));
        if (item != items.get(i)) {
          items = new ArrayList<>(items);
          items.set(i, item);
        }
      }
      return items == c.items() && redirections == c.redirections()
          ? c
          : new CaseClause(c.subject(), items, redirections, c.start(), c.end());
    }
    if (command instanceof ArithmeticCommand c) {
      return redirections == c.redirections()
          ? c
          : new ArithmeticCommand(c.expression(), redirections, c.start(), c.end());
    }
    TestClause c = (TestClause) command;
    return redirections == c.redirections()
        ? c
        : new TestClause(c.expression(), redirections, c.start(), c.end());
  }

  private IfBranch branch(IfBranch branch) {
    List<Statement> condition = statements(branch.condition());
    List<Statement> body = statements(branch.body());
    return condition == branch.condition() && body == branch.body()
        ? branch
        : new IfBranch(condition, body, branch.start(), branch.end());
  }

  private CaseItem item(CaseItem item) {
    List<Statement> body = statements(item.body());
    return body == item.body()
        ? item
        : new CaseItem(item.patterns(), body, item.terminator(), item.start(), item.end());
  }
}
