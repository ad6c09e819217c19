package io.github.providergateway.app.run;

import io.github.providergateway.app.home.ProjectConfig;
import io.github.providergateway.transport.stdio.ChildProcess;
import io.github.providergateway.transport.stdio.StdioProvider;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * A provider of one session over its stdin and stdout ({@code "transport": "stdio"}, module
 * transport-stdio, decision 32): no token and no URL, only {@code TAP_SESSION}; only its stderr
 * goes to its log; at the session's deadline its stdin is closed, then it is terminated and killed.
 *
 * @param entry the entry it was started from
 * @param provider the running provider
 */
record StdioRun(ProjectConfig.Entry entry, StdioProvider provider) implements ProviderRun {

  private static final System.Logger LOG = System.getLogger(ProjectProviders.class.getName());

  /**
   * Starts {@code start}'s entry for its session over its stdin and stdout.
   *
   * @return the run, or null when the app is stopping
   * @throws Exception when it cannot start
   */
  static StdioRun start(RunStart start) throws Exception {
    ProjectConfig.Entry entry = start.entry();
    // TAP_SESSION as a WebSocket entry gets it: its session is implied, but a script may say it.
    Map<String, String> env = new LinkedHashMap<>(entry.env());
    env.put("TAP_SESSION", start.sessionId());
    ChildProcess.Spec spec =
        new ChildProcess.Spec(entry.name(), entry.command(), entry.cwd(), env, start.log());
    StdioRun run =
        (StdioRun)
            start
                .runs()
                .startWhileOpen(
                    () ->
                        new StdioRun(
                            start.configured(),
                            StdioProvider.spawn(start.gateway(), start.sessionId(), spec)));
    if (run != null) {
      LOG.log(
          Level.INFO,
          "started provider {0} (pid {1}) over stdio for session {2}",
          entry.name(),
          run.process().pid(),
          start.sessionId());
    }
    return run;
  }

  @Override
  public CompletableFuture<?> stop(Duration grace) {
    return provider.stop(grace);
  }

  @Override
  public void kill() {
    provider.kill();
  }

  @Override
  public Process process() {
    return provider.process();
  }
}
