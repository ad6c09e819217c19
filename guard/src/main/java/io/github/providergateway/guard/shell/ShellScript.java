package io.github.providergateway.guard.shell;

import java.util.List;

/**
 * A parsed shell command: every program it would run, in the order they appear, the nested ones
 * (substitutions, {@code bash -c}, inline code) after the command that holds them.
 *
 * @param invocations every program the command would run, as far as a parse can see
 * @param source the command as given
 */
public record ShellScript(List<Invocation> invocations, String source) {

  /**
   * Checks and copies.
   *
   * @param invocations every program the command would run, as far as a parse can see
   * @param source the command as given
   */
  public ShellScript {
    invocations = List.copyOf(invocations);
  }
}
