package io.github.providergateway.loop.base;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
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
 * {@link LoopbackPeers} on real loopback sockets, on both families: the process at the far end is
 * found, whether another process (a Python child holding the socket) or this one; a connection that
 * is gone has none. Linux only ({@code /proc}).
 */
@Tag("process")
class LoopbackPeersTest {

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
            LoopbackPeers.of(
                (InetSocketAddress) accepted.getRemoteSocketAddress(),
                (InetSocketAddress) accepted.getLocalSocketAddress());

        assertThat(found).map(ProcessHandle::pid).contains(child.pid());
      } finally {
        child.destroyForcibly().waitFor();
      }
    }
  }

  /** A forked child shares the parent's descriptor: both hold the far end, and both are found. */
  @Test
  void everyProcessHoldingTheFarEndIsFoundAChildThatSharesItToo() throws Exception {
    assumeTrue(Files.isReadable(Path.of("/proc/net/tcp")), "needs Linux's /proc");
    try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      Process parent =
          new ProcessBuilder(
                  List.of(
                      "python3",
                      "-c",
                      "import os,socket,sys,time; s=socket.create_connection(('127.0.0.1',"
                          + " int(sys.argv[1]))); pid=os.fork();"
                          + " pid and print('forked', flush=True); time.sleep(30)",
                      Integer.toString(server.getLocalPort())))
              .start();
      try (Socket accepted = server.accept()) {
        InetSocketAddress peer = (InetSocketAddress) accepted.getRemoteSocketAddress();
        InetSocketAddress local = (InetSocketAddress) accepted.getLocalSocketAddress();
        // The parent says so once it has forked: from then on both hold the far end.
        assertThat(new BufferedReader(new InputStreamReader(parent.getInputStream())).readLine())
            .isEqualTo("forked");
        LoopbackPeers.Found found = LoopbackPeers.holders(peer, local);

        assertThat(found.readable()).isTrue();
        assertThat(found.holders()).hasSize(2);
        assertThat(found.holders()).map(ProcessHandle::pid).contains(parent.pid());
        assertThat(found.holders())
            .filteredOn(holder -> holder.pid() != parent.pid())
            .singleElement()
            .satisfies(
                child -> assertThat(child.parent()).map(ProcessHandle::pid).contains(parent.pid()));
      } finally {
        parent.descendants().forEach(ProcessHandle::destroyForcibly);
        parent.destroyForcibly().waitFor();
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

        assertThat(LoopbackPeers.of(peer, local)).contains(ProcessHandle.current());
      }

      assertThat(LoopbackPeers.of(peer, local)).as("closed: no established socket").isEmpty();
    }
  }
}
