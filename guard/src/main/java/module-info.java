/**
 * The guard in the box (issue 44): {@link io.github.providergateway.guard.Guard} decides one tool
 * call of an agent (a shell command, a file edit or read, any other tool) by the built-in rules of
 * its {@link io.github.providergateway.guard.GuardPreset} and the plain rules of the configuration,
 * and says which rule decided and why. The shell command is parsed, not matched as text ({@link
 * io.github.providergateway.guard.shell.ShellParser}). Pure: no threads, no clock, no I/O; Jackson
 * for the arguments.
 */
module io.github.providergateway.guard {
  requires transitive com.fasterxml.jackson.databind;

  exports io.github.providergateway.guard;
  exports io.github.providergateway.guard.shell;
  exports io.github.providergateway.guard.shell.syntax;
  exports io.github.providergateway.guard.shell.programs;
  exports io.github.providergateway.guard.corpus;
}
