package io.github.providergateway.federation;

import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * Lists a server's tools again after it said they changed, coalesced: at most one {@code
 * tools/list} in flight and one pending. A change heard while a list is in flight is seen by the
 * next list, started when that one ends, so however many changes arrive during one list, they cost
 * one more; and the last list starts after the last change, so the session ends with the newest
 * tools. Thread-safe: changes come on the thread that reads the server, lists end on the SDK's.
 */
final class ToolsRelister {

  private final Supplier<CompletableFuture<?>> list;

  /** Whether a list is in flight. Guarded by this. */
  private boolean listing;

  /** Whether a change came while it was: one more list is due when it ends. Guarded by this. */
  private boolean pending;

  /**
   * @param list lists the tools and applies them; its future ends when that is done, either way.
   *     Called on the thread that heard the change or ended the last list; must not block
   */
  ToolsRelister(Supplier<CompletableFuture<?>> list) {
    this.list = list;
  }

  /** The server's tools changed. */
  void changed() {
    synchronized (this) {
      if (listing) {
        pending = true;
        return;
      }
      listing = true;
    }
    relist();
  }

  private void relist() {
    CompletableFuture<?> listed;
    try {
      listed = list.get();
    } catch (RuntimeException failed) {
      // A list that could not even start ends like one that failed: listing must not stay set.
      listed = CompletableFuture.failedFuture(failed);
    }
    listed.whenComplete((ok, failure) -> listed());
  }

  private void listed() {
    synchronized (this) {
      if (!pending) {
        listing = false;
        return;
      }
      pending = false;
    }
    relist();
  }
}
