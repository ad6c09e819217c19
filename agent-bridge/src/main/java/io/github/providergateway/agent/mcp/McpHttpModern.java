package io.github.providergateway.agent.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.agent.internal.UserHome;
import io.github.providergateway.agent.tokens.ClientTokens;
import io.github.providergateway.http.HttpReply;
import io.github.providergateway.http.HttpRequest;
import io.github.providergateway.http.ServerSentEvents;
import io.modelcontextprotocol.modern.JsonRpc;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiFunction;
import java.util.function.Function;
import reactor.core.Disposable;
import reactor.core.Disposables;
import reactor.core.publisher.Flux;

/**
 * The 2026-07-28 era on Streamable HTTP (issue 81, decision 112): a request that names its protocol
 * version (in its {@code _meta} or the {@code MCP-Protocol-Version} header) needs no {@code
 * Mcp-Session-Id}. What replaces the protocol session is the client's token and project: every
 * modern request of one token for one project is served in the same session of the front door's
 * (and so the same gateway session, tools and gates), opened at its first request and ended, as
 * any, by its idle timeout or its token's revocation; the next request then opens another.
 */
final class McpHttpModern {

  /** The modern sessions by client token and project. */
  private final Map<String, McpHttpSession> byClientAndProject = new ConcurrentHashMap<>();

  /** Opens a session of the front door's: its refusal answered, then empty. */
  interface Opener {
    Optional<McpHttpSession> open(
        ClientTokens.Client client, Path folder, HttpRequest request, HttpReply reply);
  }

  private final BiFunction<String, ClientTokens.Client, Optional<McpHttpSession>> named;
  private final Path defaultFolder;
  private final Opener opener;

  /**
   * @param named a client's session of an id, if it has one
   * @param defaultFolder the project of a request that names none (the front door's own), or null
   * @param opener opens a session in a folder
   */
  McpHttpModern(
      BiFunction<String, ClientTokens.Client, Optional<McpHttpSession>> named,
      Path defaultFolder,
      Opener opener) {
    this.named = named;
    this.defaultFolder = defaultFolder;
    this.opener = opener;
  }

  /**
   * Whether {@code client}'s request {@code tree} is the 2026-07-28 era's ({@link ModernEra}) and
   * may be served in it: a client's, or an agent's that names its project (the shell window names
   * its folder; a window's request in its session is that session's). An agent's token over plain
   * HTTP that names no project keeps the legacy era (decision 116): a modern session learns no
   * project (its client is not asked for roots), and without it the agent's hook calls find no
   * session of theirs and its gates are decided as nobody's. Its {@code server/discover} is
   * answered as before, and the agent initializes.
   */
  static boolean serves(HttpRequest request, ClientTokens.Client client, JsonNode tree) {
    if (!ModernEra.isModern(tree) && !ModernEra.named(request)) {
      return false; // the legacy era's: initialize, or a request in a legacy session
    }
    return client.kind() != ClientTokens.Kind.AGENT
        || request.header(McpHttpProject.HEADER).isPresent()
        || request.header(McpHttpSession.SESSION_HEADER).isPresent();
  }

  /**
   * The answer to {@code server/discover} from an agent's token that {@link #serves} keeps in the
   * legacy era: {@code -32601}, as a server of the legacy era alone answers the probe, which is the
   * one answer every dual-era client reads as "initialize instead" (Codex's Rust client falls back
   * on no other: with 400 and {@code -32020} it gave up, and its required server with it). Answered
   * 200, with the request's id: a JSON-RPC error, not a transport's.
   */
  static Optional<McpHttpError> legacyOnlyProbe(
      HttpRequest request, ClientTokens.Client client, JsonNode tree) {
    if (tree == null
        || !ModernEra.DISCOVER.equals(tree.path("method").asText())
        || serves(request, client, tree)) {
      return Optional.empty();
    }
    JsonNode id = tree.get("id");
    return Optional.of(
        new McpHttpError(
            200,
            id == null ? null : Json.plain(id),
            -32601,
            "Method not found: server/discover (an agent's token that names no project is served"
                + " the 2025-11-25 era here: send initialize)",
            Map.of()));
  }

  /**
   * Serves one modern request POSTed: in the session its {@code Mcp-Session-Id} names when that is
   * a live one of its client's (a window's request after its {@code initialize}: both eras of one
   * window share one session, as over stdio), else in the session of its client and project ({@link
   * #serve}).
   */
  void post(HttpRequest request, ClientTokens.Client client, JsonNode tree, HttpReply reply) {
    Optional<String> mismatch = ModernHttpRules.headerMismatch(request, tree);
    if (mismatch.isPresent()) {
      JsonNode id = tree.get("id");
      new McpHttpError(
              400,
              id == null ? null : Json.plain(id),
              ModernHttpRules.HEADER_MISMATCH,
              mismatch.get(),
              Map.of())
          .send(reply);
      return;
    }
    Optional<McpHttpSession> window =
        request
            .header(McpHttpSession.SESSION_HEADER)
            .flatMap(id -> named.apply(id, client))
            .filter(found -> !found.isClosed());
    if (window.isPresent()) {
      window.get().modern(tree, replies(reply));
      return;
    }
    McpHttpProject.Named project = McpHttpProject.of(request, client, UserHome.get());
    if (project.refusal() != null) {
      project.refusal().send(reply);
      return;
    }
    Path folder = project.folder() != null ? project.folder() : defaultFolder;
    serve(
        client,
        folder,
        McpHttpWindows.id(request).orElse(null),
        tree,
        reply,
        to -> opener.open(client, folder, request, to));
  }

  /**
   * Serves one modern request in the session of {@code client} for {@code folder} (and {@code
   * window}, a stdio window's id, or null), opened by {@code open} (which answers its refusal
   * itself, and gives empty then) when there is none live.
   */
  void serve(
      ClientTokens.Client client,
      Path folder,
      String window,
      JsonNode tree,
      HttpReply reply,
      Function<HttpReply, Optional<McpHttpSession>> open) {
    String key = key(client, folder, window);
    McpHttpSession session = byClientAndProject.get(key);
    if (session == null || session.isClosed()) {
      Optional<McpHttpSession> opened = open.apply(reply);
      if (opened.isEmpty()) {
        return;
      }
      session = opened.get();
      McpHttpSession kept = session;
      kept.onEnd(() -> byClientAndProject.remove(key, kept));
      byClientAndProject.put(key, kept);
    }
    session.modern(tree, replies(reply));
  }

  /**
   * A window's legacy {@code initialize}: the session its {@code server/discover} probe opened for
   * {@code client}, {@code folder} and {@code window}, if any, ends now, so that the window has one
   * session, the legacy one (decision 116).
   */
  void supersede(ClientTokens.Client client, Path folder, String window) {
    McpHttpSession probe = byClientAndProject.remove(key(client, folder, window));
    if (probe != null) {
      probe.close();
    }
  }

  private static String key(ClientTokens.Client client, Path folder, String window) {
    return client.name()
        + '\u0000'
        + (folder == null ? "" : folder.toString())
        + '\u0000'
        + (window == null ? "" : window);
  }

  /** An HTTP request's answers: one JSON body, or an event stream when progress comes first. */
  static ModernDoor.Replies replies(HttpReply reply) {
    return new ModernDoor.Replies() {
      @Override
      public void send(JsonRpc.JSONRPCMessage answer) {
        int status =
            answer instanceof JsonRpc.JSONRPCResponse response && response.error() != null
                ? ModernHttpRules.status(response.error().code())
                : 200;
        reply.send(status, McpHttpSession.JSON, Map.of(), bytes(answer));
      }

      @Override
      public Disposable stream(Flux<JsonRpc.JSONRPCMessage> messages) {
        Optional<ServerSentEvents> opened = reply.openEvents(Map.of());
        if (opened.isEmpty()) {
          return Disposables.disposed(); // the connection is gone
        }
        ServerSentEvents events = opened.get();
        // Cancelled (a notifications/cancelled, the session's end), the stream ends: its client
        // is not left holding a connection that will carry nothing more.
        Disposable subscribed =
            messages
                .doOnCancel(events::close)
                .subscribe(
                    message -> events.send(null, null, new String(bytes(message), UTF8)),
                    failure -> events.close(),
                    events::close);
        // A client that closes the stream cancels the request (a call, a subscription), as MCP
        // has it for 2026-07-28 over HTTP.
        events.onClose(subscribed::dispose);
        return subscribed;
      }

      @Override
      public void accepted() {
        reply.send(202, null, Map.of(), new byte[0]);
      }

      @Override
      public void refuse(JsonNode id, int code, String text) {
        new McpHttpError(400, id == null ? null : Json.plain(id), code, text, Map.of()).send(reply);
      }
    };
  }

  private static final java.nio.charset.Charset UTF8 = java.nio.charset.StandardCharsets.UTF_8;

  private static byte[] bytes(JsonRpc.JSONRPCMessage message) {
    try {
      return Json.MCP.writeValueAsBytes(message);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
