package io.github.providergateway.app.run;

import io.github.providergateway.app.home.ProjectConfig;
import io.github.providergateway.loop.Scheduler;
import io.github.providergateway.loop.base.DaemonThreads;
import io.github.providergateway.transport.stdio.ProcessTree;
import java.lang.System.Logger.Level;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A provider of one session that connects back over WebSocket with its spawn token: its process
 * ({@link SpawnedProvider}) gets {@code TAP_PROVIDER_TOKEN}, {@code TAP_GATEWAY_URL} and {@code
 * TAP_SESSION}; at the session's deadline it is terminated, and killed after the grace, each with
 * everything it started ({@link ProcessTree}); its exit is told in the session's timeline.
 *
 * @param entry the entry it was started from
 * @param tree its process and what it started
 * @param scheduler times the kill after the terminate
 */
record ProcessRun(ProjectConfig.Entry entry, ProcessTree tree, Scheduler scheduler)
    implements ProviderRun {

  private static final System.Logger LOG = System.getLogger(ProjectProviders.class.getName());

  /**
   * Starts {@code start}'s entry for its session: a spawn token first (from the gateway loop, so
   * outside the runs' lock), then its process.
   *
   * @return the run, or null when the app is stopping
   * @throws Exception when the token is refused or the process cannot start
   */
  static ProcessRun start(RunStart start, URI gatewayUrl) throws Exception {
    ProjectConfig.Entry entry = start.entry();
    String sessionId = start.sessionId();
    String token =
        start
            .gateway()
            .spawning()
            .issueSpawnToken(sessionId, entry.name())
            .get(10, TimeUnit.SECONDS);
    ProcessRun run =
        (ProcessRun)
            start
                .runs()
                .startWhileOpen(
                    () ->
                        new ProcessRun(
                            start.configured(),
                            SpawnedProvider.start(
                                entry, token, gatewayUrl, sessionId, start.log(), start.gateway()),
                            start.scheduler()));
    if (run == null) {
      return null;
    }
    Process process = run.process();
    process
        .onExit()
        .thenAccept(
            exited ->
                start
                    .gateway()
                    .spawning()
                    .log(
                        sessionId,
                        ProjectProviders.SOURCE,
                        "Provider '" + entry.name() + "' exited with code " + exited.exitValue()));
    LOG.log(
        Level.INFO,
        "started provider {0} (pid {1}) for session {2}",
        entry.name(),
        process.pid(),
        sessionId);
    return run;
  }

  @Override
  public CompletableFuture<?> stop(Duration grace) {
    if (process().isAlive()) {
      // Finding what it started reads /proc: never on the scheduler's thread (or the loop).
      DaemonThreads.start("provider-stop-" + entry.name(), tree::terminate);
      scheduler.schedule(
          grace, () -> DaemonThreads.start("provider-kill-" + entry.name(), tree::kill));
    }
    return process().onExit();
  }

  @Override
  public void kill() {
    tree.kill();
  }

  @Override
  public Process process() {
    return tree.process();
  }
}
