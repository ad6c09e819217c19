package io.github.providergateway.host;

import io.github.providergateway.gateway.Decision;
import io.github.providergateway.gateway.GatewayListener;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * The gateway's latest decisions, for {@code audit.query} and the console's {@code audit} and
 * {@code why} (docs/audit.md): a {@link GatewayListener} keeping the newest {@code capacity}
 * {@link Decision}s in memory. Give it to {@link HostService.Builder#decisionLog} and add it to the
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
  public synchronized List<Decision> query(Filter filter) {
    List<Decision> matched = new ArrayList<>();
    for (Decision decision : newest) {
      if (filter.matches(decision)) {
        matched.add(decision);
      }
    }
    int from = Math.max(0, matched.size() - filter.limit());
    return List.copyOf(matched.subList(from, matched.size()));
  }

  /**
   * Which decisions {@link #query} returns; each non-null field must match.
   *
   * @param sessionId the session
   * @param provider the provider
   * @param tool the tool
   * @param kind the kind, as {@code DecisionKind}'s name ({@code TOOL_CALL}, case ignored)
   * @param callId a call: its pre-tool-use evaluation and its outcome
   * @param since decisions at or after this time
   * @param limit at most this many, the newest
   */
  public record Filter(
      String sessionId, String provider, String tool, String kind, String callId, Instant since, int limit) {

    /** Every decision, the newest 100. */
    public static final Filter NEWEST = new Filter(null, null, null, null, null, null, 100);

    /**
     * Checks the limit.
     *
     * @param sessionId the session, or null
     * @param provider the provider, or null
     * @param tool the tool, or null
     * @param kind the kind, or null
     * @param callId the call, or null
     * @param since the earliest time, or null
     * @param limit at most this many; positive
     */
    public Filter {
      if (limit < 1) {
        throw new IllegalArgumentException("limit must be positive, was " + limit);
      }
    }

    boolean matches(Decision d) {
      return (sessionId == null || sessionId.equals(d.sessionId()))
          && (provider == null || provider.equals(d.provider()))
          && (tool == null || tool.equals(d.tool()))
          && (kind == null || kind.equalsIgnoreCase(d.kind().name()))
          && (callId == null || callId.equals(d.callId()))
          && (since == null || !d.time().isBefore(since));
    }
  }
}
