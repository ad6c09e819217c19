package io.github.providergateway.guard.shell.syntax;

import static java.util.Objects.requireNonNull;

/**
 * Bash's {@code coproc}: a command run in the background with pipes to it, {@code coproc cat} or,
 * named, {@code coproc reader { cat; }} (a name only before a compound command).
 *
 * @param name the coprocess's name, or {@code null} for the default ({@code COPROC})
 * @param command the command it runs
 * @param start the offset of the keyword
 * @param end the offset after the command
 */
public record CoprocClause(WrittenWord name, Command command, int start, int end)
    implements Command {

  /**
   * Checks.
   *
   * @param name the coprocess's name, or {@code null} for the default
   * @param command the command it runs
   * @param start the offset of the keyword
   * @param end the offset after the command
   */
  public CoprocClause {
    requireNonNull(command, "command");
  }
}
