package io.github.providergateway.guard.shell.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The variables a script has given a literal value so far ({@code x=rm}, {@code export X=/}), and a
 * shell's positional parameters ({@code sh -c '"$0" -rf "$1"' rm /}), so that {@code $x -rf /} can
 * also be read as {@code rm -rf /}. A best-effort reading in the order the commands are written: a
 * branch not taken, a loop, a {@code read} or an assignment in a subshell are not followed.
 */
final class Variables {
  /** Marks a variable the script made unknown, hiding the outer script's value. */
  private static final Word UNKNOWN = new Word("", false);

  /** The variables of the script this one is nested in, or null: read, never written. */
  private final Variables outer;

  /**
   * Values assigned in this script, by name (positional parameters by number), {@link #UNKNOWN} for
   * one made unknown. Owned by one resolution.
   */
  private final Map<String, Word> values;

  /** The positional parameters from {@code $1}, for {@code $@} and {@code $*}; or null. */
  private final List<Word> positional;

  /** The longest text a substitution may make. */
  private final int maxLength;

  Variables(int maxLength) {
    this(null, null, maxLength);
  }

  private Variables(Variables outer, List<Word> positional, int maxLength) {
    this.outer = outer;
    this.values = new HashMap<>();
    this.positional = positional;
    this.maxLength = maxLength;
  }

  /**
   * The variables of a script nested in this one, which sees this one's (no copy: nesting is
   * bounded, so a look-up walks at most that many levels), with {@code arguments} as its {@code $0
   * $1 …} when not null.
   */
  Variables nested(List<Word> arguments) {
    if (arguments == null) {
      return new Variables(this, positional, maxLength);
    }
    Variables inner =
        new Variables(
            this,
            arguments.isEmpty() ? List.of() : arguments.subList(1, arguments.size()),
            maxLength);
    for (int i = 0; i < arguments.size() && i < 10; i++) {
      inner.values.put(String.valueOf(i), arguments.get(i));
    }
    return inner;
  }

  /** Records {@code name=value}; a value that is no literal word makes the variable unknown. */
  void assign(String name, Word value) {
    values.put(name, value != null && value.literal() ? value : UNKNOWN);
  }

  /** The literal value of {@code name}, or null when it is not known. */
  private Word get(String name) {
    for (Variables v = this; v != null; v = v.outer) {
      Word value = v.values.get(name);
      if (value != null) {
        return value == UNKNOWN ? null : value;
      }
    }
    return null;
  }

  private boolean isEmpty() {
    for (Variables v = this; v != null; v = v.outer) {
      if (!v.values.isEmpty()) {
        return false;
      }
    }
    return true;
  }

  /** Records the {@code NAME=value} arguments of {@code export}, {@code declare} and their kind. */
  void declare(List<Word> words) {
    for (int i = 1; i < words.size(); i++) {
      Word w = words.get(i);
      String t = w.text();
      int eq = t.indexOf('=');
      if (eq > 0 && isName(t, 0, eq)) {
        assign(t.substring(0, eq), w.literal() ? Word.literal(t.substring(eq + 1)) : null);
      }
    }
  }

  /**
   * {@code words} with the known variables' values put in, or null when none is there. A word whose
   * text then holds no {@code $}, backquote, glob or leading tilde is literal.
   */
  List<Word> substitute(List<Word> words) {
    if (isEmpty()) {
      return null;
    }
    List<Word> out = new ArrayList<>(words.size());
    boolean changed = false;
    int length = 0;
    for (Word w : words) {
      if (w.literal()) {
        out.add(w);
        continue;
      }
      String t = w.text();
      if (positional != null && (t.equals("$@") || t.equals("$*") || t.equals("${@}"))) {
        out.addAll(positional);
        changed = true;
        continue;
      }
      String replaced = replace(t);
      if (replaced == null) {
        out.add(w);
        continue;
      }
      length += replaced.length();
      if (length > maxLength) {
        return null;
      }
      changed = true;
      if (out.isEmpty()) {
        // The program's word, $cmd as people write it, unquoted: split as bash splits it.
        int from = 0;
        for (int k = 0; k <= replaced.length(); k++) {
          if (k == replaced.length() || " \t\n".indexOf(replaced.charAt(k)) >= 0) {
            if (k > from) {
              String part = replaced.substring(from, k);
              out.add(new Word(part, isPlain(part)));
            }
            from = k + 1;
          }
        }
      } else {
        out.add(new Word(replaced, isPlain(replaced)));
      }
    }
    return changed ? out : null;
  }

  /** {@code text} with its known {@code $NAME} and {@code ${NAME}}s replaced, or null if none. */
  private String replace(String text) {
    StringBuilder sb = new StringBuilder();
    boolean any = false;
    int i = 0;
    while (i < text.length()) {
      char c = text.charAt(i);
      if (c == '$' && i + 1 < text.length()) {
        int nameStart;
        int nameEnd;
        int after;
        if (text.charAt(i + 1) == '{') {
          nameStart = i + 2;
          nameEnd = nameStart;
          while (nameEnd < text.length() && isNameChar(text.charAt(nameEnd))) {
            nameEnd++;
          }
          after = nameEnd < text.length() && text.charAt(nameEnd) == '}' ? nameEnd + 1 : -1;
        } else if (Character.isDigit(text.charAt(i + 1))) {
          nameStart = i + 1;
          nameEnd = i + 2;
          after = nameEnd;
        } else {
          nameStart = i + 1;
          nameEnd = nameStart;
          while (nameEnd < text.length() && isNameChar(text.charAt(nameEnd))) {
            nameEnd++;
          }
          after = nameEnd;
        }
        Word value =
            after > 0 && nameEnd > nameStart ? get(text.substring(nameStart, nameEnd)) : null;
        if (value != null) {
          sb.append(value.text());
          any = true;
          i = after;
          continue;
        }
      }
      sb.append(c);
      i++;
    }
    return any ? sb.toString() : null;
  }

  private static boolean isPlain(String text) {
    if (text.startsWith("~")) {
      return false;
    }
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '$' || c == '`' || c == '*' || c == '?' || c == '[') {
        return false;
      }
    }
    return true;
  }

  private static boolean isName(String t, int from, int to) {
    if (to <= from || !ScriptReader.isNameStart(t.charAt(from))) {
      return false;
    }
    for (int k = from + 1; k < to; k++) {
      if (!ScriptReader.isNameChar(t.charAt(k))) {
        return false;
      }
    }
    return true;
  }

  private static boolean isNameChar(char c) {
    return ScriptReader.isNameChar(c);
  }
}
