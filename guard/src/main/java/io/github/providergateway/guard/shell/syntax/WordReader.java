package io.github.providergateway.guard.shell.syntax;

import io.github.providergateway.guard.shell.internal.FixedList;
import io.github.providergateway.guard.shell.syntax.ParameterExpansion.Operator;
import io.github.providergateway.guard.shell.syntax.ParameterExpansion.Prefix;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads words as bash does, into their parts: literal text, quotes, {@code $'…'}, expansions
 * ({@code $x}, <code>${…}</code>, {@code $(…)}, backquotes, {@code <(…)}, {@code $((…))}), then the
 * shapes of their unquoted text ({@link WordShapes}). Also the words inside expansions (the word of
 * <code>${x:-word}</code>, an arithmetic expression) and a here-document's body. The statements of
 * a substitution are the grammar's ({@link ScriptParser}).
 */
final class WordReader {
  private final Source in;
  private final ScriptParser grammar;

  /** Reads the expansions of parameters, <code>${…}</code>. */
  private final ParameterReader parameters;

  /** Part lists of finished words, emptied, for the words being read (one per word in progress). */
  private final ArrayDeque<List<WordPart>> spareParts = new ArrayDeque<>(4);

  /**
   * The plain words' texts read so far, an open-addressed table by their hash: a long command says
   * the same words again and again (git, -n, test.log), and each text is made once, not once a
   * time.
   */
  private String[] texts = new String[64];

  private int textCount;

  /** The hash of the text of the run {@link #plainRun} last found, as {@link String#hashCode}'s. */
  private int runHash;

  WordReader(Source in, ScriptParser grammar) {
    this.in = in;
    this.grammar = grammar;
    this.parameters = new ParameterReader(in, this);
  }

  // ---- words ----

  /**
   * Reads one word at the read position, which holds one, counting it against the bound of words.
   */
  WrittenWord word(WordShapes.Context context, int depth) throws ShellParseException {
    int start = in.pos;
    in.limits.word(start, in.where);
    // Most words are plain text: taken as they stand, with no part list or copy of their own.
    int plain = plainRun(start);
    if (plain > start && in.endsWord(plain)) {
      in.pos = plain;
      String text = plainText(start, plain);
      return new WrittenWord(List.of(new Literal(text, text, start, plain)), start, plain);
    }
    List<WordPart> parts = takeParts();
    try {
      readUnquoted(parts, depth);
      if (in.pos == start) {
        throw ParseLimits.malformed("a word expected", start, in.where);
      }
      return new WrittenWord(
          FixedList.copyOf(WordShapes.apply(parts, context, depth, in)), start, in.pos);
    } finally {
      giveParts(parts);
    }
  }

  /**
   * Reads the word at the read position when it is plain (a run of text with no quote, expansion or
   * shape), counting it against the bound of words as {@link #word} does; {@return its text, or
   * null when it is not plain (nothing read)}
   */
  String plainWord() throws ShellParseException {
    int start = in.pos;
    int plain = plainRun(start);
    if (plain > start && in.endsWord(plain)) {
      in.limits.word(start, in.where);
      in.pos = plain;
      return plainText(start, plain);
    }
    return null;
  }

  /** Reads the parts of an unquoted word to its end. */
  private void readUnquoted(List<WordPart> parts, int depth) throws ShellParseException {
    char[] chars = in.chars;
    int runStart = in.pos;
    StringBuilder value = null;
    while (in.pos < in.length) {
      int at = in.pos;
      char c = chars[at];
      if (c < SPECIAL.length && !SPECIAL[c]) {
        if (value != null) {
          value.append(c);
        }
        in.pos++;
        continue;
      }
      if (in.endsWord(at)) {
        break;
      }
      switch (c) {
        case '\\' -> {
          if (at + 1 >= in.length) {
            if (value != null) {
              value.append('\\');
            }
            in.pos++;
          } else {
            if (value == null) {
              value = new StringBuilder().append(chars, runStart, at - runStart);
            }
            if (chars[at + 1] != '\n') {
              value.append(chars[at + 1]);
            }
            in.pos += 2;
          }
        }
        case '\'', '"', '$', '`', '<', '>' -> {
          WordPart part = quotedOrExpansion(c, false, depth);
          if (part == null) {
            // A $ that starts nothing: literal text.
            if (value != null) {
              value.append('$');
            }
            continue;
          }
          addLiteral(parts, runStart, at, value);
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
    addLiteral(parts, runStart, in.pos, value);
  }

  /**
   * The word after {@code =~} in {@code [[ … ]]}, a regular expression: as a word, but parentheses
   * nest in it and, within them, blanks and {@code |} are its text too. Counted as a word.
   */
  WrittenWord regexWord(int depth) throws ShellParseException {
    int start = in.pos;
    in.limits.word(start, in.where);
    char[] chars = in.chars;
    List<WordPart> parts = takeParts();
    try {
      int runStart = start;
      StringBuilder value = null;
      int open = 0;
      while (in.pos < in.length) {
        int at = in.pos;
        char c = chars[at];
        if (c == '(' || c == ')' && open > 0 || c == '|' || open > 0 && (c == ' ' || c == '\t')) {
          open += c == '(' ? 1 : c == ')' ? -1 : 0;
          if (value != null) {
            value.append(c);
          }
          in.pos++;
          continue;
        }
        if (in.endsWord(at)) {
          break;
        }
        if (c == '\\') {
          if (value == null) {
            value = new StringBuilder().append(chars, runStart, at - runStart);
          }
          if (at + 1 < in.length && chars[at + 1] != '\n') {
            value.append(chars[at + 1]);
          }
          in.pos = Math.min(in.length, at + 2);
        } else if (c == '\'' || c == '"' || c == '$' || c == '`') {
          WordPart part = quotedOrExpansion(c, false, depth);
          if (part == null) {
            if (value != null) {
              value.append('$');
            }
            continue;
          }
          addLiteral(parts, runStart, at, value);
          parts.add(part);
          runStart = in.pos;
          value = null;
        } else {
          if (value != null) {
            value.append(c);
          }
          in.pos++;
        }
      }
      if (open > 0) {
        throw ParseLimits.malformed("a ( with no ) to close it", start, in.where);
      }
      addLiteral(parts, runStart, in.pos, value);
      return new WrittenWord(FixedList.copyOf(parts), start, in.pos);
    } finally {
      giveParts(parts);
    }
  }

  /**
   * {@return the offset after the {@code close} matching the {@code open} at {@code at}, or -1 when
   * none does}: quotes, escapes and substitutions within are stepped over, as bash's matching does,
   * and pairs nest.
   */
  int matchedEnd(int at, char open, char close) {
    char[] chars = in.chars;
    int level = 0;
    int i = at;
    while (i < in.length) {
      char c = chars[i];
      if (c == '\\') {
        i += 2;
      } else if (c == '\'') {
        int end = in.text.indexOf('\'', i + 1);
        if (end < 0 || end >= in.length) {
          return -1;
        }
        i = end + 1;
      } else if (c == '"' || c == '`') {
        i++;
        while (i < in.length && chars[i] != c) {
          i += chars[i] == '\\' ? 2 : 1;
        }
        if (i >= in.length) {
          return -1;
        }
        i++;
      } else if (c == '$' && i + 1 < in.length && (chars[i + 1] == '(' || chars[i + 1] == '{')) {
        int end = matchedEnd(i + 1, chars[i + 1], chars[i + 1] == '(' ? ')' : '}');
        if (end < 0) {
          return -1;
        }
        i = end;
      } else if (c == open) {
        level++;
        i++;
      } else if (c == close) {
        if (--level == 0) {
          return i + 1;
        }
        i++;
      } else {
        i++;
      }
    }
    return -1;
  }

  /**
   * The text from {@code from} to {@code to} as one word of no blanks' meaning (a subscript):
   * literal text, quotes and expansions. Not counted as a word.
   */
  WrittenWord text(int from, int to, int depth) throws ShellParseException {
    int savedLength = in.length;
    int savedPos = in.pos;
    in.length = to;
    in.pos = from;
    List<WordPart> parts = takeParts();
    try {
      readBounded(parts, depth);
      return new WrittenWord(FixedList.copyOf(parts), from, to);
    } finally {
      giveParts(parts);
      in.length = savedLength;
      in.pos = savedPos;
    }
  }

  /** Reads parts to the end of the text as it is bounded: every character but quotes and $ text. */
  private void readBounded(List<WordPart> parts, int depth) throws ShellParseException {
    char[] chars = in.chars;
    int runStart = in.pos;
    StringBuilder value = null;
    while (in.pos < in.length) {
      int at = in.pos;
      char c = chars[at];
      if (c == '\\' && at + 1 < in.length) {
        if (value == null) {
          value = new StringBuilder().append(chars, runStart, at - runStart);
        }
        if (chars[at + 1] != '\n') {
          value.append(chars[at + 1]);
        }
        in.pos += 2;
      } else if (c == '\'' || c == '"' || c == '$' || c == '`') {
        WordPart part = quotedOrExpansion(c, false, depth);
        if (part == null) {
          if (value != null) {
            value.append('$');
          }
          continue;
        }
        addLiteral(parts, runStart, at, value);
        parts.add(part);
        runStart = in.pos;
        value = null;
      } else {
        if (value != null) {
          value.append(c);
        }
        in.pos++;
      }
    }
    addLiteral(parts, runStart, in.pos, value);
  }

  /**
   * A word where an assignment may stand that begins {@code name[…]} and is none: the subscript, to
   * {@code subscriptEnd}, is of the word whole (blanks and all), the rest read as any word's.
   */
  WrittenWord wordWithSubscript(int depth, int subscriptEnd) throws ShellParseException {
    int start = in.pos;
    in.limits.word(start, in.where);
    List<WordPart> parts = takeParts();
    try {
      int savedLength = in.length;
      in.length = subscriptEnd;
      try {
        readBounded(parts, depth);
      } finally {
        in.length = savedLength;
      }
      readUnquoted(parts, depth);
      return new WrittenWord(
          FixedList.copyOf(WordShapes.apply(merged(parts), WordShapes.Context.ARGUMENT, depth, in)),
          start,
          in.pos);
    } finally {
      giveParts(parts);
    }
  }

  /**
   * The word from {@code start} whose first parts, {@code first}, are read already, its rest read
   * from the read position as any unquoted word's (an array's value glued to more text, {@code
   * x=(1)y}, which bash takes as one word).
   */
  WrittenWord continued(List<WordPart> first, int start, int depth, WordShapes.Context context)
      throws ShellParseException {
    List<WordPart> parts = takeParts();
    try {
      parts.addAll(first);
      readUnquoted(parts, depth);
      return new WrittenWord(
          FixedList.copyOf(WordShapes.apply(merged(parts), context, depth, in)), start, in.pos);
    } finally {
      giveParts(parts);
    }
  }

  /** {@code parts} with two literals side by side made one: the shapes read a literal whole. */
  private List<WordPart> merged(List<WordPart> parts) {
    for (int i = 1; i < parts.size(); i++) {
      if (parts.get(i - 1) instanceof Literal a && parts.get(i) instanceof Literal b) {
        String text = a.text() + b.text();
        parts.set(i - 1, new Literal(text, a.value() + b.value(), a.start(), b.end()));
        parts.remove(i);
        i--;
      }
    }
    return parts;
  }

  /**
   * The part starting with {@code c} at the read position ({@code '…'}, {@code "…"}, a {@code $}
   * form, a backquote, {@code <(…)}), read; or null for a {@code $} that starts nothing, stepped
   * over.
   */
  private WordPart quotedOrExpansion(char c, boolean inDouble, int depth)
      throws ShellParseException {
    return switch (c) {
      case '\'' -> singleQuoted();
      case '"' -> doubleQuoted(in.pos, false, depth);
      case '$' -> dollar(inDouble, depth);
      case '`' -> backquote(inDouble, depth);
      default -> processSubstitution(depth);
    };
  }

  /** Adds the literal text from {@code from} to {@code to}, if any; {@code value} when escaped. */
  void addLiteral(List<WordPart> parts, int from, int to, StringBuilder value) {
    if (to > from) {
      String text = in.text.substring(from, to);
      parts.add(new Literal(text, value == null ? text : value.toString(), from, to));
    }
  }

  /**
   * The end of the run from {@code from} of characters a word only appends to its text: a word that
   * is such a run alone has one literal part and no shape.
   */
  private int plainRun(int from) {
    char[] chars = in.chars;
    int i = from;
    int hash = 0;
    while (i < in.length) {
      char c = chars[i];
      if (c < SPECIAL.length && SPECIAL[c]) {
        break;
      }
      // String.hashCode's, so plainText finds a text it made by its hash.
      hash = 31 * hash + c;
      i++;
    }
    runHash = hash;
    return i;
  }

  /**
   * The characters a word must look at, by code: blanks and operators, quotes, escapes, expansions,
   * and the start of a glob, a brace expansion or a tilde. A table, not a switch: every character
   * of a long command is looked up here.
   */
  private static final boolean[] SPECIAL = new boolean[128];

  static {
    for (char c : " \t\n;&|()<>'\"\\$`*?[{~".toCharArray()) {
      SPECIAL[c] = true;
    }
  }

  /** The text of the run from {@code start} to {@code end} ({@link #runHash}), made once a text. */
  private String plainText(int start, int end) {
    int hash = runHash;
    int mask = texts.length - 1;
    int slot = (hash ^ (hash >>> 16)) & mask;
    for (String seen = texts[slot]; seen != null; seen = texts[slot]) {
      if (seen.hashCode() == hash
          && seen.length() == end - start
          && in.text.startsWith(seen, start)) {
        return seen;
      }
      slot = (slot + 1) & mask;
    }
    String text = in.text.substring(start, end);
    texts[slot] = text;
    if (++textCount * 2 > texts.length) {
      rehashTexts();
    }
    return text;
  }

  private void rehashTexts() {
    String[] old = texts;
    texts = new String[old.length * 2];
    int mask = texts.length - 1;
    for (String text : old) {
      if (text != null) {
        int hash = text.hashCode();
        int slot = (hash ^ (hash >>> 16)) & mask;
        while (texts[slot] != null) {
          slot = (slot + 1) & mask;
        }
        texts[slot] = text;
      }
    }
  }

  // A word in progress takes a part list of the spares and gives it back, emptied: a substitution
  // inside reads words of its own meanwhile.
  List<WordPart> takeParts() {
    return spareParts.isEmpty() ? new ArrayList<>(8) : spareParts.pop();
  }

  void giveParts(List<WordPart> parts) {
    parts.clear();
    spareParts.push(parts);
  }

  // ---- quotes ----

  /** At {@code '}: to the closing quote. */
  SingleQuoted singleQuoted() throws ShellParseException {
    int open = in.pos;
    int close = in.text.indexOf('\'', open + 1);
    if (close < 0 || close >= in.length) {
      throw ParseLimits.malformed("an unterminated single quote", open, in.where);
    }
    in.pos = close + 1;
    return new SingleQuoted(in.text.substring(open + 1, close), open, close + 1);
  }

  /**
   * At {@code "}: to the closing quote; {@code start} is the offset of its {@code $} when {@code
   * localized} ({@code $"…"}), else of the quote.
   */
  DoubleQuoted doubleQuoted(int start, boolean localized, int depth) throws ShellParseException {
    int open = in.pos;
    in.pos = open + 1;
    List<WordPart> parts = takeParts();
    try {
      readDoubleQuotedParts(parts, '"', open, depth);
      in.pos++;
      return new DoubleQuoted(FixedList.copyOf(parts), localized, start, in.pos);
    } finally {
      giveParts(parts);
    }
  }

  /**
   * Reads the parts of double-quoted text up to {@code closer} (not taken): backslash quotes only
   * {@code $}, a backquote, {@code "}, a backslash and a newline.
   */
  private void readDoubleQuotedParts(List<WordPart> parts, char closer, int open, int depth)
      throws ShellParseException {
    char[] chars = in.chars;
    int runStart = in.pos;
    StringBuilder value = null;
    for (; ; ) {
      if (in.pos >= in.length) {
        throw ParseLimits.malformed("an unterminated double quote", open, in.where);
      }
      int at = in.pos;
      char c = chars[at];
      if (c == closer) {
        addLiteral(parts, runStart, at, value);
        return;
      }
      if (c == '\\') {
        char d = in.peek(1);
        if (d == '$' || d == '`' || d == '"' || d == '\\' || d == '\n') {
          if (value == null) {
            value = new StringBuilder().append(chars, runStart, at - runStart);
          }
          if (d != '\n') {
            value.append(d);
          }
          in.pos += 2;
        } else {
          if (value != null) {
            value.append('\\');
          }
          in.pos++;
        }
      } else if (c == '$' || c == '`') {
        WordPart part = c == '$' ? dollar(true, depth) : backquote(true, depth);
        if (part == null) {
          if (value != null) {
            value.append('$');
          }
          continue;
        }
        addLiteral(parts, runStart, at, value);
        parts.add(part);
        runStart = in.pos;
        value = null;
      } else {
        if (value != null) {
          value.append(c);
        }
        in.pos++;
      }
    }
  }

  // ---- expansions ----

  /** At {@code $}: the expansion or quoting it starts, or null (stepped over) for a literal $. */
  WordPart dollar(boolean inDouble, int depth) throws ShellParseException {
    int at = in.pos;
    char[] chars = in.chars;
    // A line continued after the $ is nothing, as bash joins the lines first: $\<newline>x is $x.
    int o = at + 1;
    while (o + 1 < in.length && chars[o] == '\\' && chars[o + 1] == '\n') {
      o += 2;
    }
    char d = o < in.length ? chars[o] : 0;
    char e = o + 1 < in.length ? chars[o + 1] : 0;
    if (d == '\'' && !inDouble) {
      return ansiC(at, o);
    }
    if (d == '"' && !inDouble) {
      in.pos = o;
      return doubleQuoted(at, true, depth);
    }
    if (d == '(') {
      in.limits.depth(depth + 1, at, "a $( … )", in.where);
      if (e == '(' && arithmeticAhead(o + 2)) {
        in.pos = o + 2;
        ArithmeticExpression expression = arithmetic(depth + 1, at, ")", "(( … ))");
        in.pos += 2;
        return new ArithmeticExpansion(expression, false, at, in.pos);
      }
      in.pos = o + 1;
      List<Statement> statements = grammar.substitution(depth + 1, at);
      return new CommandSubstitution(statements, at, in.pos);
    }
    if (d == '{') {
      in.limits.depth(depth + 1, at, "a ${ … }", in.where);
      in.pos = o + 1;
      return parameters.expansion(depth + 1, at, inDouble);
    }
    if (d == '[') {
      in.limits.depth(depth + 1, at, "a $[ … ]", in.where);
      in.pos = o + 1;
      ArithmeticExpression expression = arithmetic(depth + 1, at, "]", "$[ … ]");
      in.pos++;
      return new ArithmeticExpansion(expression, true, at, in.pos);
    }
    if (Source.isNameStart(d)) {
      int end = o + 1;
      while (end < in.length && Source.isNameChar(chars[end])) {
        end++;
      }
      in.pos = end;
      return shortParameter(at, o, end);
    }
    if (Source.isDigit(d) || "@*#?-$!".indexOf(d) >= 0 && d != 0) {
      in.pos = o + 1;
      return shortParameter(at, o, o + 1);
    }
    in.pos = at + 1;
    return null;
  }

  private ParameterExpansion shortParameter(int at, int name, int end) {
    return new ParameterExpansion(
        false, Prefix.NONE, in.text.substring(name, end), null, Operator.NONE, null, null, at, end);
  }

  /**
   * At the {@code $} of {@code $'}, its quote at {@code quote}: to the closing quote, a backslash
   * quoting the next character.
   */
  private AnsiCQuoted ansiC(int at, int quote) throws ShellParseException {
    char[] chars = in.chars;
    int i = quote + 1;
    for (; ; ) {
      if (i >= in.length) {
        throw ParseLimits.malformed("an unterminated $'", at, in.where);
      }
      char c = chars[i];
      if (c == '\'') {
        break;
      }
      i += c == '\\' ? 2 : 1;
    }
    in.pos = i + 1;
    return new AnsiCQuoted(
        AnsiC.decode(chars, quote + 1, i), in.text.substring(quote + 1, i), at, in.pos);
  }

  /** At {@code <(} or {@code >(}: a process substitution, statements to its {@code )}. */
  ProcessSubstitution processSubstitution(int depth) throws ShellParseException {
    int at = in.pos;
    boolean output = in.chars[at] == '>';
    in.limits.depth(depth + 1, at, output ? "a >( … )" : "a <( … )", in.where);
    in.pos = at + 2;
    List<Statement> statements = grammar.substitution(depth + 1, at);
    return new ProcessSubstitution(output, statements, at, in.pos);
  }

  /** At a backquote: its text, unescaped as bash does, read as a script of its own. */
  BackquoteSubstitution backquote(boolean inDouble, int depth) throws ShellParseException {
    int at = in.pos;
    in.limits.depth(depth + 1, at, "a `…`", in.where);
    char[] chars = in.chars;
    StringBuilder inner = new StringBuilder();
    int i = at + 1;
    for (; ; ) {
      if (i >= in.length) {
        throw ParseLimits.malformed("an unterminated backquote", at, in.where);
      }
      char c = chars[i];
      if (c == '`') {
        i++;
        break;
      }
      if (c == '\\' && i + 1 < in.length) {
        char d = chars[i + 1];
        if (d == '`' || d == '$' || d == '\\' || (inDouble && d == '"')) {
          inner.append(d);
        } else if (d != '\n') {
          inner.append(c).append(d);
        }
        i += 2;
        continue;
      }
      inner.append(c);
      i++;
    }
    in.pos = i;
    Script script =
        ScriptParser.parse(
            inner.toString(), depth + 1, in.limits, " in the `…` at " + at + in.where);
    return new BackquoteSubstitution(script, at, i);
  }

  /**
   * Whether the parentheses from {@code from} (after {@code ((} or {@code $((}) close first with
   * {@code ))}: arithmetic, as bash decides it; else a subshell or a substitution holding one.
   * Quotes and escapes are stepped over as bash's matching does.
   */
  boolean arithmeticAhead(int from) {
    char[] chars = in.chars;
    int open = 0;
    int i = from;
    while (i < in.length) {
      char c = chars[i];
      switch (c) {
        case '\\' -> i += 2;
        case '\'' -> {
          int close = in.text.indexOf('\'', i + 1);
          if (close < 0 || close >= in.length) {
            return false;
          }
          i = close + 1;
        }
        case '"' -> {
          i++;
          while (i < in.length && chars[i] != '"') {
            i += chars[i] == '\\' ? 2 : 1;
          }
          i++;
        }
        case '(' -> {
          open++;
          i++;
        }
        case ')' -> {
          if (open == 0) {
            return i + 1 < in.length && chars[i + 1] == ')';
          }
          open--;
          i++;
        }
        default -> i++;
      }
    }
    return false;
  }

  /**
   * Reads an arithmetic expression from the read position to its closer at the outer level: {@code
   * ))} for {@code ")"}, {@code ]} for {@code "]"}, left at the read position. Parentheses (and
   * brackets, for {@code ]}) nest within; the expansions and quotes in it are read as parts.
   */
  ArithmeticExpression arithmetic(int depth, int at, String closer, String what)
      throws ShellParseException {
    return arithmetic(depth, at, closer, what, false);
  }

  /**
   * As {@link #arithmetic(int, int, String, String)}, stopping also at a {@code ;} at the outer
   * level when {@code semicolon} (the parts of {@code for (( ; ; ))}).
   */
  ArithmeticExpression arithmetic(int depth, int at, String closer, String what, boolean semicolon)
      throws ShellParseException {
    char[] chars = in.chars;
    char close = closer.charAt(0);
    char open = close == ')' ? '(' : '[';
    int start = in.pos;
    List<WordPart> parts = takeParts();
    try {
      int runStart = start;
      int level = 0;
      for (; ; ) {
        if (in.pos >= in.length) {
          throw ParseLimits.malformed("an unterminated " + what, at, in.where);
        }
        int i = in.pos;
        char c = chars[i];
        if (c == open) {
          level++;
          in.pos++;
        } else if (c == close) {
          if (level == 0) {
            if (close == ')' && in.peek(1) != ')') {
              throw ParseLimits.malformed("an unterminated " + what, at, in.where);
            }
            addLiteral(parts, runStart, i, null);
            return new ArithmeticExpression(FixedList.copyOf(parts), start, i);
          }
          level--;
          in.pos++;
        } else if (c == ';' && semicolon && level == 0) {
          addLiteral(parts, runStart, i, null);
          return new ArithmeticExpression(FixedList.copyOf(parts), start, i);
        } else if (c == '\\') {
          in.pos = Math.min(in.length, i + 2);
        } else if (c == '\'' || c == '"' || c == '$' || c == '`') {
          WordPart part = quotedOrExpansion(c, false, depth);
          if (part != null) {
            addLiteral(parts, runStart, i, null);
            parts.add(part);
            runStart = in.pos;
          }
        } else {
          in.pos++;
        }
      }
    } finally {
      giveParts(parts);
    }
  }

  // ---- here-documents ----

  /**
   * The body of an unquoted here-document, from the read position to {@code end}: literal text and
   * the expansions bash makes in it ({@code $…} and backquotes; a backslash quotes only {@code $},
   * a backquote, a backslash and a newline). {@code <<-}'s tabs at the start of each line are no
   * part of the literal values.
   */
  WrittenWord hereDocumentBody(int end, boolean stripTabs, int depth) throws ShellParseException {
    int savedLength = in.length;
    // The expansions are read within the body: bash finds the body's last line first.
    in.length = end;
    char[] chars = in.chars;
    int start = in.pos;
    List<WordPart> parts = takeParts();
    try {
      int runStart = start;
      StringBuilder value = null;
      boolean lineStart = true;
      while (in.pos < end) {
        int i = in.pos;
        char c = chars[i];
        if (lineStart && stripTabs && c == '\t') {
          if (value == null) {
            value = new StringBuilder().append(chars, runStart, i - runStart);
          }
          in.pos++;
          continue;
        }
        lineStart = c == '\n';
        if (c == '\\') {
          char d = in.peek(1);
          if (d == '$' || d == '`' || d == '\\' || d == '\n') {
            if (value == null) {
              value = new StringBuilder().append(chars, runStart, i - runStart);
            }
            if (d != '\n') {
              value.append(d);
            }
            in.pos += 2;
            continue;
          }
        } else if (c == '$' || c == '`') {
          WordPart part = c == '$' ? dollar(true, depth) : backquote(false, depth);
          if (part != null) {
            addLiteral(parts, runStart, i, value);
            parts.add(part);
            runStart = in.pos;
            value = null;
          } else if (value != null) {
            value.append('$');
          }
          continue;
        }
        if (value != null) {
          value.append(c);
        }
        in.pos++;
      }
      addLiteral(parts, runStart, end, value);
      return new WrittenWord(FixedList.copyOf(parts), start, end);
    } finally {
      giveParts(parts);
      in.length = savedLength;
    }
  }

  /** A quoted here-document's body, from {@code start} to {@code end}: one literal, or none. */
  WrittenWord literalBody(int start, int end, boolean stripTabs) {
    if (end == start) {
      return new WrittenWord(List.of(), start, end);
    }
    String text = in.text.substring(start, end);
    String value = stripTabs ? stripLeadingTabs(text) : text;
    return new WrittenWord(List.of(new Literal(text, value, start, end)), start, end);
  }

  /** {@code text} with the tabs at the start of each of its lines taken off. */
  static String stripLeadingTabs(String text) {
    StringBuilder sb = new StringBuilder(text.length());
    boolean lineStart = true;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (lineStart && c == '\t') {
        continue;
      }
      lineStart = c == '\n';
      sb.append(c);
    }
    return sb.toString();
  }
}
