package io.github.providergateway.guard.shell;

import io.github.providergateway.guard.shell.RawCommand.RawRedirect;
import io.github.providergateway.guard.shell.internal.NameSet;
import io.github.providergateway.guard.shell.programs.Programs;
import io.github.providergateway.guard.shell.syntax.ParseLimits;
import io.github.providergateway.guard.shell.syntax.ShellParseException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * Computes, without running anything, what a command substitution prints when it only turns literal
 * text into other text: {@code $(echo cm0gLXJmIH4= | base64 -d)} is {@code rm -rf ~}, {@code $(echo
 * '~ fr- mr' | rev)} the same, {@code $(which python3)} is {@code python3}. Text computed and then
 * run is then read as what it is (issue 60: decide from what each part does). A substitution of
 * anything else (a file, the network, a program the guard does not model) does not fold, and what
 * it feeds stays opaque.
 *
 * <p>Producers: {@code echo} (with {@code -n -e -E}), {@code printf}, {@code cat} or a transformer
 * fed a here-document or here-string, and {@code which}, {@code command -v}, {@code type -p} (which
 * print where a program is: its name is what matters). Transformers: {@code base64}, {@code base32}
 * and {@code basenc} decoding, {@code openssl base64 -d}, {@code xxd -r -p}, {@code rev}, {@code
 * tr} (sets, ranges, {@code -d}), {@code sed 's/x/y/[g]'} with literal text.
 */
final class TextFolding {
  /** The longest text a fold makes. */
  private static final int MAX_TEXT = 64 * 1024;

  /** The most words a substitution's text may hold to be folded. */
  private static final int MAX_WORDS = 512;

  private TextFolding() {}

  /**
   * {@code words} with every foldable substitution in them put in as the text it prints, or null
   * when none folds. The program's word, when folded, is split as bash splits an unquoted
   * substitution ({@code $(echo rm -rf /)} is three words); the others stay one word each.
   *
   * @param words a command's words
   * @param depth the nesting depth the command sits at
   * @return the folded words, or null
   */
  static List<Word> fold(List<Word> words, int depth) {
    List<Word> out = null;
    for (int i = 0; i < words.size(); i++) {
      Word word = words.get(i);
      String folded = word.literal() ? null : foldWord(word.text(), depth);
      if (folded == null) {
        if (out != null) {
          out.add(word);
        }
        continue;
      }
      if (out == null) {
        out = new ArrayList<>(words.subList(0, i));
      }
      boolean plain = Variables.isPlain(folded);
      if (i == 0) {
        for (String field : folded.trim().split("[ \t\n]+")) {
          if (!field.isEmpty()) {
            out.add(new Word(field, Variables.isPlain(field)));
          }
        }
      } else {
        out.add(new Word(folded, plain));
      }
    }
    return out == null || out.isEmpty() ? null : out;
  }

  /** {@code text} with each {@code $(…)} and {@code `…`} that folds put in, or null for none. */
  static String foldWord(String text, int depth) {
    if (text.indexOf("$(") < 0 && text.indexOf('`') < 0) {
      return null;
    }
    StringBuilder out = new StringBuilder();
    boolean any = false;
    long scanned = 0;
    int i = 0;
    while (i < text.length()) {
      char c = text.charAt(i);
      int end = -1;
      String inner = null;
      if (c == '$' && i + 1 < text.length() && text.charAt(i + 1) == '(') {
        end = closing(text, i + 2);
        scanned += (end < 0 ? text.length() : end) - i;
        if (scanned > 4L * text.length() + 64) {
          return null; // a word of many unclosed openings: not rescanned again and again
        }
        inner = end < 0 ? null : text.substring(i + 2, end);
        end = end < 0 ? -1 : end + 1;
      } else if (c == '`') {
        int close = text.indexOf('`', i + 1);
        if (close > 0) {
          inner = text.substring(i + 1, close);
          // A backslash inside backquotes escapes a nested one: not folded, left to the parse.
          inner = inner.indexOf('\\') >= 0 ? null : inner;
          end = close + 1;
        }
      }
      String value = inner == null || !mayFold(inner) ? null : evaluate(inner, depth);
      if (value != null) {
        out.append(value);
        any = true;
        i = end;
      } else {
        out.append(c);
        i++;
      }
      if (out.length() > MAX_TEXT) {
        return null;
      }
    }
    return any ? out.toString() : null;
  }

  /** The programs a fold can start with: a substitution of any other is not parsed again. */
  private static final java.util.Set<String> STARTS =
      NameSet.of(
          "echo",
          "printf",
          "cat",
          "which",
          "command",
          "type",
          "base64",
          "base32",
          "basenc",
          "openssl",
          "xxd",
          "rev",
          "tr",
          "sed",
          "dirname",
          "basename",
          "cd",
          "pwd",
          "realpath",
          "readlink");

  /** Whether {@code inner} starts with a program a fold can start with. */
  private static boolean mayFold(String inner) {
    int start = 0;
    while (start < inner.length() && Character.isWhitespace(inner.charAt(start))) {
      start++;
    }
    int end = start;
    while (end < inner.length() && !Character.isWhitespace(inner.charAt(end))) {
      end++;
    }
    String name = Resolver.basename(inner.substring(start, end));
    return end > start && (STARTS.contains(name) || Programs.isGeneratorName(name));
  }

  /** Where the {@code )} closing a substitution opened before {@code from} is, or -1. */
  private static int closing(String text, int from) {
    int depth = 1;
    char quote = 0;
    for (int i = from; i < text.length(); i++) {
      char c = text.charAt(i);
      if (quote != 0) {
        if (c == quote) {
          quote = 0;
        } else if (c == '\\' && quote == '"') {
          i++;
        }
      } else if (c == '\\') {
        i++;
      } else if (c == '\'' || c == '"') {
        quote = c;
      } else if (c == '(') {
        depth++;
      } else if (c == ')' && --depth == 0) {
        return i;
      }
    }
    return -1;
  }

  /**
   * What the script {@code inner} prints, trailing newlines taken off; null if it does not fold.
   */
  static String evaluate(String inner, int depth) {
    List<RawCommand> commands;
    try {
      commands =
          Lowering.read(inner, depth + 1, new ParseLimits(ShellParser.MAX_DEPTH, MAX_WORDS), "");
    } catch (ShellParseException e) {
      return null;
    }
    if (commands.isEmpty()) {
      return null;
    }
    if (commands.size() == 2
        && commands.get(1).pipedFrom == null
        && commands.get(0).words.size() == 2
        && commands.get(0).words.get(0).text().equals("cd")
        && commands.get(1).words.size() == 1
        && commands.get(1).words.get(0).text().equals("pwd")) {
      return commands.get(0).words.get(1).text(); // $(cd DIR && pwd) is DIR
    }
    // One pipeline: each command piped into the next, the last printing the result.
    for (int i = 1; i < commands.size(); i++) {
      if (commands.get(i).pipedFrom != commands.get(i - 1)) {
        return null;
      }
    }
    String text = null;
    for (int i = 0; i < commands.size(); i++) {
      RawCommand command = commands.get(i);
      if (!command.nests.isEmpty() || !command.assignments.isEmpty() || command.words.isEmpty()) {
        return null;
      }
      for (Word w : command.words) {
        if (!w.literal() && !Variables.isHomePath(w.text())) {
          return null; // ~/x and $HOME/x stay as written: the places read them as the home
        }
      }
      String input = i == 0 ? hereText(command) : text;
      text = run(command.words, input, i == 0);
      if (text == null || text.length() > MAX_TEXT) {
        return null;
      }
    }
    return stripTrailingNewlines(text);
  }

  /** The here-document or here-string a command reads, or null. */
  static String hereText(RawCommand command) {
    for (RawRedirect r : command.redirects) {
      if (r.body != null) {
        return r.operator.equals("<<<") ? r.body + "\n" : r.body;
      } else if (!r.operator.startsWith(">") && !r.operator.endsWith("&")) {
        return null;
      }
    }
    return null;
  }

  /** What one program prints given {@code input}; null when the guard does not model it. */
  private static String run(List<Word> words, String input, boolean first) {
    String program = ExeNames.plain(Resolver.basename(words.get(0).text()));
    List<String> args = new ArrayList<>(words.size());
    for (int i = 1; i < words.size(); i++) {
      args.add(words.get(i).text());
    }
    if (first) {
      String produced = produce(program, words, args, input);
      if (produced != null || input == null) {
        return produced;
      }
    }
    return input == null ? null : transform(program, args, input);
  }

  /**
   * What a program that starts a pipeline prints: text it is given, where a program is, or, for a
   * known generator of shell set-up ({@code ssh-agent -s}, {@code direnv hook bash}), the null
   * command {@code :}: what they print sets variables and defines functions, which no rule reads.
   */
  private static String produce(String program, List<Word> words, List<String> args, String input) {
    return switch (program) {
      case "echo" -> echo(args);
      case "printf" -> args.isEmpty() ? null : ShellInputs.printf(words);
      case "which", "command", "type" -> located(program, args);
      case "dirname" -> args.size() == 1 ? parentOf(args.get(0)) + "\n" : null;
      case "basename" -> args.size() == 1 ? Resolver.basename(args.get(0)) + "\n" : null;
      case "pwd" -> args.isEmpty() ? "$PWD\n" : null;
      case "realpath", "readlink" ->
          args.size() == 1 || args.size() == 2 && args.get(0).startsWith("-")
              ? args.get(args.size() - 1) + "\n"
              : null;
      default -> input == null && Programs.isGenerator(program, args) ? ":" : null;
    };
  }

  /** {@return whether {@code program} is one this folding reads as turning text into text} */
  static boolean transforms(String program) {
    return switch (program) {
      case "base64", "base32", "basenc", "openssl", "xxd", "rev", "tr", "sed" -> true;
      default -> false;
    };
  }

  /** {@return what {@code words} print of {@code input}, or null where it is not modelled} */
  static String transform(List<Word> words, String input) {
    for (Word w : words) {
      if (!w.literal()) {
        return null;
      }
    }
    List<String> args = new ArrayList<>(words.size());
    for (int i = 1; i < words.size(); i++) {
      args.add(words.get(i).text());
    }
    return transform(ExeNames.plain(Resolver.basename(words.get(0).text())), args, input);
  }

  /** What a program prints of the text piped into it. */
  private static String transform(String program, List<String> args, String input) {
    return switch (program) {
      case "cat" -> args.isEmpty() || args.equals(List.of("-")) ? input : null;
      case "base64", "base32", "basenc" -> decodes(args) ? decode(program, args, input) : null;
      case "openssl" -> {
        boolean base64 = args.contains("base64") || args.contains("-base64") || args.contains("-a");
        yield base64 && args.contains("-d") ? base64(input) : null;
      }
      case "xxd" -> reverts(args) ? hex(input) : null;
      case "rev" -> args.isEmpty() ? reverseLines(input) : null;
      case "tr" -> Programs.tr(args, input);
      case "sed" -> sed(args, input);
      default -> null;
    };
  }

  /** {@code xxd -r -p}, {@code -rp}, {@code -r -ps}: plain hex back to text. */
  private static boolean reverts(List<String> args) {
    boolean revert = false;
    boolean plain = false;
    for (String arg : args) {
      if (arg.startsWith("-") && !arg.startsWith("--")) {
        revert |= arg.indexOf('r') > 0;
        plain |= arg.indexOf('p') > 0;
      } else if (arg.equals("--revert")) {
        revert = true;
      } else if (arg.equals("--plain") || arg.equals("--ps")) {
        plain = true;
      }
    }
    return revert && plain;
  }

  static String echo(List<String> args) {
    int at = 0;
    boolean newline = true;
    boolean escapes = false;
    while (at < args.size() && args.get(at).matches("-[neE]+")) {
      newline &= args.get(at).indexOf('n') < 0;
      escapes |= args.get(at).indexOf('e') >= 0;
      at++;
    }
    String text = String.join(" ", args.subList(at, args.size()));
    boolean[] stopped = new boolean[1];
    if (escapes) {
      text = PrintfFormat.echo(text, stopped); // \c ends the output, its newline too
    }
    return newline && !stopped[0] ? text + "\n" : text;
  }

  /** What dirname prints of a path: everything before its last name. */
  private static String parentOf(String path) {
    String p =
        path.endsWith("/") && path.length() > 1 ? path.substring(0, path.length() - 1) : path;
    int slash = p.lastIndexOf('/');
    return slash < 0 ? "." : slash == 0 ? "/" : p.substring(0, slash);
  }

  /** {@code which X}, {@code command -v X}, {@code type -p X}: the program's name. */
  private static String located(String program, List<String> args) {
    List<String> names = new ArrayList<>();
    boolean asked = program.equals("which");
    for (String arg : args) {
      if (arg.startsWith("-")) {
        asked |= arg.equals("-v") || arg.equals("-p") || arg.equals("-P");
      } else {
        names.add(arg);
      }
    }
    return asked && names.size() == 1 && !names.get(0).isEmpty() ? names.get(0) + "\n" : null;
  }

  private static boolean decodes(List<String> args) {
    for (String arg : args) {
      if (arg.equals("-d")
          || arg.equals("-D")
          || arg.equals("--decode")
          || arg.startsWith("-") && !arg.startsWith("--") && arg.indexOf('d') > 0) {
        return true;
      }
    }
    return false;
  }

  private static String decode(String program, List<String> args, String input) {
    String kind = program;
    if (program.equals("basenc")) {
      kind = args.contains("--base32") ? "base32" : args.contains("--base64") ? "base64" : null;
    }
    if ("base64".equals(kind)) {
      return base64(input);
    }
    if ("base32".equals(kind)) {
      return base32(input);
    }
    return null;
  }

  private static String base64(String input) {
    try {
      return new String(Base64.getMimeDecoder().decode(input.strip()), StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  private static String base32(String input) {
    String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
    StringBuilder bits = new StringBuilder();
    for (char c : input.strip().toCharArray()) {
      if (c == '=' || c == '\n') {
        continue;
      }
      int v = alphabet.indexOf(Character.toUpperCase(c));
      if (v < 0) {
        return null;
      }
      String b = Integer.toBinaryString(v);
      bits.append("0".repeat(5 - b.length())).append(b);
    }
    byte[] out = new byte[bits.length() / 8];
    for (int i = 0; i < out.length; i++) {
      out[i] = (byte) Integer.parseInt(bits.substring(i * 8, i * 8 + 8), 2);
    }
    return new String(out, StandardCharsets.UTF_8);
  }

  private static String hex(String input) {
    String digits = input.replaceAll("\\s", "");
    if (digits.length() % 2 != 0) {
      return null;
    }
    byte[] out = new byte[digits.length() / 2];
    for (int i = 0; i < out.length; i++) {
      int hi = Character.digit(digits.charAt(2 * i), 16);
      int lo = Character.digit(digits.charAt(2 * i + 1), 16);
      if (hi < 0 || lo < 0) {
        return null;
      }
      out[i] = (byte) (hi * 16 + lo);
    }
    return new String(out, StandardCharsets.UTF_8);
  }

  private static String reverseLines(String input) {
    StringBuilder out = new StringBuilder();
    for (String line : input.split("\n", -1)) {
      if (out.length() > 0) {
        out.append('\n');
      }
      out.append(new StringBuilder(line).reverse());
    }
    return out.toString();
  }

  /** {@code sed 's/x/y/'} or {@code 's/x/y/g'}, literal text, any one-character delimiter. */
  private static String sed(List<String> args, String input) {
    if (args.size() != 1 || args.get(0).length() < 4 || args.get(0).charAt(0) != 's') {
      return null;
    }
    String script = args.get(0);
    char delimiter = script.charAt(1);
    String[] parts =
        script.substring(2).split(java.util.regex.Pattern.quote(String.valueOf(delimiter)), -1);
    if (parts.length != 3 || !(parts[2].isEmpty() || parts[2].equals("g"))) {
      return null;
    }
    for (String part : new String[] {parts[0], parts[1]}) {
      for (char c : part.toCharArray()) {
        if ("\\.*[]^$&".indexOf(c) >= 0) {
          return null;
        }
      }
    }
    if (parts[0].isEmpty()) {
      return null;
    }
    StringBuilder out = new StringBuilder();
    for (String line : input.split("\n", -1)) {
      if (out.length() > 0) {
        out.append('\n');
      }
      out.append(
          parts[2].equals("g")
              ? line.replace(parts[0], parts[1])
              : replaceFirst(line, parts[0], parts[1]));
    }
    return out.toString();
  }

  private static String replaceFirst(String line, String from, String to) {
    int at = line.indexOf(from);
    return at < 0 ? line : line.substring(0, at) + to + line.substring(at + from.length());
  }

  private static String stripTrailingNewlines(String text) {
    int end = text.length();
    while (end > 0 && text.charAt(end - 1) == '\n') {
      end--;
    }
    return text.substring(0, end);
  }
}
