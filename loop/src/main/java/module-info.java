/**
 * The serial loop and the timers that the gateway engine, the Java provider runtime and both
 * clients run on: {@link io.github.providergateway.loop.SerialExecutor} (one loop owns a state, so
 * the state needs no lock), {@link io.github.providergateway.loop.Scheduler} with its production
 * {@link io.github.providergateway.loop.SystemScheduler} (time is injected, so tests drive it),
 * {@link io.github.providergateway.loop.Backend} (the one seam for time and execution that the
 * builders take: clock, scheduler, loop and I/O executors, randomness), and {@link
 * io.github.providergateway.loop.Backoff} (the reconnect delays of the provider client and the
 * host's {@code GatewayClient}), {@link io.github.providergateway.loop.TaskBatch} (work a thread
 * defers to the end of the tasks it is running: the WebSocket transport's writes), and {@link
 * io.github.providergateway.loop.InboundBacklog} (received text waiting for a loop, bounded by
 * suspending reads: the gateway's providers and hosts share one). The JDK only: a provider depends
 * on it without the engine.
 *
 * <p>{@code io.github.providergateway.loop.base} holds one primitive per concern for every module:
 * owner-only files and the checks that believe them, the check of a positive span, named daemon
 * threads.
 */
module io.github.providergateway.loop {
  exports io.github.providergateway.loop;
  exports io.github.providergateway.loop.base;
}
