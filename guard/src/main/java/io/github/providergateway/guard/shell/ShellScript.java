package io.github.providergateway.guard.shell;

import java.util.List;

/**
 * A parsed shell command: every program it would run, in the order they appear, the nested ones
 * (substitutions, {@code bash -c}, inline code) after the command that holds them.
 *
 * @param invocations every program the command would run, as far as a parse can see
 * @param source the command as given
 * @param opaque every place the command runs what the parse cannot read, in the order found
 */
public record ShellScript(List<Invocation> invocations, String source, List<Opaque> opaque) {

  /**
   * Checks and copies.
   *
   * @param invocations every program the command would run, as far as a parse can see
   * @param source the command as given
   * @param opaque every place the command runs what the parse cannot read, in the order found
   */
  public ShellScript {
    invocations = List.copyOf(invocations);
    opaque = List.copyOf(opaque);
  }

  /**
   * A parse in which everything that runs could be read.
   *
   * @param invocations every program the command would run
   * @param source the command as given
   */
  public ShellScript(List<Invocation> invocations, String source) {
    this(invocations, source, List.of());
  }
}
