package io.github.providergateway.guard.shell.syntax;

import io.github.providergateway.guard.shell.internal.FixedList;
import java.util.List;

/**
 * Commands joined by pipes, each one's output the next one's input: {@code ls | grep x |& wc}.
 * Always two commands or more; a single command is not wrapped in a pipeline.
 *
 * @param commands the commands, in order
 * @param operators the pipe between each command and the next: one fewer than the commands
 * @param start the offset of its first character
 * @param end the offset after its last character
 */
public record Pipeline(List<Command> commands, List<Operator> operators, int start, int end)
    implements Command {

  /** A pipe. */
  public enum Operator {
    /** {@code |}: standard output. */
    PIPE("|"),
    /** {@code |&}: standard output and standard error. */
    PIPE_ALL("|&");

    private final String text;

    Operator(String text) {
      this.text = text;
    }

    /** {@return the operator as written} */
    public String text() {
      return text;
    }
  }

  /**
   * Checks and copies.
   *
   * @param commands the commands, in order, two or more
   * @param operators one fewer than the commands
   * @param start the offset of its first character
   * @param end the offset after its last character
   */
  public Pipeline {
    commands = FixedList.of(commands);
    operators = FixedList.of(operators);
    if (commands.size() < 2 || operators.size() != commands.size() - 1) {
      throw new IllegalArgumentException(
          "a pipeline has two commands or more and an operator between each two, not "
              + commands.size()
              + " and "
              + operators.size());
    }
  }
}
