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
  /** Literal values by name (positional parameters by number). Owned by one resolution. */
  private final Map<String, Word> values;

  /** The positional parameters from {@code $1}, for {@code $@} and {@code $*}; or null. */
  private final List<Word> positional;

  /** The longest text a substitution may make. */
  private final int maxLength;

  Variables(int maxLength) {
    this(new HashMap<>(), null, maxLength);
  }

  private Variables(Map<String, Word> values, List<Word> positional, int maxLength) {
    this.values = values;
    this.positional = positional;
    this.maxLength = maxLength;
  }

  /** A copy for a nested script, with {@code arguments} as its {@code $0 $1 …} when not null. */
  Variables nested(List<Word> arguments) {
    Map<String, Word> copy = new HashMap<>(values);
    if (arguments == null) {
      return new Variables(copy, positional, maxLength);
    }
    for (int i = 0; i < arguments.size(); i++) {
      copy.put(String.valueOf(i), arguments.get(i));
    }
    return new Variables(
        copy, arguments.isEmpty() ? List.of() : arguments.subList(1, arguments.size()), maxLength);
  }

  /** Records {@code name=value}; a value that is no literal word makes the variable unknown. */
  void assign(String name, Word value) {
    if (value != null && value.literal()) {
      values.put(name, value);
    } else {
      values.remove(name);
    }
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
    if (values.isEmpty()) {
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
            after > 0 && nameEnd > nameStart
                ? values.get(text.substring(nameStart, nameEnd))
                : null;
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
