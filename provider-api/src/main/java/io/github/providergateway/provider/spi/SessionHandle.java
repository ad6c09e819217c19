package io.github.providergateway.provider.spi;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.protocol.FilterRule;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.Hooks;
import io.github.providergateway.protocol.Push;
import io.github.providergateway.protocol.PushLevel;
import io.github.providergateway.protocol.StreamHistory;
import io.github.providergateway.protocol.StreamName;
import io.github.providergateway.provider.JavaProvider;
import io.github.providergateway.provider.ProviderSession;
import io.github.providergateway.provider.ProviderTool;
import io.github.providergateway.provider.internal.HandlerCheck;
import io.github.providergateway.provider.internal.NameCheck;
import io.github.providergateway.provider.spi.Declaration.Change;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The user's {@link ProviderSession}: checks arguments on the caller's thread, then moves the work
 * onto the provider's loop. Pushes go straight to the connection, which is thread-safe.
 */
final class SessionHandle implements ProviderSession {

  private final ProviderSide runtime;

  SessionHandle(ProviderSide runtime) {
    this.runtime = runtime;
  }

  @Override
  public CompletionStage<HelloAck> bound() {
    return runtime.boundFuture().copy();
  }

  @Override
  public boolean push(PushLevel level, String event) {
    return push(Push.event(level, event));
  }

  @Override
  public boolean push(String stream, PushLevel level, String event) {
    return push(Push.event(stream, level, event));
  }

  @Override
  public boolean push(Push push) {
    requireNonNull(push, "push");
    // A push needs no runtime state: straight to the connection.
    return runtime.link().send(push);
  }

  @Override
  public CompletionStage<Void> updateTools(List<ProviderTool> tools) {
    List<ProviderTool> list = List.copyOf(tools);
    NameCheck.checkToolNames(list.stream().map(ProviderTool::name).toList());
    return update(new Declaration.ToolsChange(list));
  }

  @Override
  public CompletionStage<Void> updateHooks(Hooks hooks) {
    requireNonNull(hooks, "hooks");
    JavaProvider provider = runtime.provider();
    HandlerCheck.checkUpdate(
        hooks.onPreToolUse(),
        hooks.transforms(),
        provider.gates().keySet(),
        provider.transformHandlers().keySet());
    return update(new Declaration.HooksChange(hooks));
  }

  @Override
  public CompletionStage<Void> updateContext(String context) {
    return update(new Declaration.ContextChange(requireNonNull(context, "context")));
  }

  @Override
  public CompletionStage<Void> setFilter(String stream, List<FilterRule> rules) {
    String own = runtime.provider().name();
    StreamName name = StreamName.parse(stream == null ? own : stream, own);
    // One key per own stream, however it is spelled; another provider's stream is the gateway's
    // to refuse (UNAUTHORIZED).
    String key = name.isOwnedBy(own) ? name.stream() : stream;
    return update(new Declaration.FilterChange(key, rules));
  }

  private CompletionStage<Void> update(Change change) {
    CompletableFuture<Void> future = new CompletableFuture<>();
    runtime.onLoop(
        () -> {
          if (!runtime.refuseIfTerminated(future)) {
            runtime.updates().enqueue(change, future);
          }
        },
        future);
    return future.copy();
  }

  @Override
  public CompletionStage<StreamHistory> queryStreams(List<String> streams, int last) {
    return query(null, streams, last);
  }

  @Override
  public CompletionStage<StreamHistory> queryStreams(
      String sessionId, List<String> streams, int last) {
    return query(requireNonNull(sessionId, "sessionId"), streams, last);
  }

  private CompletionStage<StreamHistory> query(String sessionId, List<String> streams, int last) {
    List<String> names = List.copyOf(streams);
    if (last < 0) {
      throw new IllegalArgumentException("last must not be negative, was " + last);
    }
    CompletableFuture<StreamHistory> future = new CompletableFuture<>();
    runtime.onLoop(
        () -> {
          if (!runtime.refuseIfTerminated(future)) {
            runtime.queries().ask(sessionId, names, last, future);
          }
        },
        future);
    return future.copy();
  }

  @Override
  public CompletionStage<Void> goodbye(String reason) {
    CompletableFuture<Void> unused = new CompletableFuture<>();
    runtime.onLoop(() -> runtime.leave(reason), unused);
    return closed();
  }

  @Override
  public CompletionStage<Void> closed() {
    return runtime.closedFuture().copy();
  }

  @Override
  public void close() {
    goodbye(null);
  }
}
