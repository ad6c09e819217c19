package io.github.providergateway.guard.shell.syntax;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * What every syntax tree must be, whatever the script: checked by {@link ShellSyntaxFuzzTest} over
 * any text and by {@link SyntaxParserTest} over its own. Reads the records by their components, so
 * a new kind of node is checked without a line here.
 */
final class SyntaxTrees {
  private SyntaxTrees() {}

  /**
   * The words bash reads as keywords where a command starts: a command beginning so reads apart.
   */
  private static final Set<String> KEYWORDS =
      Set.of(
          "if",
          "then",
          "else",
          "elif",
          "fi",
          "do",
          "done",
          "while",
          "until",
          "for",
          "select",
          "case",
          "esac",
          "function",
          "{",
          "}",
          "!",
          "[[",
          "]]",
          "time",
          "coproc",
          "in");

  /**
   * The problems of {@code script}'s spans, none when all is well: every node's span lies within
   * its script's source, starts before it ends, and lies within its parent's; a backquoted
   * substitution's script is read in its own text, and a here-document starts after its
   * redirection.
   */
  static List<String> spanProblems(Script script) {
    List<String> problems = new ArrayList<>();
    check(script, script, script.source().length(), problems);
    return problems;
  }

  private static void check(Node node, Node parent, int length, List<String> problems) {
    if (node.start() < 0 || node.end() > length || node.start() > node.end()) {
      problems.add(describe(node) + " is outside its source (0 to " + length + ")");
    }
    for (Object child : children(node)) {
      if (child instanceof Script inner) {
        check(inner, inner, inner.source().length(), problems);
        continue;
      }
      Node c = (Node) child;
      if (c instanceof HereDocument document) {
        if (document.start() < node.end()) {
          problems.add(describe(c) + " starts before its redirection ends at " + node.end());
        }
      } else if (c.start() < node.start() || c.end() > node.end()) {
        problems.add(describe(c) + " is outside its parent " + describe(node));
      }
      check(c, node, length, problems);
    }
  }

  /** The nodes a node holds, in the order of its components. */
  static List<Object> children(Node node) {
    List<Object> children = new ArrayList<>();
    for (Object value : components((Record) node)) {
      if (value instanceof Node child) {
        children.add(child);
      } else if (value instanceof List<?> list) {
        for (Object item : list) {
          if (item instanceof Node child) {
            children.add(child);
          }
        }
      }
    }
    return children;
  }

  private static List<Object> components(Record record) {
    List<Object> values = new ArrayList<>();
    for (RecordComponent component : record.getClass().getRecordComponents()) {
      try {
        values.add(component.getAccessor().invoke(record));
      } catch (IllegalAccessException | InvocationTargetException e) {
        throw new IllegalStateException(component.toString(), e);
      }
    }
    return values;
  }

  private static String describe(Node node) {
    return node.getClass().getSimpleName() + "[" + node.start() + ", " + node.end() + ")";
  }

  /**
   * The problems of re-reading each simple command of {@code script} from its span's text: the text
   * alone must read as one simple command with the same words (their spans moved by where the span
   * starts). Not asked of a command with a here-document (its body is past its span) or one whose
   * first word is a keyword out of its place ({@code a | time b}).
   */
  static List<String> rereadProblems(Script script) throws ShellParseException {
    List<String> problems = new ArrayList<>();
    List<SimpleCommand> commands = new ArrayList<>();
    collect(script, commands);
    for (SimpleCommand command : commands) {
      if (!rereadable(command, script)) {
        continue;
      }
      String text = script.source().substring(command.start(), command.end());
      Script again = SyntaxParser.parse(text);
      String expected = rendered(command.words(), command.start());
      String actual =
          again.statements().size() == 1
                  && again.statements().get(0).command() instanceof SimpleCommand simple
              ? rendered(simple.words(), 0)
              : rendered(again, 0);
      if (!expected.equals(actual)) {
        problems.add("'" + text + "' read alone: " + actual + ", in its script: " + expected);
      }
    }
    return problems;
  }

  /** The simple commands of {@code node}'s script, not those of a backquoted substitution's. */
  private static void collect(Node node, List<SimpleCommand> commands) {
    if (node instanceof SimpleCommand simple) {
      commands.add(simple);
    }
    for (Object child : children(node)) {
      if (!(child instanceof Script)) {
        collect((Node) child, commands);
      }
    }
  }

  private static boolean rereadable(SimpleCommand command, Script script) {
    for (Redirection redirection : command.redirections()) {
      if (hasHereDocument(redirection)) {
        return false;
      }
    }
    if (hasHereDocumentWithin(command)) {
      return false;
    }
    if (!command.words().isEmpty() && command.assignments().isEmpty()) {
      WrittenWord first = command.words().get(0);
      return !KEYWORDS.contains(script.source().substring(first.start(), first.end()));
    }
    return true;
  }

  private static boolean hasHereDocument(Redirection redirection) {
    return redirection.hereDocument() != null;
  }

  /** Whether a here-document's body lies past a redirection within {@code node}. */
  private static boolean hasHereDocumentWithin(Node node) {
    for (Object child : children(node)) {
      if (child instanceof HereDocument document && document.end() > node.end()) {
        return true;
      }
      if (child instanceof Node inner
          && !(child instanceof Script)
          && hasHereDocumentWithin(inner)) {
        return true;
      }
    }
    return false;
  }

  /**
   * {@code value} written out whole, each span's offsets less {@code base} (a backquoted
   * substitution's script kept as it is, in its own text's offsets).
   */
  static String rendered(Object value, int base) {
    StringBuilder sb = new StringBuilder();
    render(value, base, sb);
    return sb.toString();
  }

  private static void render(Object value, int base, StringBuilder sb) {
    if (value instanceof Script script && base != 0) {
      render(script, 0, sb);
    } else if (value instanceof Record record) {
      sb.append(record.getClass().getSimpleName()).append('(');
      RecordComponent[] components = record.getClass().getRecordComponents();
      List<Object> values = components(record);
      for (int i = 0; i < components.length; i++) {
        if (i > 0) {
          sb.append(", ");
        }
        String name = components[i].getName();
        Object v = values.get(i);
        if ((name.equals("start") || name.equals("end")) && v instanceof Integer offset) {
          sb.append(name).append('=').append(offset - base);
        } else {
          render(v, value instanceof BackquoteSubstitution ? 0 : base, sb);
        }
      }
      sb.append(')');
    } else if (value instanceof List<?> list) {
      sb.append('[');
      for (int i = 0; i < list.size(); i++) {
        if (i > 0) {
          sb.append(", ");
        }
        render(list.get(i), base, sb);
      }
      sb.append(']');
    } else if (value instanceof String text) {
      sb.append('"').append(text.replace("\n", "\\n")).append('"');
    } else {
      sb.append(value);
    }
  }
}
