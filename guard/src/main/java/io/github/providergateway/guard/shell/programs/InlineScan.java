package io.github.providergateway.guard.shell.programs;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One pass over one piece of inline code ({@link InlineCode}): the calls that run a command ({@code
 * os.system("…")}, {@code subprocess.run([…])}, {@code child_process.execSync("…")}, {@code
 * system(…)}), backquotes, {@code qx(…)}, {@code %x(…)}, awk's pipes, with each language's table of
 * such calls; the reading of strings, comments and spaces is its {@link CodeCursor}'s.
 */
final class InlineScan extends CodeCursor {
  /** What a run call given the program's own arguments stands as: the words after the code. */
  static final String ARGUMENTS = "\"$INLINE_ARGUMENTS\"";

  /** What a run call given a command the code computes stands as: a computed command, asked. */
  static final String COMPUTED = "\"$INLINE\"";

  private static final java.util.regex.Pattern PERL_QUOTE =
      java.util.regex.Pattern.compile(
          "qq?\\s*[({\\[<](.*)[)}\\]>]", java.util.regex.Pattern.DOTALL);

  private final List<InlineRun> found = new ArrayList<>();

  /** Whether the run call being read is a task runner's context's ({@code session.run}). */
  private boolean taskContext;

  /** The name of the run call being read. */
  private String call = "";

  /**
   * The program a call names by itself ({@code sh.rm(…)}: rm), its arguments the words; or null.
   */
  private String program;

  /** The host a remote run call's command runs on ({@code exec_command}), or null. */
  private String remoteHost;

  /** The strings the code assigns to names, read when first asked. */
  private Map<String, String> assigned;

  /** The other names the code gives modules and run calls, read when first asked. */
  private InlineAliases aliases;

  InlineScan(InlineLanguage language, String code) {
    super(language, code);
  }

  List<InlineRun> run() {
    while (pos < n) {
      char c = s.charAt(pos);
      if (isStringAt()) {
        int start = pos;
        String literal = readString();
        if (c == '`' && (runsBackquotes() || shellTag(start))) {
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
      } else if (c == '[' && language == InlineLanguage.NODE && subscriptCall()) {
        continue; // cp['ex' + 'ecSync'](…): read as the call it names
      } else if (language == InlineLanguage.AWK && c == '|') {
        int bar = pos;
        String piped = AwkConcatenation.pipedToGetline(this, bar); // cmd | getline n
        if (piped != null) {
          found.add(InlineRun.shell(piped));
        }
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
            if (InlineRunCalls.AWK_SHELLS.contains(command.strip())) {
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

  /**
   * Node's {@code $`…`}: zx's and Bun's shell tag runs the template as a command (decision 105);
   * {@code foo$`…`} is another tag.
   */
  private boolean shellTag(int quote) {
    return language == InlineLanguage.NODE
        && quote > 0
        && s.charAt(quote - 1) == '$'
        && (quote == 1 || !isIdentifierPart(s.charAt(quote - 2)));
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
    if (language == InlineLanguage.PYTHON || language == InlineLanguage.NODE) {
      qualifier = aliases().module(qualifier);
      if (qualifier.isEmpty()) {
        last = aliases().function(last);
      }
      if (language == InlineLanguage.PYTHON && last.equals("getattr") && getattrCall()) {
        return;
      }
    }
    if (language == InlineLanguage.PERL && perlRun(last)) {
      return;
    }
    if (language == InlineLanguage.NODE
        && (last.equals("call") || last.equals("apply"))
        && InlineRunCalls.NODE_RUNS.contains(qualifier.substring(qualifier.lastIndexOf('.') + 1))) {
      // cp.execSync.call(null, "…"), cp.exec.apply(null, ["…"]): the call, its this skipped
      int open = skipSpacesFrom(pos);
      if (open < n && s.charAt(open) == '(' && skipArgument(open + 1)) {
        startCall(qualifier.substring(qualifier.lastIndexOf('.') + 1));
        skipSpaces();
        if (last.equals("apply") && pos < n && s.charAt(pos) == '[') {
          pos++;
          arguments(']', false);
        } else {
          arguments(')', false);
        }
      }
      return;
    }
    if ((language == InlineLanguage.PERL && last.equals("qx"))
        || (language == InlineLanguage.RUBY
            && name.equals("x")
            && start > 0
            && s.charAt(start - 1) == '%')) {
      quoteLike();
      return;
    }
    if (language == InlineLanguage.PYTHON
        && qualifier.equals("sh")
        && InlineRunCalls.shProgram(last)
        && skipSpacesFrom(pos) < n
        && s.charAt(skipSpacesFrom(pos)) == '(') {
      // the sh library: sh.rm("-rf", p) runs the program rm with those arguments
      pos = skipSpacesFrom(pos) + 1;
      startCall(last);
      program = last;
      arguments(')', false);
      program = null;
      return;
    }
    boolean code = InlineRunCalls.evaluates(language, last);
    if (!code && !InlineRunCalls.runs(language, last, qualifier)) {
      return;
    }
    taskContext = InlineRunCalls.TASK_CONTEXTS.contains(qualifier);
    call = last;
    remoteHost = InlineRunCalls.runsRemotely(language, last) ? SshClientHosts.of(s) : null;
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
   * Perl's calls that run a command but not as {@code system(…)} does: IPC::Open2's and
   * IPC::Open3's after their handles, IPC::Cmd's {@code run(command => …)}, and {@code system} or
   * {@code exec} with a block before the list ({@code system { "rm" } "rm", "-rf", …}); true where
   * one was read.
   */
  private boolean perlRun(String last) {
    int open = skipSpacesFrom(pos);
    int handles = InlineRunCalls.perlHandles(last);
    if (handles > 0 && open < n && s.charAt(open) == '(') {
      int at = open + 1;
      for (int i = 0; i < handles; i++) {
        pos = at;
        if (!skipArgument(at)) {
          return false;
        }
        at = pos;
      }
      startCall(last);
      arguments(')', false);
      return true;
    }
    if (last.equals("run") && open < n && s.charAt(open) == '(') {
      java.util.regex.Matcher command =
          java.util.regex.Pattern.compile("\\(\\s*command\\s*=>\\s*").matcher(s).region(open, n);
      if (command.lookingAt()) { // IPC::Cmd's run(command => "…")
        pos = command.end();
        startCall(last);
        arguments(')', false);
        return true;
      }
    }
    if ((last.equals("system") || last.equals("exec")) && open < n && s.charAt(open) == '{') {
      int close = s.indexOf('}', open);
      if (close > 0) { // the block names the program; the list after it is argv
        pos = close + 1;
        startCall(last);
        arguments(';', false);
        return true;
      }
    }
    return false;
  }

  /** A run call read by a way of its own: its name, no task runner's context, no remote host. */
  private void startCall(String name) {
    call = name;
    taskContext = false;
    remoteHost = null;
  }

  /**
   * From {@code at}, past one argument and the comma after it, brackets and strings skipped; false
   * where the call closes first.
   */
  private boolean skipArgument(int at) {
    pos = at;
    int depth = 0;
    while (pos < n) {
      if (isStringAt()) {
        if (readString() == null) {
          return false;
        }
        continue;
      }
      char c = s.charAt(pos);
      if (c == '(' || c == '[' || c == '{') {
        depth++;
      } else if (c == ')' || c == ']' || c == '}') {
        if (depth == 0) {
          return false;
        }
        depth--;
      } else if (c == ',' && depth == 0) {
        pos++;
        return true;
      }
      pos++;
    }
    return false;
  }

  /**
   * A run call's argument that is no literal: a string the code assigned earlier ({@code c='rm -rf
   * ' + '~'; os.system(c)}), the program's own arguments ({@code exec @ARGV}, {@code sys.argv[1:]}:
   * the words after the code, {@link #ARGUMENTS}), or what the code computes, which stands as a
   * computed command ({@link #COMPUTED}).
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
    if (language == InlineLanguage.AWK && expression.matches("[A-Za-z_]\\w*")) {
      String built = AwkConcatenation.assigned(this, expression); // cmd = "curl " u; system(cmd)
      return built != null ? built : COMPUTED;
    }
    String known = assigned().get(expression.replaceFirst("^\\*", ""));
    return known != null ? known : COMPUTED;
  }

  private InlineAliases aliases() {
    if (aliases == null) {
      aliases = InlineAliases.of(language, s);
    }
    return aliases;
  }

  /**
   * python's {@code getattr(os, 'sys' + 'tem')(…)} after {@code getattr}: a module that runs
   * commands and an attribute the code names or computes, called at once. A named run call is read
   * as that call, a computed one as a computed command; anything else is left to the pass.
   */
  private boolean getattrCall() {
    int start = pos;
    int open = skipSpacesFrom(pos);
    int close = open < n && s.charAt(open) == '(' ? s.indexOf(')', open) : -1;
    int comma = close > 0 ? s.indexOf(',', open) : -1;
    if (close < 0 || comma < 0 || comma > close || close - open > 200) {
      return false;
    }
    String module = aliases().module(s.substring(open + 1, comma).strip());
    if (!module.equals("os")
        && !module.equals("subprocess")
        && !module.equals("posix")
        && !module.equals("pty")
        && !module.equals("commands")) {
      return false;
    }
    int call = skipSpacesFrom(close + 1);
    if (call >= n || s.charAt(call) != '(') {
      return false;
    }
    String attribute = s.substring(comma + 1, close).strip();
    String name = InlineAssignments.joinedLiterals(attribute);
    if (name == null && attribute.matches("[A-Za-z_]\\w*")) {
      name = assigned().get(attribute); // n = 'sys' + 'tem'; getattr(os, n)
    }
    pos = call + 1;
    if (name == null) {
      found.add(InlineRun.shell(COMPUTED));
    } else if (InlineRunCalls.runs(language, name, module)) {
      arguments(')', false);
    } else {
      pos = start;
      return false;
    }
    return true;
  }

  /**
   * node's {@code obj['ex' + 'ecSync'](…)} or {@code obj[name](…)} at the {@code [} after a member:
   * a run call named by a string or a name the code assigned, called at once.
   */
  private boolean subscriptCall() {
    int before = pos - 1;
    while (before >= 0 && s.charAt(before) == ' ') {
      before--;
    }
    if (before < 0 || !(isIdentifierPart(s.charAt(before)) || s.charAt(before) == ')')) {
      return false; // an array, not a member
    }
    int close = s.indexOf(']', pos);
    if (close < 0 || close - pos > 200) {
      return false;
    }
    String inside = s.substring(pos + 1, close).strip();
    String name = InlineAssignments.joinedLiterals(inside);
    if (name == null && inside.matches("[A-Za-z_$][\\w$]*")) {
      name = assigned().get(inside);
    }
    int call = skipSpacesFrom(close + 1);
    if (name == null
        || !InlineRunCalls.NODE_RUNS.contains(name)
        || call >= n
        || s.charAt(call) != '(') {
      return false;
    }
    pos = call + 1;
    arguments(')', false);
    return true;
  }

  /** The strings the code assigns to a name ({@link InlineAssignments}), read when first asked. */
  private Map<String, String> assigned() {
    if (assigned == null) {
      assigned = InlineAssignments.of(s);
    }
    return assigned;
  }

  /**
   * A call's arguments up to {@code close}: strings and lists of strings, read until the first that
   * is neither; the pass goes on from there. {@code code}: the call evaluates its first argument as
   * code of the same language.
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
        String literal = readJoinedString();
        if (literal == null) {
          break;
        }
        args.add(literal);
      } else if (c == '[') {
        pos++;
        args.add(list());
      } else if (!args.isEmpty() && knownName() != null) {
        args.add(knownName()); // system('kubectl', '--context', ctx, …) with ctx = 'prod'
        while (pos < n && (isIdentifierPart(s.charAt(pos)) || s.charAt(pos) == '$')) {
          pos++;
        }
      } else if (c == '{' && args.size() <= 1) {
        pos = InlineCode.argsListAt(s, pos); // deno's {args: […]}, {cmd: […]}: the list is the rest
        if (s.charAt(pos - 1) == '[') {
          args.add(list());
        }
        break;
      } else if (args.size() <= 1 && isIdentifierStart(c) && namedList() != null) {
        args.add(namedList()); // subprocess.run(cmd) with cmd = [...]; spawnSync('kubectl', args)
        while (pos < n && isIdentifierPart(s.charAt(pos))) {
          pos++;
        }
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
    if (program != null) {
      List<ProgramWord> argv = new ArrayList<>();
      argv.add(ProgramWord.plain(program));
      for (Object a : args) {
        if (a instanceof List<?> list) {
          argv.addAll(words(list));
        } else {
          argv.add(ProgramWord.plain((String) a));
        }
      }
      found.add(InlineRun.argv(argv));
      return;
    }
    if (args.isEmpty()) {
      return;
    }
    Object first = args.get(0);
    if (code) {
      if (first instanceof String text) {
        found.add(new InlineRun(null, null, text, false));
      }
      return;
    }
    if (first instanceof List<?> list) {
      found.add(InlineRun.argv(words(list)));
    } else if (args.size() > 1 && args.get(1) instanceof List<?> list) {
      List<ProgramWord> argv = new ArrayList<>();
      argv.add(ProgramWord.plain((String) first));
      argv.addAll(words(list));
      found.add(InlineRun.argv(argv));
    } else if (language == InlineLanguage.PYTHON
        && InlineRunCalls.pythonArgvSkipped(call) >= 0
        && args.size() > 1
        && args.stream().allMatch(a -> a instanceof String)) {
      // os.execlp("rm", "rm", "-rf", p): the program, then its arguments after argv[0]
      List<ProgramWord> argv = new ArrayList<>();
      argv.add(ProgramWord.plain((String) first));
      int skipped = InlineRunCalls.pythonArgvSkipped(call);
      for (int i = 1 + skipped; i < args.size(); i++) {
        argv.add(ProgramWord.plain((String) args.get(i)));
      }
      found.add(InlineRun.argv(argv));
    } else if (args.size() > 1
        && (language == InlineLanguage.PERL
            || language == InlineLanguage.RUBY
            || language == InlineLanguage.PYTHON && taskContext)
        && args.stream().allMatch(a -> a instanceof String)) {
      List<ProgramWord> argv = new ArrayList<>();
      for (Object a : args) {
        argv.add(ProgramWord.plain((String) a));
      }
      found.add(InlineRun.argv(argv));
    } else {
      String command = (String) first;
      if (remoteHost != null) { // paramiko's exec_command: ssh's remote command (decision 227)
        found.add(
            InlineRun.argv(
                List.of(
                    ProgramWord.plain("ssh"),
                    ProgramWord.plain(remoteHost),
                    ProgramWord.plain(command))));
        return;
      }
      found.add(InlineRun.shell(partial && args.size() == 1 ? command + "$INLINE" : command));
    }
  }

  @Override
  String known(String name) {
    return name.isEmpty() || name.length() > 64 ? null : assigned().get(name);
  }

  /**
   * The list the code assigned to a name ({@code cmd = ['kubectl', …]}; {@code const args = […]}),
   * read as a call's list is; null where none is.
   */
  private List<Object> knownList(String name) {
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile(
                "(?:^|[\\s;(])(?:const\\s+|let\\s+|var\\s+)?"
                    + java.util.regex.Pattern.quote(name)
                    + "\\s*=\\s*\\[")
            .matcher(s);
    if (!m.find()) {
      return null;
    }
    int back = pos;
    pos = m.end();
    List<Object> list = list();
    pos = back;
    return list;
  }

  /** The string the code assigned to the name at the position, which a comma or a close ends. */
  private String knownName() {
    int end = pos;
    while (end < n && (isIdentifierPart(s.charAt(end)) || end == pos && s.charAt(end) == '$')) {
      end++;
    }
    int after = end;
    while (after < n && s.charAt(after) == ' ') {
      after++;
    }
    if (end == pos || after < n && ",)]".indexOf(s.charAt(after)) < 0) {
      return null;
    }
    return assigned().get(s.substring(pos, end));
  }

  /** The list assigned to the name at the position, where a comma or a close ends it; or null. */
  private List<Object> namedList() {
    int end = pos;
    while (end < n && isIdentifierPart(s.charAt(end))) {
      end++;
    }
    int after = end;
    while (after < n && s.charAt(after) == ' ') {
      after++;
    }
    if (end == pos || end - pos > 64 || after < n && ",)".indexOf(s.charAt(after)) < 0) {
      return null;
    }
    return knownList(s.substring(pos, end));
  }

  private static List<ProgramWord> words(List<?> list) {
    List<ProgramWord> words = new ArrayList<>();
    for (Object o : list) {
      words.add(
          o instanceof String t ? ProgramWord.plain(t) : ProgramWord.of(String.valueOf(o), false));
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
        String literal = readJoinedString();
        if (literal == null) {
          return elements;
        }
        elements.add(literal);
      } else {
        int start = pos;
        while (pos < n && (isIdentifierPart(s.charAt(pos)) || s.charAt(pos) == '.')) {
          pos++;
        }
        String name = s.substring(start, pos);
        String known = name.isEmpty() ? null : assigned().get(name);
        // A name the code assigns a string to (CTX = "prod") stands as that string, as a call's
        // command does (expression()); any other stands as a word the code computes.
        elements.add(
            known != null ? known : new StringBuilder("$").append(pos > start ? name : "INLINE"));
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
}
