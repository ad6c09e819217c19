package io.github.providergateway.app.console;

/**
 * A console command ended by Ctrl-C ({@link RunningCommand#interrupt}) while it waited for the
 * gateway; its message says what became of what it had asked for.
 */
final class CommandInterrupted extends CommandFailed {
  private static final long serialVersionUID = 1L;

  CommandInterrupted(String message) {
    super(message);
  }
}
