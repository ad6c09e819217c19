package io.github.providergateway.guard.shell.syntax;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The shapes bash gives a word's unquoted text, found once the word's parts are read: brace
 * expansions (<code>{a,b}</code>, <code>{1..9}</code>), a tilde ({@code ~/x}, and after {@code =}
 * and {@code :} in an assignment), and pattern characters ({@code *}, {@code ?}, {@code […]}). A
 * backslash quotes the character after it, so none of them is escaped.
 */
final class WordShapes {
  private WordShapes() {}

  /** Where a word stands, which decides the shapes bash gives it. */
  enum Context {
    /** A command's word, a {@code for} item, an array's element, a redirection's target. */
    ARGUMENT(true, true, true),
    /** An assignment's value: a tilde after {@code :} too; braces stay text. */
    ASSIGNMENT_VALUE(false, true, true),
    /** A {@code case} word: expanded, neither split nor globbed. */
    CASE_SUBJECT(false, false, true),
    /** A {@code case} pattern or a word of {@code [[ … ]]}: a pattern, not globbed. */
    PATTERN(false, true, true),
    /** A name ({@code for}, {@code function}, {@code coproc}) or a here-document's delimiter. */
    NAME(false, false, false);

    final boolean braces;
    final boolean globs;
    final boolean tilde;

    Context(boolean braces, boolean globs, boolean tilde) {
      this.braces = braces;
      this.globs = globs;
      this.tilde = tilde;
    }
  }

  /**
   * {@return {@code parts} with their unquoted text's shapes as parts of their own: the same list
   * when there is none}
   */
  static List<WordPart> apply(List<WordPart> parts, Context context, int depth, Source in)
      throws ShellParseException {
    if (context == Context.NAME) {
      return parts;
    }
    int found = shapeCharacters(parts);
    if (found == 0) {
      return parts;
    }
    List<WordPart> shaped = parts;
    if (context.braces && (found & BRACE) != 0) {
      shaped = new Braces(shaped, depth, in).expand();
    }
    if (context.tilde && (found & TILDE) != 0) {
      shaped = tildes(shaped, context == Context.ASSIGNMENT_VALUE, context == Context.ARGUMENT);
    }
    if (context.globs && (found & GLOB) != 0) {
      shaped = globs(shaped);
    }
    return shaped;
  }

  private static final int BRACE = 1;
  private static final int TILDE = 2;
  private static final int GLOB = 4;

  /**
   * {@return which shapes' characters the literal parts hold unescaped, as bits: one look at each
   * character of a word that is not plain}
   */
  private static int shapeCharacters(List<WordPart> parts) {
    int found = 0;
    for (int p = 0; p < parts.size(); p++) {
      if (parts.get(p) instanceof Literal literal) {
        String text = literal.text();
        for (int i = 0; i < text.length(); i++) {
          switch (text.charAt(i)) {
            case '\\' -> i++;
            case '{' -> found |= BRACE;
            case '~' -> found |= TILDE;
            case '*', '?', '[' -> found |= GLOB;
            default -> {}
          }
        }
      }
    }
    return found;
  }

  /** {@return the index of {@code c} unescaped in {@code text} from {@code from}, or -1} */
  private static int unescapedIndex(String text, char c, int from) {
    for (int i = from; i < text.length(); i++) {
      char d = text.charAt(i);
      if (d == '\\') {
        i++;
      } else if (d == c) {
        return i;
      }
    }
    return -1;
  }

  /**
   * The part of {@code literal}'s text from {@code from} to {@code to}: its value read again as
   * unquoted text is.
   */
  static Literal slice(Literal literal, int from, int to) {
    String text = literal.text().substring(from, to);
    return new Literal(text, unquotedValue(text), literal.start() + from, literal.start() + to);
  }

  /** {@code text}, unquoted, with its backslashes taken off as bash does. */
  static String unquotedValue(String text) {
    if (text.indexOf('\\') < 0) {
      return text;
    }
    StringBuilder sb = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '\\' && i + 1 < text.length()) {
        i++;
        if (text.charAt(i) != '\n') {
          sb.append(text.charAt(i));
        }
      } else {
        sb.append(c);
      }
    }
    return sb.toString();
  }

  // ---- tildes ----

  /**
   * The tildes of {@code parts}: at the start (and at the start of each item of a brace expansion
   * there), and after {@code :} (and the first {@code =} of a word shaped like an assignment) when
   * {@code assignment} or when {@code assignmentLike} and the word starts with {@code name=}.
   */
  private static List<WordPart> tildes(
      List<WordPart> parts, boolean assignment, boolean assignmentLike) {
    if (parts.isEmpty()) {
      return parts;
    }
    List<WordPart> out = new ArrayList<>(parts.size() + 2);
    WordPart first = parts.get(0);
    int equals = -1;
    if (first instanceof Literal literal && assignmentLike && !assignment) {
      String text = literal.text();
      int eq = text.indexOf('=');
      int name = 0;
      while (name < text.length() && Source.isNameChar(text.charAt(name))) {
        name++;
      }
      if (eq > 0 && name == eq && Source.isNameStart(text.charAt(0))) {
        equals = eq;
      }
    }
    boolean afterColon = assignment || equals >= 0;
    for (int p = 0; p < parts.size(); p++) {
      WordPart part = parts.get(p);
      boolean last = p == parts.size() - 1;
      if (part instanceof Literal literal) {
        splitTildes(literal, p == 0, equals, afterColon, last, assignment, out);
      } else if (part instanceof BraceExpansion braces && p == 0) {
        List<WrittenWord> items = new ArrayList<>(braces.items().size());
        for (WrittenWord item : braces.items()) {
          List<WordPart> shaped = tildes(item.parts(), false, false);
          items.add(
              shaped == item.parts() ? item : new WrittenWord(shaped, item.start(), item.end()));
        }
        out.add(new BraceExpansion(items, braces.sequence(), braces.start(), braces.end()));
      } else {
        out.add(part);
      }
    }
    return out.size() == parts.size() && out.equals(parts) ? parts : out;
  }

  /**
   * Adds {@code literal} to {@code out}, its tildes parts of their own: one at its start when it
   * starts the word, one after the {@code =} at {@code equals} and after each {@code :} when {@code
   * afterColon}. A tilde's name runs to a {@code /} (or {@code :} in an assignment); one that runs
   * into a quoted part is no tilde.
   */
  private static void splitTildes(
      Literal literal,
      boolean wordStart,
      int equals,
      boolean afterColon,
      boolean last,
      boolean assignment,
      List<WordPart> out) {
    String text = literal.text();
    int from = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '\\') {
        i++;
        continue;
      }
      if (c != '~') {
        continue;
      }
      boolean starts =
          i == 0 && wordStart
              || i > 0 && i - 1 == equals
              || i > 0
                  && afterColon
                  && text.charAt(i - 1) == ':'
                  && (i < 2 || text.charAt(i - 2) != '\\');
      if (!starts) {
        continue;
      }
      int end = i + 1;
      while (end < text.length()
          && text.charAt(end) != '/'
          && !(text.charAt(end) == ':' && (assignment || equals >= 0))
          && text.charAt(end) != '\\') {
        end++;
      }
      if (end == text.length() && !last || end < text.length() && text.charAt(end) == '\\') {
        continue; // the name goes on into quoted text: bash leaves the tilde as it is
      }
      if (i > from) {
        out.add(slice(literal, from, i));
      }
      out.add(new Tilde(text.substring(i + 1, end), literal.start() + i, literal.start() + end));
      from = end;
      i = end - 1;
    }
    if (from == 0) {
      out.add(literal);
    } else if (from < text.length()) {
      out.add(slice(literal, from, text.length()));
    }
  }

  // ---- globs ----

  /** The pattern characters of {@code parts}' literal text, and of their brace items'. */
  private static List<WordPart> globs(List<WordPart> parts) {
    // Of each part: whether a literal after it has an unescaped ], found from the end once.
    boolean[] closesLater = new boolean[parts.size()];
    for (int p = parts.size() - 2; p >= 0; p--) {
      closesLater[p] =
          closesLater[p + 1]
              || parts.get(p + 1) instanceof Literal next
                  && unescapedIndex(next.text(), ']', 0) >= 0;
    }
    List<WordPart> out = null;
    for (int p = 0; p < parts.size(); p++) {
      WordPart part = parts.get(p);
      List<WordPart> replaced = null;
      if (part instanceof Literal literal) {
        replaced = splitGlobs(literal, closesLater[p]);
      } else if (part instanceof BraceExpansion braces && !braces.sequence()) {
        List<WrittenWord> items = new ArrayList<>(braces.items().size());
        boolean changed = false;
        for (WrittenWord item : braces.items()) {
          List<WordPart> shaped = globs(item.parts());
          changed |= shaped != item.parts();
          items.add(
              shaped == item.parts() ? item : new WrittenWord(shaped, item.start(), item.end()));
        }
        if (changed) {
          replaced = List.of(new BraceExpansion(items, false, braces.start(), braces.end()));
        }
      }
      if (replaced != null && out == null) {
        out = new ArrayList<>(parts.subList(0, p));
      }
      if (out != null) {
        if (replaced != null) {
          out.addAll(replaced);
        } else {
          out.add(part);
        }
      }
    }
    return out == null ? parts : out;
  }

  /**
   * {@code literal} split at its pattern characters, or null when it has none. A {@code [} whose
   * bracket expression does not close in it is a pattern character when {@code closesLater}.
   */
  private static List<WordPart> splitGlobs(Literal literal, boolean closesLater) {
    String text = literal.text();
    List<WordPart> out = null;
    int from = 0;
    // Past the last ], no bracket closes: a long run of [ is not looked through once per [.
    int lastClose = text.lastIndexOf(']');
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '\\') {
        i++;
        continue;
      }
      int end;
      if (c == '*' || c == '?') {
        end = i + 1;
      } else if (c == '[') {
        end = i < lastClose ? bracketEnd(text, i) : -1;
        if (end < 0 && !closesLater) {
          continue;
        }
        end = end < 0 ? i + 1 : end;
      } else {
        continue;
      }
      if (out == null) {
        out = new ArrayList<>(4);
      }
      if (i > from) {
        out.add(slice(literal, from, i));
      }
      out.add(new GlobPattern(text.substring(i, end), literal.start() + i, literal.start() + end));
      from = end;
      i = end - 1;
    }
    if (out != null && from < text.length()) {
      out.add(slice(literal, from, text.length()));
    }
    return out;
  }

  /**
   * {@return the end (after the {@code ]}) of the bracket expression at {@code open}, or -1 when it
   * does not close: a {@code ]} first (after {@code !} or {@code ^}) is a member, as is a class
   * {@code [:name:]}}
   */
  private static int bracketEnd(String text, int open) {
    int i = open + 1;
    if (i < text.length() && (text.charAt(i) == '!' || text.charAt(i) == '^')) {
      i++;
    }
    if (i < text.length() && text.charAt(i) == ']') {
      i++;
    }
    // Where the next class ends, looked for again only once passed: one search per class, and
    // none after a search found none.
    int classEnd = 0;
    for (; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '\\') {
        i++;
      } else if (c == '[' && i + 1 < text.length() && text.charAt(i + 1) == ':') {
        if (classEnd >= 0 && classEnd < i + 2) {
          classEnd = text.indexOf(":]", i + 2);
        }
        if (classEnd >= 0) {
          i = classEnd + 1;
        }
      } else if (c == ']') {
        return i + 1;
      }
    }
    return -1;
  }

  // ---- braces ----

  /**
   * Finds a word's brace expansions, as bash does: a <code>{</code> whose matching <code>}</code>
   * has an unquoted comma between them at its level, or a sequence <code>{x..y[..step]}</code>, is
   * one; a brace with neither is text, and the search goes on inside it. The word is looked at as a
   * row of elements: each character of its literal parts, and each other part whole.
   */
  private static final class Braces {
    private final List<WordPart> parts;
    private final int depth;
    private final Source in;

    /** Of each element: the part it belongs to. */
    private final int[] part;

    /** Of each element: its index in its literal's text, or -1 for a whole part. */
    private final int[] index;

    /** Of each element: its character when unescaped and literal, else 0. */
    private final char[] bare;

    /** Of each unescaped opening brace: the element of its closing brace, or -1. */
    private final int[] match;

    /**
     * Of each unescaped opening brace: its first comma at its own level; of each such comma, the
     * next; -1 at the end.
     */
    private final int[] comma;

    private final int size;

    Braces(List<WordPart> parts, int depth, Source in) {
      this.parts = parts;
      this.depth = depth;
      this.in = in;
      int count = 0;
      for (WordPart p : parts) {
        count += p instanceof Literal literal ? literal.text().length() : 1;
      }
      part = new int[count];
      index = new int[count];
      bare = new char[count];
      int e = 0;
      for (int p = 0; p < parts.size(); p++) {
        if (parts.get(p) instanceof Literal literal) {
          String text = literal.text();
          for (int i = 0; i < text.length(); i++, e++) {
            part[e] = p;
            index[e] = i;
            char c = text.charAt(i);
            if (c == '\\' && i + 1 < text.length()) {
              // The backslash and the character it quotes: neither is a brace, comma or dot.
              e++;
              i++;
              part[e] = p;
              index[e] = i;
              continue;
            }
            bare[e] = c;
          }
        } else {
          part[e] = p;
          index[e] = -1;
          e++;
        }
      }
      size = count;
      // Each brace's match and its commas in one pass, with a stack of the braces open: the
      // search for a close is linear however many braces never close.
      match = new int[count];
      comma = new int[count];
      Arrays.fill(match, -1);
      Arrays.fill(comma, -1);
      int[] open = new int[count];
      int[] lastComma = new int[count];
      int top = 0;
      for (int i = 0; i < count; i++) {
        char c = bare[i];
        if (c == '{') {
          open[top] = i;
          lastComma[top] = i;
          top++;
        } else if (c == '}' && top > 0) {
          match[open[--top]] = i;
        } else if (c == ',' && top > 0) {
          comma[lastComma[top - 1]] = i;
          lastComma[top - 1] = i;
        }
      }
    }

    List<WordPart> expand() throws ShellParseException {
      return expand(0, size, depth);
    }

    /** The parts of the elements from {@code from} to {@code to}, their brace expansions found. */
    private List<WordPart> expand(int from, int to, int level) throws ShellParseException {
      List<WordPart> out = new ArrayList<>();
      int text = from;
      for (int i = from; i < to; i++) {
        if (bare[i] != '{' || match[i] < 0 || match[i] >= to) {
          continue;
        }
        int close = match[i];
        boolean list = comma[i] >= 0;
        boolean sequence = !list && isSequence(i + 1, close);
        if (!list && !sequence) {
          // No comma and no sequence: text, and the search goes on inside it.
          continue;
        }
        in.limits.depth(level + 1, offset(i), "a brace expansion", in.where);
        addParts(text, i, out);
        List<WrittenWord> items = new ArrayList<>();
        if (sequence) {
          items = sequenceItems(i + 1, close);
        } else {
          int itemStart = i + 1;
          for (int c = comma[i]; ; c = comma[c]) {
            int itemEnd = c >= 0 ? c : close;
            List<WordPart> itemParts = expand(itemStart, itemEnd, level + 1);
            items.add(new WrittenWord(itemParts, offset(itemStart), offset(itemEnd)));
            if (c < 0) {
              break;
            }
            itemStart = itemEnd + 1;
          }
        }
        out.add(new BraceExpansion(items, sequence, offset(i), offset(close) + 1));
        text = close + 1;
        i = close;
      }
      addParts(text, to, out);
      return out;
    }

    /** The longest sequence looked at: bash's are short, and a long brace is no sequence. */
    private static final int MAX_SEQUENCE = 64;

    /** Whether the elements from {@code from} to {@code to} are {@code x..y} or {@code x..y..n}. */
    private boolean isSequence(int from, int to) {
      if (to - from > MAX_SEQUENCE) {
        return false;
      }
      for (int i = from; i < to; i++) {
        if (bare[i] == 0) {
          return false;
        }
      }
      String[] ends = sequenceText(from, to).split("\\.\\.", -1);
      if (ends.length < 2 || ends.length > 3) {
        return false;
      }
      boolean numbers = isInteger(ends[0]) && isInteger(ends[1]);
      boolean letters = isLetter(ends[0]) && isLetter(ends[1]);
      return (numbers || letters) && (ends.length == 2 || isInteger(ends[2]));
    }

    private String sequenceText(int from, int to) {
      StringBuilder sb = new StringBuilder(to - from);
      for (int i = from; i < to; i++) {
        sb.append(bare[i]);
      }
      return sb.toString();
    }

    /** A sequence's first value, last value and step, each a word of its text. */
    private List<WrittenWord> sequenceItems(int from, int to) {
      List<WrittenWord> items = new ArrayList<>(3);
      int start = from;
      for (int i = from; i <= to; i++) {
        boolean dots = i + 1 < to && bare[i] == '.' && bare[i + 1] == '.';
        if (i == to || dots) {
          String text = sequenceText(start, i);
          int at = offset(start);
          items.add(
              new WrittenWord(
                  List.of(new Literal(text, text, at, at + text.length())),
                  at,
                  at + text.length()));
          if (dots) {
            start = i + 2;
            i++;
          }
        }
      }
      return items;
    }

    private static boolean isInteger(String text) {
      int i = text.startsWith("-") || text.startsWith("+") ? 1 : 0;
      if (i >= text.length()) {
        return false;
      }
      for (; i < text.length(); i++) {
        if (!Source.isDigit(text.charAt(i))) {
          return false;
        }
      }
      return true;
    }

    private static boolean isLetter(String text) {
      return text.length() == 1 && Character.isLetter(text.charAt(0));
    }

    /** Adds the parts of the elements from {@code from} to {@code to}: literal slices and parts. */
    private void addParts(int from, int to, List<WordPart> out) {
      int i = from;
      while (i < to) {
        int p = part[i];
        WordPart whole = parts.get(p);
        if (index[i] < 0) {
          out.add(whole);
          i++;
          continue;
        }
        int j = i;
        while (j < to && part[j] == p) {
          j++;
        }
        Literal literal = (Literal) whole;
        int start = index[i];
        int end = index[j - 1] + 1;
        out.add(
            start == 0 && end == literal.text().length() ? literal : slice(literal, start, end));
        i = j;
      }
    }

    /** The source offset of element {@code e}, or of the word's end for {@code e == size}. */
    private int offset(int e) {
      if (e >= size) {
        return parts.get(parts.size() - 1).end();
      }
      WordPart whole = parts.get(part[e]);
      return index[e] < 0 ? whole.start() : whole.start() + index[e];
    }
  }
}
