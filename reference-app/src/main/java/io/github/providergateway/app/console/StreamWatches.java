package io.github.providergateway.app.console;

import static io.github.providergateway.app.console.CommandFailed.await;

import io.github.providergateway.host.api.HostApi;
import io.github.providergateway.loop.Scheduler;
import io.github.providergateway.loop.SystemScheduler;
import io.github.providergateway.protocol.StreamEntry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The console's stream commands: {@code stream} shows a stream's newest events, {@code watch}
 * prints its new events as they arrive, {@code unwatch} stops that. The gateway has no stream
 * subscription for hosts, and {@code keep} pushes reach no host callback, so a watch asks once a
 * second on a timer of its own.
 */
final class StreamWatches {
  private static final Duration WATCH_INTERVAL = Duration.ofSeconds(1);
  private static final int STREAM_DEFAULT_LAST = 20;

  private final ConsoleOut out;

  /** Names read successfully here are offered by tab completion. */
  private final KnownStreams known;

  /** Streams being watched, by name. Reader thread and timer. */
  private final Map<String, Watch> watches = new ConcurrentHashMap<>();

  /** What the watches ask; set by start, read by the timer. */
  private volatile HostApi api;

  /** Whose current session the commands use; set by start. Reader thread only. */
  private ConsoleSessions sessions;

  /** Times the watches; created by start, with the gateway. */
  private SystemScheduler timer;

  StreamWatches(ConsoleOut out, KnownStreams known) {
    this.out = out;
    this.known = known;
  }

  /** Readies the commands once the console has a gateway to ask. */
  void start(HostApi api, ConsoleSessions sessions) {
    this.api = api;
    this.sessions = sessions;
    this.timer = new SystemScheduler();
  }

  void show(String rest) {
    String[] args = rest.isEmpty() ? new String[0] : rest.split("\\s+");
    if (args.length == 0) {
      throw new CommandFailed("usage: stream <stream@provider> [n]");
    }
    int last = STREAM_DEFAULT_LAST;
    if (args.length > 1) {
      try {
        last = Integer.parseInt(args[1]);
      } catch (NumberFormatException e) {
        throw new CommandFailed("n must be a number, was '" + args[1] + "'");
      }
    }
    String session = sessions.requireCurrent();
    List<StreamEntry> entries =
        await(api.queryStreams(session, List.of(args[0]), last)).getOrDefault(args[0], List.of());
    if (entries.isEmpty()) {
      out.say("No events in " + args[0] + ".");
      return;
    }
    known.add(session, args[0]);
    List<StreamEntry> oldestFirst = new ArrayList<>(entries);
    Collections.reverse(oldestFirst);
    oldestFirst.forEach(entry -> out.say("  " + ConsoleText.describe(entry)));
  }

  void watch(String stream) {
    if (stream.isEmpty() || stream.contains(" ")) {
      throw new CommandFailed("usage: watch <stream@provider>");
    }
    String session = sessions.requireCurrent();
    // Check the name now, so a typo is reported here and not by the timer.
    List<StreamEntry> now = await(api.queryStreams(session, List.of(stream), 1)).get(stream);
    Watch watch = new Watch(session, stream, now.isEmpty() ? null : now.get(0));
    Watch before = watches.put(stream, watch);
    if (before != null) {
      before.cancel();
    }
    watch.schedule();
    known.add(session, stream);
    out.say("Watching " + stream + " in session " + session + "; 'unwatch' stops.");
  }

  void unwatch(String stream) {
    if (stream.isEmpty()) {
      cancelAll();
      out.say("Stopped every watch.");
      return;
    }
    Watch watch = watches.remove(stream);
    if (watch == null) {
      throw new CommandFailed("not watching " + stream);
    }
    watch.cancel();
    out.say("Stopped watching " + stream + ".");
  }

  /** The streams being watched, by name. Any thread. */
  List<String> watched() {
    return List.copyOf(watches.keySet());
  }

  /** Stops every watch. Any thread. */
  void cancelAll() {
    watches.values().forEach(Watch::cancel);
    watches.clear();
  }

  /** Frees the timer thread, if start made one. */
  void closeTimer() {
    if (timer != null) {
      timer.close();
    }
  }

  /** Polls one stream and prints what is new. */
  private final class Watch {
    private final String session;
    private final String stream;

    /** The newest entry printed so far. Timer thread only, after construction. */
    private StreamEntry newestSeen;

    private volatile Scheduler.Cancellable next;
    private volatile boolean cancelled;

    Watch(String session, String stream, StreamEntry newestSeen) {
      this.session = session;
      this.stream = stream;
      this.newestSeen = newestSeen;
    }

    void schedule() {
      if (!cancelled) {
        next = timer.schedule(WATCH_INTERVAL, this::poll);
      }
    }

    void cancel() {
      cancelled = true;
      Scheduler.Cancellable pending = next;
      if (pending != null) {
        pending.cancel();
      }
    }

    private void poll() {
      api.queryStreams(session, List.of(stream), Integer.MAX_VALUE)
          .whenComplete(
              (history, error) -> {
                if (error != null) {
                  out.say("[watch " + stream + "] stopped: " + CommandFailed.rootMessage(error));
                  watches.remove(stream, this);
                  return;
                }
                printNew(history.getOrDefault(stream, List.of()));
                schedule();
              });
    }

    private void printNew(List<StreamEntry> newestFirst) {
      List<StreamEntry> fresh = new ArrayList<>();
      for (StreamEntry entry : newestFirst) {
        if (entry.equals(newestSeen)) {
          break;
        }
        fresh.add(entry);
      }
      if (fresh.isEmpty() || cancelled) {
        return;
      }
      newestSeen = fresh.get(0);
      Collections.reverse(fresh);
      fresh.forEach(entry -> out.say("[" + stream + "] " + ConsoleText.describe(entry)));
    }
  }
}
