package io.github.providergateway.agent.hook;

import io.github.providergateway.gateway.event.Decision;
import io.github.providergateway.gateway.event.DecisionKind;
import io.github.providergateway.gateway.testing.GatewayFixture;
import java.nio.file.Path;

/**
 * A {@link HookEndpoint} on a fixture's gateway, with the home's record of gates kept in {@code
 * home}.
 */
final class TestEndpoints {

  private TestEndpoints() {}

  /** An executor that runs each task in the caller's thread: the record is written at once. */
  static java.util.concurrent.ExecutorService inline() {
    return new java.util.concurrent.AbstractExecutorService() {
      private volatile boolean shut;

      @Override
      public void execute(Runnable command) {
        command.run();
      }

      @Override
      public void shutdown() {
        shut = true;
      }

      @Override
      public java.util.List<Runnable> shutdownNow() {
        shut = true;
        return java.util.List.of();
      }

      @Override
      public boolean isShutdown() {
        return shut;
      }

      @Override
      public boolean isTerminated() {
        return shut;
      }

      @Override
      public boolean awaitTermination(long timeout, java.util.concurrent.TimeUnit unit) {
        return true;
      }
    };
  }

  static HookEndpoint of(GatewayFixture f, Path home) {
    return new HookEndpoint(f.gateway, gates(f, home), f.clock);
  }

  /** The home's record of gates on the fixture's gateway, started and listening to it. */
  static HookGateRecorder gates(GatewayFixture f, Path home) {
    HookGateRecorder gates = new HookGateRecorder(home, f.clock, java.util.Set::of, inline());
    gates.start();
    f.gateway.monitor().addListener(gates);
    return gates;
  }

  /** Keeps each {@code pre_tool_use} decision of the fixture's gateway in {@code audit}. */
  static void keepPreToolUse(GatewayFixture f, java.util.List<Decision> audit) {
    f.onDecided(
        decision -> {
          if (decision.kind() == DecisionKind.PRE_TOOL_USE) {
            audit.add(decision);
          }
        });
  }

  /**
   * A gateway loop's executor that runs each task in the caller's thread until {@link #stop}: then
   * it refuses, as a real gateway's loop does once the gateway has closed.
   */
  static final class StoppingLoop implements java.util.concurrent.Executor {
    private volatile boolean stopped;

    @Override
    public void execute(Runnable command) {
      if (stopped) {
        throw new java.util.concurrent.RejectedExecutionException("the gateway's loop has ended");
      }
      command.run();
    }

    /** From now on, every task is refused. */
    void stop() {
      stopped = true;
    }
  }

  /**
   * Closes {@code f}'s gateway as a real one closes: its loop then refuses what it is asked ({@code
   * loop} must be the fixture's executor).
   */
  static void closeGateway(GatewayFixture f, StoppingLoop loop) {
    f.gateway.close();
    loop.stop();
  }
}
