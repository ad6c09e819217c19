package io.github.providergateway.app.run;

import io.github.providergateway.app.home.ProjectConfig;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * A provider serving a session and the other sessions of its project (decision 72, {@link
 * SharedProviders}), which restarts itself when it dies; stopping it for the session leaves it to
 * the others, and stops it when it served no other.
 *
 * @param entry the entry it was started from
 * @param provider the project's run of the entry
 * @param sessionId the session it serves here
 */
record SharedRun(
    ProjectConfig.Entry entry, SharedProviders.SharedProvider provider, String sessionId)
    implements ProviderRun {

  private static final System.Logger LOG = System.getLogger(ProjectProviders.class.getName());

  /**
   * Serves {@code start}'s session with the run of the entry its project shares: the one that runs
   * for the project, or a new one.
   *
   * @param shared the providers the sessions of a project share
   * @return the run, or null when the app is stopping
   * @throws Exception when it cannot start
   */
  static SharedRun start(RunStart start, SharedProviders shared) throws Exception {
    if (start.runs().closed()) {
      return null;
    }
    ProjectConfig.Entry entry = start.entry();
    // Not under the runs' lock: a new run waits for its token from the loop, and the loop takes
    // that lock when a session starts. A run kept after close is killed (Runs.keep).
    SharedRun run =
        new SharedRun(
            start.configured(),
            shared.serve(entry, start.project(), start.sessionId(), start.log()),
            start.sessionId());
    start.runs().keep(run);
    LOG.log(
        Level.INFO,
        "provider {0} serves session {1} of {2}",
        entry.name(),
        start.sessionId(),
        start.project());
    return run;
  }

  @Override
  public CompletableFuture<?> stop(Duration grace) {
    return provider.leave(sessionId, grace);
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
