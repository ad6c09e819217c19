package io.github.providergateway.app.cli;

import sun.misc.Signal;

/**
 * SIGTERM and SIGINT (kill, Ctrl-C) stop the gateway in order and exit 0, as docs/reference-app.md
 * says: a stop asked for is a normal stop. A shutdown hook alone would stop it too, but the JVM
 * then exits 143 or 130 whatever the hook does.
 *
 * <p>{@code sun.misc.Signal} is the JDK's supported way to handle signals (module {@code
 * jdk.unsupported}, there since Java 9 for exactly this). Where a signal cannot be handled (the JVM
 * reserves it, e.g. with {@code -Xrs}), the shutdown hook still stops the gateway.
 */
public final class ExitOnSignal {

  private ExitOnSignal() {}

  /**
   * Runs {@code stop}, then exits 0: what a stop signal does. Also the console terminal's Ctrl-C
   * while the gateway starts (JLine handles SIGINT while the terminal is open).
   */
  public static void stopAndExit(Runnable stop) {
    stop.run();
    StderrLogging.flush();
    System.exit(ExitCodes.OK);
  }

  /** On TERM or INT, runs {@code stop} on the signal's thread and then exits 0. */
  public static void install(Runnable stop) {
    for (String name : new String[] {"TERM", "INT"}) {
      try {
        Signal.handle(new Signal(name), signal -> stopAndExit(stop));
      } catch (IllegalArgumentException reserved) {
        // The JVM keeps this signal for itself: the shutdown hook stops the gateway instead.
      }
    }
  }
}
