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
 * An HTTP relay on loopback to a gateway's port that adds {@code Authorization: Bearer <token>} to
 * every request: for a client that has no way to send a header (the MCP conformance runner). A
 * {@code Host} or {@code Origin} naming the relay itself is rewritten to name the gateway, as if
 * the client had connected there; any other value passes unchanged, so the gateway's own checks
 * still see a foreign one. One request a connection ({@code Connection: close}); when either side
 * closes, both do, so the gateway sees a client that went away at once.
 */
final class BearerProxy implements AutoCloseable {

  private final ServerSocket listener;
  private final int target;
  private final String token;

  /** Both ends of every relayed connection. Guarded by this. */
  private final List<Socket> sockets = new ArrayList<>();

  /**
   * Each relayed request as its method, path and the MCP headers that tell its era ({@code
   * Mcp-Method}, {@code MCP-Protocol-Version}), in the order they came: what a client sent.
   */
  private final List<String> heard = new java.util.concurrent.CopyOnWriteArrayList<>();

  BearerProxy(int target, String token) throws IOException {
    this.target = target;
    this.token = token;
    this.listener = new ServerSocket();
    listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
    Thread accepting = new Thread(this::accept, "bearer-proxy");
    accepting.setDaemon(true);
    accepting.start();
  }

  int port() {
    return listener.getLocalPort();
  }

  /**
   * The requests relayed so far, one line each: {@code POST /mcp Mcp-Method=tools/call
   * MCP-Protocol-Version=2026-07-28} (a header the client did not send is left out).
   */
  List<String> heard() {
    return List.copyOf(heard);
  }

  private void accept() {
    while (!listener.isClosed()) {
      try {
        Socket client = listener.accept();
        Thread relay = new Thread(() -> relay(client), "bearer-proxy-relay");
        relay.setDaemon(true);
        relay.start();
      } catch (IOException closed) {
        return;
      }
    }
  }

  private void relay(Socket client) {
    try (client;
        Socket server = new Socket(InetAddress.getLoopbackAddress(), target)) {
      synchronized (this) {
        sockets.add(client);
        sockets.add(server);
      }
      InputStream in = client.getInputStream();
      String head = readHead(in);
      if (head == null) {
        return;
      }
      server.getOutputStream().write(rewrite(head).getBytes(StandardCharsets.ISO_8859_1));
      server.getOutputStream().flush();
      int request;
      synchronized (heard) {
        heard.add(said(head));
        request = heard.size() - 1;
      }
      Thread up = new Thread(() -> pipe(in, server, client, request), "bearer-proxy-up");
      up.setDaemon(true);
      up.start();
      pipe(server.getInputStream(), client, server, -1);
    } catch (IOException e) {
      // a side went away: so does the relay
    }
  }

  /** The request line and headers, through the blank line; null when the client sent nothing. */
  private static String readHead(InputStream in) throws IOException {
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    int matched = 0;
    byte[] end = {'\r', '\n', '\r', '\n'};
    for (int b = in.read(); b != -1; b = in.read()) {
      head.write(b);
      matched = b == end[matched] ? matched + 1 : (b == '\r' ? 1 : 0);
      if (matched == 4) {
        return head.toString(StandardCharsets.ISO_8859_1);
      }
    }
    return null;
  }

  private String rewrite(String head) {
    String self = ":" + port();
    StringBuilder out = new StringBuilder();
    String[] lines = head.split("\r\n");
    out.append(lines[0]).append("\r\n");
    for (int i = 1; i < lines.length; i++) {
      String line = lines[i];
      String name =
          line.contains(":") ? line.substring(0, line.indexOf(':')).strip().toLowerCase() : "";
      if (name.equals("authorization") || name.equals("connection")) {
        continue;
      }
      if ((name.equals("host") || name.equals("origin"))
          && (line.contains("127.0.0.1" + self)
              || line.contains("localhost" + self)
              || line.contains("[::1]" + self))) {
        line = line.replace(self, ":" + target);
      }
      out.append(line).append("\r\n");
    }
    out.append("Authorization: Bearer ").append(token).append("\r\n");
    // One request a connection: a second one on it would pass here unread (no token, no rewrite).
    out.append("Connection: close\r\n\r\n");
    return out.toString();
  }

  /** What {@link #heard} keeps of a request's head: its line and the era's headers. */
  private static String said(String head) {
    String[] lines = head.split("\r\n");
    StringBuilder said = new StringBuilder(lines[0].replaceFirst(" HTTP/1\\.[01]$", ""));
    for (int i = 1; i < lines.length; i++) {
      String line = lines[i];
      String name =
          line.contains(":") ? line.substring(0, line.indexOf(':')).strip().toLowerCase() : "";
      if (name.equals("mcp-method") || name.equals("mcp-protocol-version")) {
        said.append(' ')
            .append(name.equals("mcp-method") ? "Mcp-Method" : "MCP-Protocol-Version")
            .append('=')
            .append(line.substring(line.indexOf(':') + 1).strip());
      }
    }
    return said.toString();
  }

  /** A JSON-RPC body's method, as the first bytes of a request carry it. */
  private static final java.util.regex.Pattern METHOD =
      java.util.regex.Pattern.compile("\"method\"\\s*:\\s*\"([^\"]{1,64})\"");

  /**
   * Copies until {@code from} ends or fails, then closes both sockets: a side that left, left. A
   * request's body ({@code request}, its index in {@link #heard}, else -1) adds its JSON-RPC method
   * to what was heard.
   */
  private void pipe(InputStream from, Socket to, Socket source, int request) {
    try {
      OutputStream out = to.getOutputStream();
      byte[] buffer = new byte[16 * 1024];
      for (int n = from.read(buffer); n != -1; n = from.read(buffer)) {
        if (request >= 0) {
          java.util.regex.Matcher method =
              METHOD.matcher(new String(buffer, 0, n, StandardCharsets.UTF_8));
          if (method.find()) {
            heard.set(request, heard.get(request) + " method=" + method.group(1));
          }
          request = -1;
        }
        out.write(buffer, 0, n);
        out.flush();
      }
    } catch (IOException e) {
      // closed
    } finally {
      closeQuietly(to);
      closeQuietly(source);
    }
  }

  private static void closeQuietly(Socket socket) {
    try {
      socket.close();
    } catch (IOException e) {
      // closed already
    }
  }

  @Override
  public void close() throws IOException {
    listener.close();
    synchronized (this) {
      for (Socket socket : sockets) {
        socket.close();
      }
    }
  }
}
