package io.github.providergateway.agent.guard;

import io.github.providergateway.guard.CallFlow;
import io.github.providergateway.guard.SessionPast;
import io.github.providergateway.guard.SessionPast.PastCall;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** One session's record in {@link SessionFlows}: guarded by the flows' lock. */
final class SessionRecord {
  SessionPast past;
  final String project;
  boolean reportsAfterTool;
  Instant lastUsed;

  /** Calls remembered when let through, so that their after-tool report is not a second. */
  final Map<String, Boolean> recorded = bounded();

  /** Asked calls waiting for their report or the person's yes, by tool and arguments. */
  final Map<String, Pending> pending = bounded();

  /** An asked call waiting for its after-tool report or the person's yes. */
  record Pending(PastCall call, CallFlow flow, String rule, List<String> grant, boolean kept) {}

  SessionRecord(SessionPast past, String project, Instant lastUsed) {
    this.past = past;
    this.project = project;
    this.lastUsed = lastUsed;
  }

  /** A map of at most {@link SessionFlows#MAX_PENDING} entries, the least recently used going. */
  private static <V> Map<String, V> bounded() {
    return new LinkedHashMap<>(16, 0.75f, true) {
      @Override
      protected boolean removeEldestEntry(Map.Entry<String, V> eldest) {
        return size() > SessionFlows.MAX_PENDING;
      }
    };
  }
}
