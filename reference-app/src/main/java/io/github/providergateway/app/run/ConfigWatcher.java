package io.github.providergateway.app.run;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.app.home.ProjectConfig;
import io.github.providergateway.loop.base.DaemonThreads;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * {@code --watch}: watches the config file and its providers' files ({@link WatchedFiles}) with the
 * JDK's {@link WatchService}, on a thread of its own, and hands what changed to a {@link
 * ChangeBatch}, which reports it once the changes stop. {@link #watch} switches to another config
 * (after a reload). A directory created in a watched tree is watched from then on. Thread-safe.
 */
final class ConfigWatcher implements AutoCloseable {

  private static final System.Logger LOG = System.getLogger(ConfigWatcher.class.getName());

  private final WatchService service;
  private final ChangeBatch batch;

  /** Says what a person should know: directories left out past the bound. */
  private final Consumer<String> report;

  private final Thread thread;

  /** What is watched now. Guarded by this. */
  private WatchedFiles watched;

  /** The config {@link #watched} is for, to watch again when a tree grows. Guarded by this. */
  private ProjectConfig config;

  /** The registered directories. Guarded by this. */
  private final Map<Path, WatchKey> keys = new HashMap<>();

  /** Whether the bound has been reported: once is enough. Guarded by this. */
  private boolean boundReported;

  private ConfigWatcher(WatchService service, ChangeBatch batch, Consumer<String> report) {
    this.service = service;
    this.batch = batch;
    this.report = report;
    this.thread = DaemonThreads.create("config-watch", this::run);
  }

  /**
   * Watches {@code config}'s files from now on; changes go to {@code batch}.
   *
   * @param report told, in a person's words, of what cannot be watched
   * @throws IOException when the file system has no watch service
   */
  static ConfigWatcher start(ProjectConfig config, ChangeBatch batch, Consumer<String> report)
      throws IOException {
    ConfigWatcher watcher =
        new ConfigWatcher(
            FileSystems.getDefault().newWatchService(),
            requireNonNull(batch, "batch"),
            requireNonNull(report, "report"));
    watcher.watch(config);
    watcher.thread.start();
    return watcher;
  }

  /** Watches {@code next}'s files instead of the ones watched so far. */
  synchronized void watch(ProjectConfig next) {
    config = next;
    watched = WatchedFiles.of(next, WatchedFiles.MAX_DIRECTORIES);
    Set<Path> wanted = watched.directories();
    keys.entrySet()
        .removeIf(
            key -> {
              if (!wanted.contains(key.getKey())) {
                key.getValue().cancel();
                return true;
              }
              return false;
            });
    for (Path dir : wanted) {
      if (!keys.containsKey(dir) && Files.isDirectory(dir)) {
        try {
          keys.put(
              dir,
              dir.register(
                  service,
                  StandardWatchEventKinds.ENTRY_CREATE,
                  StandardWatchEventKinds.ENTRY_MODIFY,
                  StandardWatchEventKinds.ENTRY_DELETE));
        } catch (IOException | ClosedWatchServiceException e) {
          LOG.log(Level.WARNING, "--watch cannot watch " + dir + ": " + e);
        }
      }
    }
    if (!watched.leftOut().isEmpty() && !boundReported) {
      boundReported = true;
      report.accept(
          "--watch watches at most "
              + WatchedFiles.MAX_DIRECTORIES
              + " directories; left out: "
              + watched.leftOut().get(0)
              + (watched.leftOut().size() > 1
                  ? " and " + (watched.leftOut().size() - 1) + " more"
                  : ""));
    }
  }

  private void run() {
    try {
      while (true) {
        WatchKey key = service.take();
        Path dir = (Path) key.watchable();
        for (WatchEvent<?> event : key.pollEvents()) {
          handle(dir, event);
        }
        key.reset();
      }
    } catch (ClosedWatchServiceException | InterruptedException stopped) {
      // close(): the app is stopping
    }
  }

  private void handle(Path dir, WatchEvent<?> event) {
    WatchedFiles.Hit hit;
    boolean grew = false;
    synchronized (this) {
      if (event.kind() == StandardWatchEventKinds.OVERFLOW) {
        hit = watched.all(dir);
      } else {
        Path changed = dir.resolve((Path) event.context());
        hit = watched.hit(dir, changed);
        grew =
            event.kind() == StandardWatchEventKinds.ENTRY_CREATE
                && watched.trees().containsKey(dir)
                && Files.isDirectory(changed);
      }
      if (grew) {
        watch(config); // a new directory in a watched tree
      }
    }
    batch.add(hit.config(), hit.entries());
  }

  /** Stops watching; a batch still open is dropped. */
  @Override
  public void close() {
    try {
      service.close();
    } catch (IOException e) {
      LOG.log(Level.DEBUG, "closing the watch service: {0}", e.toString());
    }
    batch.cancel();
  }
}
