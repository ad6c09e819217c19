package io.github.providergateway.app.run;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.loop.Scheduler;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The changes {@code --watch} saw, gathered until they stop: an editor's save is several events (a
 * temporary file, a rename, a modify), and a {@code git checkout} touches many files at once, so
 * the reload waits for {@link #QUIET} without a change, or at the latest {@link #MAX_WAIT} after
 * the first one, and then reports the batch once. Time comes from the {@link Scheduler} (tests: the
 * manual clock). Thread-safe: the watch thread adds, the scheduler's thread flushes.
 */
final class ChangeBatch {

  /** How long without a change ends a batch. */
  static final Duration QUIET = Duration.ofMillis(300);

  /** A batch that keeps growing is reported at the latest this long after its first change. */
  static final Duration MAX_WAIT = QUIET.multipliedBy(5);

  /** Where a batch goes: whether the config file changed, and which entries' files did. */
  interface Sink {
    void changed(boolean config, Set<String> entries);
  }

  private final Scheduler scheduler;
  private final Sink sink;

  /** Whether the config file changed in this batch. Guarded by this. */
  private boolean config;

  /** The entries whose files changed in this batch. Guarded by this. */
  private final Set<String> entries = new LinkedHashSet<>();

  /**
   * The flush after the quiet time, and the one at the latest; null when no batch is open. Guarded
   * by this.
   */
  private Scheduler.Cancellable quietFlush;

  private Scheduler.Cancellable latestFlush;

  ChangeBatch(Scheduler scheduler, Sink sink) {
    this.scheduler = requireNonNull(scheduler, "scheduler");
    this.sink = requireNonNull(sink, "sink");
  }

  /** Adds a change to the open batch (opening one), and waits for quiet again. */
  synchronized void add(boolean configChanged, Set<String> changedEntries) {
    if (!configChanged && changedEntries.isEmpty()) {
      return;
    }
    config |= configChanged;
    entries.addAll(changedEntries);
    if (latestFlush == null) {
      latestFlush = scheduler.schedule(MAX_WAIT, this::flush);
    }
    if (quietFlush != null) {
      quietFlush.cancel();
    }
    quietFlush = scheduler.schedule(QUIET, this::flush);
  }

  /** Reports the batch, if one is open, and closes it. */
  void flush() {
    boolean configChanged;
    Set<String> changed;
    synchronized (this) {
      if (latestFlush == null) {
        return;
      }
      latestFlush.cancel();
      quietFlush.cancel();
      latestFlush = null;
      quietFlush = null;
      configChanged = config;
      changed = java.util.Collections.unmodifiableSet(new LinkedHashSet<>(entries));
      config = false;
      entries.clear();
    }
    sink.changed(configChanged, changed);
  }

  /** Drops the open batch: the app is stopping. */
  synchronized void cancel() {
    if (latestFlush != null) {
      latestFlush.cancel();
      quietFlush.cancel();
      latestFlush = null;
      quietFlush = null;
    }
  }
}
