package io.github.providergateway.benchmarks;

import io.github.providergateway.loop.base.DaemonThreads;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The load side: {@code providers.cjs} (K core-profile echo providers in one Node process, the same
 * script the Node gateway's reference figures were measured with) and its {@code ws@8} dependency,
 * installed with npm into a work folder on first use.
 */
final class NodeProviders implements AutoCloseable {

  private final Process process;
  private final CompletableFuture<Void> ready = new CompletableFuture<>();

  /** Every line the script printed after {@code ready}: its closing statistics. */
  private final List<String> tail = new ArrayList<>();

  private NodeProviders(Process process) {
    this.process = process;
  }

  /**
   * Makes {@code dir} hold {@code providers.cjs} and {@code node_modules/ws} (npm install ws@8 the
   * first time), and returns it.
   */
  static Path install(Path dir) throws IOException, InterruptedException {
    Files.createDirectories(dir);
    Path script = dir.resolve("providers.cjs");
    try (InputStream in = NodeProviders.class.getResourceAsStream("/providers.cjs")) {
      if (in == null) {
        throw new IllegalStateException("providers.cjs is missing from the benchmarks jar");
      }
      Files.copy(in, script, StandardCopyOption.REPLACE_EXISTING);
    }
    if (Files.exists(dir.resolve("node_modules/ws/package.json"))) {
      return dir;
    }
    Path log = dir.resolve("npm-install.log");
    Process npm =
        new ProcessBuilder(
                "npm", "install", "--prefix", dir.toString(), "--no-audit", "--no-fund", "ws@8")
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    if (!npm.waitFor(180, TimeUnit.SECONDS) || npm.exitValue() != 0) {
      npm.destroyForcibly();
      throw new IOException("npm install ws@8 failed; see " + log);
    }
    return dir;
  }

  /**
   * Starts {@code k} providers against {@code url}, authenticating with {@code token}, all bound to
   * the first active session.
   */
  static NodeProviders start(Path dir, int k, URI url, String token) throws IOException {
    return start(dir, k, url, token, false);
  }

  /**
   * Starts {@code k} providers against {@code url}, authenticating with {@code token}; with {@code
   * spread}, provider {@code i} (tool {@code echo_i}) binds to the active session {@code i} modulo
   * their number, in start order, else every one to the first.
   */
  static NodeProviders start(Path dir, int k, URI url, String token, boolean spread)
      throws IOException {
    ProcessBuilder builder =
        new ProcessBuilder(
            "node",
            dir.resolve("providers.cjs").toString(),
            "--k",
            Integer.toString(k),
            "--url",
            url.toString(),
            "--hard-limit",
            "900",
            "--spread",
            Boolean.toString(spread));
    builder.environment().put("NODE_PATH", dir.resolve("node_modules").toString());
    builder.environment().put("TAP_PROVIDER_TOKEN", token);
    builder.redirectError(
        ProcessBuilder.Redirect.appendTo(dir.resolve("providers-stderr.log").toFile()));
    NodeProviders providers = new NodeProviders(builder.start());
    providers.readOutput(k);
    return providers;
  }

  private void readOutput(int k) {
    Thread reader =
        DaemonThreads.start(
            "node-providers-stdout",
            () -> {
              try (BufferedReader lines =
                  new BufferedReader(
                      new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = lines.readLine()) != null) {
                  if (line.equals("ready " + k)) {
                    ready.complete(null);
                  } else {
                    synchronized (tail) {
                      tail.add(line);
                    }
                  }
                }
              } catch (IOException e) {
                ready.completeExceptionally(new UncheckedIOException(e));
              }
              ready.completeExceptionally(
                  new IllegalStateException("providers.cjs ended before ready: " + tail()));
            });
  }

  /** Waits until every provider is bound. */
  void awaitReady(long seconds) throws Exception {
    try {
      ready.get(seconds, TimeUnit.SECONDS);
    } catch (TimeoutException e) {
      throw new IllegalStateException("providers.cjs not ready after " + seconds + " s", e);
    }
  }

  long pid() {
    return process.pid();
  }

  /** What the script printed besides {@code ready}. */
  List<String> tail() {
    synchronized (tail) {
      return List.copyOf(tail);
    }
  }

  /** Waits briefly for the script to exit (it does once the gateway closes its sockets). */
  @Override
  public void close() throws InterruptedException {
    if (!process.waitFor(5, TimeUnit.SECONDS)) {
      process.destroy();
      if (!process.waitFor(2, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    }
  }
}
