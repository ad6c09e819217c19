package io.github.providergateway.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.ToolOutcome;
import io.github.providergateway.loop.base.DaemonThreads;
import io.github.providergateway.protocol.Auth;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.ProviderMessage;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.protocol.Sessions;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolErrorCode;
import io.github.providergateway.protocol.ToolResult;
import io.github.providergateway.protocol.json.ProtocolCodec;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The thinnest relay between the load driver and {@code providers.cjs}, with no gateway: the floor
 * the gateway's own figures are set against ("bare" in the report).
 *
 * <p>One thread and one NIO selector do everything: accept, the WebSocket handshake (RFC 6455, only
 * what the {@code ws} client of {@code providers.cjs} needs: no extensions, no fragmented sends),
 * {@code auth} answered with {@code sessions} (one session), {@code hello} with {@code hello.ack},
 * then each call encoded with {@link ProtocolCodec} as a {@code tool.call} text frame and each
 * {@code tool.result} decoded with it and matched to its call by id, as the gateway does with the
 * same codec. No limits, trust, schema checks, timers, queues or audit: what a call costs here is
 * the sockets, the frames and the JSON.
 *
 * <p>A call's future completes on the relay's thread; a call made from it (the next call of an
 * asynchronous host) is written at once. Calls from other threads are handed over through a queue
 * and a selector wake-up. Each connection's frames are gathered while the thread works through what
 * the selector reported and written with one {@code write} per connection at the end.
 */
final class BareRelay implements AutoCloseable {

  private static final String WEBSOCKET_GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";
  private static final ProtocolCodec CODEC = ProtocolCodec.create();
  private static final int BUFFER_BYTES = 64 * 1024;

  private final ServerSocketChannel server;
  private final Selector selector;
  private final Thread thread;
  private final String token;
  private final String sessionId;

  /** The call ids' prefix, shaped like the gateway's ({@code call-<run>-<n>}). */
  private final String callPrefix;

  /** Work handed over from other threads (their calls). Any thread adds; the relay thread runs. */
  private final Queue<Runnable> inbox = new ConcurrentLinkedQueue<>();

  /** Providers by their tool's name, once their {@code hello} is answered. Relay thread only. */
  private final Map<String, Peer> byTool = new HashMap<>();

  /** Calls awaiting their {@code tool.result}, by id. Relay thread only. */
  private final Map<String, CompletableFuture<CallResult>> pending = new HashMap<>();

  /** Connections with frames not yet written. Relay thread only. */
  private final List<Peer> dirty = new ArrayList<>();

  /** The next call's number. Relay thread only. */
  private long nextCall;

  /** The next provider's number. Relay thread only. */
  private int nextProvider;

  private volatile boolean closing;

  private BareRelay(ServerSocketChannel server, Selector selector) {
    this.server = server;
    this.selector = selector;
    String run = hex(4);
    this.token = hex(16);
    this.sessionId = "s-" + run + "-1";
    this.callPrefix = "call-" + run + "-";
    this.thread = DaemonThreads.create("bare-relay", this::loop);
  }

  /** Listens on a free loopback port and starts the relay's thread. */
  static BareRelay start() throws IOException {
    ServerSocketChannel server = ServerSocketChannel.open();
    server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
    server.configureBlocking(false);
    Selector selector = Selector.open();
    server.register(selector, SelectionKey.OP_ACCEPT);
    BareRelay relay = new BareRelay(server, selector);
    relay.thread.start();
    return relay;
  }

  URI url() throws IOException {
    return URI.create(
        "ws://127.0.0.1:" + ((InetSocketAddress) server.getLocalAddress()).getPort() + "/");
  }

  /** The token {@code auth} must carry. */
  String token() {
    return token;
  }

  /**
   * Calls {@code tool} (the tool of whichever provider registered it) with {@code args}; the future
   * completes on the relay's thread with the provider's result.
   */
  CompletableFuture<CallResult> call(String tool, JsonNode args) {
    CompletableFuture<CallResult> result = new CompletableFuture<>();
    if (Thread.currentThread() == thread) {
      send(tool, args, result);
    } else {
      inbox.add(() -> send(tool, args, result));
      selector.wakeup();
    }
    return result;
  }

  // ---- the relay's thread ----

  private void loop() {
    try {
      while (!closing) {
        selector.select();
        Runnable task;
        while ((task = inbox.poll()) != null) {
          task.run();
        }
        Iterator<SelectionKey> keys = selector.selectedKeys().iterator();
        while (keys.hasNext()) {
          SelectionKey key = keys.next();
          keys.remove();
          if (!key.isValid()) {
            continue;
          }
          if (key.isAcceptable()) {
            accept();
            continue;
          }
          Peer peer = (Peer) key.attachment();
          if (key.isReadable()) {
            peer.read();
          }
          if (key.isValid() && key.isWritable()) {
            peer.markDirty();
          }
        }
        for (Peer peer : dirty) {
          peer.flush();
        }
        dirty.clear();
      }
    } catch (IOException | RuntimeException e) {
      if (!closing) {
        System.err.println("[bare relay] stopped: " + e);
      }
    } finally {
      IllegalStateException gone = new IllegalStateException("the bare relay stopped");
      pending.values().forEach(call -> call.completeExceptionally(gone));
      pending.clear();
      for (SelectionKey key : selector.keys()) {
        closeQuietly(key.channel());
      }
      closeQuietly(selector);
    }
  }

  private void accept() throws IOException {
    SocketChannel channel;
    while ((channel = server.accept()) != null) {
      channel.configureBlocking(false);
      channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
      Peer peer = new Peer(channel);
      peer.key = channel.register(selector, SelectionKey.OP_READ, peer);
    }
  }

  private void send(String tool, JsonNode args, CompletableFuture<CallResult> result) {
    Peer peer = byTool.get(tool);
    if (peer == null) {
      result.completeExceptionally(new IllegalStateException("no provider registered " + tool));
      return;
    }
    String id = callPrefix + nextCall++;
    pending.put(id, result);
    peer.text(CODEC.encode(new ToolCall(id, sessionId, tool, args)));
  }

  /** What a provider sent; the relay knows three messages and ignores the rest. */
  private void received(Peer peer, String text) {
    ProviderMessage message = CODEC.decodeProviderMessage(text).messageOrNull();
    if (message instanceof ToolResult result) {
      CompletableFuture<CallResult> call = pending.remove(result.id());
      if (call != null) {
        call.complete(
            CallResult.of(
                result.error() == null && result.errorCode() == null
                    ? ToolOutcome.success(result.data())
                    : ToolOutcome.failure(
                        result.errorCode() == null ? ToolErrorCode.UNKNOWN : result.errorCode(),
                        String.valueOf(result.error()))));
      }
    } else if (message instanceof Auth auth) {
      if (!token.equals(auth.token())) {
        peer.close();
        return;
      }
      peer.text(
          CODEC.encode(
              Sessions.of(List.of(new SessionInfo(sessionId, "bench", "/tmp/bench", null)))));
    } else if (message instanceof Hello hello) {
      String providerId = "p-" + nextProvider++;
      for (var tool : hello.tools()) {
        byTool.put(tool.name(), peer);
      }
      peer.text(
          CODEC.encode(new HelloAck(Hello.PROTOCOL_VERSION, providerId, sessionId, null, null)));
    }
  }

  /** One provider's connection. Relay thread only. */
  private final class Peer {
    private final SocketChannel channel;
    SelectionKey key;

    /** Bytes read and not yet taken as frames (read mode between reads: compacted). */
    private ByteBuffer in = ByteBuffer.allocate(BUFFER_BYTES);

    /** Frames to write (write mode: position is the end of the data). */
    private ByteBuffer out = ByteBuffer.allocate(BUFFER_BYTES);

    private boolean upgraded;
    private boolean isDirty;

    /** A text message arriving in fragments, or null. */
    private java.io.ByteArrayOutputStream fragments;

    Peer(SocketChannel channel) {
      this.channel = channel;
    }

    void read() {
      int count;
      try {
        count = channel.read(in);
      } catch (IOException e) {
        count = -1;
      }
      if (count < 0) {
        close();
        return;
      }
      in.flip();
      if (!upgraded && !handshake()) {
        in.compact();
        return;
      }
      while (upgraded && frame()) {
        // one frame taken
      }
      in.compact();
      if (!in.hasRemaining()) {
        ByteBuffer larger = ByteBuffer.allocate(in.capacity() * 2);
        in.flip();
        larger.put(in);
        in = larger;
      }
    }

    /** Answers the HTTP upgrade once its head is complete; false while it is not. */
    private boolean handshake() {
      int end = -1;
      for (int i = in.position(); i + 3 < in.limit(); i++) {
        if (in.get(i) == '\r'
            && in.get(i + 1) == '\n'
            && in.get(i + 2) == '\r'
            && in.get(i + 3) == '\n') {
          end = i + 4;
          break;
        }
      }
      if (end < 0) {
        return false;
      }
      byte[] head = new byte[end - in.position()];
      in.get(head);
      String key = null;
      for (String line : new String(head, StandardCharsets.ISO_8859_1).split("\r\n")) {
        int colon = line.indexOf(':');
        if (colon > 0
            && line.substring(0, colon)
                .trim()
                .toLowerCase(Locale.ROOT)
                .equals("sec-websocket-key")) {
          key = line.substring(colon + 1).trim();
        }
      }
      if (key == null) {
        close();
        return false;
      }
      String response =
          "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
              + "Sec-WebSocket-Accept: "
              + accept(key)
              + "\r\n\r\n";
      append(response.getBytes(StandardCharsets.ISO_8859_1));
      upgraded = true;
      return true;
    }

    /** Takes one complete frame from {@code in}; false when none is complete yet. */
    private boolean frame() {
      int start = in.position();
      int available = in.remaining();
      if (available < 2) {
        return false;
      }
      int b0 = in.get(start) & 0xff;
      int b1 = in.get(start + 1) & 0xff;
      int header = 2;
      long length = b1 & 0x7f;
      if (length == 126) {
        if (available < 4) {
          return false;
        }
        length = in.getShort(start + 2) & 0xffff;
        header = 4;
      } else if (length == 127) {
        if (available < 10) {
          return false;
        }
        length = in.getLong(start + 2);
        header = 10;
      }
      boolean masked = (b1 & 0x80) != 0;
      int maskAt = start + header;
      if (masked) {
        header += 4;
      }
      if (available < header + length) {
        return false;
      }
      byte[] payload = new byte[(int) length];
      int from = start + header;
      for (int i = 0; i < payload.length; i++) {
        byte b = in.get(from + i);
        payload[i] = masked ? (byte) (b ^ in.get(maskAt + (i & 3))) : b;
      }
      in.position(from + payload.length);
      message(b0 & 0x0f, (b0 & 0x80) != 0, payload);
      return key.isValid();
    }

    private void message(int opcode, boolean fin, byte[] payload) {
      switch (opcode) {
        case 0x1, 0x0 -> {
          if (!fin || fragments != null) {
            if (fragments == null) {
              fragments = new java.io.ByteArrayOutputStream();
            }
            fragments.writeBytes(payload);
            if (!fin) {
              return;
            }
            payload = fragments.toByteArray();
            fragments = null;
          }
          received(this, new String(payload, StandardCharsets.UTF_8));
        }
        case 0x8 -> {
          // Close: answer it, then end the connection.
          appendFrame(
              0x88, payload.length >= 2 ? new byte[] {payload[0], payload[1]} : new byte[0]);
          flush();
          close();
        }
        case 0x9 -> appendFrame(0x8A, payload); // ping: pong
        default -> {
          // pong, binary: nothing to do
        }
      }
    }

    /** Queues a text frame, written at the end of the relay's turn. */
    void text(String text) {
      appendFrame(0x81, text.getBytes(StandardCharsets.UTF_8));
    }

    private void appendFrame(int first, byte[] payload) {
      int length = payload.length;
      int header = length < 126 ? 2 : length < 65_536 ? 4 : 10;
      ensure(header + length);
      out.put((byte) first);
      if (length < 126) {
        out.put((byte) length);
      } else if (length < 65_536) {
        out.put((byte) 126);
        out.putShort((short) length);
      } else {
        out.put((byte) 127);
        out.putLong(length);
      }
      out.put(payload);
      markDirty();
    }

    private void append(byte[] bytes) {
      ensure(bytes.length);
      out.put(bytes);
      markDirty();
    }

    private void ensure(int bytes) {
      if (out.remaining() < bytes) {
        ByteBuffer larger =
            ByteBuffer.allocate(Math.max(out.capacity() * 2, out.position() + bytes));
        out.flip();
        larger.put(out);
        out = larger;
      }
    }

    void markDirty() {
      if (!isDirty) {
        isDirty = true;
        dirty.add(this);
      }
    }

    /** Writes what it can; asks the selector for the rest. */
    void flush() {
      isDirty = false;
      if (!key.isValid()) {
        return;
      }
      out.flip();
      try {
        channel.write(out);
      } catch (IOException e) {
        out.clear();
        close();
        return;
      }
      out.compact();
      key.interestOps(
          out.position() > 0 ? SelectionKey.OP_READ | SelectionKey.OP_WRITE : SelectionKey.OP_READ);
    }

    void close() {
      key.cancel();
      closeQuietly(channel);
      byTool.values().removeIf(peer -> peer == this);
    }
  }

  /** The {@code Sec-WebSocket-Accept} value for a client's key (RFC 6455, section 4.2.2). */
  static String accept(String key) {
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-1")
              .digest((key + WEBSOCKET_GUID).getBytes(StandardCharsets.ISO_8859_1));
      return Base64.getEncoder().encodeToString(digest);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-1", e);
    }
  }

  private static String hex(int bytes) {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < bytes; i++) {
      text.append(String.format(Locale.ROOT, "%02x", ThreadLocalRandom.current().nextInt(256)));
    }
    return text.toString();
  }

  private static void closeQuietly(java.io.Closeable closeable) {
    try {
      closeable.close();
    } catch (IOException e) {
      // closing what the relay is done with
    }
  }

  /** Stops the thread and closes every connection ({@code providers.cjs} then exits). */
  @Override
  public void close() throws InterruptedException {
    closing = true;
    selector.wakeup();
    thread.join(5_000);
  }
}
