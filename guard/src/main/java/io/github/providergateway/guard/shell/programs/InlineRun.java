package io.github.providergateway.guard.shell.programs;

import java.util.List;

/**
 * What a piece of inline code runs: a shell string, a program and its arguments, or more code of
 * its own language ({@code exec("…")}, {@code eval "…"}); exactly one is not null.
 *
 * @param shell shell text, or null
 * @param argv a program and its arguments, or null
 * @param code code of the same language, or null
 * @param clientCall whether {@code shell} is the command line a library's call stands for ({@code
 *     requests.post} as curl's), not a command the code runs
 */
public record InlineRun(String shell, List<ProgramWord> argv, String code, boolean clientCall) {

  /**
   * A run the code makes itself, as before decision 336 named client calls.
   *
   * @param shell the command line it runs, or {@code null}
   * @param argv the program and arguments it runs, or {@code null}
   * @param code the code it evaluates, or {@code null}
   */
  public InlineRun(String shell, List<ProgramWord> argv, String code) {
    this(shell, argv, code, false);
  }

  static InlineRun shell(String command) {
    return new InlineRun(command, null, null, false);
  }

  static InlineRun argv(List<ProgramWord> argv) {
    return new InlineRun(null, argv, null, false);
  }

  /** The command line that does what a library's call of the code does ({@link CodeRequests}). */
  static InlineRun clientCall(String command) {
    return new InlineRun(command, null, null, true);
  }

  /**
   * {@return whether it runs the program's own arguments, the words after the code ({@code
   * exec @ARGV}, {@code os.execvp(sys.argv[1], sys.argv[1:])})}
   */
  public boolean runsArguments() {
    return InlineScan.ARGUMENTS.equals(shell);
  }
}
