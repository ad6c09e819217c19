package io.github.providergateway.host.testing;

import io.github.providergateway.loop.base.DaemonThreads;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Not a gateway either: a process on one loopback port that passes every connection on, byte for
 * byte, to the gateway on another port, both ways. What another local user can run on a port a host
 * dials while the live gateway listens elsewhere (a stale {@code gateway.port}, {@code --port} with
 * no port file, a URL given by hand): it hands the host's {@code host.challenge} to the live
 * gateway and its answer back, hoping to be sent the token. Only the handshake's {@code Host} line
 * is rewritten to name the gateway's port, as a relay must for a gateway that checks it.
 *
 * <p>It keeps every text message it passes on, unmasked, in each direction, so a test can check
 * what a host revealed to it. Each connection is served on two threads of its own; {@link #close()}
 * ends them all.
 */
public final class RecordingRelay implements AutoCloseable {

  /** Reads on a connection give up after this: a test never waits longer for either side. */
  private static final Duration READ_LIMIT = Duration.ofSeconds(30);

  private final ServerSocket server;
  private final int targetPort;

  /** Text messages from the host, in order, from any connection. */
  private final List<String> fromHost = new CopyOnWriteArrayList<>();

  /** Text messages from the gateway, in order, from any connection. */
  private final List<String> fromGateway = new CopyOnWriteArrayList<>();

  /** Sockets opened, both sides, to close with the relay. */
  private final List<Socket> sockets = new CopyOnWriteArrayList<>();

  private RecordingRelay(ServerSocket server, int targetPort) {
    this.server = server;
    this.targetPort = targetPort;
  }

  /**
   * Listens on a free port of 127.0.0.1 and relays each connection to {@code 127.0.0.1:targetPort}.
   *
   * @param targetPort the live gateway's port
   * @return the running relay
   * @throws IOException when it cannot listen
   */
  public static RecordingRelay start(int targetPort) throws IOException {
    ServerSocket server = new ServerSocket();
    server.bind(new InetSocketAddress(ipv4Loopback(), 0));
    RecordingRelay relay = new RecordingRelay(server, targetPort);
    Thread accepting = DaemonThreads.start("relay-accept", relay::accept);
    return relay;
  }

  /** {@return the port it listens on: the one the host dials} */
  public int port() {
    return server.getLocalPort();
  }

  /** {@return every text message the host sent through it so far, in order} */
  public List<String> fromHost() {
    return new ArrayList<>(fromHost);
  }

  /** {@return every text message the gateway sent back through it so far, in order} */
  public List<String> fromGateway() {
    return new ArrayList<>(fromGateway);
  }

  /** Stops listening and drops every connection. */
  @Override
  public void close() {
    closeQuietly(server);
    sockets.forEach(RecordingRelay::closeQuietly);
  }

  private void accept() {
    while (!server.isClosed()) {
      Socket host;
      try {
        host = server.accept();
      } catch (IOException e) {
        return; // closed
      }
      sockets.add(host);
      try {
        Socket gateway = new Socket(ipv4Loopback(), targetPort);
        sockets.add(gateway);
        host.setSoTimeout((int) READ_LIMIT.toMillis());
        gateway.setSoTimeout((int) READ_LIMIT.toMillis());
        pump("relay-to-gateway", host, gateway, fromHost, true);
        pump("relay-to-host", gateway, host, fromGateway, false);
      } catch (IOException e) {
        closeQuietly(host);
      }
    }
  }

  private void pump(String name, Socket from, Socket to, List<String> texts, boolean request) {
    Thread thread =
        DaemonThreads.start(
            name,
            () -> {
              try {
                copy(from.getInputStream(), to.getOutputStream(), texts, request);
              } catch (IOException e) {
                // one side left, or the relay closed
              } finally {
                closeQuietly(from);
                closeQuietly(to);
              }
            });
  }

  /** The HTTP header (the request's {@code Host} rewritten), then frames, each passed on whole. */
  private void copy(InputStream in, OutputStream out, List<String> texts, boolean request)
      throws IOException {
    StringBuilder header = new StringBuilder();
    for (String line = RawFrames.line(in); ; line = RawFrames.line(in)) {
      boolean host = line.toLowerCase(Locale.ROOT).startsWith("host:");
      header.append(request && host ? "Host: 127.0.0.1:" + targetPort : line).append("\r\n");
      if (line.isEmpty()) {
        break;
      }
    }
    out.write(header.toString().getBytes(StandardCharsets.ISO_8859_1));
    out.flush();
    ByteArrayOutputStream message = new ByteArrayOutputStream();
    ByteArrayOutputStream scratch = new ByteArrayOutputStream();
    while (true) {
      RawFrames.Frame frame = RawFrames.read(in, scratch);
      if (frame.opcode() == 0x1 || frame.opcode() == 0x0) {
        message.write(frame.payload());
        if (frame.fin()) {
          texts.add(message.toString(StandardCharsets.UTF_8));
          message.reset();
        }
      }
      out.write(frame.raw());
      out.flush();
    }
  }

  private static InetAddress ipv4Loopback() throws IOException {
    return InetAddress.getByAddress(new byte[] {127, 0, 0, 1});
  }

  private static void closeQuietly(AutoCloseable closeable) {
    try {
      closeable.close();
    } catch (Exception e) {
      // closing anyway
    }
  }
}
