package io.github.providergateway.gateway;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.host.api.HostErrorCode;
import io.github.providergateway.host.api.HostException;
import io.github.providergateway.host.api.McpFeature;
import io.github.providergateway.loop.Scheduler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.function.Supplier;

/**
 * What the session's federated MCP servers offer beyond tools (decision 123): their resources,
 * resource templates, prompts and completions, which {@link Gateway#mcpFeature} answers the host
 * with. A server joins a session's offers with {@link #offer} (mcp-federation does it for each
 * session a server serves) and leaves with the handle it got back.
 *
 * <p>Names are kept as the servers give them (an MCP client reads {@code test://static-text} as the
 * server wrote it). A URI, template or prompt name that two servers of one session offer is left
 * out of the lists and refused by name when asked for, never given to one of them silently. A list
 * merges every server's answer, in the order the servers joined the session; a server that fails to
 * answer a list within {@link #ASK_WAIT} or at all is left out of it. A read, a prompt or a
 * completion goes to the one server that lists it (a read: its resource, else a template its URI
 * matches), and fails when that server does: a server gone or not answering is an error that says
 * so, never a wait without end.
 *
 * <p>Each resource read and prompt got is checked before its server is asked, as a tool call is:
 * the session's {@code onPreToolUse} rules and the gateway's policies see it as the pseudo-tool
 * {@code mcp.resources.read} ({@code {"uri"}}) or {@code mcp.prompts.get} ({@code {"name",
 * "arguments"}}) of the server, and a deny refuses it {@link HostErrorCode#INVALID_ARGUMENT} with
 * the reason; the audit trail records it as a {@code tool_call} of that pseudo-tool (decision 131).
 * What it brings is content from outside the person: the {@link ContentListener} hears of it, as
 * the flow rules hear of a provider tool's result.
 *
 * <p>State lives on the gateway loop; every method is thread-safe and returns at once.
 */
public final class McpOffers {

  private static final System.Logger LOG = System.getLogger(McpOffers.class.getName());

  /** The longest a server's answer is waited for. */
  public static final Duration ASK_WAIT = Duration.ofSeconds(30);

  /** One federated MCP server's side of a session's offers. */
  @FunctionalInterface
  public interface Offer {
    /**
     * Asks the server {@code method}.
     *
     * @param method the MCP request
     * @param params its MCP {@code params}
     * @return the server's MCP result; fails with {@link HostException} naming why
     */
    CompletableFuture<JsonNode> ask(McpFeature method, JsonNode params);
  }

  /** Hears of content a session took in from a federated server. */
  @FunctionalInterface
  public interface ContentListener {
    /**
     * Session {@code sessionId} took in {@code what} from the MCP server {@code server}.
     *
     * @param sessionId the session
     * @param server the server's provider name
     * @param method the request that brought it ({@code resources/read}, {@code prompts/get})
     * @param what what it was: the resource's URI, the prompt's name
     */
    void taken(String sessionId, String server, McpFeature method, String what);
  }

  private final Executor loop;
  private final Scheduler scheduler;
  private final GatedReads reads;

  /** Tells a session's host that a server's resources or prompts changed; on the loop. */
  private final java.util.function.BiConsumer<String, McpFeature> changed;

  /** Each session's offers by server name, in the order they joined. Loop only. */
  private final Map<String, Map<String, Offer>> sessions = new LinkedHashMap<>();

  /** A live session's host, or null; on the loop. */
  private final java.util.function.Function<String, io.github.providergateway.host.api.SessionHost>
      hosts;

  /** Who hears of content taken in. Loop only. */
  private ContentListener content = (sessionId, server, method, what) -> {};

  McpOffers(
      Executor loop,
      Scheduler scheduler,
      GatedReads reads,
      java.util.function.BiConsumer<String, McpFeature> changed,
      java.util.function.Function<String, io.github.providergateway.host.api.SessionHost> hosts) {
    this.loop = requireNonNull(loop, "loop");
    this.scheduler = requireNonNull(scheduler, "scheduler");
    this.reads = requireNonNull(reads, "reads");
    this.changed = requireNonNull(changed, "changed");
    this.hosts = requireNonNull(hosts, "hosts");
  }

  /**
   * The MCP server {@code server}, during a call of session {@code sessionId}, asks the agent's
   * client {@code method} ({@code elicitation/create}, {@code sampling/createMessage}; decision
   * 132): the session's host forwards it or refuses it by name ({@link
   * io.github.providergateway.host.api.SessionHost#askClient}). Never waits without end: once
   * {@code wait} has passed on the gateway's clock the answer fails, naming the server and the
   * wait, and so it does at once for a session that has ended.
   *
   * @param sessionId the session whose call the server is serving
   * @param server the server's provider name
   * @param method the MCP method
   * @param params its MCP {@code params}
   * @param wait the longest the server's request may wait
   * @return the client's MCP result, or a failure naming why there is none
   */
  public CompletableFuture<JsonNode> askClient(
      String sessionId, String server, String method, JsonNode params, Duration wait) {
    requireNonNull(sessionId, "sessionId");
    requireNonNull(server, "server");
    requireNonNull(method, "method");
    CompletableFuture<JsonNode> answer = new CompletableFuture<>();
    Scheduler.Cancellable late =
        scheduler.schedule(
            wait,
            () ->
                answer.completeExceptionally(
                    new HostException(
                        HostErrorCode.INTERNAL,
                        method
                            + " from MCP server '"
                            + server
                            + "': the agent's client did not answer within "
                            + wait.toSeconds()
                            + " s")));
    answer.whenComplete((result, failure) -> late.cancel());
    if (!onLoop(
        () -> {
          io.github.providergateway.host.api.SessionHost host = hosts.apply(sessionId);
          if (host == null) {
            answer.completeExceptionally(
                new HostException(
                    HostErrorCode.INVALID_SESSION,
                    method + " from MCP server '" + server + "': session " + sessionId + " ended"));
            return;
          }
          host.askClient(sessionId, server, method, params)
              .whenComplete(
                  (result, failure) -> {
                    if (failure != null) {
                      answer.completeExceptionally(unwrapped(failure));
                    } else {
                      answer.complete(result);
                    }
                  });
        })) {
      answer.completeExceptionally(
          new HostException(HostErrorCode.GATEWAY_CLOSED, "the gateway has closed"));
    }
    return answer;
  }

  /**
   * Adds {@code server}'s offer to session {@code sessionId}, in place of one it had.
   *
   * @param sessionId the session
   * @param server the server's provider name
   * @param offer how to ask it
   * @return takes the offer out again (the server left the session or stopped); idempotent
   */
  public Runnable offer(String sessionId, String server, Offer offer) {
    requireNonNull(sessionId, "sessionId");
    requireNonNull(server, "server");
    requireNonNull(offer, "offer");
    onLoop(
        () -> sessions.computeIfAbsent(sessionId, id -> new LinkedHashMap<>()).put(server, offer));
    return () ->
        onLoop(
            () -> {
              Map<String, Offer> offers = sessions.get(sessionId);
              if (offers != null && offers.remove(server, offer) && offers.isEmpty()) {
                sessions.remove(sessionId);
              }
            });
  }

  /**
   * The MCP server {@code server} said its resources (templates included) or its prompts changed
   * (decision 131): session {@code sessionId}'s host hears of it ({@link
   * io.github.providergateway.host.api.SessionHost#offersChanged}), when the server offers in that
   * session; nothing otherwise.
   *
   * @param sessionId a session the server serves
   * @param server the server's provider name
   * @param listing {@link McpFeature#RESOURCES_LIST} or {@link McpFeature#PROMPTS_LIST}
   */
  public void listChanged(String sessionId, String server, McpFeature listing) {
    requireNonNull(sessionId, "sessionId");
    requireNonNull(server, "server");
    if (listing != McpFeature.RESOURCES_LIST && listing != McpFeature.PROMPTS_LIST) {
      throw new IllegalArgumentException(
          "resources/list or prompts/list changes, not " + listing.wireName());
    }
    onLoop(
        () -> {
          if (sessions.getOrDefault(sessionId, Map.of()).containsKey(server)) {
            changed.accept(sessionId, listing);
          }
        });
  }

  /**
   * Has {@code listener} hear of every resource read and prompt got from now on, in place of the
   * one before.
   *
   * @param listener told on the thread that has the server's answer; must not block
   */
  public void onContent(ContentListener listener) {
    requireNonNull(listener, "listener");
    onLoop(() -> content = listener);
  }

  /** Runs {@code task} on the loop; {@return false when the gateway has closed, and it does not} */
  private boolean onLoop(Runnable task) {
    try {
      loop.execute(task);
      return true;
    } catch (java.util.concurrent.RejectedExecutionException closed) {
      return false;
    }
  }

  /** {@link Gateway#mcpFeature}: the session's servers' answer to {@code method}. */
  CompletableFuture<JsonNode> ask(String sessionId, McpFeature method, JsonNode params) {
    CompletableFuture<Map<String, Offer>> offers = new CompletableFuture<>();
    CompletableFuture<ContentListener> listener = new CompletableFuture<>();
    if (!onLoop(
        () -> {
          listener.complete(content);
          offers.complete(new LinkedHashMap<>(sessions.getOrDefault(sessionId, Map.of())));
        })) {
      return CompletableFuture.failedFuture(
          new HostException(HostErrorCode.GATEWAY_CLOSED, "the gateway has closed"));
    }
    return offers.thenCompose(
        byServer ->
            method.lists()
                ? listed(byServer, method, params)
                : routed(sessionId, byServer, method, params)
                    .thenApply(
                        answered -> {
                          told(listener.join(), sessionId, method, params, answered.server());
                          return answered.result();
                        }));
  }

  /** A list: every server's items, those two servers offer left out. */
  private CompletableFuture<JsonNode> listed(
      Map<String, Offer> byServer, McpFeature method, JsonNode params) {
    Map<String, CompletableFuture<JsonNode>> asked = new LinkedHashMap<>();
    byServer.forEach((server, offer) -> asked.put(server, bounded(server, offer, method, params)));
    return CompletableFuture.allOf(asked.values().toArray(CompletableFuture[]::new))
        .handle((all, someFailed) -> merged(method, answers(asked, method)));
  }

  /** Each server's items of a list it answered, by server; a failed one is left out and logged. */
  private static Map<String, JsonNode> answers(
      Map<String, CompletableFuture<JsonNode>> asked, McpFeature method) {
    Map<String, JsonNode> answers = new LinkedHashMap<>();
    asked.forEach(
        (server, answer) -> {
          if (answer.isCompletedExceptionally()) {
            LOG.log(
                System.Logger.Level.WARNING,
                "MCP server '"
                    + server
                    + "' left out of "
                    + method.wireName()
                    + ": "
                    + why(answer));
          } else {
            answers.put(server, answer.join().path(method.listField()));
          }
        });
    return answers;
  }

  private static ObjectNode merged(McpFeature method, Map<String, JsonNode> answers) {
    Map<String, List<String>> owners = McpOfferKeys.owners(method, answers);
    ObjectNode result = method.emptyList();
    ArrayNode items = (ArrayNode) result.get(method.listField());
    answers.forEach(
        (server, listed) -> {
          for (JsonNode item : listed) {
            String key = McpOfferKeys.key(method, item);
            if (key != null && owners.get(key).size() == 1) {
              items.add(item);
            }
          }
        });
    return result;
  }

  /** A server's answer and who gave it. */
  private record Answered(String server, JsonNode result) {}

  /** A read, a prompt or a completion: asked of the one server that offers what it names. */
  private CompletableFuture<Answered> routed(
      String sessionId, Map<String, Offer> byServer, McpFeature method, JsonNode params) {
    String named = McpOfferKeys.named(method, params);
    if (named == null) {
      return CompletableFuture.failedFuture(
          refused(method.wireName() + ": the params name no resource, prompt or template"));
    }
    List<McpFeature> listings = McpOfferKeys.listings(method, params);
    Map<String, List<CompletableFuture<JsonNode>>> lists = new LinkedHashMap<>();
    List<CompletableFuture<JsonNode>> all = new ArrayList<>();
    byServer.forEach(
        (server, offer) -> {
          List<CompletableFuture<JsonNode>> its = new ArrayList<>();
          for (McpFeature listing : listings) {
            its.add(bounded(server, offer, listing, JsonNodeFactory.instance.objectNode()));
          }
          lists.put(server, its);
          all.addAll(its);
        });
    return CompletableFuture.allOf(all.toArray(CompletableFuture[]::new))
        .handle((done, someFailed) -> offering(lists, listings, named))
        .thenCompose(
            servers -> {
              if (servers.size() == 1) {
                String server = servers.get(0);
                Supplier<CompletableFuture<JsonNode>> asking =
                    () -> bounded(server, byServer.get(server), method, params);
                // A read and a prompt are checked and recorded as a tool call is (decision 131).
                return (method == McpFeature.COMPLETE
                        ? asking.get()
                        : reads.read(sessionId, server, method, params, named, asking))
                    .thenApply(result -> new Answered(server, result));
              }
              return CompletableFuture.failedFuture(
                  refused(
                      servers.isEmpty()
                          ? method.wireName()
                              + ": no MCP server of this session offers "
                              + named
                              + unanswered(lists, byServer.isEmpty())
                          : method.wireName()
                              + ": "
                              + named
                              + " is offered by more than one MCP server of this session ("
                              + String.join(", ", servers)
                              + "), so by none: "
                              + (listings.contains(McpFeature.PROMPTS_LIST)
                                  ? "give one of them a prefix of its own"
                                  : "a URI is not renamed, so configure only one of them")
                              + " (docs/mcp-servers.md)"));
            });
  }

  /**
   * The servers whose lists name {@code named}: those of the first listing any server has it in (a
   * resource itself before a template its URI matches).
   */
  private static List<String> offering(
      Map<String, List<CompletableFuture<JsonNode>>> lists,
      List<McpFeature> listings,
      String named) {
    for (int i = 0; i < listings.size(); i++) {
      McpFeature listing = listings.get(i);
      List<String> servers = new ArrayList<>();
      for (Map.Entry<String, List<CompletableFuture<JsonNode>>> server : lists.entrySet()) {
        CompletableFuture<JsonNode> list = server.getValue().get(i);
        if (!list.isCompletedExceptionally()
            && McpOfferKeys.lists(listing, list.join().path(listing.listField()), named)) {
          servers.add(server.getKey());
        }
      }
      if (!servers.isEmpty()) {
        return servers;
      }
    }
    return List.of();
  }

  /** Why a server may not have listed it: it did not answer, or the session has none. */
  private static String unanswered(
      Map<String, List<CompletableFuture<JsonNode>>> lists, boolean none) {
    if (none) {
      return " (it has none)";
    }
    List<String> failed = new ArrayList<>();
    lists.forEach(
        (server, its) ->
            its.stream()
                .filter(CompletableFuture::isCompletedExceptionally)
                .findFirst()
                .ifPresent(list -> failed.add("'" + server + "': " + why(list))));
    return failed.isEmpty() ? "" : " (not answered by " + String.join("; ", failed) + ")";
  }

  /** {@code offer}'s answer, or a failure naming the server once {@link #ASK_WAIT} has passed. */
  private CompletableFuture<JsonNode> bounded(
      String server, Offer offer, McpFeature method, JsonNode params) {
    CompletableFuture<JsonNode> answer = new CompletableFuture<>();
    Scheduler.Cancellable late =
        scheduler.schedule(
            ASK_WAIT,
            () ->
                answer.completeExceptionally(
                    new HostException(
                        HostErrorCode.INTERNAL,
                        "the MCP server '"
                            + server
                            + "' did not answer "
                            + method.wireName()
                            + " within "
                            + ASK_WAIT.toSeconds()
                            + " s")));
    CompletableFuture<JsonNode> asked;
    try {
      asked = offer.ask(method, params);
    } catch (RuntimeException failed) {
      asked = CompletableFuture.failedFuture(failed);
    }
    asked.whenComplete(
        (result, failure) -> {
          late.cancel();
          if (failure != null) {
            answer.completeExceptionally(unwrapped(failure));
          } else {
            answer.complete(result);
          }
        });
    return answer;
  }

  private static void told(
      ContentListener listener,
      String sessionId,
      McpFeature method,
      JsonNode params,
      String server) {
    if (method == McpFeature.RESOURCES_READ || method == McpFeature.PROMPTS_GET) {
      listener.taken(sessionId, server, method, McpOfferKeys.named(method, params));
    }
  }

  private static HostException refused(String why) {
    return new HostException(HostErrorCode.INVALID_ARGUMENT, why);
  }

  static Throwable unwrapped(Throwable failure) {
    return failure instanceof CompletionException && failure.getCause() != null
        ? failure.getCause()
        : failure;
  }

  private static String why(CompletableFuture<JsonNode> failed) {
    try {
      failed.join();
      return "answered";
    } catch (CompletionException | java.util.concurrent.CancellationException e) {
      Throwable cause = unwrapped(e);
      return cause.getMessage() != null ? cause.getMessage() : cause.toString();
    }
  }

  /** For tests: the servers offering in {@code sessionId}, in the order they joined. */
  CompletableFuture<List<String>> servers(String sessionId) {
    CompletableFuture<List<String>> servers = new CompletableFuture<>();
    onLoop(
        () ->
            servers.complete(new ArrayList<>(sessions.getOrDefault(sessionId, Map.of()).keySet())));
    return servers;
  }
}
