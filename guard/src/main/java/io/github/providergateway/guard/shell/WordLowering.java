package io.github.providergateway.guard.shell;

import io.github.providergateway.guard.shell.RawCommand.Nest;
import io.github.providergateway.guard.shell.syntax.AndOrTest;
import io.github.providergateway.guard.shell.syntax.AnsiCQuoted;
import io.github.providergateway.guard.shell.syntax.ArithmeticExpansion;
import io.github.providergateway.guard.shell.syntax.ArithmeticExpression;
import io.github.providergateway.guard.shell.syntax.ArrayExpression;
import io.github.providergateway.guard.shell.syntax.BackquoteSubstitution;
import io.github.providergateway.guard.shell.syntax.BinaryTest;
import io.github.providergateway.guard.shell.syntax.BraceExpansion;
import io.github.providergateway.guard.shell.syntax.CommandSubstitution;
import io.github.providergateway.guard.shell.syntax.DoubleQuoted;
import io.github.providergateway.guard.shell.syntax.GlobPattern;
import io.github.providergateway.guard.shell.syntax.Literal;
import io.github.providergateway.guard.shell.syntax.NotTest;
import io.github.providergateway.guard.shell.syntax.ParameterExpansion;
import io.github.providergateway.guard.shell.syntax.ParenTest;
import io.github.providergateway.guard.shell.syntax.ProcessSubstitution;
import io.github.providergateway.guard.shell.syntax.ShellParseException;
import io.github.providergateway.guard.shell.syntax.SingleQuoted;
import io.github.providergateway.guard.shell.syntax.SyntaxParser;
import io.github.providergateway.guard.shell.syntax.TestExpression;
import io.github.providergateway.guard.shell.syntax.Tilde;
import io.github.providergateway.guard.shell.syntax.UnaryTest;
import io.github.providergateway.guard.shell.syntax.WordPart;
import java.util.ArrayList;
import java.util.List;

/**
 * A command's words lowered from the tree: a word's text after quote removal, expansions kept as
 * written, literal when nothing in it is expanded, where bash would split it ({@link WordFields}),
 * and the commands of the substitutions in it, added to the command that holds them. The state it
 * works with (the word table, the spare builders, the lowering's bounds) is the {@link Lowering}'s.
 */
final class WordLowering {
  private WordLowering() {}

  // ---- words ----

  /**
   * The word {@code word} lowers to: its text after quote removal, expansions as written; literal
   * when nothing in it is expanded. The commands of its substitutions go to {@code holder}'s nests
   * (none when null); {@code fields}, when given, learns where bash would split it.
   */
  static Word word(
      Lowering lowering,
      io.github.providergateway.guard.shell.syntax.WrittenWord word,
      RawCommand holder,
      int depth,
      WordFields fields)
      throws ShellParseException {
    List<WordPart> parts = word.parts();
    if (parts.size() == 1 && parts.get(0) instanceof Literal literal) {
      // Most words are one literal: the parser's text, made a word once.
      return lowering.table.written(
          literal.value(), true, lowering.source, word.start(), word.end());
    }
    StringBuilder sb =
        lowering.spareBuilders.isEmpty() ? new StringBuilder(64) : lowering.spareBuilders.pop();
    try {
      boolean literal = text(lowering, parts, sb, holder, depth, fields, true);
      boolean whole = literal && (fields == null || fields.ifsCount == 0 && fields.braces == null);
      if (fields != null) {
        fields.literalApart = literal;
      }
      return lowering.table.written(sb, whole, lowering.source, word.start(), word.end());
    } finally {
      sb.setLength(0);
      if (sb.capacity() <= Lowering.MAX_SPARE_BUILDER) {
        lowering.spareBuilders.push(sb);
      }
    }
  }

  /**
   * Appends the text of {@code parts} to {@code sb}; {@return whether it is all literal, apart from
   * {@code $IFS} and a brace list that {@code fields} takes}
   */
  static boolean text(
      Lowering lowering,
      List<WordPart> parts,
      StringBuilder sb,
      RawCommand holder,
      int depth,
      WordFields fields,
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
        literal &= text(lowering, q.parts(), sb, holder, depth, null, false);
      } else if (part instanceof AnsiCQuoted q) {
        sb.append(q.value());
      } else if (part instanceof ParameterExpansion p) {
        int from = sb.length();
        sb.append(lowering.source, p.start(), p.end());
        if (unquoted && fields != null && isIfs(p)) {
          fields.ifs(from, sb.length());
        } else {
          literal = false;
        }
        nests(lowering, p, holder, depth);
      } else if (part instanceof GlobPattern g) {
        sb.append(SyntaxParser.unquotedValue(g.pattern()));
        literal = false;
      } else if (part instanceof Tilde t) {
        sb.append('~').append(t.user());
        literal = false;
      } else if (part instanceof BraceExpansion b) {
        // Not literal: expanded into words by the fields, or left whole and unknown.
        literal &= braces(lowering, b, sb, holder, depth, fields) && fields != null;
      } else {
        // A substitution or arithmetic: its source kept, its commands read.
        sb.append(lowering.source, part.start(), part.end());
        literal = false;
        nests(lowering, part, holder, depth);
      }
    }
    return literal;
  }

  /**
   * Appends a brace expansion as written, quotes removed; when it is the word's first and a list of
   * items with no brace expansion in them, tells {@code fields} where it is and its items' texts.
   * {@return whether its items are literal}
   */
  static boolean braces(
      Lowering lowering,
      BraceExpansion braces,
      StringBuilder sb,
      RawCommand holder,
      int depth,
      WordFields fields)
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
      literal &= text(lowering, parts, sb, holder, depth, null, true);
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
  static boolean isIfs(ParameterExpansion p) {
    return p.name().equals("IFS")
        && p.prefix() == ParameterExpansion.Prefix.NONE
        && p.index() == null
        && p.operator() == ParameterExpansion.Operator.NONE;
  }

  // ---- substitutions ----

  /** The commands of the substitutions in {@code node}, added to {@code holder}'s nests. */
  static void nests(
      Lowering lowering,
      io.github.providergateway.guard.shell.syntax.WrittenWord word,
      RawCommand holder,
      int depth)
      throws ShellParseException {
    if (holder != null && word != null) {
      partNests(lowering, word.parts(), holder, depth);
    }
  }

  static void nests(
      Lowering lowering, ArithmeticExpression expression, RawCommand holder, int depth)
      throws ShellParseException {
    partNests(lowering, expression.parts(), holder, depth);
  }

  static void nests(Lowering lowering, TestExpression test, RawCommand holder, int depth)
      throws ShellParseException {
    if (test instanceof io.github.providergateway.guard.shell.syntax.WrittenWord word) {
      nests(lowering, word, holder, depth);
    } else if (test instanceof UnaryTest unary) {
      nests(lowering, unary.operand(), holder, depth);
    } else if (test instanceof BinaryTest binary) {
      nests(lowering, binary.left(), holder, depth);
      nests(lowering, binary.right(), holder, depth);
    } else if (test instanceof NotTest not) {
      nests(lowering, not.operand(), holder, depth);
    } else if (test instanceof ParenTest paren) {
      nests(lowering, paren.expression(), holder, depth);
    } else {
      for (TestExpression operand : ((AndOrTest) test).operands()) {
        nests(lowering, operand, holder, depth);
      }
    }
  }

  static void partNests(Lowering lowering, List<WordPart> parts, RawCommand holder, int depth)
      throws ShellParseException {
    for (int i = 0; i < parts.size(); i++) {
      WordPart part = parts.get(i);
      if (!(part instanceof Literal)) {
        nests(lowering, part, holder, depth);
      }
    }
  }

  /**
   * The commands {@code part} runs, added to {@code holder}: a substitution's at one more depth; an
   * expansion's or an arithmetic expression's substitutions at one more than that.
   */
  static void nests(Lowering lowering, WordPart part, RawCommand holder, int depth)
      throws ShellParseException {
    if (holder == null) {
      return;
    }
    if (part instanceof CommandSubstitution substitution) {
      holder.addNest(new Nest("$(…)", lowering.substitution(substitution.statements(), depth + 1)));
    } else if (part instanceof ProcessSubstitution substitution) {
      holder.addNest(
          new Nest(
              substitution.output() ? ">(…)" : "<(…)",
              lowering.substitution(substitution.statements(), depth + 1)));
    } else if (part instanceof BackquoteSubstitution backquote) {
      holder.addNest(
          new Nest(
              "`…`",
              Lowering.lower(
                  backquote.script(),
                  depth + 1,
                  lowering.limits,
                  " in the `…` at " + backquote.start() + lowering.where)));
    } else if (part instanceof ParameterExpansion p) {
      nests(lowering, p.index(), holder, depth + 1);
      nests(lowering, p.argument(), holder, depth + 1);
      nests(lowering, p.replacement(), holder, depth + 1);
    } else if (part instanceof ArithmeticExpansion arithmetic) {
      partNests(lowering, arithmetic.expression().parts(), holder, depth + 1);
    } else if (part instanceof DoubleQuoted quoted) {
      partNests(lowering, quoted.parts(), holder, depth);
    } else if (part instanceof BraceExpansion braces) {
      for (var item : braces.items()) {
        nests(lowering, item, holder, depth);
      }
    } else if (part instanceof ArrayExpression array) {
      for (var element : array.elements()) {
        nests(lowering, element, holder, depth);
      }
    }
  }
}
