package io.github.providergateway.guard.shell;

import io.github.providergateway.guard.shell.internal.Limits;
import io.github.providergateway.guard.shell.internal.Resolver;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a shell command as POSIX sh and bash would split it, into every program it would run
 * ({@link ShellScript}). Executes nothing; bounded in size, nesting and words.
 *
 * <p>PLACEHOLDER: splits on blanks only, until the real parser lands.
 */
public final class ShellParser {

  /** The longest command read, in characters: 128 Ki. */
  public static final int MAX_LENGTH = 128 * 1024;

  /** The deepest nesting read (substitutions, subshells, {@code bash -c} within each other). */
  public static final int MAX_DEPTH = 16;

  /** The most words read, over all nesting. */
  public static final int MAX_WORDS = 16_384;

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
    new Resolver(new Limits(MAX_DEPTH, MAX_WORDS), invocations).script(command, 0, List.of(), "");
    return new ShellScript(invocations, command);
  }
}
