package io.github.providergateway.agent.mcp;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.loop.base.DaemonThreads;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpServerSession;
import io.modelcontextprotocol.spec.McpServerTransport;
import io.modelcontextprotocol.spec.McpServerTransportProvider;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.lang.System.Logger.Level;
import reactor.core.publisher.Mono;

/**
 * {@code gateway mcp}'s connection to its agent: MCP messages as lines on stdin and stdout, one
 * session. It takes the SDK's stdio transport's place, on the SDK's own interfaces, for speed
 * (issue 36): that transport read on one thread and wrote on another, handing every response across
 * a Reactor queue, so each {@code tools/call} woke a thread just to write its answer; and every
 * line was parsed twice, once by {@link JsonRpcLineGuard} and again by the SDK. Here the reader
 * thread parses each line once (the guard's tree is what the SDK gets), hands it to the session,
 * and the thread that completes a response writes it at once, under a lock, so lines never
 * interleave.
 *
 * <p>What the SDK's transport did that stays: one session, started when the server is built; the
 * end of stdin closes the session. What changed beside speed: a line the SDK could not turn into a
 * message is answered {@code -32600} and skipped (the SDK's transport ended the connection).
 */
final class StdioTransport implements McpServerTransportProvider {
  private static final System.Logger LOG = System.getLogger(StdioTransport.class.getName());
  private final JsonRpcLineGuard lines;
  private volatile McpServerSession session;
  private volatile boolean closing;

  /** Where the 2026-07-28 era's messages go ({@link ModernEra}), once set; else the SDK's. */
  private volatile ModernDoor modern;

  /** The modern era's answers, as lines among the SDK's. */
  private final ModernDoor.Replies modernReplies;

  /**
   * @param in the agent's messages, a line each
   * @param out where answers and notifications go, a line each
   */
  StdioTransport(InputStream in, OutputStream out) {
    this.lines = new JsonRpcLineGuard(in, out);
    this.modernReplies = ModernDoor.lines(lines);
  }

  /**
   * Serves the 2026-07-28 era's messages by {@code door} from now on; set before the SDK server is
   * built on this transport, which starts the reading.
   */
  void serveModern(ModernDoor door) {
    this.modern = door;
  }

  @Override
  public void setSessionFactory(McpServerSession.Factory factory) {
    McpServerSession created = factory.create(new LineWriter());
    session = created;
    DaemonThreads.start("mcp-stdin", () -> read(created));
  }

  /** Reads stdin to its end, handing each message to {@code session}; then closes it. */
  private void read(McpServerSession session) {
    try {
      JsonNode tree;
      while (!closing && (tree = lines.nextMessage()) != null) {
        ModernDoor door = modern;
        if (door != null && (ModernEra.isModern(tree) || door.cancels(tree))) {
          door.handle(tree, modernReplies);
          continue;
        }
        McpSchema.JSONRPCMessage message = message(tree);
        if (message != null) {
          // As the SDK's transport did: each message is handled as it arrives; a request whose
          // answer waits on the gateway does not hold up the lines after it.
          session
              .handle(message)
              .subscribe(
                  null,
                  error ->
                      LOG.log(
                          Level.DEBUG,
                          "handling an agent's message failed: {0}",
                          error.toString()));
        }
      }
    } catch (IOException | UncheckedIOException e) {
      if (!closing) {
        LOG.log(Level.DEBUG, "reading the agent's input failed: {0}", e.toString());
      }
    } finally {
      closing = true;
      ModernDoor door = modern;
      if (door != null) {
        door.close();
      }
      session.close();
    }
  }

  /**
   * The SDK's message for a checked JSON-RPC line, or null when it has none (answered here).
   * Requests and notifications are made directly, with their parameters as the plain maps the
   * mapper would give ({@link Json#plain}): the mapper's way there walked the tree a second time
   * through a token stream (issue 36). Responses, which are rare, go through the mapper.
   */
  private McpSchema.JSONRPCMessage message(JsonNode tree) throws IOException {
    try {
      String jsonrpc = tree.get("jsonrpc").textValue();
      JsonNode method = tree.get("method");
      if (method == null) {
        return Json.MAPPER.treeToValue(tree, McpSchema.JSONRPCResponse.class);
      }
      JsonNode params = tree.get("params");
      Object plainParams = params == null ? null : Json.plain(params);
      JsonNode id = tree.get("id");
      return id == null
          ? new McpSchema.JSONRPCNotification(jsonrpc, method.textValue(), plainParams)
          : new McpSchema.JSONRPCRequest(jsonrpc, method.textValue(), Json.plain(id), plainParams);
    } catch (IOException | RuntimeException e) {
      String why =
          e instanceof JsonProcessingException json ? json.getOriginalMessage() : e.getMessage();
      lines.answer(tree.get("id"), JsonRpcLineGuard.INVALID_REQUEST, "Invalid Request: " + why);
      return null;
    }
  }

  @Override
  public Mono<Void> notifyClients(String method, Object params) {
    McpServerSession current = session;
    return current == null
        ? Mono.error(new IllegalStateException("No session to notify"))
        : current.sendNotification(method, params);
  }

  /** A notification to the one session, by its id (resource updates go this way). */
  @Override
  public Mono<Void> notifyClient(String sessionId, String method, Object params) {
    McpServerSession current = session;
    if (current == null || !current.getId().equals(sessionId)) {
      return Mono.error(new IllegalStateException("No session " + sessionId + " to notify"));
    }
    return current.sendNotification(method, params);
  }

  @Override
  public Mono<Void> closeGracefully() {
    McpServerSession current = session;
    return current == null ? Mono.empty() : current.closeGracefully();
  }

  /** The session's side: what the SDK sends goes out as a line on the sending thread. */
  private final class LineWriter implements McpServerTransport {
    @Override
    public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
      return Mono.fromCallable(
          () -> {
            if (closing) {
              return null; // as the SDK's transport: nothing more is written once stdin has ended
            }
            lines.writeLine(Json.MAPPER.writeValueAsBytes(message));
            return null;
          });
    }

    @Override
    public <T> T unmarshalFrom(Object data, TypeRef<T> type) {
      return Json.convert(data, type);
    }

    @Override
    public Mono<Void> closeGracefully() {
      return Mono.fromRunnable(() -> closing = true);
    }

    @Override
    public void close() {
      closing = true;
    }
  }
}
