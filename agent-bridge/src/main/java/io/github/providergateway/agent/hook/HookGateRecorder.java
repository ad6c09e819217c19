package io.github.providergateway.agent.hook;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.agent.internal.OwnerOnlyFiles;
import io.github.providergateway.gateway.GatewayListener;
import io.github.providergateway.gateway.SessionHookRule;
import io.github.providergateway.protocol.SessionInfo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * Keeps {@link HookGateRecord} ({@code <home>/hook-gates.json}) up to date for the gateway it
 * listens to: each session's working directory and blocking {@code onPreToolUse} rules, for the
 * sessions that holders of the gateway token opened (a client of the HTTP front door could
 * otherwise name a session of its own after the agent, and be followed offline). A session that
 * ends leaves the record, so a gateway stopped gracefully leaves none in force; one that crashed or
 * hangs leaves its last record, and hook adapters follow its gates' fail-closed settings.
 *
 * <p>Events arrive on the gateway loop, which must not do I/O: the record is written on a thread of
 * its own, in event order, owner-only, and replaced atomically so that an adapter never reads it
 * half-written. {@link #start()} replaces a stale record a crashed gateway left; call it before the
 * gateway serves anyone.
 */
public final class HookGateRecorder implements GatewayListener, AutoCloseable {

  private static final System.Logger LOG = System.getLogger(HookGateRecorder.class.getName());

  private final Path file;

  /** Sessions in start order, with their rules. Gateway loop only. */
  private final Map<String, HookGateRecord.Entry> sessions = new LinkedHashMap<>();

  /** Writes the record, one snapshot after another. */
  private final ExecutorService writer =
      Executors.newSingleThreadExecutor(
          task -> {
            Thread t = new Thread(task, "hook-gate-record");
            t.setDaemon(true);
            return t;
          });

  /**
   * A recorder for the gateway serving {@code home}.
   *
   * @param home the gateway's home; the record is written there as {@value
   *     HookGateRecord#FILE_NAME}
   */
  public HookGateRecorder(Path home) {
    this.file = requireNonNull(home, "home").resolve(HookGateRecord.FILE_NAME);
  }

  /** Writes an empty record over whatever a previous gateway of this home left. */
  public void start() {
    write(List.of());
  }

  @Override
  public void sessionStarted(SessionInfo session) {
    if (!session.openedByTokenHolder()) {
      return; // a front-door client's session: never the agent's for a hook adapter (SessionChoice)
    }
    sessions.put(
        session.id(),
        new HookGateRecord.Entry(session.id(), session.label(), session.cwd(), List.of()));
    write(new ArrayList<>(sessions.values()));
  }

  @Override
  public void hookRulesChanged(String sessionId, List<SessionHookRule> rules) {
    HookGateRecord.Entry entry = sessions.get(sessionId);
    if (entry == null) {
      return; // not started here (cannot happen) or ended already
    }
    sessions.put(sessionId, new HookGateRecord.Entry(sessionId, entry.label(), entry.cwd(), rules));
    write(new ArrayList<>(sessions.values()));
  }

  @Override
  public void sessionEnded(String sessionId) {
    if (sessions.remove(sessionId) != null) {
      write(new ArrayList<>(sessions.values()));
    }
  }

  private void write(List<HookGateRecord.Entry> snapshot) {
    String text = HookGateRecord.toJson(snapshot);
    try {
      writer.execute(() -> replace(text));
    } catch (java.util.concurrent.RejectedExecutionException closed) {
      // Closed: the gateway is going away and its last record stands.
    }
  }

  private void replace(String text) {
    try {
      OwnerOnlyFiles.replace(file, text.getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      // Adapters then read the previous record: stale rules, never a half-written file.
      LOG.log(System.Logger.Level.WARNING, "cannot write " + file + ": " + e.getMessage());
    }
  }

  /** Finishes the writes already asked for (up to 2 s) and stops the writer. Idempotent. */
  @Override
  public void close() {
    writer.shutdown();
    try {
      writer.awaitTermination(2, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
