package io.github.providergateway.app;

import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/** The app's {@link Main} run on a daemon thread of the test's JVM, on streams the test holds. */
public final class InThreadApp {
  /** How long a test waits for the app to stop. */
  private static final long EXIT_WAIT_MILLIS = RpcApp.WAIT.toMillis() + 5_000;

  private InThreadApp() {}

  /**
   * Starts {@code Main.run(args, ...)} on a thread named {@code name}; the future is its exit code.
   */
  public static CompletableFuture<Integer> start(
      String name, List<String> args, InputStream in, OutputStream out, PrintStream err) {
    return start(name, () -> Main.run(args.toArray(String[]::new), in, out, err, Map.of()));
  }

  /** Runs {@code app} on a daemon thread named {@code name}; the future is what it returns. */
  public static CompletableFuture<Integer> start(String name, Callable<Integer> app) {
    CompletableFuture<Integer> exitCode = new CompletableFuture<>();
    Thread thread =
        new Thread(
            () -> {
              try {
                exitCode.complete(app.call());
              } catch (Throwable e) {
                exitCode.completeExceptionally(e);
              }
            },
            name);
    thread.setDaemon(true);
    thread.start();
    return exitCode;
  }

  /** The exit code, once the app stops; fails, showing {@code shown}, when it does not. */
  public static int awaitExit(CompletableFuture<Integer> exitCode, Supplier<String> shown) {
    try {
      return exitCode.get(EXIT_WAIT_MILLIS, TimeUnit.MILLISECONDS);
    } catch (Exception e) {
      throw new AssertionError("the console did not stop; it printed:\n" + shown.get(), e);
    }
  }

  /** Waits for the app to stop, whatever it ends with: a test closing it. */
  public static void awaitExitQuietly(CompletableFuture<Integer> exitCode) {
    try {
      exitCode.get(EXIT_WAIT_MILLIS, TimeUnit.MILLISECONDS);
    } catch (Exception e) {
      // The test has failed already or will.
    }
  }
}
