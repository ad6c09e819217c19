package io.github.providergateway.guard.shell.syntax;

import io.github.providergateway.guard.shell.internal.FixedList;
import java.util.List;

/**
 * Commands joined by {@code &&} and {@code ||}, run left to right, each after the one before
 * succeeded ({@code &&}) or failed ({@code ||}): {@code make && make test || echo failed}. Always
 * two commands or more, kept in one list however long (not a tree a level deep per operator).
 *
 * @param commands the commands (pipelines or single commands), in order
 * @param operators the operator between each command and the next: one fewer than the commands
 * @param start the offset of its first character
 * @param end the offset after its last character
 */
public record AndOrList(List<Command> commands, List<Operator> operators, int start, int end)
    implements Command {

  /** {@code &&} or {@code ||}. */
  public enum Operator {
    /** {@code &&}: the next runs when the one before succeeded. */
    AND("&&"),
    /** {@code ||}: the next runs when the one before failed. */
    OR("||");

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
  public AndOrList {
    commands = FixedList.of(commands);
    operators = FixedList.of(operators);
    if (commands.size() < 2 || operators.size() != commands.size() - 1) {
      throw new IllegalArgumentException(
          "an and-or list has two commands or more and an operator between each two, not "
              + commands.size()
              + " and "
              + operators.size());
    }
  }
}
