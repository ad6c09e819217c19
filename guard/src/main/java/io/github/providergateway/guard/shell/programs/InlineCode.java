package io.github.providergateway.guard.shell.programs;

import io.github.providergateway.guard.shell.Word;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The shell commands in the inline code of an interpreter ({@code python -c}, {@code node -e},
 * {@code perl -e}, {@code ruby -e}, {@code php -r}, an {@code awk} program), best effort: the
 * string literals given to the calls that run a command ({@code os.system("…")}, {@code
 * subprocess.run(["rm", "-rf", "/"])}, {@code child_process.execSync("…")}, {@code system(…)}),
 * perl's and ruby's and php's backquotes, {@code qx(…)} and {@code %x(…)}, awk's {@code "…" |
 * getline} and {@code print | "…"}.
 *
 * <p>What it does not see: a command built at run time (a variable, a concatenation: the literal
 * part is read and a {@code $INLINE} word stands for the rest), a call under another name ({@code
 * from os import system as s}), {@code eval} of code, a file the code writes and runs later. The
 * rules also look at the code itself.
 *
 * <p>One pass over the code; a call's arguments are read once and the pass goes on after them.
 */
final class InlineCode {
  private InlineCode() {}

  /** The code of an invocation: the text of its code word(s). */
  record Code(String text) {}

  /** The interpreters known by their name alone; python's and pypy's may carry a version. */
  private static final Map<String, InlineLanguage> NAMED =
      named(
          Map.of(
              InlineLanguage.NODE, "node nodejs bun deno",
              InlineLanguage.PERL, "perl perl5",
              InlineLanguage.RUBY, "ruby jruby",
              InlineLanguage.PHP, "php php-cli",
              InlineLanguage.AWK, "awk gawk mawk nawk"));

  private static Map<String, InlineLanguage> named(Map<InlineLanguage, String> namesOf) {
    Map<String, InlineLanguage> named = new HashMap<>();
    namesOf.forEach(
        (language, names) -> {
          for (String name : names.split(" ")) {
            named.put(name, language);
          }
        });
    return Map.copyOf(named);
  }

  /** {@return the names {@link #languageOf} knows but python's and pypy's} */
  static Set<String> namedInterpreters() {
    return NAMED.keySet();
  }

  /** {@return whether {@link #languageOf} may know {@code program} though it is no named one} */
  static boolean mayBeVersioned(String program) {
    return program.startsWith("p");
  }

  /** The family of {@code program}, or null. */
  static InlineLanguage languageOf(String program) {
    if (program.startsWith("python") || program.startsWith("pypy")) {
      String rest = program.substring(program.startsWith("python") ? 6 : 4);
      return rest.chars().allMatch(c -> (c >= '0' && c <= '9') || c == '.')
          ? InlineLanguage.PYTHON
          : null;
    }
    return NAMED.get(program);
  }

  /** The inline code given on the command line, or null when there is none. */
  static Code codeOf(InlineLanguage language, List<Word> words) {
    StringBuilder code = new StringBuilder();
    boolean found = false;
    for (int i = 1; i < words.size(); i++) {
      String t = words.get(i).text();
      if (t.equals("--")) {
        if (language == InlineLanguage.AWK && !found && i + 1 < words.size()) {
          return new Code(words.get(i + 1).text());
        }
        break;
      }
      if (!t.startsWith("-") || t.length() == 1) {
        if (language == InlineLanguage.AWK && !found) {
          return new Code(t);
        }
        if (language == InlineLanguage.NODE && t.equals("eval") && i + 1 < words.size()) {
          return new Code(words.get(i + 1).text());
        }
        break;
      }
      String value = null;
      boolean takesNext = false;
      switch (language) {
        case PYTHON -> {
          if (t.startsWith("--")) {
            break;
          }
          if (t.equals("-m")) {
            return null;
          }
          int c = t.indexOf('c');
          if (c > 0) {
            value = c + 1 < t.length() ? t.substring(c + 1) : null;
            takesNext = value == null;
          } else if (t.equals("-W") || t.equals("-X")) {
            i++;
          }
        }
        case NODE -> {
          if (t.equals("-e")
              || t.equals("-p")
              || t.equals("--eval")
              || t.equals("--print")
              || t.equals("-pe")
              || t.equals("-ep")) {
            takesNext = true;
          } else if (t.startsWith("--eval=") || t.startsWith("--print=")) {
            value = t.substring(t.indexOf('=') + 1);
          } else if (t.equals("-r") || t.equals("--require") || t.equals("--import")) {
            i++;
          }
        }
        case PERL, RUBY -> {
          for (int j = 1; j < t.length(); j++) {
            char c = t.charAt(j);
            if (c == 'e' || c == 'E') {
              value = j + 1 < t.length() ? t.substring(j + 1) : null;
              takesNext = value == null;
              break;
            }
            if ("iIMmFxdDCr0".indexOf(c) >= 0) {
              break;
            }
          }
        }
        case PHP -> {
          if (t.equals("-r") || t.equals("-R") || t.equals("-B") || t.equals("-E")) {
            takesNext = true;
          } else if (t.equals("-f")) {
            return found ? new Code(code.toString()) : null;
          } else if (t.equals("-d") || t.equals("-c") || t.equals("-z")) {
            i++;
          }
        }
        case AWK -> {
          if (t.equals("-f") || t.startsWith("--file")) {
            return null;
          }
          if (t.equals("-e") || t.equals("--source")) {
            takesNext = true;
          } else if (t.startsWith("--source=")) {
            value = t.substring(9);
          } else if (t.equals("-F")
              || t.equals("-v")
              || t.equals("--assign")
              || t.equals("--field-separator")) {
            i++;
          }
        }
      }
      if (takesNext && i + 1 < words.size()) {
        value = words.get(++i).text();
      }
      if (value != null) {
        if (found) {
          code.append('\n');
        }
        code.append(value);
        found = true;
      }
    }
    return found ? new Code(code.toString()) : null;
  }

  /** Whether the interpreter reads its program from standard input (no code, no script file). */
  static boolean takesScriptFromStdin(InlineLanguage language, List<Word> words) {
    if (language == InlineLanguage.AWK) {
      return false;
    }
    for (int i = 1; i < words.size(); i++) {
      String t = words.get(i).text();
      if (t.equals("-")) {
        return true;
      }
      if (!t.startsWith("-")) {
        return false;
      }
      if (t.equals("-m")) {
        return false;
      }
    }
    return true;
  }

  private static final Set<String> PYTHON_RUNS =
      Set.of(
          "system",
          "popen",
          "getoutput",
          "getstatusoutput",
          "execl",
          "execlp",
          "execle",
          "execlpe",
          "execv",
          "execvp",
          "execve",
          "execvpe",
          "spawn");
  private static final Set<String> PYTHON_SUBPROCESS =
      Set.of("run", "call", "check_call", "check_output", "Popen");
  private static final Set<String> NODE_RUNS =
      Set.of(
          "exec",
          "execSync",
          "spawn",
          "spawnSync",
          "execFile",
          "execFileSync",
          "execa",
          "execaSync",
          "execaCommand",
          "execaCommandSync");
  private static final Set<String> PERL_RUNS = Set.of("system", "exec", "readpipe");

  /** What a run call given the program's own arguments stands as: the words after the code. */
  static final String ARGUMENTS = "\"$INLINE_ARGUMENTS\"";

  /** What a run call given a command the code computes stands as: a computed command, asked. */
  static final String COMPUTED = "\"$INLINE\"";

  /** {@code name = 'literal' (+ 'literal')*}, with a declaration before it or none. */
  private static final java.util.regex.Pattern ASSIGNMENT =
      java.util.regex.Pattern.compile(
          "(?:\\b(?:const|let|var|my|local)\\s+)?([$@]?[A-Za-z_][A-Za-z0-9_]*)\\s*=\\s*"
              + "((?:\"(?:[^\"\\\\]|\\\\.)*\"|'[^']*')(?:\\s*(?:\\+|\\.\\.|\\.)\\s*(?:\"(?:[^\"\\\\]|\\\\.)*\"|'[^']*'))*)");

  private static final java.util.regex.Pattern PERL_QUOTE =
      java.util.regex.Pattern.compile(
          "qq?\\s*[({\\[<](.*)[)}\\]>]", java.util.regex.Pattern.DOTALL);

  private static final java.util.regex.Pattern LITERAL =
      java.util.regex.Pattern.compile("\"((?:[^\"\\\\]|\\\\.)*)\"|'([^']*)'");

  /** The commands awk may print into that run what they read. */
  private static final Set<String> AWK_SHELLS =
      Set.of("sh", "bash", "/bin/sh", "/bin/bash", "zsh", "dash", "sh -s", "bash -s");

  private static final Set<String> RUBY_RUNS =
      Set.of(
          "system",
          "exec",
          "spawn",
          "popen",
          "popen2",
          "popen2e",
          "popen3",
          "capture2",
          "capture2e",
          "capture3",
          "pipeline");
  private static final Set<String> PHP_RUNS =
      Set.of("system", "exec", "shell_exec", "passthru", "popen", "proc_open", "pcntl_exec");

  /** The commands {@code code} would run, in order. */
  static List<InlineRun> extract(InlineLanguage language, String code) {
    return new Scan(language, code).run();
  }

  /** One pass over one piece of code. */
  private static final class Scan {
    private final InlineLanguage language;
    private final String s;
    private final int n;
    private final List<InlineRun> found = new ArrayList<>();

    /** The next character to look at. */
    private int pos;

    /** The strings the code assigns to names, read when first asked. */
    private Map<String, String> assigned;

    Scan(InlineLanguage language, String code) {
      this.language = language;
      this.s = code;
      this.n = code.length();
    }

    List<InlineRun> run() {
      while (pos < n) {
        char c = s.charAt(pos);
        if (isStringAt()) {
          int start = pos;
          String literal = readString();
          if (c == '`' && runsBackquotes()) {
            if (literal != null) { // unclosed, the code does not compile and runs nothing
              found.add(InlineRun.shell(literal));
            }
          } else if (language == InlineLanguage.AWK && literal != null) {
            awkPipe(start, literal);
            if (literal.contains("/inet/tcp/") || literal.contains("/inet/udp/")) {
              // gawk's network files: a coprocess to a remote host, read as the shell's own.
              found.add(
                  InlineRun.shell(
                      "cat < /dev/tcp/" + literal.substring(literal.indexOf("/inet/") + 10)));
            }
          }
        } else if (isComment()) {
          skipComment();
        } else if (isIdentifierStart(c)) {
          identifier();
        } else if (language == InlineLanguage.AWK && c == '|') {
          int bar = pos;
          pos++;
          skipSpaces();
          String named = null;
          if (pos < n && isIdentifierStart(s.charAt(pos))) {
            int start = pos;
            while (pos < n && isIdentifierPart(s.charAt(pos))) {
              pos++;
            }
            named = assigned().get(s.substring(start, pos)); // s="sh"; print … | s
          }
          if (named != null || pos < n && s.charAt(pos) == '"') {
            String command = named != null ? named : readString();
            if (command != null) {
              found.add(InlineRun.shell(command));
              if (AWK_SHELLS.contains(command.strip())) {
                // print … | "sh": what is printed is the shell's code; a printed expression the
                // guard cannot read stands as a computed command.
                String printed = printedBefore(bar);
                found.add(InlineRun.shell(printed != null ? printed : "\"$AWK_PRINTED\""));
              }
            }
          }
        } else {
          pos++;
        }
      }
      return found;
    }

    /**
     * awk: what the {@code print} before the pipe at {@code bar} prints, when it is one string
     * literal; else null.
     */
    private String printedBefore(int bar) {
      int print = s.lastIndexOf("print", bar);
      if (print < 0) {
        return null;
      }
      int from = print + (s.startsWith("printf", print) ? 6 : 5);
      String expression = s.substring(from, bar).strip();
      if (expression.length() >= 2
          && expression.charAt(0) == '"'
          && expression.charAt(expression.length() - 1) == '"'
          && expression.indexOf('"', 1) == expression.length() - 1) {
        return expression.substring(1, expression.length() - 1);
      }
      return null;
    }

    private boolean runsBackquotes() {
      return language == InlineLanguage.PERL
          || language == InlineLanguage.RUBY
          || language == InlineLanguage.PHP;
    }

    /** awk's {@code "cmd" | getline}: the string before the pipe. */
    private void awkPipe(int start, String literal) {
      int i = pos;
      while (i < n && (s.charAt(i) == ' ' || s.charAt(i) == '\t')) {
        i++;
      }
      if (i < n && s.charAt(i) == '|' && s.startsWith("getline", skipSpacesFrom(i + 1))) {
        found.add(InlineRun.shell(literal));
      }
    }

    private void identifier() {
      int start = pos;
      while (pos < n) {
        char c = s.charAt(pos);
        if (isIdentifierPart(c)
            || c == '.'
            || (c == ':' && pos + 1 < n && s.charAt(pos + 1) == ':')) {
          pos += c == ':' ? 2 : 1;
        } else {
          break;
        }
      }
      String name = s.substring(start, pos);
      int dot = name.lastIndexOf('.');
      int colons = name.lastIndexOf("::");
      String last;
      String qualifier;
      if (dot < 0 && colons < 0) {
        last = name;
        qualifier = "";
      } else if (dot > colons) {
        last = name.substring(dot + 1);
        qualifier = name.substring(0, dot);
      } else {
        last = name.substring(colons + 2);
        qualifier = name.substring(0, colons);
      }
      if ((language == InlineLanguage.PERL && last.equals("qx"))
          || (language == InlineLanguage.RUBY
              && name.equals("x")
              && start > 0
              && s.charAt(start - 1) == '%')) {
        quoteLike();
        return;
      }
      boolean code = evaluates(last);
      if (!code && !runs(last, qualifier)) {
        return;
      }
      skipSpaces();
      if (pos >= n) {
        return;
      }
      char c = s.charAt(pos);
      if (c == '(') {
        pos++;
        arguments(')', code);
      } else if ((language == InlineLanguage.PERL || language == InlineLanguage.RUBY)
          && (isQuote(c) || c == '$' || c == '@' || isIdentifierStart(c))) {
        arguments(';', code);
      }
    }

    /**
     * A run call's argument that is no literal: a string the code assigned earlier ({@code c='rm
     * -rf ' + '~'; os.system(c)}), the program's own arguments ({@code exec @ARGV}, {@code
     * sys.argv[1:]}: the words after the code, {@link #ARGUMENTS}), or what the code computes,
     * which stands as a computed command ({@link #COMPUTED}).
     */
    private String expression() {
      int start = pos;
      int depth = 0;
      while (pos < n) {
        char c = s.charAt(pos);
        if (c == '(' || c == '[' || c == '{') {
          depth++;
        } else if (c == ')' || c == ']' || c == '}') {
          if (depth == 0) {
            break;
          }
          depth--;
        } else if ((c == ',' || c == ';' || c == '\n') && depth == 0) {
          break;
        }
        pos++;
      }
      String expression = s.substring(start, pos).strip();
      if (expression.matches(
          ".*(?:\\bsys\\.argv|@ARGV|\\bARGV\\b|process\\.argv|\\$argv|\\*ARGV).*")) {
        return ARGUMENTS;
      }
      java.util.regex.Matcher quoteLike = PERL_QUOTE.matcher(expression);
      if (language == InlineLanguage.PERL && quoteLike.matches()) {
        return quoteLike.group(1); // q(…), qq{…}: perl's own quotes
      }
      String known = assigned().get(expression.replaceFirst("^\\*", ""));
      return known != null ? known : COMPUTED;
    }

    /** The strings the code assigns to a name, literals joined by +, . or .. as written. */
    private Map<String, String> assigned() {
      if (assigned == null) {
        assigned = new java.util.HashMap<>();
        java.util.regex.Matcher m = ASSIGNMENT.matcher(s);
        while (m.find()) {
          StringBuilder value = new StringBuilder();
          java.util.regex.Matcher literal = LITERAL.matcher(m.group(2));
          while (literal.find()) {
            value.append(literal.group(1) != null ? literal.group(1) : literal.group(2));
          }
          assigned.put(m.group(1), value.toString());
        }
      }
      return assigned;
    }

    /** Whether {@code last} runs code of the same language given as a string. */
    private boolean evaluates(String last) {
      return switch (language) {
        case PYTHON -> last.equals("exec") || last.equals("eval") || last.equals("compile");
        case NODE -> last.equals("eval") || last.equals("Function");
        case PERL, PHP -> last.equals("eval");
        case RUBY -> last.equals("eval") || last.equals("instance_eval");
        case AWK -> false;
      };
    }

    private boolean runs(String last, String qualifier) {
      return switch (language) {
        case PYTHON ->
            PYTHON_RUNS.contains(last)
                || last.startsWith("spawn")
                || (PYTHON_SUBPROCESS.contains(last)
                    && (qualifier.isEmpty()
                        || qualifier.endsWith("subprocess")
                        || qualifier.equals("sp")));
        case NODE -> NODE_RUNS.contains(last);
        case PERL -> PERL_RUNS.contains(last);
        case RUBY -> RUBY_RUNS.contains(last);
        case PHP -> PHP_RUNS.contains(last);
        case AWK -> last.equals("system");
      };
    }

    /**
     * A call's arguments up to {@code close}: strings and lists of strings, read until the first
     * that is neither; the pass goes on from there. {@code code}: the call evaluates its first
     * argument as code of the same language.
     */
    private void arguments(char close, boolean code) {
      List<Object> args = new ArrayList<>();
      boolean partial = false;
      for (; ; ) {
        skipSpaces();
        if (pos >= n) {
          break;
        }
        char c = s.charAt(pos);
        if (isStringAt()) {
          String literal = readString();
          if (literal == null) {
            break;
          }
          args.add(literal);
        } else if (c == '[') {
          pos++;
          args.add(list());
        } else if (args.isEmpty() && !code) {
          args.add(expression());
        } else if (args.isEmpty()) {
          String computed = expression();
          found.add(InlineRun.shell(computed == ARGUMENTS ? ARGUMENTS : COMPUTED));
          return;
        } else {
          break;
        }
        skipSpaces();
        if (pos < n && s.charAt(pos) == ',') {
          pos++;
          continue;
        }
        if (pos < n && s.charAt(pos) != close && s.charAt(pos) != '\n' && s.charAt(pos) != ')') {
          partial = true;
        }
        break;
      }
      if (args.isEmpty()) {
        return;
      }
      Object first = args.get(0);
      if (code) {
        if (first instanceof String text) {
          found.add(new InlineRun(null, null, text));
        }
        return;
      }
      if (first instanceof List<?> list) {
        found.add(InlineRun.argv(words(list)));
      } else if (args.size() > 1 && args.get(1) instanceof List<?> list) {
        List<Word> argv = new ArrayList<>();
        argv.add(Word.literal((String) first));
        argv.addAll(words(list));
        found.add(InlineRun.argv(argv));
      } else if (args.size() > 1
          && (language == InlineLanguage.PERL || language == InlineLanguage.RUBY)
          && args.stream().allMatch(a -> a instanceof String)) {
        List<Word> argv = new ArrayList<>();
        for (Object a : args) {
          argv.add(Word.literal((String) a));
        }
        found.add(InlineRun.argv(argv));
      } else {
        String command = (String) first;
        found.add(InlineRun.shell(partial && args.size() == 1 ? command + "$INLINE" : command));
      }
    }

    private static List<Word> words(List<?> list) {
      List<Word> words = new ArrayList<>();
      for (Object o : list) {
        words.add(o instanceof String t ? Word.literal(t) : new Word(String.valueOf(o), false));
      }
      return words;
    }

    /** After {@code [}: the elements, a string each, or an unknown word for anything else. */
    private List<Object> list() {
      List<Object> elements = new ArrayList<>();
      for (; ; ) {
        skipSpaces();
        if (pos >= n) {
          return elements;
        }
        char c = s.charAt(pos);
        if (c == ']') {
          pos++;
          return elements;
        }
        if (isStringAt()) {
          String literal = readString();
          if (literal == null) {
            return elements;
          }
          elements.add(literal);
        } else {
          int start = pos;
          while (pos < n && (isIdentifierPart(s.charAt(pos)) || s.charAt(pos) == '.')) {
            pos++;
          }
          elements.add(
              new StringBuilder("$").append(pos > start ? s.substring(start, pos) : "INLINE"));
          if (pos == start) {
            return elements;
          }
        }
        skipSpaces();
        if (pos < n && s.charAt(pos) == ',') {
          pos++;
        } else if (pos < n && s.charAt(pos) != ']') {
          return elements;
        }
      }
    }

    /** Perl's {@code qx} and ruby's {@code %x}, at the delimiter. */
    private void quoteLike() {
      skipSpaces();
      if (pos >= n) {
        return;
      }
      char open = s.charAt(pos);
      char close =
          switch (open) {
            case '(' -> ')';
            case '{' -> '}';
            case '[' -> ']';
            case '<' -> '>';
            default -> open;
          };
      if (Character.isLetterOrDigit(open) || open == ' ') {
        return;
      }
      int depth = 0;
      StringBuilder sb = new StringBuilder();
      pos++;
      while (pos < n) {
        char c = s.charAt(pos);
        if (c == '\\' && pos + 1 < n) {
          sb.append(s.charAt(pos + 1));
          pos += 2;
          continue;
        }
        if (c == close && depth == 0) {
          pos++;
          found.add(InlineRun.shell(sb.toString()));
          return;
        }
        if (open != close && c == open) {
          depth++;
        } else if (open != close && c == close) {
          depth--;
        }
        sb.append(c);
        pos++;
      }
    }

    /**
     * Whether a string starts at the read position: a quote, or in python a prefix ({@code r},
     * {@code f}, {@code rb}, …) and a quote.
     */
    private boolean isStringAt() {
      return prefixAt() >= 0;
    }

    /** The length of the string prefix before the quote at the read position, or -1. */
    private int prefixAt() {
      int i = pos;
      if (language == InlineLanguage.PYTHON) {
        while (i < n && i - pos < 2 && "rbfuRBFU".indexOf(s.charAt(i)) >= 0) {
          i++;
        }
      }
      return i < n && isQuote(s.charAt(i)) ? i - pos : -1;
    }

    /**
     * At a string: its value with its escapes decoded, or null when it does not end (the pass then
     * stops at the end of the code). Perl's and php's and ruby's single quotes and a raw python
     * string keep their backslashes; a python f-string's fields read as {@code $INLINE}.
     */
    private String readString() {
      int prefix = Math.max(0, prefixAt());
      String prefixText = s.substring(pos, pos + prefix);
      pos += prefix;
      boolean raw = prefixText.indexOf('r') >= 0 || prefixText.indexOf('R') >= 0;
      boolean fields = prefixText.indexOf('f') >= 0 || prefixText.indexOf('F') >= 0;
      char q = s.charAt(pos);
      String tripleQuote = "" + q + q + q;
      boolean triple = language == InlineLanguage.PYTHON && s.startsWith(tripleQuote, pos);
      boolean plain =
          raw
              || (q == '\''
                  && (language == InlineLanguage.PERL
                      || language == InlineLanguage.RUBY
                      || language == InlineLanguage.PHP));
      pos += triple ? 3 : 1;
      StringBuilder sb = new StringBuilder();
      while (pos < n) {
        char c = s.charAt(pos);
        if (triple ? s.startsWith(tripleQuote, pos) : c == q) {
          pos += triple ? 3 : 1;
          return sb.toString();
        }
        if (fields && (c == '{' || c == '}')) {
          if (pos + 1 < n && s.charAt(pos + 1) == c) {
            sb.append(c);
            pos += 2;
          } else if (c == '{') {
            skipField();
            sb.append("$INLINE");
          } else {
            sb.append(c);
            pos++;
          }
          continue;
        }
        if (c == '\\' && pos + 1 < n) {
          char d = s.charAt(pos + 1);
          pos += 2;
          if (plain) {
            if (d != q && d != '\\') {
              sb.append('\\');
            }
            sb.append(d);
            continue;
          }
          switch (d) {
            case 'n' -> sb.append('\n');
            case 't' -> sb.append('\t');
            case 'r' -> sb.append('\r');
            case '0' -> sb.append('\0');
            case '\n' -> {}
            case 'x' -> {
              if (pos + 2 <= n && isHex(s.charAt(pos)) && isHex(s.charAt(pos + 1))) {
                sb.append((char) Integer.parseInt(s.substring(pos, pos + 2), 16));
                pos += 2;
              } else {
                sb.append("\\x");
              }
            }
            case 'u' -> {
              if (pos + 4 <= n
                  && s.substring(pos, pos + 4).chars().allMatch(h -> isHex((char) h))) {
                sb.append((char) Integer.parseInt(s.substring(pos, pos + 4), 16));
                pos += 4;
              } else {
                sb.append("\\u");
              }
            }
            default -> sb.append(d);
          }
          continue;
        }
        sb.append(c);
        pos++;
      }
      return null;
    }

    /** At an f-string's {@code {}: to the brace that closes it. */
    private void skipField() {
      int open = 0;
      while (pos < n) {
        char c = s.charAt(pos++);
        if (c == '{') {
          open++;
        } else if (c == '}' && --open == 0) {
          return;
        }
      }
    }

    private boolean isQuote(char c) {
      return c == '"'
          || c == '\''
          || (c == '`' && language != InlineLanguage.PYTHON && language != InlineLanguage.AWK);
    }

    private boolean isComment() {
      char c = s.charAt(pos);
      return switch (language) {
        case PYTHON, RUBY, AWK -> c == '#';
        case PERL -> c == '#' && (pos == 0 || s.charAt(pos - 1) != '$');
        case NODE ->
            c == '/' && pos + 1 < n && (s.charAt(pos + 1) == '/' || s.charAt(pos + 1) == '*');
        case PHP ->
            c == '#'
                || (c == '/'
                    && pos + 1 < n
                    && (s.charAt(pos + 1) == '/' || s.charAt(pos + 1) == '*'));
      };
    }

    private void skipComment() {
      if (s.startsWith("/*", pos)) {
        int end = s.indexOf("*/", pos + 2);
        pos = end < 0 ? n : end + 2;
        return;
      }
      while (pos < n && s.charAt(pos) != '\n') {
        pos++;
      }
    }

    private void skipSpaces() {
      pos = skipSpacesFrom(pos);
    }

    private int skipSpacesFrom(int i) {
      while (i < n && (s.charAt(i) == ' ' || s.charAt(i) == '\t' || s.charAt(i) == '\n')) {
        i++;
      }
      return i;
    }

    private static boolean isHex(char c) {
      return Character.digit(c, 16) >= 0;
    }

    private static boolean isIdentifierStart(char c) {
      return Character.isLetter(c) || c == '_' || c == '$';
    }

    private static boolean isIdentifierPart(char c) {
      return Character.isLetterOrDigit(c) || c == '_' || c == '$';
    }
  }
}
