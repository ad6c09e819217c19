package io.github.providergateway.transport.ws.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link LoopbackPeerProcess} on real loopback sockets, on both families: the process at the far
 * end is found, whether another process (a Python child holding the socket) or this one; a
 * connection that is gone has none. Linux only ({@code /proc}).
 */
@Tag("process")
class LoopbackPeerProcessTest {

  @ParameterizedTest
  @ValueSource(strings = {"127.0.0.1", "::1"})
  void theChildProcessHoldingTheFarEndIsFound(String loopback) throws Exception {
    assumeTrue(Files.isReadable(Path.of("/proc/net/tcp")), "needs Linux's /proc");
    InetAddress address = InetAddress.getByName(loopback);
    try (ServerSocket server = new ServerSocket(0, 1, address)) {
      Process child =
          new ProcessBuilder(
                  List.of(
                      "python3",
                      "-c",
                      "import socket,sys; s=socket.create_connection((sys.argv[1], int(sys.argv[2]))); s.recv(1)",
                      loopback,
                      Integer.toString(server.getLocalPort())))
              .redirectErrorStream(true)
              .start();
      try (Socket accepted = server.accept()) {
        Optional<ProcessHandle> found =
            LoopbackPeerProcess.of(
                (InetSocketAddress) accepted.getRemoteSocketAddress(),
                (InetSocketAddress) accepted.getLocalSocketAddress());

        assertThat(found).map(ProcessHandle::pid).contains(child.pid());
      } finally {
        child.destroyForcibly().waitFor();
      }
    }
  }

  @Test
  void thisProcessIsFoundWhenItIsTheOtherEndAndNoneOnceTheConnectionIsGone() throws IOException {
    assumeTrue(Files.isReadable(Path.of("/proc/net/tcp")), "needs Linux's /proc");
    try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      InetSocketAddress peer;
      InetSocketAddress local;
      try (Socket client = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort());
          Socket accepted = server.accept()) {
        peer = (InetSocketAddress) accepted.getRemoteSocketAddress();
        local = (InetSocketAddress) accepted.getLocalSocketAddress();

        assertThat(LoopbackPeerProcess.of(peer, local)).contains(ProcessHandle.current());
      }

      assertThat(LoopbackPeerProcess.of(peer, local)).as("closed: no established socket").isEmpty();
    }
  }
}
