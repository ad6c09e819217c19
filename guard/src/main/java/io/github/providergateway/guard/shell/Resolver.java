package io.github.providergateway.guard.shell;

import io.github.providergateway.guard.shell.RawCommand.Nest;
import io.github.providergateway.guard.shell.RawCommand.RawRedirect;
import io.github.providergateway.guard.shell.internal.NameSet;
import io.github.providergateway.guard.shell.programs.ProgramWord;
import io.github.providergateway.guard.shell.programs.Programs;
import io.github.providergateway.guard.shell.syntax.ParseLimits;
import io.github.providergateway.guard.shell.syntax.ShellParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns the reader's simple commands into invocations: wrappers taken off ({@link Wrappers}), then
 * the programs each one runs in its turn read as invocations of their own ({@link ProgramsInTurn}:
 * the string of {@code bash -c}, {@code su -c}, {@code eval}, {@code watch}; a here-document fed to
 * a shell; the command of {@code xargs} and of {@code find -exec}; the shell commands in the inline
 * code of {@code python -c} and its kind); then the commands of its substitutions.
 */
final class Resolver {
  /** The bounds of this parse. */
  final ParseLimits limits;

  /** Where invocations go, in order. */
  private final List<Invocation> out;

  /** The words after the inline code being read: its program's arguments. */
  List<Word> trailing = List.of();

  /** Where what cannot be read goes, in order. */
  final List<Opaque> opaque;

  /** The aliases the command defined so far, by name: the text each stands for. */
  final Map<String, String> aliases = new HashMap<>();

  /** The program names of the last paths asked, for the wrapper strip and the nesting. */
  final ProgramNames names = new ProgramNames();

  /** The options a wrapper's skip met, reused from command to command. */
  final Wrappers.Seen seenScratch = new Wrappers.Seen();

  /** The wrappers of the command being resolved, reused: {@link Invocation} keeps a copy. */
  private final List<String> wrapperScratch = new ArrayList<>();

  /** The way of the last substitution's commands ({@link #nestWay}), and what it was made of. */
  private List<String> nestWay = List.of();

  private List<String> nestVia;
  private String nestStep;

  /** The variables known in the script being resolved; each nested script gets a copy. */
  Variables variables;

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
  void script(String text, int depth, List<String> via, String where, List<Word> arguments)
      throws ShellParseException {
    script(text, depth, via, where, arguments, false);
  }

  /**
   * A script bash runs in this shell ({@code eval}, a function's call, a sourced file): the values
   * it assigns become values the variables may have after it ({@link Variables#takeMaybe}).
   */
  void sameShellScript(String text, int depth, List<String> via, String where, List<Word> arguments)
      throws ShellParseException {
    script(text, depth, via, where, arguments, true);
  }

  private void script(
      String text,
      int depth,
      List<String> via,
      String where,
      List<Word> arguments,
      boolean sameShell)
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
    Variables inner = outer.nested(arguments);
    variables = inner;
    try {
      for (int i = 0; i < commands.size(); i++) {
        resolve(commands.get(i), via);
      }
    } finally {
      variables = outer;
    }
    if (sameShell) {
      outer.takeMaybe(inner);
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
  private static final Set<String> LOADER_VARIABLES = NameSet.of("PATH", "LD_PRELOAD", "LD_AUDIT");

  private void resolve(RawCommand raw, List<String> via) throws ShellParseException {
    if (raw.defines != null) {
      if (functions.size() < 32) {
        functions.put(raw.defines, raw.definedBody);
      }
      return;
    }
    if (raw.words.isEmpty()) {
      for (RawCommand.Assignment a : raw.assignments) {
        Word value = expandedOnAssignment(folded(a.value(), raw.depth));
        if (raw.branched) {
          variables.assignMaybe(a.name(), value); // (x=ls), false && x=ls: x may still be rm
        } else {
          variables.assign(a.name(), value);
        }
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
      EnvironmentCode.carried(this, assignment.name(), assignment.value(), raw.depth, via);
      EnvironmentCode.environmentFrom(this, raw, assignment, via);
    }
    if (!raw.words.isEmpty()
        && raw.words.get(0).literal()
        && raw.words.get(0).text().endsWith("git")) {
      EnvironmentCode.configEnv(this, raw, via);
    }
    if (!raw.words.isEmpty()
        && raw.words.get(0).literal()
        && (raw.words.get(0).text().endsWith("terraform")
            || raw.words.get(0).text().endsWith("tofu")
            || raw.words.get(0).text().endsWith("env"))
        && !via.contains("TF_CLI_ARGS")) { // read with them once: the variables are still set
      String added = Programs.terraformWithAdded(raw.words, EnvironmentCode.values(this, raw));
      if (added != null) {
        script(
            added,
            raw.depth + 1,
            append(via, "TF_CLI_ARGS"),
            " in the arguments terraform reads from the environment");
      }
    }
    EnvironmentCode.optionsFromEnvironment(this, raw, via); // PIP_EXTRA_INDEX_URL=… pip install
    if (!raw.words.isEmpty() && raw.words.get(0).literal() && !made.isEmpty()) {
      List<Word> remade = SameCallFiles.madeProgram(this, raw.words, via);
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
      SameCallFiles.configRead(
          this, raw, raw.words, names.of(raw.words.get(0).text()), raw.depth + 1, via);
    }
    Word chdir = raw.words.isEmpty() ? null : Wrappers.chdir(raw.words, names);
    if (chdir != null) {
      // env -C DIR cmd, sudo -D DIR cmd: the command runs in DIR, as after cd DIR.
      // Reached through the wrapper ("chdir"): the folder is the command's, not the next one's
      // (the guard's FolderScope).
      out.add(
          new Invocation(
              List.of(Word.literal("cd"), chdir), List.of(), List.of(), append(via, "chdir")));
    }
    List<Word> words = Wrappers.strip(raw.words, wrappers, seenScratch, names, limits, raw.depth);
    if (wrappers.contains("env")) {
      EnvironmentCode.carriedInWords(this, raw.words, raw.depth, via); // env GIT_PAGER=… git log
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
    List<Word> second = raw.substituted ? null : secondReading(raw.words, raw.depth, 0);
    // A default put in for a variable the environment may set (${TOKEN:-none}) is one reading of
    // two: both are read.
    boolean both = second != null && variables.guessed();
    List<List<Word>> otherReadings = second == null ? List.of() : otherReadings(raw, second, via);
    if ((second == null || both) && (!words.isEmpty() || !redirects.isEmpty())) {
      Invocation invocation =
          new Invocation(words, wrappers.isEmpty() ? List.of() : wrappers, redirects, via);
      out.add(invocation);
      if (!words.isEmpty() && !programKnown(words.get(0)) && second == null) {
        // Nothing more to put in: what runs is computed at run time.
        opaque.add(new Opaque(Opaque.Kind.COMPUTED_PROGRAM, invocation, words.get(0).text()));
      }
      if (!words.isEmpty()) {
        ProgramsInTurn.read(this, raw, words, via);
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
      for (int k = 0; k < otherReadings.size(); k++) {
        RawCommand other = new RawCommand(raw.depth, otherReadings.get(k));
        other.substituted = true;
        raw.redirects.forEach(other::addRedirect);
        other.pipedFrom = raw.pipedFrom;
        resolve(other, append(via, "$var"));
      }
    }
    if (!linked.isEmpty() && !raw.substituted) {
      // ln -s /mnt/shared data && rm -rf data/*: read once more at the link's target.
      List<Word> through = SameCallFiles.throughLinks(this, raw.words);
      if (through != null) {
        RawCommand again = new RawCommand(raw.depth, through);
        again.substituted = true;
        raw.redirects.forEach(again::addRedirect);
        again.pipedFrom = raw.pipedFrom;
        resolve(again, append(via, "ln -s"));
      }
    }
  }

  /**
   * The command's words with the known variables' values and the folded text of its substitutions
   * put in ({@link TextFolding}), or null when nothing changed.
   */
  private List<Word> secondReading(List<Word> words, int depth, int pick) {
    List<Word> substituted = variables.substitute(words, pick);
    List<Word> folded = TextFolding.fold(substituted == null ? words : substituted, depth);
    List<Word> read = folded != null ? folded : substituted;
    List<Word> now = read != null ? read : words;
    if (!now.isEmpty() && !now.get(0).literal()) {
      // /???/?m -rf ~: a glob of a system program's path runs the program it matches.
      String program = GlobPrograms.of(now.get(0).text());
      if (program != null) {
        List<Word> named = new ArrayList<>(now);
        named.set(0, Word.literal(program));
        return named;
      }
    }
    return read;
  }

  /**
   * The readings of {@code raw} with the other values its variables may have ({@code x=rm; (x=ls);
   * $x -rf ~} is read as {@code ls -rf ~} and as {@code rm -rf ~}), each variable's values with
   * each of the others' ({@link Variables#substitute}), each different from {@code first}; none
   * where every variable has one value. Past {@link ValueReadings#MOST} the command is also not
   * known.
   */
  private List<List<Word>> otherReadings(RawCommand raw, List<Word> first, List<String> via) {
    int widest = variables.widest();
    if (widest < 2) {
      return List.of();
    }
    if (variables.tooManyReadings()) {
      // More combinations of the variables' values than are read: the command is not known.
      opaque(Opaque.Kind.COMPUTED_PROGRAM, raw.words, via, "a command of too many readings");
      widest = ValueReadings.MOST;
    }
    List<List<Word>> readings = new ArrayList<>(widest - 1);
    for (int pick = 1; pick < widest; pick++) {
      List<Word> other = secondReading(raw.words, raw.depth, pick);
      if (other != null && !other.equals(first) && !readings.contains(other)) {
        readings.add(other);
      }
    }
    return readings;
  }

  /**
   * A redirection as the invocation keeps it, its target with the known variables' values put in
   * ({@code f=~/.claude/settings.json; echo x > $f} writes that file).
   */
  private Redirect redirect(RawRedirect r) {
    if (r.body != null) {
      // bash expands an unquoted here-document and a here-string before the program reads them.
      Word expanded =
          r.delimiter == null
              ? variables.substituteWord(r.target)
              : r.quoted ? null : variables.substituteWord(new Word(r.body, false));
      return new Redirect(r.operator, r.target, expanded == null ? r.body : expanded.text());
    }
    Word target = variables.substituteWord(r.target);
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
  final Map<String, Word> made = new HashMap<>();

  /**
   * The symbolic links this command made so far ({@code ln -s /mnt/shared data}): the link as
   * written, without a leading {@code ./} or a trailing {@code /}, to the path it points at.
   */
  final Map<String, String> linked = new HashMap<>();

  /** The functions this command defined so far, by name: their bodies' text. */
  final Map<String, String> functions = new HashMap<>();

  /** The folders this command made so far ({@code mkdir -p /tmp/empty}), as written. */
  final Set<String> madeFolders = new HashSet<>();

  /** What the command wrote into files so far, by path as written (no leading ./): their text. */
  final Map<String, String> written = new HashMap<>();

  static boolean isStandardInput(String file) {
    return file.equals("-")
        || file.equals("/dev/stdin")
        || file.equals("/proc/self/fd/0")
        || file.equals("/dev/fd/0");
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

  /** A command given as words (xargs, find -exec, a list in inline code). */
  void command(List<Word> words, int depth, List<String> via) throws ShellParseException {
    limits.depth(depth, 0, "a command run by " + via.get(via.size() - 1), "");
    resolve(new RawCommand(depth, words), via);
  }

  /**
   * The words the program knowledge found, as the resolution's: the same list where each is one of
   * the command's words already (a sublist it handed back), made words otherwise.
   */
  @SuppressWarnings("unchecked")
  static List<Word> found(List<ProgramWord> words) {
    for (int i = 0; i < words.size(); i++) {
      if (!(words.get(i) instanceof Word)) {
        List<Word> made = new ArrayList<>(words.size());
        for (ProgramWord word : words) {
          made.add(word instanceof Word w ? w : new Word(word.text(), word.literal()));
        }
        return made;
      }
    }
    return (List<Word>) (List<?>) words;
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
        this.name = ExeNames.plain(basename(path));
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
  static List<String> append(List<String> via, String step) {
    String[] next = via.toArray(new String[via.size() + 1]);
    next[via.size()] = step;
    return List.of(next);
  }
}
