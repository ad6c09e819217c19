package io.github.providergateway.host.testing;

import io.github.providergateway.host.protocol.HostChallenge;
import io.github.providergateway.loop.base.DaemonThreads;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

/**
 * Not a gateway: a plain server socket on loopback that speaks just enough WebSocket (RFC 6455: the
 * upgrade, text messages, ping and close) at {@code /host} for a host's client to talk to it, and
 * answers each command with whatever the test says. It is what another local user can run on a dead
 * gateway's port: it holds no gateway token, but may say {@code ok} to everything. It keeps every
 * text it receives, so a test can check what a host revealed to it (a token, a command).
 *
 * <p>Each connection is served on a thread of its own; {@link #close()} ends them all.
 */
public final class FakeGateway implements AutoCloseable {

  private static final String ACCEPT_GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";

  /** Reads on a connection give up after this: a test never waits longer for a client. */
  private static final Duration READ_LIMIT = Duration.ofSeconds(30);

  private final ServerSocket server;
  private final Answer answer;

  /** Every text message received, in order, from any connection. */
  private final List<String> received = new CopyOnWriteArrayList<>();

  /** Connections accepted, to close with the server. */
  private final List<Socket> connections = new CopyOnWriteArrayList<>();

  /**
   * How a fake answers: given where it accepted the connection (its own address and port, as the
   * gateway's proof covers them) and a text message a client sent, the text to send back.
   */
  @FunctionalInterface
  public interface Answer {
    /**
     * The answer to {@code text}.
     *
     * @param acceptedOn the address and port the connection reached: the fake's own
     * @param text a text message a client sent
     * @return the text to send back; {@code null} to send nothing (a peer that hangs)
     */
    String reply(InetSocketAddress acceptedOn, String text);
  }

  private FakeGateway(ServerSocket server, Answer answer) {
    this.server = server;
    this.answer = answer;
  }

  /**
   * Listens on a free loopback port (or {@code port}) and answers each command with {@code answer}.
   *
   * @param port the port to listen on, or 0 for a free one
   * @param answer given each text message a client sends, the text to send back; {@code null} to
   *     send nothing (a peer that hangs)
   * @return the running fake
   * @throws IOException when it cannot listen there
   */
  public static FakeGateway start(int port, Function<String, String> answer) throws IOException {
    return start(port, (acceptedOn, text) -> answer.apply(text));
  }

  /**
   * Listens on a free loopback port (or {@code port}) and answers each command with {@code answer},
   * which is told where each connection was accepted.
   *
   * @param port the port to listen on, or 0 for a free one
   * @param answer the answer to each text message
   * @return the running fake
   * @throws IOException when it cannot listen there
   */
  public static FakeGateway start(int port, Answer answer) throws IOException {
    ServerSocket server = new ServerSocket();
    server.setReuseAddress(true);
    server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
    FakeGateway fake = new FakeGateway(server, answer);
    Thread accepting = DaemonThreads.start("fake-gateway-accept", fake::accept);
    return fake;
  }

  /**
   * An answer that says {@code ok} to every command, with {@code fields} for those it names: the
   * fake that believes it needs to prove nothing.
   *
   * @param fields per {@code cmd}, the JSON fields of its {@code ok} reply without braces (such as
   *     {@code "sessions":[]}); a command not named gets a bare {@code ok}. Pairs: cmd, fields, ...
   * @return the answer, for {@link #start}
   */
  public static Function<String, String> okToEverything(String... fields) {
    return text -> {
      String id = idOf(text);
      String reply = "";
      for (int i = 0; i + 1 < fields.length; i += 2) {
        if (text.contains("\"cmd\":\"" + fields[i] + "\"")) {
          reply = fields[i + 1];
        }
      }
      return "{\"id\":" + id + ",\"ok\":true" + (reply.isEmpty() ? "" : "," + reply) + "}";
    };
  }

  /**
   * An answer that holds {@code token}, as the gateway does: {@code host.challenge} gets the proof
   * for the address and port the connection was accepted on, with that {@code endpoint}; every
   * other command gets what {@code rest} says. The fake that stands for the live gateway.
   *
   * @param token the token it holds
   * @param rest the answer to everything but {@code host.challenge}
   * @return the answer, for {@link #start(int, Answer)}
   */
  public static Answer proving(String token, Function<String, String> rest) {
    return (acceptedOn, text) -> {
      if (!text.contains("\"cmd\":\"host.challenge\"")) {
        return rest.apply(text);
      }
      String nonce = text.replaceAll(".*\"nonce\":\"([^\"]*)\".*", "$1");
      return "{\"id\":"
          + idOf(text)
          + ",\"ok\":true,\"proof\":\""
          + new HostChallenge(null, nonce).proof(token, acceptedOn)
          + "\",\"endpoint\":\""
          + HostChallenge.endpoint(acceptedOn)
          + "\"}";
    };
  }

  /**
   * The {@code id} of a command's text, as JSON text ({@code null} when it has none). Enough for
   * the commands our client sends: a string or number id.
   *
   * @param text a command's JSON text
   * @return the id's JSON text
   */
  public static String idOf(String text) {
    int at = text.indexOf("\"id\":");
    if (at < 0) {
      return "null";
    }
    int start = at + 5;
    int end = start;
    if (text.charAt(start) == '"') {
      end = text.indexOf('"', start + 1) + 1;
    } else {
      while (end < text.length()
          && (Character.isDigit(text.charAt(end)) || text.charAt(end) == '-')) {
        end++;
      }
    }
    return text.substring(start, end);
  }

  /** {@return the port it listens on} */
  public int port() {
    return server.getLocalPort();
  }

  /** {@return every text message received so far, from any connection, in order} */
  public List<String> received() {
    return new ArrayList<>(received);
  }

  /** Stops listening and drops every connection. */
  @Override
  public void close() {
    try {
      server.close();
    } catch (IOException e) {
      // closing anyway
    }
    for (Socket socket : connections) {
      try {
        socket.close();
      } catch (IOException e) {
        // closing anyway
      }
    }
  }

  // ---- serving ----

  private void accept() {
    while (!server.isClosed()) {
      Socket socket;
      try {
        socket = server.accept();
      } catch (IOException e) {
        return; // closed
      }
      connections.add(socket);
      Thread serving = DaemonThreads.start("fake-gateway-connection", () -> serve(socket));
    }
  }

  private void serve(Socket socket) {
    try (socket) {
      socket.setSoTimeout((int) READ_LIMIT.toMillis());
      InetSocketAddress acceptedOn = (InetSocketAddress) socket.getLocalSocketAddress();
      InputStream in = socket.getInputStream();
      OutputStream out = socket.getOutputStream();
      upgrade(in, out);
      ByteArrayOutputStream message = new ByteArrayOutputStream();
      ByteArrayOutputStream scratch = new ByteArrayOutputStream();
      while (true) {
        RawFrames.Frame frame = RawFrames.read(in, scratch);
        switch (frame.opcode()) {
          case 0x0, 0x1 -> {
            message.write(frame.payload());
            if (frame.fin()) {
              String text = message.toString(StandardCharsets.UTF_8);
              message.reset();
              received.add(text);
              String reply = answer.reply(acceptedOn, text);
              if (reply != null) {
                RawFrames.write(out, 0x1, reply.getBytes(StandardCharsets.UTF_8));
              }
            }
          }
          case 0x8 -> {
            byte[] payload = frame.payload();
            RawFrames.write(
                out, 0x8, payload.length >= 2 ? new byte[] {payload[0], payload[1]} : new byte[0]);
            return;
          }
          case 0x9 -> RawFrames.write(out, 0xA, frame.payload());
          default -> {
            // a pong, or anything else: nothing to do
          }
        }
      }
    } catch (IOException e) {
      // the client left, or the fake closed
    }
  }

  private static void upgrade(InputStream in, OutputStream out) throws IOException {
    String key = null;
    for (String line = RawFrames.line(in); !line.isEmpty(); line = RawFrames.line(in)) {
      int colon = line.indexOf(':');
      if (colon > 0
          && line.substring(0, colon).trim().toLowerCase(Locale.ROOT).equals("sec-websocket-key")) {
        key = line.substring(colon + 1).trim();
      }
    }
    if (key == null) {
      out.write(
          "HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n"
              .getBytes(StandardCharsets.US_ASCII));
      throw new EOFException("not a WebSocket upgrade");
    }
    String accept;
    try {
      accept =
          Base64.getEncoder()
              .encodeToString(
                  MessageDigest.getInstance("SHA-1")
                      .digest((key + ACCEPT_GUID).getBytes(StandardCharsets.US_ASCII)));
    } catch (NoSuchAlgorithmException e) {
      throw new UncheckedIOException(new IOException(e));
    }
    out.write(
        ("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Accept: "
                + accept
                + "\r\n\r\n")
            .getBytes(StandardCharsets.US_ASCII));
    out.flush();
  }
}
