package io.github.providergateway.provider.spi;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.provider.ToolCallContext;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;

/** A call as its handler sees it. Thread-safe: handlers use it from any thread. */
final class CallContext implements ToolCallContext {

  private final ToolCall call;
  private final ProviderLoop loop;
  private final UserCode user;

  /** Sends a progress line for this call; run on the loop. */
  private final BiConsumer<CallContext, String> progress;

  /** Guards the two fields below: handlers read them from any thread. */
  private final Object lock = new Object();

  /** Whether the call was cancelled (tool.cancel, or its connection dropped). Under lock. */
  private boolean cancelled;

  /** Actions to run on cancellation; emptied when they run. Under lock. */
  private List<Runnable> onCancel = new ArrayList<>();

  CallContext(
      ToolCall call, ProviderLoop loop, UserCode user, BiConsumer<CallContext, String> progress) {
    this.call = call;
    this.loop = loop;
    this.user = user;
    this.progress = progress;
  }

  @Override
  public String id() {
    return call.id();
  }

  @Override
  public String sessionId() {
    return call.sessionId();
  }

  @Override
  public String tool() {
    return call.tool();
  }

  @Override
  public boolean isCancelled() {
    synchronized (lock) {
      return cancelled;
    }
  }

  @Override
  public void onCancel(Runnable action) {
    requireNonNull(action, "action");
    synchronized (lock) {
      if (!cancelled) {
        onCancel.add(action);
        return;
      }
    }
    action.run();
  }

  @Override
  public void progress(String message) {
    requireNonNull(message, "message");
    loop.execute(() -> progress.accept(this, message));
  }

  /** Marks the call cancelled and runs its cancel actions; on the loop. */
  void cancel() {
    List<Runnable> actions;
    synchronized (lock) {
      if (cancelled) {
        return;
      }
      cancelled = true;
      actions = onCancel;
      onCancel = List.of();
    }
    for (Runnable action : actions) {
      user.run("onCancel", action);
    }
  }
}
