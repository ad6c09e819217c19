package io.github.providergateway.app.run;

import io.github.providergateway.app.home.ProjectConfig;
import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.loop.Scheduler;
import io.github.providergateway.loop.base.OwnerOnlyFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * One entry about to run for one session: what each kind of {@link ProviderRun} starts from, and
 * the way back into {@link ProjectProviders}, which knows whether the app is stopping and keeps the
 * runs.
 *
 * @param gateway the gateway the run serves
 * @param scheduler times a stop's terminate-then-kill, and a restarting server's delays
 * @param configured the entry as the config says it (the run is known by it: a reload compares it)
 * @param entry the entry with its placeholders replaced, which runs
 * @param project the session's project, or null
 * @param sessionId the session it runs for
 * @param logDir where its {@code <name>.log} goes
 * @param runs the runs of {@link ProjectProviders}
 */
record RunStart(
    Gateway gateway,
    Scheduler scheduler,
    ProjectConfig.Entry configured,
    ProjectConfig.Entry entry,
    Path project,
    String sessionId,
    Path logDir,
    Runs runs) {

  /** What a start asks of the runs it joins. */
  interface Runs {

    /**
     * Starts a run with {@code start} and keeps it, both under the runs' lock, unless the app is
     * stopping: a process started then would outlive it.
     *
     * @return the run, or null when the app is stopping (nothing was started)
     */
    ProviderRun startWhileOpen(Start start) throws Exception;

    /** Keeps {@code run}, started outside the lock; kills it when the app is stopping by now. */
    void keep(ProviderRun run);

    /** {@return whether the app is stopping} */
    boolean closed();
  }

  /** A start that may fail. */
  interface Start {
    /** {@return the run started} */
    ProviderRun start() throws Exception;
  }

  /**
   * {@return the run's log, {@code <logDir>/<name>.log}, made owner-only with its folder when
   * missing}
   */
  Path log() throws IOException {
    OwnerOnlyFiles.createDirectories(logDir);
    Path log = logDir.resolve(entry.name() + ".log");
    if (!Files.exists(log)) {
      OwnerOnlyFiles.createFile(log);
    }
    return log;
  }
}
