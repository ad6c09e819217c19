package io.github.providergateway.host;

import io.github.providergateway.gateway.event.Decision;
import io.github.providergateway.gateway.event.GatewayListener;
import io.github.providergateway.host.api.AuditFilter;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * The gateway's latest decisions, for {@code audit.query} and the console's {@code audit} and
 * {@code why} (docs/audit.md): a {@link GatewayListener} keeping the newest {@code capacity} {@link
 * Decision}s in memory. Give it to {@link HostService.Builder#decisionLog} and add it to the
 * gateway as a listener. Thread-safe: the gateway adds on its loop, hosts query from theirs.
 */
public final class DecisionLog implements GatewayListener {

  /** What the reference gateway keeps: a few hundred bytes each, about 3 MB. */
  public static final int DEFAULT_CAPACITY = 10_000;

  private final int capacity;
  private final Deque<Decision> newest = new ArrayDeque<>();

  /**
   * A log of the newest {@code capacity} decisions.
   *
   * @param capacity how many are kept; the oldest go first
   */
  public DecisionLog(int capacity) {
    if (capacity < 1) {
      throw new IllegalArgumentException("capacity must be positive, was " + capacity);
    }
    this.capacity = capacity;
  }

  @Override
  public synchronized void decided(Decision decision) {
    if (newest.size() == capacity) {
      newest.removeFirst();
    }
    newest.addLast(decision);
  }

  /**
   * The decisions that match {@code filter}, oldest first, at most its {@code limit} newest.
   *
   * @param filter which decisions
   * @return a copy
   */
  public synchronized List<Decision> query(AuditFilter filter) {
    List<Decision> matched = new ArrayList<>();
    for (Decision decision : newest) {
      if (matches(filter, decision)) {
        matched.add(decision);
      }
    }
    int from = Math.max(0, matched.size() - filter.limit());
    return List.copyOf(matched.subList(from, matched.size()));
  }

  /** Whether {@code decision} matches each field {@code filter} sets. */
  private static boolean matches(AuditFilter filter, Decision decision) {
    return (filter.sessionId() == null || filter.sessionId().equals(decision.sessionId()))
        && (filter.provider() == null || filter.provider().equals(decision.provider()))
        && (filter.tool() == null || filter.tool().equals(decision.tool()))
        && (filter.kind() == null || filter.kind().equalsIgnoreCase(decision.kind().name()))
        && (filter.callId() == null || filter.callId().equals(decision.callId()))
        && (filter.since() == null || !decision.time().isBefore(filter.since()));
  }
}
