package io.github.providergateway.provider.spi;

import io.github.providergateway.protocol.ErrorMessage;
import io.github.providergateway.protocol.StreamHistory;
import io.github.providergateway.protocol.StreamQuery;
import io.github.providergateway.provider.GatewayErrorException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Stream queries: each {@code stream.query} carries a fresh {@code queryId} and its future
 * completes with the {@code stream.history} echoing it. The gateway answers queries in the order
 * they arrive and its {@code error} names no {@code queryId}, so an {@code error} replying to
 * {@code stream.query} fails the oldest query in flight. Queries wait for a binding, and one lost
 * with its connection is asked again on the next: a query changes nothing, so asking twice is
 * harmless. Loop only.
 */
final class StreamQueries {

  private final Link link;

  /** Queries not answered yet, oldest first, by {@code queryId}. Loop only. */
  private final Map<String, Query> queries = new LinkedHashMap<>();

  /** Whether the connection is bound, so queries may go out. Loop only. */
  private boolean sending;

  /** Counter behind {@code queryId}s. Loop only. */
  private long serial;

  StreamQueries(Link link) {
    this.link = link;
  }

  /** One query asked for. Loop only. */
  private static final class Query {
    final String sessionId;
    final List<String> streams;
    final int last;
    final CompletableFuture<StreamHistory> future;

    /** Whether it went out on the current connection. */
    boolean sent;

    Query(
        String sessionId, List<String> streams, int last, CompletableFuture<StreamHistory> future) {
      this.sessionId = sessionId;
      this.streams = streams;
      this.last = last;
      this.future = future;
    }
  }

  void ask(
      String sessionId, List<String> streams, int last, CompletableFuture<StreamHistory> future) {
    Query query = new Query(sessionId, streams, last, future);
    String queryId = "q-" + (++serial);
    queries.put(queryId, query);
    if (sending) {
      send(queryId, query);
    }
  }

  private void send(String queryId, Query query) {
    query.sent = true;
    link.send(new StreamQuery(queryId, query.sessionId, query.streams, query.last));
  }

  void onHistory(StreamHistory history) {
    Query query = queries.remove(history.queryId());
    if (query != null) {
      query.future.complete(history);
    }
  }

  /**
   * An {@code error}: one replying to {@code stream.query} refuses the oldest query in flight.
   *
   * @return whether it answered a query
   */
  boolean onError(ErrorMessage error) {
    if (!"stream.query".equals(error.replyTo())) {
      return false;
    }
    for (Iterator<Query> it = queries.values().iterator(); it.hasNext(); ) {
      Query query = it.next();
      if (query.sent) {
        it.remove();
        query.future.completeExceptionally(new GatewayErrorException(error));
        return true;
      }
    }
    return false;
  }

  /** The connection is bound: every query not yet sent on it goes out, oldest first. */
  void bound() {
    sending = true;
    queries.forEach(
        (queryId, query) -> {
          if (!query.sent) {
            send(queryId, query);
          }
        });
  }

  /** The connection ended: unanswered queries are asked again once bound again. */
  void connectionClosed() {
    sending = false;
    for (Query query : queries.values()) {
      query.sent = false;
    }
  }

  /** The runtime ended: no answer will come. */
  void terminate(Throwable cause) {
    sending = false;
    for (Query query : new ArrayList<>(queries.values())) {
      query.future.completeExceptionally(cause);
    }
    queries.clear();
  }
}
