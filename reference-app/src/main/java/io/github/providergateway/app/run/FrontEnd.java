package io.github.providergateway.app.run;

/** One way to drive the gateway: the console for people, or the {@code --rpc} host for scripts. */
public interface FrontEnd {

  /**
   * Starts the gateway, serves until the input ends (design brief, decision 29), stops it.
   *
   * @return the process exit code ({@code Main.EXIT_OK} or {@code Main.EXIT_START_FAILED})
   */
  int run(AppOptions options);

  /**
   * The process is being stopped by a signal: stop the gateway quickly (its token file must not
   * outlive it) and say so on the output if the mode has a way to. Called on the JVM's
   * shutdown-hook thread, possibly while {@link #run} is still reading; idempotent.
   */
  void stopOnSignal();
}
