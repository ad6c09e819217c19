package io.github.providergateway.guard.shell.syntax;

import static java.util.Objects.requireNonNull;

/**
 * A function's definition: {@code name() compound}, {@code function name compound} or {@code
 * function name() compound}. Defining it runs nothing; calling it by name later runs its body.
 *
 * @param name the function's name as written
 * @param keyword whether it was defined with the {@code function} keyword
 * @param body the compound command it runs, with the redirections after it
 * @param start the offset of its first character
 * @param end the offset after its body
 */
public record FunctionDeclaration(
    WrittenWord name, boolean keyword, CompoundCommand body, int start, int end)
    implements Command {

  /**
   * Checks.
   *
   * @param name the function's name as written
   * @param keyword whether it was defined with the {@code function} keyword
   * @param body the compound command it runs
   * @param start the offset of its first character
   * @param end the offset after its body
   */
  public FunctionDeclaration {
    requireNonNull(name, "name");
    requireNonNull(body, "body");
  }
}
