package io.github.providergateway.transport.jakarta;

/**
 * Holds back the container thread that delivered a provider's message while the gateway asks for no
 * more ({@code ProviderConnection.suspendReading}). Standard Jakarta WebSocket cannot pause
 * reading; but a container delivers one session's messages one at a time and reads no further while
 * its handler runs, so a handler that waits is what pauses the peer: TCP then holds it back, as
 * {@code transport-ws}'s server does by turning reads off. The price is one container thread per
 * suspended connection, until the gateway catches up or the connection ends.
 */
final class ReadingGate {

  /** Whether the gateway asked for no more. Guarded by this. */
  private boolean suspended;

  /** False once the connection ended: nothing waits any more. Guarded by this. */
  private boolean open = true;

  synchronized void suspend() {
    if (open) {
      suspended = true;
    }
  }

  synchronized void resume() {
    suspended = false;
    notifyAll();
  }

  /** The connection ended: wakes a waiting thread, and none waits from now on. */
  synchronized void shut() {
    open = false;
    suspended = false;
    notifyAll();
  }

  /** Returns once the gateway takes messages again or the connection ended. */
  synchronized void awaitOpen() {
    while (suspended) {
      try {
        wait();
      } catch (InterruptedException e) {
        // The container is stopping its threads: stop holding this one.
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  synchronized boolean isSuspended() {
    return suspended;
  }
}
