package io.github.providergateway.provider.spi;

import io.github.providergateway.protocol.Ack;
import io.github.providergateway.protocol.ErrorMessage;
import io.github.providergateway.protocol.FilterRule;
import io.github.providergateway.provider.GatewayErrorException;
import io.github.providergateway.provider.JavaProvider;
import io.github.providergateway.provider.ProviderTool;
import io.github.providergateway.provider.ToolHandler;
import io.github.providergateway.provider.spi.Declaration.Change;
import io.github.providergateway.provider.spi.Declaration.FilterChange;
import io.github.providergateway.provider.spi.Declaration.ToolsChange;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * The provider's declared state and the updates that change it (spec: Update acknowledgments).
 * Updates go one at a time, whatever their type, in the order asked: the head of the queue is in
 * flight once it has a {@code requestId}, and leaves the queue on its last {@code ack} or on the
 * {@code error} echoing its id.
 *
 * <p>A {@code hello} declares the whole state; the tool, hook and context updates pending when it
 * is sent are applied by its {@code hello.ack}. Filters have no place in {@code hello}, so after
 * every {@code hello.ack} each confirmed filter is set again: whatever the gateway restored (a
 * reconnect token) or forgot (a fresh binding), it ends with the declared filters. Loop only.
 */
final class StateUpdates {

  private final Link link;

  /** What the gateway has acknowledged. Loop only. */
  private Declaration confirmed;

  /** Updates not yet acknowledged, oldest first. Loop only. */
  private final Deque<Pending> pending = new ArrayDeque<>();

  /** What the {@code hello} in flight declares, or null. Loop only. */
  private Declaration hello;

  /** Whether the connection is bound, so updates may go out. Loop only. */
  private boolean sending;

  /** Counter behind {@code requestId}s, so they are predictable in tests. Loop only. */
  private long requestSerial;

  StateUpdates(JavaProvider provider, Link link) {
    this.link = link;
    this.confirmed = Declaration.of(provider);
  }

  /** One update asked for. Loop only. */
  private static final class Pending {
    final Change change;

    /** Completes when it is applied; null for a filter set again after a {@code hello}. */
    final CompletableFuture<Void> future;

    /** The {@code requestId} of its message while in flight, else null. */
    String requestId;

    /** Sessions whose {@code ack} is still due; null until the first arrives. */
    Set<String> awaiting;

    /** Whether the {@code hello} in flight declares it. */
    boolean carried;

    Pending(Change change, CompletableFuture<Void> future) {
      this.change = change;
      this.future = future;
    }
  }

  /** The state the gateway will have once every pending update is applied. */
  Declaration desired() {
    Declaration state = confirmed;
    for (Pending update : pending) {
      state = update.change.applyTo(state);
    }
    return state;
  }

  /**
   * The handler for {@code tool}: the newest list that has it, pending updates first. Calls for a
   * tool just added may arrive before the ack; calls for a tool just removed may still arrive
   * before the gateway applies the update. Both are served.
   */
  ToolHandler handlerFor(String tool) {
    for (var it = pending.descendingIterator(); it.hasNext(); ) {
      if (it.next().change instanceof ToolsChange change) {
        ToolHandler handler = find(change.tools(), tool);
        if (handler != null) {
          return handler;
        }
      }
    }
    return find(confirmed.tools(), tool);
  }

  private static ToolHandler find(List<ProviderTool> list, String tool) {
    for (ProviderTool candidate : list) {
      if (candidate.name().equals(tool)) {
        return candidate.handler();
      }
    }
    return null;
  }

  /** Queues {@code change}; {@code future} completes once the gateway applied it. */
  void enqueue(Change change, CompletableFuture<Void> future) {
    pending.addLast(new Pending(change, future));
    sendNext();
  }

  /**
   * Whether the gateway may hold an ambient context for this provider: one was acknowledged, or a
   * context update is pending (it may have been applied before its ack was lost).
   */
  boolean mayHoldContext() {
    if (confirmed.context() != null) {
      return true;
    }
    for (Pending update : pending) {
      if (update.change instanceof Declaration.ContextChange) {
        return true;
      }
    }
    return false;
  }

  // ---- hello ----

  /** A {@code hello} is being sent: what it declares. Updates wait for its {@code hello.ack}. */
  Declaration beginHello() {
    sending = false;
    for (Pending update : pending) {
      update.carried = update.change.carriedByHello();
    }
    hello = desired();
    return hello;
  }

  /** The {@code hello} was acknowledged: apply what it carried, set filters again, go on. */
  void helloAcked() {
    confirmed =
        new Declaration(
            hello.tools(),
            hello.hookRules(),
            hello.transforms(),
            hello.context(),
            confirmed.filters());
    hello = null;
    List<Pending> applied = new ArrayList<>();
    pending.removeIf(update -> update.carried && applied.add(update));
    for (Pending update : applied) {
      update.future.complete(null);
    }
    Set<String> queued = new HashSet<>();
    for (Pending update : pending) {
      if (update.change instanceof FilterChange filter) {
        queued.add(filter.stream());
      }
    }
    List<Pending> again = new ArrayList<>();
    for (Map.Entry<String, List<FilterRule>> filter : confirmed.filters().entrySet()) {
      if (!queued.contains(filter.getKey())) {
        again.add(new Pending(new FilterChange(filter.getKey(), filter.getValue()), null));
      }
    }
    for (int i = again.size() - 1; i >= 0; i--) {
      pending.addFirst(again.get(i));
    }
    sending = true;
    sendNext();
  }

  /** The {@code hello} was refused: what it carried stays pending, for the next one. */
  void helloRefused() {
    hello = null;
    for (Pending update : pending) {
      update.carried = false;
    }
  }

  // ---- answers ----

  /**
   * An {@code ack}. The first one for the update in flight fixes which sessions must still ack:
   * {@code boundSessions}, the sessions the provider knew itself bound in when it arrived (the
   * gateway acks each binding it had when it applied the update, and announced each of them before
   * that ack).
   */
  void onAck(Ack ack, Set<String> boundSessions) {
    Pending head = pending.peekFirst();
    if (head == null || head.requestId == null || !head.requestId.equals(ack.requestId())) {
      return; // a late ack for an update already applied
    }
    if (head.awaiting == null) {
      head.awaiting = new HashSet<>(boundSessions);
    }
    head.awaiting.remove(ack.sessionId());
    if (head.awaiting.isEmpty()) {
      applyHead();
    }
  }

  /** Sessions still active; an ack due from any other session will not come. */
  void sessionsActive(Set<String> active) {
    Pending head = pending.peekFirst();
    if (head != null
        && head.awaiting != null
        && head.awaiting.retainAll(active)
        && head.awaiting.isEmpty()) {
      applyHead();
    }
  }

  /**
   * An {@code error}: when it echoes the {@code requestId} in flight, that update is refused and
   * dropped (the state before it stays).
   *
   * @return whether it answered an update
   */
  boolean onError(ErrorMessage error) {
    Pending head = pending.peekFirst();
    if (head == null || head.requestId == null || !head.requestId.equals(error.requestId())) {
      return false;
    }
    pending.pollFirst();
    if (head.future != null) {
      head.future.completeExceptionally(new GatewayErrorException(error));
    }
    sendNext();
    return true;
  }

  private void applyHead() {
    Pending head = pending.pollFirst();
    confirmed = head.change.applyTo(confirmed);
    if (head.future != null) {
      head.future.complete(null);
    }
    sendNext();
  }

  private void sendNext() {
    Pending next = pending.peekFirst();
    if (!sending || next == null || next.requestId != null) {
      return;
    }
    next.requestId = "req-" + (++requestSerial);
    link.send(next.change.message(next.requestId));
  }

  // ---- the end of a connection, or of everything ----

  /**
   * The connection ended: the update in flight lost its acks; the next connection sends it again.
   */
  void connectionClosed() {
    sending = false;
    hello = null;
    for (Pending update : pending) {
      update.requestId = null;
      update.awaiting = null;
      update.carried = false;
    }
  }

  /** The runtime ended: nothing pending will be applied. */
  void terminate(Throwable cause) {
    sending = false;
    for (Pending update : pending) {
      if (update.future != null) {
        update.future.completeExceptionally(cause);
      }
    }
    pending.clear();
  }
}
