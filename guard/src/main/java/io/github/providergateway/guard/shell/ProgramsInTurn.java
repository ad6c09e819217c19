package io.github.providergateway.guard.shell;

import io.github.providergateway.guard.shell.RawCommand.RawRedirect;
import io.github.providergateway.guard.shell.internal.NameSet;
import io.github.providergateway.guard.shell.internal.Runners;
import io.github.providergateway.guard.shell.programs.CarriedRun;
import io.github.providergateway.guard.shell.programs.InlineLanguage;
import io.github.providergateway.guard.shell.programs.Programs;
import io.github.providergateway.guard.shell.syntax.ShellParseException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The programs a resolved command's program runs in its turn, chosen by its name: the string of
 * {@code bash -c}, {@code su -c}, {@code eval}, {@code watch}; a here-document fed to a shell; the
 * command of {@code xargs} and of {@code find -exec}; the shell commands in the inline code of
 * {@code python -c} and its kind ({@link Programs#inlineRuns}); the code carried in a program's
 * words and a runner's; and what the program leaves for the commands after it (the variables a
 * declaration or {@code read} sets, the aliases, functions and files the command made). Each is
 * read through the {@link Resolver} as a command or script of its own.
 */
final class ProgramsInTurn {
  private ProgramsInTurn() {}

  private static final Set<String> DECLARATIONS =
      NameSet.of("export", "declare", "typeset", "local", "readonly");

  /** The programs that copy, link, move or install a file under another name. */
  private static final Set<String> MAKERS = NameSet.of("ln", "cp", "mv", "install", "link");

  /** The programs {@link #read} reads by name: in its {@code switch}, and balena for its ssh. */
  private static final Set<String> SWITCHED =
      NameSet.of(
          "base64", "base32", "basenc", "xxd", "rev", "tr", "openssl", "cat", "echo", "printf",
          "tee", "ssh", "alias", "make", "gmake", "su", "runuser", "eval", "watch", "xargs", "find",
          "flock", "cpio", "balena", "sbatch", "bsub");

  /**
   * Every program {@link #read} reads further by its name alone: one look-up rules out most of a
   * long command's programs, where each was looked for in six tables. Not in it: an alias this
   * command defined, and python's and pypy's names with a version ({@link
   * Programs#mayBeInterpreter}).
   */
  private static final Set<String> READ_FURTHER = readFurther();

  private static Set<String> readFurther() {
    Set<String> names = new HashSet<>(DECLARATIONS);
    names.addAll(Programs.shells());
    names.addAll(SWITCHED);
    names.addAll(Set.of("parallel", "rails")); // their lines and consoles (decision 301)
    names.addAll(NestedCommands.GAM);
    names.addAll(ConsoleInput.CONSOLES);
    names.addAll(Programs.namesReadFurther());
    names.addAll(Runners.nestedNames());
    names.addAll(MAKERS);
    names.addAll(SameCallFiles.EMPTY_SYNCS);
    names.addAll(SameCallFiles.COPIERS); // mv a.sh b.sh, dd of=b.sh: what was written, renamed
    return NameSet.copyOf(names);
  }

  /**
   * Reads the programs {@code words} runs in its turn.
   *
   * @param resolver the resolution the command belongs to
   * @param raw the command as read
   * @param words its words, wrappers taken off
   * @param via how it is reached
   * @throws ShellParseException past a bound or not a complete command
   */
  static void read(Resolver resolver, RawCommand raw, List<Word> words, List<String> via)
      throws ShellParseException {
    Word first = words.get(0);
    if (!Resolver.programKnown(first)) {
      return;
    }
    String program = resolver.names.of(first.text());
    int depth = raw.depth + 1;
    if (!resolver.functions.isEmpty()) {
      NestedCommands.function(resolver, words, depth, via); // pay … after pay() { stripe "$@"; }
    }
    if (AssigningBuiltins.assigns(program)) {
      AssigningBuiltins.assign(resolver.variables, raw, words, program); // printf -v x, read x
    }
    if (!READ_FURTHER.contains(program) && !Programs.mayBeInterpreter(program)) {
      NestedCommands.alias(resolver, words, program, depth, via);
      return;
    }
    if (DECLARATIONS.contains(program)) {
      resolver.variables.declare(words, raw.branched);
      EnvironmentCode.carriedInWords(resolver, words, depth, via);
      return;
    }
    if (program.equals("env") || program.equals("cross-env") || program.equals("env-cmd")) {
      EnvironmentCode.carriedInWords(resolver, words, depth, via);
    }
    if (SameCallFiles.EMPTY_SYNCS.contains(program)) {
      SameCallFiles.readEmptySync(resolver, words, program, depth, via);
    }
    if (MAKERS.contains(program)) {
      SameCallFiles.rememberMade(resolver, words, program);
      if (program.equals("ln")) {
        SameCallFiles.rememberLinked(resolver, words);
      }
    }
    SameCallFiles.rememberWritten(resolver, raw, words, program);
    if (program.equals("cat") && words.size() == 2 && words.get(1).literal()) {
      for (RawRedirect r : raw.redirects) {
        if (r.body == null && (r.operator.equals(">") || r.operator.equals(">|"))) {
          resolver.made.put(
              SameCallFiles.plainPath(r.target.text()), words.get(1)); // cat /bin/rm > del: a copy
        }
      }
    }
    if (Programs.isShell(program)) {
      ShellInputs.shell(resolver, raw, words, program, depth, via);
      return;
    }
    NestedCommands.alias(resolver, words, program, depth, via);
    List<CarriedRun> carriedCode = Programs.carried(program, words);
    for (int c = 0; c < carriedCode.size(); c++) {
      CarriedRun carried = carriedCode.get(c);
      List<String> inner = Resolver.append(via, carried.via());
      if (carried.script() != null) {
        resolver.script(carried.script(), depth, inner, " in the code of " + carried.via());
      } else {
        resolver.command(Resolver.found(carried.command()), depth, inner);
      }
    }
    if (program.equals("ssh")
        || program.equals("balena") && words.size() > 2 && words.get(1).text().equals("ssh")) {
      RemoteInputs.read(resolver, raw, carriedCode, depth, via);
    }
    switch (program) {
      case "alias" -> NestedCommands.defineAliases(resolver, words);
      case "make", "gmake" -> NestedCommands.makefileFromInput(resolver, raw, words, depth, via);
      case "su", "runuser" -> SuCommand.read(resolver, words, program, depth, via);
      case "eval" -> {
        int from = words.size() > 1 && words.get(1).text().equals("--") ? 2 : 1;
        if (words.size() > from) {
          resolver.sameShellScript(
              NestedCommands.joined(words, from),
              depth,
              Resolver.append(via, "eval"),
              " in the string of eval",
              null);
        }
      }
      case "watch" -> NestedCommands.watch(resolver, words, depth, via);
      case "cpio" -> NestedCommands.cpio(resolver, raw, words, depth, via);
      case "gam", "gam7", "gamadv-xtd3" ->
          NestedCommands.gamBatch(resolver, raw, words, depth, via);
      case "xargs" -> NestedCommands.xargs(resolver, raw, words, depth, via);
      case "parallel" -> NestedCommands.parallelLines(resolver, raw, words, depth, via);
      case "find" -> NestedCommands.find(resolver, words, depth, via);
      case "flock", "sbatch" -> NestedCommands.optionScript(resolver, program, words, depth, via);
      case "bsub" -> NestedCommands.jobCommand(resolver, words, depth, via);
      default -> {
        InlineLanguage language = Programs.inlineLanguage(program);
        if (language != null) {
          NestedCommands.inline(resolver, raw, words, language, depth, via);
        }
        AppConsoleCode.read(
            resolver, words, program, via); // manage.py shell -c "$X" (decision 301)
        if (ConsoleInput.CONSOLES.contains(program)) {
          ConsoleInput.read(resolver, raw, words, depth, via);
        }
      }
    }
    Runners.Row row = Runners.of(program);
    if (row != null && !row.wrapper()) {
      RunnerCode.runner(resolver, raw, words, program, row, depth, via);
    }
  }
}
