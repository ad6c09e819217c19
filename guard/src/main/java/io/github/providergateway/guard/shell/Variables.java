package io.github.providergateway.guard.shell;

import io.github.providergateway.guard.shell.syntax.SyntaxParser;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The variables a script has given a literal value so far ({@code x=rm}, {@code export X=/}), and a
 * shell's positional parameters ({@code sh -c '"$0" -rf "$1"' rm /}), so that {@code $x -rf /} can
 * also be read as {@code rm -rf /}. A reading in the order the commands are written; an assignment
 * that may not hold after its command (in a branch, a loop, a function's body, a subshell, a
 * pipeline, a substitution, the background, or a script bash runs in the same shell) adds a value
 * the variable may have rather than replacing the one it had: a word is then read with each ({@link
 * #substitute(List, int)}), never with only the last one assigned.
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

  /**
   * The other values a variable of {@link #values} may have (after {@code x=rm; (x=ls)}: {@code
   * ls}), by name; most scripts have none.
   */
  private final Map<String, List<Word>> others = new HashMap<>();

  /** The variables declared {@code -l} or {@code -u}: bash stores their values so cased. */
  private final Map<String, Character> cases = new HashMap<>();

  /** The namerefs declared ({@code declare -n r=x}): an assignment to one assigns the other. */
  private final Map<String, String> references = new HashMap<>();

  /** The most values a variable is read with. */
  static final int MAX_VALUES = 4;

  /** The positional parameters from {@code $1}, for {@code $@} and {@code $*}; or null. */
  private final List<Word> positional;

  /** The longest text a substitution may make. */
  private final int maxLength;

  /**
   * Whether the last {@link #substitute} put in a default or alternative word for a variable the
   * script did not set: one reading of the command, not the command as it runs.
   */
  private boolean guessed;

  /** Which value each variable of several values takes in the current substitution. */
  private final ValueReadings readings = new ValueReadings();

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

  /** {@return whether the last substitution put in a word for a variable the script did not set} */
  boolean guessed() {
    return guessed;
  }

  /**
   * Records {@code name=value}; a value that is no literal word makes the variable unknown, but for
   * a path from the home ({@code f=~/.ssh/id_rsa}, {@code d=$HOME/x}): kept as written, so that a
   * later {@code cat $f} or {@code > $f} resolves to it as the literal path would.
   */
  void assign(String name, Word value) {
    String target = reference(name);
    if (target != null) {
      assign(target, value);
    }
    Word stored = stored(name, value);
    values.put(name, stored);
    others.remove(name);
  }

  /**
   * Records {@code name=value} where it may not hold after its command: the variable keeps the
   * values it may have had and may have this one too; a value that is not known adds nothing to
   * values that are (the guard reads the known ones), and is kept where none is known.
   */
  void assignMaybe(String name, Word value) {
    String target = reference(name);
    if (target != null) {
      assignMaybe(target, value);
    }
    Word stored = stored(name, value);
    List<Word> before = possible(name);
    if (before.isEmpty()) {
      values.put(name, stored);
      others.remove(name);
      return;
    }
    List<Word> all = new ArrayList<>(before);
    if (stored != UNKNOWN && !all.contains(stored) && all.size() < MAX_VALUES) {
      all.add(stored);
    }
    values.put(name, all.get(0));
    if (all.size() > 1) {
      others.put(name, List.copyOf(all.subList(1, all.size())));
    } else {
      others.remove(name);
    }
  }

  /**
   * Takes into this script the variables {@code inner} assigned, a script bash ran in this shell
   * ({@code eval x=rm}, a function's call, a sourced file): each of their values becomes one this
   * variable may have; positional parameters stay {@code inner}'s.
   */
  void takeMaybe(Variables inner) {
    for (Map.Entry<String, Word> e : inner.values.entrySet()) {
      String name = e.getKey();
      if (name.isEmpty() || Character.isDigit(name.charAt(0))) {
        continue;
      }
      if (e.getValue() == UNKNOWN) {
        assignMaybe(name, null);
        continue;
      }
      assignMaybe(name, e.getValue());
      for (Word other : inner.others.getOrDefault(name, List.of())) {
        assignMaybe(name, other);
      }
    }
  }

  /** Makes {@code name} unknown ({@code read name}, {@code mapfile name}). */
  void forget(String name) {
    assign(name, null);
  }

  /** The known values {@code name} may have, the one it had first; empty when none is known. */
  private List<Word> possible(String name) {
    for (Variables v = this; v != null; v = v.outer) {
      Word value = v.values.get(name);
      if (value != null) {
        if (value == UNKNOWN) {
          return List.of();
        }
        List<Word> more = v.others.get(name);
        if (more == null) {
          return List.of(value);
        }
        List<Word> all = new ArrayList<>(1 + more.size());
        all.add(value);
        all.addAll(more);
        return all;
      }
    }
    return List.of();
  }

  /** The variable {@code name} is a nameref of, or null. */
  private String reference(String name) {
    for (Variables v = this; v != null; v = v.outer) {
      String target = v.references.get(name);
      if (target != null) {
        return target.equals(name) ? null : target;
      }
    }
    return null;
  }

  /** The case attribute ({@code l} or {@code u}) of {@code name}, or null. */
  private Character caseOf(String name) {
    for (Variables v = this; v != null; v = v.outer) {
      Character c = v.cases.get(name);
      if (c != null) {
        return c;
      }
    }
    return null;
  }

  /** The word {@link #values} keeps for {@code name=value}: the value, or {@link #UNKNOWN}. */
  private Word stored(String name, Word value) {
    Character cased = caseOf(name);
    if (cased != null && value != null) {
      if (!value.literal()) {
        return UNKNOWN; // cased as it is assigned: not known before it is
      }
      String t = value.text();
      value = Word.literal(cased == 'l' ? t.toLowerCase(Locale.ROOT) : t.toUpperCase(Locale.ROOT));
    }
    if (value != null && !value.literal() && !isHomePath(value.text())) {
      Word fields = fieldsOfKnown(value.text());
      if (fields != null) {
        return fields;
      }
    }
    return value != null && (value.literal() || isHomePath(value.text())) ? value : UNKNOWN;
  }

  /**
   * A value whose every field is literal or a path from the home once the default {@code $IFS} is
   * put in ({@code c=rm${IFS}-rf${IFS}$HOME/.aws}, {@code x="rm -rf $HOME/.ssh"}): kept as written
   * with its blanks, so that {@code $c} is split into the command it runs; null for any other.
   */
  private Word fieldsOfKnown(String text) {
    if (text.length() > maxLength || text.indexOf('`') >= 0 || text.indexOf("$(") >= 0) {
      return null;
    }
    String t = text;
    if (get("IFS") == null) {
      t = t.replace("${IFS}", " ").replace("$IFS", " ");
    }
    if (t.indexOf(' ') < 0) {
      return null;
    }
    for (String field : t.split(" ")) {
      if (!field.isEmpty() && !isPlain(field) && !isHomePath(field)) {
        return null;
      }
    }
    return new Word(t, false);
  }

  /**
   * Whether {@code text} is a path from the home with no other expansion: {@code ~}, {@code ~/…},
   * {@code $HOME}, {@code ${HOME}/…}. The places resolve these as the home.
   */
  static boolean isHomePath(String text) {
    String rest;
    if (text.equals("~") || text.startsWith("~/")) {
      rest = text.substring(1);
    } else if (text.startsWith("$HOME") && (text.length() == 5 || text.charAt(5) == '/')) {
      rest = text.substring(5);
    } else if (text.startsWith("${HOME}")) {
      rest = text.substring(7);
    } else {
      return false;
    }
    return (rest.isEmpty() || rest.startsWith("/"))
        && rest.indexOf('$') < 0
        && rest.indexOf('`') < 0;
  }

  /**
   * {@code word} with the known variables' values put in, or {@code null} when it has none: for a
   * redirection's target, which the command's second reading does not carry.
   */
  Word substituteWord(Word word) {
    if (word.literal() || isEmpty()) {
      return null;
    }
    readings.first();
    String replaced = replace(word.text());
    if (replaced == null || replaced.length() > maxLength) {
      return null;
    }
    return new Word(replaced, isPlain(replaced));
  }

  /** {@return the value the script gave {@code name}, or null when it is not known} */
  Word value(String name) {
    return get(name);
  }

  /** The literal value of {@code name}, or null when it is not known. */
  private Word get(String name) {
    for (Variables v = this; v != null; v = v.outer) {
      Word value = v.values.get(name);
      if (value != null) {
        return value == UNKNOWN ? null : value;
      }
    }
    return SHELLS.get(name);
  }

  /**
   * The value of {@code name} the current substitution reads: where it may have several, the one
   * the current reading picks ({@link ValueReadings}).
   */
  private Word picked(String name) {
    for (Variables v = this; v != null; v = v.outer) {
      Word value = v.values.get(name);
      if (value != null) {
        if (value == UNKNOWN) {
          return null;
        }
        List<Word> more = v.others.get(name);
        if (more == null) {
          return value;
        }
        int digit = readings.choose(name, 1 + more.size());
        return digit == 0 ? value : more.get(digit - 1);
      }
    }
    return SHELLS.get(name);
  }

  /** {@return how many readings the last substitution has ({@link ValueReadings}), at least 1} */
  int widest() {
    return readings.count();
  }

  /** {@return whether the last substitution has more readings than {@link ValueReadings#MOST}} */
  boolean tooManyReadings() {
    return readings.tooMany();
  }

  /**
   * The variables every shell has that name a shell, read by their meaning where the script did not
   * set them: {@code curl … | "$SHELL"} pipes into a shell as {@code | sh} does, and so does {@code
   * $BASH} or a top-level {@code $0}.
   */
  private static final Map<String, Word> SHELLS =
      Map.of(
          "SHELL", Word.literal("/bin/sh"),
          "BASH", Word.literal("/bin/bash"),
          "0", Word.literal("/bin/sh"));

  /** Whether a word may name one of {@link #SHELLS}, which a script need not have set. */
  private static boolean mayNameAShell(List<Word> words) {
    for (Word w : words) {
      String t = w.text();
      if (!w.literal() && (t.contains("SHELL") || t.contains("BASH") || t.contains("$0"))) {
        return true;
      }
    }
    return false;
  }

  private boolean isEmpty() {
    for (Variables v = this; v != null; v = v.outer) {
      if (!v.values.isEmpty()) {
        return false;
      }
    }
    return true;
  }

  /**
   * Records the {@code NAME=value} arguments of {@code export}, {@code declare} and their kind, and
   * the attributes bash applies to later values: {@code -l} and {@code -u} (the value cased),
   * {@code -n} (a nameref: {@code declare -n r=x; r=rm} assigns {@code x}).
   */
  void declare(List<Word> words, boolean maybe) {
    boolean lower = false;
    boolean upper = false;
    boolean nameref = false;
    for (int i = 1; i < words.size(); i++) {
      Word w = words.get(i);
      String t = w.text();
      if (t.length() > 1 && t.charAt(0) == '-' && t.indexOf('=') < 0) {
        lower |= t.indexOf('l') > 0;
        upper |= t.indexOf('u') > 0;
        nameref |= t.indexOf('n') > 0;
        continue;
      }
      int eq = t.indexOf('=');
      String name = eq > 0 ? t.substring(0, eq) : t;
      if (!isName(name, 0, name.length())) {
        continue;
      }
      if (nameref) {
        if (eq > 0 && w.literal() && isName(t, eq + 1, t.length())) {
          references.put(name, t.substring(eq + 1));
        }
        continue;
      }
      if (lower || upper) {
        cases.put(name, lower ? 'l' : 'u');
      }
      if (eq > 0) {
        String value = t.substring(eq + 1);
        Word v =
            w.literal() ? Word.literal(value) : isHomePath(value) ? new Word(value, false) : null;
        if (maybe) {
          assignMaybe(name, v);
        } else {
          assign(name, v);
        }
      }
    }
  }

  /**
   * {@code words} with the known variables' values put in, or null when none is there. A word whose
   * text then holds no {@code $}, backquote, glob or leading tilde is literal. A default or
   * alternative value ({@code ${F:---force}}, {@code ${X+-rf}}) is put in for a variable the script
   * did not set: it may be unset (or set) where the command runs, and then bash uses that word.
   */
  List<Word> substitute(List<Word> words) {
    return substitute(words, 0);
  }

  /**
   * {@code words} with the known variables' values put in, a variable of several values ({@link
   * #assignMaybe}) with its {@code pick}th ({@link #widest} says how many readings there are).
   */
  List<Word> substitute(List<Word> words, int pick) {
    readings.start(pick);
    guessed = false;
    if (isEmpty() && !DefaultWords.anyWordHasAlternative(words) && !mayNameAShell(words)) {
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
      if (out.isEmpty() || writtenUnquoted(w)) {
        // The program's word, $cmd as people write it, or an argument written with no quote
        // (rm -rf $d): split as bash splits it.
        split(replaced, out);
      } else {
        out.add(new Word(replaced, isPlain(replaced)));
      }
    }
    return changed ? out : null;
  }

  /** Adds the fields bash splits {@code replaced} into, on {@link #fieldSeparators}. */
  private void split(String replaced, List<Word> out) {
    int from = 0;
    String separators = fieldSeparators();
    for (int k = 0; k <= replaced.length(); k++) {
      if (k == replaced.length() || separators.indexOf(replaced.charAt(k)) >= 0) {
        if (k > from) {
          String part = replaced.substring(from, k);
          out.add(new Word(part, isPlain(part)));
        }
        from = k + 1;
      }
    }
  }

  /**
   * Whether the command wrote {@code w} with no quote or backslash in it ({@code $d}, {@code
   * --x=$v}): bash splits what its expansions make into fields.
   */
  private static boolean writtenUnquoted(Word w) {
    String written = w.written();
    return written != null
        && written.indexOf('"') < 0
        && written.indexOf('\'') < 0
        && written.indexOf('\\') < 0;
  }

  /**
   * The characters bash splits an unquoted expansion on: {@code $IFS} where the script gave it a
   * value ({@code IFS=,}), and blanks as well (the guard reads the worse of the two).
   */
  private String fieldSeparators() {
    Word ifs = get("IFS");
    return ifs == null ? " \t\n" : " \t\n" + ifs.text();
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
        if (after < 0 && nameEnd > nameStart) {
          int[] alternative = DefaultWords.alternative(text, nameEnd);
          if (alternative != null) {
            Word known = picked(text.substring(nameStart, nameEnd));
            guessed |= known == null; // the environment may set it: the word is one reading
            sb.append(DefaultWords.chosen(known, text, nameEnd, alternative));
            any = true;
            i = alternative[1] + 1;
            continue;
          }
        }
        Word value =
            after > 0 && nameEnd > nameStart ? picked(text.substring(nameStart, nameEnd)) : null;
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

  /** Whether {@code text} holds no expansion, glob or leading tilde: a literal word. */
  static boolean isPlain(String text) {
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
    if (to <= from || !SyntaxParser.isNameStart(t.charAt(from))) {
      return false;
    }
    for (int k = from + 1; k < to; k++) {
      if (!SyntaxParser.isNameChar(t.charAt(k))) {
        return false;
      }
    }
    return true;
  }

  private static boolean isNameChar(char c) {
    return SyntaxParser.isNameChar(c);
  }
}
