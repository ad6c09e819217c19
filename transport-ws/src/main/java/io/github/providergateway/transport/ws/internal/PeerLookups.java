package io.github.providergateway.transport.ws.internal;

import io.github.providergateway.loop.base.DaemonThreads;
import java.net.InetSocketAddress;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Finds the processes of authenticated providers ({@link LoopbackPeerProcess}) one at a time on a
 * daemon thread of their own, never on a Grizzly thread or the gateway's loop: a look-up reads
 * {@code /proc}, which takes milliseconds on a busy desktop. At most {@value #MAX_WAITING} wait;
 * past that a connection's process goes unnamed (the look-up is for a person's benefit only), so a
 * token holder reconnecting in a loop costs at most this one thread.
 */
final class PeerLookups {

  static final int MAX_WAITING = 64;

  private static final ThreadPoolExecutor LOOKUPS = executor();

  private PeerLookups() {}

  /**
   * Looks up the process at the far end of {@code peer}–{@code local} and tells {@code found} of
   * it, later, on the look-up thread; tells nothing when there is none or too many wait.
   */
  static void lookUp(Object peer, Object local, Consumer<ProcessHandle> found) {
    if (!(peer instanceof InetSocketAddress peerAddress)
        || !(local instanceof InetSocketAddress localAddress)) {
      return;
    }
    LOOKUPS.execute(() -> LoopbackPeerProcess.of(peerAddress, localAddress).ifPresent(found));
  }

  private static ThreadPoolExecutor executor() {
    ThreadPoolExecutor executor =
        new ThreadPoolExecutor(
            1,
            1,
            30,
            TimeUnit.SECONDS,
            new ArrayBlockingQueue<>(MAX_WAITING),
            DaemonThreads.factory("ws-peer-lookup"),
            new ThreadPoolExecutor.DiscardPolicy());
    executor.allowCoreThreadTimeOut(true); // no thread while nobody connects
    return executor;
  }
}
