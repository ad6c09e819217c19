package io.github.providergateway.app;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * One run of the app in this JVM ({@link Main#run}), with no stdin and an environment of the test's
 * own, and what it printed.
 *
 * @param exit its exit code
 * @param out what it wrote on stdout
 * @param err what it wrote on stderr
 */
public record AppRun(int exit, String out, String err) {

  /** Runs the app with {@code args} in {@code env}. */
  public static AppRun of(List<String> args, Map<String, String> env) {
    ByteArrayOutputStream stdout = new ByteArrayOutputStream();
    ByteArrayOutputStream stderr = new ByteArrayOutputStream();
    int exit =
        Main.run(
            args.toArray(String[]::new),
            InputStream.nullInputStream(),
            stdout,
            new PrintStream(stderr, true, StandardCharsets.UTF_8),
            env);
    return new AppRun(
        exit, stdout.toString(StandardCharsets.UTF_8), stderr.toString(StandardCharsets.UTF_8));
  }
}
