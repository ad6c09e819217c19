package io.github.providergateway.guard.shell.programs;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What a line of {@code cmd.exe}'s code runs (decision 140), read as the shell's commands: its
 * statements split at {@code &}, {@code &&}, {@code ||}, {@code |} and its blocks' parentheses;
 * {@code ^} escapes taken off; {@code set}'s values put in for {@code %NAME%} and {@code !NAME!}
 * (the worse reading of {@code call}'s second expansion: the value set earlier on the line); {@code
 * if}'s and {@code for}'s conditions taken off; {@code call} and {@code start} as the program they
 * run; {@code rd}, {@code rmdir}, {@code del} and {@code erase} as {@code rm}, {@code type} as
 * {@code cat}, {@code move} and {@code ren} as {@code mv}. Windows paths keep their backslashes,
 * and the profile's variables ({@code %USERPROFILE%}) stay as written: the file rules read both as
 * this machine's places. A program whose name is computed is code that runs what it builds.
 */
final class CmdCode {
  private CmdCode() {}

  /** The variables Windows sets for the profile, kept as written for the file rules to read. */
  private static final Set<String> PROFILE =
      NameSet.of("USERPROFILE", "APPDATA", "LOCALAPPDATA", "ONEDRIVE", "HOMEDRIVE", "HOMEPATH");

  /** Statements that run nothing. */
  private static final Set<String> QUIET =
      NameSet.of("rem", "setlocal", "endlocal", "else", "goto", "exit", "pause", "title", "color");

  static void extract(String code, List<ForeignRun> found) {
    Map<String, String> set = new HashMap<>();
    StringBuilder shell = new StringBuilder();
    for (String statement : statements(code)) {
      List<String> words = words(statement);
      words = bare(words, set);
      if (words == null) {
        found.add(ForeignRun.opaque("cmd code that runs what it builds"));
        return;
      }
      if (words.isEmpty()) {
        continue;
      }
      shell.append(shell.length() == 0 ? "" : " ; ").append(shellText(words));
    }
    if (shell.length() > 0) {
      found.add(ForeignRun.shell(shell.toString()));
    }
  }

  /** The statements, split at cmd's separators outside double quotes, its escapes taken off. */
  static List<String> statements(String code) {
    List<String> out = new ArrayList<>();
    StringBuilder now = new StringBuilder();
    boolean quoted = false;
    for (int i = 0; i < code.length(); i++) {
      char c = code.charAt(i);
      if (c == '^' && !quoted && i + 1 < code.length()) {
        now.append(code.charAt(++i));
      } else if (c == '"') {
        quoted = !quoted;
        now.append(c);
      } else if (!quoted && (c == '&' || c == '|' || c == '(' || c == ')' || c == '\n')) {
        if (c == '|' && now.length() > 0 && now.charAt(now.length() - 1) == '>') {
          now.append(c); // >| is no separator
          continue;
        }
        out.add(now.toString());
        now.setLength(0);
      } else {
        now.append(c);
      }
    }
    out.add(now.toString());
    out.removeIf(String::isBlank);
    return out;
  }

  /** A statement's words, split at spaces outside double quotes, the quotes taken off. */
  static List<String> words(String statement) {
    List<String> out = new ArrayList<>();
    StringBuilder now = new StringBuilder();
    boolean quoted = false;
    boolean any = false;
    for (int i = 0; i < statement.length(); i++) {
      char c = statement.charAt(i);
      if (c == '"') {
        quoted = !quoted;
        any = true;
      } else if (!quoted && (c == ' ' || c == '\t' || c == '\r' || c == ',' || c == ';')) {
        if (any || now.length() > 0) {
          out.add(now.toString());
        }
        now.setLength(0);
        any = false;
      } else {
        now.append(c);
      }
    }
    if (any || now.length() > 0) {
      out.add(now.toString());
    }
    return out;
  }

  /**
   * The statement as the program it runs and its words, the variables put in: empty for a statement
   * that runs nothing ({@code set}, {@code rem}, an {@code if}'s condition alone), null for a
   * program whose name is computed.
   */
  private static List<String> bare(List<String> words, Map<String, String> set) {
    List<String> w = new ArrayList<>(words);
    while (!w.isEmpty()) {
      String first = w.get(0).startsWith("@") ? w.get(0).substring(1) : w.get(0);
      String lower = first.toLowerCase(Locale.ROOT);
      if (first.isEmpty() || QUIET.contains(lower) || lower.startsWith("::")) {
        return List.of();
      } else if (lower.equals("set")) {
        assign(w, set);
        return List.of();
      } else if (lower.equals("if")) {
        w = afterCondition(w);
      } else if (lower.equals("for")) {
        int at = indexOfIgnoringCase(w, "do");
        w = at < 0 ? List.of() : new ArrayList<>(w.subList(at + 1, w.size()));
      } else if (lower.equals("call") || lower.equals("do")) {
        w = new ArrayList<>(w.subList(1, w.size()));
      } else if (lower.equals("start")) {
        w = afterStart(w);
      } else {
        break;
      }
    }
    if (w.isEmpty()) {
      return List.of();
    }
    List<String> out = new ArrayList<>(w.size());
    for (String word : w) {
      out.add(expanded(word, set));
    }
    String program = out.get(0);
    if (program.isEmpty()
        || program.indexOf('%') >= 0
        || program.indexOf('!') >= 0
        || program.indexOf('$') >= 0) {
      return null;
    }
    return builtin(out);
  }

  private static void assign(List<String> w, Map<String, String> set) {
    if (w.size() < 2 || w.get(1).startsWith("/")) {
      return; // set /a arithmetic, set /p a prompt: values the guard does not know
    }
    String rest = String.join(" ", w.subList(1, w.size()));
    int eq = rest.indexOf('=');
    if (eq > 0) {
      set.put(rest.substring(0, eq).strip().toUpperCase(Locale.ROOT), rest.substring(eq + 1));
    }
  }

  /** {@code if [/i] [not] exist X …}, {@code if errorlevel N …}, {@code if a==b …}: the command. */
  private static List<String> afterCondition(List<String> w) {
    int i = 1;
    while (i < w.size() && (w.get(i).equalsIgnoreCase("/i") || w.get(i).equalsIgnoreCase("not"))) {
      i++;
    }
    if (i < w.size()) {
      String kind = w.get(i).toLowerCase(Locale.ROOT);
      if (kind.equals("exist")
          || kind.equals("errorlevel")
          || kind.equals("defined")
          || kind.equals("cmdextversion")) {
        i += 2;
      } else if (w.get(i).contains("==")) {
        i += w.get(i).endsWith("==") ? 2 : 1;
      } else if (i + 1 < w.size() && w.get(i + 1).matches("(?i)==|equ|neq|lss|leq|gtr|geq")) {
        i += 3;
      } else {
        i++;
      }
    }
    return i < w.size() ? new ArrayList<>(w.subList(i, w.size())) : List.of();
  }

  /** {@code start ["title"] [/b /wait /min /d path …] program …}: the program and its words. */
  private static List<String> afterStart(List<String> w) {
    int i = 1;
    while (i < w.size() && w.get(i).startsWith("/")) {
      i += w.get(i).equalsIgnoreCase("/d") ? 2 : 1;
    }
    return i < w.size() ? new ArrayList<>(w.subList(i, w.size())) : List.of();
  }

  private static int indexOfIgnoringCase(List<String> w, String word) {
    for (int i = 0; i < w.size(); i++) {
      if (w.get(i).equalsIgnoreCase(word)) {
        return i;
      }
    }
    return -1;
  }

  /** A word with the variables put in: set's values, the profile's kept, others the shell's. */
  private static String expanded(String word, Map<String, String> set) {
    if (word.length() > 2
        && word.charAt(1) == ':'
        && Character.isLetter(word.charAt(0))
        && word.charAt(2) != '\\'
        && word.charAt(2) != '/') {
      // C:Windows: a path on the drive's current folder, which may be its root; read as C:\Windows.
      return expanded(word.substring(0, 2) + "\\" + word.substring(2), set);
    }
    if (word.indexOf('%') < 0 && word.indexOf('!') < 0) {
      return word;
    }
    StringBuilder out = new StringBuilder();
    int i = 0;
    while (i < word.length()) {
      char c = word.charAt(i);
      int end = c == '%' || c == '!' ? word.indexOf(c, i + 1) : -1;
      if (end > i + 1) {
        String name = word.substring(i + 1, end);
        String upper = name.toUpperCase(Locale.ROOT);
        if (set.containsKey(upper)) {
          out.append(set.get(upper));
        } else if (PROFILE.contains(upper) && c == '%') {
          out.append(word, i, end + 1);
        } else {
          out.append("${").append(name.replaceAll("[^A-Za-z0-9_]", "_")).append('}');
        }
        i = end + 1;
      } else if (c == '%' && i + 1 < word.length()) {
        // %i and %%i, a for loop's variable; %1 and %~dp0, a batch file's arguments
        int at = word.charAt(i + 1) == '%' ? i + 2 : i + 1;
        int stop = at;
        while (stop < word.length()
            && (Character.isLetterOrDigit(word.charAt(stop)) || word.charAt(stop) == '~')) {
          stop++;
        }
        out.append("${_").append(word.substring(at, stop).replace('~', '_')).append('}');
        i = Math.max(stop, i + 1);
      } else {
        out.append(c);
        i++;
      }
    }
    return out.toString();
  }

  /** cmd's own commands as the shell's programs that do the same. */
  private static List<String> builtin(List<String> w) {
    String program = w.get(0).toLowerCase(Locale.ROOT);
    List<String> out = new ArrayList<>();
    switch (program) {
      case "rd", "rmdir", "del", "erase" -> {
        boolean tree = false;
        List<String> operands = new ArrayList<>();
        for (String word : w.subList(1, w.size())) {
          if (word.startsWith("/") && word.length() <= 3) {
            tree |= word.equalsIgnoreCase("/s");
          } else {
            operands.add(word);
          }
        }
        out.add("rm");
        out.add(tree ? "-rf" : "-f");
        out.addAll(operands);
      }
      case "type" -> {
        out.add("cat");
        out.addAll(w.subList(1, w.size()));
      }
      case "move", "ren", "rename" -> {
        out.add("mv");
        w.subList(1, w.size()).stream().filter(x -> !x.startsWith("/")).forEach(out::add);
      }
      default -> out.addAll(w);
    }
    return out;
  }

  /** The words as one shell command: each quoted, but the shell's variables and redirections. */
  private static String shellText(List<String> words) {
    StringBuilder out = new StringBuilder();
    for (String word : words) {
      out.append(out.length() == 0 ? "" : " ");
      if (word.matches("[0-9]?>>?|<|2>&1")) {
        out.append(word);
      } else if (word.contains("${")) {
        out.append('"').append(word.replace("\\", "\\\\").replace("\"", "\\\"")).append('"');
      } else {
        out.append('\'').append(word.replace("'", "'\\''")).append('\'');
      }
    }
    return out.toString();
  }
}
