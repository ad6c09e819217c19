package io.github.providergateway.guard.shell.programs;

import java.util.List;

/**
 * What a piece of inline code runs: a shell string, a program and its arguments, or more code of
 * its own language ({@code exec("…")}, {@code eval "…"}); exactly one is not null.
 *
 * @param shell shell text, or null
 * @param argv a program and its arguments, or null
 * @param code code of the same language, or null
 */
public record InlineRun(String shell, List<ProgramWord> argv, String code) {

  static InlineRun shell(String command) {
    return new InlineRun(command, null, null);
  }

  static InlineRun argv(List<ProgramWord> argv) {
    return new InlineRun(null, argv, null);
  }

  /**
   * {@return whether it runs the program's own arguments, the words after the code ({@code
   * exec @ARGV}, {@code os.execvp(sys.argv[1], sys.argv[1:])})}
   */
  public boolean runsArguments() {
    return InlineScan.ARGUMENTS.equals(shell);
  }
}
