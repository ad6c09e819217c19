package io.github.providergateway.guard.shell;

import io.github.providergateway.guard.shell.programs.InlineLanguage;
import io.github.providergateway.guard.shell.programs.Programs;
import io.github.providergateway.guard.shell.syntax.ParseLimits;
import io.github.providergateway.guard.shell.syntax.ShellParseException;
import io.github.providergateway.guard.shell.syntax.SyntaxParser;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a shell command as bash would split it, into every program it would run ({@link
 * ShellScript}): its syntax tree, as bash's grammar reads it ({@link
 * io.github.providergateway.guard.shell.syntax.SyntaxParser}), lowered to its simple commands, each
 * read further as below. Executes nothing; no regular expressions, bounded in size, nesting and
 * words: past a bound, or not a complete command (what bash would refuse to run), it throws, never
 * returns a part. {@link #parseRunnable} reads a script as a shell runs one, up to its first
 * complete command it cannot read.
 *
 * <p>What it reads: separators, pipes, subshells, groups, compound commands ({@code if}, loops,
 * {@code case}, function bodies: every command within may run), {@code $(…)}, backquotes, process
 * substitutions, arithmetic (no command, but its substitutions), quoting with {@code $'…'} decoded,
 * redirections and here-documents, assignments. Then for each command: wrappers taken off ({@code
 * sudo}, {@code env}, {@code timeout}, {@code nice}, {@code nohup}, {@code busybox}, …, see {@link
 * Invocation#wrappers()}), and the programs it runs in its turn added as invocations of their own,
 * after it, with {@link Invocation#via()} saying how: {@code bash -c} (and {@code sh -c}, …),
 * {@code su -c}, {@code eval}, {@code watch}, {@code flock -c}, {@code heredoc} (a here-document or
 * here-string fed to a shell or interpreter), {@code pipe} (text {@code echo}, {@code printf} or
 * {@code cat} pipes into one), {@code xargs}, {@code find -exec} (also {@code -execdir}, {@code
 * -ok}), {@code python -c}, {@code node -e}, {@code perl -e}, {@code ruby -e}, {@code php -r},
 * {@code awk} (shell commands in their inline code), {@code $(…)}, {@code `…`}, {@code <(…)},
 * {@code >(…)}, and {@code $var}: a command whose words use a variable given a literal value before
 * ({@code x=rm; $x -rf /}) or a shell's positional parameter is read once more with the value put
 * in.
 *
 * <p>Words ({@link Word}): the value after quote removal; a word with an expansion the parser
 * cannot know ({@code $VAR}, {@code ${…}}, {@code $(…)}, backquotes, arithmetic, an unquoted glob
 * {@code * ? […]}, a leading {@code ~} or one after {@code NAME=}, a brace sequence) is not literal
 * and its text keeps each expansion as written, quotes removed around the rest: {@code "$HOME"/x}
 * is {@code $HOME/x}, {@code ~/.ssh} is {@code ~/.ssh}. A brace list is expanded ({@code
 * {rm,-rf,/}} is three words) and an unquoted {@code $IFS} breaks a word as the default IFS does.
 *
 * <p>What it cannot see: a command built at run time it cannot evaluate (a variable read, set in a
 * loop or a branch, decoded from base64), the content of files it runs ({@code bash x.sh}, {@code
 * source}, {@code make}, {@code npm run}), a command sent elsewhere ({@code ssh host …}, {@code
 * docker exec …}), aliases and functions defined before this command, and inline code that builds
 * its command out of its literals (see the limits in the inline code's reading).
 */
public final class ShellParser {

  /** The longest command read, in characters: 128 Ki. */
  public static final int MAX_LENGTH = ParseLimits.MAX_LENGTH;

  /** The deepest nesting read (substitutions, subshells, {@code bash -c} within each other). */
  public static final int MAX_DEPTH = ParseLimits.MAX_DEPTH;

  /** The most words read, over all nesting. */
  public static final int MAX_WORDS = ParseLimits.MAX_WORDS;

  private ShellParser() {}

  /**
   * Parses {@code command}.
   *
   * @param command the command as the agent gave it
   * @return every program it would run
   * @throws ShellParseException when it is past a bound or not a complete command
   */
  public static ShellScript parse(String command) throws ShellParseException {
    if (command.length() > MAX_LENGTH) {
      throw new ShellParseException(
          ShellParseException.Reason.TOO_LONG,
          "the command is " + command.length() + " characters, over " + MAX_LENGTH);
    }
    List<Invocation> invocations = new ArrayList<>();
    List<Opaque> opaque = new ArrayList<>();
    new Resolver(new ParseLimits(MAX_DEPTH, MAX_WORDS), invocations, opaque)
        .script(command, 0, List.of(), "");
    return new ShellScript(invocations, command, opaque);
  }

  /**
   * Parses {@code script} as a shell runs a script or a {@code -c} string it is given: a complete
   * command at a time (a line, with its here-documents and the lines a compound command or an
   * operator carries on to), so that the commands before the first one it cannot read have run when
   * it stops there. {@code printf 'rm -rf ~\nfi' > x.sh; sh x.sh} removes the home, then fails.
   *
   * @param script the text a shell would be given
   * @return every program of the complete commands before the first that is not one (all of them
   *     when there is none)
   * @throws ShellParseException when it is past a bound
   */
  public static ShellScript parseRunnable(String script) throws ShellParseException {
    try {
      return parse(script);
    } catch (ShellParseException refused) {
      if (refused.reason() != ShellParseException.Reason.MALFORMED) {
        throw refused;
      }
      String runnable = script.substring(0, SyntaxParser.runnableEnd(script));
      try {
        return parse(runnable);
      } catch (ShellParseException again) {
        // Read whole, the commands before the first refused one read as they do in the whole.
        throw refused;
      }
    }
  }

  /**
   * An interpreter's inline code as it runs it, with the string literals it joins at once joined
   * ({@code 'UPD' + 'ATE'} is {@code 'UPDATE'}, decision 186), for the rules that read such code.
   *
   * @param program the interpreter's name without its folder ({@code python3}, {@code node}, awk)
   * @param code its inline code
   * @return the joined code, or {@code code} itself where it joins none or the program is no
   *     interpreter the guard reads
   */
  public static String joinedLiterals(String program, String code) {
    InlineLanguage language = Programs.inlineLanguage(program);
    return language == null ? code : Programs.joinedLiterals(language, code);
  }

  /**
   * {@return whether {@code program} (a name without its folder, versioned or not) is an
   * interpreter of the inline languages the resolution reads, awk aside: python, node, perl, ruby,
   * php}
   *
   * @param program the program's name without its folder
   */
  public static boolean inlineInterpreter(String program) {
    return inlineLanguage(program) != null;
  }

  /**
   * {@return the code an inline interpreter is given on its line, found as the resolution finds it
   * (its option table, {@code --eval=CODE}, {@code php --run}), for the rules that read such code
   * (decision 324); null for none}
   *
   * @param program the program's name without its folder
   * @param words the program and its arguments
   */
  public static String inlineCode(String program, List<Word> words) {
    InlineLanguage language = inlineLanguage(program);
    return language == null ? null : Programs.inlineCode(language, words);
  }

  /**
   * {@return whether an inline interpreter reads its program from standard input ({@code python3 -
   * <<EOF}, {@code python3 /dev/stdin <<EOF})}
   *
   * @param program the program's name without its folder
   * @param words the program and its arguments
   */
  public static boolean readsProgramFromInput(String program, List<Word> words) {
    InlineLanguage language = inlineLanguage(program);
    return language != null && Programs.takesScriptFromStdin(language, words);
  }

  private static InlineLanguage inlineLanguage(String program) {
    if (!Programs.mayBeInterpreter(program) && !Programs.namedInterpreter(program)) {
      return null;
    }
    InlineLanguage language = Programs.inlineLanguage(program);
    return language == InlineLanguage.AWK ? null : language;
  }

  /**
   * What a printer writes, for the readers of what a command feeds another program (a database
   * client's statements piped or written to a file, decision 323): {@code echo} with its {@code -n
   * -e -E}, and {@code printf}'s format applied to its arguments, escapes made into the characters
   * they stand for ({@code printf 'BEGIN;\nDELETE FROM t;'} writes a line that starts with {@code
   * DELETE}, not the word {@code nDELETE} its argument spells).
   *
   * @param program {@code echo} or {@code printf}
   * @param args its arguments, the program left out
   * @return what it writes, or null for another program, {@code printf -v} or a conversion that is
   *     not modelled
   */
  public static String printed(String program, List<String> args) {
    return switch (program) {
      case "echo" -> TextFolding.echo(args);
      case "printf" -> PrintfFormat.print(args);
      default -> null;
    };
  }
}
