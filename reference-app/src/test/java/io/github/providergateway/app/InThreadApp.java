package io.github.providergateway.app;

import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/** The app's {@link Main} run on a daemon thread of the test's JVM, on streams the test holds. */
final class InThreadApp {
  private InThreadApp() {}

  /** Starts {@code Main.run(args, ...)} on a thread named {@code name}; the future is its exit code. */
  static CompletableFuture<Integer> start(
      String name, List<String> args, InputStream in, OutputStream out, PrintStream err) {
    CompletableFuture<Integer> exitCode = new CompletableFuture<>();
    Thread app =
        new Thread(
            () -> {
              try {
                exitCode.complete(Main.run(args.toArray(String[]::new), in, out, err, Map.of()));
              } catch (Throwable e) {
                exitCode.completeExceptionally(e);
              }
            },
            name);
    app.setDaemon(true);
    app.start();
    return exitCode;
  }
}
