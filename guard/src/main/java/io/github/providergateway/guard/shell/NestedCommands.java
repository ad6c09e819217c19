package io.github.providergateway.guard.shell;

import io.github.providergateway.guard.shell.RawCommand.RawRedirect;
import io.github.providergateway.guard.shell.internal.NameSet;
import io.github.providergateway.guard.shell.programs.InlineLanguage;
import io.github.providergateway.guard.shell.programs.InlineRun;
import io.github.providergateway.guard.shell.programs.ProducerKind;
import io.github.providergateway.guard.shell.programs.Programs;
import io.github.providergateway.guard.shell.syntax.ShellParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The programs that run a command given in their words or text: aliases the command defines, {@code
 * make} reading a makefile from its input, {@code xargs}, {@code watch}, {@code find -exec}, and
 * the shell commands in an interpreter's inline code ({@code python -c}, {@code node -e}, …), which
 * the program knowledge finds ({@code Programs#inlineRuns}) and the resolution reads.
 */
final class NestedCommands {
  private NestedCommands() {}

  /** Programs that only print their arguments: xargs feeding them decoded text runs nothing. */
  private static final Set<String> PRINTERS = NameSet.of("echo", "printf");

  /** xargs's short options that take a value. */
  private static final String XARGS_VALUED = "adEILnPs";

  /** An alias the command defined runs its text with the arguments after it. */
  static void alias(
      Resolver resolver, List<Word> words, String program, int depth, List<String> via)
      throws ShellParseException {
    String alias = resolver.aliases.isEmpty() ? null : resolver.aliases.get(program);
    if (alias != null && !via.contains("alias " + program)) {
      resolver.script(
          alias + " " + joined(words, 1),
          depth,
          Resolver.append(via, "alias " + program),
          " in the alias " + program);
    }
  }

  /** {@code alias name='text'}: remembered for the commands after it in this parse. */
  static void defineAliases(Resolver resolver, List<Word> words) {
    for (int i = 1; i < words.size(); i++) {
      String t = words.get(i).text();
      int eq = t.indexOf('=');
      // No count of its own: every alias is a word, and the words are bounded (a cap here let the
      // 65th alias, and what it stood for, through unread).
      if (eq > 0) {
        resolver.aliases.put(t.substring(0, eq), t.substring(eq + 1));
      }
    }
  }

  /**
   * A call of a function this command defined ({@code pay transfers create …} after {@code pay() {
   * stripe "$@" --live; }}): its body read again with the call's words as its positional
   * parameters, its name as {@code $0} as sh -c's first word after the code; a function that calls
   * itself is read once.
   */
  static void function(Resolver resolver, List<Word> words, int depth, List<String> via)
      throws ShellParseException {
    String name = words.get(0).text();
    String body = resolver.functions.get(name);
    String called = "function " + name;
    if (body != null && !via.contains(called)) {
      // Its assignments hold after the call ({@code g(){ x=rm; }; x=ls; g; $x}).
      resolver.sameShellScript(
          body, depth, Resolver.append(via, called), " in the function " + name, words);
    }
  }

  /**
   * The recipe a makefile's line holds: after a tab (or the character {@code .RECIPEPREFIX} names),
   * or after the {@code ;} of a rule's line ({@code dump: ; @cmd}, GNU make's recipe on the
   * target's line), without the {@code @}, {@code -} and {@code +} that make reads itself; null for
   * a line of no recipe.
   */
  static String recipeOf(String line) {
    return recipeOf(line, '\t');
  }

  private static String recipeOf(String line, char prefix) {
    String recipe = null;
    if (!line.isEmpty() && (line.charAt(0) == prefix || line.charAt(0) == '\t')) {
      recipe = line.substring(1);
    } else {
      int colon = line.indexOf(':');
      int semicolon = line.indexOf(';');
      if (colon > 0
          && semicolon > colon
          && !line.startsWith("=", colon + 1)
          && line.substring(0, colon).indexOf('=') < 0) {
        recipe = line.substring(semicolon + 1);
      }
    }
    if (recipe == null) {
      return null;
    }
    int at = 0;
    while (at < recipe.length() && "@-+ \t".indexOf(recipe.charAt(at)) >= 0) {
      at++;
    }
    return recipe.substring(at);
  }

  /**
   * {@code make} with a makefile it reads from its input ({@code -f -}: a here-document, a
   * here-string, piped text), written earlier in the call, or given as {@code --eval} text: each
   * recipe runs through the shell, and so does every {@code $(shell …)} and {@code !=} assignment,
   * which run while make reads the makefile ({@link MakeOptions} for the options' spellings).
   */
  static void makefileFromInput(
      Resolver resolver, RawCommand raw, List<Word> words, int depth, List<String> via)
      throws ShellParseException {
    MakeOptions options = MakeOptions.of(words);
    boolean fromInput = false;
    for (String makefile : options.makefiles()) {
      fromInput |= Resolver.isStandardInput(makefile);
    }
    List<String> bodies = new ArrayList<>(options.evals()); // make --eval=TEXT (GTFOBins make)
    for (String path : options.paths()) {
      String text = resolver.written.get(path);
      if (text != null) {
        bodies.add(text); // printf 'x:\n\trm -rf ~\n' > Makefile && make x
        break;
      }
    }
    if (!fromInput && bodies.isEmpty()) {
      return;
    }
    if (fromInput) {
      bodies.addAll(ShellInputs.inputTexts(resolver, raw));
    }
    for (String body : bodies) {
      char prefix = MakefileText.recipePrefix(body);
      for (String line : body.split("\n")) {
        String recipe = recipeOf(line, prefix);
        if (recipe != null) {
          resolver.script(
              recipe, depth, Resolver.append(via, "make recipe"), " in a recipe of make");
        }
      }
      for (String code : MakefileText.shellCode(body)) {
        resolver.script(
            code, depth, Resolver.append(via, "make shell"), " in a shell function of make");
      }
    }
  }

  /**
   * {@code xargs}'s command; when a literal producer pipes into it ({@code echo / | xargs rm -rf}),
   * with the piped words as its arguments, or in place of {@code -I}'s string.
   */
  static void xargs(
      Resolver resolver, RawCommand raw, List<Word> words, int depth, List<String> via)
      throws ShellParseException {
    Wrappers.Seen seen = new Wrappers.Seen();
    int at = Wrappers.skipOptions(words, 1, XARGS_VALUED, Wrappers.XARGS_LONG, seen);
    List<Word> command =
        new ArrayList<>(at < words.size() ? words.subList(at, words.size()) : List.of());
    if (command.isEmpty()) {
      command.add(Word.literal("echo"));
    }
    String piped = ShellInputs.foldedPipedText(resolver, raw);
    if (piped != null) {
      String replace = replaceString(words);
      // printf '%s\0' … | xargs -0: the NULs printf writes part the items as blanks do.
      List<Word> input = Wrappers.splitString(Word.literal(piped.replace('\0', '\n')));
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
      resolver.command(command, depth, Resolver.append(via, "xargs"));
    }
    if (piped == null && at < words.size() && XargsCode.runsInput(command, replaceString(words))) {
      // xargs -a cmds.txt sh -c: the code is what xargs reads, a file's or a program's text.
      resolver.opaque(
          Opaque.Kind.COMPUTED_INPUT,
          command,
          Resolver.append(via, "xargs"),
          raw.pipedFrom == null ? "what xargs reads" : Programs.producerShown(raw.pipedFrom.words));
      return;
    }
    if (piped == null
        && raw.pipedFrom != null
        && !PRINTERS.contains(Resolver.basename(command.get(0).text()))
        && Programs.producerObscured(ShellInputs.pipeBack(raw.pipedFrom))) {
      // base64 -d list.b64 | xargs tool: the tool's arguments are decoded where nobody reads them
      resolver.opaque(
          Opaque.Kind.COMPUTED_INPUT,
          command,
          Resolver.append(via, "xargs"),
          Programs.producerShown(raw.pipedFrom.words));
    }
  }

  /**
   * GNU parallel given no command (decision 301): it runs each line it reads, from {@code -a}'s
   * file or its input, as a command. Text piped to it that the command writes is read as a script;
   * a file's or a program's text is written nowhere the guard reads.
   */
  static void parallelLines(
      Resolver resolver, RawCommand raw, List<Word> words, int depth, List<String> via)
      throws ShellParseException {
    if (!Programs.parallelRunsLines(words)) {
      return;
    }
    boolean fileGiven = false;
    for (Word word : words) {
      String text = word.text();
      fileGiven |=
          text.equals("-a") || text.startsWith("--arg-file") || text.startsWith("--argfile");
    }
    String piped = fileGiven ? null : ShellInputs.foldedPipedText(resolver, raw);
    if (piped != null) {
      resolver.script(piped, depth, Resolver.append(via, "parallel"), " in what parallel reads");
      return;
    }
    if (fileGiven || raw.pipedFrom != null) {
      resolver.opaque(
          Opaque.Kind.COMPUTED_INPUT,
          words,
          Resolver.append(via, "parallel"),
          raw.pipedFrom == null
              ? "what parallel reads"
              : Programs.producerShown(raw.pipedFrom.words));
    }
  }

  /**
   * The string of xargs's {@code -I R}, {@code -IR}, {@code -i} or {@code --replace[=R]}, or null.
   */
  static String replaceString(List<Word> words) {
    int at = Wrappers.skipOptions(words, 1, XARGS_VALUED, Wrappers.XARGS_LONG, null);
    for (int i = 1; i < at; i++) {
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
      if (t.length() == 2 && XARGS_VALUED.indexOf(t.charAt(1)) >= 0
          || t.indexOf('=') < 0 && Wrappers.XARGS_LONG.contains(t)) {
        i++; // xargs -a cmds.txt -I{}: an option's value is no replace string
      }
    }
    return null;
  }

  static void watch(Resolver resolver, List<Word> words, int depth, List<String> via)
      throws ShellParseException {
    Wrappers.Seen seen = new Wrappers.Seen();
    // -n/--interval SECONDS, -q/--equexit CYCLES (procps-ng 4) take values.
    int at = Wrappers.skipOptions(words, 1, "nq", Set.of("--interval", "--equexit"), seen);
    if (at >= words.size()) {
      return;
    }
    List<String> inner = Resolver.append(via, "watch");
    if (seen.has('x') || seen.hasLong("--exec")) {
      resolver.command(words.subList(at, words.size()), depth, inner);
    } else {
      resolver.script(joined(words, at), depth, inner, " in the command of watch");
    }
  }

  static void find(Resolver resolver, List<Word> words, int depth, List<String> via)
      throws ShellParseException {
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
        resolver.command(words.subList(i + 1, end), depth, Resolver.append(via, "find -exec"));
      }
      i = end;
    }
  }

  /**
   * Whether inline code no one word holds whole is computed: given attached to its option ({@code
   * -c"$X"}, {@code --eval="$X"}) or in several words ({@code -e "$A" -e "$B"}), each word that
   * gives part of it not literal, and the code nothing but values or a statement that is one.
   */
  private static boolean computedInParts(List<Word> words, String code) {
    boolean partGiven = false;
    for (int i = 1; i < words.size(); i++) {
      Word word = words.get(i);
      String text = word.text();
      if (text.equals(code)) {
        return false; // one word holds it: read below
      }
      if (!text.isEmpty() && !word.literal() && (code.contains(text) || text.endsWith(code))) {
        partGiven = true;
      }
    }
    return partGiven && (ComputedText.whole(code) || ComputedText.aStatement(code));
  }

  static void inline(
      Resolver resolver,
      RawCommand raw,
      List<Word> words,
      InlineLanguage language,
      int depth,
      List<String> via)
      throws ShellParseException {
    String code = Programs.inlineCode(language, words);
    if (code != null) {
      resolver.trailing = List.of();
      if (computedInParts(words, code)) {
        // python3 -c"$CODE", node --eval="$JS", perl -e "$A" -e "$B": the code is given in an
        // option's word or in several, all computed (decision 301)
        resolver.opaque(
            Opaque.Kind.COMPUTED_CODE, words, Resolver.append(via, language.via()), code);
      }
      for (int i = 1; i < words.size(); i++) {
        if (words.get(i).text().equals(code)) {
          resolver.trailing =
              words.subList(i + 1, words.size()); // perl -e CODE ARGS: @ARGV, sys.argv[1:]
          if (!words.get(i).literal()
              && (ComputedText.whole(code) || ComputedText.aStatement(code))) {
            // python3 -c "$CODE": the code is all computed, and nothing of it can be read.
            resolver.opaque(
                Opaque.Kind.COMPUTED_CODE, words, Resolver.append(via, language.via()), code);
          }
          break;
        }
      }
      extract(resolver, language, code, depth, Resolver.append(via, language.via()));
      resolver.trailing = List.of();
      return;
    }
    if (!Programs.takesScriptFromStdin(language, words)) {
      return;
    }
    // The code on its input is read as the same code given on the line ({@code python3 -c CODE}),
    // so that the rules read what its library calls do too (a delete, a secret, a write).
    for (RawRedirect r : raw.redirects) {
      if (r.body != null && r.operator.startsWith("<<")) {
        if (!r.quoted && ComputedText.whole(r.body)) {
          // python3 - <<EOF / $CLEANUP_SCRIPT / EOF: the body is a value's, not written (d. 297)
          resolver.opaque(
              Opaque.Kind.COMPUTED_CODE, words, Resolver.append(via, language.via()), r.body);
        }
        onTheLine(resolver, language, r.body, depth, Resolver.append(via, "heredoc"));
      }
    }
    String piped = ShellInputs.pipedText(resolver, raw);
    if (piped != null) {
      onTheLine(resolver, language, piped, depth, Resolver.append(via, "pipe"));
    } else if (raw.pipedFrom != null
        && Programs.producerOf(ShellInputs.pipeBack(raw.pipedFrom)) == ProducerKind.UNKNOWN) {
      // jq -r '.steps[].python' runbook.json | python3 -: code a program printed (decision 297)
      resolver.opaque(
          Opaque.Kind.COMPUTED_INPUT,
          words,
          Resolver.append(via, language.via()),
          Programs.producerShown(raw.pipedFrom.words));
    }
  }

  /** Resolves {@code code} as the interpreter's command with the code on its line. */
  static void onTheLine(
      Resolver resolver, InlineLanguage language, String code, int depth, List<String> via)
      throws ShellParseException {
    String[] line = language.commandLine();
    resolver.command(
        List.of(Word.literal(line[0]), Word.literal(line[1]), Word.literal(code)), depth + 1, via);
  }

  static void extract(
      Resolver resolver, InlineLanguage language, String code, int depth, List<String> via)
      throws ShellParseException {
    resolver.limits.depth(depth, 0, "inline code", " in the code of " + language.via());
    for (InlineRun e : Programs.inlineRuns(language, code)) {
      if (e.runsArguments()) {
        // exec @ARGV, os.execvp(sys.argv[1], sys.argv[1:]): the words after the code run.
        if (resolver.trailing.size() == 1 && resolver.trailing.get(0).text().indexOf(' ') >= 0) {
          resolver.script(
              resolver.trailing.get(0).text(),
              depth + 1,
              via,
              " in the arguments of the inline code");
        } else if (!resolver.trailing.isEmpty()) {
          resolver.command(resolver.trailing, depth + 1, via);
        }
      } else if (e.argv() != null) {
        resolver.command(Resolver.found(e.argv()), depth + 1, via);
      } else if (e.code() != null) {
        extract(resolver, language, e.code(), depth + 1, via);
      } else if (e.clientCall()) {
        resolver.script(
            e.shell(),
            depth + 1,
            Resolver.append(via, Invocation.CLIENT_CALL),
            " in what a call of the code of " + language.via() + " stands for");
      } else {
        resolver.script(e.shell(), depth + 1, via, " in a string of the code of " + language.via());
      }
    }
  }

  static String joined(List<Word> words, int from) {
    StringBuilder sb = new StringBuilder();
    for (int i = from; i < words.size(); i++) {
      if (i > from) {
        sb.append(' ');
      }
      sb.append(words.get(i).text());
    }
    return sb.toString();
  }

  /**
   * {@code cpio -o} reads the files whose names it is fed: {@code echo ~/.ssh/id_rsa | cpio -o}.
   */
  static void cpio(Resolver resolver, RawCommand raw, List<Word> words, int depth, List<String> via)
      throws ShellParseException {
    boolean out = false;
    for (Word w : words) {
      out |=
          w.text().startsWith("-") && !w.text().startsWith("--") && w.text().indexOf('o') > 0
              || w.text().equals("--create");
    }
    String piped = out ? ShellInputs.pipedText(resolver, raw) : null;
    if (piped != null) {
      List<Word> read = new ArrayList<>();
      read.add(Word.literal("cat"));
      for (Word name : Wrappers.splitString(new Word(piped, false))) {
        read.add(
            new Word(name.text(), !name.text().startsWith("~") && name.text().indexOf('$') < 0));
      }
      resolver.runCommand(read, depth, Resolver.append(via, "cpio -o"));
    }
  }

  /**
   * The commands of a GAM batch (decision 251): {@code gam batch FILE} and {@code gam tbatch FILE}
   * run each line of FILE as a GAM command, with or without its leading {@code gam}; read where the
   * file was written in the same call ({@code printf 'update chromepolicy …' > /tmp/b.txt && gam
   * batch /tmp/b.txt}) or comes on the input ({@code gam batch - <<EOF}, piped text).
   */
  static void gamBatch(
      Resolver resolver, RawCommand raw, List<Word> words, int depth, List<String> via)
      throws ShellParseException {
    int at = 1;
    while (at < words.size() && !BATCHES.contains(words.get(at).text())) {
      at++;
    }
    if (at + 1 >= words.size() || at > 8) {
      return;
    }
    String file = words.get(at + 1).text();
    List<String> bodies = new ArrayList<>();
    if (Resolver.isStandardInput(file)) {
      bodies.addAll(ShellInputs.inputTexts(resolver, raw));
    } else {
      String written = resolver.written.get(SameCallFiles.plainPath(file));
      if (written != null) {
        bodies.add(written);
      }
    }
    String program = words.get(0).text();
    List<String> batch = Resolver.append(via, "gam batch");
    for (String body : bodies) {
      String[] lines = body.split("\n", 257);
      for (int i = 0; i < lines.length && i < 256; i++) {
        String line = lines[i].strip();
        if (line.isEmpty() || line.startsWith("#")) {
          continue;
        }
        String command = line.startsWith("gam ") ? line : program + " " + line;
        resolver.script(command, depth, batch, " in the batch of " + program);
      }
    }
  }

  /** GAM's names, whose batches {@link #gamBatch} reads. */
  static final Set<String> GAM = Set.of("gam", "gam7", "gamadv-xtd3");

  /** GAM's commands that run the lines of a file as its commands. */
  private static final Set<String> BATCHES = Set.of("batch", "tbatch");

  /**
   * The command an LSF job runs: {@code bsub -q long "rm -rf /archive/…"}, its words after bsub's
   * options joined and run by a shell on a node (decision 185), as {@code watch} reads its own.
   */
  static void jobCommand(Resolver resolver, List<Word> words, int depth, List<String> via)
      throws ShellParseException {
    Wrappers.Seen seen = new Wrappers.Seen();
    int at = Wrappers.skipOptions(words, 1, "qJnoeRPWmGUuLCcDEFfgikMpSTtwsZ", Set.of(), seen);
    if (at < words.size()) {
      resolver.script(
          joined(words, at), depth, Resolver.append(via, "bsub"), " in the command of bsub");
    }
  }

  /**
   * The script a program's option carries: {@code flock -c STRING}, and {@code sbatch --wrap
   * STRING}, which Slurm runs as a shell script on a node.
   */
  static void optionScript(
      Resolver resolver, String program, List<Word> words, int depth, List<String> via)
      throws ShellParseException {
    boolean flock = program.equals("flock");
    String option = flock ? "-c" : "--wrap";
    String command = Wrappers.optionValue(words, flock ? 'c' : '\0', flock ? "--command" : option);
    if (command != null) {
      String shown = program + " " + option;
      resolver.script(command, depth, Resolver.append(via, shown), " in the string of " + shown);
    }
  }
}
