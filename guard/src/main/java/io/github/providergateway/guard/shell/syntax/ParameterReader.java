package io.github.providergateway.guard.shell.syntax;

import io.github.providergateway.guard.shell.internal.FixedList;
import io.github.providergateway.guard.shell.syntax.ParameterExpansion.Operator;
import io.github.providergateway.guard.shell.syntax.ParameterExpansion.Prefix;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Reads a parameter's expansion in braces, <code>${…}</code>, as bash does: to its closing brace
 * (quotes, substitutions and nested expansions within; a brace does not nest), then its parts: the
 * {@code #} or {@code !} before the name, the name, a subscript, the operator and its words. What
 * bash would refuse when it expands it ("bad substitution") is read to the brace all the same, for
 * the substitutions in it.
 */
final class ParameterReader {
  private final Source in;
  private final WordReader words;

  ParameterReader(Source in, WordReader words) {
    this.in = in;
    this.words = words;
  }

  /** After <code>${</code>: the expansion to its closing brace. */
  ParameterExpansion expansion(int depth, int at, boolean inDouble) throws ShellParseException {
    char[] chars = in.chars;
    Prefix prefix = Prefix.NONE;
    char c = in.peek(0);
    if ((c == '#' || c == '!') && startsParameter(in.pos + 1)) {
      prefix = c == '#' ? Prefix.LENGTH : Prefix.INDIRECT;
      in.pos++;
    }
    int nameStart = in.pos;
    int nameEnd = parameterNameEnd(nameStart);
    in.pos = nameEnd;
    String name = in.text.substring(nameStart, nameEnd);
    WrittenWord index = null;
    if (nameEnd > nameStart && Source.isNameStart(chars[nameStart]) && in.peek(0) == '[') {
      in.pos++;
      index = parameterWord(depth, at, "]", inDouble);
      if (in.peek(0) != ']') {
        return bad(prefix, name, index, depth, at, inDouble);
      }
      in.pos++;
    }
    if (name.isEmpty()) {
      return bad(prefix, name, index, depth, at, inDouble);
    }
    if (in.pos >= in.length) {
      throw ParseLimits.malformed("an unterminated ${", at, in.where);
    }
    c = chars[in.pos];
    if (c == '}') {
      in.pos++;
      return new ParameterExpansion(
          true, prefix, name, index, Operator.NONE, null, null, at, in.pos);
    }
    if (prefix == Prefix.INDIRECT && (c == '*' || c == '@') && in.peek(1) == '}') {
      WrittenWord which = parameterWord(depth, at, "", inDouble);
      in.pos++;
      return new ParameterExpansion(
          true, prefix, name, index, Operator.NAMES_STARTING, which, null, at, in.pos);
    }
    Operator operator = operatorAt();
    if (operator == null) {
      return bad(prefix, name, index, depth, at, inDouble);
    }
    in.pos += operator.text().length();
    // A replacement's pattern ends at a /, a substring's offset at a :, every other word at the
    // brace.
    String second =
        REPLACEMENTS.contains(operator) ? "/" : operator == Operator.SUBSTRING ? ":" : "";
    WrittenWord argument = parameterWord(depth, at, second, inDouble);
    WrittenWord replacement = null;
    if (!second.isEmpty() && in.peek(0) == second.charAt(0)) {
      in.pos++;
      replacement = parameterWord(depth, at, "", inDouble);
    }
    in.pos++;
    return new ParameterExpansion(
        true, prefix, name, index, operator, argument, replacement, at, in.pos);
  }

  /** The rest of an expansion bash would refuse, read to its brace for what is in it. */
  private ParameterExpansion bad(
      Prefix prefix, String name, WrittenWord index, int depth, int at, boolean inDouble)
      throws ShellParseException {
    WrittenWord rest = parameterWord(depth, at, "", inDouble);
    in.pos++;
    return new ParameterExpansion(
        true, prefix, name, index, Operator.BAD_SUBSTITUTION, rest, null, at, in.pos);
  }

  private static final Set<Operator> REPLACEMENTS =
      EnumSet.of(
          Operator.REPLACE_FIRST,
          Operator.REPLACE_ALL,
          Operator.REPLACE_PREFIX,
          Operator.REPLACE_SUFFIX);

  /** Whether a parameter's name starts at {@code i} and the expansion goes on after it. */
  private boolean startsParameter(int i) {
    if (i >= in.length) {
      return false;
    }
    char c = in.chars[i];
    if (Source.isNameChar(c)) {
      return true;
    }
    // ${#@}, ${#?}, ${!@}: a special parameter, then the brace; ${#} and ${!} are # and !.
    return "@*#?-$!".indexOf(c) >= 0 && i + 1 < in.length && in.chars[i + 1] == '}';
  }

  /**
   * The end of the parameter's name from {@code from}: a name, digits, or one special character.
   */
  private int parameterNameEnd(int from) {
    char[] chars = in.chars;
    if (from >= in.length) {
      return from;
    }
    char c = chars[from];
    int i = from + 1;
    if (Source.isNameStart(c)) {
      while (i < in.length && Source.isNameChar(chars[i])) {
        i++;
      }
      return i;
    }
    if (Source.isDigit(c)) {
      while (i < in.length && Source.isDigit(chars[i])) {
        i++;
      }
      return i;
    }
    if (c == '$' && i < in.length && "({[".indexOf(chars[i]) >= 0) {
      // ${$(…)}: bash reads the substitution, not the parameter $, and refuses it when it expands.
      return from;
    }
    return "@*#?-$!".indexOf(c) >= 0 ? i : from;
  }

  /** The operator at the read position after a name, the longest there, or null. */
  private Operator operatorAt() {
    char c = in.peek(0);
    char d = in.peek(1);
    return switch (c) {
      case ':' ->
          switch (d) {
            case '-' -> Operator.DEFAULT;
            case '=' -> Operator.ASSIGN;
            case '?' -> Operator.ERROR;
            case '+' -> Operator.ALTERNATE;
            default -> Operator.SUBSTRING;
          };
      case '-' -> Operator.DEFAULT_IF_UNSET;
      case '=' -> Operator.ASSIGN_IF_UNSET;
      case '?' -> Operator.ERROR_IF_UNSET;
      case '+' -> Operator.ALTERNATE_IF_SET;
      case '#' -> d == '#' ? Operator.REMOVE_LONGEST_PREFIX : Operator.REMOVE_SHORTEST_PREFIX;
      case '%' -> d == '%' ? Operator.REMOVE_LONGEST_SUFFIX : Operator.REMOVE_SHORTEST_SUFFIX;
      case '/' ->
          switch (d) {
            case '/' -> Operator.REPLACE_ALL;
            case '#' -> Operator.REPLACE_PREFIX;
            case '%' -> Operator.REPLACE_SUFFIX;
            default -> Operator.REPLACE_FIRST;
          };
      case '^' -> d == '^' ? Operator.UPPER_ALL : Operator.UPPER_FIRST;
      case ',' -> d == ',' ? Operator.LOWER_ALL : Operator.LOWER_FIRST;
      case '@' -> Operator.TRANSFORM;
      default -> null;
    };
  }

  /**
   * Reads the word of an expansion to its closing brace, or to the first of {@code stops} (not
   * taken): blanks and operators are text in it, quotes and expansions are read. A brace does not
   * nest in it, as bash reads it (<code>${x:-a{b}c}</code> is {@code a{b} then {@code c}}). Within
   * double quotes ({@code inDouble}), a single quote still hides a brace but is text, kept.
   */
  private WrittenWord parameterWord(int depth, int at, String stops, boolean inDouble)
      throws ShellParseException {
    char[] chars = in.chars;
    int start = in.pos;
    List<WordPart> parts = words.takeParts();
    try {
      int runStart = start;
      StringBuilder value = null;
      for (; ; ) {
        if (in.pos >= in.length) {
          throw ParseLimits.malformed("an unterminated ${", at, in.where);
        }
        int i = in.pos;
        char c = chars[i];
        if (c == '}' || stops.indexOf(c) >= 0) {
          words.addLiteral(parts, runStart, i, value);
          return new WrittenWord(FixedList.copyOf(parts), start, i);
        }
        if ((c == '<' || c == '>') && in.peek(1) == '(') {
          words.addLiteral(parts, runStart, i, value);
          parts.add(words.processSubstitution(depth));
          runStart = in.pos;
          value = null;
          continue;
        }
        switch (c) {
          case '\\' -> {
            if (value == null) {
              value = new StringBuilder().append(chars, runStart, i - runStart);
            }
            if (i + 1 < in.length && chars[i + 1] != '\n') {
              value.append(chars[i + 1]);
            }
            in.pos = Math.min(in.length, i + 2);
          }
          case '\'', '"', '$', '`' -> {
            if (c == '\'' && inDouble) {
              // Bash finds the brace past it, and keeps the quotes in the value.
              int close = in.text.indexOf('\'', i + 1);
              if (close < 0 || close >= in.length) {
                throw ParseLimits.malformed("an unterminated single quote", i, in.where);
              }
              if (value != null) {
                value.append(chars, i, close + 1 - i);
              }
              in.pos = close + 1;
              continue;
            }
            WordPart part;
            if (c == '\'') {
              part = words.singleQuoted();
            } else if (c == '"') {
              part = words.doubleQuoted(in.pos, false, depth);
            } else if (c == '$') {
              part = words.dollar(inDouble, depth);
            } else {
              part = words.backquote(inDouble, depth);
            }
            if (part == null) {
              if (value != null) {
                value.append('$');
              }
              continue;
            }
            words.addLiteral(parts, runStart, i, value);
            parts.add(part);
            runStart = in.pos;
            value = null;
          }
          default -> {
            if (value != null) {
              value.append(c);
            }
            in.pos++;
          }
        }
      }
    } finally {
      words.giveParts(parts);
    }
  }
}
