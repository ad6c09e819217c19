package io.github.providergateway.app;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A TCP relay on loopback (127.0.0.1, and ::1 where there is one, on one port) to a gateway's port,
 * whose connections a test can cut without stopping the gateway: how a provider's reconnect is seen
 * with a real socket drop (no WebSocket close frame), as when a network or a machine's sleep breaks
 * it. {@link #close()} also stops listening: nothing answers on its port.
 */
final class DroppingProxy implements AutoCloseable {

  private final int target;
  private final List<ServerSocket> listeners = new ArrayList<>();

  /** Both ends of every relayed connection. Guarded by this. */
  private final List<Socket> sockets = new ArrayList<>();

  private DroppingProxy(int target) {
    this.target = target;
  }

  /** A relay to {@code 127.0.0.1:target}, listening on {@code port}. */
  static DroppingProxy start(int port, int target) throws IOException {
    DroppingProxy proxy = new DroppingProxy(target);
    proxy.listen(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
    try {
      proxy.listen(new InetSocketAddress(InetAddress.getByName("::1"), port));
    } catch (IOException noIpv6) {
      // Then "localhost" is 127.0.0.1 alone here.
    }
    return proxy;
  }

  private void listen(InetSocketAddress address) throws IOException {
    ServerSocket listener = new ServerSocket();
    listener.setReuseAddress(true); // a relay started again takes the port at once
    listener.bind(address);
    listeners.add(listener);
    Thread accepting = new Thread(() -> accept(listener), "proxy-accept");
    accepting.setDaemon(true);
    accepting.start();
  }

  private void accept(ServerSocket listener) {
    while (!listener.isClosed()) {
      try {
        Socket client = listener.accept();
        Socket gateway = new Socket(InetAddress.getLoopbackAddress(), target);
        synchronized (this) {
          sockets.add(client);
          sockets.add(gateway);
        }
        forwardHandshake(client, gateway, listener.getLocalPort());
        pump(client, gateway);
        pump(gateway, client);
      } catch (IOException closed) {
        return;
      }
    }
  }

  /**
   * Passes the client's WebSocket handshake on with its {@code Host} naming the gateway's port: the
   * gateway refuses a {@code Host} that does not name it (its guard against DNS rebinding), and the
   * client named the relay's.
   */
  private void forwardHandshake(Socket client, Socket gateway, int listening) throws IOException {
    InputStream in = client.getInputStream();
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    int matched = 0;
    byte[] end = {'\r', '\n', '\r', '\n'};
    while (matched < end.length) {
      int b = in.read();
      if (b < 0) {
        throw new IOException("the client left during its handshake");
      }
      head.write(b);
      matched = b == end[matched] ? matched + 1 : (b == '\r' ? 1 : 0);
    }
    String request = head.toString(StandardCharsets.ISO_8859_1);
    String forwarded =
        request.replaceFirst(
            "(?i)(\\r\\nHost:[ \\t]*[^:\\r\\n]+):" + listening + "\\r\\n", "$1:" + target + "\r\n");
    gateway.getOutputStream().write(forwarded.getBytes(StandardCharsets.ISO_8859_1));
  }

  private static void pump(Socket from, Socket to) {
    Thread thread =
        new Thread(
            () -> {
              try (InputStream in = from.getInputStream();
                  OutputStream out = to.getOutputStream()) {
                in.transferTo(out);
              } catch (IOException cut) {
                // One side is gone: the drop closes the other.
              } finally {
                closeQuietly(from);
                closeQuietly(to);
              }
            },
            "proxy-pump");
    thread.setDaemon(true);
    thread.start();
  }

  /** Cuts every connection relayed so far, at the TCP level; new ones are still relayed. */
  synchronized void drop() {
    sockets.forEach(DroppingProxy::closeQuietly);
    sockets.clear();
  }

  /** Stops listening and cuts every connection: nothing answers on the port any more. */
  @Override
  public void close() {
    listeners.forEach(DroppingProxy::closeQuietly);
    drop();
  }

  private static void closeQuietly(AutoCloseable closeable) {
    try {
      closeable.close();
    } catch (Exception e) {
      // Closed already.
    }
  }
}
