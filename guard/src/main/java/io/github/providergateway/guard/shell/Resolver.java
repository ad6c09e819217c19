package io.github.providergateway.guard.shell;

import io.github.providergateway.guard.shell.RawCommand.Nest;
import io.github.providergateway.guard.shell.RawCommand.RawRedirect;
import io.github.providergateway.guard.shell.internal.Runners;
import io.github.providergateway.guard.shell.programs.CarriedRun;
import io.github.providergateway.guard.shell.programs.EnvironmentForm;
import io.github.providergateway.guard.shell.programs.ForeignRun;
import io.github.providergateway.guard.shell.programs.InlineLanguage;
import io.github.providergateway.guard.shell.programs.InlineRun;
import io.github.providergateway.guard.shell.programs.ProducerKind;
import io.github.providergateway.guard.shell.programs.Programs;
import io.github.providergateway.guard.shell.syntax.ParseLimits;
import io.github.providergateway.guard.shell.syntax.ShellParseException;
import io.github.providergateway.guard.shell.syntax.SyntaxParser;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns the reader's simple commands into invocations: wrappers taken off ({@link Wrappers}), then
 * the programs each one runs in its turn read as invocations of their own: the string of {@code
 * bash -c}, {@code su -c}, {@code eval}, {@code watch}; a here-document fed to a shell; the command
 * of {@code xargs} and of {@code find -exec}; the shell commands in the inline code of {@code
 * python -c} and its kind ({@link Programs#inlineRuns}); then the commands of its substitutions.
 */
final class Resolver {
  private static final Set<String> DECLARATIONS =
      Set.of("export", "declare", "typeset", "local", "readonly");

  /** The programs that copy, link, move or install a file under another name. */
  private static final Set<String> MAKERS = Set.of("ln", "cp", "mv", "install", "link");

  /** The programs {@link #nested} reads by name, in its {@code switch}. */
  private static final Set<String> SWITCHED =
      Set.of(
          "base64", "base32", "basenc", "xxd", "rev", "tr", "openssl", "cat", "echo", "printf",
          "tee", "ssh", "alias", "make", "gmake", "su", "runuser", "eval", "watch", "xargs", "find",
          "flock", "cpio");

  /**
   * Every program {@link #nested} reads further by its name alone: one look-up rules out most of a
   * long command's programs, where each was looked for in six tables. Not in it: an alias this
   * command defined, and python's and pypy's names with a version ({@link
   * Programs#mayBeInterpreter}).
   */
  private static final Set<String> READ_FURTHER = readFurther();

  private static Set<String> readFurther() {
    Set<String> names = new HashSet<>(DECLARATIONS);
    names.addAll(Programs.shells());
    names.addAll(SWITCHED);
    names.addAll(Programs.namesReadFurther());
    names.addAll(Runners.nestedNames());
    names.addAll(MAKERS);
    return Set.copyOf(names);
  }

  /** The bounds of this parse. */
  private final ParseLimits limits;

  /** Where invocations go, in order. */
  private final List<Invocation> out;

  /** The words after the inline code being read: its program's arguments. */
  private List<Word> trailing = List.of();

  /** Where what cannot be read goes, in order. */
  private final List<Opaque> opaque;

  /** The aliases the command defined so far, by name: the text each stands for. */
  private final Map<String, String> aliases = new HashMap<>();

  /** The program names of the last paths asked, for the wrapper strip and the nesting. */
  private final ProgramNames names = new ProgramNames();

  /** The options a wrapper's skip met, reused from command to command. */
  private final Wrappers.Seen seenScratch = new Wrappers.Seen();

  /** The wrappers of the command being resolved, reused: {@link Invocation} keeps a copy. */
  private final List<String> wrapperScratch = new ArrayList<>();

  /** The way of the last substitution's commands ({@link #nestWay}), and what it was made of. */
  private List<String> nestWay = List.of();

  private List<String> nestVia;
  private String nestStep;

  /** The variables known in the script being resolved; each nested script gets a copy. */
  private Variables variables;

  /**
   * A resolver for one parse.
   *
   * @param limits its bounds
   * @param out where its invocations go
   * @param opaque where what it cannot read goes
   */
  public Resolver(ParseLimits limits, List<Invocation> out, List<Opaque> opaque) {
    this.limits = limits;
    this.out = out;
    this.opaque = opaque;
    this.variables = new Variables(ParseLimits.MAX_LENGTH);
  }

  /**
   * Reads {@code text} as a script reached by {@code via} at {@code depth} and adds its
   * invocations.
   *
   * @param text the script
   * @param depth its nesting depth (0 at the top)
   * @param via how it is reached
   * @param where where it sits, for messages
   * @throws ShellParseException past a bound or not a complete command
   */
  public void script(String text, int depth, List<String> via, String where)
      throws ShellParseException {
    script(text, depth, via, where, null);
  }

  /** A nested script, with {@code arguments} as its positional parameters when not null. */
  private void script(String text, int depth, List<String> via, String where, List<Word> arguments)
      throws ShellParseException {
    List<RawCommand> commands = Lowering.read(text, depth, limits, where);
    for (String evaluated : Programs.evaluatedStrings(text)) {
      script(evaluated, depth + 1, append(via, "evaluated string"), " in a string bash evaluates");
    }
    if (out instanceof ArrayList<Invocation> invocations) {
      // Most commands are one program each: room for them at once, not grown a half at a time.
      invocations.ensureCapacity(invocations.size() + commands.size());
    }
    Variables outer = variables;
    variables = outer.nested(arguments);
    try {
      for (int i = 0; i < commands.size(); i++) {
        resolve(commands.get(i), via);
      }
    } finally {
      variables = outer;
    }
  }

  /**
   * A variable's value with a substitution that only turns literal text into other text put in as
   * that text ({@code x=$(printf '\\x2d\\x2dforce')} is {@code --force}); otherwise as given.
   */
  private static Word folded(Word value, int depth) {
    if (value == null
        || value.literal()
        || value.text().indexOf('$') < 0 && value.text().indexOf('`') < 0) {
      return value;
    }
    String text = TextFolding.foldWord(value.text(), depth);
    return text == null || text.indexOf('$') >= 0 || text.indexOf('`') >= 0
        ? value
        : Word.literal(text);
  }

  /**
   * {@code value} as the shell stores it: with the variables it names expanded now, at the
   * assignment, so that {@code d=.cla; d="$HOME/${d}ude"} holds {@code $HOME/.claude} (issue 64's
   * blind set built the path of an agent's settings so) rather than a value that names itself.
   */
  private Word expandedOnAssignment(Word value) {
    if (value == null || value.literal()) {
      return value;
    }
    Word substituted = variables.substituteWord(value);
    return substituted != null ? substituted : value;
  }

  /** The variables that choose which programs and libraries every later command runs. */
  private static final Set<String> LOADER_VARIABLES = Set.of("PATH", "LD_PRELOAD", "LD_AUDIT");

  private void resolve(RawCommand raw, List<String> via) throws ShellParseException {
    if (raw.words.isEmpty()) {
      for (RawCommand.Assignment a : raw.assignments) {
        variables.assign(a.name(), expandedOnAssignment(folded(a.value(), raw.depth)));
        if (a.value() != null && LOADER_VARIABLES.contains(a.name())) {
          // PATH=/tmp/bin:$PATH alone sets the shell's own PATH, as export does: read as the export
          // it is for the rules of start-up files (a folder put ahead of the system's programs).
          out.add(
              new Invocation(
                  List.of(
                      Word.literal("export"),
                      new Word(a.name() + "=" + a.value().text(), a.value().literal())),
                  List.of(),
                  List.of(),
                  via));
        }
      }
    }
    for (int a = 0; a < raw.assignments.size(); a++) { // indexed: most commands have none
      RawCommand.Assignment assignment = raw.assignments.get(a);
      carried(assignment.name(), assignment.value(), raw.depth, via);
      environmentFrom(raw, assignment, via);
    }
    if (!raw.words.isEmpty()
        && raw.words.get(0).literal()
        && raw.words.get(0).text().endsWith("git")) {
      configEnv(raw, via);
    }
    if (!raw.words.isEmpty()
        && raw.words.get(0).literal()
        && (raw.words.get(0).text().endsWith("terraform")
            || raw.words.get(0).text().endsWith("tofu")
            || raw.words.get(0).text().endsWith("env"))
        && !via.contains("TF_CLI_ARGS")) { // read with them once: the variables are still set
      String added = Programs.terraformWithAdded(raw.words, values(raw));
      if (added != null) {
        script(
            added,
            raw.depth + 1,
            append(via, "TF_CLI_ARGS"),
            " in the arguments terraform reads from the environment");
      }
    }
    if (!raw.words.isEmpty() && raw.words.get(0).literal() && !made.isEmpty()) {
      List<Word> remade = madeProgram(raw.words, via);
      if (remade != null) {
        RawCommand again = new RawCommand(raw.depth, remade);
        again.substituted = raw.substituted;
        raw.redirects.forEach(again::addRedirect);
        again.pipedFrom = raw.pipedFrom;
        raw = again;
      }
    }
    // The scratch list is copied by the invocation (none at all when empty), and nothing below
    // reads it again: a long command's thousands of programs make no list each for it.
    List<String> wrappers = wrapperScratch;
    wrappers.clear();
    if (raw.timed) {
      wrappers.add("time");
    }
    if (!written.isEmpty() && !raw.words.isEmpty() && raw.words.get(0).literal()) {
      configRead(raw, raw.words, names.of(raw.words.get(0).text()), raw.depth + 1, via);
    }
    Word chdir = raw.words.isEmpty() ? null : Wrappers.chdir(raw.words, names);
    if (chdir != null) {
      // env -C DIR cmd, sudo -D DIR cmd: the command runs in DIR, as after cd DIR.
      out.add(new Invocation(List.of(Word.literal("cd"), chdir), List.of(), List.of(), via));
    }
    List<Word> words = Wrappers.strip(raw.words, wrappers, seenScratch, names, limits, raw.depth);
    if (wrappers.contains("env")) {
      carriedInWords(raw.words, raw.depth, via); // env GIT_PAGER=… git log
    }
    List<Redirect> redirects = List.of();
    if (raw.redirects.size() == 1) {
      redirects = List.of(redirect(raw.redirects.get(0)));
    } else if (!raw.redirects.isEmpty()) {
      Redirect[] made = new Redirect[raw.redirects.size()];
      for (int i = 0; i < made.length; i++) {
        made[i] = redirect(raw.redirects.get(i));
      }
      redirects = List.of(made);
    }
    // A second reading, with the known variables' values and folded substitutions put in, is the
    // command as it runs: it stands for this one (BUILD=build; rm -rf "$BUILD" deletes ./build),
    // and this one's substitutions are still read below.
    List<Word> second = raw.substituted ? null : secondReading(raw.words, raw.depth);
    // A default put in for a variable the environment may set (${TOKEN:-none}) is one reading of
    // two: both are read.
    boolean both = second != null && variables.guessed();
    if ((second == null || both) && (!words.isEmpty() || !redirects.isEmpty())) {
      Invocation invocation =
          new Invocation(words, wrappers.isEmpty() ? List.of() : wrappers, redirects, via);
      out.add(invocation);
      if (!words.isEmpty() && !programKnown(words.get(0)) && second == null) {
        // Nothing more to put in: what runs is computed at run time.
        opaque.add(new Opaque(Opaque.Kind.COMPUTED_PROGRAM, invocation, words.get(0).text()));
      }
      if (!words.isEmpty()) {
        nested(raw, words, via);
      }
    }
    // Indexed loops here and below: this runs for every program, and an iterator is garbage each.
    for (int n = 0; n < raw.nests.size(); n++) {
      Nest nest = raw.nests.get(n);
      List<String> inner = nestWay(via, nest.via());
      for (int c = 0; c < nest.commands().size(); c++) {
        resolve(nest.commands().get(c), inner);
      }
    }
    if (!raw.substituted && second != null) {
      // $x -rf / after x=rm, $(echo rm) -rf /: read once more with the values put in.
      RawCommand again = new RawCommand(raw.depth, second);
      again.substituted = true;
      raw.redirects.forEach(again::addRedirect);
      again.pipedFrom = raw.pipedFrom;
      resolve(again, append(via, "$var"));
    }
  }

  /**
   * The command's words with the known variables' values and the folded text of its substitutions
   * put in ({@link TextFolding}), or null when nothing changed.
   */
  private List<Word> secondReading(List<Word> words, int depth) {
    List<Word> substituted = variables.substitute(words);
    List<Word> folded = TextFolding.fold(substituted == null ? words : substituted, depth);
    return folded != null ? folded : substituted;
  }

  /**
   * A redirection as the invocation keeps it, its target with the known variables' values put in
   * ({@code f=~/.claude/settings.json; echo x > $f} writes that file).
   */
  private Redirect redirect(RawRedirect r) {
    Word target = r.body == null ? variables.substituteWord(r.target) : null;
    return new Redirect(r.operator, target == null ? r.target : target, r.body);
  }

  /**
   * Whether a program's word names a program the rules can read: literal, or computed only in its
   * folder ({@code $VIRTUAL_ENV/bin/python}, {@code ~/bin/tool}, {@code $(go env GOPATH)/bin/x}).
   */
  static boolean programKnown(Word program) {
    if (program.literal()) {
      return true;
    }
    String text = program.text();
    String name = basename(text);
    if (name.isEmpty() || name.length() == text.length()) {
      return false;
    }
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (c == '$' || c == '`' || c == '*' || c == '?' || c == '[' || c == ')' || c == '}') {
        return false;
      }
    }
    return true;
  }

  /**
   * The files this command made from a program under another name so far ({@code ln -s /bin/rm
   * del}): the made path as written, without a leading {@code ./}, to the program it was made from
   * ({@code null} when that cannot be read).
   */
  private final Map<String, Word> made = new HashMap<>();

  /** Remembers {@code ln|cp|mv|install SOURCE DEST} (and {@code -t DIR}) as programs made. */
  private void rememberMade(List<Word> words, String program) {
    List<Word> positionals = new ArrayList<>();
    String into = null;
    for (int i = 1; i < words.size(); i++) {
      String t = words.get(i).text();
      if ((t.equals("-t") || t.equals("--target-directory")) && i + 1 < words.size()) {
        into = words.get(++i).text();
      } else if (t.startsWith("--target-directory=")) {
        into = t.substring(19);
      } else if ((t.equals("-m")
              || t.equals("--mode")
              || t.equals("-o")
              || t.equals("-g")
              || t.equals("-S")
              || t.equals("--suffix"))
          && program.equals("install")) {
        i++;
      } else if (!t.startsWith("-") || t.equals("-")) {
        positionals.add(words.get(i));
      }
    }
    if (positionals.isEmpty()) { // bounded by the words, as the aliases are
      return;
    }
    if (into != null) {
      for (Word source : positionals) {
        made.put(plainPath(into + "/" + basename(source.text())), source);
      }
    } else if (positionals.size() >= 2) {
      Word source = positionals.get(0);
      String dest = positionals.get(positionals.size() - 1).text();
      made.put(plainPath(dest), source);
      made.put(plainPath(dest + "/" + basename(source.text())), source);
    }
  }

  private static String plainPath(String path) {
    String p = path;
    while (p.startsWith("./")) {
      p = p.substring(2);
    }
    while (p.contains("//")) {
      p = p.replace("//", "/");
    }
    return p;
  }

  /**
   * A command that runs a program made earlier in this command, with the program it was made from
   * put in its place ({@code ./del -rf ~} after {@code ln -s /bin/rm del} is {@code /bin/rm -rf
   * ~}); opaque when what it was made from cannot be read; null when it runs no made program.
   */
  private List<Word> madeProgram(List<Word> words, List<String> via) {
    String run = plainPath(words.get(0).text());
    Word source = made.get(run);
    if (source == null) {
      // cd /tmp && ./d, PATH=/tmp/bin:$PATH del: the same name, reached another way.
      String name = basename(run);
      for (Map.Entry<String, Word> entry : made.entrySet()) {
        if (basename(entry.getKey()).equals(name)
            && !entry.getValue().text().equals(words.get(0).text())) {
          source = entry.getValue();
          break;
        }
      }
    }
    if (source == null) {
      return null;
    }
    if (!source.literal()) {
      opaque(
          Opaque.Kind.MADE_PROGRAM,
          words,
          via,
          words.get(0).text() + " (from " + source.text() + ")");
      return null;
    }
    List<Word> remade = new ArrayList<>(words);
    remade.set(0, source);
    return remade;
  }

  /** What the command wrote into files so far, by path as written (no leading ./): their text. */
  private final Map<String, String> written = new HashMap<>();

  /**
   * Remembers the text a printer writes into a file ({@code printf '…' > /tmp/gc}, {@code | tee
   * f}).
   */
  private void rememberWritten(RawCommand raw, List<Word> words, String program)
      throws ShellParseException {
    String text = null;
    if (program.equals("echo") || program.equals("printf") || program.equals("cat")) {
      RawCommand self = new RawCommand(raw.depth, words);
      raw.redirects.forEach(self::addRedirect);
      text = printedBy(self);
      if (text != null) {
        for (RawRedirect r : raw.redirects) {
          if (r.body == null && (r.operator.equals(">") || r.operator.equals(">>"))) {
            written.put(plainPath(r.target.text()), text);
          }
        }
      }
    } else if (TextFolding.transforms(program)) {
      // base64 -d <<< … > f: what a decoder prints of a here-string or literal text piped in.
      String input = null;
      for (RawRedirect r : raw.redirects) {
        if (r.body != null) {
          input = r.operator.equals("<<<") ? r.body + "\n" : r.body;
        }
      }
      if (input == null && raw.pipedFrom != null) {
        String piped = pipedText(raw);
        input = piped == null ? null : piped + "\n";
      }
      text = input == null ? null : TextFolding.transform(words, input);
      if (text != null) {
        for (RawRedirect r : raw.redirects) {
          if (r.body == null && (r.operator.equals(">") || r.operator.equals(">>"))) {
            written.put(plainPath(r.target.text()), text);
          }
        }
      }
    } else if (program.equals("tee") && raw.pipedFrom != null) {
      text = pipedText(raw);
      if (text != null) {
        for (int i = 1; i < words.size(); i++) {
          if (!words.get(i).text().startsWith("-")) {
            written.put(plainPath(words.get(i).text()), text);
          }
        }
      }
    }
  }

  /**
   * A program that reads a configuration file this command wrote: its settings that run commands
   * read as those commands ({@link Programs#gitConfigCommands} and its kin).
   */
  private void configRead(
      RawCommand raw, List<Word> words, String program, int depth, List<String> via)
      throws ShellParseException {
    if (written.isEmpty()) {
      return;
    }
    for (RawCommand.Assignment a : raw.assignments) {
      String file = a.value() == null ? null : written.get(plainPath(a.value().text()));
      if (file == null) {
        continue;
      }
      List<String> commands =
          switch (a.name()) {
            case "GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM", "GIT_CONFIG" ->
                Programs.gitConfigCommands(file);
            case "AWS_CONFIG_FILE", "AWS_SHARED_CREDENTIALS_FILE" ->
                Programs.awsConfigCommands(file);
            default -> List.of();
          };
      for (String command : commands) {
        script(
            command, depth + 1, append(via, "$" + a.name()), " in the file " + a.name() + " names");
      }
    }
    for (int i = 1; i < words.size(); i++) {
      String t = words.get(i).text();
      String path = null;
      boolean git = program.equals("git");
      if (git && t.contains("include") && t.contains(".path=")) {
        path = t.substring(t.indexOf(".path=") + 6);
      } else if (git && (t.equals("--file") || t.equals("-f")) && i + 1 < words.size()) {
        path = words.get(i + 1).text();
      } else if (program.equals("ssh") && t.equals("-F") && i + 1 < words.size()) {
        path = words.get(i + 1).text();
      }
      String file = path == null ? null : written.get(plainPath(path));
      if (file != null) {
        for (String command :
            git ? Programs.gitConfigCommands(file) : Programs.sshConfigCommands(file)) {
          script(
              command, depth + 1, append(via, program + " config"), " in a config file it reads");
        }
      }
      if (git && t.contains("core.hooksPath=")) {
        // -c core.hooksPath=DIR: the hooks written into DIR run at the next commit, push, …
        String dir = plainPath(t.substring(t.indexOf("core.hooksPath=") + 15));
        for (Map.Entry<String, String> entry : written.entrySet()) {
          if (entry.getKey().startsWith(dir + "/")) {
            script(entry.getValue(), depth + 1, append(via, "git hook"), " in a hook it runs");
          }
        }
      }
    }
  }

  /** What a printer prints: {@code echo}, {@code printf}, {@code cat} of a here-document. */
  private String printedBy(RawCommand printer) throws ShellParseException {
    RawCommand probe = new RawCommand(printer.depth);
    probe.pipedFrom = printer;
    return pipedText(probe);
  }

  /**
   * Settings given through the environment that a program reads with another: {@code
   * GIT_CONFIG_KEY_n} paired with {@code GIT_CONFIG_VALUE_n} (git's settings), and {@code
   * BASH_ENV=/dev/stdin} with the here-document the command feeds (a shell's start-up code).
   */
  private void environmentFrom(RawCommand raw, RawCommand.Assignment assignment, List<String> via)
      throws ShellParseException {
    String name = assignment.name();
    Word value = assignment.value();
    if (value == null) {
      return;
    }
    if (name.startsWith("GIT_CONFIG_KEY_")) {
      String index = name.substring("GIT_CONFIG_KEY_".length());
      for (RawCommand.Assignment other : raw.assignments) {
        if (other.name().equals("GIT_CONFIG_VALUE_" + index) && other.value() != null) {
          String setting = value.text() + "=" + other.value().text();
          script(
              "git -c " + quotedWord(setting) + " status",
              raw.depth + 1,
              append(via, "$GIT_CONFIG_KEY"),
              " in git's settings from the environment");
        }
      }
    }
    if ((name.equals("BASH_ENV") || name.equals("ENV")) && isStandardInput(value.text())) {
      for (RawRedirect r : raw.redirects) {
        if (r.body != null) {
          script(
              r.body,
              raw.depth + 1,
              append(via, "$" + name),
              " in the start-up code fed to the shell");
        }
      }
    }
  }

  /**
   * {@code git --config-env=KEY=VAR}: the setting's value is the variable's, given before the
   * command or earlier in it; one the guard cannot read is opaque.
   */
  private void configEnv(RawCommand raw, List<String> via) throws ShellParseException {
    for (Word word : raw.words) {
      String t = word.text();
      if (!t.startsWith("--config-env=")) {
        continue;
      }
      String setting = t.substring("--config-env=".length());
      int eq = setting.lastIndexOf('=');
      if (eq <= 0) {
        continue;
      }
      String variable = setting.substring(eq + 1);
      String value = null;
      for (RawCommand.Assignment a : raw.assignments) {
        if (a.name().equals(variable) && a.value() != null && a.value().literal()) {
          value = a.value().text();
        }
      }
      if (value == null) {
        Word known = variables.value(variable);
        value = known == null ? null : known.text();
      }
      if (value == null) {
        opaque(Opaque.Kind.CARRIED_CODE, raw.words, via, t);
      } else {
        script(
            "git -c " + quotedWord(setting.substring(0, eq) + "=" + value) + " status",
            raw.depth + 1,
            append(via, "git --config-env"),
            " in a setting git reads from the environment");
      }
    }
  }

  private static String quotedWord(String text) {
    return "'" + text.replace("'", "'\\''") + "'";
  }

  /** {@code NAME=value} words of env, export and the like that carry code. */
  private void carriedInWords(List<Word> words, int depth, List<String> via)
      throws ShellParseException {
    for (int i = 1; i < words.size(); i++) {
      String t = words.get(i).text();
      int eq = t.indexOf('=');
      if (eq > 0 && Programs.environmentForm(t.substring(0, eq)) != null) {
        String value = t.substring(eq + 1);
        carried(t.substring(0, eq), new Word(value, words.get(i).literal()), depth, via);
      }
    }
  }

  /**
   * A variable given code that programs run ({@link Programs#environmentForm}): its literal value
   * read as the command it is ({@code GIT_PAGER='rm -rf ~'} is {@code rm -rf ~}); a value the guard
   * cannot read is opaque.
   */
  private void carried(String name, Word value, int depth, List<String> via)
      throws ShellParseException {
    EnvironmentForm form = Programs.environmentForm(name);
    if (form == null || value == null) {
      return;
    }
    List<Word> shown = List.of(new Word(name + "=" + value.text(), value.literal()));
    boolean readable = value.literal() || Variables.isHomePath(value.text());
    if (form == EnvironmentForm.NODE_OPTIONS) {
      if (!readable || Programs.loadsUnreadCode(value.text())) {
        opaque(Opaque.Kind.CARRIED_CODE, shown, via, name + "=" + value.text());
      }
      return;
    }
    if (form == EnvironmentForm.PROMPT) {
      readable = true; // a prompt's own text is no code; what it runs is read below
    }
    if (form == EnvironmentForm.LIBRARY) {
      if (!readable || !Programs.systemLibrary(value.text())) {
        opaque(Opaque.Kind.CARRIED_CODE, shown, via, name + "=" + value.text());
      }
      return;
    }
    // A command whose program is written out (ssh -i $HOME/.ssh/key) is read as any command is,
    // its words' expansions and all; one computed whole ($X, $(…)) cannot be read.
    String text = value.text().strip();
    boolean computedWhole = text.startsWith("$") || text.startsWith("`");
    if (!readable && (form != EnvironmentForm.COMMAND || computedWhole)) {
      opaque(Opaque.Kind.CARRIED_CODE, shown, via, name + "=" + value.text());
      return;
    }
    String command = Programs.environmentCommand(form, value.text());
    if (command != null && !command.isEmpty()) {
      script(command, depth + 1, append(via, "$" + name), " in the value of " + name);
    }
  }

  /** An alias the command defined runs its text with the arguments after it. */
  private void alias(List<Word> words, String program, int depth, List<String> via)
      throws ShellParseException {
    String alias = aliases.isEmpty() ? null : aliases.get(program);
    if (alias != null && !via.contains("alias " + program)) {
      script(
          alias + " " + joined(words, 1),
          depth,
          append(via, "alias " + program),
          " in the alias " + program);
    }
  }

  /** {@code alias name='text'}: remembered for the commands after it in this parse. */
  private void defineAliases(List<Word> words) {
    for (int i = 1; i < words.size(); i++) {
      String t = words.get(i).text();
      int eq = t.indexOf('=');
      // No count of its own: every alias is a word, and the words are bounded (a cap here let the
      // 65th alias, and what it stood for, through unread).
      if (eq > 0) {
        aliases.put(t.substring(0, eq), t.substring(eq + 1));
      }
    }
  }

  /**
   * {@code make -f -} with its makefile on standard input (a here-document, a here-string, piped
   * text): each recipe line (a tab first) runs through the shell.
   */
  private void makefileFromInput(RawCommand raw, List<Word> words, int depth, List<String> via)
      throws ShellParseException {
    boolean fromInput = false;
    for (int i = 1; i < words.size(); i++) {
      String t = words.get(i).text();
      fromInput |=
          (t.equals("-f") || t.equals("--file") || t.equals("--makefile"))
                  && i + 1 < words.size()
                  && isStandardInput(words.get(i + 1).text())
              || (t.startsWith("--file=") || t.startsWith("--makefile="))
                  && isStandardInput(t.substring(t.indexOf('=') + 1));
    }
    List<String> bodies = new ArrayList<>();
    for (int i = 1; i < words.size(); i++) {
      // make --eval=TEXT reads TEXT as a makefile (GTFOBins make).
      String t = words.get(i).text();
      if (t.startsWith("--eval=")) {
        bodies.add(t.substring(7));
      } else if (t.equals("--eval") && i + 1 < words.size()) {
        bodies.add(words.get(++i).text());
      }
    }
    String makefile = null;
    for (int i = 1; i + 1 < words.size(); i++) {
      if (words.get(i).text().equals("-f") || words.get(i).text().equals("--file")) {
        makefile = words.get(i + 1).text();
      }
    }
    for (String name :
        makefile != null ? List.of(makefile) : List.of("GNUmakefile", "makefile", "Makefile")) {
      String text = written.get(plainPath(name));
      if (text != null) {
        bodies.add(text); // printf 'x:\n\trm -rf ~\n' > Makefile && make x
        break;
      }
    }
    if (!fromInput && bodies.isEmpty()) {
      return;
    }
    for (RawRedirect r : fromInput ? raw.redirects : List.<RawRedirect>of()) {
      if (r.body != null) {
        bodies.add(r.body);
      }
    }
    String piped = fromInput ? pipedText(raw) : null;
    if (piped != null) {
      bodies.add(piped);
    }
    for (String body : bodies) {
      for (String line : body.split("\n")) {
        if (line.startsWith("\t")) {
          script(line.substring(1), depth, append(via, "make recipe"), " in a recipe of make");
        }
      }
    }
  }

  static boolean isStandardInput(String file) {
    return file.equals("-")
        || file.equals("/dev/stdin")
        || file.equals("/proc/self/fd/0")
        || file.equals("/dev/fd/0");
  }

  /** {@return whether {@code program} is a shell} */
  static boolean isShell(String program) {
    return Programs.isShell(program);
  }

  /** The programs {@code words} runs in its turn. */
  private void nested(RawCommand raw, List<Word> words, List<String> via)
      throws ShellParseException {
    Word first = words.get(0);
    if (!programKnown(first)) {
      return;
    }
    String program = names.of(first.text());
    int depth = raw.depth + 1;
    if (!READ_FURTHER.contains(program) && !Programs.mayBeInterpreter(program)) {
      alias(words, program, depth, via);
      return;
    }
    if (DECLARATIONS.contains(program)) {
      variables.declare(words);
      carriedInWords(words, depth, via);
      return;
    }
    if (program.equals("env") || program.equals("cross-env") || program.equals("env-cmd")) {
      carriedInWords(words, depth, via);
    }
    if (MAKERS.contains(program)) {
      rememberMade(words, program);
    }
    rememberWritten(raw, words, program);
    if (program.equals("cat") && words.size() == 2 && words.get(1).literal()) {
      for (RawRedirect r : raw.redirects) {
        if (r.body == null && (r.operator.equals(">") || r.operator.equals(">|"))) {
          made.put(plainPath(r.target.text()), words.get(1)); // cat /bin/rm > del: a copy
        }
      }
    }
    if (Programs.isShell(program)) {
      shell(raw, words, program, depth, via);
      return;
    }
    alias(words, program, depth, via);
    List<CarriedRun> carriedCode = Programs.carried(program, words);
    for (int c = 0; c < carriedCode.size(); c++) {
      CarriedRun carried = carriedCode.get(c);
      List<String> inner = append(via, carried.via());
      if (carried.script() != null) {
        script(carried.script(), depth, inner, " in the code of " + carried.via());
      } else {
        command(carried.command(), depth, inner);
      }
    }
    switch (program) {
      case "alias" -> defineAliases(words);
      case "make", "gmake" -> makefileFromInput(raw, words, depth, via);
      case "su", "runuser" -> {
        String command = Wrappers.optionValue(words, 'c', "--command");
        if (command != null) {
          script(command, depth, append(via, program + " -c"), " in the string of " + program);
        }
      }
      case "eval" -> {
        int from = words.size() > 1 && words.get(1).text().equals("--") ? 2 : 1;
        if (words.size() > from) {
          script(joined(words, from), depth, append(via, "eval"), " in the string of eval");
        }
      }
      case "watch" -> watch(words, depth, via);
      case "cpio" -> {
        // cpio -o reads the files whose names it is fed: echo ~/.ssh/id_rsa | cpio -o.
        boolean out = false;
        for (Word w : words) {
          out |=
              w.text().startsWith("-") && !w.text().startsWith("--") && w.text().indexOf('o') > 0
                  || w.text().equals("--create");
        }
        String piped = out ? pipedText(raw) : null;
        if (piped != null) {
          List<Word> read = new ArrayList<>();
          read.add(Word.literal("cat"));
          for (Word name : Wrappers.splitString(new Word(piped, false))) {
            read.add(
                new Word(
                    name.text(), !name.text().startsWith("~") && name.text().indexOf('$') < 0));
          }
          command(read, depth, append(via, "cpio -o"));
        }
      }
      case "xargs" -> xargs(raw, words, depth, via);
      case "find" -> find(words, depth, via);
      case "flock" -> {
        String command = Wrappers.optionValue(words, 'c', "--command");
        if (command != null) {
          script(command, depth, append(via, "flock -c"), " in the string of flock -c");
        }
      }
      default -> {
        InlineLanguage language = Programs.inlineLanguage(program);
        if (language != null) {
          inline(raw, words, language, depth, via);
        }
      }
    }
    Runners.Row row = Runners.of(program);
    if (row != null && !row.wrapper()) {
      runner(raw, words, program, row, depth, via);
    }
  }

  /**
   * A program of the table of programs that run programs ({@link Runners}) read by the table: the
   * code of its code options, the command after its options, the code fed on its standard input. A
   * row the table says is read by other code ({@code handler}) is left to it.
   */
  private void runner(
      RawCommand raw,
      List<Word> words,
      String program,
      Runners.Row row,
      int depth,
      List<String> via)
      throws ShellParseException {
    String handler = row.handler();
    if (handler != null && !handler.startsWith("Runners.")) {
      return;
    }
    List<String> inner = append(via, program);
    if (handler != null) {
      RunnerHandlers.read(handler, this, raw, words, row, depth, inner);
      return;
    }
    List<Word> values = RunnerWords.codeValues(row, words);
    for (int i = 0; i < values.size(); i++) {
      code(values.get(i), row.language(), words, depth, inner);
    }
    for (int i = 1; i + 1 < words.size() && !row.argvAfter().isEmpty(); i++) {
      if (row.argvAfter().contains(words.get(i).text())) {
        command(words.subList(i + 1, words.size()), depth, inner); // gdb --args prog …
        break;
      }
    }
    if (row.runs().equals("argv")) {
      int at = RunnerWords.commandStart(row, words);
      // npx @openai/codex exec -c x: a code option after the command is the command's (npx hands
      // every word from its first positional on to it); read as both, the worse reading wins.
      if (at >= 0 && at < words.size() && (values.isEmpty() || at < firstCode(row, words))) {
        List<Word> command = new ArrayList<>(row.prefix().size() + words.size() - at);
        for (String word : row.prefix()) {
          command.add(Word.literal(word));
        }
        command.addAll(words.subList(at, words.size()));
        command(command, depth, inner);
      }
    }
    if ((row.runs().equals("stdin") || row.stdinToo())
        && RunnerWords.commandStart(row, words) >= 0) {
      input(raw, row.language(), words, depth, inner);
    }
  }

  /** The index of the first of a row's code options in {@code words}, or the words' count. */
  private static int firstCode(Runners.Row row, List<Word> words) {
    for (int i = 1; i < words.size(); i++) {
      String t = words.get(i).text();
      for (String option : row.code()) {
        if (t.equals(option) || t.startsWith(option + "=")) {
          return i;
        }
      }
    }
    return words.size();
  }

  /**
   * Code in {@code language} that a runner runs: read as shell, or for another language as what its
   * code runs ({@link Programs#foreignRuns}); code that is not written in the command (a variable,
   * a substitution) is opaque.
   */
  void code(Word value, String language, List<Word> runner, int depth, List<String> via)
      throws ShellParseException {
    if (language.equals("shell")) {
      script(value.text(), depth, via, " in the code of " + via.get(via.size() - 1));
      return;
    }
    if (!value.literal() && !(language.equals("sql") && !value.text().startsWith("$"))) {
      // SQL with a value put in (psql -c "… WHERE id=$ID") is SQL still: what it runs is read
      // from its text; code that is computed whole is not.
      opaque(Opaque.Kind.COMPUTED_CODE, runner, via, value.text());
      return;
    }
    for (ForeignRun found : Programs.foreignRuns(language, value.text())) {
      if (found.shell() != null) {
        script(found.shell(), depth, via, " in the code of " + via.get(via.size() - 1));
      } else if (found.argv() != null && !found.argv().isEmpty()) {
        command(found.argv(), depth, via);
      } else if (found.language() != null) {
        // vim's py3 …, gdb's python …: the interpreter's own code, read as python -c is (its
        // shell commands, and what the inline rules read of it: deletes, secrets, downloads).
        String[] interpreter = found.language().commandLine();
        command(
            List.of(
                Word.literal(interpreter[0]),
                Word.literal(interpreter[1]),
                Word.literal(found.code())),
            depth,
            via);
      } else if (found.opaque() != null) {
        opaque(Opaque.Kind.COMPUTED_CODE, runner, via, found.opaque());
      }
    }
  }

  /**
   * What a runner reads as code on its standard input: here-documents, here-strings and literal
   * text piped into it are read in its language; text another program prints is opaque, but for a
   * file's contents (a script on disk, as {@code sh file} runs one) and for what the network and
   * decoders print, which the remote rules read.
   */
  void input(RawCommand raw, String language, List<Word> runner, int depth, List<String> via)
      throws ShellParseException {
    for (RawRedirect r : raw.redirects) {
      if (r.body != null && r.operator.startsWith("<<")) {
        // A here-document with a quoted delimiter is its text; any other expands $… and `…`.
        boolean literal = r.quoted || r.body.indexOf('$') < 0 && r.body.indexOf('`') < 0;
        code(new Word(r.body, literal), language, runner, depth, append(via, "heredoc"));
      }
    }
    String piped = pipedText(raw);
    if (piped != null) {
      Word text = new Word(piped, producerLiteral(raw.pipedFrom));
      code(text, language, runner, depth, append(via, "pipe"));
    } else if (raw.pipedFrom != null
        && !language.equals("sql")
        && Programs.producerOf(pipeBack(raw.pipedFrom)) == ProducerKind.UNKNOWN) {
      opaque(Opaque.Kind.COMPUTED_INPUT, runner, via, Programs.producerShown(raw.pipedFrom.words));
    }
  }

  /** Whether every word of a literal producer ({@code printf '%s' "$X"}) is literal. */
  private static boolean producerLiteral(RawCommand from) {
    for (Word word : from.words) {
      if (!word.literal()) {
        return false;
      }
    }
    return true;
  }

  /** Records what cannot be read, against the runner's words. */
  void opaque(Opaque.Kind kind, List<Word> runner, List<String> via, String what) {
    opaque.add(new Opaque(kind, new Invocation(runner, List.of(), List.of(), via), what));
  }

  /** A command given as words, for the runner handlers. */
  void runCommand(List<Word> words, int depth, List<String> via) throws ShellParseException {
    command(words, depth, via);
  }

  /** A script reached by {@code via}, for the runner handlers. */
  void runScript(String text, int depth, List<String> via) throws ShellParseException {
    script(text, depth, via, " in the code of " + via.get(via.size() - 1));
  }

  private void shell(RawCommand raw, List<Word> words, String program, int depth, List<String> via)
      throws ShellParseException {
    boolean dashC = false;
    boolean stdin = false;
    String operand = null;
    int i = 1;
    for (; i < words.size(); i++) {
      String w = words.get(i).text();
      if (w.equals("--") || w.equals("-")) {
        i++;
        break;
      }
      if (w.startsWith("--")) {
        if (w.equals("--rcfile") || w.equals("--init-file")) {
          i++;
        }
        continue;
      }
      if ((w.startsWith("-") || w.startsWith("+")) && w.length() > 1) {
        for (int j = 1; j < w.length(); j++) {
          char c = w.charAt(j);
          if (c == 'c') {
            dashC = true;
          } else if (c == 's') {
            stdin = true;
          } else if (c == 'o' || c == 'O') {
            i++;
            break;
          }
        }
        continue;
      }
      break;
    }
    if (i < words.size()) {
      operand = words.get(i).text();
      // bash /dev/stdin, bash /dev/fd/0, bash /dev/fd/3 3<<< …: the script is what is fed in.
      if (isStandardInput(operand)
          || operand.startsWith("/dev/fd/")
          || operand.startsWith("/proc/self/fd/")) {
        stdin = true;
      }
    }
    for (RawRedirect r : raw.redirects) {
      if (r.operator.equals("<") && r.target.text().startsWith("<(")) {
        processSubstitution(r.target, words, depth, via); // bash < <(echo …)
      }
    }
    if (dashC) {
      if (operand != null) {
        script(
            operand,
            depth,
            append(via, program + " -c"),
            " in the string of " + program + " -c",
            words.subList(i + 1, words.size()));
      }
      return;
    }
    if (operand == null || stdin) {
      for (RawRedirect r : raw.redirects) {
        if (r.body != null && r.operator.startsWith("<<")) {
          script(r.body, depth, append(via, "heredoc"), " in the here-document of " + program);
        }
      }
      String piped = pipedText(raw);
      if (piped != null) {
        script(piped, depth, append(via, "pipe"), " in the text piped into " + program);
      } else if (raw.pipedFrom != null
          && Programs.producerOf(pipeBack(raw.pipedFrom)) == ProducerKind.UNKNOWN) {
        opaque(Opaque.Kind.COMPUTED_INPUT, words, via, Programs.producerShown(raw.pipedFrom.words));
      }
    } else {
      processSubstitution(words.get(i), words, depth, via);
      String script = written.get(plainPath(operand));
      if (script != null) {
        script(
            script,
            depth,
            append(via, "written " + basename(operand)),
            " in a file the command wrote");
      }
    }
    for (RawRedirect r : raw.redirects) {
      String script =
          r.body == null && r.operator.equals("<") ? written.get(plainPath(r.target.text())) : null;
      if (script != null) {
        script(
            script,
            depth,
            append(via, "written " + basename(r.target.text())),
            " in a file the command wrote");
      }
    }
  }

  /**
   * A script a shell or {@code source} reads from a process substitution ({@code bash <(echo …)}):
   * read as what it prints where that folds ({@link TextFolding}); opaque where it does not, but
   * for the network's and the decoders' output, which the remote rules read.
   */
  void processSubstitution(Word operand, List<Word> runner, int depth, List<String> via)
      throws ShellParseException {
    String text = operand.text();
    if (operand.literal() || !text.startsWith("<(") || !text.endsWith(")")) {
      return;
    }
    String inner = text.substring(2, text.length() - 1);
    String printed = TextFolding.evaluate(inner, depth);
    if (printed != null) {
      script(printed, depth, append(via, "<(…)"), " in a process substitution");
      return;
    }
    List<RawCommand> commands =
        Lowering.read(inner, depth, new ParseLimits(ParseLimits.MAX_DEPTH, 1024), "");
    if (!commands.isEmpty()
        && Programs.producerOf(pipeBack(commands.get(commands.size() - 1)))
            == ProducerKind.UNKNOWN) {
      opaque(Opaque.Kind.COMPUTED_INPUT, runner, via, text);
    }
  }

  /**
   * The text a literal producer pipes into {@code raw} ({@code echo …}, {@code printf …}, {@code
   * cat} of a here-document or here-string), or null when the producer is anything else.
   */
  private String pipedText(RawCommand raw) throws ShellParseException {
    RawCommand from = raw.pipedFrom;
    if (from == null) {
      return null;
    }
    List<Word> words =
        Wrappers.strip(from.words, new ArrayList<>(), seenScratch, names, limits, from.depth);
    if (words.isEmpty() || !words.get(0).literal()) {
      return null;
    }
    switch (names.of(words.get(0).text())) {
      case "echo" -> {
        int at = 1;
        boolean escapes = false;
        while (at < words.size() && isEchoOption(words.get(at).text())) {
          escapes |= words.get(at).text().indexOf('e') > 0;
          at++;
        }
        // echo -e decodes its escapes (\x72\x6d is rm), as the shell it feeds would read them.
        return escapes ? SyntaxParser.decodeEscapes(joined(words, at)) : joined(words, at);
      }
      case "printf" -> {
        return words.size() > 1 ? printf(words) : null;
      }
      case "cat" -> {
        for (RawRedirect r : from.redirects) {
          if (r.body != null) {
            return r.body;
          }
        }
        return null;
      }
      default -> {
        return null;
      }
    }
  }

  private static boolean isHex(char c) {
    return Character.digit(c, 16) >= 0;
  }

  private static boolean isEchoOption(String word) {
    if (word.length() < 2 || word.charAt(0) != '-') {
      return false;
    }
    for (int i = 1; i < word.length(); i++) {
      if ("neE".indexOf(word.charAt(i)) < 0) {
        return false;
      }
    }
    return true;
  }

  /** What printf writes, roughly: each conversion takes the next argument, the rest follow. */
  static String printf(List<Word> words) {
    String format = words.get(1).text();
    StringBuilder sb = new StringBuilder();
    int next = 2;
    for (int i = 0; i < format.length(); i++) {
      char c = format.charAt(i);
      if (c == '%' && i + 1 < format.length()) {
        char d = format.charAt(++i);
        if (d == '%') {
          sb.append('%');
        } else if (next < words.size()) {
          // %b decodes its argument's escapes as the format's own are decoded.
          String argument = words.get(next++).text();
          sb.append(d == 'b' ? SyntaxParser.decodeEscapes(argument) : argument);
        }
      } else if (c == '\\' && i + 1 < format.length()) {
        // \n, \t, \x72, \162 and the rest, as printf decodes its format.
        int end = i + 2;
        char d = format.charAt(i + 1);
        if (d == 'x') {
          while (end < format.length() && end < i + 4 && isHex(format.charAt(end))) {
            end++;
          }
        } else if (d >= '0' && d <= '7') {
          while (end < format.length()
              && end < i + 5
              && format.charAt(end) >= '0'
              && format.charAt(end) <= '7') {
            end++;
          }
        }
        sb.append(SyntaxParser.decodeEscapes(format.substring(i, end)));
        i = end - 1;
      } else {
        sb.append(c);
      }
    }
    for (; next < words.size(); next++) {
      sb.append(' ').append(words.get(next).text());
    }
    return sb.toString();
  }

  /**
   * {@code xargs}'s command; when a literal producer pipes into it ({@code echo / | xargs rm -rf}),
   * with the piped words as its arguments, or in place of {@code -I}'s string.
   */
  private void xargs(RawCommand raw, List<Word> words, int depth, List<String> via)
      throws ShellParseException {
    Wrappers.Seen seen = new Wrappers.Seen();
    int at = Wrappers.skipOptions(words, 1, "adEILnPs", Wrappers.XARGS_LONG, seen);
    List<Word> command =
        new ArrayList<>(at < words.size() ? words.subList(at, words.size()) : List.of());
    if (command.isEmpty()) {
      command.add(Word.literal("echo"));
    }
    String piped = pipedText(raw);
    if (piped != null) {
      String replace = replaceString(words);
      List<Word> input = Wrappers.splitString(Word.literal(piped));
      if (replace == null) {
        command.addAll(input);
      } else if (!input.isEmpty()) {
        String value = input.get(0).text();
        command.replaceAll(
            w ->
                w.text().contains(replace)
                    ? new Word(w.text().replace(replace, value), w.literal())
                    : w);
      }
    }
    if (at < words.size() || piped != null) {
      command(command, depth, append(via, "xargs"));
    }
  }

  /**
   * The string of xargs's {@code -I R}, {@code -IR}, {@code -i} or {@code --replace[=R]}, or null.
   */
  private static String replaceString(List<Word> words) {
    for (int i = 1; i < words.size(); i++) {
      String t = words.get(i).text();
      if (t.equals("-I") && i + 1 < words.size()) {
        return words.get(i + 1).text();
      }
      if (t.startsWith("-I") && t.length() > 2) {
        return t.substring(2);
      }
      if (t.equals("-i") || t.equals("--replace")) {
        return "{}";
      }
      if (t.startsWith("-i") || t.startsWith("--replace=")) {
        return t.substring(t.indexOf(t.startsWith("-i") ? 'i' : '=') + 1);
      }
      if (!t.startsWith("-")) {
        return null;
      }
    }
    return null;
  }

  private void watch(List<Word> words, int depth, List<String> via) throws ShellParseException {
    Wrappers.Seen seen = new Wrappers.Seen();
    int at = Wrappers.skipOptions(words, 1, "n", Set.of("--interval"), seen);
    if (at >= words.size()) {
      return;
    }
    List<String> inner = append(via, "watch");
    if (seen.has('x') || seen.hasLong("--exec")) {
      command(words.subList(at, words.size()), depth, inner);
    } else {
      script(joined(words, at), depth, inner, " in the command of watch");
    }
  }

  private void find(List<Word> words, int depth, List<String> via) throws ShellParseException {
    for (int i = 1; i < words.size(); i++) {
      String w = words.get(i).text();
      if (!(w.equals("-exec") || w.equals("-execdir") || w.equals("-ok") || w.equals("-okdir"))) {
        continue;
      }
      int end = i + 1;
      while (end < words.size()
          && !words.get(end).text().equals(";")
          && !words.get(end).text().equals("+")) {
        end++;
      }
      if (end > i + 1) {
        command(words.subList(i + 1, end), depth, append(via, "find -exec"));
      }
      i = end;
    }
  }

  private void inline(
      RawCommand raw, List<Word> words, InlineLanguage language, int depth, List<String> via)
      throws ShellParseException {
    String code = Programs.inlineCode(language, words);
    if (code != null) {
      trailing = List.of();
      for (int i = 1; i < words.size(); i++) {
        if (words.get(i).text().equals(code)) {
          trailing = words.subList(i + 1, words.size()); // perl -e CODE ARGS: @ARGV, sys.argv[1:]
          break;
        }
      }
      extract(language, code, depth, append(via, language.via()));
      trailing = List.of();
      return;
    }
    if (!Programs.takesScriptFromStdin(language, words)) {
      return;
    }
    // The code on its input is read as the same code given on the line ({@code python3 -c CODE}),
    // so that the rules read what its library calls do too (a delete, a secret, a write).
    for (RawRedirect r : raw.redirects) {
      if (r.body != null && r.operator.startsWith("<<")) {
        onTheLine(language, r.body, depth, append(via, "heredoc"));
      }
    }
    String piped = pipedText(raw);
    if (piped != null) {
      onTheLine(language, piped, depth, append(via, "pipe"));
    }
  }

  /** Resolves {@code code} as the interpreter's command with the code on its line. */
  private void onTheLine(InlineLanguage language, String code, int depth, List<String> via)
      throws ShellParseException {
    String[] line = language.commandLine();
    command(
        List.of(Word.literal(line[0]), Word.literal(line[1]), Word.literal(code)), depth + 1, via);
  }

  private void extract(InlineLanguage language, String code, int depth, List<String> via)
      throws ShellParseException {
    limits.depth(depth, 0, "inline code", " in the code of " + language.via());
    for (InlineRun e : Programs.inlineRuns(language, code)) {
      if (e.runsArguments()) {
        // exec @ARGV, os.execvp(sys.argv[1], sys.argv[1:]): the words after the code run.
        if (trailing.size() == 1 && trailing.get(0).text().indexOf(' ') >= 0) {
          script(trailing.get(0).text(), depth + 1, via, " in the arguments of the inline code");
        } else if (!trailing.isEmpty()) {
          command(trailing, depth + 1, via);
        }
      } else if (e.argv() != null) {
        command(e.argv(), depth + 1, via);
      } else if (e.code() != null) {
        extract(language, e.code(), depth + 1, via);
      } else {
        script(e.shell(), depth + 1, via, " in a string of the code of " + language.via());
      }
    }
  }

  /** A command given as words (xargs, find -exec, a list in inline code). */
  private void command(List<Word> words, int depth, List<String> via) throws ShellParseException {
    limits.depth(depth, 0, "a command run by " + via.get(via.size() - 1), "");
    resolve(new RawCommand(depth, words), via);
  }

  private static String joined(List<Word> words, int from) {
    StringBuilder sb = new StringBuilder();
    for (int i = from; i < words.size(); i++) {
      if (i > from) {
        sb.append(' ');
      }
      sb.append(words.get(i).text());
    }
    return sb.toString();
  }

  /** The words of the commands piped into a program, from {@code from} back, for the producers. */
  private static List<List<Word>> pipeBack(RawCommand from) {
    List<List<Word>> back = new ArrayList<>();
    for (RawCommand at = from; at != null && back.size() < Programs.MAX_PIPE_STEPS; ) {
      back.add(at.words);
      at = at.pipedFrom;
    }
    return back;
  }

  /** The values {@code raw} runs with: its own assignments, then the variables set before it. */
  private Programs.Values values(RawCommand raw) {
    return new Programs.Values() {
      @Override
      public Word assigned(String name) {
        for (RawCommand.Assignment assignment : raw.assignments) {
          if (assignment.name().equals(name) && assignment.value() != null) {
            return assignment.value();
          }
        }
        return null;
      }

      @Override
      public Word known(String name) {
        return variables.value(name);
      }
    };
  }

  static String basename(String path) {
    return path.substring(path.lastIndexOf('/') + 1);
  }

  /**
   * A program's name without its folder, of the path last asked: the wrapper strip and the nesting
   * ask it of the same word one after the other, for every program of a long command.
   */
  static final class ProgramNames {
    private String path;
    private String name;

    String of(String path) {
      if (path != this.path) { // the same string: a plain word is made once per text
        this.name = basename(path);
        this.path = path;
      }
      return name;
    }
  }

  /**
   * {@code via} and the substitution {@code step}: the same list as last time when both are the
   * same, as a long command's {@code $(…)}s mostly sit at the same place.
   */
  private List<String> nestWay(List<String> via, String step) {
    if (via != nestVia || !step.equals(nestStep)) {
      nestVia = via;
      nestStep = step;
      nestWay = append(via, step);
    }
    return nestWay;
  }

  /** The way one step further in, unmodifiable: each invocation reached by it keeps it as is. */
  private static List<String> append(List<String> via, String step) {
    String[] next = via.toArray(new String[via.size() + 1]);
    next[via.size()] = step;
    return List.of(next);
  }
}
