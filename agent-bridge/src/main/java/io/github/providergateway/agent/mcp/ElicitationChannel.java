package io.github.providergateway.agent.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.host.api.AskChannel;
import io.github.providergateway.host.api.AskOutcome;
import io.github.providergateway.host.api.HostApi;
import io.github.providergateway.host.api.HostErrorCode;
import io.github.providergateway.host.api.HostException;
import io.github.providergateway.host.api.PersonQuestion;
import io.github.providergateway.protocol.ShownText;
import io.github.providergateway.protocol.VisibleText;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpServerSession;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * Gates' questions to the person (extension {@code gate.ask}, decision 35) put through the agent's
 * own client with {@code elicitation/create}, when it declared form elicitation in {@code
 * initialize}: a form of one boolean, whose answer goes back to the gateway as the person's; and a
 * federated MCP server's own elicitation during a call, {@linkplain #forward forwarded} (decision
 * 132). One an {@link AgentSession}; thread-safe.
 */
final class ElicitationChannel implements AskChannel {

  private static final System.Logger LOG = System.getLogger(ElicitationChannel.class.getName());

  /**
   * The longest a question to the person may wait for the agent's client: a gate's most, and a
   * little.
   */
  static final Duration ELICITATION_WAIT =
      io.github.providergateway.protocol.Limits.defaults().asks().maxAskTimeout().plusSeconds(30);

  /**
   * How the front door answers a gate's question, for the audit trail ({@code host (mcp
   * elicitation)}).
   */
  static final String ELICITATION = "mcp elicitation";

  /** The one field of the form the person fills in: whether the call may run. */
  static final String ALLOW_FIELD = "allow";

  private static final TypeRef<McpSchema.ElicitResult> ELICIT_RESULT = new TypeRef<>() {};

  private final CompletableFuture<HostApi> gateway;

  /** The client's {@code initialize}, once it came; else null. */
  private final Supplier<McpSchema.InitializeRequest> initialize;

  /** The SDK session of the agent's connection, once initialized; else null. */
  private final Supplier<McpServerSession> mcpSession;

  /** Questions put to the agent's client and not yet answered or ended. */
  private final OpenQuestions asking = new OpenQuestions();

  /**
   * Whether the client may answer its own questions (issue 75): empty when it may, else why not;
   * null while the check runs (no question goes to it meanwhile). The stdio window's client is
   * checked by the gateway when it answers, so one starts as may.
   */
  private volatile Optional<String> clientRefusal = Optional.empty();

  ElicitationChannel(
      CompletableFuture<HostApi> gateway,
      Supplier<McpSchema.InitializeRequest> initialize,
      Supplier<McpServerSession> mcpSession) {
    this.gateway = gateway;
    this.initialize = initialize;
    this.mcpSession = mcpSession;
  }

  /**
   * Whether the client can be asked for a form: {@code elicitation} declared, with {@code form} or
   * nothing (2025-06-18).
   */
  boolean available() {
    Optional<String> refusal = clientRefusal;
    if (refusal == null || refusal.isPresent()) {
      return false;
    }
    McpSchema.InitializeRequest request = initialize.get();
    if (request == null
        || request.capabilities() == null
        || request.capabilities().elicitation() == null) {
      return false;
    }
    McpSchema.ClientCapabilities.Elicitation declared = request.capabilities().elicitation();
    return declared.form() != null || declared.url() == null;
  }

  /** Whether the client may answer its own session's questions (issue 75), as checked so far. */
  boolean clientMayAnswer() {
    Optional<String> refusal = clientRefusal;
    return refusal != null && refusal.isEmpty();
  }

  /**
   * The check of whether the client may answer its own session's questions ({@link
   * McpClientCheck}): until it completes, and after a refusal, none is put to it.
   */
  void clientChecked(CompletableFuture<Optional<String>> refusal) {
    clientRefusal = null;
    refusal.thenAccept(
        refused -> {
          refused.ifPresent(
              why ->
                  LOG.log(
                      System.Logger.Level.WARNING,
                      "MCP session's client gets none of the person's questions: " + why));
          clientRefusal = refused;
        });
  }

  @Override
  public String name() {
    return ELICITATION;
  }

  @Override
  public void ask(PersonQuestion question) {
    elicit(question);
  }

  @Override
  public void ended(PersonQuestion question, AskOutcome outcome, String answeredBy) {
    asking.end(question.askId());
  }

  /**
   * Puts {@code question} to the agent's person with {@code elicitation/create}: a form of one
   * boolean, {@code allow}. Accepted with {@code allow: true} allows the call; accepted with false,
   * declined or cancelled denies it; no answer, or an error, leaves it to the gateway's deadline
   * ({@code gate.ask.ended} then disposes of the request; the SDK's own wait is {@link
   * #ELICITATION_WAIT}).
   */
  private void elicit(PersonQuestion question) {
    McpServerSession session = mcpSession.get();
    if (session == null) {
      return; // never initialized: the gateway's deadline answers
    }
    McpSchema.ElicitRequest request =
        McpSchema.ElicitRequest.builder(message(question), ALLOW_SCHEMA).build();
    asking.ask(
        question.askId(),
        () ->
            session
                .sendRequest(McpSchema.METHOD_ELICITATION_CREATE, request, ELICIT_RESULT)
                .subscribe(
                    result -> answer(question, result),
                    failure -> {
                      asking.close(question.askId());
                      LOG.log(
                          System.Logger.Level.INFO,
                          "gateway mcp: no answer to "
                              + question.askId()
                              + " from the agent: "
                              + failure);
                    }));
  }

  /**
   * A federated MCP server's own {@code elicitation/create} during a call (decision 132), its
   * message already prefixed with the server's name: put to the agent's client as it came when the
   * client declared form elicitation; its {@code sampling/createMessage}, which mcp-federation
   * sends only for a server the person allowed (decision 133), when the client declared {@code
   * sampling}; otherwise, or for any other method, refused naming why.
   */
  CompletableFuture<JsonNode> forward(String server, String method, JsonNode params) {
    String refusal = null;
    McpServerSession session = mcpSession.get();
    if (session == null) {
      refusal = "the agent's client has no session to be asked on, and no call of it waits";
    } else if (!McpSchema.METHOD_ELICITATION_CREATE.equals(method)) {
      refusal = undeclared(method);
    } else if (!available()) {
      refusal =
          clientMayAnswer()
              ? "the agent's client did not declare form elicitation"
              : "the agent's client may not answer its own session's questions";
    }
    if (refusal != null) {
      return CompletableFuture.failedFuture(
          new HostException(
              HostErrorCode.INVALID_ARGUMENT,
              method + " from MCP server '" + server + "' not asked: " + refusal));
    }
    return session
        .sendRequest(method, JSON.convertValue(params, Map.class), ANY_RESULT)
        .map(result -> (JsonNode) JSON.valueToTree(result))
        .toFuture();
  }

  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * Why a server's {@code sampling/createMessage} or {@code roots/list} may not go to the client
   * (decision 134: it did not declare that capability in {@code initialize}); null when it may.
   */
  private String undeclared(String method) {
    McpSchema.InitializeRequest request = initialize.get();
    McpSchema.ClientCapabilities declared = request == null ? null : request.capabilities();
    return switch (method) {
      case McpSchema.METHOD_SAMPLING_CREATE_MESSAGE ->
          declared != null && declared.sampling() != null
              ? null
              : "the agent's client did not declare sampling";
      case McpSchema.METHOD_ROOTS_LIST ->
          declared != null && declared.roots() != null
              ? null
              : "the agent's client did not declare roots";
      default -> "the front door puts no such request to an agent's client";
    };
  }

  private static final TypeRef<Map<String, Object>> ANY_RESULT = new TypeRef<>() {};

  private void answer(PersonQuestion question, McpSchema.ElicitResult result) {
    if (!asking.close(question.askId())) {
      return; // ended meanwhile
    }
    boolean allow =
        result.action() == McpSchema.ElicitResult.Action.ACCEPT
            && result.content() != null
            && Boolean.TRUE.equals(result.content().get(ALLOW_FIELD));
    gateway.join().answerQuestion(question.askId(), allow, ELICITATION);
  }

  /**
   * What the person reads, as the console words it: who asks (the provider first, since a gate's id
   * is free text that could be made to read as another name), before which tool, the question, and
   * every character of the arguments, pretty-printed, since a cut part could be what matters (issue
   * 32). Each text a peer chose is as {@link VisibleText} shows it: the client renders the message
   * as it likes, and a bidirectional override or a zero-width character would reorder or hide what
   * the person allows.
   */
  static String message(PersonQuestion question) {
    return "provider '"
        + VisibleText.escape(question.provider())
        + "'"
        + (question.gateId() == null
            ? ""
            : ", gate '" + VisibleText.escape(question.gateId()) + "',")
        + " asks before "
        + VisibleText.escape(question.tool())
        + " runs: "
        + VisibleText.escape(question.question())
        + "\nArguments:\n"
        + String.join("\n", ShownText.jsonLines(question.args()));
  }

  /** The form: one required boolean, whether the call may run. */
  static final Map<String, Object> ALLOW_SCHEMA =
      Map.of(
          "type", "object",
          "properties",
              Map.of(
                  ALLOW_FIELD,
                  Map.of(
                      "type",
                      "boolean",
                      "title",
                      "Allow",
                      "description",
                      "Let this tool call run")),
          "required", List.of(ALLOW_FIELD));
}
