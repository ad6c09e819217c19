package io.github.providergateway.agent.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.agent.internal.UserHome;
import io.github.providergateway.agent.tokens.ClientTokens;
import io.github.providergateway.http.HttpReply;
import io.github.providergateway.http.HttpRequest;
import io.github.providergateway.http.ServerSentEvents;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * Makes a window's session again (decision 78): a request whose {@code Mcp-Session-Id} the front
 * door does not know, from a window ({@link McpHttpWindows#HEADER}) whose {@code initialize} it
 * kept for the same client, gets a new session opened as that {@code initialize} first opened one
 * (the same token, the same {@link McpHttpProject} rules, the same bounds), initialized, and told
 * {@code notifications/tools/list_changed} (and the prompts' and resources') on its {@code GET}
 * stream; the request then goes on in it and its answer carries the new {@code Mcp-Session-Id}.
 * Without a kept window it is the 404 it always was.
 */
final class McpHttpRenewal {

  /** The JSON-RPC id the kept {@code initialize} is sent again with; no client sees it. */
  private static final String INITIALIZE_ID = "provider-gateway-window-renewal";

  /** Opens a session as the front door opens one, answering its refusal on the reply. */
  interface Opener {
    /**
     * {@return a new session for {@code client} in {@code folder}, or empty with the refusal sent}
     */
    Optional<McpHttpSession> open(
        ClientTokens.Client client, Path folder, HttpRequest request, HttpReply reply);
  }

  /** Finds a live session by id, if it is the client's. */
  interface Finder {
    /** {@return the session {@code id} names, if it is {@code client}'s} */
    Optional<McpHttpSession> find(String id, ClientTokens.Client client);
  }

  private final McpHttpWindows windows;
  private final Opener opener;
  private final Finder finder;
  private final Path workingDirectory;

  /** The renewals under way, by window. Guarded by this. */
  private final Map<String, CompletableFuture<McpHttpSession>> renewing = new HashMap<>();

  McpHttpRenewal(McpHttpWindows windows, Opener opener, Finder finder, Path workingDirectory) {
    this.windows = windows;
    this.opener = opener;
    this.finder = finder;
    this.workingDirectory = workingDirectory;
  }

  /**
   * Renews the session of the window {@code request} names and hands it to {@code then}, or answers
   * 404 (no window, none kept for this client), or the refusal of the kept project or the bounds.
   *
   * @param request the request that named an unknown session
   * @param client whose token it carries
   * @param reply its answer
   * @param then what to do with the renewed session
   */
  void renew(
      HttpRequest request,
      ClientTokens.Client client,
      HttpReply reply,
      Consumer<McpHttpSession> then) {
    Optional<String> window = McpHttpWindows.id(request);
    Optional<McpHttpWindows.Kept> kept = window.flatMap(id -> windows.read(id, client));
    if (kept.isEmpty()) {
      McpHttpError.sessionNotFound().send(reply);
      return;
    }
    McpHttpProject.Named project =
        McpHttpProject.of(Optional.ofNullable(kept.get().project()), client, UserHome.get());
    if (project.refusal() != null) {
      project.refusal().send(reply);
      return;
    }
    Path folder = project.folder() != null ? project.folder() : workingDirectory;
    String id = window.get();
    CompletableFuture<McpHttpSession> ready;
    McpHttpSession fresh = null;
    synchronized (this) {
      // The window's other requests (its GET stream, calls under way) may meet the same unknown
      // session at once: the first makes the new one, the others wait for it and go on in it.
      ready = renewing.get(id);
      if (ready == null) {
        Optional<McpHttpSession> made =
            windows.sessionsOf(id).stream()
                .flatMap(s -> finder.find(s, client).stream())
                .filter(s -> !s.isClosed())
                .findFirst();
        if (made.isPresent()) {
          ready = CompletableFuture.completedFuture(made.get());
        } else {
          Optional<McpHttpSession> opened = opener.open(client, folder, request, reply);
          if (opened.isEmpty()) {
            return;
          }
          fresh = opened.get();
          windows.bind(fresh.id(), id);
          ready = new CompletableFuture<>();
          renewing.put(id, ready);
        }
      }
    }
    ready.whenComplete(
        (session, failure) -> {
          if (failure != null) {
            McpHttpError.sessionNotFound().send(reply);
          } else {
            then.accept(session);
          }
        });
    if (fresh != null) {
      initialize(id, fresh, kept.get(), ready);
    }
  }

  /**
   * Sends the kept {@code initialize} and then {@code notifications/initialized} in the renewed
   * {@code session}, tells it the lists changed, and completes {@code ready}; a session whose
   * {@code initialize} fails is closed, and {@code ready} fails.
   */
  private void initialize(
      String window,
      McpHttpSession session,
      McpHttpWindows.Kept kept,
      CompletableFuture<McpHttpSession> ready) {
    Answer answer = new Answer();
    session.request(kept.initialize(INITIALIZE_ID), answer);
    answer.result.whenComplete(
        (initialized, failure) -> {
          synchronized (this) {
            renewing.remove(window, ready);
          }
          if (failure != null || !initialized) {
            System.getLogger(McpHttpRenewal.class.getName())
                .log(
                    System.Logger.Level.WARNING,
                    "MCP over HTTP: window {0}''s kept initialize was refused: no session",
                    window);
            session.close();
            ready.completeExceptionally(new IllegalStateException("initialize refused"));
            return;
          }
          session.accept(
              new McpSchema.JSONRPCNotification(
                  McpSchema.JSONRPC_VERSION, McpSchema.METHOD_NOTIFICATION_INITIALIZED, null),
              () -> {});
          session.listsChanged();
          ready.complete(session);
        });
  }

  /**
   * Where the kept {@code initialize}'s answer goes: whether it succeeded, as JSON or, should it
   * take longer than the session's JSON wait, as the event that carries it.
   */
  private static final class Answer implements HttpReply {
    final CompletableFuture<Boolean> result = new CompletableFuture<>();

    @Override
    public void send(int status, String contentType, Map<String, String> headers, byte[] body) {
      settle(status == 200 ? new String(body, StandardCharsets.UTF_8) : "");
    }

    @Override
    public Optional<ServerSentEvents> openEvents(Map<String, String> headers) {
      return Optional.of(
          new ServerSentEvents() {
            private final List<Runnable> onClose = new ArrayList<>();
            private boolean open = true;

            @Override
            public synchronized boolean send(String id, String event, String data) {
              if (data != null && !data.isEmpty()) {
                settle(data);
              }
              return open;
            }

            @Override
            public synchronized boolean isOpen() {
              return open;
            }

            @Override
            public synchronized void onClose(Runnable action) {
              onClose.add(action);
            }

            @Override
            public void close() {
              List<Runnable> actions;
              synchronized (this) {
                open = false;
                actions = List.copyOf(onClose);
              }
              actions.forEach(Runnable::run);
              result.complete(false); // closed before an answer: the session is gone
            }
          });
    }

    private void settle(String text) {
      boolean ok;
      try {
        JsonNode answer = text.isEmpty() ? null : Json.MAPPER.readTree(text);
        ok = answer != null && answer.has("result");
      } catch (java.io.IOException e) {
        ok = false;
      }
      result.complete(ok);
    }
  }
}
