package io.github.providergateway.transport.ws.internal;

import io.github.providergateway.loop.base.DaemonThreads;
import io.github.providergateway.loop.base.LoopbackPeers;
import java.net.InetSocketAddress;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.function.Consumer;

/**
 * Finds the processes of authenticated providers ({@link LoopbackPeers}) one at a time on a daemon
 * thread of their own, never on a Grizzly thread or the gateway's loop: a look-up reads {@code
 * /proc}, which takes milliseconds on a busy desktop. At most {@value #MAX_WAITING} wait; past that
 * a connection's process goes unnamed (the look-up is for a person's benefit only), so a token
 * holder reconnecting in a loop costs at most this one thread.
 */
final class PeerLookups {

  static final int MAX_WAITING = 64;

  private static final ThreadPoolExecutor LOOKUPS =
      DaemonThreads.single("ws-peer-lookup", MAX_WAITING);

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
    try {
      LOOKUPS.execute(() -> LoopbackPeers.of(peerAddress, localAddress).ifPresent(found));
    } catch (RejectedExecutionException tooMany) {
      // the process goes unnamed: the look-up is for a person's benefit only
    }
  }
}
