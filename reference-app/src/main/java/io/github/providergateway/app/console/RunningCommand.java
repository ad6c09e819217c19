package io.github.providergateway.app.console;

/**
 * The command the console's reader is running, so that Ctrl-C can end it: interrupting the reader
 * thread while it waits for the gateway makes {@link CommandFailed#await} cancel what it waits for
 * (a tool call's future: the call ends {@code CANCELLED} and its provider gets {@code tool.cancel})
 * and end the command with {@link CommandInterrupted}.
 *
 * <p>Thread-safe: the reader marks its commands, a signal's thread interrupts.
 */
final class RunningCommand {

  /** The thread running a command now, or null between commands. Guarded by this. */
  private Thread runner;

  /** The calling thread starts a command. */
  synchronized void started() {
    runner = Thread.currentThread();
  }

  /**
   * The calling thread's command is over. An interrupt that came too late to end it is forgotten
   * here, under the same lock {@link #interrupt} takes, so it cannot end the next one.
   */
  synchronized void finished() {
    runner = null;
    Thread.interrupted();
  }

  /** Interrupts the command running now, if any; whether there was one. */
  boolean interrupt() {
    return interrupt(() -> {});
  }

  /**
   * Interrupts the command running now, if any, after running {@code first} (which must not block):
   * whatever {@code first} prints comes before what the interrupted command prints.
   *
   * @return whether there was a command to interrupt
   */
  synchronized boolean interrupt(Runnable first) {
    if (runner == null) {
      return false;
    }
    first.run();
    runner.interrupt();
    return true;
  }
}
