package io.github.providergateway.agent.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.host.api.AskChannel;
import io.github.providergateway.host.api.AskOutcome;
import io.github.providergateway.host.api.HostApi;
import io.github.providergateway.host.api.PersonQuestion;
import io.github.providergateway.loop.Scheduler;
import io.modelcontextprotocol.modern.McpException;
import io.modelcontextprotocol.modern.McpSchema;
import java.security.SecureRandom;
import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

/**
 * Questions to a 2026-07-28 client during its request (issue 81): a gate's to the person, and a
 * federated MCP server's own ({@link ClientRound}, decision 134: several requests at once, the
 * server's keys kept, none of a kind the request's {@code _meta} did not declare). Where a legacy
 * agent is asked with {@code elicitation/create} in the middle of its {@code tools/call} ({@link
 * ElicitationChannel}), a modern one gets the call's answer as an {@code input_required} result
 * naming the question (a form of one boolean, {@code allow}) and a {@code requestState}, and sends
 * the call again with the person's answer in {@code inputResponses}. The gateway's call goes on
 * meanwhile, the question open on every channel (the status page answers it too).
 *
 * <p>The state is this channel's: the id of the call waiting here and the round it is in. The SDK
 * seals it (an HMAC with the door's own key, bound to the method and the tool, expiring with {@link
 * ModernDoor#REQUEST_STATE_TTL}); here it is bound to the call's arguments and used once: a
 * tampered state is refused by the seal, a replayed or stale one by its round, a state brought back
 * with other arguments or for a call that ended and was answered, by name ({@code -32602}). At most
 * {@link #MAX_WAITING} calls wait here; one whose client was sent away with an {@code
 * input_required} and did not come back is forgotten {@link ModernDoor#REQUEST_STATE_TTL} after it,
 * its call cancelled if still running and a server's round still open given up by name (as it is
 * when the call ends). A {@code prompts/get} of a federated prompt waits here as a call does.
 */
final class ModernAsks implements AskChannel {

  /** How the person's answer came, for the audit trail. */
  static final String NAME = "mcp input_required";

  /** The most calls of one session that may wait for a retry at once. */
  static final int MAX_WAITING = 64;

  private static final SecureRandom RANDOM = new SecureRandom();

  private final CompletableFuture<HostApi> gateway;
  private final Scheduler scheduler;

  /** Whether the client may be asked (issue 75: a client an agent's model runs may not). */
  private final Supplier<Boolean> clientMayAnswer;

  private final Map<String, Waiting> waiting = new ConcurrentHashMap<>();

  ModernAsks(
      CompletableFuture<HostApi> gateway, Scheduler scheduler, Supplier<Boolean> clientMayAnswer) {
    this.gateway = gateway;
    this.scheduler = scheduler;
    this.clientMayAnswer = clientMayAnswer;
  }

  /** Whether a question of this session can go to a modern client now: one waits for a call. */
  boolean available() {
    if (!Boolean.TRUE.equals(clientMayAnswer.get())) {
      return false;
    }
    for (Waiting call : waiting.values()) {
      if (call.canAsk && !call.finished()) {
        return true;
      }
    }
    return false;
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public void ask(PersonQuestion question) {
    // The call it is about: the oldest running call of the same tool and arguments that can ask.
    Waiting about = null;
    for (Waiting call : waiting.values()) {
      if (call.canAsk
          && !call.finished()
          && call.tool.equals(question.tool())
          && call.args.equals(question.args())
          && (about == null || call.serial < about.serial)) {
        about = call;
      }
    }
    if (about != null) {
      about.question(question);
    }
  }

  @Override
  public void ended(PersonQuestion question, AskOutcome outcome, String answeredBy) {
    for (Waiting call : waiting.values()) {
      call.withdraw(question.askId());
    }
  }

  /**
   * A new call: {@code result} runs it (subscribed at once, once); {@return what the client is
   * answered now}: its result, or the first question of a gate before it.
   *
   * @param tool the tool's name, or {@code prompts/get <name>} for a federated prompt (decision
   *     134: a server may ask during either); the key a state is bound to
   * @param provider the provider whose tool it is: the federated server whose requests it carries;
   *     null for a prompt, whichever server's
   * @param declared what the client declared in this request's {@code _meta}, or null
   * @param <O> the request's outcome ({@code CallToolOutcome}, {@code GetPromptOutcome}), which
   *     {@code input_required} is too
   */
  <O> Mono<O> start(
      String tool,
      JsonNode args,
      String provider,
      McpSchema.ClientCapabilities declared,
      Mono<O> result) {
    boolean canAsk = declared != null && declared.elicitation() != null;
    if (waiting.size() >= MAX_WAITING) {
      // answered as a legacy call is: a gate's question goes to the other channels, a server's
      // request is refused by name (askClient finds no call waiting)
      return result;
    }
    Waiting call = new Waiting(newId(), tool, args, canAsk, result.map(Object.class::cast));
    call.provider = provider;
    call.declared = declared == null ? McpSchema.ClientCapabilities.NONE : declared;
    waiting.put(call.id, call); // before the call starts: its gate may ask at once
    call.begin();
    return call.next();
  }

  /**
   * The client brought a call back with {@code state} (opened by the SDK's seal) and the person's
   * {@code responses}: each answer goes to the gateway as the person's, and {@return what the
   * client is answered now}, as {@link #start}'s.
   *
   * @throws McpException -32602 for a state not this channel's, used already, or for other
   *     arguments
   */
  <O> Mono<O> resume(String state, String tool, JsonNode args, Map<String, Object> responses) {
    int dot = state.lastIndexOf('.');
    Waiting call = dot < 0 ? null : waiting.get(state.substring(0, dot));
    if (call == null) {
      throw McpException.invalidParams(
          "requestState names no call waiting here (it ended and was answered, or was forgotten)");
    }
    if (!call.tool.equals(tool) || !call.args.equals(args)) {
      throw McpException.invalidParams("requestState was given for another call's arguments");
    }
    if (!call.takeRound(state.substring(dot + 1))) {
      throw McpException.invalidParams("requestState was used already");
    }
    call.answerRound(responses);
    if (responses != null) {
      responses.forEach((askId, response) -> call.answer(askId, response));
    }
    call.remembered();
    return call.next();
  }

  /**
   * What the client declared in the request of the call to {@code server} that waits here, or null
   * when none does.
   *
   * @param tool the tool as the agent named it, or null when the server did not say
   * @param args its arguments, or null when the server did not say
   */
  McpSchema.ClientCapabilities declared(String server, String tool, JsonNode args) {
    Waiting call = callTo(server, tool, args);
    return call == null ? null : call.declared;
  }

  /**
   * A federated server's round of requests during its call (decision 134): put to the client as the
   * call's next {@code input_required}, the server's keys kept.
   *
   * @param requests {@code {key: {"method", "params"}}}
   * @return {@code {"inputResponses": …}} once the client came back with them; fails naming why
   *     when no call to {@code server} waits here, or a request is of a kind the client did not
   *     declare (then nothing is asked)
   */
  CompletableFuture<JsonNode> askClient(
      String server, String tool, JsonNode args, JsonNode requests) {
    Waiting call = callTo(server, tool, args);
    if (call == null) {
      return CompletableFuture.failedFuture(
          new io.github.providergateway.host.api.HostException(
              io.github.providergateway.host.api.HostErrorCode.INVALID_ARGUMENT,
              "the request from MCP server '"
                  + server
                  + "' not asked: no 2026-07-28 call to it waits for its client"));
    }
    ClientRound round = new ClientRound(requests);
    String undeclared =
        round.undeclared(server, call.declared, Boolean.TRUE.equals(clientMayAnswer.get()));
    if (undeclared != null) {
      return CompletableFuture.failedFuture(
          new io.github.providergateway.host.api.HostException(
              io.github.providergateway.host.api.HostErrorCode.INVALID_ARGUMENT, undeclared));
    }
    call.question(round);
    return round.answer();
  }

  /**
   * A federated server refused the call for a capability the client did not declare ({@code
   * -32021}, decision 134): the client gets that error, with the server's data, in place of the
   * call's result (its failure by name). {@return whether a call waiting here took it}
   */
  boolean refused(String server, String tool, JsonNode args, JsonNode error) {
    Waiting call = callTo(server, tool, args);
    if (call == null) {
      return false;
    }
    call.refusal =
        new McpException(
            error.path("code").asInt(),
            "MCP server '" + server + "': " + error.path("message").asText(),
            error.hasNonNull("data") ? Json.plain(error.get("data")) : null);
    return true;
  }

  /**
   * The call the server's request came during: the oldest call of {@code tool} with {@code args}
   * (any call to {@code server} when they are null) still running here and not waiting for its
   * client's answer to a request already (a call whose client never came back keeps its round);
   * null for none.
   */
  private Waiting callTo(String server, String tool, JsonNode args) {
    Waiting found = null;
    for (Waiting call : waiting.values()) {
      if ((call.provider == null ? tool != null : server.equals(call.provider))
          && (tool == null || tool.equals(call.tool))
          && !call.finished()
          && !call.asking()
          && (found == null || ranks(call, args) < ranks(found, args))) {
        found = call;
      }
    }
    return found;
  }

  /**
   * How near {@code call} is to the arguments the server was called with: a call with the same ones
   * first (a gate may have rewritten them on the way), then the oldest.
   */
  private static long ranks(Waiting call, JsonNode args) {
    boolean same = args == null || args.equals(call.args);
    return (same ? 0 : Long.MAX_VALUE / 2) + call.serial;
  }

  private static String newId() {
    byte[] bytes = new byte[12];
    RANDOM.nextBytes(bytes);
    return HexFormat.of().formatHex(bytes);
  }

  /** One call waiting for its client to come back. */
  private final class Waiting {
    private static final java.util.concurrent.atomic.AtomicLong SERIALS =
        new java.util.concurrent.atomic.AtomicLong();

    final String id;
    final long serial = SERIALS.incrementAndGet();
    final String tool;
    final JsonNode args;
    final boolean canAsk;

    /** The call itself, subscribed once by {@link #begin}: disposing that cancels it. */
    private final Mono<Object> call;

    /** The call's outcome, once; shared by every round. */
    private final Sinks.One<Object> outcome = Sinks.one();

    private final Mono<Object> result = outcome.asMono();

    private final Disposable.Swap running = reactor.core.Disposables.swap();
    private volatile boolean begun;

    /** The federated server whose tool it is; what the client declared in its request. */
    volatile String provider;

    volatile McpSchema.ClientCapabilities declared;

    /** The server's own refusal of the call, which the client gets in place of its result. */
    volatile McpException refusal;

    /** Gates' questions ({@link PersonQuestion}) and servers' rounds ({@link ClientRound}). */
    private final ArrayDeque<Object> unasked = new ArrayDeque<>();

    private final Set<String> asked = new HashSet<>();

    /** The server's round put to the client in the current round, until it comes back. */
    private ClientRound outstanding;

    private Sinks.One<Object> nextQuestion;
    private int round;
    private Scheduler.Cancellable forget;

    Waiting(String id, String tool, JsonNode args, boolean canAsk, Mono<Object> result) {
      this.id = id;
      this.tool = tool;
      this.args = args;
      this.canAsk = canAsk;
      this.call = result;
    }

    /** Starts the call. */
    void begin() {
      begun = true;
      running.update(
          call.subscribe(
              done -> {
                outcome.tryEmitValue(done);
                giveUpRounds();
              },
              failed -> {
                outcome.tryEmitError(failed);
                giveUpRounds();
              },
              () -> outcome.tryEmitEmpty()));
    }

    /** Whether the call has ended (or was cancelled); a call not begun yet has not. */
    boolean finished() {
      Disposable subscription = running.get();
      return begun && subscription != null && subscription.isDisposed();
    }

    /**
     * {@return the result, or an input_required for the next question, whichever comes first} Typed
     * as the request's outcome, which {@code input_required} is for every request that may ask.
     */
    @SuppressWarnings("unchecked")
    <O> Mono<O> next() {
      Mono<Object> answer =
          Mono.firstWithSignal(
                  result.flatMap(
                      done -> {
                        forgetNow();
                        McpException refused = refusal;
                        return refused == null ? Mono.just(done) : Mono.error(refused);
                      }),
                  nextQuestion().map(this::inputRequired))
              .doOnCancel(this::cancel);
      return answer.map(outcome -> (O) outcome);
    }

    synchronized void question(Object question) {
      if (nextQuestion != null) {
        Sinks.One<Object> sink = nextQuestion;
        nextQuestion = null;
        sink.tryEmitValue(question);
      } else {
        unasked.add(question);
      }
    }

    synchronized void withdraw(String askId) {
      unasked.removeIf(
          question -> question instanceof PersonQuestion person && person.askId().equals(askId));
      asked.remove(askId);
    }

    private synchronized Mono<Object> nextQuestion() {
      Object first = unasked.poll();
      if (first != null) {
        return Mono.just(first);
      }
      nextQuestion = Sinks.one();
      return nextQuestion.asMono();
    }

    private synchronized McpSchema.InputRequiredResult inputRequired(Object next) {
      forgetLater();
      if (next instanceof ClientRound serverRound) {
        outstanding = serverRound;
        return new McpSchema.InputRequiredResult(
            serverRound.inputRequests(), id + "." + round, null, null);
      }
      PersonQuestion question = (PersonQuestion) next;
      asked.add(question.askId());
      McpSchema.ElicitFormRequest form =
          new McpSchema.ElicitFormRequest(
              ElicitationChannel.message(question), ElicitationChannel.ALLOW_SCHEMA, null);
      return new McpSchema.InputRequiredResult(
          Map.of(question.askId(), new McpSchema.ElicitInputRequest(form)),
          id + "." + round,
          null,
          null);
    }

    /** Takes the round a state names, once: true if it is the current one. */
    synchronized boolean takeRound(String named) {
      if (!Integer.toString(round).equals(named)) {
        return false;
      }
      round++;
      return true;
    }

    /** Whether a server's round waits in this call for its client's answer. */
    synchronized boolean asking() {
      return outstanding != null || unasked.stream().anyMatch(ClientRound.class::isInstance);
    }

    /** The client came back: the server's round it was asked, if any, gets its responses. */
    void answerRound(Map<String, Object> responses) {
      ClientRound answered;
      synchronized (this) {
        answered = outstanding;
        outstanding = null;
      }
      if (answered != null) {
        answered.answered(responses);
      }
    }

    /** The person's answer to {@code askId}, if it is one this call put to the client. */
    synchronized void answer(String askId, Object response) {
      if (!asked.remove(askId)) {
        return;
      }
      boolean allow = false;
      if (response instanceof Map<?, ?> elicited
          && "accept".equals(elicited.get("action"))
          && elicited.get("content") instanceof Map<?, ?> content) {
        allow = Boolean.TRUE.equals(content.get(ElicitationChannel.ALLOW_FIELD));
      }
      gateway.join().answerQuestion(askId, allow, NAME);
    }

    /** The client came back: the call is not forgotten while it is served. */
    private synchronized void remembered() {
      if (forget != null) {
        forget.cancel();
        forget = null;
      }
    }

    /** The client was sent away with an input_required: it has the state's lifetime to return. */
    private synchronized void forgetLater() {
      if (forget != null) {
        forget.cancel();
      }
      forget = scheduler.schedule(ModernDoor.REQUEST_STATE_TTL, this::cancel);
    }

    private void forgetNow() {
      synchronized (this) {
        if (forget != null) {
          forget.cancel();
        }
      }
      waiting.remove(id, this);
    }

    /** Nobody came back for it (or the client cancelled): the call ends and is forgotten. */
    private void cancel() {
      running.dispose();
      forgetNow();
      giveUpRounds();
    }

    /** A server's rounds still open end naming why: the call is over. */
    private void giveUpRounds() {
      java.util.List<ClientRound> open = new java.util.ArrayList<>();
      synchronized (this) {
        if (outstanding != null) {
          open.add(outstanding);
          outstanding = null;
        }
        unasked.removeIf(item -> item instanceof ClientRound round && open.add(round));
      }
      open.forEach(
          round -> round.givenUp("the agent's call it came during ended or was cancelled"));
    }
  }
}
