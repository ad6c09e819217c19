package io.github.providergateway.guard.shell.programs;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Set;

/**
 * What the guard knows of programs' own languages and arguments, the shell's resolution's one entry
 * into it (issue 79, decision 87): the shell commands in interpreters' inline code ({@code python
 * -c}, {@code node -e}, …), in other programs' code ({@code vim -c}, {@code psql -c}, …), in their
 * options and configuration ({@code git -c core.pager=…}, {@code ssh -o ProxyCommand=…}), in the
 * environment variables they read ({@code GIT_PAGER}, {@code TF_CLI_ARGS_apply}), in the files a
 * command writes for them to read, what prints the text a program reads as code, and what a few
 * programs print ({@code tr}, shell set-up generators). It reads words and text, never the shell's
 * resolution: the resolution hands it a command's words and the values it knows ({@link Values}),
 * and reads each result back as shell text or words of its own.
 */
public final class Programs {

  private static final Set<String> SHELLS =
      NameSet.of(
          "sh",
          "bash",
          "zsh",
          "dash",
          "ksh",
          "mksh",
          "ash",
          "rbash",
          "fish",
          "yash",
          "posh",
          "csh",
          "tcsh",
          "ksh93",
          "oksh",
          "loksh",
          "bash-static",
          "zsh-static",
          "mksh-static",
          "sh.shared");

  /** The most commands of a pipeline {@link #producerOf} follows back. */
  public static final int MAX_PIPE_STEPS = Producers.MAX_STEPS;

  private Programs() {}

  /**
   * The values of variables a command is run with, as the resolution knows them.
   *
   * <p>Handed to {@link #terraformWithAdded}; the resolution implements it over its own state.
   */
  public interface Values {
    /**
     * {@return the value given to {@code name} on the command itself ({@code NAME=value cmd}), or
     * null}
     *
     * @param name the variable's name
     */
    ProgramWord assigned(String name);

    /**
     * {@return the value {@code name} was set to before the command in the same script, or null}
     *
     * @param name the variable's name
     */
    ProgramWord known(String name);
  }

  /**
   * {@return whether {@code program} (a name without its folder) is a shell}
   *
   * @param program the program's name without its folder
   */
  public static boolean isShell(String program) {
    return SHELLS.contains(program);
  }

  /** {@return the shells' names} */
  public static Set<String> shells() {
    return SHELLS;
  }

  /**
   * {@return every program name whose own arguments may carry code read here: the shells aside, the
   * programs {@link #carried} reads and the interpreters {@link #inlineLanguage} knows by name}
   */
  public static Set<String> namesReadFurther() {
    Set<String> names = new java.util.HashSet<>(CarriedCode.programs());
    names.addAll(InlineCode.namedInterpreters());
    return Set.copyOf(names);
  }

  /**
   * {@return the code {@code words} carries in its options or configuration, empty for none}
   *
   * @param program the program's name without its folder
   * @param words the program and its arguments
   */
  public static List<CarriedRun> carried(String program, List<? extends ProgramWord> words) {
    return CarriedCode.of(program, view(words));
  }

  /**
   * {@return whether GNU parallel's words give no command, so that it runs each line it reads as
   * one (decision 301: {@code parallel --jobs 8 -a /tmp/fleet_fix_cmds.txt})}
   *
   * @param words parallel and its arguments
   */
  public static boolean parallelRunsLines(List<? extends ProgramWord> words) {
    for (ProgramWord word : words) {
      if (word.text().startsWith(":::")) {
        return false; // parallel ::: a b: the arguments are the commands' words, written
      }
    }
    return CarriedCode.parallelCommand(words) >= words.size();
  }

  /**
   * {@return whether {@link #inlineLanguage} may know {@code program} though it is no named one}
   *
   * @param program the program's name without its folder
   */
  public static boolean mayBeInterpreter(String program) {
    return InlineCode.mayBeVersioned(program);
  }

  /**
   * {@return whether {@link #inlineLanguage} knows {@code program} by its name ({@code ipython},
   * {@code jruby}, {@code ts-node})}
   *
   * @param program the program's name without its folder
   */
  public static boolean namedInterpreter(String program) {
    return InlineCode.namedInterpreters().contains(program);
  }

  /**
   * {@return the interpreter family of {@code program} (a name without its folder), or null}
   *
   * @param program the program's name without its folder
   */
  public static InlineLanguage inlineLanguage(String program) {
    return InlineCode.languageOf(program);
  }

  /**
   * {@return the inline code given on the command line of an interpreter, or null when there is
   * none}
   *
   * @param language the interpreter's family
   * @param words the interpreter and its arguments
   */
  public static String inlineCode(InlineLanguage language, List<? extends ProgramWord> words) {
    InlineCode.Code code = InlineCode.codeOf(language, view(words));
    return code == null ? null : code.text();
  }

  /**
   * {@return the word naming the script file an interpreter runs, where its option table says its
   * options end ({@code python3 -W ignore fix.py}: {@code fix.py}); null for code on the line or no
   * script}
   *
   * @param language the interpreter's family
   * @param words the interpreter and its arguments
   */
  public static String scriptOf(InlineLanguage language, List<? extends ProgramWord> words) {
    return InlineCode.scriptOf(language, view(words));
  }

  /**
   * {@return whether the interpreter reads its program from standard input (no code, no script
   * file)}
   *
   * @param language the interpreter's family
   * @param words the interpreter and its arguments
   */
  public static boolean takesScriptFromStdin(
      InlineLanguage language, List<? extends ProgramWord> words) {
    return InlineCode.takesScriptFromStdin(language, view(words));
  }

  /**
   * {@return inline code with its literals' escapes decoded ({@code "\\x72m"} is {@code "rm"}), the
   * string literals it joins at once joined ({@code 'UPD' + 'ATE'} is {@code 'UPDATE'}) and those
   * it reverses at once reversed ({@code 'etadpu'[::-1]}), or {@code code} itself where it does
   * none}
   *
   * @param language its language
   * @param code the inline code
   */
  public static String joinedLiterals(InlineLanguage language, String code) {
    return NamedMembers.of(
        language,
        JoinedLiterals.of(
            language, ReversedLiterals.of(language, DecodedLiterals.of(language, code))));
  }

  /**
   * {@return what {@code code} runs, in order}
   *
   * @param language its language
   * @param code the inline code
   */
  public static List<InlineRun> inlineRuns(InlineLanguage language, String code) {
    return InlineCode.extract(language, code);
  }

  /**
   * {@return what code in a language other than the shell runs (vim script, lua, SQL, elisp, …)}
   *
   * @param language the language's name, as a runner's table names it
   * @param code the code
   */
  public static List<ForeignRun> foreignRuns(String language, String code) {
    return ForeignCode.extract(language, code);
  }

  /**
   * {@return how the value of the environment variable {@code name} runs, or null when it does not}
   *
   * @param name the variable's name
   */
  public static EnvironmentForm environmentForm(String name) {
    return CarriedInEnvironment.of(name);
  }

  /**
   * {@return the shell command a variable's value stands for, or null}
   *
   * @param form how the value runs
   * @param value the value
   */
  public static String environmentCommand(EnvironmentForm form, String value) {
    return CarriedInEnvironment.command(form, value);
  }

  /**
   * {@return whether node's options {@code options} load code the guard cannot read}
   *
   * @param options the value of {@code NODE_OPTIONS}
   */
  public static boolean loadsUnreadCode(String options) {
    return CarriedInEnvironment.loadsUnreadCode(options);
  }

  /**
   * {@return whether {@code path} is a system library, which a preload of it adds nothing to}
   *
   * @param path the library's path
   */
  public static boolean systemLibrary(String path) {
    return CarriedInEnvironment.systemLibrary(path);
  }

  /**
   * {@return the terraform (or OpenTofu) command {@code words} runs with the arguments its
   * environment adds ({@code TF_CLI_ARGS}, {@code TF_CLI_ARGS_apply}), as shell text; or null when
   * it is no terraform or nothing is added}
   *
   * @param words the command's words, {@code env}'s before it if any
   * @param values the values of the variables it runs with
   */
  public static String terraformWithAdded(List<? extends ProgramWord> words, Values values) {
    return TerraformArguments.withAdded(view(words), values);
  }

  /**
   * {@return the command with the options a package manager reads from the environment added
   * ({@code PIP_EXTRA_INDEX_URL}, {@code npm_config_registry}), as shell text; or null}
   *
   * @param words the command's words, its program first
   * @param values the variables given on the command and set before it
   */
  public static String optionsFromEnvironment(List<? extends ProgramWord> words, Values values) {
    return OptionsFromEnvironment.withAdded(view(words), values);
  }

  /**
   * {@return the substitutions inside the single-quoted strings {@code text} has bash evaluate}
   *
   * @param text the text
   */
  public static List<String> evaluatedStrings(String text) {
    return EvaluatedStrings.of(text);
  }

  /**
   * {@return shell commands standing for a git config file's settings}
   *
   * @param text the text
   */
  public static List<String> gitConfigCommands(String text) {
    return WrittenConfig.git(text);
  }

  /**
   * {@return the commands an ssh config file's settings run}
   *
   * @param text the text
   */
  public static List<String> sshConfigCommands(String text) {
    return WrittenConfig.ssh(text);
  }

  /**
   * {@return the curl command a config file given by {@code -K} stands for: its options on the
   * line}
   *
   * @param text the config file's text
   */
  public static List<String> curlConfigCommands(String text) {
    return WrittenConfig.curl(text);
  }

  /**
   * {@return the commands an AWS config file's settings run}
   *
   * @param text the text
   */
  public static List<String> awsConfigCommands(String text) {
    return WrittenConfig.aws(text);
  }

  /**
   * {@return what prints the text piped into a program}
   *
   * @param back the words of the commands piped into it, the nearest first, at most {@link
   *     #MAX_PIPE_STEPS}
   */
  public static ProducerKind producerOf(List<? extends List<? extends ProgramWord>> back) {
    return Producers.of(views(back));
  }

  /**
   * {@return whether the text piped into a program was decoded from a form nobody reads ({@code
   * base64 -d}, {@code xxd -r}, …), so that what it feeds is hidden}
   *
   * @param back the words of the commands piped into it, the nearest first
   */
  public static boolean producerObscured(List<? extends List<? extends ProgramWord>> back) {
    return Producers.obscured(views(back));
  }

  private static List<List<ProgramWord>> views(List<? extends List<? extends ProgramWord>> back) {
    List<List<ProgramWord>> views = new java.util.ArrayList<>(back.size());
    for (List<? extends ProgramWord> words : back) {
      views.add(view(words));
    }
    return views;
  }

  /**
   * {@return the producer {@code words} as the person reads it, for an opaque's text}
   *
   * @param words the program and its arguments
   */
  public static String producerShown(List<? extends ProgramWord> words) {
    return Producers.shown(view(words));
  }

  /**
   * {@return whether {@code program} is a generator of shell set-up, with whatever arguments}
   *
   * @param program the program's name without its folder
   */
  public static boolean isGeneratorName(String program) {
    return Generators.isName(program);
  }

  /**
   * {@return whether {@code program args} is a known generator of shell set-up}
   *
   * @param program the program's name without its folder
   * @param args its arguments' texts
   */
  public static boolean isGenerator(String program, List<String> args) {
    return Generators.known(program, args);
  }

  /**
   * {@return the text {@code tr args} prints for {@code input}, or null for what is not modelled}
   *
   * @param args its arguments' texts
   * @param input the text it reads
   */
  public static String tr(List<String> args, String input) {
    return Tr.apply(args, input);
  }

  /** The words as the program knowledge reads them: a view, no copy. */
  private static List<ProgramWord> view(List<? extends ProgramWord> words) {
    return java.util.Collections.unmodifiableList(words);
  }
}
